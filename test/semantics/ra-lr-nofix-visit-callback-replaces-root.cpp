// expect: no-fix — IValue::visit calls a callback that replaces the IValue whose tuple is still read by the loop
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <functional>
#include <iostream>
#include <string>

using c10::IValue;

static void walk(const IValue& in, const std::function<bool(const IValue&)>& visitor) {
  auto t = in.toTuple();
  for (size_t i = 0; i < t->elements().size(); ++i) {
    std::cout << "element " << i << "\n";
    t->elements()[i].visit(visitor);
  }
}

int main() {
  IValue root(c10::ivalue::Tuple::create(
      IValue(std::string("first element, long enough to live on the heap")),
      IValue(std::string("second element, long enough to live on the heap"))));
  int64_t calls = 0;
  walk(root, [&](const IValue& v) {
    if (v.isString())
      std::cout << v.toStringRef() << "\n";
    if (++calls == 1)
      root = IValue(int64_t(0));
    return false;
  });
  std::cout << root.isInt() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
