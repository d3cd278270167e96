// expect: fix — toTuple() read only as elements() handed to a helper that calls back into the same function
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>
#include <vector>

using c10::IValue;

static IValue convert(const IValue& v);

static std::vector<IValue> convertAll(c10::ArrayRef<IValue> values) {
  std::vector<IValue> out;
  for (const IValue& v : values)
    out.push_back(convert(v));
  return out;
}

static IValue convert(const IValue& v) {
  if (v.isTuple()) {
    auto tup = v.toTuple();
    return c10::ivalue::Tuple::create(convertAll(tup->elements()));
  }
  if (v.isInt())
    return IValue(v.toInt() * 10);
  return v;
}

int main() {
  auto inner = c10::ivalue::Tuple::create(IValue(int64_t(2)), IValue(std::string("a string long enough for the heap")));
  IValue root(c10::ivalue::Tuple::create(IValue(int64_t(1)), IValue(inner), IValue(3.5)));
  IValue converted = convert(root);
  root = IValue();
  std::cout << converted << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
