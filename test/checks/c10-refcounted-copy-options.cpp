// Default classes: IValue, at::Tensor and every c10::intrusive_ptr<T>.
// RUN: %check_c10_tidy -check-suffix=DEFAULT %s c10-refcounted-copy %t-default
//
// RefcountedClasses replaces the list; a class template's name matches all of
// its specialisations:
// RUN: %check_c10_tidy -check-suffix=FORK %s c10-refcounted-copy %t-fork \
// RUN:   -config-options="{RefcountedClasses: 'c10::IValue;::myfork::Handle'}"
//
// A malformed option is a configuration error (non-zero exit), not a crash:
// RUN: not %clang_tidy_plugin %s --config="{Checks: '-*,c10-refcounted-copy', \
// RUN:   CheckOptions: {c10-refcounted-copy.RefcountedClasses: 'c10::IValue;my fork::Handle'}}" \
// RUN:   -- %c10_flags 2>&1 | %FileCheck %s --check-prefix=BAD
// BAD: error: invalid value 'my fork::Handle' in option 'c10-refcounted-copy.RefcountedClasses': expected a ';'-separated list of qualified class or class template names such as '::c10::IValue;::c10::intrusive_ptr'; the check is disabled [clang-tidy-config]
// RUN: not %clang_tidy_plugin %s --config="{Checks: '-*,c10-refcounted-copy', \
// RUN:   CheckOptions: {c10-refcounted-copy.RefcountedClasses: ''}}" \
// RUN:   -- %c10_flags 2>&1 | %FileCheck %s --check-prefix=EMPTY
// EMPTY: error: invalid value '' in option 'c10-refcounted-copy.RefcountedClasses'
// REQUIRES: c10-ivalue, aten-tensor

#include <ATen/core/ivalue.h>
#include <ATen/core/Tensor.h>
#include <cstdint>

namespace myfork {
// A fork's own refcounted handle.
template <typename T> class Handle {
public:
  Handle() = default;
  Handle(const Handle &other) : target_(other.target_) {}
  const T *get() const { return target_; }

private:
  T *target_ = nullptr;
};
} // namespace myfork

struct Model {
  at::Tensor weight;
  c10::IValue config;
  myfork::Handle<int> handle;
  c10::intrusive_ptr<c10::ivalue::Tuple> meta;
};

std::int64_t use(const at::Tensor &);
std::int64_t use(const c10::IValue &);
std::int64_t use(const myfork::Handle<int> &);
std::int64_t use(const c10::intrusive_ptr<c10::ivalue::Tuple> &);

std::int64_t read(const Model &m) {
  at::Tensor w = m.weight;
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:14: warning: 'w' copies a refcounted 'at::Tensor'
  // CHECK-FIXES-DEFAULT: {{^}}  const at::Tensor& w = m.weight;{{$}}
  // CHECK-FIXES-FORK: {{^}}  at::Tensor w = m.weight;{{$}}
  c10::IValue c = m.config;
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:15: warning: 'c' copies a refcounted 'c10::IValue'
  // CHECK-MESSAGES-FORK: :[[@LINE-2]]:15: warning: 'c' copies a refcounted 'c10::IValue'
  // CHECK-FIXES-DEFAULT: {{^}}  const c10::IValue& c = m.config;{{$}}
  // CHECK-FIXES-FORK: {{^}}  const c10::IValue& c = m.config;{{$}}
  myfork::Handle<int> h = m.handle;
  // CHECK-MESSAGES-FORK: :[[@LINE-1]]:23: warning: 'h' copies a refcounted 'myfork::Handle'
  // CHECK-FIXES-DEFAULT: {{^}}  myfork::Handle<int> h = m.handle;{{$}}
  // CHECK-FIXES-FORK: {{^}}  const myfork::Handle<int>& h = m.handle;{{$}}
  auto meta = m.meta;
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:8: warning: 'meta' copies a refcounted 'c10::intrusive_ptr'
  // CHECK-FIXES-DEFAULT: {{^}}  const auto& meta = m.meta;{{$}}
  // CHECK-FIXES-FORK: {{^}}  auto meta = m.meta;{{$}}
  return use(w) + use(c) + use(h) + use(meta);
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
