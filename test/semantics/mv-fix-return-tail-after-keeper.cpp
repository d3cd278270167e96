// expect: fix — outputs handed to a launcher that keeps their address, then returned: nothing reads the kept address after the return's moves
#include <ATen/ATen.h>
#include <ATen/Dispatch.h>
#include <ATen/Parallel.h>
#include <iostream>
#include <tuple>
#include <vector>

static const at::Tensor *lastOutput = nullptr;

static void launch(const at::Tensor &in, at::Tensor &out) {
  lastOutput = &out;
  out.copy_(in * 2);
}

static std::tuple<at::Tensor, at::Tensor> backward(const at::Tensor &x) {
  auto gradA = at::zeros_like(x);
  auto gradB = at::zeros_like(x);
  launch(x, gradA);
  launch(x + 1, gradB);
  std::cout << "kept " << lastOutput->sum().item<double>() << "\n";
  return std::make_tuple(gradA, gradB);
}

static std::vector<at::Tensor> cpuKernel(const at::Tensor &x) {
  auto out = at::empty_like(x);
  auto total = at::zeros({1}, x.options().dtype(at::kLong));
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "cpuKernel", [&] {
    const scalar_t *in = x.data_ptr<scalar_t>();
    scalar_t *o = out.data_ptr<scalar_t>();
    for (int64_t i = 0; i < x.numel(); ++i)
      o[i] = in[i] * in[i];
  });
  at::parallel_for(0, x.numel(), 1, [&](int64_t begin, int64_t end) {
    (void)begin;
    (void)end;
  });
  total.fill_(x.numel());
  return {out, total};
}

int main() {
  auto x = at::arange(4, at::kDouble);
  auto grads = backward(x);
  std::cout << std::get<0>(grads).sum().item<double>() << " " << std::get<1>(grads).sum().item<double>() << "\n";
  auto outs = cpuKernel(x);
  std::cout << outs[0].sum().item<double>() << " " << outs[1].item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
