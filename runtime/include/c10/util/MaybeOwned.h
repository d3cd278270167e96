// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

#include <c10/macros/Macros.h>
#include <c10/util/Exception.h>
#include <c10/util/in_place.h>

#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace c10 {

// MaybeOwnedTraits<T> says how a MaybeOwned<T> borrows a T:
//   owned_type                      T itself
//   borrow_type                     what a borrow stores
//   createBorrow(const T&)          a borrow of an existing T
//   assignBorrow(borrow&, borrow)   make the left borrow refer to the right's T
//   destroyBorrow(borrow&)          undo createBorrow; no reference count moves
//   referenceFromBorrow / pointerFromBorrow   the borrowed T
//   debugBorrowIsValid(borrow)      debug-build sanity check before access
//
// The generic borrow is a pointer to const T. Types that are themselves a
// single pointer (intrusive_ptr, and later Tensor and IValue) specialise the
// traits so that a borrow is a bitwise copy that skips the refcount, which
// saves the extra indirection.
template <typename T>
struct MaybeOwnedTraitsGenericImpl {
  using owned_type = T;
  using borrow_type = const T*;

  static borrow_type createBorrow(const owned_type& from) {
    return &from;
  }

  static void assignBorrow(borrow_type& lhs, borrow_type rhs) {
    lhs = rhs;
  }

  static void destroyBorrow(borrow_type& /*toDestroy*/) {}

  static const owned_type& referenceFromBorrow(const borrow_type& borrow) {
    return *borrow;
  }

  static const owned_type* pointerFromBorrow(const borrow_type& borrow) {
    return borrow;
  }

  static bool debugBorrowIsValid(const borrow_type& borrow) {
    return borrow != nullptr;
  }
};

// Borrowing is opt-in per type.
template <typename T>
struct MaybeOwnedTraits;

template <typename T>
struct MaybeOwnedTraits<std::shared_ptr<T>>
    : MaybeOwnedTraitsGenericImpl<std::shared_ptr<T>> {};

// Either a borrow of a T that someone else keeps alive, or an owned T.
// MaybeOwned<T>::borrowed(t) costs no reference count traffic, and the caller
// promises that t outlives the MaybeOwned; owned(std::move(t)) takes t over.
// Typical use: a function that usually can return its argument unchanged and
// only sometimes has to make a new value (Tensor::expect_contiguous).
//
// Copying a borrowed MaybeOwned borrows the same T again; copying an owned one
// copies the T, so borrows never chain.
template <typename T>
class MaybeOwned final {
  using Traits = MaybeOwnedTraits<T>;
  using borrow_type = typename Traits::borrow_type;
  using owned_type = typename Traits::owned_type;

  bool isBorrowed_;
  union {
    borrow_type borrow_;
    owned_type own_;
  };

  explicit MaybeOwned(const owned_type& t)
      : isBorrowed_(true), borrow_(Traits::createBorrow(t)) {}

  explicit MaybeOwned(T&& t) noexcept(
      std::is_nothrow_move_constructible<T>::value)
      : isBorrowed_(false), own_(std::move(t)) {}

  template <class... Args>
  explicit MaybeOwned(in_place_t, Args&&... args)
      : isBorrowed_(false), own_(std::forward<Args>(args)...) {}

  // The union members are started and ended by hand: these helpers keep every
  // switch between the two states in one place.
  void becomeBorrowOf(const borrow_type& other) {
    new (static_cast<void*>(&borrow_)) borrow_type();
    Traits::assignBorrow(borrow_, other);
    isBorrowed_ = true;
  }

  void endBorrow() noexcept {
    Traits::destroyBorrow(borrow_);
    borrow_.~borrow_type();
  }

 public:
  // A borrow of nothing; must be assigned before it is dereferenced.
  explicit MaybeOwned() : isBorrowed_(true), borrow_() {}

  MaybeOwned(const MaybeOwned& rhs) : isBorrowed_(rhs.isBorrowed_) {
    if (C10_LIKELY(rhs.isBorrowed_)) {
      becomeBorrowOf(rhs.borrow_);
    } else {
      new (&own_) owned_type(rhs.own_);
    }
  }

