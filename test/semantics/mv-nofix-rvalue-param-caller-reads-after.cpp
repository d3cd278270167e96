// expect: no-fix — a caller passes std::move(v) and reads v after the call; moving from the rvalue-reference parameter would empty it
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

} // namespace

int main() {
  std::vector<IValue> parts;
  parts.emplace_back(at::ones({3}));
  parts.emplace_back(int64_t(2));
  IValue a = tup(std::move(parts));
  std::cout << a.toTupleRef().elements().size() << " " << parts.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
