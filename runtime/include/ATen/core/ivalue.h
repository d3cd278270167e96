// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// c10::IValue: the boxed value of the TorchScript interpreter and the
// dispatcher's stack, in 8 bytes instead of libtorch's 16. The API follows
// libtorch 1.13 for every member provided; docs/runtime-ivalue.md explains the
// representation (bit-layout diagram) and lists the differences.
//
// Include structure: this header defines IValue; ivalue_inl.h (included at the
// end) defines Tuple, ConstantString, Object and the members that need them;
// List.h and Dict.h define the containers and the IValue members that need
// those. Whichever of the three a user includes first, every definition comes
// after the classes it uses.

#include <ATen/core/Tensor.h>
#include <ATen/core/jit_type.h>
#include <c10/core/Scalar.h>
#include <c10/core/SymBool.h>
#include <c10/core/SymFloat.h>
#include <c10/core/SymInt.h>
#include <ATen/core/ivalue_to.h>
#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>
#include <c10/macros/Macros.h>
#include <c10/util/ArrayRef.h>
#include <c10/util/DimVector.h>
#include <c10/util/Exception.h>
#include <c10/util/MaybeOwned.h>
#include <c10/util/Optional.h>
#include <c10/util/OptionalArrayRef.h>
#include <c10/util/intrusive_ptr.h>
#include <c10/util/string_view.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <new>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <type_traits>
#include <utility>
#include <vector>

