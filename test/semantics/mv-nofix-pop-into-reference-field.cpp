// expect: no-fix — the destination is a reference field that names the stack itself: not provably another object
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;
using Stack = std::vector<IValue>;

class Echo {
public:
  explicit Echo(Stack stack) : stack_(std::move(stack)), out_(stack_) {}
  void shift() {
    out_.push_back(stack_.back());
    stack_.pop_back();
  }
  void print() const {
    std::cout << stack_.size();
    for (const IValue& v : stack_)
      std::cout << " " << (v.isInt() ? v.toInt() : -1);
    std::cout << "\n";
  }

private:
  Stack stack_;
  Stack& out_;
};

int main() {
  Echo e(Stack{IValue(int64_t(3)), IValue(int64_t(7))});
  e.shift();
  e.print();
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
