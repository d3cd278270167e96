// expect: fix — the library is given a comparator that only reads its arguments; nothing changes the tuple while the copy is read
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <algorithm>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  IValue a(c10::ivalue::Tuple::create(IValue(at::arange(4)), IValue(int64_t(1))));
  IValue first = a.toTupleRef().elements()[0];
  std::vector<int64_t> order{3, 1, 2};
  std::sort(order.begin(), order.end(), [](int64_t x, int64_t y) { return x < y; });
  std::cout << first.toTensor().sum().item<int64_t>() << " " << order[0] << "\n";
  std::cout << a.toTupleRef().elements()[1].toInt() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
