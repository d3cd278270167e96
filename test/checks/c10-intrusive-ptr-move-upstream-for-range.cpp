// Users run performance-for-range-copy beside ours. Where it advises
// `const auto&` for a by-value range-for variable, c10-intrusive-ptr-move
// must not advise moving the same variable at its last use (the two fixes
// contradict each other). Without it, the move is ours.
// REQUIRES: c10-ivalue, aten-tensor
// RUN: %check_c10_tidy %s 'c10-intrusive-ptr-move,performance-for-range-copy' %t
// RUN: %check_c10_tidy -check-suffix=ALONE %s c10-intrusive-ptr-move %t-alone

#include <ATen/core/ivalue.h>
#include <vector>

void forward(const std::vector<at::Tensor> &in, std::vector<at::Tensor> &out) {
  for (auto t : in)
    out.push_back(t);
  // CHECK-MESSAGES: :[[@LINE-2]]:13: warning: loop variable is copied but only used as const reference; consider making it a const reference [performance-for-range-copy]
  // CHECK-FIXES: {{^}}  for (const auto& t : in){{$}}
  // CHECK-MESSAGES-ALONE: :[[@LINE-3]]:19: warning: 't' is copied at its last use; move it {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES-ALONE: {{^}}    out.push_back(std::move(t));{{$}}
}

// The body changes the copy: upstream is silent, the move stays ours.
void changedInBody(const std::vector<at::Tensor> &in, std::vector<at::Tensor> &out) {
  for (auto t : in) {
    t = at::Tensor();
    out.push_back(t);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 't' is copied at its last use; move it {{.*}}[c10-intrusive-ptr-move]
    // CHECK-FIXES: {{^}}    out.push_back(std::move(t));{{$}}
    // CHECK-MESSAGES-ALONE: :[[@LINE-3]]:19: warning: 't' is copied at its last use; move it {{.*}}[c10-intrusive-ptr-move]
    // CHECK-FIXES-ALONE: {{^}}    out.push_back(std::move(t));{{$}}
  }
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
