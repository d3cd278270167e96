// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// Heap kinds of IValue (ConstantString, TupleElements, Tuple, Object and its
// minimal ClassType) and the IValue members that need them: equality, identity,
// hashing, printing, to<T>(). Included from the end of ivalue.h.

#include <ATen/core/ivalue.h>
#include <c10/util/ThreadLocalFreeList.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <limits>
#include <new>
#include <ostream>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace c10 {
namespace ivalue {

// An immutable std::string that an IValue can own through intrusive_ptr.
// Boxed strings come and go at a high rate: their memory is recycled
// through a per-thread free list (c10/util/ThreadLocalFreeList.h).
struct ConstantString final : c10::intrusive_ptr_target, c10::detail::FreeListAllocated<ConstantString> {
 private:
  const std::string str_;

 public:
  // c10 takes the std::string by value; a const& and a && overload accept the
  // same calls and save a string move per step (make_intrusive -> create ->
  // constructor), which for short strings is a memcpy each.
  ConstantString(std::string&& str) : str_(std::move(str)) {}
  ConstantString(const std::string& str) : str_(str) {}
  ConstantString(c10::string_view str) : str_(std::string(str)) {}

  static c10::intrusive_ptr<ConstantString> create(std::string&& str) {
    return c10::make_intrusive<ConstantString>(std::move(str));
  }
  static c10::intrusive_ptr<ConstantString> create(const std::string& str) {
    return c10::make_intrusive<ConstantString>(str);
  }
  static c10::intrusive_ptr<ConstantString> create(c10::string_view str) {
    return c10::make_intrusive<ConstantString>(std::string(str));
  }
  static c10::intrusive_ptr<ConstantString> create(const char* str) {
    return c10::make_intrusive<ConstantString>(std::string(str));
  }

  const std::string& string() const {
    return str_;
  }
  c10::string_view string_view() const {
    return str_;
  }
  operator const std::string&() const {
    return string();
  }
  friend std::ostream& operator<<(std::ostream& out, const ConstantString& v) {
    return out << v.string();
  }
};

// A tuple's elements: up to three stored inline (no allocation besides the
// Tuple's own), more in a std::vector. With 8-byte IValues the inline part is
// 24 bytes, the size of the vector it shares a union with.
struct TupleElements {
 private:
  size_t inlineSize_;
  union {
    std::vector<IValue> elementsVector_;
    IValue elementsInline_[3];
  };

  // Called with 1 to 3 inline elements. Unrolled by hand rather than left
  // to the compiler, whose unrolling of the loop depends on how it sizes
  // ~IValue: this way destroying a small tuple never pays a loop counter.
  void destroyInline() noexcept {
    elementsInline_[0].~IValue();
    if (inlineSize_ > 1) {
      elementsInline_[1].~IValue();
      if (inlineSize_ > 2) {
        elementsInline_[2].~IValue();
      }
    }
  }

  // Starts the union's vector member from `v`.
  void becomeVector(std::vector<IValue>&& v) noexcept {
    new (&elementsVector_) std::vector<IValue>(std::move(v));
    inlineSize_ = 0;
  }

  // A vector of `n` Nones, for Tuple's variadic create() to fill in place.
  friend struct Tuple;
  struct NoneVector {};
  TupleElements(NoneVector /*tag*/, size_t n) : inlineSize_(0) {
    new (&elementsVector_) std::vector<IValue>(n);
  }

 public:
  using iterator = IValue*;
  using const_iterator = const IValue*;

  TupleElements() : inlineSize_(0) {
    new (&elementsVector_) std::vector<IValue>();
  }

  explicit TupleElements(std::vector<IValue> elements) : inlineSize_(0) {
    new (&elementsVector_) std::vector<IValue>(std::move(elements));
  }

  explicit TupleElements(c10::ArrayRef<IValue> elements)
      : inlineSize_(elements.size() <= 3 ? elements.size() : 0) {
    if (inlineSize_ != 0) {
      for (size_t i = 0; i < inlineSize_; ++i) {
        new (&elementsInline_[i]) IValue(elements[i]);
      }
    } else {
      new (&elementsVector_) std::vector<IValue>(elements.begin(), elements.end());
    }
  }

  explicit TupleElements(IValue&& e1) : inlineSize_(1) {
    new (&elementsInline_[0]) IValue(std::move(e1));
  }

  explicit TupleElements(IValue&& e1, IValue&& e2) : inlineSize_(2) {
    new (&elementsInline_[0]) IValue(std::move(e1));
    new (&elementsInline_[1]) IValue(std::move(e2));
  }

  explicit TupleElements(IValue&& e1, IValue&& e2, IValue&& e3) : inlineSize_(3) {
    new (&elementsInline_[0]) IValue(std::move(e1));
    new (&elementsInline_[1]) IValue(std::move(e2));
    new (&elementsInline_[2]) IValue(std::move(e3));
  }

  ~TupleElements() {
    if (inlineSize_ != 0) {
      destroyInline();
    } else {
      elementsVector_.~vector();
    }
  }

  TupleElements(const TupleElements& rhs) : inlineSize_(rhs.inlineSize_) {
    if (inlineSize_ != 0) {
      for (size_t i = 0; i < inlineSize_; ++i) {
        new (&elementsInline_[i]) IValue(rhs.elementsInline_[i]);
      }
    } else {
      new (&elementsVector_) std::vector<IValue>(rhs.elementsVector_);
    }
  }

  TupleElements(TupleElements&& rhs) noexcept : inlineSize_(rhs.inlineSize_) {
    if (inlineSize_ != 0) {
      for (size_t i = 0; i < inlineSize_; ++i) {
        new (&elementsInline_[i]) IValue(std::move(rhs.elementsInline_[i]));
      }
    } else {
      new (&elementsVector_) std::vector<IValue>(std::move(rhs.elementsVector_));
    }
  }

