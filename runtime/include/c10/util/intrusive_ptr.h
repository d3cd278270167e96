// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// intrusive_ptr<T>: a shared-ownership pointer whose counts live in the object
// (T derives from intrusive_ptr_target), so a pointer is one word and making
// one from a raw T* never allocates a control block. weak_intrusive_ptr<T> is
// its non-owning companion. API and behaviour follow libtorch 1.13's
// c10/util/intrusive_ptr.h; docs/runtime.md explains the design.

#include <c10/macros/Macros.h>
#include <c10/util/Exception.h>
#include <c10/util/MaybeOwned.h>

#include <atomic>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace c10 {

class intrusive_ptr_target;

namespace raw {

// Tag for the intrusive_ptr constructor that adopts a pointer without adding
// a reference: intrusive_ptr<T>(p, raw::DontIncreaseRefcount{}).
struct DontIncreaseRefcount {};

namespace intrusive_ptr {
inline void incref(intrusive_ptr_target* self);
} // namespace intrusive_ptr
namespace weak_intrusive_ptr {
inline void incref(intrusive_ptr_target* self);
} // namespace weak_intrusive_ptr

} // namespace raw

// Note [intrusive_ptr_target counts]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// Layout on a 64-bit target (the vtable pointer comes from the virtual
// destructor):
//
//   byte  0          8            12            16
//         +----------+-------------+-------------+---------------
//         |  vptr    |  refcount_  |  weakcount_ | derived members
//         +----------+-------------+-------------+---------------
//                    two std::atomic<uint32_t> in one 8-byte word
//
//   refcount  = number of intrusive_ptr owning the object (strong refs)
//   weakcount = number of weak_intrusive_ptr, plus 1 while refcount > 0
//
// The "+1" makes all strong references together hold one weak reference, so
// the memory stays valid while either kind exists. Invariants:
//
//   (I1) refcount > 0  implies  weakcount > 0.
//   (I2) refcount never rises from 0 again: weak_intrusive_ptr::lock() only
//        increments a count it has seen to be non-zero (compare-exchange).
//   (I3) When refcount drops to 0: if weak refs remain, release_resources()
//        runs and the strong side's +1 is given back; the object is deleted
//        when weakcount then reaches 0. If no weak refs remain
//        (weakcount == 1), the object is deleted at once and
//        release_resources() is NOT called.
//
// Why two 32-bit counts: every target is 8 bytes smaller than with c10
// 1.13's two size_t counts. Why two atomics and not one 64-bit word holding
// both: a release is then `lock subl $1` and a branch on its zero flag, as in
// 1.13; a combined word needs its old value back (`lock xadd`) and a compare
// of the low half, two instructions more on every release. The last release
// then loads weakcount_ (as 1.13 does) to decide "delete now, or
// release_resources() and wait for the weak refs". docs/runtime.md.
//
// States:
//                                      refcount       weakcount
//   constructed, never owned           0              0
//   owned: N strong, W weak            N >= 1         W + 1
//   expired: W >= 1 weak refs left     0              W
//   unsafe_adapt_non_heap_allocated    >= INT_MAX     INT_MAX + W
//
// Each count has 32 bits: an object can have at most 2^32 - 1 references of
// each kind (debug builds check the strong increment for overflow). A count
// of 0/0 is how "was this object ever handed to an intrusive_ptr?" is
// answered: make_intrusive and unsafe_steal_from_new are the only ways in, and
// debug builds reject adopting an object whose counts are not in the state the
// operation expects (see the assertions below).
class C10_API intrusive_ptr_target {
  mutable std::atomic<uint32_t> refcount_;
  mutable std::atomic<uint32_t> weakcount_;

  template <typename T, typename NullType>
  friend class intrusive_ptr;
  template <typename T, typename NullType>
  friend class weak_intrusive_ptr;
  friend inline void raw::intrusive_ptr::incref(intrusive_ptr_target* self);
  friend inline void raw::weak_intrusive_ptr::incref(
      intrusive_ptr_target* self);

  // Acquire: pairs with the acq_rel updates, so a caller that sees a count
  // also sees every access the owners that changed it made before.
  uint32_t refcount_now() const noexcept {
    return refcount_.load(std::memory_order_acquire);
  }

  uint32_t weakcount_now() const noexcept {
    return weakcount_.load(std::memory_order_acquire);
  }

 protected:
  constexpr intrusive_ptr_target() noexcept : refcount_(0), weakcount_(0) {}

  // The counts belong to a memory location, not to a value: a copy or a move
  // is a new, unowned object, and assigning to an owned object leaves its
  // owners alone.
  intrusive_ptr_target(const intrusive_ptr_target& /*other*/) noexcept
      : intrusive_ptr_target() {}
  intrusive_ptr_target(intrusive_ptr_target&& /*other*/) noexcept
      : intrusive_ptr_target() {}
  intrusive_ptr_target& operator=(
      const intrusive_ptr_target& /*other*/) noexcept {
    return *this;
  }
  intrusive_ptr_target& operator=(intrusive_ptr_target&& /*other*/) noexcept {
    return *this;
  }

