// expect: fix — an element popped off one field of *this and pushed onto another field: two distinct objects
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;
using Stack = std::vector<IValue>;

class Machine {
public:
  explicit Machine(Stack stack) : stack_(std::move(stack)) {}
  void shift() {
    out_.push_back(stack_.back());
    stack_.pop_back();
  }
  void print() const {
    std::cout << stack_.size() << " " << out_.size();
    for (const IValue& v : out_)
      std::cout << " " << (v.isTensor() ? v.toTensor().sum().item<int64_t>() : v.toInt());
    std::cout << "\n";
  }

private:
  Stack stack_;
  Stack out_;
};

int main() {
  Machine m(Stack{IValue(int64_t(3)), IValue(at::ones({2, 2})), IValue(int64_t(7))});
  m.shift();
  m.shift();
  m.print();
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