  // Assignment goes through a temporary: each storage form is then only ever
  // constructed into and destroyed, never mixed member-wise.
  TupleElements& operator=(const TupleElements& rhs) {
    if (this != &rhs) {
      TupleElements copy(rhs);
      *this = std::move(copy);
    }
    return *this;
  }

  TupleElements& operator=(TupleElements&& rhs) noexcept {
    if (this == &rhs) {
      return *this;
    }
    this->~TupleElements();
    new (this) TupleElements(std::move(rhs));
    return *this;
  }

  [[nodiscard]] c10::ArrayRef<IValue> asArrayRef() const {
    if (inlineSize_ != 0) {
      return c10::ArrayRef<IValue>(elementsInline_, inlineSize_);
    }
    return elementsVector_;
  }

  operator c10::ArrayRef<IValue>() const {
    return asArrayRef();
  }

  static size_t hash(const TupleElements& v);

  void setContents(std::vector<IValue>&& contents) {
    if (inlineSize_ != 0) {
      destroyInline();
      becomeVector(std::move(contents));
    } else {
      elementsVector_ = std::move(contents);
    }
  }

  [[nodiscard]] bool empty() const {
    return inlineSize_ != 0 ? false : elementsVector_.empty();
  }
  [[nodiscard]] size_t size() const {
    return inlineSize_ != 0 ? inlineSize_ : elementsVector_.size();
  }

  [[nodiscard]] IValue& operator[](size_t idx) {
    return begin()[idx];
  }
  [[nodiscard]] const IValue& operator[](size_t idx) const {
    return begin()[idx];
  }
  [[nodiscard]] IValue& at(size_t idx) {
    TORCH_CHECK(idx < size(), "TupleElements: invalid index Index = ", idx, "; Length = ", size());
    return begin()[idx];
  }
  [[nodiscard]] const IValue& at(size_t idx) const {
    TORCH_CHECK(idx < size(), "TupleElements: invalid index Index = ", idx, "; Length = ", size());
    return begin()[idx];
  }

  [[nodiscard]] iterator begin() {
    return inlineSize_ != 0 ? elementsInline_ : elementsVector_.data();
  }
  [[nodiscard]] iterator end() {
    return begin() + size();
  }
  [[nodiscard]] const_iterator begin() const {
    return inlineSize_ != 0 ? elementsInline_ : elementsVector_.data();
  }
  [[nodiscard]] const_iterator end() const {
    return begin() + size();
  }
  [[nodiscard]] const_iterator cbegin() const {
    return begin();
  }
  [[nodiscard]] const_iterator cend() const {
    return end();
  }
  [[nodiscard]] IValue& front() {
    return *begin();
  }
  [[nodiscard]] const IValue& front() const {
    return *begin();
  }
  [[nodiscard]] IValue& back() {
    return *(end() - 1);
  }
  [[nodiscard]] const IValue& back() const {
    return *(end() - 1);
  }

  // Copies the elements into a new vector. The slow path that
  // `std::vector<IValue> v = tuple.elements();` takes implicitly.
  [[nodiscard]] std::vector<IValue> vec() const& {
    return asArrayRef().vec();
  }
  // Moves the elements out: the vector itself when there is one.
  [[nodiscard]] std::vector<IValue> vec() && {
    if (inlineSize_ == 0) {
      return std::move(elementsVector_);
    }
    std::vector<IValue> result;
    result.reserve(inlineSize_);
    for (size_t i = 0; i < inlineSize_; ++i) {
      result.push_back(std::move(elementsInline_[i]));
    }
    return result;
  }
  operator std::vector<IValue>() const& {
    return vec();
  }
  operator std::vector<IValue>() && {
    return std::move(*this).vec();
  }
};

// A fixed-size sequence of IValues. One allocation for up to three elements
// (they live in the TupleElements member); above three the elements are in a
// vector, so that `std::move(tuple).elements()` stays O(1) -- see
// docs/runtime-ivalue.md for why the elements are not trailing the object.
// Tuples come and go at a high rate (every multi-value return): their
// memory is recycled through a per-thread free list
// (c10/util/ThreadLocalFreeList.h); a vector of > 3 elements is not.
struct Tuple final : c10::intrusive_ptr_target, c10::detail::FreeListAllocated<Tuple> {
 private:
  TupleElements elements_;

  template <typename T, typename NullType>
  friend class c10::intrusive_ptr;

  explicit Tuple(std::vector<IValue> elements) : elements_(std::move(elements)) {}
  explicit Tuple(TupleElements&& elements) : elements_(std::move(elements)) {}
  explicit Tuple(IValue&& e1) : elements_(std::move(e1)) {}
  explicit Tuple(IValue&& e1, IValue&& e2) : elements_(std::move(e1), std::move(e2)) {}
  explicit Tuple(IValue&& e1, IValue&& e2, IValue&& e3)
      : elements_(std::move(e1), std::move(e2), std::move(e3)) {}

  // The variadic create() of more than three elements: the element vector
  // is made in place, one allocation of Nones, and each converted argument
  // is moved over its None. No vector is moved from (c10 builds a vector and
  // moves it twice), so nothing is left for the compiler to destroy. A None
  // owns nothing, so not running its destructor leaks nothing; if a
  // conversion throws, elements_ is complete and unwinds what was placed.
  struct ElementsInPlace {};
  template <typename... Args>
  explicit Tuple(ElementsInPlace /*tag*/, Args&&... elements)
      : elements_(TupleElements::NoneVector{}, sizeof...(Args)) {
    [[maybe_unused]] IValue* slot = elements_.begin();
    (placeOverNone(slot++, IValue(std::forward<Args>(elements))), ...);
  }

