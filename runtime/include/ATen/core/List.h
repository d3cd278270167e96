// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// c10::List<T>: a reference-counted handle on a std::vector<IValue>. T only
// decides how elements are converted on the way in and out (IValue::to<T>());
// the storage is always IValues, so List<int64_t> and the GenericList an
// IValue holds share one ListImpl. Copying a List shares it (one atomic
// increment); List::copy() makes a new one.

#include <ATen/core/ivalue.h>
#include <ATen/core/element_type_name.h>

#include <array>
#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <ostream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace c10 {
namespace detail {

struct ListImpl final : c10::intrusive_ptr_target {
  using list_type = std::vector<IValue>;

  ListImpl(list_type list_, TypePtr elementType_)
      : list(std::move(list_)), elementType(std::move(elementType_)) {}

  c10::intrusive_ptr<ListImpl> copy() const {
    return c10::make_intrusive<ListImpl>(list, elementType);
  }

  list_type list;
  TypePtr elementType;
};

} // namespace detail

namespace impl {

template <class T, class Iterator>
class ListIterator;

// What `list[i]` gives on a const List<T>: a const reference where the
// IValue holds a T (string, Tensor...), a value otherwise, and for
// optional<string> an optional reference.
template <class T>
struct ListElementConstReferenceTraits {
  using const_reference = typename c10::detail::ivalue_to_const_ref_overload_return<T>::type;
  static const_reference get(const IValue& element) {
    return element.template to<T>();
  }
};
template <>
struct ListElementConstReferenceTraits<c10::optional<std::string>> {
  using const_reference = c10::optional<std::reference_wrapper<const std::string>>;
  static const_reference get(const IValue& element) {
    return element.toOptionalStringRef();
  }
};

// What `list[i]` and `*it` give on a List<T>: a proxy for the element that
// converts to T and assigns from T. (Every element is an IValue, so there is
// no T& to hand out.)
template <class T, class Iterator>
class ListElementReference final {
  using const_reference = typename c10::detail::ivalue_to_const_ref_overload_return<T>::type;

 public:
  operator std::conditional_t<std::is_reference<const_reference>::value, const T&, T>() const {
    return iterator_->template to<T>();
  }

  ListElementReference& operator=(T&& new_value) && {
    *iterator_ = IValue(std::move(new_value));
    return *this;
  }
  ListElementReference& operator=(const T& new_value) && {
    *iterator_ = IValue(new_value);
    return *this;
  }
  // Assigns the element's value, as `list[i] = list[j]` means.
  ListElementReference& operator=(ListElementReference&& rhs) && noexcept {
    *iterator_ = *rhs.iterator_;
    return *this;
  }

  const IValue& get() const& {
    return *iterator_;
  }

  friend void swap(ListElementReference&& lhs, ListElementReference&& rhs) noexcept {
    std::swap(*lhs.iterator_, *rhs.iterator_);
  }

  ListElementReference(ListElementReference&&) noexcept = default;
  ListElementReference& operator=(ListElementReference&& rhs) & noexcept {
    iterator_ = rhs.iterator_;
    return *this;
  }

 private:
  explicit ListElementReference(Iterator iter) : iterator_(iter) {}
  ListElementReference(const ListElementReference&) = delete;
  ListElementReference& operator=(const ListElementReference&) = delete;

  friend class c10::List<T>;
  friend class ListIterator<T, Iterator>;

  Iterator iterator_;
};

template <class T, class Iterator>
bool operator==(const ListElementReference<T, Iterator>& lhs, const T& rhs) {
  const T& lhs_value = lhs;
  return lhs_value == rhs;
}
template <class T, class Iterator>
bool operator==(const T& lhs, const ListElementReference<T, Iterator>& rhs) {
  return rhs == lhs;
}

template <class T, class Iterator>
class ListIterator final {
 public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = T;
  using difference_type = std::ptrdiff_t;
  using pointer = T*;
  using reference = ListElementReference<T, Iterator>;

  explicit ListIterator() = default;
  explicit ListIterator(Iterator iterator) : iterator_(std::move(iterator)) {}