namespace c10 {

struct IValue;
template <class T>
class List;
template <class Key, class Value>
class Dict;
using GenericList = List<IValue>;
using GenericDict = Dict<IValue, IValue>;
struct ClassType;
using ClassTypePtr = std::shared_ptr<ClassType>;

namespace ivalue {
struct Tuple;
struct TupleElements;
struct ConstantString;
struct Object;
} // namespace ivalue

namespace detail {
struct ListImpl;
struct DictImpl;
struct IValueHeapObject;
} // namespace detail

namespace impl {
using GenericList = c10::List<c10::IValue>;
using GenericDict = c10::Dict<c10::IValue, c10::IValue>;
} // namespace impl

// Note [IValue word layout]
// ~~~~~~~~~~~~~~~~~~~~~~~~~
// An IValue is one 64-bit word. The value ranges (see the diagram in
// docs/runtime-ivalue.md) are chosen so that the frequent questions are one or
// two compares, most of them on the word's top 16 bits alone:
//
//   top 16 bits 0          Tensor: a plain TensorImpl* (the bytes of an
//                          at::Tensor), never null
//   top 16 bits 1..6       other heap objects: address | tag << 48, tag
//                          1 String, 2 Tuple, 4 GenericList (single bits, so
//                          one instruction strips them), 3 GenericDict,
//                          5 Object, 6 another heap kind whose kind is stored
//                          in the object (the int64 box)
//   [7 << 48, 0xFFF7 << 48]  doubles: IEEE bits + (7 << 48) (NaN made
//                          canonical first)
//   [2^64 - 2^16 - 2^51, 2^64 - 2^16)  integers in [-2^50, 2^50):
//                          value + (2^64 - 2^16 - 2^50)
//   [2^64 - 2^16, 2^64)    immediates, each a sign-extended 32-bit constant:
//                          Device = 2^64 - 2^16 + (type << 8 | index),
//                          None = -1, True = -2, False = -3, a null string -4
//
// Assumption: user-space addresses are below 2^48 (x86-64 with 4-level paging
// gives 2^47; 5-level paging maps above 2^47 only for an mmap hint that asks
// for it; arm64 and riscv64 Sv48 give at most 2^48). Every pointer entering an
// IValue is checked (one test of the top 16 and low 3 bits).
//
// Reference counting: the word is refcounted iff its top 16 bits are at most
// 6 and it is not UndefinedTensorImpl::singleton() -- two compares, no switch.
namespace ivalue_layout {
constexpr std::uint64_t kNone = ~std::uint64_t{0};
constexpr std::uint64_t kTrue = ~std::uint64_t{1};
constexpr std::uint64_t kFalse = ~std::uint64_t{2};
constexpr std::uint64_t kNullString = ~std::uint64_t{3};
constexpr std::uint64_t kPointerMin = c10::detail::kIValuePointerMin;
constexpr unsigned kTagShift = 48;
constexpr std::uint64_t kAddressMask = (std::uint64_t{1} << kTagShift) - 1;
// Bits that must be zero in a pointer entering an IValue: above 2^48 (the tag
// goes there), and the low three (kept free: every object is 8-byte aligned).
constexpr std::uint64_t kPointerCheckMask = c10::detail::kIValuePointerCheckMask;

// The top 16 bits of a heap object's word. 64-bit because the word is formed
// from it.
enum HeapTag : std::uint64_t { // NOLINT(performance-enum-size)
  kTensorTag = 0,
  kStringTag = 1,
  kTupleTag = 2,
  kDictTag = 3,
  kListTag = 4,
  kObjectTag = 5,
  kOtherHeapTag = 6,
};
constexpr std::uint64_t kLastHeapTag = kOtherHeapTag;

constexpr std::uint64_t kDoubleOffset = std::uint64_t{7} << kTagShift;
constexpr std::uint64_t kDoubleEnd = 0xFFF0000000000000ULL + kDoubleOffset + 1; // -inf + offset, + 1
constexpr std::uint64_t kImmediateBase = ~std::uint64_t{0xFFFF}; // 2^64 - 2^16
constexpr std::uint64_t kDeviceBase = kImmediateBase;
constexpr std::uint64_t kDeviceEnd = kDeviceBase + 0x8000; // a DeviceType is below 0x80
constexpr std::uint64_t kIntBase = kImmediateBase - (std::uint64_t{1} << 51);
constexpr std::uint64_t kIntBias = kImmediateBase - (std::uint64_t{1} << 50);
constexpr std::int64_t kInlineIntMin = -(std::int64_t{1} << 50);
constexpr std::int64_t kInlineIntMax = (std::int64_t{1} << 50) - 1;
constexpr std::uint64_t kCanonicalNaN = 0x7FF8000000000000ULL;
static_assert(kDoubleEnd <= kIntBase, "doubles and integers overlap");
static_assert(kDoubleOffset == (kLastHeapTag + 1) << kTagShift, "doubles start after the heap tags");
static_assert(kNullString >= kDeviceEnd, "the constants lie above every device");
} // namespace ivalue_layout

// Kinds a value can have; the names are libtorch's tags (tagKind()).
enum class IValueKind : std::uint8_t {
  None,
  Tensor,
  Double,
  Int,
  Bool,
  Tuple,
  String,
  GenericList,
  GenericDict,
  Object,
  Device,
};

namespace detail {

// Heap objects under tag 6 carry their kind, so the tag space never runs out:
// a new heap kind derives from this instead of taking a tag.
struct IValueHeapObject : c10::intrusive_ptr_target {
  explicit IValueHeapObject(IValueKind k) noexcept : kind(k) {}
  const IValueKind kind;
};

// An int64_t outside the inline range [-2^50, 2^50).
struct BoxedInt final : IValueHeapObject {
  explicit BoxedInt(std::int64_t v) noexcept
      : IValueHeapObject(IValueKind::Int), value(v) {}
  const std::int64_t value;
};

[[noreturn]] C10_NOINLINE inline void ivalueBadPointer(const void* p) {
  TORCH_CHECK(
      false,
      "IValue: pointer ",
      p,
      " cannot be stored: it must be non-null, 8-byte aligned and below 2^48 "
      "(the user-space address width IValue's encoding assumes; see "
      "docs/runtime-ivalue.md)");
}

// Out of line and taking the IValue, not its kind's name: an accessor's
// hot path then holds one call, without a std::string temporary whose
// construction and cleanup would make every caller set up a stack frame.
// (A template only because IValue is incomplete here.)
template <typename Value>
[[noreturn]] C10_NOINLINE void ivalueWrongKind(const char* expected, const Value& actual) {
  TORCH_CHECK(false, "Expected ", expected, " but got ", actual.tagKind());
}

// The IValue's 8 bytes: a union of the word and an at::Tensor. While the
// IValue holds a tensor, the word's bytes are those of an at::Tensor, and
// toTensor() creates that Tensor object in the union (placement new, no
// refcount change) before handing out a reference, so a Tensor is only ever
// accessed as the Tensor object it is. Other kinds need no object: the word
// is the value. Writes assign the word member (which ends a Tensor's
// lifetime without running its destructor: the IValue owns the reference,
// not that object); reads copy the union's bytes with memcpy, which is
// defined whichever member is alive. Byte accesses alias everything, so the
// compiler keeps word accesses ordered against accesses through the Tensor
// reference.
struct IValueWord {
  IValueWord(std::uint64_t w) noexcept : word(w) {} // NOLINT(google-explicit-constructor)
  IValueWord(const IValueWord& rhs) noexcept : word(rhs) {}
  IValueWord& operator=(const IValueWord& rhs) noexcept {
    word = rhs;
    return *this;
  }
  IValueWord& operator=(std::uint64_t w) noexcept {
    word = w;
    return *this;
  }
  ~IValueWord() {}
  operator std::uint64_t() const noexcept { // NOLINT(google-explicit-constructor)
    std::uint64_t w;
    std::memcpy(&w, bytes(), sizeof(std::uint64_t));
    return w;
  }
  // The object representation, whichever member is alive: the union itself
  // is not trivially copyable (its Tensor member is not), but reading any
  // object's bytes through unsigned char is defined.
  const unsigned char* bytes() const noexcept {
    return reinterpret_cast<const unsigned char*>(this);
  }
  union {
    std::uint64_t word;
    at::Tensor tensor;
  };
};

} // namespace detail

struct IValue final {
  // --- construction, copy, destruction ------------------------------------
  IValue() noexcept : bits_(ivalue_layout::kNone) {}