  // Moves `value` into `slot`, which holds a None, without destroying the
  // None first (it owns nothing).
  static void placeOverNone(IValue* slot, IValue&& value) noexcept {
    new (slot) IValue(std::move(value));
  }

 public:
  static c10::intrusive_ptr<Tuple> create(std::initializer_list<IValue> elements) {
    return create(c10::ArrayRef<IValue>(elements));
  }
  static c10::intrusive_ptr<Tuple> create(std::vector<IValue> elements) {
    return c10::make_intrusive<Tuple>(std::move(elements));
  }
  static c10::intrusive_ptr<Tuple> create(TupleElements elements) {
    return c10::make_intrusive<Tuple>(std::move(elements));
  }
  static c10::intrusive_ptr<Tuple> create(c10::ArrayRef<IValue> elements) {
    return create(TupleElements(elements));
  }
  static c10::intrusive_ptr<Tuple> create(IValue e1) {
    return c10::make_intrusive<Tuple>(std::move(e1));
  }
  static c10::intrusive_ptr<Tuple> create(IValue e1, IValue e2) {
    return c10::make_intrusive<Tuple>(std::move(e1), std::move(e2));
  }
  static c10::intrusive_ptr<Tuple> create(IValue e1, IValue e2, IValue e3) {
    return c10::make_intrusive<Tuple>(std::move(e1), std::move(e2), std::move(e3));
  }
  // Anything IValue can be made from: create(1, "x", 2.5).
  template <typename... Args>
  static c10::intrusive_ptr<Tuple> create(Args&&... elements) {
    if constexpr (sizeof...(Args) >= 1 && sizeof...(Args) <= 3) {
      return create(IValue(std::forward<Args>(elements))...);
    } else {
      // Not a braced list, whose elements are const and would be copied
      // again.
      return c10::make_intrusive<Tuple>(ElementsInPlace{}, std::forward<Args>(elements)...);
    }
  }

  const TupleElements& elements() const& {
    return elements_;
  }
  TupleElements elements() && {
    return std::move(elements_);
  }

  void setElements(std::vector<IValue>&& elements) {
    elements_.setContents(std::move(elements));
  }
  void setElements(TupleElements&& elements) {
    elements_ = std::move(elements);
  }
  void unsafeSetElement(size_t idx, const IValue& element) {
    elements_[idx] = element;
  }
  void unsafeSetElement(size_t idx, IValue&& element) {
    elements_[idx] = std::move(element);
  }

  size_t size() const {
    return elements_.size();
  }

  static size_t hash(const Tuple& t) {
    return TupleElements::hash(t.elements());
  }

  friend bool operator==(const Tuple& lhs, const Tuple& rhs);
};

using TuplePtr = c10::intrusive_ptr<Tuple>;

} // namespace ivalue

// The class of an ivalue::Object: a name and its attribute (slot) names. Far
// smaller than libtorch's ClassType (no methods, no types, no compilation
// unit): only what objects with named slots need.
struct ClassType final : Type {
  static constexpr TypeKind Kind = TypeKind::ClassType;
  static ClassTypePtr create(std::string qualifiedName, std::vector<std::string> attributeNames = {}) {
    return std::make_shared<ClassType>(std::move(qualifiedName), std::move(attributeNames));
  }
  ClassType(std::string qualifiedName, std::vector<std::string> attributeNames)
      : Type(Kind), name_(std::move(qualifiedName)), attributeNames_(std::move(attributeNames)) {}

  const std::string& name() const {
    return name_;
  }
  std::string str() const override {
    return name_;
  }
  size_t numAttributes() const {
    return attributeNames_.size();
  }
  const std::string& getAttributeName(size_t slot) const {
    TORCH_CHECK(slot < attributeNames_.size(), "class ", name_, " has no slot ", slot);
    return attributeNames_[slot];
  }
  c10::optional<size_t> findAttributeSlot(const std::string& name) const {
    for (size_t i = 0; i < attributeNames_.size(); ++i) {
      if (attributeNames_[i] == name) {
        return i;
      }
    }
    return c10::nullopt;
  }
  size_t getAttributeSlot(const std::string& name) const {
    auto slot = findAttributeSlot(name);
    TORCH_CHECK(slot.has_value(), name_, " does not have an attribute with name '", name, "'");
    return *slot;
  }
  bool hasAttribute(const std::string& name) const {
    return findAttributeSlot(name).has_value();
  }
  size_t addAttribute(const std::string& name) {
    TORCH_CHECK(!hasAttribute(name), "class ", name_, " already has attribute '", name, "'");
    attributeNames_.push_back(name);
    return attributeNames_.size() - 1;
  }

 private:
  std::string name_;
  std::vector<std::string> attributeNames_;
};

namespace ivalue {

// An instance of a ClassType: one IValue per attribute slot.
struct Object final : c10::intrusive_ptr_target {
  Object(ClassTypePtr type, size_t numSlots) : type_(std::move(type)) {
    slots_.resize(numSlots);
  }

  static c10::intrusive_ptr<Object> create(ClassTypePtr classType, size_t numSlots) {
    return c10::make_intrusive<Object>(std::move(classType), numSlots);
  }
  // One slot per attribute of the class.
  static c10::intrusive_ptr<Object> create(ClassTypePtr classType) {
    const size_t n = classType->numAttributes();
    return create(std::move(classType), n);
  }

