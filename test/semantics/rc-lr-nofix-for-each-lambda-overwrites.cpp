// expect: no-fix — std::for_each runs a lambda that reads the copy and then overwrites the element through another name
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <algorithm>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  IValue a(c10::ivalue::Tuple::create(IValue(at::arange(3)), IValue(int64_t(1))));
  IValue b = a;
  IValue first = a.toTupleRef().elements()[0];
  std::vector<int64_t> rounds{0, 1, 2};
  std::for_each(rounds.begin(), rounds.end(), [&](int64_t round) {
    std::cout << first.toTensor().sum().item<int64_t>() << "\n";
    b.toTupleRef().unsafeSetElement(0, IValue(at::arange(10 + round)));
  });
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
