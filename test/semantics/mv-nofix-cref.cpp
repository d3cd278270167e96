// expect: no-fix — a std::cref wrapper of the variable is read after its "last use"
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <functional>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  std::vector<IValue> outputs;
  IValue v(std::string("payload"));
  auto ref = std::cref(v);
  outputs.push_back(v);
  std::cout << ref.get().isString() << " " << outputs.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