  void setSlot(size_t slot, IValue v) {
    if (slot >= slots_.size()) {
      slots_.resize(slot + 1);
    }
    slots_[slot] = std::move(v);
  }
  const IValue& getSlot(size_t slot) const {
    TORCH_INTERNAL_ASSERT_DEBUG_ONLY(slot < slots_.size(), "Object: no slot ", slot);
    return slots_[slot];
  }
  void unsafeRemoveSlot(size_t slot) {
    TORCH_CHECK(slot < slots_.size(), "Object: no slot ", slot);
    slots_.erase(slots_.begin() + static_cast<std::ptrdiff_t>(slot));
  }

  IValue getAttr(const std::string& name) const {
    return getSlot(type_->getAttributeSlot(name));
  }
  void setAttr(const std::string& name, IValue v) {
    auto slot = type_->findAttributeSlot(name);
    setSlot(slot ? *slot : type_->addAttribute(name), std::move(v));
  }
  bool hasAttr(const std::string& name) const {
    return type_->hasAttribute(name);
  }

  std::string name() const {
    return type_->name();
  }
  const std::vector<IValue>& slots() const {
    return slots_;
  }
  ClassTypePtr type() const {
    return type_;
  }

  // A new object of the same class with copies of the slots.
  c10::intrusive_ptr<Object> copy() const {
    auto result = create(type_, slots_.size());
    result->slots_ = slots_;
    return result;
  }
  // A new object of the same class with deep copies of the slots.
  c10::intrusive_ptr<Object> deepcopy(c10::optional<at::Device> device = c10::nullopt) const {
    IValue::HashIdentityIValueMap memo;
    return deepcopy(memo, device);
  }
  c10::intrusive_ptr<Object> deepcopy(
      IValue::HashIdentityIValueMap& memo,
      c10::optional<at::Device> device = c10::nullopt) const {
    auto result = create(type_, slots_.size());
    for (size_t i = 0; i < slots_.size(); ++i) {
      result->slots_[i] = slots_[i].deepcopy(memo, device);
    }
    return result;
  }

 private:
  ClassTypePtr type_;
  std::vector<IValue> slots_;
};

} // namespace ivalue

// --- constructors and accessors of the heap kinds -----------------------------

inline IValue::IValue(c10::intrusive_ptr<ivalue::Tuple> v)
    : bits_(adopt(std::move(v), ivalue_layout::kTupleTag)) {}

template <
    typename... Args,
    std::enable_if_t<
        std::conjunction<std::is_constructible<IValue, Args>...>::value,
        std::nullptr_t>>
inline IValue::IValue(const std::tuple<Args...>& t)
    : IValue(std::apply(
          [](const auto&... elements) { return ivalue::Tuple::create(IValue(elements)...); },
          t)) {}

template <
    typename... Args,
    std::enable_if_t<
        std::conjunction<std::is_constructible<IValue, Args>...>::value,
        std::nullptr_t>>
inline IValue::IValue(std::tuple<Args...>&& t)
    : IValue(std::apply(
          [](auto&&... elements) {
            return ivalue::Tuple::create(IValue(std::forward<decltype(elements)>(elements))...);
          },
          std::move(t))) {}

inline c10::intrusive_ptr<ivalue::Tuple> IValue::toTuple() && {
  if (C10_UNLIKELY(!isTuple())) {
    detail::ivalueWrongKind("Tuple", *this);
  }
  return moveHeap<ivalue::Tuple, ivalue_layout::kTupleTag>();
}
inline c10::intrusive_ptr<ivalue::Tuple> IValue::toTuple() const& {
  if (C10_UNLIKELY(!isTuple())) {
    detail::ivalueWrongKind("Tuple", *this);
  }
  return copyHeap<ivalue::Tuple, ivalue_layout::kTupleTag>();
}
inline ivalue::Tuple& IValue::toTupleRef() const {
  if (C10_UNLIKELY(!isTuple())) {
    detail::ivalueWrongKind("Tuple", *this);
  }
  return *heapAs<ivalue::Tuple, ivalue_layout::kTupleTag>();
}

// A null string pointer is kept, as libtorch keeps it: the word is the
// immediate kNullString (not refcounted), isString() holds,
// internalToPointer() is null and toString() returns the null pointer.
// Reading its characters (toStringRef()) throws, where libtorch
// dereferences null.
inline IValue::IValue(c10::intrusive_ptr<ivalue::ConstantString> v)
    : bits_(v ? adopt(std::move(v), ivalue_layout::kStringTag) : ivalue_layout::kNullString) {}
inline IValue::IValue(std::string v)
    : bits_(adopt(ivalue::ConstantString::create(std::move(v)), ivalue_layout::kStringTag)) {}

inline c10::intrusive_ptr<ivalue::ConstantString> IValue::toString() && {
  if (C10_UNLIKELY(!hasHeapTag(ivalue_layout::kStringTag))) {
    checkNullString("String");
    bits_ = ivalue_layout::kNone;
    return {};
  }
  return moveHeap<ivalue::ConstantString, ivalue_layout::kStringTag>();
}
inline c10::intrusive_ptr<ivalue::ConstantString> IValue::toString() const& {
  if (C10_UNLIKELY(!hasHeapTag(ivalue_layout::kStringTag))) {
    checkNullString("String");
    return {};
  }
  return copyHeap<ivalue::ConstantString, ivalue_layout::kStringTag>();
}
inline const std::string& IValue::toStringRef() const {
  if (C10_UNLIKELY(!hasHeapTag(ivalue_layout::kStringTag))) {
    checkNullString("String");
    TORCH_CHECK(false, "IValue: the string is a null pointer; it has no characters");
  }
  return heapAs<ivalue::ConstantString, ivalue_layout::kStringTag>()->string();
}
inline c10::optional<std::reference_wrapper<const std::string>> IValue::toOptionalStringRef() const {
  if (isNone()) {
    return c10::nullopt;
  }
  return std::reference_wrapper<const std::string>(toStringRef());
}
inline c10::string_view IValue::toStringView() const {
  return toStringRef();
}

