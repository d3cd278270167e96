// expect: no-fix — a callee stores the address of its reference argument; it is read after the "last use"
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

struct Log {
  const IValue* last = nullptr;
  void note(const IValue& v) { last = &v; }
  void print() const { std::cout << "last is " << (last->isNone() ? "None" : "set") << "\n"; }
};

int main() {
  Log log;
  std::vector<IValue> outputs;
  IValue v(at::arange(2));
  log.note(v);
  outputs.push_back(v);
  log.print();
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
