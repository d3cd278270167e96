// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Typical PyTorch 2.6 code, compiled against the runtime and (syntax only)
// against libtorch 2.6's own headers: every construct here must be accepted
// by both (test runtime.pytorch26_snippets_*). Not run; what the constructs
// do is tested in pytorch26_api_test.cpp.
#include <ATen/ATen.h>
#include <ATen/core/Dict.h>
#include <ATen/core/List.h>
#include <ATen/core/ivalue.h>
#include <ATen/core/jit_type.h>
#include <c10/core/SymInt.h>
#include <c10/util/OptionalArrayRef.h>
#include <c10/util/intrusive_ptr.h>

#include <optional>
#include <string>
#include <vector>

namespace snippets {

using c10::IValue;

c10::intrusive_ptr<c10::ivalue::ConstantString> noString() {
  return nullptr;
}

int64_t symbolic(const c10::SymInt& s, const c10::SymBool& b, const c10::SymFloat& f) {
  c10::SymInt doubled = s * 2;
  IValue iv(doubled);
  IValue ib(b);
  IValue fv(f);
  bool sym = iv.isSymInt() || ib.isSymBool() || fv.isSymFloat();
  return iv.toSymInt().guard_int(__FILE__, __LINE__) + (sym ? 1 : 0) +
      (ib.toSymBool().guard_bool(__FILE__, __LINE__) ? 1 : 0) +
      static_cast<int64_t>(fv.toSymFloat().guard_float(__FILE__, __LINE__));
}

IValue vectors(std::vector<int64_t>&& ints, const std::vector<bool>& bits, std::vector<std::string> strings) {
  IValue a(std::move(ints));
  IValue b(bits);
  IValue c(std::vector<bool>{true, false});
  IValue d(std::move(strings));
  std::vector<c10::SymInt> syms{c10::SymInt(1)};
  IValue e(syms);
  return c10::ivalue::Tuple::create({a, b, c, d, e});
}

const std::string& firstString(const c10::List<std::string>& list) {
  return list.get(0);
}

c10::TypePtr types(const IValue& v, const c10::List<int64_t>& ints) {
  c10::impl::GenericList generic(c10::IntType::get());
  generic.push_back(IValue(1));
  c10::impl::GenericDict dict(c10::StringType::get(), c10::TensorType::get());
  c10::TypePtr element = ints.elementType();
  c10::TypePtr listType = c10::ListType::create(element);
  if (v.type()->kind() == c10::TypeKind::ListType && *listType == *c10::ListType::ofInts()) {
    return c10::OptionalType::create(v.type());
  }
  return c10::DictType::create(c10::StringType::get(), element);
}

bool aliasing(const IValue& a, const IValue& b) {
  IValue::HashIdentityIValueMap memo;
  IValue copy = a.deepcopy(memo);
  IValue other = b.deepcopy();
  return a.isAliasOf(b) || copy.isAliasOf(other);
}

size_t optionalTensors(const IValue& v) {
  std::vector<std::optional<at::Tensor>> vec = v.toOptionalTensorVector();
  c10::List<std::optional<at::Tensor>> list = v.toOptionalTensorList();
  return vec.size() + list.size() + (v.isOptionalTensorList() ? 1 : 0);
}

IValue optionalArrays(at::OptionalIntArrayRef dims) {
  if (dims.has_value() && !dims->empty()) {
    return IValue(dims);
  }
  return IValue(c10::OptionalArrayRef<int64_t>(c10::nullopt));
}

double tensorBase(const at::TensorBase& base) {
  return static_cast<double>(base.numel());
}

double tensors(const at::Tensor& t) {
  const float* c = t.const_data_ptr<float>();
  float* m = t.mutable_data_ptr<float>();
  const void* raw = t.const_data_ptr();
  c10::MaybeOwned<at::Tensor> contiguous = t.expect_contiguous();
  c10::SymIntArrayRef sizes = t.sym_sizes();
  c10::SymInt numel = t.sym_numel();
  int64_t device = t.get_device();
  return tensorBase(t) + (c == m ? 1.0 : 0.0) + (raw != nullptr ? 1.0 : 0.0) +
      static_cast<double>(contiguous->dim()) + static_cast<double>(sizes.size()) +
      static_cast<double>(numel.expect_int()) + static_cast<double>(device);
}

} // namespace snippets
