// expect: fix — toString()->string() and toTuple()->elements() on a lambda's const IValue& parameter, used at once
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>
#include <vector>

using c10::IValue;

int main() {
  std::vector<IValue> items{IValue(std::string("abcd")), IValue(int64_t(7)),
                            IValue(c10::ivalue::Tuple::create(IValue(int64_t(1)), IValue(int64_t(2))))};
  auto weight = [](const IValue& v) -> int64_t {
    if (v.isString()) return static_cast<int64_t>(v.toString()->string().size());
    if (v.isTuple()) return static_cast<int64_t>(v.toTuple()->elements().size()) * 10;
    return v.toInt();
  };
  for (const IValue& v : items) std::cout << weight(v) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