  IValue(const IValue& rhs) noexcept : bits_(rhs.bits_) {
    if (rhs.isRefcounted()) {
      c10::raw::intrusive_ptr::incref(heapTarget(bits_));
    }
  }

  IValue(IValue&& rhs) noexcept : bits_(rhs.bits_) {
    rhs.bits_ = ivalue_layout::kNone;
  }

  ~IValue() {
    if (isRefcounted()) {
      c10::raw::intrusive_ptr::decref(heapTarget(bits_));
    }
  }

  IValue& operator=(IValue&& rhs) & noexcept {
    if (this != &rhs) {
      IValue old(std::move(*this));
      bits_ = rhs.bits_;
      rhs.bits_ = ivalue_layout::kNone;
    }
    return *this;
  }

  IValue& operator=(const IValue& rhs) & noexcept {
    IValue(rhs).swap(*this);
    return *this;
  }

  void swap(IValue& rhs) noexcept {
    std::uint64_t tmp = bits_;
    bits_ = rhs.bits_;
    rhs.bits_ = tmp;
  }

  void dump() const;

  // --- equality and identity (semantics as libtorch; see ivalue_inl.h) ----
  IValue equals(const IValue& rhs) const;
  friend bool operator==(const IValue& lhs, const IValue& rhs);
  friend bool operator!=(const IValue& lhs, const IValue& rhs);
  bool is(const IValue& rhs) const;
  bool isSameIdentity(const IValue& rhs) const;
  IValue hash() const {
    return static_cast<int64_t>(IValue::hash(*this));
  }
  static size_t hash(const IValue& iv);
  friend bool _fastEqualsForContainer(const IValue& lhs, const IValue& rhs);

  // Whether the two values share state a mutation through one would show in
  // the other: tensors on the same storage, or the same heap object (list,
  // dict, tuple, string, object). Numbers, booleans, None and devices alias
  // nothing (PyTorch 2.x).
  bool isAliasOf(const IValue& rhs) const;

  // Identity hashing, for memo tables keyed by object identity (deepcopy):
  // equal under is(), hashed consistently with it.
  struct HashIdentityIValue {
    size_t operator()(const IValue& v) const noexcept;
  };
  struct CompIdentityIValues {
    bool operator()(const IValue& lhs, const IValue& rhs) const {
      return lhs.is(rhs);
    }
  };
  using HashIdentityIValues = std::unordered_set<IValue, HashIdentityIValue, CompIdentityIValues>;
  using HashIdentityIValueMap =
      std::unordered_map<IValue, IValue, HashIdentityIValue, CompIdentityIValues>;

  // A copy that shares no mutable state with this value: tensors cloned,
  // lists, dicts, tuples and objects rebuilt from deep copies of their
  // elements; an object reached twice is copied once (memo). Strings are
  // immutable and shared. A device moves the copied tensors there.
  IValue deepcopy(c10::optional<at::Device> device = c10::nullopt) const;
  IValue deepcopy(HashIdentityIValueMap& memo, c10::optional<at::Device> device = c10::nullopt) const;

  // The TorchScript type of the value (PyTorch 2.x): a list's or dict's
  // recorded element types, a tuple's element types, an object's class.
  TypePtr type() const;

  // Number of owners of the heap object, 1 for an immediate (libtorch's
  // answer), 0 for an undefined tensor.
  size_t use_count() const noexcept;

