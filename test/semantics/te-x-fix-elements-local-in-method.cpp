// expect: fix — in a const member function, std::vector<IValue> e = t->elements() of a const reference parameter, only iterated and sized
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>
#include <vector>

using c10::IValue;

class Printer {
 public:
  explicit Printer(std::string p) : prefix_(std::move(p)) {}
  void print(const c10::intrusive_ptr<c10::ivalue::Tuple>& t) const {
    std::vector<IValue> e = t->elements();
    for (const auto& x : e) std::cout << prefix_ << x.tagKind() << "\n";
    std::cout << prefix_ << e.size() << "\n";
  }

 private:
  std::string prefix_;
};

int main() {
  Printer p("> ");
  p.print(c10::ivalue::Tuple::create(IValue(int64_t(1)), IValue(std::string("s")), IValue(at::arange(2))));
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
