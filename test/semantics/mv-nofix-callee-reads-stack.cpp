// expect: no-fix — the member function the element is passed to reads the stack's top itself before the pop
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

class Interpreter {
 public:
  void push(IValue v) { stack_.push_back(std::move(v)); }
  void step() {
    trace(stack_.back());
    stack_.pop_back();
  }

 private:
  void trace(IValue v) {
    std::cout << "arg " << v.tagKind() << ", top " << stack_.back().tagKind() << "\n";
  }
  std::vector<IValue> stack_;
};

int main() {
  Interpreter in;
  in.push(IValue(int64_t(1)));
  in.push(IValue(at::arange(3)));
  in.step();
  in.step();
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
