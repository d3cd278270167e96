// expect: fix — a file-local wrapper copies its rvalue-reference vector into Tuple::create; every caller hands over a temporary or a local it does not use again
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <utility>
#include <vector>

using c10::IValue;

namespace {

IValue tup(std::vector<IValue> &&ivalues) {
  return c10::ivalue::Tuple::create(ivalues);
}

IValue pairWith(at::Tensor &&t, int64_t tag) {
  std::vector<IValue> out;
  out.emplace_back(tag);
  out.emplace_back(t);
  return c10::ivalue::Tuple::create(std::move(out));
}

} // namespace

int main() {
  at::Tensor weight = at::arange(4);
  IValue a;
  {
    // The moved-from vector holds nothing after the fix; once it is gone,
    // the tensor's refcount is the same either way.
    std::vector<IValue> parts;
    parts.emplace_back(weight);
    parts.emplace_back(int64_t(7));
    a = tup(std::move(parts));
  }
  IValue b = tup({IValue(weight), IValue(int64_t(1))});
  IValue c = pairWith(at::ones({2}), 3);
  std::cout << a.toTupleRef().elements().size() << " " << b.toTupleRef().elements()[1].toInt()
            << " " << c.toTupleRef().elements()[1].toTensor().sum().item<int64_t>() << " "
            << weight.use_count() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
