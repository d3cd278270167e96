// expect: fix — create(std::vector<IValue>{...}) and create({tensor, 3, "name"}) become the element overloads
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  at::Tensor x = at::arange(5);
  IValue y(int64_t(8));
  auto t1 = c10::ivalue::Tuple::create(std::vector<IValue>{y, IValue(2.5)});
  auto t2 = c10::ivalue::Tuple::create({x, 3, "name"});
  std::cout << t1->elements()[0].toInt() << " " << t1->elements()[1].toDouble() << "\n";
  std::cout << t2->elements()[0].toTensor().sum().item<int64_t>() << " " << t2->elements()[1].toInt() << " "
            << t2->elements()[2].toStringRef() << "\n";
  std::cout << x.numel() << " " << y.toInt() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