  ListIterator& operator++() {
    ++iterator_;
    return *this;
  }
  ListIterator operator++(int) {
    ListIterator copy(*this);
    ++*this;
    return copy;
  }
  ListIterator& operator--() {
    --iterator_;
    return *this;
  }
  ListIterator operator--(int) {
    ListIterator copy(*this);
    --*this;
    return copy;
  }
  ListIterator& operator+=(difference_type offset) {
    iterator_ += offset;
    return *this;
  }
  ListIterator& operator-=(difference_type offset) {
    iterator_ -= offset;
    return *this;
  }
  ListIterator operator+(difference_type offset) const {
    return ListIterator(iterator_ + offset);
  }
  ListIterator operator-(difference_type offset) const {
    return ListIterator(iterator_ - offset);
  }
  friend difference_type operator-(const ListIterator& lhs, const ListIterator& rhs) {
    return lhs.iterator_ - rhs.iterator_;
  }

  reference operator*() const {
    return reference(iterator_);
  }
  reference operator[](difference_type offset) const {
    return reference(iterator_ + offset);
  }

  friend bool operator==(const ListIterator& lhs, const ListIterator& rhs) {
    return lhs.iterator_ == rhs.iterator_;
  }
  friend bool operator!=(const ListIterator& lhs, const ListIterator& rhs) {
    return !(lhs == rhs);
  }
  friend bool operator<(const ListIterator& lhs, const ListIterator& rhs) {
    return lhs.iterator_ < rhs.iterator_;
  }
  friend bool operator<=(const ListIterator& lhs, const ListIterator& rhs) {
    return lhs.iterator_ <= rhs.iterator_;
  }
  friend bool operator>(const ListIterator& lhs, const ListIterator& rhs) {
    return lhs.iterator_ > rhs.iterator_;
  }
  friend bool operator>=(const ListIterator& lhs, const ListIterator& rhs) {
    return lhs.iterator_ >= rhs.iterator_;
  }

 private:
  friend class c10::List<T>;
  Iterator iterator_;
};

template <class T>
List<T> toTypedList(List<IValue> list);
template <class T>
List<IValue> toList(List<T>&& list);
template <class T>
List<IValue> toList(const List<T>& list);
// The list's elements as its IValues, read in place (IListRef's boxed view).
template <class T>
const std::vector<IValue>& listElements(const List<T>& list);

} // namespace impl

template <class T>
class List final {
  using list_type = detail::ListImpl::list_type;
  using internal_reference_type = impl::ListElementReference<T, list_type::iterator>;
  using internal_const_reference_type =
      typename impl::ListElementConstReferenceTraits<T>::const_reference;

  c10::intrusive_ptr<detail::ListImpl> impl_;

  explicit List(c10::intrusive_ptr<detail::ListImpl>&& elements) : impl_(std::move(elements)) {}
  explicit List(const c10::intrusive_ptr<detail::ListImpl>& elements) : impl_(elements) {}

  friend struct IValue;
  template <class T_>
  friend List<T_> impl::toTypedList(List<IValue>);
  template <class T_>
  friend List<IValue> impl::toList(List<T_>&&);
  template <class T_>
  friend List<IValue> impl::toList(const List<T_>&);
  template <class T_>
  friend const std::vector<IValue>& impl::listElements(const List<T_>&);

  static const TypePtr& staticElementType() {
    return detail::ElementType<T>::get();
  }

 public:
  using value_type = T;
  using size_type = list_type::size_type;
  using iterator = impl::ListIterator<T, list_type::iterator>;
  using const_iterator = impl::ListIterator<T, list_type::iterator>;
  using reverse_iterator = std::reverse_iterator<iterator>;

  // An empty list. (libtorch requires an element type for List<IValue>; a
  // generic list made without one here is a list of Any.)
  explicit List()
      : impl_(c10::make_intrusive<detail::ListImpl>(list_type(), staticElementType())) {}

