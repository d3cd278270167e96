// expect: no-fix — the caller passes one vector as both the rvalue-reference parameter and a const reference the function reads after the copy
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <utility>
#include <vector>

using c10::IValue;

namespace {

IValue tupAndCount(std::vector<IValue> &&ivalues, const std::vector<IValue> &other) {
  auto t = c10::ivalue::Tuple::create(ivalues);
  return IValue(static_cast<int64_t>(t->elements().size() + other.size()));
}

} // namespace

int main() {
  std::vector<IValue> parts;
  parts.emplace_back(at::ones({3}));
  parts.emplace_back(int64_t(2));
  IValue n = tupAndCount(std::move(parts), parts);
  std::cout << n.toInt() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