  // Only intrusive_ptr / weak_intrusive_ptr delete a target. Destroying one
  // that still has owners (delete p.get(), or a stack object handed to an
  // intrusive_ptr going out of scope) is caught here in debug builds; the
  // thrown c10::Error ends in std::terminate, which prints the message.
  virtual ~intrusive_ptr_target() {
    TORCH_INTERNAL_ASSERT_DEBUG_ONLY(
        refcount_now() == 0 || refcount_now() >= uint32_t{INT_MAX},
        "intrusive_ptr_target destroyed while ",
        refcount_now(),
        " intrusive_ptr still own it");
    // 1: deleted on the last strong release with no weak refs (the "+1" is
    // never given back on that path); 0: deleted by the last weak ref, or
    // never owned; INT_MAX: non-heap object with no weak refs left.
    TORCH_INTERNAL_ASSERT_DEBUG_ONLY(
        weakcount_now() <= 1 || weakcount_now() == uint32_t{INT_MAX},
        "intrusive_ptr_target destroyed while weak_intrusive_ptr still refer "
        "to it (weakcount ",
        weakcount_now(),
        ")");
  }

 private:
  // Called when the last strong reference goes away while weak references
  // remain: free what the object holds (buffers, child pointers) now, because
  // the memory itself has to stay until the last weak reference is gone. No
  // member may be used after this returns except by the destructor.
  virtual void release_resources() {}
};

namespace detail {

template <class TTarget>
struct intrusive_target_default_null_type final {
  static constexpr TTarget* singleton() noexcept {
    return nullptr;
  }
};

// Converts a pointer between two null representations: From's null becomes
// To's null, anything else is an ordinary derived-to-base conversion.
template <class To, class ToNullType, class From, class FromNullType>
inline To* rebind_null(From* p) noexcept {
  if (p == FromNullType::singleton()) {
    return ToNullType::singleton();
  }
  return p;
}

// Counting build (C10_RUNTIME_COUNT_RMW, never in a timing build): every
// atomic read-modify-write on a refcount below also adds one to this
// thread's counter, so that a program can report RMWs per unit of work. A
// plain thread_local, not an atomic: counting must not add RMWs of its own.
#ifdef C10_RUNTIME_COUNT_RMW
inline thread_local uint64_t atomic_rmw_count = 0;
#define C10_RUNTIME_COUNTED_RMW() (++::c10::detail::atomic_rmw_count)
#else
#define C10_RUNTIME_COUNTED_RMW() ((void)0)
#endif

// Memory orders (each count is an atomic that several threads modify).
// Every function returns the count after its update, except the strong
// decrement, which returns it from before.
//
// Strong increment, acq_rel. A new strong reference is always made from an
// existing one, so the object cannot die during the increment and relaxed
// would keep it alive (std::shared_ptr uses relaxed). c10 makes it acq_rel so
// that use_count() and unique(), which read the count with acquire, are
// reliable: the increment is ordered with everything the copying thread did
// before it. On x86-64 both orders are the same `lock xadd`.
inline uint32_t atomic_refcount_increment(std::atomic<uint32_t>& refcount) noexcept {
  C10_RUNTIME_COUNTED_RMW();
  return refcount.fetch_add(1, std::memory_order_acq_rel) + 1;
}

// Weak increment, relaxed. A weak reference is made from a strong or a weak
// one, so the object cannot go away concurrently, and nothing is published by
// the increment; weak_use_count() is a diagnostic. Being a read-modify-write,
// it still continues the release sequences of the decrements around it.
inline uint32_t atomic_weakcount_increment(std::atomic<uint32_t>& weakcount) noexcept {
  C10_RUNTIME_COUNTED_RMW();
  return weakcount.fetch_add(1, std::memory_order_relaxed) + 1;
}

// Decrements, acq_rel. Release: this owner's reads and writes of the object
// happen-before its destruction, whichever thread runs it. Acquire: the
// thread that sees the count reach 0 observes all of those accesses before it
// calls release_resources() or the destructor.
//
// The strong one returns the count from *before* the decrement; the caller
// tests `before == 1`, which GCC and Clang compile to `lock subl $1` and a
// branch on its zero flag when nothing else reads the value (release
// builds), and to `lock xadd` where the debug check below-0 reads it.
inline uint32_t atomic_refcount_decrement_from(std::atomic<uint32_t>& refcount) noexcept {
  C10_RUNTIME_COUNTED_RMW();
  return refcount.fetch_sub(1, std::memory_order_acq_rel);
}

inline uint32_t atomic_weakcount_decrement(std::atomic<uint32_t>& weakcount) noexcept {
  C10_RUNTIME_COUNTED_RMW();
  return weakcount.fetch_sub(1, std::memory_order_acq_rel) - 1;
}

} // namespace detail

template <class TTarget, class NullType>
class weak_intrusive_ptr;

// An owning pointer to a TTarget (which derives from intrusive_ptr_target).
// NullType::singleton() is the value of an empty pointer: nullptr by default,
// or the address of a sentinel object (UndefinedTensorImpl) so that an empty
// pointer can still be dereferenced. The sentinel is never reference counted.
template <
    class TTarget,
    class NullType = detail::intrusive_target_default_null_type<TTarget>>