  // A heap kind, including a null string.
  bool isPtrType() const noexcept {
    return (isRefcounted() && kind() != IValueKind::Int) || bits_ == ivalue_layout::kNullString;
  }
  const void* internalToPointer() const {
    TORCH_INTERNAL_ASSERT(isPtrType(), "Can only call internalToPointer() for pointer types");
    return bits_ == ivalue_layout::kNullString ? nullptr : heapTarget(bits_);
  }

  // --- Tensor ---------------------------------------------------------------
  // The TensorImpl* becomes the word unchecked: every TensorImpl checked its
  // address against the layout's assumption when it was constructed
  // (TensorImpl::check_address_fits_ivalue), and the undefined tensor's
  // singleton is one of them.
  IValue(at::Tensor t)
      : bits_(reinterpret_cast<std::uintptr_t>(t.unsafeReleaseTensorImpl())) {}
  // From a TensorBase, as PyTorch 2.x (an at::Tensor argument still takes
  // the constructor above: an exact match beats the derived-to-base one).
  IValue(const at::TensorBase& t) : IValue(at::Tensor(t)) {}
  // A tensor word is the only kind whose top 16 bits are all zero: one
  // compare of two bytes in memory against zero.
  bool isTensor() const noexcept {
    return topBits() == ivalue_layout::kTensorTag;
  }
  at::Tensor toTensor() &&;
  at::Tensor& toTensor() &;
  const at::Tensor& toTensor() const&;
  at::TensorImpl* unsafeToTensorImpl() const {
    return toTensor().unsafeGetTensorImpl();
  }

  // --- Tuple ----------------------------------------------------------------
  IValue(c10::intrusive_ptr<ivalue::Tuple> v);
  template <
      typename... Args,
      std::enable_if_t<
          std::conjunction<std::is_constructible<IValue, Args>...>::value,
          std::nullptr_t> = nullptr>
  IValue(const std::tuple<Args...>& t);
  template <
      typename... Args,
      std::enable_if_t<
          std::conjunction<std::is_constructible<IValue, Args>...>::value,
          std::nullptr_t> = nullptr>
  IValue(std::tuple<Args...>&& t);
  bool isTuple() const noexcept {
    return hasHeapTag(ivalue_layout::kTupleTag);
  }
  c10::intrusive_ptr<ivalue::Tuple> toTuple() &&;
  c10::intrusive_ptr<ivalue::Tuple> toTuple() const&;
  [[nodiscard]] ivalue::Tuple& toTupleRef() const;

  // --- Double ---------------------------------------------------------------
  IValue(double d) noexcept : bits_(encodeDouble(d)) {}
  bool isDouble() const noexcept {
    return bits_ - ivalue_layout::kDoubleOffset <
        ivalue_layout::kDoubleEnd - ivalue_layout::kDoubleOffset;
  }
  double toDouble() const {
    if (C10_UNLIKELY(!isDouble())) {
      detail::ivalueWrongKind("Double", *this);
    }
    const std::uint64_t raw = bits_ - ivalue_layout::kDoubleOffset;
    double d;
    std::memcpy(&d, &raw, sizeof d);
    return d;
  }

  // --- Int ------------------------------------------------------------------
  IValue(int64_t i)
      : bits_(C10_LIKELY(fitsInline(i)) ? static_cast<std::uint64_t>(i) + ivalue_layout::kIntBias
                                        : boxInt(i)) {}
  IValue(int32_t i) : IValue(static_cast<int64_t>(i)) {}
  bool isInt() const noexcept {
    return isInlineInt(bits_) || isBoxedInt();
  }
  int64_t toInt() const {
    if (C10_LIKELY(isInlineInt(bits_))) {
      return static_cast<int64_t>(bits_ - ivalue_layout::kIntBias);
    }
    return toBoxedInt();
  }

  // ScalarType is stored as its integer value, as in libtorch.
  IValue(c10::ScalarType t)
      : IValue(static_cast<int64_t>(static_cast<std::underlying_type_t<c10::ScalarType>>(t))) {}
  c10::ScalarType toScalarType() const {
    return static_cast<c10::ScalarType>(toInt());
  }

  // A Scalar is stored as the Double, Int or Bool it holds, as in libtorch;
  // toScalar() turns any of the three back into one.
  IValue(const c10::Scalar& s)
      : IValue(s.isFloatingPoint() ? IValue(s.toDouble())
               : s.isBoolean()     ? IValue(s.toBool())
                                   : IValue(s.toLong())) {}
  bool isScalar() const noexcept {
    return isDouble() || isInt() || isBool();
  }
  c10::Scalar toScalar() const {
    if (isDouble()) return toDouble();
    if (isInt()) return toInt();
    TORCH_CHECK(isBool(), "IValue is not a Scalar");
    return toBool();
  }

