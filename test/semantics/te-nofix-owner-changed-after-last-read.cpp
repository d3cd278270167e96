// expect: no-fix — the model, whose state shares the tuple, is given to a call after the copy's last read: a reference would not see a change, but the copied elements stay alive to the end of the function and a change of the shared tuple there would release them earlier with a reference
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

static void touch(Model &model) {
  model.state.toTupleRef().unsafeSetElement(0, IValue(int64_t{-1}));
}

static int64_t sumInts(Model &model) {
  IValue out = runModel(model);
  int64_t n = 0;
  auto results = out.toTupleRef().elements();
  for (const IValue &x : results)
    n += x.isInt() ? x.toInt() : 100;
  touch(model);
  return n;
}

int main() {
  Model model;
  std::cout << sumInts(model) << " " << sumInts(model) << " " << model.calls << " "
            << model.state.toTupleRef().elements().size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