class intrusive_ptr final {
  // TTarget may be incomplete here (a class holding an intrusive_ptr to
  // itself), so the "derives from intrusive_ptr_target" check lives in the
  // members that need a complete type.
  // Comparing the value with itself forces a constant evaluation.
  static_assert(
      NullType::singleton() == NullType::singleton(), // NOLINT(misc-redundant-expression)
      "NullType::singleton() must be constexpr");
  static_assert(
      std::is_base_of<
          TTarget,
          std::remove_pointer_t<decltype(NullType::singleton())>>::value,
      "NullType::singleton() must return a TTarget* (or a pointer to a class "
      "derived from TTarget)");

  TTarget* target_;

  template <class TTarget2, class NullType2>
  friend class intrusive_ptr;
  friend class weak_intrusive_ptr<TTarget, NullType>;

  void retain_() {
    if (target_ != NullType::singleton()) {
      const uint32_t count =
          detail::atomic_refcount_increment(target_->refcount_);
      TORCH_INTERNAL_ASSERT_DEBUG_ONLY(
          count != 1,
          "intrusive_ptr: cannot add an owner to an object whose refcount is 0 "
          "(it was never owned by an intrusive_ptr, or it already expired)");
      TORCH_INTERNAL_ASSERT_DEBUG_ONLY(
          count != 0, "intrusive_ptr: more than 2^32 - 1 owners of one object");
    }
  }

  // No "sole owner" shortcut (load both counts, delete without the locked
  // decrement if they are 1/1): measured, it saves ~7 ns when an unshared
  // object dies but adds 3-6 ns to every release that follows a copy (the
  // load must wait for the copy's locked increment, the decrement for the
  // load), and the example interpreter got 12 % slower. docs/runtime.md.
  void reset_() noexcept {
    if (target_ != NullType::singleton()) {
      const uint32_t before =
          detail::atomic_refcount_decrement_from(target_->refcount_);
      if (C10_UNLIKELY(before == 1)) {
        destroy_after_last_owner_(target_);
      }
      TORCH_INTERNAL_ASSERT_DEBUG_ONLY(
          before != 0,
          "intrusive_ptr: refcount went below 0; the object was released more "
          "often than it was owned (a reclaim() without a matching release()?)");
    }
  }

  // Kept out of line: the common case of reset_() is one atomic decrement.
  // Called after the decrement that took refcount_ to 0. The usual case, no
  // weak refs, is a load, a compare and the deleting destructor's tail call,
  // without a stack frame; the rest is out of line again.
  C10_NOINLINE static void destroy_after_last_owner_(TTarget* target) noexcept {
    static_assert(
        std::is_base_of<intrusive_ptr_target, TTarget>::value,
        "intrusive_ptr<T> requires T to derive from c10::intrusive_ptr_target");
    // weakcount == 1 is the strong side's own +1: no weak refs exist, and
    // none can appear (making one needs a strong ref -- there are none -- or
    // another weak ref). The value read is the initial one or a weak
    // holder's decrement (a release, its release sequence continued by the
    // relaxed weak increments), so with acquire every former weak holder's
    // accesses happen-before the delete. A weak holder's lock() racing this
    // cannot succeed: refcount_ is 0 and never rises from 0 (I2).
    if (C10_LIKELY(target->weakcount_.load(std::memory_order_acquire) == 1)) {
      delete_target_(target);
      return;
    }
    release_resources_after_last_owner_(target);
  }

  // The last owner is gone and weak refs remain: free what the object holds,
  // then give back the strong side's +1. The weakcount decrement (acq_rel)
  // decides between this thread and the last weak holder who deletes.
  C10_NOINLINE static void release_resources_after_last_owner_(
      TTarget* target) noexcept {
    // release_resources() is private in intrusive_ptr_target, which
    // befriends us; call it through the base so a derived override's
    // access does not matter. const_cast: like a destructor, it may run on
    // an object only ever seen as const.
    auto* base = static_cast<intrusive_ptr_target*>(
        const_cast<std::remove_const_t<TTarget>*>(target));
    base->release_resources();
    if (detail::atomic_weakcount_decrement(target->weakcount_) == 0) {
      delete_target_(target);
    }
  }

  // `target` is never null here (it held a reference); saying so spares the
  // delete expression its null test.
  static void delete_target_(TTarget* target) noexcept {
#if defined(__GNUC__) || defined(__clang__)
    if (target == nullptr) {
      __builtin_unreachable();
    }
#endif
    delete target;
  }

  // Adopts a freshly allocated object as its first owner.
  explicit intrusive_ptr(TTarget* target)
      : intrusive_ptr(target, raw::DontIncreaseRefcount{}) {
    if (target_ != NullType::singleton()) {
      TORCH_INTERNAL_ASSERT_DEBUG_ONLY(
          target_->refcount_.load(std::memory_order_relaxed) == 0 &&
              target_->weakcount_.load(std::memory_order_relaxed) == 0,
          "intrusive_ptr: a new object must have refcount 0 and weakcount 0, "
          "but it has ",
          target_->refcount_now(),
          " and ",
          target_->weakcount_now(),
          " (already owned, or its constructor made an intrusive_ptr to "
          "`this`)");
      initialise_counts_(target_, 1, 1);
    }
  }

