// expect: no-fix — toTuple() whose elements a recursive helper reads while it resets the IValue holding the tuple
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>
#include <vector>

using c10::IValue;

static IValue root;

static IValue convert(const IValue& v);

static std::vector<IValue> convertAll(c10::ArrayRef<IValue> values) {
  std::vector<IValue> out;
  for (const IValue& v : values) {
    out.push_back(convert(v));
    root = IValue(std::string("replaced while the elements are read"));
  }
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
  root = IValue(c10::ivalue::Tuple::create(IValue(int64_t(1)), IValue(std::string("a string long enough for the heap")), IValue(int64_t(3))));
  IValue converted = convert(root);
  std::cout << converted << "\n" << root << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
