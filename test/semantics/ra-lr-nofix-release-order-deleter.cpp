// expect: no-fix — the output parameter is the input (f(v, v)) and is replaced after the tuple's last read; the copy keeps the tuple to the end of the function, and the tensor's deleter prints when it goes
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

static void show(const IValue& in, IValue& out) {
  auto t = in.toTuple();
  std::cout << t->elements()[0].toTensor().sum().item<float>() << "\n";
  out = IValue(int64_t(0));
  std::cout << "replaced\n";
}

int main() {
  static float data[3] = {1, 2, 3};
  at::Tensor blob = at::from_blob(data, {3}, [](void*) { std::cout << "released\n"; });
  IValue v(c10::ivalue::Tuple::create(IValue(std::move(blob))));
  show(v, v);
  std::cout << v.isInt() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