  // Sets the counts of an object no other thread can see yet. They are
  // initialised, not atomically stored: the atomic is constructed anew over
  // the old one (same type, not const: the member names the new object,
  // [basic.life]). Whatever later hands the pointer to another thread (a
  // mutex, a queue, starting the thread) orders the write. Why not a
  // relaxed store(): both are a plain `mov` on x86-64, but GCC treats any
  // atomic operation as a barrier for memory whose address escaped, so it
  // could no longer see that the IValues a Tuple was just built from are
  // moved-from Nones and destroyed each of them with a full refcount test
  // (Tuple::create of 3: 141 -> 115 instructions).
  static void initialise_counts_(
      TTarget* target,
      uint32_t refcount,
      uint32_t weakcount) noexcept {
    new (&target->refcount_) std::atomic<uint32_t>(refcount);
    new (&target->weakcount_) std::atomic<uint32_t>(weakcount);
  }

 public:
  using element_type = TTarget;

  intrusive_ptr() noexcept
      : intrusive_ptr(NullType::singleton(), raw::DontIncreaseRefcount{}) {}

  // Implicit, as in PyTorch 2.x: `return nullptr;` from a function returning
  // a handle. Empty as the default constructor (NullType's sentinel).
  intrusive_ptr(std::nullptr_t) noexcept // NOLINT(google-explicit-constructor)
      : intrusive_ptr(NullType::singleton(), raw::DontIncreaseRefcount{}) {}

  // Wraps `target` without adding a reference: the new pointer takes over one
  // that the caller already counted.
  explicit intrusive_ptr(TTarget* target, raw::DontIncreaseRefcount) noexcept
      : target_(target) {}

  explicit intrusive_ptr(std::unique_ptr<TTarget> rhs) noexcept
      : intrusive_ptr(rhs.release()) {}

  intrusive_ptr(intrusive_ptr&& rhs) noexcept : target_(rhs.target_) {
    rhs.target_ = NullType::singleton();
  }

  template <class From, class FromNullType>
  /* implicit */ intrusive_ptr(intrusive_ptr<From, FromNullType>&& rhs) noexcept
      : target_(detail::rebind_null<TTarget, NullType, From, FromNullType>(
            rhs.target_)) {
    static_assert(
        std::is_convertible<From*, TTarget*>::value,
        "intrusive_ptr: cannot move from a pointer to an unrelated type");
    rhs.target_ = FromNullType::singleton();
  }

  intrusive_ptr(const intrusive_ptr& rhs) : target_(rhs.target_) {
    retain_();
  }

  template <class From, class FromNullType>
  /* implicit */ intrusive_ptr(const intrusive_ptr<From, FromNullType>& rhs)
      : target_(detail::rebind_null<TTarget, NullType, From, FromNullType>(
            rhs.target_)) {
    static_assert(
        std::is_convertible<From*, TTarget*>::value,
        "intrusive_ptr: cannot copy from a pointer to an unrelated type");
    retain_();
  }

  ~intrusive_ptr() noexcept {
    reset_();
  }

  intrusive_ptr& operator=(intrusive_ptr&& rhs) & noexcept {
    intrusive_ptr tmp(std::move(rhs));
    swap(tmp);
    return *this;
  }

  template <class From, class FromNullType>
  intrusive_ptr& operator=(intrusive_ptr<From, FromNullType>&& rhs) & noexcept {
    intrusive_ptr tmp(std::move(rhs));
    swap(tmp);
    return *this;
  }

  // noexcept as in c10: the only throw is a debug assertion, which then
  // terminates with its message.
  intrusive_ptr& operator=(const intrusive_ptr& rhs) & noexcept { // NOLINT(bugprone-unhandled-self-assignment): copy-and-swap
    intrusive_ptr tmp(rhs);
    swap(tmp);
    return *this;
  }

  template <class From, class FromNullType>
  intrusive_ptr& operator=(const intrusive_ptr<From, FromNullType>& rhs) & {
    intrusive_ptr tmp(rhs);
    swap(tmp);
    return *this;
  }

  TTarget* get() const noexcept {
    return target_;
  }

  TTarget& operator*() const noexcept {
    return *target_;
  }

  TTarget* operator->() const noexcept {
    return target_;
  }

  // Implicit, as in libtorch 1.13 (code relies on `bool b = ptr;`).
  operator bool() const noexcept {
    return target_ != NullType::singleton();
  }

  void reset() noexcept {
    reset_();
    target_ = NullType::singleton();
  }

  void swap(intrusive_ptr& rhs) noexcept {
    std::swap(target_, rhs.target_);
  }

  bool defined() const noexcept {
    return target_ != NullType::singleton();
  }

  // Acquire loads: pair with the acq_rel updates, so a caller that sees
  // unique() also sees every access the former co-owners made before they let
  // go -- mutating in place after `if (p.unique())` is then race-free.
  size_t use_count() const noexcept {
    if (target_ == NullType::singleton()) {
      return 0;
    }
    return target_->refcount_now();
  }

