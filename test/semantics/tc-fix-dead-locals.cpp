// expect: fix — create({logits, lengths, scores}) at the locals' last use: braces removed and each moved
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

static c10::intrusive_ptr<c10::ivalue::Tuple> pack(int64_t n) {
  IValue logits(at::arange(n));
  IValue lengths(at::full({1}, n, at::kLong));
  IValue scores(std::string("scores"));
  return c10::ivalue::Tuple::create({logits, lengths, scores});
}

int main() {
  auto t = pack(4);
  std::cout << t->elements()[0].toTensor().sum().item<int64_t>() << " "
            << t->elements()[1].toTensor().item<int64_t>() << " " << t->elements()[2].toStringRef() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