  // An empty generic list of the given element type (GenericList only).
  explicit List(TypePtr elementType)
      : impl_(c10::make_intrusive<detail::ListImpl>(list_type(), std::move(elementType))) {
    static_assert(std::is_same<T, IValue>::value,
                  "This constructor is only valid for c10::impl::GenericList.");
    TORCH_CHECK(impl_->elementType != nullptr, "GenericList: the element type must not be null");
  }

  List(std::initializer_list<T> initial_values) : List() {
    impl_->list.reserve(initial_values.size());
    for (const T& element : initial_values) {
      impl_->list.push_back(IValue(element));
    }
  }

  explicit List(c10::ArrayRef<T> initial_values) : List() {
    impl_->list.reserve(initial_values.size());
    for (const T& element : initial_values) {
      impl_->list.push_back(IValue(element));
    }
  }

  // As in libtorch 1.13, no move operations: "moving" a List copies the
  // handle, and the source still shares the elements.
  List(const List&) = default;
  List& operator=(const List&) = default;

  List copy() const {
    return List(impl_->copy());
  }

  // As PyTorch 2.x: a const reference into the list where the element is
  // stored as it is (string, Tensor, IValue), a value otherwise.
  internal_const_reference_type get(size_type pos) const {
    return impl::ListElementConstReferenceTraits<T>::get(impl_->list.at(pos));
  }
  // Moves the element out and leaves a T() in its place, so the list keeps
  // its element type.
  value_type extract(size_type pos) const {
    IValue& element = impl_->list.at(pos);
    value_type result = std::move(element).template to<T>();
    element = IValue(T{});
    return result;
  }
  internal_const_reference_type operator[](size_type pos) const {
    return impl::ListElementConstReferenceTraits<T>::get(impl_->list.at(pos));
  }
  internal_reference_type operator[](size_type pos) {
    if (pos >= impl_->list.size())
      throw std::out_of_range("c10::List index out of range"); // as in libtorch
    return internal_reference_type(impl_->list.begin() + static_cast<std::ptrdiff_t>(pos));
  }
  void set(size_type pos, const value_type& value) const {
    impl_->list.at(pos) = IValue(value);
  }
  void set(size_type pos, value_type&& value) const {
    impl_->list.at(pos) = IValue(std::move(value));
  }

  iterator begin() const {
    return iterator(impl_->list.begin());
  }
  iterator end() const {
    return iterator(impl_->list.end());
  }
  bool empty() const {
    return impl_->list.empty();
  }
  size_type size() const {
    return impl_->list.size();
  }
  void reserve(size_type new_cap) const {
    impl_->list.reserve(new_cap);
  }
  void clear() const {
    impl_->list.clear();
  }

  iterator insert(iterator pos, const T& value) const {
    return iterator(impl_->list.insert(pos.iterator_, IValue(value)));
  }
  iterator insert(iterator pos, T&& value) const {
    return iterator(impl_->list.insert(pos.iterator_, IValue(std::move(value))));
  }
  template <class... Args>
  iterator emplace(iterator pos, Args&&... value) const {
    return iterator(impl_->list.emplace(pos.iterator_, T(std::forward<Args>(value)...)));
  }
  void push_back(const T& value) const {
    impl_->list.push_back(IValue(value));
  }
  void push_back(T&& value) const {
    impl_->list.push_back(IValue(std::move(value)));
  }
  // By value as in c10: the elements of a list nobody else holds are moved.
  void append(List<T> lst) const { // NOLINT(performance-unnecessary-value-param)
    if (lst.use_count() == 1) {
      impl_->list.insert(
          impl_->list.end(),
          std::make_move_iterator(lst.impl_->list.begin()),
          std::make_move_iterator(lst.impl_->list.end()));
    } else {
      impl_->list.insert(impl_->list.end(), lst.impl_->list.begin(), lst.impl_->list.end());
    }
  }
  template <class... Args>
  void emplace_back(Args&&... args) const {
    impl_->list.push_back(IValue(T(std::forward<Args>(args)...)));
  }
  iterator erase(iterator pos) const {
    return iterator(impl_->list.erase(pos.iterator_));
  }
  iterator erase(iterator first, iterator last) const {
    return iterator(impl_->list.erase(first.iterator_, last.iterator_));
  }
  void pop_back() const {
    impl_->list.pop_back();
  }
  void resize(size_type count) const {
    impl_->list.resize(count, IValue(T{}));
  }
  void resize(size_type count, const T& value) const {
    impl_->list.resize(count, IValue(value));
  }