inline IValue::IValue(c10::intrusive_ptr<ivalue::Object> v)
    : bits_(adopt(std::move(v), ivalue_layout::kObjectTag)) {}
inline c10::intrusive_ptr<ivalue::Object> IValue::toObject() && {
  if (C10_UNLIKELY(!isObject())) {
    detail::ivalueWrongKind("Object", *this);
  }
  return moveHeap<ivalue::Object, ivalue_layout::kObjectTag>();
}
inline c10::intrusive_ptr<ivalue::Object> IValue::toObject() const& {
  if (C10_UNLIKELY(!isObject())) {
    detail::ivalueWrongKind("Object", *this);
  }
  return copyHeap<ivalue::Object, ivalue_layout::kObjectTag>();
}
inline ivalue::Object& IValue::toObjectRef() const {
  if (C10_UNLIKELY(!isObject())) {
    detail::ivalueWrongKind("Object", *this);
  }
  return *heapAs<ivalue::Object, ivalue_layout::kObjectTag>();
}

template <class T>
inline IValue::IValue(c10::optional<T> v) : IValue() {
  if (v.has_value()) {
    *this = IValue(std::move(*v));
  }
}

// --- kind, the slow paths ------------------------------------------------------

inline IValueKind IValue::kind() const noexcept {
  namespace L = ivalue_layout;
  switch (topBits()) {
    case L::kTensorTag:
      return IValueKind::Tensor;
    case L::kStringTag:
      return IValueKind::String;
    case L::kTupleTag:
      return IValueKind::Tuple;
    case L::kListTag:
      return IValueKind::GenericList;
    case L::kDictTag:
      return IValueKind::GenericDict;
    case L::kObjectTag:
      return IValueKind::Object;
    case L::kOtherHeapTag:
      return heapAs<detail::IValueHeapObject, L::kOtherHeapTag>()->kind;
    default:
      break;
  }
  if (isInlineInt(bits_)) {
    return IValueKind::Int;
  }
  if (isDouble()) {
    return IValueKind::Double;
  }
  if (isDevice()) {
    return IValueKind::Device;
  }
  if (isBool()) {
    return IValueKind::Bool;
  }
  if (bits_ == L::kNullString) {
    return IValueKind::String;
  }
  TORCH_INTERNAL_ASSERT_DEBUG_ONLY(isNone(), "IValue: corrupt word ", bits_);
  return IValueKind::None;
}

namespace detail {
inline const char* ivalueKindName(IValueKind k) {
  switch (k) {
    case IValueKind::None:
      return "None";
    case IValueKind::Tensor:
      return "Tensor";
    case IValueKind::Double:
      return "Double";
    case IValueKind::Int:
      return "Int";
    case IValueKind::Bool:
      return "Bool";
    case IValueKind::Tuple:
      return "Tuple";
    case IValueKind::String:
      return "String";
    case IValueKind::GenericList:
      return "GenericList";
    case IValueKind::GenericDict:
      return "GenericDict";
    case IValueKind::Object:
      return "Object";
    case IValueKind::Device:
      return "Device";
  }
  return "InvalidTag";
}

// Defined in List.h and Dict.h (included at the end of this header).
inline bool genericListEquals(const IValue& lhs, const IValue& rhs);
inline bool genericDictEquals(const IValue& lhs, const IValue& rhs);
inline void printGenericList(std::ostream& out, const IValue& v);
inline void printGenericDict(std::ostream& out, const IValue& v);

inline void printDouble(std::ostream& out, double d) {
  // libtorch's format: integral values as "3.", others with enough digits to
  // round-trip. The range test keeps the int64 conversion defined.
  const int c = std::fpclassify(d);
  if ((c == FP_NORMAL || c == FP_ZERO) && d >= -9223372036854775808.0 &&
      d < 9223372036854775808.0) {
    const auto i = static_cast<int64_t>(d);
    if (static_cast<double>(i) == d) {
      out << i << ".";
      return;
    }
  }
  const auto precision = out.precision();
  out << std::setprecision(std::numeric_limits<double>::max_digits10) << d
      << std::setprecision(static_cast<int>(precision));
}
} // namespace detail

inline std::string IValue::tagKind() const {
  return detail::ivalueKindName(kind());
}

inline size_t IValue::use_count() const noexcept {
  if (!isRefcounted()) {
    return isTensor() ? 0 : 1;
  }
  if (kind() == IValueKind::Int) {
    return 1;
  }
  return c10::raw::intrusive_ptr::use_count(heapTarget(bits_));
}

// --- equality, identity, hashing (libtorch 1.13's rules) ----------------------

// Python's `is`: an undefined tensor is None; heap objects by address; the
// rest by value.
inline bool IValue::is(const IValue& rhs) const {
  const IValue& lhs = *this;
  if ((lhs.isTensor() && !lhs.toTensor().defined() && rhs.isNone()) ||
      (lhs.isNone() && rhs.isTensor() && !rhs.toTensor().defined())) {
    return true;
  }
  if (lhs.isTensor()) {
    return rhs.isTensor() && lhs.bits_ == rhs.bits_;
  }
  if (lhs.isPtrType()) {
    return lhs.bits_ == rhs.bits_;
  }
  return lhs == rhs;
}

