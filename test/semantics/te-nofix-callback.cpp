// expect: no-fix — a callback replaces the tuple a reference parameter holds while the copied elements are read
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <functional>
#include <iostream>
#include <vector>

using c10::IValue;
using TuplePtr = c10::intrusive_ptr<c10::ivalue::Tuple>;

static void show(const TuplePtr& t, const std::function<void()>& hook) {
  std::vector<IValue> e = t->elements();
  hook();
  std::cout << e.size() << " " << e[1].toStringRef() << "\n";
}

int main() {
  TuplePtr t = c10::ivalue::Tuple::create(IValue(int64_t(1)), IValue(std::string("a long heap allocated element string")));
  show(t, [&t] { t = c10::ivalue::Tuple::create(IValue(int64_t(9))); });
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