  size_t weak_use_count() const noexcept {
    if (target_ == NullType::singleton()) {
      return 0;
    }
    return target_->weakcount_now();
  }

  bool unique() const noexcept {
    return use_count() == 1;
  }

  // Gives up ownership without decrementing: returns the raw pointer, which
  // now carries the reference, and leaves this pointer empty. Hand it back
  // with reclaim() (or raw::intrusive_ptr::decref) exactly once.
  TTarget* release() noexcept {
    TTarget* result = target_;
    target_ = NullType::singleton();
    return result;
  }

  // The inverse of release(): adopts the reference `owning_ptr` carries.
  static intrusive_ptr reclaim(TTarget* owning_ptr) {
    TORCH_INTERNAL_ASSERT_DEBUG_ONLY(
        owning_ptr == NullType::singleton() ||
            owning_ptr->refcount_now() > 0,
        "intrusive_ptr::reclaim: the pointer carries no reference (refcount "
        "is 0); reclaim only takes what release() returned -- use "
        "make_intrusive or unsafe_steal_from_new for a new object");
    return intrusive_ptr(owning_ptr, raw::DontIncreaseRefcount{});
  }

  // A new owner of an object some raw pointer already owns; the raw pointer
  // keeps its reference.
  static intrusive_ptr reclaim_copy(TTarget* owning_ptr) {
    auto result = reclaim(owning_ptr);
    result.retain_();
    return result;
  }

  template <class... Args>
  static intrusive_ptr make(Args&&... args) {
    return intrusive_ptr(new TTarget(std::forward<Args>(args)...));
  }

  // Adopts an object just made with `new TTarget(...)`. Prefer make_intrusive,
  // which cannot be handed anything else.
  static intrusive_ptr unsafe_steal_from_new(TTarget* raw_ptr) {
    return intrusive_ptr(raw_ptr);
  }

  // Wraps an object that is not to be deleted by refcounting (an arena or a
  // stack object that outlives every copy). The counts start at INT_MAX, far
  // from 0, so no sequence of owners ever deletes it. In debug builds the
  // start is INT_MAX + expected_decrefs, so that more decrefs than expected
  // drive the refcount below INT_MAX and the target's destructor reports it.
  static intrusive_ptr unsafe_adapt_non_heap_allocated(
      TTarget* raw_ptr,
      size_t expected_decrefs) {
    intrusive_ptr result(raw_ptr, raw::DontIncreaseRefcount{});
#ifdef NDEBUG
    expected_decrefs = 0;
#endif
    // As in the adopting constructor, the caller is the only user.
    initialise_counts_(
        result.target_,
        static_cast<uint32_t>(INT_MAX + expected_decrefs),
        uint32_t{INT_MAX});
    return result;
  }

  // A new owner made from a raw pointer that does not itself own a reference
  // (`this` inside a member function) -- the analogue of
  // shared_from_this(). The object must already be owned.
  static intrusive_ptr unsafe_reclaim_from_nonowning(TTarget* raw_ptr) {
    TORCH_INTERNAL_ASSERT_DEBUG_ONLY(
        raw_ptr == NullType::singleton() ||
            raw_ptr->refcount_now() > 0,
        "intrusive_ptr::unsafe_reclaim_from_nonowning: the object has no "
        "owner (refcount is 0); it was not made by make_intrusive, or it "
        "already expired");
    auto result = intrusive_ptr(raw_ptr, raw::DontIncreaseRefcount{});
    result.retain_();
    return result;
  }
};

template <
    class TTarget,
    class NullType = detail::intrusive_target_default_null_type<TTarget>,
    class... Args>
inline intrusive_ptr<TTarget, NullType> make_intrusive(Args&&... args) {
  return intrusive_ptr<TTarget, NullType>::make(std::forward<Args>(args)...);
}

template <class TTarget, class NullType>
inline void swap(
    intrusive_ptr<TTarget, NullType>& lhs,
    intrusive_ptr<TTarget, NullType>& rhs) noexcept {
  lhs.swap(rhs);
}

// Ordering and equality are by address, so pointers work as keys of std::map
// and std::set. Note that `p == nullptr` compares get() with nullptr: with a
// non-null NullType an empty pointer is != nullptr; test defined() instead.
template <class TTarget1, class NullType1, class TTarget2, class NullType2>
inline bool operator<(
    const intrusive_ptr<TTarget1, NullType1>& lhs,
    const intrusive_ptr<TTarget2, NullType2>& rhs) noexcept {
  return lhs.get() < rhs.get();
}

template <class TTarget1, class NullType1, class TTarget2, class NullType2>
inline bool operator==(
    const intrusive_ptr<TTarget1, NullType1>& lhs,
    const intrusive_ptr<TTarget2, NullType2>& rhs) noexcept {
  return lhs.get() == rhs.get();
}

template <class TTarget, class NullType>
inline bool operator==(
    const intrusive_ptr<TTarget, NullType>& lhs,
    std::nullptr_t) noexcept {
  return lhs.get() == nullptr;
}

template <class TTarget, class NullType>
inline bool operator==(
    std::nullptr_t,
    const intrusive_ptr<TTarget, NullType>& rhs) noexcept {
  return nullptr == rhs.get();
}

