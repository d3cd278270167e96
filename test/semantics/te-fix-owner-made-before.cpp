// expect: fix — the tuple's owner is a model's output, made by a call that changes the model (and returns the model's own tuple) before the copy of its elements is declared, and not changed again while the copy lives
#include <ATen/core/ivalue.h>
#include <cstdint>
#include <iostream>

using c10::IValue;

struct Model {
  IValue state;
  int64_t calls = 0;
};

static IValue runModel(Model &model) {
  model.calls += 1;
  model.state = c10::ivalue::Tuple::create(IValue(model.calls), IValue(2.5), IValue("out"));
  return model.state;
}

static int64_t sumInts(Model &model) {
  IValue out = runModel(model);
  int64_t n = 0;
  auto results = out.toTupleRef().elements();
  for (const IValue &x : results)
    n += x.isInt() ? x.toInt() : 100;
  return n;
}

int main() {
  Model model;
  const int64_t first = sumInts(model);
  std::cout << first << " " << sumInts(model) << " " << model.calls << " "
            << model.state.toTupleRef().elements().size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
