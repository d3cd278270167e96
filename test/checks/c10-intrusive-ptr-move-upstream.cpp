// Users run performance-unnecessary-copy-initialization beside ours. Where it
// advises binding a reference, c10-intrusive-ptr-move must not advise moving
// the same variable (both applied: a std::move of a const reference). Runs
// both side by side, so that a change in upstream's matcher is caught on
// each LLVM version (LLVM 22 adds the type to upstream's messages).
// REQUIRES: c10-ivalue, aten-tensor
// RUN: %check_c10_tidy %s 'c10-intrusive-ptr-move,c10-refcounted-copy,performance-unnecessary-copy-initialization' %t

#include <ATen/core/ivalue.h>
#include <cstdint>
#include <utility>
#include <vector>

// A copy of a parameter that is only read, then handed to push_back:
// upstream's borrow; no move from us.
std::vector<at::Tensor> copyOfParameter(const at::Tensor &x) {
  auto a = x;
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: local copy 'a' of the variable 'x'{{( of type .*)?}} is never modified; consider avoiding the copy [performance-unnecessary-copy-initialization]
  // CHECK-FIXES: {{^}}  const auto& a = x;{{$}}
  std::vector<at::Tensor> out;
  out.push_back(a);
  return out;
}

// An element only read: upstream's.
std::int64_t elementOnlyRead(const std::vector<at::Tensor> &v, std::size_t i) {
  auto a = v[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: the variable 'a'{{( of type .*)?}} is copy-constructed from a const reference but is only used as const reference; consider making it a const reference [performance-unnecessary-copy-initialization]
  // CHECK-FIXES: {{^}}  const auto& a = v[i];{{$}}
  return a.dim();
}

// Handed to a forwarding constructor: upstream counts that as a write and
// declines, so the move is ours (one finding per variable).
std::pair<at::Tensor, at::Tensor> forwarded(const std::vector<at::Tensor> &v,
                                            const std::vector<at::Tensor> &w, std::size_t i) {
  auto a = v[i];
  auto b = w[i];
  return {a, b};
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'a' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-MESSAGES: :[[@LINE-2]]:14: warning: 'b' is copied at its last use; {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  return {std::move(a), std::move(b)};{{$}}
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