inline bool IValue::isSameIdentity(const IValue& rhs) const {
  const IValue& lhs = *this;
  if (lhs.isNone() && rhs.isNone()) {
    return true;
  }
  if (lhs.isBool() && rhs.isBool()) {
    return lhs.toBool() == rhs.toBool();
  }
  if (lhs.isTensor() && rhs.isTensor()) {
    return lhs.bits_ == rhs.bits_;
  }
  if (lhs.isTensor() && rhs.isNone()) {
    return !lhs.toTensor().defined();
  }
  if (lhs.isNone() && rhs.isTensor()) {
    return !rhs.toTensor().defined();
  }
  if (lhs.isInt() && rhs.isInt()) {
    return lhs.toInt() == rhs.toInt();
  }
  if (lhs.isDouble() && rhs.isDouble()) {
    return lhs.toDouble() == rhs.toDouble();
  }
  if (lhs.isString() && rhs.isString()) {
    return lhs.toStringRef() == rhs.toStringRef();
  }
  return lhs.isPtrType() && rhs.isPtrType() && lhs.bits_ == rhs.bits_;
}

inline bool _fastEqualsForContainer(const IValue& lhs, const IValue& rhs) {
  if (lhs.is(rhs)) {
    return true;
  }
  return lhs == rhs;
}

namespace ivalue {
inline bool operator==(const Tuple& lhs, const Tuple& rhs) {
  const auto& l = lhs.elements();
  const auto& r = rhs.elements();
  return l.size() == r.size() &&
      std::equal(l.begin(), l.end(), r.begin(), _fastEqualsForContainer);
}
} // namespace ivalue

namespace detail {
// Tensors compare by value as in libtorch (eq, then bool()): defined only for
// one-element tensors; the runtime compares same-dtype values.
inline bool tensorEqualsAsBool(const at::Tensor& a, const at::Tensor& b) {
  if (a.is_same(b) && a.defined() && a.numel() == 1) {
    return true;
  }
  TORCH_CHECK(
      a.defined() && b.defined() && a.numel() == 1 && b.numel() == 1,
      "Boolean value of Tensor with more than one value is ambiguous");
  return a.equal(b);
}
} // namespace detail

inline IValue IValue::equals(const IValue& rhs) const {
  const IValue& lhs = *this;
  switch (lhs.kind()) {
    case IValueKind::None:
      return rhs.isNone();
    case IValueKind::Tensor:
      // As in libtorch: elementwise, a Bool tensor (operator== asks it for
      // its truth value).
      if (!rhs.isTensor()) return false;
      return lhs.toTensor().eq(rhs.toTensor());
    case IValueKind::Double:
      return rhs.isDouble() && lhs.toDouble() == rhs.toDouble();
    case IValueKind::Int:
      return rhs.isInt() && lhs.toInt() == rhs.toInt();
    case IValueKind::Bool:
      return rhs.isBool() && lhs.toBool() == rhs.toBool();
    case IValueKind::String:
      return rhs.isString() && lhs.toStringRef() == rhs.toStringRef();
    case IValueKind::Tuple:
      return rhs.isTuple() && lhs.toTupleRef() == rhs.toTupleRef();
    case IValueKind::GenericList:
      return rhs.isList() && detail::genericListEquals(lhs, rhs);
    case IValueKind::GenericDict:
      return rhs.isGenericDict() && detail::genericDictEquals(lhs, rhs);
    case IValueKind::Device:
      return rhs.isDevice() && lhs.toDevice() == rhs.toDevice();
    case IValueKind::Object:
      return rhs.isObject() && lhs.bits_ == rhs.bits_;
  }
  return false;
}

inline bool operator==(const IValue& lhs, const IValue& rhs) {
  if (lhs.isTensor() && rhs.isTensor()) {
    return detail::tensorEqualsAsBool(lhs.toTensor(), rhs.toTensor());
  }
  return lhs.equals(rhs).toBool();
}
inline bool operator!=(const IValue& lhs, const IValue& rhs) {
  return !(lhs == rhs);
}

namespace detail {
inline size_t hashCombine(size_t seed, size_t value) {
  return seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}
} // namespace detail

inline size_t IValue::hash(const IValue& v) {
  switch (v.kind()) {
    case IValueKind::None:
      return 0;
    case IValueKind::Bool:
      return std::hash<bool>()(v.toBool());
    case IValueKind::Double:
      return std::hash<double>()(v.toDouble());
    case IValueKind::Tensor:
      return std::hash<const void*>()(v.toTensor().unsafeGetTensorImpl());
    case IValueKind::Int:
      return std::hash<int64_t>()(v.toInt());
    case IValueKind::String:
      return std::hash<std::string>()(v.toStringRef());
    case IValueKind::Tuple:
      return ivalue::Tuple::hash(v.toTupleRef());
    case IValueKind::Device:
      return std::hash<int>()(static_cast<int>(v.toDevice().type()) * 256 + v.toDevice().index());
    case IValueKind::GenericList:
    case IValueKind::GenericDict:
    case IValueKind::Object:
      break;
  }
  TORCH_CHECK(false, "Can't hash IValues with tag '", v.tagKind(), "'");
}

inline size_t ivalue::TupleElements::hash(const TupleElements& v) {
  size_t seed = 0;
  for (const IValue& e : v) {
    seed = detail::hashCombine(seed, IValue::hash(e));
  }
  return seed;
}

// --- printing (libtorch's informal form) ----------------------------------------

inline std::ostream& operator<<(std::ostream& out, const IValue& v) {
  switch (v.kind()) {
    case IValueKind::None:
      return out << "None";
    case IValueKind::Tensor: {
      const at::Tensor& t = v.toTensor();
      if (!t.defined()) {
        return out << "[ Tensor (undefined) ]";
      }
      return out << t;
    }
    case IValueKind::Double:
      detail::printDouble(out, v.toDouble());
      return out;
    case IValueKind::Int:
      return out << v.toInt();
    case IValueKind::Bool:
      return out << (v.toBool() ? "True" : "False");
    case IValueKind::String:
      return out << v.toStringRef();
    case IValueKind::Tuple: {
      const auto& elements = v.toTupleRef().elements();
      out << "(";
      for (size_t i = 0; i < elements.size(); ++i) {
        if (i > 0) {
          out << ", ";
        }
        out << elements[i];
      }
      return out << (elements.size() == 1 ? ",)" : ")");
    }
    case IValueKind::GenericList:
      detail::printGenericList(out, v);
      return out;
    case IValueKind::GenericDict:
      detail::printGenericDict(out, v);
      return out;
    case IValueKind::Device:
      return out << v.toDevice();
    case IValueKind::Object:
      return out << "<" << v.toObjectRef().name() << " object at "
                 << static_cast<const void*>(&v.toObjectRef()) << ">";
  }
  return out << "<corrupt IValue>";
}

