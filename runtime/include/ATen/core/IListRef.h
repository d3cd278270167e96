// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// c10::IListRef<T>: a non-owning view of a list of T that is one of
//   - boxed:        a c10::List (List<Tensor>, or List<optional<Tensor>> for
//                   OptionalTensorRef), as a boxed kernel receives it;
//   - unboxed:      contiguous T (ArrayRef<T>, a std::vector, an
//                   initializer list, one element);
//   - materialized: a std::vector<std::reference_wrapper<const T>> made by
//                   materialize();
// so that a kernel takes any of them without copying the elements. The view
// does not own what it refers to: the list must outlive it (an initializer
// list lives until the end of the full expression).
//
//   void kernel(at::ITensorListRef tensors) { for (const at::Tensor& t : tensors) ... }

#include <ATen/core/List.h>
#include <ATen/core/Tensor.h>
#include <c10/util/ArrayRef.h>
#include <c10/util/Exception.h>
#include <c10/util/Optional.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <type_traits>
#include <vector>

namespace c10 {

enum class IListRefTag : std::uint8_t { None, Boxed, Unboxed, Materialized };

namespace detail {

// Per element type: the c10::List a boxed list is, what an element reads as.
template <class T>
struct IListRefTraits;

template <>
struct IListRefTraits<at::Tensor> {
  using boxed_type = c10::List<at::Tensor>;
  using reference = const at::Tensor&;
  static reference fromBoxed(const IValue& v) { return v.toTensor(); }
  static reference fromUnboxed(const at::Tensor& t) { return t; }
};

template <>
struct IListRefTraits<at::OptionalTensorRef> {
  using boxed_type = c10::List<c10::optional<at::Tensor>>;
  using reference = at::OptionalTensorRef;
  static reference fromBoxed(const IValue& v) {
    return v.isNone() ? at::OptionalTensorRef() : at::OptionalTensorRef(v.toTensor());
  }
  static reference fromUnboxed(const at::OptionalTensorRef& t) { return t; }
};

} // namespace detail

template <class T>
class IListRef;

template <class T>
class IListRefIterator {
  using Traits = detail::IListRefTraits<T>;
  using BoxedIterator = std::vector<IValue>::const_iterator;

 public:
  using iterator_category = std::forward_iterator_tag;
  using value_type = T;
  using difference_type = std::ptrdiff_t;
  using pointer = const T*;
  using reference = typename Traits::reference;

  // An iterator over nothing: dereferencing it throws.
  IListRefIterator() = default;

  reference operator*() const {
    switch (tag_) {
      case IListRefTag::Boxed:
        return Traits::fromBoxed(*boxed_);
      case IListRefTag::Unboxed:
        return Traits::fromUnboxed(*unboxed_);
      case IListRefTag::Materialized:
        return Traits::fromUnboxed(materialized_->get());
      case IListRefTag::None:
        break;
    }
    TORCH_CHECK(false, "IListRefIterator: dereferencing an iterator of an empty (None) IListRef");
  }

  IListRefIterator& operator++() {
    switch (tag_) {
      case IListRefTag::Boxed:
        ++boxed_;
        return *this;
      case IListRefTag::Unboxed:
        ++unboxed_;
        return *this;
      case IListRefTag::Materialized:
        ++materialized_;
        return *this;
      case IListRefTag::None:
        break;
    }
    TORCH_CHECK(false, "IListRefIterator: incrementing an iterator of a None IListRef");
  }
  IListRefIterator operator++(int) {
    IListRefIterator old = *this;
    ++*this;
    return old;
  }

  friend bool operator==(const IListRefIterator& a, const IListRefIterator& b) {
    if (a.tag_ != b.tag_) {
      return false;
    }
    switch (a.tag_) {
      case IListRefTag::Boxed:
        return a.boxed_ == b.boxed_;
      case IListRefTag::Unboxed:
        return a.unboxed_ == b.unboxed_;
      case IListRefTag::Materialized:
        return a.materialized_ == b.materialized_;
      case IListRefTag::None:
        break;
    }
    return true;
  }
  friend bool operator!=(const IListRefIterator& a, const IListRefIterator& b) { return !(a == b); }

 private:
  friend class IListRef<T>;
  explicit IListRefIterator(BoxedIterator it) : tag_(IListRefTag::Boxed), boxed_(it) {}
  explicit IListRefIterator(const T* it) : tag_(IListRefTag::Unboxed), unboxed_(it) {}
  explicit IListRefIterator(const std::reference_wrapper<const T>* it)
      : tag_(IListRefTag::Materialized), materialized_(it) {}

  IListRefTag tag_ = IListRefTag::None;
  // Only the one of the tag is meaningful (and moved).
  BoxedIterator boxed_{};
  const T* unboxed_ = nullptr;
  const std::reference_wrapper<const T>* materialized_ = nullptr;
};

template <class T>
class IListRef {
  using Traits = detail::IListRefTraits<T>;

