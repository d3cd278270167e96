// expect: no-fix — a callback reassigns the IValue a reference parameter names while the tuple is used
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <functional>
#include <iostream>

using c10::IValue;

static void visit(const IValue& v, const std::function<void()>& on_start) {
  auto t = v.toTuple();
  on_start();
  std::cout << t->elements().size() << " " << t->elements()[0].toInt() << "\n";
}

int main() {
  IValue v(c10::ivalue::Tuple::create(IValue(int64_t(41)), IValue(int64_t(42))));
  visit(v, [&v] { v = IValue(int64_t(0)); });
  std::cout << v.isInt() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