  // Same element type, same length, elements equal (identity first, as
  // Python's containers compare).
  friend bool operator==(const List& lhs, const List& rhs) {
    if (lhs.impl_ == rhs.impl_) {
      return true;
    }
    const auto& l = lhs.impl_->list;
    const auto& r = rhs.impl_->list;
    return lhs.impl_->elementType == rhs.impl_->elementType && l.size() == r.size() &&
        std::equal(l.begin(), l.end(), r.begin(), _fastEqualsForContainer);
  }
  friend bool operator!=(const List& lhs, const List& rhs) {
    return !(lhs == rhs);
  }
  bool is(const List<T>& rhs) const {
    return impl_ == rhs.impl_;
  }

  std::vector<T> vec() const {
    std::vector<T> result;
    result.reserve(impl_->list.size());
    for (const IValue& element : impl_->list) {
      result.push_back(element.template to<T>());
    }
    return result;
  }

  size_t use_count() const {
    return impl_.use_count();
  }

  TypePtr elementType() const {
    return impl_->elementType;
  }
  // The element type's name ("int", "List[float]", "Any").
  std::string elementTypeName() const {
    return impl_->elementType->str();
  }
  // Replaces the recorded element type (PyTorch's escape hatch for lists
  // whose elements were checked elsewhere).
  void unsafeSetElementType(TypePtr t) {
    impl_->elementType = std::move(t);
  }
};

namespace impl {

template <class T>
const std::vector<IValue>& listElements(const List<T>& list) {
  return list.impl_->list;
}

template <class T>
List<T> toTypedList(List<IValue> list) {
  if constexpr (std::is_same<T, IValue>::value) {
    return list;
  } else {
    const TypePtr& expected = detail::ElementType<T>::get();
    // As PyTorch: the same type, or a subtype when nobody else holds the
    // list (no one can then insert an element of the wider type).
    TORCH_CHECK(
        list.impl_->elementType == expected ||
            (list.use_count() == 1 && list.impl_->elementType->isSubtypeOf(*expected)),
        "Tried to cast a List<",
        list.impl_->elementType->str(),
        "> to a List<",
        expected->str(),
        ">. Types mismatch.");
    return List<T>(std::move(list.impl_));
  }
}

template <class T>
List<IValue> toList(List<T>&& list) {
  return List<IValue>(std::move(list.impl_));
}

template <class T>
List<IValue> toList(const List<T>& list) {
  return List<IValue>(list.impl_);
}

} // namespace impl

// --- IValue's list members -------------------------------------------------------

inline IValue::IValue(c10::List<IValue> v)
    : bits_(adopt(std::move(v.impl_), ivalue_layout::kListTag)) {}

template <class T, std::enable_if_t<!std::is_same<T, IValue>::value, std::nullptr_t>>
inline IValue::IValue(c10::List<T>&& v) : IValue(impl::toList<T>(std::move(v))) {}

template <class T, std::enable_if_t<!std::is_same<T, IValue>::value, std::nullptr_t>>
inline IValue::IValue(const c10::List<T>& v) : IValue(impl::toList<T>(v)) {}

template <class T, IValue::enable_if_list_is_ivalue_constructible<T>>
inline IValue::IValue(at::ArrayRef<T> v) : IValue(c10::List<T>(v)) {}

namespace detail {
// A List<T> of a vector's elements: copied from an lvalue, moved from an
// rvalue; std::vector<bool> has no element objects, so its bits are read.
template <class T, class Vector>
c10::List<T> listFromVector(Vector&& v) {
  c10::List<T> list;
  list.reserve(v.size());
  if constexpr (std::is_same<T, bool>::value || std::is_lvalue_reference<Vector>::value) {
    for (const auto& e : v) {
      list.push_back(static_cast<T>(e));
    }
  } else {
    for (auto& e : v) {
      list.push_back(std::move(e));
    }
  }
  return list;
}
} // namespace detail

