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

// The lambda AT_DISPATCH_* is given runs once, in the case of the tensor's
// type, inside the macro's own in-place lambda: a copy there at the
// variable's last use is reported, without a fix-it (the macro pastes the
// lambda once per type).
template <typename T> at::Tensor scaled(at::Tensor t);

at::Tensor dispatchedLastUse(const at::Tensor &x) {
  auto in = x.contiguous();
  at::Tensor out;
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "dispatchedLastUse", [&] {
    out = scaled<scalar_t>(in);
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'in' is copied at its last use
    // CHECK-MESSAGES: :[[@LINE-2]]:28: note: no fix-it: the code is inside a macro expansion
  });
  return out;
}

at::Tensor dispatchedThenRead(const at::Tensor &x) {
  auto in = x.contiguous();
  at::Tensor out;
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "dispatchedThenRead", [&] {
    out = scaled<scalar_t>(in);
  });
  return in + out;
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