template <class TTarget1, class NullType1, class TTarget2, class NullType2>
inline bool operator!=(
    const intrusive_ptr<TTarget1, NullType1>& lhs,
    const intrusive_ptr<TTarget2, NullType2>& rhs) noexcept {
  return !(lhs == rhs);
}

template <class TTarget, class NullType>
inline bool operator!=(
    const intrusive_ptr<TTarget, NullType>& lhs,
    std::nullptr_t) noexcept {
  return !(lhs == nullptr);
}

template <class TTarget, class NullType>
inline bool operator!=(
    std::nullptr_t,
    const intrusive_ptr<TTarget, NullType>& rhs) noexcept {
  return !(nullptr == rhs);
}

// A borrowed intrusive_ptr is an intrusive_ptr that holds the pointer without
// a reference: made with reclaim() (no increment) and dropped with release()
// (no decrement), so borrowing costs no atomic operation.
template <typename T>
struct MaybeOwnedTraits<c10::intrusive_ptr<T>> {
  using owned_type = c10::intrusive_ptr<T>;
  using borrow_type = c10::intrusive_ptr<T>;

  static borrow_type createBorrow(const owned_type& from) {
    return borrow_type(from.get(), raw::DontIncreaseRefcount{});
  }

  // A borrow holds no reference: release() forgets the pointer without a
  // decref, which is exactly what dropping a borrow must do.
  static void assignBorrow(borrow_type& lhs, const borrow_type& rhs) {
    (void)lhs.release();
    lhs = borrow_type(rhs.get(), raw::DontIncreaseRefcount{});
  }

  static void destroyBorrow(borrow_type& toDestroy) {
    (void)toDestroy.release();
  }

  // The borrow is the caller's MaybeOwned member, which outlives the result.
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

// A non-owning pointer that can tell whether its object still has owners and,
// if so, become one (lock()). It keeps the memory of the object alive -- not
// its resources, which release_resources() frees when the last owner goes.
// As in libtorch 1.13 it has no default constructor: it is always made from
// an intrusive_ptr (possibly an empty one).
template <
    typename TTarget,
    class NullType = detail::intrusive_target_default_null_type<TTarget>>
class weak_intrusive_ptr final {
  // Comparing the value with itself forces a constant evaluation.
  static_assert(
      NullType::singleton() == NullType::singleton(), // NOLINT(misc-redundant-expression)
      "NullType::singleton() must be constexpr");
  static_assert(
      std::is_base_of<
          TTarget,
          std::remove_pointer_t<decltype(NullType::singleton())>>::value,
      "NullType::singleton() must return a TTarget* (or a pointer to a class "
      "derived from TTarget)");

  TTarget* target_;

  template <class TTarget2, class NullType2>
  friend class weak_intrusive_ptr;

  void retain_() {
    if (target_ != NullType::singleton()) {
      const uint32_t count =
          detail::atomic_weakcount_increment(target_->weakcount_);
      TORCH_INTERNAL_ASSERT_DEBUG_ONLY(
          count != 1,
          "weak_intrusive_ptr: cannot add a weak reference to an object whose "
          "weakcount is 0 (never owned, or already deleted)");
    }
  }

  void reset_() noexcept {
    static_assert(
        std::is_base_of<intrusive_ptr_target, TTarget>::value,
        "weak_intrusive_ptr<T> requires T to derive from "
        "c10::intrusive_ptr_target");
    if (target_ != NullType::singleton()) {
      const uint32_t weakcount =
          detail::atomic_weakcount_decrement(target_->weakcount_);
      TORCH_INTERNAL_ASSERT_DEBUG_ONLY(
          weakcount != uint32_t(-1),
          "weak_intrusive_ptr: weakcount went below 0; a weak reference was "
          "released twice");
      // Reaching 0 means the strong side has already given back its +1, so
      // the refcount is 0 and release_resources() has run: only the memory is
      // left to free.
      if (weakcount == 0) {
        delete target_;
      }
    }
    target_ = NullType::singleton();
  }

  explicit weak_intrusive_ptr(TTarget* target) noexcept : target_(target) {}

 public:
  using element_type = TTarget;

  explicit weak_intrusive_ptr(const intrusive_ptr<TTarget, NullType>& ptr)
      : weak_intrusive_ptr(ptr.get()) {
    retain_();
  }

  weak_intrusive_ptr(weak_intrusive_ptr&& rhs) noexcept : target_(rhs.target_) {
    rhs.target_ = NullType::singleton();
  }

  template <class From, class FromNullType>
  /* implicit */ weak_intrusive_ptr(
      weak_intrusive_ptr<From, FromNullType>&& rhs) noexcept
      : target_(detail::rebind_null<TTarget, NullType, From, FromNullType>(
            rhs.target_)) {
    static_assert(
        std::is_convertible<From*, TTarget*>::value,
        "weak_intrusive_ptr: cannot move from a pointer to an unrelated type");
    rhs.target_ = FromNullType::singleton();
  }

  weak_intrusive_ptr(const weak_intrusive_ptr& rhs) : target_(rhs.target_) {
    retain_();
  }