  // --- Bool -----------------------------------------------------------------
  IValue(bool b) noexcept : bits_(b ? ivalue_layout::kTrue : ivalue_layout::kFalse) {}
  bool isBool() const noexcept {
    return bits_ - ivalue_layout::kFalse < 2; // kFalse and kTrue are adjacent
  }
  bool toBool() const {
    if (C10_UNLIKELY(!isBool())) {
      detail::ivalueWrongKind("Bool", *this);
    }
    return bits_ == ivalue_layout::kTrue;
  }

  // --- String ---------------------------------------------------------------
  IValue(c10::intrusive_ptr<ivalue::ConstantString> v);
  IValue(std::string v);
  IValue(const char* v) : IValue(std::string(v)) {}
  IValue(c10::string_view v) : IValue(std::string(v)) {}
  bool isString() const noexcept {
    return hasHeapTag(ivalue_layout::kStringTag) || bits_ == ivalue_layout::kNullString;
  }
  c10::intrusive_ptr<ivalue::ConstantString> toString() &&;
  c10::intrusive_ptr<ivalue::ConstantString> toString() const&;
  const std::string& toStringRef() const;
  c10::optional<std::reference_wrapper<const std::string>> toOptionalStringRef() const;
  c10::string_view toStringView() const;

  // --- SymInt, SymFloat, SymBool ---------------------------------------------
  // The runtime's Sym* hold plain values (no symbolic nodes), and PyTorch
  // stores such a value as the Int, Double or Bool it is: isSymInt() is false
  // for it there too, and toSymInt() accepts an Int.
  IValue(c10::SymInt i) : IValue(i.as_int_unchecked()) {}
  bool isSymInt() const noexcept {
    return false;
  }
  c10::SymInt toSymInt() const {
    if (C10_UNLIKELY(!isInt())) {
      detail::ivalueWrongKind("SymInt or int", *this);
    }
    return toInt();
  }
  IValue(c10::SymFloat d) : IValue(d.as_float_unchecked()) {}
  bool isSymFloat() const noexcept {
    return false;
  }
  c10::SymFloat toSymFloat() const {
    if (C10_UNLIKELY(!isDouble())) {
      detail::ivalueWrongKind("SymFloat or double", *this);
    }
    return toDouble();
  }
  IValue(c10::SymBool b) : IValue(b.as_bool_unchecked()) {}
  bool isSymBool() const noexcept {
    return false;
  }
  c10::SymBool toSymBool() const {
    if (C10_UNLIKELY(!isBool())) {
      detail::ivalueWrongKind("SymBool or boolean", *this);
    }
    return toBool();
  }

  // --- Lists (defined in List.h) --------------------------------------------
  // A list of SymInts is a list of ints (PyTorch decays a SymInt list without
  // symbolic elements to an int list, so that toIntList() works); the generic
  // list constructors leave SymInt to those overloads.
  template <class T>
  using enable_if_list_is_ivalue_constructible = std::enable_if_t<
      std::is_constructible<IValue, T>::value && !std::is_same<T, c10::SymInt>::value,
      std::nullptr_t>;
  IValue(c10::List<IValue> v);
  template <class T, std::enable_if_t<!std::is_same<T, IValue>::value, std::nullptr_t> = nullptr>
  IValue(c10::List<T>&& v);
  template <class T, std::enable_if_t<!std::is_same<T, IValue>::value, std::nullptr_t> = nullptr>
  IValue(const c10::List<T>& v);
  template <class T, enable_if_list_is_ivalue_constructible<T> = nullptr>
  IValue(at::ArrayRef<T> v);
  template <class T, enable_if_list_is_ivalue_constructible<T> = nullptr>
  IValue(const std::vector<T>& v);
  // Moves the elements (std::vector<bool>'s are copied: they are bits).
  template <class T, enable_if_list_is_ivalue_constructible<T> = nullptr>
  IValue(std::vector<T>&& v);
  IValue(c10::SymIntArrayRef v);
  // None, or the list of the elements.
  template <class T, enable_if_list_is_ivalue_constructible<T> = nullptr>
  IValue(c10::OptionalArrayRef<T> v);
  IValue(const std::vector<c10::SymInt>& v) : IValue(c10::SymIntArrayRef(v)) {}
  template <class T, size_t N>
  IValue(std::array<T, N> v);
  bool isList() const noexcept {
    return hasHeapTag(ivalue_layout::kListTag);
  }
  c10::List<IValue> toList() &&;
  c10::List<IValue> toList() const&;
  c10::ArrayRef<IValue> toListRef() const;

