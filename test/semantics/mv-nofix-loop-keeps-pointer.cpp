// expect: no-fix — a pointer into the vector is taken in the loop body and read after the vector's last use
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static int64_t build(int64_t n, std::vector<IValue>& out) {
  std::vector<IValue> elems;
  const IValue* last = nullptr;
  for (int64_t i = 0; i < n; ++i)
    last = &elems.emplace_back(i * 10);
  out.push_back(c10::ivalue::Tuple::create(elems));
  return last ? last->toInt() : -1;
}

int main() {
  std::vector<IValue> out;
  std::cout << build(3, out) << "\n";
  std::cout << out.back().toTupleRef().elements().size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