  template <class From, class FromNullType>
  /* implicit */ weak_intrusive_ptr(
      const weak_intrusive_ptr<From, FromNullType>& rhs)
      : target_(detail::rebind_null<TTarget, NullType, From, FromNullType>(
            rhs.target_)) {
    static_assert(
        std::is_convertible<From*, TTarget*>::value,
        "weak_intrusive_ptr: cannot copy from a pointer to an unrelated type");
    retain_();
  }

  ~weak_intrusive_ptr() noexcept {
    reset_();
  }

  weak_intrusive_ptr& operator=(weak_intrusive_ptr&& rhs) & noexcept {
    weak_intrusive_ptr tmp(std::move(rhs));
    swap(tmp);
    return *this;
  }

  template <class From, class FromNullType>
  weak_intrusive_ptr& operator=(
      weak_intrusive_ptr<From, FromNullType>&& rhs) & noexcept {
    weak_intrusive_ptr tmp(std::move(rhs));
    swap(tmp);
    return *this;
  }

  weak_intrusive_ptr& operator=(const weak_intrusive_ptr& rhs) & noexcept { // NOLINT(bugprone-unhandled-self-assignment): copy-and-swap
    weak_intrusive_ptr tmp(rhs);
    swap(tmp);
    return *this;
  }

  template <class From, class FromNullType>
  weak_intrusive_ptr& operator=(
      const weak_intrusive_ptr<From, FromNullType>& rhs) & {
    weak_intrusive_ptr tmp(rhs);
    swap(tmp);
    return *this;
  }

  weak_intrusive_ptr& operator=(
      const intrusive_ptr<TTarget, NullType>& rhs) & noexcept {
    weak_intrusive_ptr tmp(rhs);
    swap(tmp);
    return *this;
  }

  void reset() noexcept {
    reset_();
  }

  void swap(weak_intrusive_ptr& rhs) noexcept {
    std::swap(target_, rhs.target_);
  }

  // The pointer without any check that the object is alive; for hashing.
  TTarget* _unsafe_get_target() const noexcept {
    return target_;
  }

  // The number of strong owners left (0 once expired).
  size_t use_count() const noexcept {
    if (target_ == NullType::singleton()) {
      return 0;
    }
    return target_->refcount_now();
  }

  size_t weak_use_count() const noexcept {
    if (target_ == NullType::singleton()) {
      return 0;
    }
    return target_->weakcount_now();
  }

  bool expired() const noexcept {
    return use_count() == 0;
  }

  // A new owner if the object still has one, else an empty pointer.
  //
  // Race-free against the last owner's release: the increment is a
  // compare-exchange from a value seen to be non-zero, so the refcount never
  // goes 0 -> 1 (invariant I2). If the last release's decrement comes first
  // in the count's modification order, the exchange fails, reloads 0 and
  // lock() returns empty; if the exchange comes first, that decrement leaves
  // 1, not 0, and nothing is destroyed. Our weak reference keeps the counters
  // readable throughout.
  //
  // Orders: success is acq_rel, like any strong increment; the loads only
  // decide whether to retry, so acquire is ample (and free on x86-64).
  intrusive_ptr<TTarget, NullType> lock() const noexcept {
    if (target_ == NullType::singleton()) {
      return intrusive_ptr<TTarget, NullType>();
    }
    uint32_t refcount = target_->refcount_.load(std::memory_order_acquire);
    do {
      if (refcount == 0) {
        return intrusive_ptr<TTarget, NullType>();
      }
      C10_RUNTIME_COUNTED_RMW();
    } while (!target_->refcount_.compare_exchange_weak(
        refcount,
        refcount + 1,
        std::memory_order_acq_rel,
        std::memory_order_acquire));
    return intrusive_ptr<TTarget, NullType>(
        target_, raw::DontIncreaseRefcount{});
  }

  // Gives up the weak reference without decrementing; hand the result back
  // with weak_intrusive_ptr::reclaim() exactly once.
  TTarget* release() noexcept {
    TTarget* result = target_;
    target_ = NullType::singleton();
    return result;
  }

  // The inverse of release(): adopts the weak reference the pointer carries.
  static weak_intrusive_ptr reclaim(TTarget* owning_weak_ptr) {
    // A carried weak ref means weakcount > 1 while owned (the strong side
    // holds the other 1), or weakcount > 0 once expired.
    TORCH_INTERNAL_ASSERT_DEBUG_ONLY(
        owning_weak_ptr == NullType::singleton() ||
            owning_weak_ptr->weakcount_now() > 1 ||
            (owning_weak_ptr->refcount_now() == 0 &&
             owning_weak_ptr->weakcount_now() > 0),
        "weak_intrusive_ptr::reclaim: the pointer carries no weak reference "
        "(refcount ",
        owning_weak_ptr->refcount_now(),
        ", weakcount ",
        owning_weak_ptr->weakcount_now(),
        "); reclaim only takes what weak_intrusive_ptr::release() returned");
    return weak_intrusive_ptr(owning_weak_ptr);
  }

