// expect: fix — the braces go, but an object whose constructor kept a reference to `a` reads it later: no move
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>

using c10::IValue;

class Watch {
 public:
  Watch(const IValue& v, std::string label) : v_(v), label_(std::move(label)) {}
  void print() const { std::cout << label_ << " " << v_.isTensor() << "\n"; }

 private:
  const IValue& v_;
  std::string label_;
};

int main() {
  IValue a(at::arange(3));
  IValue b(int64_t(2));
  Watch w(a, "a is a tensor:");
  auto t = c10::ivalue::Tuple::create({a, b});
  std::cout << t->elements().size() << "\n";
  w.print();
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
