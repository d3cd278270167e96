// expect: fix — elements copied out of containers that are temporaries of their full-expression
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static std::vector<at::Tensor> split(const at::Tensor& x) { return {x + 1, x * 2, x - 3}; }

static std::vector<IValue> boxed(const at::Tensor& x) { return {IValue(x.sum()), IValue(int64_t(4))}; }

struct Twice {
  static std::vector<at::Tensor> apply(const at::Tensor& x) { return {x.mul(2)}; }
};

static at::Tensor first(const at::Tensor& x) { return Twice::apply(x)[0]; }

static void collect(std::vector<at::Tensor>& out, const at::Tensor& x) {
  out.push_back(split(x).back());
  auto middle = split(x)[1];
  out.push_back(middle.add(1));
}

int main() {
  at::Tensor x = at::arange(4);
  std::vector<at::Tensor> out;
  collect(out, x);
  at::Tensor f = first(x);
  at::Tensor s = boxed(x)[0].toTensor();
  for (const at::Tensor& t : out)
    std::cout << t.sum().item<int64_t>() << " ";
  std::cout << f.sum().item<int64_t>() << " " << s.item<int64_t>() << " "
            << x.sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