  // A new weak reference from a raw pointer that carries one (as
  // release() returns); the raw pointer keeps its own. Debug builds apply
  // reclaim()'s check, so a strong raw pointer qualifies only while some
  // weak reference exists.
  static weak_intrusive_ptr reclaim_copy(TTarget* owning_ptr) {
    auto result = reclaim(owning_ptr);
    result.retain_();
    return result;
  }

  template <class TTarget1, class NullType1, class TTarget2, class NullType2>
  friend bool operator<(
      const weak_intrusive_ptr<TTarget1, NullType1>& lhs,
      const weak_intrusive_ptr<TTarget2, NullType2>& rhs) noexcept;
  template <class TTarget1, class NullType1, class TTarget2, class NullType2>
  friend bool operator==(
      const weak_intrusive_ptr<TTarget1, NullType1>& lhs,
      const weak_intrusive_ptr<TTarget2, NullType2>& rhs) noexcept;
};

template <class TTarget, class NullType>
inline void swap(
    weak_intrusive_ptr<TTarget, NullType>& lhs,
    weak_intrusive_ptr<TTarget, NullType>& rhs) noexcept {
  lhs.swap(rhs);
}

template <class TTarget1, class NullType1, class TTarget2, class NullType2>
inline bool operator<(
    const weak_intrusive_ptr<TTarget1, NullType1>& lhs,
    const weak_intrusive_ptr<TTarget2, NullType2>& rhs) noexcept {
  return lhs.target_ < rhs.target_;
}

template <class TTarget1, class NullType1, class TTarget2, class NullType2>
inline bool operator==(
    const weak_intrusive_ptr<TTarget1, NullType1>& lhs,
    const weak_intrusive_ptr<TTarget2, NullType2>& rhs) noexcept {
  return lhs.target_ == rhs.target_;
}

template <class TTarget1, class NullType1, class TTarget2, class NullType2>
inline bool operator!=(
    const weak_intrusive_ptr<TTarget1, NullType1>& lhs,
    const weak_intrusive_ptr<TTarget2, NullType2>& rhs) noexcept {
  return !(lhs == rhs);
}

// Documents that a raw intrusive_ptr_target* carries a weak reference.
using weak_intrusive_ptr_target = intrusive_ptr_target;

// Reference counting on raw pointers, for code that stores a target pointer
// outside any smart pointer (IValue's payload, C APIs). Each function says
// whether its argument carries a strong or a weak reference; mixing them up
// breaks the counts.
namespace raw {

namespace intrusive_ptr {

// Adds a strong reference. `self` must be a live, owned object or nullptr
// (not a NullType sentinel).
inline void incref(intrusive_ptr_target* self) {
  if (self) {
    detail::atomic_refcount_increment(self->refcount_);
  }
}

// Drops the strong reference `self` carries; may destroy the object.
inline void decref(intrusive_ptr_target* self) {
  // Adopt the reference and drop it at once: that is what decref means.
  (void)c10::intrusive_ptr<intrusive_ptr_target>::reclaim(self);
}

// Turns a strong raw pointer into a weak raw pointer to the same object:
// adds a weak reference; `self` keeps its strong one.
template <typename T>
inline T* make_weak(T* self) {
  auto strong = c10::intrusive_ptr<T>::reclaim(self);
  c10::weak_intrusive_ptr<T> weak(strong);
  strong.release();
  return weak.release();
}

inline size_t use_count(intrusive_ptr_target* self) {
  auto strong = c10::intrusive_ptr<intrusive_ptr_target>::reclaim(self);
  const size_t count = strong.use_count();
  strong.release();
  return count;
}

} // namespace intrusive_ptr

namespace weak_intrusive_ptr {

inline void incref(weak_intrusive_ptr_target* self) {
  detail::atomic_weakcount_increment(self->weakcount_);
}

inline void decref(weak_intrusive_ptr_target* self) {
  c10::weak_intrusive_ptr<intrusive_ptr_target>::reclaim(self);
}

// A strong raw pointer from a weak one, or nullptr if the object expired; the
// weak reference is kept.
template <typename T>
inline T* lock(T* self) {
  auto weak = c10::weak_intrusive_ptr<T>::reclaim(self);
  auto strong = weak.lock();
  weak.release();
  return strong.release();
}

// The strong count of the object a weak raw pointer refers to.
inline size_t use_count(weak_intrusive_ptr_target* self) {
  auto weak = c10::weak_intrusive_ptr<intrusive_ptr_target>::reclaim(self);
  const size_t count = weak.use_count();
  weak.release();
  return count;
}

} // namespace weak_intrusive_ptr

} // namespace raw

} // namespace c10

namespace std {

template <class TTarget, class NullType>
struct hash<c10::intrusive_ptr<TTarget, NullType>> {
  size_t operator()(const c10::intrusive_ptr<TTarget, NullType>& x) const {
    return std::hash<TTarget*>()(x.get());
  }
};

template <class TTarget, class NullType>
struct hash<c10::weak_intrusive_ptr<TTarget, NullType>> {
  size_t operator()(const c10::weak_intrusive_ptr<TTarget, NullType>& x) const {
    return std::hash<TTarget*>()(x._unsafe_get_target());
  }
};

} // namespace std
