// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <torch/csrc/jit/runtime/argument_spec.h>

#include "DispatchError.h"

#include <ATen/core/Tensor.h>
#include <ATen/core/dispatch/SpecializationCache.h>
#include <c10/util/Exception.h>

#include <sstream>
#include <type_traits>
#include <utility>

namespace torch {
namespace jit {
namespace {

// One 64-bit code per argument:
//   bits 60..63 ArgKind, bit 59 present/defined, bit 58 requires_grad,
//   bits 0..7 dtype, 8..15 device type, 16..23 device index + 1, 24..39 dim.
constexpr unsigned kKindShift = 60;
constexpr std::uint64_t kPresentBit = std::uint64_t{1} << 59;
constexpr std::uint64_t kRequiresGradBit = std::uint64_t{1} << 58;

// The runtime's tensors have no autograd metadata yet: requires_grad is read
// where the tensor type provides it and is false otherwise.
template <class T, class = void>
struct HasRequiresGrad : std::false_type {};
template <class T>
struct HasRequiresGrad<T, std::void_t<decltype(std::declval<const T&>().requires_grad())>> : std::true_type {};

template <class T>
bool requiresGrad(const T& t) {
  if constexpr (HasRequiresGrad<T>::value) {
    return t.requires_grad();
  } else {
    static_cast<void>(t);
    return false;
  }
}

std::uint64_t tensorCode(const at::Tensor& t) {
  if (!t.defined()) {
    return 0;
  }
  const c10::Device d = t.device();
  std::uint64_t code = kPresentBit;
  if (requiresGrad(t)) {
    code |= kRequiresGradBit;
  }
  code |= static_cast<std::uint8_t>(t.scalar_type());
  code |= std::uint64_t{static_cast<std::uint8_t>(d.type())} << 8;
  code |= std::uint64_t{static_cast<std::uint8_t>(d.index() + 1)} << 16;
  code |= (static_cast<std::uint64_t>(t.dim()) & 0xFFFF) << 24;
  return code;
}

std::uint64_t kindBits(ArgumentSpec::ArgKind k) {
  return std::uint64_t{static_cast<std::uint8_t>(k)} << kKindShift;
}

} // namespace

ArgumentSpec ArgumentSpec::fromStack(const c10::FunctionSchema& schema, c10::ArrayRef<c10::IValue> args) {
  using Kind = c10::SchemaType::Kind;
  C10_DISPATCH_CHECK(args.size() == schema.arguments().size(), schema, ": ArgumentSpec of ", args.size(),
              " value(s), the schema has ", schema.arguments().size(), " argument(s)");
  ArgumentSpec spec;
  spec.codes_.reserve(args.size());
  std::size_t h = 0;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const c10::SchemaType& type = schema.arguments()[i].type();
    const c10::IValue& v = args[i];
    std::uint64_t code = 0;
    if (type.kind() == Kind::Tensor) {
      C10_DISPATCH_CHECK(v.isTensor(), schema, ": argument ", i + 1, " '", schema.arguments()[i].name(),
                  "' expected a Tensor for its ArgumentSpec but got ", v.tagKind());
      code = kindBits(ArgKind::Tensor) | tensorCode(v.toTensor());
    } else if (type.kind() == Kind::Optional && type.contained().kind() == Kind::Tensor) {
      C10_DISPATCH_CHECK(v.isNone() || v.isTensor(), schema, ": argument ", i + 1, " '", schema.arguments()[i].name(),
                  "' expected a Tensor or None for its ArgumentSpec but got ", v.tagKind());
      code = kindBits(ArgKind::OptionalTensor) | (v.isNone() ? 0 : tensorCode(v.toTensor()));
    } else if (type.kind() == Kind::Optional) {
      code = kindBits(ArgKind::Optional) | (v.isNone() ? 0 : kPresentBit);
    } else {
      code = kindBits(ArgKind::Unspecialized);
    }
    spec.codes_.push_back(code);
    // boost::hash_combine's mixing step.
    h ^= std::hash<std::uint64_t>()(code) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  }
  spec.hash_ = h;
  return spec;
}

ArgumentSpec::ArgKind ArgumentSpec::kind(std::size_t i) const {
  C10_DISPATCH_CHECK(i < codes_.size(), "ArgumentSpec: argument ", i, " out of range (", codes_.size(), ")");
  return static_cast<ArgKind>(codes_[i] >> kKindShift);
}

bool ArgumentSpec::isPresent(std::size_t i) const {
  return kind(i) == ArgKind::Unspecialized || (codes_[i] & kPresentBit) != 0;
}

TensorSpec ArgumentSpec::tensorAt(std::size_t i) const {
  const ArgKind k = kind(i);
  C10_DISPATCH_CHECK(k == ArgKind::Tensor || k == ArgKind::OptionalTensor, "ArgumentSpec: argument ", i,
              " is not a tensor argument");
  const std::uint64_t c = codes_[i];
  TensorSpec t;
  t.defined = (c & kPresentBit) != 0;
  if (!t.defined) {
    return t;
  }
  t.requires_grad = (c & kRequiresGradBit) != 0;
  t.dtype = static_cast<c10::ScalarType>(static_cast<std::int8_t>(c & 0xFF));
  t.device = c10::Device(static_cast<c10::DeviceType>(static_cast<std::int8_t>((c >> 8) & 0xFF)),
                         static_cast<c10::DeviceIndex>(static_cast<int>((c >> 16) & 0xFF) - 1));
  t.dim = static_cast<int>((c >> 24) & 0xFFFF);
  return t;
}

std::string ArgumentSpec::str() const {
  std::ostringstream out;
  out << '(';
  for (std::size_t i = 0; i < codes_.size(); ++i) {
    out << (i == 0 ? "" : ", ");
    switch (kind(i)) {
      case ArgKind::Unspecialized:
        out << '_';
        break;
      case ArgKind::Optional:
        out << (isPresent(i) ? "present" : "None");
        break;
      case ArgKind::Tensor:
      case ArgKind::OptionalTensor: {
        if (!isPresent(i)) {
          out << (kind(i) == ArgKind::OptionalTensor ? "None" : "undefined");
          break;
        }
        const TensorSpec t = tensorAt(i);
        out << t.dtype << '[' << t.device << ", " << t.dim << "d" << (t.requires_grad ? ", grad" : "") << ']';
        break;
      }
    }
  }
  out << ')';
  return out.str();
}

std::ostream& operator<<(std::ostream& out, const ArgumentSpec& spec) {
  return out << spec.str();
}

} // namespace jit
} // namespace torch

namespace c10 {
namespace impl {

void SpecializationCache::operator()(const OperatorHandle& op, DispatchKeySet ks, torch::jit::Stack* stack) {
  const FunctionSchema& schema = op.schema();
  const torch::jit::ArgumentSpec spec =
      torch::jit::ArgumentSpec::fromStack(schema, torch::jit::last(*stack, schema.arguments().size()));
  KernelFunction variant;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = variants_.find(spec);
    if (it != variants_.end()) {
      ++hits_;
      variant = it->second;
    } else {
      ++misses_;
      variant = specializer_(spec);
      C10_DISPATCH_CHECK(variant.isValid(), schema, ": the specializer returned no kernel for the argument spec ", spec);
      variants_.emplace(spec, variant);
    }
  }
  variant.callBoxed(op, ks, stack);
}

std::size_t SpecializationCache::hits() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return hits_;
}

std::size_t SpecializationCache::misses() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return misses_;
}

std::size_t SpecializationCache::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return variants_.size();
}

} // namespace impl
} // namespace c10