 public:
  using boxed_type = typename Traits::boxed_type;
  using unboxed_type = c10::ArrayRef<T>;
  using materialized_type = std::vector<std::reference_wrapper<const T>>;
  using iterator = IListRefIterator<T>;
  using const_iterator = IListRefIterator<T>;
  using reference = typename Traits::reference;
  using value_type = T;

  // None: size() and iteration throw.
  IListRef() = default;

  IListRef(const boxed_type& boxed) : tag_(IListRefTag::Boxed), boxed_(&boxed) {} // NOLINT(google-explicit-constructor)
  IListRef(unboxed_type unboxed) : tag_(IListRefTag::Unboxed), unboxed_(unboxed) {} // NOLINT(google-explicit-constructor)
  IListRef(const T& one) : IListRef(unboxed_type(&one, 1)) {} // NOLINT(google-explicit-constructor)
  IListRef(const T* data, std::size_t length) : IListRef(unboxed_type(data, length)) {}
  IListRef(const T* begin, const T* end) : IListRef(unboxed_type(begin, static_cast<std::size_t>(end - begin))) {}
  IListRef(const std::vector<T>& v) : IListRef(unboxed_type(v.data(), v.size())) {} // NOLINT(google-explicit-constructor)
  IListRef(std::initializer_list<T> list) : IListRef(unboxed_type(list.begin(), list.size())) {}
  IListRef(const materialized_type& materialized) // NOLINT(google-explicit-constructor)
      : tag_(IListRefTag::Materialized), materialized_(&materialized) {}

  bool isNone() const noexcept { return tag_ == IListRefTag::None; }
  bool isBoxed() const noexcept { return tag_ == IListRefTag::Boxed; }
  bool isUnboxed() const noexcept { return tag_ == IListRefTag::Unboxed; }
  bool isMaterialized() const noexcept { return tag_ == IListRefTag::Materialized; }

  const boxed_type& toBoxed() const {
    TORCH_CHECK(isBoxed(), "IListRef: toBoxed() on a list that is not boxed");
    return *boxed_;
  }
  unboxed_type toUnboxed() const {
    TORCH_CHECK(isUnboxed(), "IListRef: toUnboxed() on a list that is not unboxed");
    return unboxed_;
  }
  const materialized_type& toMaterialized() const {
    TORCH_CHECK(isMaterialized(), "IListRef: toMaterialized() on a list that is not materialized");
    return *materialized_;
  }

  std::size_t size() const {
    switch (tag_) {
      case IListRefTag::Boxed:
        return boxed_->size();
      case IListRefTag::Unboxed:
        return unboxed_.size();
      case IListRefTag::Materialized:
        return materialized_->size();
      case IListRefTag::None:
        break;
    }
    TORCH_CHECK(false, "IListRef: size() of an empty (None) list");
  }
  bool empty() const { return size() == 0; }

  iterator begin() const { return position(0); }
  iterator end() const { return position(size()); }

  reference front() const { return *begin(); }

  // References to every element, in a vector the caller owns.
  materialized_type materialize() const {
    materialized_type out;
    out.reserve(size());
    for (iterator it = begin(); it != end(); ++it) {
      if constexpr (std::is_same<reference, const T&>::value) {
        out.emplace_back(*it);
      } else {
        static_assert(std::is_same<reference, const T&>::value,
                      "materialize() gives references: the elements must be readable as const T&");
      }
    }
    return out;
  }

 private:
  iterator position(std::size_t i) const {
    switch (tag_) {
      case IListRefTag::Boxed:
        return iterator(boxedElements().begin() + static_cast<std::ptrdiff_t>(i));
      case IListRefTag::Unboxed:
        return iterator(unboxed_.data() + i);
      case IListRefTag::Materialized:
        return iterator(materialized_->data() + i);
      case IListRefTag::None:
        break;
    }
    TORCH_CHECK(false, "IListRef: iterating an empty (None) list");
  }
  // The boxed list's IValues, read in place (no element copies).
  const std::vector<IValue>& boxedElements() const { return impl::listElements(*boxed_); }

  IListRefTag tag_ = IListRefTag::None;
  const boxed_type* boxed_ = nullptr;
  unboxed_type unboxed_;
  const materialized_type* materialized_ = nullptr;
};

} // namespace c10

namespace at {
using ITensorListRef = c10::IListRef<at::Tensor>;
using ITensorListRefIterator = c10::IListRefIterator<at::Tensor>;
using IOptTensorListRef = c10::IListRef<at::OptionalTensorRef>;
using IOptTensorListRefIterator = c10::IListRefIterator<at::OptionalTensorRef>;
using MaterializedITensorListRef = ITensorListRef::materialized_type;
} // namespace at