  bool isIntList() const;
  c10::List<int64_t> toIntList() &&;
  c10::List<int64_t> toIntList() const&;
  std::vector<int64_t> toIntVector() const;
  at::DimVector toDimVector() const;
  bool isDoubleList() const;
  c10::List<double> toDoubleList() &&;
  c10::List<double> toDoubleList() const&;
  std::vector<double> toDoubleVector() const;
  bool isBoolList() const;
  c10::List<bool> toBoolList() &&;
  c10::List<bool> toBoolList() const&;
  bool isTensorList() const;
  c10::List<at::Tensor> toTensorList() &&;
  c10::List<at::Tensor> toTensorList() const&;
  std::vector<at::Tensor> toTensorVector() const;
  bool isOptionalTensorList() const;
  c10::List<c10::optional<at::Tensor>> toOptionalTensorList() &&;
  c10::List<c10::optional<at::Tensor>> toOptionalTensorList() const&;
  std::vector<c10::optional<at::Tensor>> toOptionalTensorVector() const;

  // --- Dicts (defined in Dict.h) --------------------------------------------
  IValue(c10::Dict<IValue, IValue> v);
  template <class K, class V, std::enable_if_t<!std::is_same<K, IValue>::value || !std::is_same<V, IValue>::value, std::nullptr_t> = nullptr>
  IValue(c10::Dict<K, V> v);
  // libtorch's deprecated form: a Dict<K, V> with the map's entries.
  template <class K, class V>
  IValue(std::unordered_map<K, V> v);
  bool isGenericDict() const noexcept {
    return hasHeapTag(ivalue_layout::kDictTag);
  }
  c10::Dict<IValue, IValue> toGenericDict() &&;
  c10::Dict<IValue, IValue> toGenericDict() const&;

  // --- Optional -------------------------------------------------------------
  template <class T>
  IValue(c10::optional<T> v);
  IValue(c10::nullopt_t) noexcept : IValue() {}

  // --- Object ---------------------------------------------------------------
  IValue(c10::intrusive_ptr<ivalue::Object> v);
  bool isObject() const noexcept {
    return hasHeapTag(ivalue_layout::kObjectTag);
  }
  c10::intrusive_ptr<ivalue::Object> toObject() &&;
  c10::intrusive_ptr<ivalue::Object> toObject() const&;
  ivalue::Object& toObjectRef() const;

  // --- None -----------------------------------------------------------------
  bool isNone() const noexcept {
    return bits_ == ivalue_layout::kNone;
  }
  std::string toNone() const {
    if (C10_UNLIKELY(!isNone())) {
      detail::ivalueWrongKind("None", *this);
    }
    return "None";
  }

  // --- Device ---------------------------------------------------------------
  IValue(c10::Device d) noexcept
      : bits_(ivalue_layout::kDeviceBase |
              (std::uint64_t{static_cast<std::uint8_t>(d.type())} << 8) |
              std::uint64_t{static_cast<std::uint8_t>(d.index())}) {}
  bool isDevice() const noexcept {
    return bits_ - ivalue_layout::kDeviceBase < ivalue_layout::kDeviceEnd - ivalue_layout::kDeviceBase;
  }
  c10::Device toDevice() const {
    if (C10_UNLIKELY(!isDevice())) {
      detail::ivalueWrongKind("Device", *this);
    }
    return c10::Device(
        static_cast<c10::DeviceType>(static_cast<std::int8_t>((bits_ >> 8) & 0xFF)),
        static_cast<c10::DeviceIndex>(static_cast<std::int8_t>(bits_ & 0xFF)));
  }

  // --- generic access --------------------------------------------------------
  // The kind, decided from the word (and, for tag 6, the object).
  IValueKind kind() const noexcept;
  std::string tagKind() const;

  template <typename T>
  T to() &&;
  template <typename T>
  typename c10::detail::ivalue_to_const_ref_overload_return<T>::type to() const&;
  template <typename T>
  c10::optional<T> toOptional();
  template <typename T>
  c10::optional<T> toOptional() const;

  friend std::ostream& operator<<(std::ostream& out, const IValue& v);

  // The raw word, for tests and the fuzzer's model; not in libtorch.
  std::uint64_t unsafeRawWord() const noexcept {
    return bits_;
  }