inline void IValue::dump() const {
  std::cout << *this << "\n";
}

// --- to<T>() ---------------------------------------------------------------------

// --- aliasing, identity hashing, types, deep copies (PyTorch 2.x) -----------

namespace detail {
// Defined in List.h and Dict.h, which know the containers' insides.
inline TypePtr listType(const IValue& v);
inline TypePtr dictType(const IValue& v);
inline IValue deepcopyList(
    const IValue& v, IValue::HashIdentityIValueMap& memo, c10::optional<at::Device> device);
inline IValue deepcopyDict(
    const IValue& v, IValue::HashIdentityIValueMap& memo, c10::optional<at::Device> device);
} // namespace detail

inline bool IValue::isAliasOf(const IValue& rhs) const {
  const IValueKind k = kind();
  if (k != rhs.kind()) {
    return false;
  }
  if (k == IValueKind::Tensor) {
    return toTensor().is_alias_of(rhs.toTensor());
  }
  // A boxed int is a number, not a shared object.
  return isPtrType() && k != IValueKind::Int && bits_ == rhs.bits_;
}

// Consistent with is(): numbers by value (a boxed int by its value, not its
// box), an undefined tensor as None, everything else by its word.
inline size_t IValue::HashIdentityIValue::operator()(const IValue& v) const noexcept {
  if (v.isInt()) {
    return std::hash<int64_t>()(v.toInt());
  }
  if (v.isTensor() && !v.toTensor().defined()) {
    return std::hash<std::uint64_t>()(ivalue_layout::kNone);
  }
  return std::hash<std::uint64_t>()(v.bits_);
}

inline TypePtr IValue::type() const {
  switch (kind()) {
    case IValueKind::None:
      return NoneType::get();
    case IValueKind::Tensor:
      return TensorType::get();
    case IValueKind::Double:
      return FloatType::get();
    case IValueKind::Int:
      return IntType::get();
    case IValueKind::Bool:
      return BoolType::get();
    case IValueKind::String:
      return StringType::get();
    case IValueKind::Device:
      return DeviceObjType::get();
    case IValueKind::Tuple: {
      std::vector<TypePtr> elements;
      for (const IValue& e : toTupleRef().elements()) {
        elements.push_back(e.type());
      }
      return TupleType::create(elements);
    }
    case IValueKind::GenericList:
      return detail::listType(*this);
    case IValueKind::GenericDict:
      return detail::dictType(*this);
    case IValueKind::Object:
      return toObjectRef().type();
  }
  TORCH_INTERNAL_ASSERT(false, "IValue::type(): unknown kind");
}

inline IValue IValue::deepcopy(c10::optional<at::Device> device) const {
  HashIdentityIValueMap memo;
  return deepcopy(memo, device);
}

inline IValue IValue::deepcopy(HashIdentityIValueMap& memo, c10::optional<at::Device> device) const {
  auto found = memo.find(*this);
  if (found != memo.end()) {
    return found->second;
  }
  IValue copy;
  switch (kind()) {
    case IValueKind::Tensor: {
      const at::Tensor& t = toTensor();
      if (!t.defined()) {
        copy = t;
      } else if (device && *device != t.device()) {
        copy = t.to(*device, /*non_blocking=*/false, /*copy=*/true);
      } else {
        copy = t.clone();
      }
      break;
    }
    case IValueKind::Tuple: {
      std::vector<IValue> elements;
      for (const IValue& e : toTupleRef().elements()) {
        elements.push_back(e.deepcopy(memo, device));
      }
      copy = IValue(ivalue::Tuple::create(std::move(elements)));
      break;
    }
    case IValueKind::GenericList:
      copy = detail::deepcopyList(*this, memo, device);
      break;
    case IValueKind::GenericDict:
      copy = detail::deepcopyDict(*this, memo, device);
      break;
    case IValueKind::Object:
      copy = IValue(toObjectRef().deepcopy(memo, device));
      break;
    default:
      // None, numbers, booleans, devices; strings are immutable and shared.
      copy = *this;
      break;
  }
  // A value that aliases its copy (a string, a number) needs no memo entry.
  if (!isAliasOf(copy)) {
    memo[*this] = copy;
  }
  return copy;
}

