// expect: fix — toString().get()->string() and toTuple().get()->elements() read at once through the raw pointer
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>

using c10::IValue;

static std::string name(const IValue& v) { return v.toString().get()->string(); }
static size_t arity(const IValue& v) { return v.toTuple().get()->elements().size(); }

int main() {
  IValue s(std::string("conv1"));
  IValue t = c10::ivalue::Tuple::create({IValue(1), IValue(std::string("x")), IValue(2.5)});
  std::cout << name(s) << " " << arity(t) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