template <class T, IValue::enable_if_list_is_ivalue_constructible<T>>
inline IValue::IValue(const std::vector<T>& v) : IValue(detail::listFromVector<T>(v)) {}

template <class T, IValue::enable_if_list_is_ivalue_constructible<T>>
inline IValue::IValue(std::vector<T>&& v) : IValue(detail::listFromVector<T>(std::move(v))) {}

template <class T, IValue::enable_if_list_is_ivalue_constructible<T>>
inline IValue::IValue(c10::OptionalArrayRef<T> v) : IValue() {
  if (v.has_value()) {
    *this = IValue(*v);
  }
}

inline IValue::IValue(c10::SymIntArrayRef v) : IValue(c10::List<int64_t>(c10::asIntArrayRefUnchecked(v))) {}

template <class T, size_t N>
inline IValue::IValue(std::array<T, N> v) : IValue(c10::List<T>(c10::ArrayRef<T>(v))) {}

inline c10::List<IValue> IValue::toList() && {
  if (C10_UNLIKELY(!isList())) {
    detail::ivalueWrongKind("GenericList", *this);
  }
  return c10::List<IValue>(moveHeap<detail::ListImpl, ivalue_layout::kListTag>());
}
inline c10::List<IValue> IValue::toList() const& {
  if (C10_UNLIKELY(!isList())) {
    detail::ivalueWrongKind("GenericList", *this);
  }
  return c10::List<IValue>(copyHeap<detail::ListImpl, ivalue_layout::kListTag>());
}
inline c10::ArrayRef<IValue> IValue::toListRef() const {
  if (C10_UNLIKELY(!isList())) {
    detail::ivalueWrongKind("GenericList", *this);
  }
  return heapAs<detail::ListImpl, ivalue_layout::kListTag>()->list;
}

