// expect: no-fix — a pointer made with &v before the "last use" reads v afterwards
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

struct Probe {
  const IValue* target = nullptr;
  bool tensor() const { return target->isTensor(); }
};

int main() {
  std::vector<IValue> outputs;
  IValue v(at::arange(2));
  Probe probe;
  probe.target = &v;
  outputs.push_back(v);
  std::cout << probe.tensor() << " " << outputs.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
