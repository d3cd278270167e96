// expect: no-fix — the accessor is copied into an object that outlives the tensor's copy: a view kept past the move
#include <ATen/ATen.h>
#include <iostream>

struct Kept {
  at::TensorAccessor<float, 1> acc{nullptr, nullptr, nullptr};
};

float total = 0;

__attribute__((noinline)) void consume(at::Tensor t) { total += t.sum().item<float>(); }

int main() {
  Kept k;
  {
    at::Tensor t = at::full({4}, 3.0f);
    auto acc = t.accessor<float, 1>();
    k.acc = acc;
    consume(t);
    std::cout << total << " " << k.acc[1] << "\n";
  }
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