namespace detail {

// IValueTo<T>::move(IValue&&) -> T and IValueTo<T>::ref(const IValue&) -> what
// to<T>() const& returns. Specialised per type below and in List.h / Dict.h.
template <class T, class Enable = void>
struct IValueTo;

template <>
struct IValueTo<IValue> {
  static IValue move(IValue&& v) {
    return std::move(v);
  }
  // Returns the caller's IValue: the result lives as long as the argument.
  static const IValue& ref(const IValue& v) {
    return v; // NOLINT(bugprone-return-const-ref-from-parameter)
  }
};

template <>
struct IValueTo<at::Tensor> {
  static at::Tensor move(IValue&& v) {
    return std::move(v).toTensor();
  }
  static const at::Tensor& ref(const IValue& v) {
    return v.toTensor();
  }
};

template <>
struct IValueTo<std::string> {
  static std::string move(IValue&& v) {
    return v.toStringRef();
  }
  static const std::string& ref(const IValue& v) {
    return v.toStringRef();
  }
};

template <>
struct IValueTo<c10::string_view> {
  static c10::string_view move(IValue&& v) = delete; // would dangle
  static c10::string_view ref(const IValue& v) {
    return v.toStringView();
  }
};

template <>
struct IValueTo<bool> {
  static bool move(IValue&& v) {
    return v.toBool();
  }
  static bool ref(const IValue& v) {
    return v.toBool();
  }
};

template <class T>
struct IValueTo<T, std::enable_if_t<std::is_integral<T>::value && !std::is_same<T, bool>::value>> {
  static T move(IValue&& v) {
    return static_cast<T>(v.toInt());
  }
  static T ref(const IValue& v) {
    return static_cast<T>(v.toInt());
  }
};

template <class T>
struct IValueTo<T, std::enable_if_t<std::is_floating_point<T>::value>> {
  static T move(IValue&& v) {
    return static_cast<T>(v.toDouble());
  }
  static T ref(const IValue& v) {
    return static_cast<T>(v.toDouble());
  }
};

template <>
struct IValueTo<c10::Device> {
  static c10::Device move(IValue&& v) {
    return v.toDevice();
  }
  static c10::Device ref(const IValue& v) {
    return v.toDevice();
  }
};

#define C10TIDY_IVALUE_TO_SYM(T, accessor) \
  template <>                             \
  struct IValueTo<T> {                    \
    static T move(IValue&& v) {           \
      return v.accessor();                \
    }                                     \
    static T ref(const IValue& v) {       \
      return v.accessor();                \
    }                                     \
  };
C10TIDY_IVALUE_TO_SYM(c10::SymInt, toSymInt)
C10TIDY_IVALUE_TO_SYM(c10::SymFloat, toSymFloat)
C10TIDY_IVALUE_TO_SYM(c10::SymBool, toSymBool)
#undef C10TIDY_IVALUE_TO_SYM

template <>
struct IValueTo<c10::ScalarType> {
  static c10::ScalarType move(IValue&& v) {
    return v.toScalarType();
  }
  static c10::ScalarType ref(const IValue& v) {
    return v.toScalarType();
  }
};

template <>
struct IValueTo<c10::intrusive_ptr<ivalue::Tuple>> {
  static c10::intrusive_ptr<ivalue::Tuple> move(IValue&& v) {
    return std::move(v).toTuple();
  }
  static c10::intrusive_ptr<ivalue::Tuple> ref(const IValue& v) {
    return v.toTuple();
  }
};

template <>
struct IValueTo<c10::intrusive_ptr<ivalue::ConstantString>> {
  static c10::intrusive_ptr<ivalue::ConstantString> move(IValue&& v) {
    return std::move(v).toString();
  }
  static c10::intrusive_ptr<ivalue::ConstantString> ref(const IValue& v) {
    return v.toString();
  }
};

template <>
struct IValueTo<c10::intrusive_ptr<ivalue::Object>> {
  static c10::intrusive_ptr<ivalue::Object> move(IValue&& v) {
    return std::move(v).toObject();
  }
  static c10::intrusive_ptr<ivalue::Object> ref(const IValue& v) {
    return v.toObject();
  }
};

template <class T>
struct IValueTo<c10::optional<T>> {
  static c10::optional<T> move(IValue&& v) {
    if (v.isNone()) {
      return c10::nullopt;
    }
    return IValueTo<T>::move(std::move(v));
  }
  static c10::optional<T> ref(const IValue& v) {
    if (v.isNone()) {
      return c10::nullopt;
    }
    return T(IValueTo<T>::ref(v));
  }
};

// std::tuple<Ts...> from a Tuple of exactly sizeof...(Ts) elements, each
// converted by to<Ts>() (libtorch: generic_to for std::tuple). Every element
// is copied out, refcounted ones with an increment each, even from an rvalue:
// another IValue may share the Tuple.
template <class... Ts>
struct IValueTo<std::tuple<Ts...>> {
  static_assert(!std::disjunction<std::is_reference<Ts>...>::value,
                "IValue::to<std::tuple<...>>: element types cannot be references");

  static std::tuple<Ts...> move(IValue&& v) {
    return ref(v);
  }
  static std::tuple<Ts...> ref(const IValue& v) {
    return fromElements(v.toTupleRef().elements(), std::index_sequence_for<Ts...>{});
  }

 private:
  template <std::size_t... I>
  static std::tuple<Ts...> fromElements(const ivalue::TupleElements& elements,
                                        std::index_sequence<I...> /*indices*/) {
    TORCH_CHECK(elements.size() == sizeof...(Ts), "Tried to convert a Tuple with ",
                elements.size(), " elements to a std::tuple of ", sizeof...(Ts));
    return std::tuple<Ts...>(Ts(elements[I].template to<Ts>())...);
  }
};

} // namespace detail

template <typename T>
inline T IValue::to() && {
  return detail::IValueTo<T>::move(std::move(*this));
}

template <typename T>
inline typename c10::detail::ivalue_to_const_ref_overload_return<T>::type IValue::to() const& {
  return detail::IValueTo<T>::ref(*this);
}

template <typename T>
inline c10::optional<T> IValue::toOptional() {
  if (isNone()) {
    return c10::nullopt;
  }
  return this->to<T>();
}

template <typename T>
inline c10::optional<T> IValue::toOptional() const {
  if (isNone()) {
    return c10::nullopt;
  }
  return this->to<T>();
}

} // namespace c10

namespace at {
using c10::IValue;
} // namespace at

#include <ATen/core/Dict.h>
#include <ATen/core/List.h>