  // Whether an object address can be stored: non-null page, 8-byte aligned,
  // below 2^48. Every pointer entering an IValue is checked with this (public
  // so that tests can probe addresses no allocator hands out).
  static bool isStorablePointer(std::uintptr_t w) noexcept {
    return c10::detail::isIValueStorableAddress(w);
  }

 private:
  friend struct MaybeOwnedTraits<IValue>;

  struct NoIncref {};
  IValue(std::uint64_t bits, NoIncref) noexcept : bits_(bits) {}

  static bool fitsInline(int64_t i) noexcept {
    return static_cast<std::uint64_t>(i) -
        static_cast<std::uint64_t>(ivalue_layout::kInlineIntMin) <
        std::uint64_t{1} << 51;
  }

  static std::uint64_t encodeDouble(double d) noexcept {
    std::uint64_t raw;
    std::memcpy(&raw, &d, sizeof raw);
    if (C10_UNLIKELY(d != d)) {
      raw = ivalue_layout::kCanonicalNaN;
    }
    return raw + ivalue_layout::kDoubleOffset;
  }

  // Checks the address-width assumption where a pointer enters.
  static std::uint64_t pointerWord(
      const c10::intrusive_ptr_target* p,
      std::uint64_t tag) {
    const auto w = reinterpret_cast<std::uintptr_t>(p);
    if (C10_UNLIKELY(!isStorablePointer(w))) {
      detail::ivalueBadPointer(p);
    }
    return w | (tag << ivalue_layout::kTagShift);
  }

  // Takes over the reference `p` carries (from intrusive_ptr::release()).
  // On a bad pointer the reference is dropped before throwing.
  template <class T>
  static std::uint64_t adopt(c10::intrusive_ptr<T>&& p, std::uint64_t tag) {
    const auto w = reinterpret_cast<std::uintptr_t>(
        static_cast<const c10::intrusive_ptr_target*>(p.get()));
    if (C10_UNLIKELY(!isStorablePointer(w))) {
      const void* bad = p.get();
      p.reset();
      detail::ivalueBadPointer(bad);
    }
    p.release();
    return w | (tag << ivalue_layout::kTagShift);
  }

  // The word's top 16 bits, read as its own two bytes (the word is stored
  // little-endian): the kind tests below compare them, as a memory operand,
  // with a small constant, so no 64-bit mask is loaded and the word itself
  // need not be.
  std::uint16_t topBits() const noexcept {
    std::uint16_t top;
    std::memcpy(&top, bits_.bytes() + sizeof(std::uint64_t) - sizeof top, sizeof top);
    return top;
  }

  // Refcounted iff a pointer (top 16 bits a heap tag) and not the undefined
  // tensor: two compares.
  bool isRefcounted() const noexcept {
    return topBits() <= ivalue_layout::kLastHeapTag &&
        bits_ != reinterpret_cast<std::uintptr_t>(c10::UndefinedTensorImpl::singleton());
  }

  static bool isInlineInt(std::uint64_t w) noexcept {
    return w - ivalue_layout::kIntBase < std::uint64_t{1} << 51;
  }

  // Every heap kind derives from intrusive_ptr_target as its first base, so
  // the object address (tag cleared) is the target's address. Only asked of
  // words that hold an object, whose address the pointer check made
  // non-null: saying so spares incref/decref their null test.
  static c10::intrusive_ptr_target* heapTarget(std::uint64_t w) noexcept {
    auto* target = reinterpret_cast<c10::intrusive_ptr_target*>(
        static_cast<std::uintptr_t>(w & ivalue_layout::kAddressMask));
#if defined(__GNUC__) || defined(__clang__)
    if (target == nullptr) {
      __builtin_unreachable();
    }
#endif
    return target;
  }

  // Clears the known tag: for the single-bit tags (String, Tuple, List) one
  // bit-reset instruction.
  template <class T, std::uint64_t Tag>
  T* heapAs() const noexcept {
    return static_cast<T*>(reinterpret_cast<c10::intrusive_ptr_target*>(
        static_cast<std::uintptr_t>(bits_ & ~(Tag << ivalue_layout::kTagShift))));
  }

  // The only tag check (a null string is not a String here: it has no object).
  bool hasHeapTag(std::uint64_t tag) const noexcept {
    return topBits() == tag;
  }
  // The string accessors' slow path: a null string passes, any other kind
  // throws.
  void checkNullString(const char* expected) const {
    if (bits_ != ivalue_layout::kNullString) {
      detail::ivalueWrongKind(expected, *this);
    }
  }