  MaybeOwned(MaybeOwned&& rhs) noexcept(
      std::is_nothrow_move_constructible<T>::value)
      : isBorrowed_(rhs.isBorrowed_) {
    if (C10_LIKELY(rhs.isBorrowed_)) {
      becomeBorrowOf(rhs.borrow_);
    } else {
      new (&own_) owned_type(std::move(rhs.own_));
    }
  }

  MaybeOwned& operator=(const MaybeOwned& rhs) {
    if (this == &rhs) {
      return *this;
    }
    if (rhs.isBorrowed_) {
      if (C10_UNLIKELY(!isBorrowed_)) {
        own_.~owned_type();
        becomeBorrowOf(rhs.borrow_);
      } else {
        Traits::assignBorrow(borrow_, rhs.borrow_);
      }
    } else if (isBorrowed_) {
      // Copy first: if it throws, *this is untouched.
      owned_type copy(rhs.own_);
      endBorrow();
      new (&own_) owned_type(std::move(copy));
      isBorrowed_ = false;
    } else {
      own_ = rhs.own_;
    }
    return *this;
  }

  MaybeOwned& operator=(MaybeOwned&& rhs) noexcept(
      std::is_nothrow_move_assignable<T>::value &&
      std::is_nothrow_move_constructible<T>::value) {
    if (this == &rhs) {
      return *this;
    }
    if (rhs.isBorrowed_) {
      if (C10_UNLIKELY(!isBorrowed_)) {
        own_.~owned_type();
        becomeBorrowOf(rhs.borrow_);
      } else {
        Traits::assignBorrow(borrow_, rhs.borrow_);
      }
    } else if (isBorrowed_) {
      endBorrow();
      new (&own_) owned_type(std::move(rhs.own_));
      isBorrowed_ = false;
    } else {
      own_ = std::move(rhs.own_);
    }
    return *this;
  }

  static MaybeOwned borrowed(const T& t) {
    return MaybeOwned(t);
  }

  static MaybeOwned owned(T&& t) noexcept(
      std::is_nothrow_move_constructible<T>::value) {
    return MaybeOwned(std::move(t));
  }

  template <class... Args>
  static MaybeOwned owned(in_place_t, Args&&... args) {
    return MaybeOwned(in_place, std::forward<Args>(args)...);
  }

  ~MaybeOwned() {
    if (C10_UNLIKELY(!isBorrowed_)) {
      own_.~owned_type();
    } else {
      endBorrow();
    }
  }

  // Whether this holds a borrow. For tests and assertions: code that needs
  // ownership should move out of the MaybeOwned instead of branching on this.
  bool unsafeIsBorrowed() const {
    return isBorrowed_;
  }

  const T& operator*() const& {
    if (isBorrowed_) {
      TORCH_INTERNAL_ASSERT_DEBUG_ONLY(
          Traits::debugBorrowIsValid(borrow_),
          "MaybeOwned: dereferenced a borrow of nothing (default-constructed?)");
      return Traits::referenceFromBorrow(borrow_);
    }
    return own_;
  }

  const T* operator->() const {
    if (isBorrowed_) {
      TORCH_INTERNAL_ASSERT_DEBUG_ONLY(
          Traits::debugBorrowIsValid(borrow_),
          "MaybeOwned: dereferenced a borrow of nothing (default-constructed?)");
      return Traits::pointerFromBorrow(borrow_);
    }
    return &own_;
  }

  // On an rvalue: a copy of the borrowed T, or the owned T moved out (this
  // then holds a moved-from T). The borrowed/owned state does not change.
  T operator*() && {
    if (isBorrowed_) {
      TORCH_INTERNAL_ASSERT_DEBUG_ONLY(
          Traits::debugBorrowIsValid(borrow_),
          "MaybeOwned: dereferenced a borrow of nothing (default-constructed?)");
      return Traits::referenceFromBorrow(borrow_);
    }
    return std::move(own_);
  }
};

} // namespace c10
