// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t
// REQUIRES: runtime-libtorch
//
// The by-reference lambdas of a CPU kernel: AT_DISPATCH_* invokes its lambda
// in place, at::parallel_for calls it before returning. A tensor those
// lambdas fill and the function then returns can be moved into the return;
// a lambda that may run later (at::launch, a thread, a stored lambda) keeps
// the move out.

#include <ATen/ATen.h>
#include <ATen/Dispatch.h>
#include <ATen/Parallel.h>
#include <thread>
#include <tuple>
#include <utility>

template <typename T> void fill(const T *in, T *out, int64_t n);

std::tuple<at::Tensor, at::Tensor> dispatched(const at::Tensor &x) {
  auto out = at::empty_like(x);
  auto count = at::zeros({1}, x.options().dtype(at::kLong));
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "dispatched", [&] {
    fill<scalar_t>(x.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(), x.numel());
  });
  at::parallel_for(0, x.numel(), 1, [&](int64_t begin, int64_t end) {
    count.add_(end - begin);
  });
  return std::make_tuple(out, count);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'out' is copied at its last use
  // CHECK-MESSAGES: :[[@LINE-2]]:31: warning: 'count' is copied at its last use
  // CHECK-FIXES: {{^}}  return std::make_tuple(std::move(out), std::move(count));{{$}}
}

std::tuple<at::Tensor, at::Tensor> launchedLater(const at::Tensor &x) {
  auto out = at::empty_like(x);
  at::launch([&] { out.fill_(1); });
  return std::make_tuple(out, x);
}

std::tuple<at::Tensor, at::Tensor> onAThread(const at::Tensor &x) {
  auto out = at::empty_like(x);
  std::thread worker([&] { out.fill_(1); });
  worker.join();
  return std::make_tuple(out, x);
}

// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