  bool isBoxedInt() const noexcept {
    return hasHeapTag(ivalue_layout::kOtherHeapTag) &&
        heapAs<detail::IValueHeapObject, ivalue_layout::kOtherHeapTag>()->kind ==
        IValueKind::Int;
  }

  C10_NOINLINE static std::uint64_t boxInt(int64_t i) {
    return adopt(c10::make_intrusive<detail::BoxedInt>(i), ivalue_layout::kOtherHeapTag);
  }
  C10_NOINLINE int64_t toBoxedInt() const {
    if (C10_UNLIKELY(!isBoxedInt())) {
      detail::ivalueWrongKind("Int", *this);
    }
    return static_cast<const detail::BoxedInt*>(
               heapAs<detail::IValueHeapObject, ivalue_layout::kOtherHeapTag>())
        ->value;
  }

  template <class T, std::uint64_t Tag>
  c10::intrusive_ptr<T> copyHeap() const {
    return c10::intrusive_ptr<T>::reclaim_copy(heapAs<T, Tag>());
  }
  template <class T, std::uint64_t Tag>
  c10::intrusive_ptr<T> moveHeap() {
    T* p = heapAs<T, Tag>();
    bits_ = ivalue_layout::kNone;
    return c10::intrusive_ptr<T>::reclaim(p);
  }

  // Mutable because toTensor() const& creates the at::Tensor object in it
  // (with the bytes it already has).
  mutable detail::IValueWord bits_;

  // The at::Tensor whose bytes the word is, created in place: the pointer is
  // the word, no reference is taken. A reference handed out earlier refers
  // to the new object (same type, same storage).
  at::Tensor& tensorInWord() const noexcept {
    // Read as a pointer, not converted from the integer word: then the
    // compiler sees that the constructor stores the value just loaded from
    // the same place, and drops the store.
    at::TensorImpl* impl;
    std::memcpy(static_cast<void*>(&impl), bits_.bytes(), sizeof(at::TensorImpl*));
    return *::new (static_cast<void*>(&bits_.tensor)) at::Tensor(impl, at::Tensor::InWord{});
  }
};

static_assert(sizeof(IValue) == 8, "IValue must be one 64-bit word");
static_assert(sizeof(at::Tensor) == sizeof(IValue) && alignof(at::Tensor) <= alignof(IValue),
              "toTensor() creates an at::Tensor in the word's bytes: it must be one pointer");
static_assert(sizeof(void*) == 8, "the IValue encoding assumes 64-bit pointers");
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "IValue::topBits() reads the word's top 16 bits as its last two bytes");

// A borrow is the same word without a reference: made and dropped without
// touching a refcount.
template <>
struct MaybeOwnedTraits<IValue> {
  using owned_type = IValue;
  using borrow_type = IValue;

  static borrow_type createBorrow(const owned_type& from) {
    return IValue(from.bits_, IValue::NoIncref{});
  }
  static void assignBorrow(borrow_type& lhs, const borrow_type& rhs) {
    lhs.bits_ = rhs.bits_;
  }
  static void destroyBorrow(borrow_type& toDestroy) {
    toDestroy.bits_ = ivalue_layout::kNone;
  }
  static const owned_type& referenceFromBorrow(const borrow_type& borrow) {
    return borrow; // NOLINT(bugprone-return-const-ref-from-parameter)
  }
  static const owned_type* pointerFromBorrow(const borrow_type& borrow) {
    return &borrow;
  }
  static bool debugBorrowIsValid(const borrow_type& /*borrow*/) {
    return true;
  }
};

// --- Tensor accessors: the word is the tensor's bytes --------------------------

inline at::Tensor& IValue::toTensor() & {
  if (C10_UNLIKELY(!isTensor())) {
    detail::ivalueWrongKind("Tensor", *this);
  }
  return tensorInWord();
}

inline const at::Tensor& IValue::toTensor() const& {
  if (C10_UNLIKELY(!isTensor())) {
    detail::ivalueWrongKind("Tensor", *this);
  }
  return tensorInWord();
}

// The result takes over the IValue's reference; no Tensor object is made in
// the word, which becomes None.
inline at::Tensor IValue::toTensor() && {
  if (C10_UNLIKELY(!isTensor())) {
    detail::ivalueWrongKind("Tensor", *this);
  }
  at::TensorImpl* impl;
  std::memcpy(static_cast<void*>(&impl), bits_.bytes(), sizeof(at::TensorImpl*));
  bits_ = ivalue_layout::kNone;
  return at::Tensor(impl, at::Tensor::InWord{});
}

} // namespace c10

#include <ATen/core/ivalue_inl.h>