#define C10TIDY_IVALUE_TYPED_LIST(Name, T)                                      \
  inline bool IValue::is##Name##List() const {                                  \
    return isList() &&                                                          \
        heapAs<detail::ListImpl, ivalue_layout::kListTag>()->elementType ==     \
        detail::ElementType<T>::get();                                          \
  }                                                                             \
  inline c10::List<T> IValue::to##Name##List() && {                             \
    if (C10_UNLIKELY(!is##Name##List())) {                                      \
      detail::ivalueWrongKind(#Name "List", *this);                             \
    }                                                                           \
    return impl::toTypedList<T>(std::move(*this).toList());                     \
  }                                                                             \
  inline c10::List<T> IValue::to##Name##List() const& {                         \
    if (C10_UNLIKELY(!is##Name##List())) {                                      \
      detail::ivalueWrongKind(#Name "List", *this);                             \
    }                                                                           \
    return impl::toTypedList<T>(toList());                                      \
  }
C10TIDY_IVALUE_TYPED_LIST(Int, int64_t)
C10TIDY_IVALUE_TYPED_LIST(Double, double)
C10TIDY_IVALUE_TYPED_LIST(Bool, bool)
C10TIDY_IVALUE_TYPED_LIST(Tensor, at::Tensor)
C10TIDY_IVALUE_TYPED_LIST(OptionalTensor, c10::optional<at::Tensor>)
#undef C10TIDY_IVALUE_TYPED_LIST

inline std::vector<c10::optional<at::Tensor>> IValue::toOptionalTensorVector() const {
  if (C10_UNLIKELY(!isOptionalTensorList())) {
    detail::ivalueWrongKind("OptionalTensorList", *this);
  }
  std::vector<c10::optional<at::Tensor>> result;
  const auto list = toListRef();
  result.reserve(list.size());
  for (const IValue& element : list) {
    result.push_back(element.isNone() ? c10::optional<at::Tensor>() : element.toTensor());
  }
  return result;
}

namespace detail {
inline TypePtr listType(const IValue& v) {
  return ListType::create(v.toList().elementType());
}
inline IValue deepcopyList(
    const IValue& v, IValue::HashIdentityIValueMap& memo, c10::optional<at::Device> device) {
  const impl::GenericList source = v.toList();
  impl::GenericList copy(source.elementType());
  copy.reserve(source.size());
  for (const IValue& element : v.toListRef()) {
    copy.push_back(element.deepcopy(memo, device));
  }
  return IValue(copy);
}
} // namespace detail

inline std::vector<int64_t> IValue::toIntVector() const {
  if (C10_UNLIKELY(!isIntList())) {
    detail::ivalueWrongKind("IntList", *this);
  }
  std::vector<int64_t> result;
  const auto list = toListRef();
  result.reserve(list.size());
  for (const IValue& element : list) {
    result.push_back(element.toInt());
  }
  return result;
}

inline at::DimVector IValue::toDimVector() const {
  return at::DimVector(toIntVector());
}

inline std::vector<double> IValue::toDoubleVector() const {
  if (C10_UNLIKELY(!isDoubleList())) {
    detail::ivalueWrongKind("DoubleList", *this);
  }
  std::vector<double> result;
  const auto list = toListRef();
  result.reserve(list.size());
  for (const IValue& element : list) {
    result.push_back(element.toDouble());
  }
  return result;
}

inline std::vector<at::Tensor> IValue::toTensorVector() const {
  if (C10_UNLIKELY(!isTensorList())) {
    detail::ivalueWrongKind("TensorList", *this);
  }
  std::vector<at::Tensor> result;
  const auto list = toListRef();
  result.reserve(list.size());
  for (const IValue& element : list) {
    result.push_back(element.toTensor());
  }
  return result;
}

namespace detail {

inline bool genericListEquals(const IValue& lhs, const IValue& rhs) {
  return lhs.toList() == rhs.toList();
}

inline void printGenericList(std::ostream& out, const IValue& v) {
  const auto list = v.toListRef();
  out << "[";
  for (size_t i = 0; i < list.size(); ++i) {
    if (i > 0) {
      out << ", ";
    }
    out << list[i];
  }
  out << "]";
}

template <class T>
struct IValueTo<c10::List<T>> {
  static c10::List<T> move(IValue&& v) {
    return impl::toTypedList<T>(std::move(v).toList());
  }
  static c10::List<T> ref(const IValue& v) {
    return impl::toTypedList<T>(v.toList());
  }
};

// std::vector<T>: the list is cast to List<T> first, so a list of another
// element type is rejected as libtorch rejects it, then every element is
// copied out (libtorch: generic_to for std::vector). A fresh vector, N element
// copies and N refcount increments for refcounted elements: read through
// toListRef() where the elements are only read.
template <class T>
struct IValueTo<std::vector<T>> {
  static std::vector<T> move(IValue&& v) {
    return copyElements(IValueTo<c10::List<T>>::move(std::move(v)));
  }
  static std::vector<T> ref(const IValue& v) {
    return copyElements(IValueTo<c10::List<T>>::ref(v));
  }

 private:
  // The handle may be shared with other IValues: elements are copied, never moved.
  static std::vector<T> copyElements(const c10::List<T>& list) {
    std::vector<T> result;
    result.reserve(list.size());
    for (std::size_t i = 0; i < list.size(); ++i) {
      result.push_back(list.get(i));
    }
    return result;
  }
};

// std::array<T, N>: as std::vector<T>, and the list must have exactly N
// elements (libtorch: generic_to for std::array).
template <class T, std::size_t N>
struct IValueTo<std::array<T, N>> {
  static std::array<T, N> move(IValue&& v) {
    return copyElements(IValueTo<c10::List<T>>::move(std::move(v)), std::make_index_sequence<N>{});
  }
  static std::array<T, N> ref(const IValue& v) {
    return copyElements(IValueTo<c10::List<T>>::ref(v), std::make_index_sequence<N>{});
  }

 private:
  template <std::size_t... I>
  static std::array<T, N> copyElements(const c10::List<T>& list,
                                       std::index_sequence<I...> /*indices*/) {
    TORCH_CHECK(list.size() == N, "Tried to convert a List with ", list.size(),
                " elements to a fixed-size array of size ", N);
    return {{list.get(I)...}};
  }
};

} // namespace detail

} // namespace c10
