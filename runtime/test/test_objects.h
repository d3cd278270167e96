// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

// Objects the runtime tests point at. They count their own lifecycle events so
// that a test can assert what a user would notice: whether, when and how
// often an object was destroyed or had its resources released.
//
// The same test sources compile against the reference runtime and against
// libtorch 1.13 (the `libtorch` ctest label); C10TIDY_REFERENCE_RUNTIME, set
// only by the reference runtime's c10/macros/Macros.h, tells them apart.

#include <c10/util/intrusive_ptr.h>

#include <gtest/gtest.h>

// Each build must see the implementation it asked for.
#if defined(C10TIDY_TEST_AGAINST_LIBTORCH) && defined(C10TIDY_REFERENCE_RUNTIME)
#error "libtorch compatibility build picked up the reference runtime's headers"
#endif
#if !defined(C10TIDY_TEST_AGAINST_LIBTORCH) && !defined(C10TIDY_REFERENCE_RUNTIME)
#error "runtime build picked up libtorch's c10 headers instead of runtime/include"
#endif

#include <string>

struct LifecycleCounts {
  int constructed = 0;
  int destroyed = 0;
  int resources_released = 0;
};

class Tracked : public c10::intrusive_ptr_target {
 public:
  explicit Tracked(LifecycleCounts* counts, int value = 0)
      : value(value), counts_(counts) {
    ++counts_->constructed;
  }
  ~Tracked() override {
    ++counts_->destroyed;
  }

  // Public because libtorch 1.13 calls it through the derived type.
  void release_resources() override {
    ++counts_->resources_released;
    payload.clear();
  }

  int value;
  std::string payload = "resources";

 private:
  LifecycleCounts* counts_;
};

class TrackedChild final : public Tracked {
 public:
  using Tracked::Tracked;
  int child_value = 7;
};

// A target with value semantics, for the "copy/move of a target" rules.
class Plain : public c10::intrusive_ptr_target {
 public:
  explicit Plain(int v) : value(v) {}
  int value;
};

// A hierarchy with a non-null "undefined" sentinel, the shape of
// intrusive_ptr<TensorImpl, UndefinedTensorImpl>.
class Widget : public c10::intrusive_ptr_target {
 public:
  virtual bool is_undefined() const {
    return false;
  }
  int value = 1;
};

class UndefinedWidget final : public Widget {
 public:
  bool is_undefined() const override {
    return true;
  }
};

inline UndefinedWidget undefined_widget;

struct UndefinedWidgetNull {
  static constexpr Widget* singleton() noexcept {
    return &undefined_widget;
  }
};

using WidgetPtr = c10::intrusive_ptr<Widget, UndefinedWidgetNull>;
using WeakWidgetPtr = c10::weak_intrusive_ptr<Widget, UndefinedWidgetNull>;

// Debug-build misuse checks. Both implementations throw c10::Error from a
// TORCH_INTERNAL_ASSERT_DEBUG_ONLY; wrapping the statement in a noexcept
// lambda turns the throw into std::terminate, whose handler prints what().
// The message text is implementation-specific: ours is matched exactly,
// libtorch's only by its common "INTERNAL ASSERT FAILED" marker.
#ifdef C10TIDY_REFERENCE_RUNTIME
#define MISUSE_MESSAGE(ours) ours
#else
#define MISUSE_MESSAGE(ours) "INTERNAL ASSERT FAILED"
#endif

#define EXPECT_MISUSE_DEATH(statement, ours_regex) \
  EXPECT_DEATH(([&]() noexcept { statement; })(), MISUSE_MESSAGE(ours_regex))

#ifdef NDEBUG
#define SKIP_IN_RELEASE() \
  GTEST_SKIP() << "misuse checks exist only in debug builds (NDEBUG is set)"
#else
#define SKIP_IN_RELEASE() static_cast<void>(0)
#endif

#ifdef C10TIDY_REFERENCE_RUNTIME
#define SKIP_ON_LIBTORCH() static_cast<void>(0)
#else
#define SKIP_ON_LIBTORCH() \
  GTEST_SKIP() << "libtorch 1.13 does not check this misuse"
#endif
