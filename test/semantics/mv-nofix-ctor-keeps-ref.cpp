// expect: no-fix — an object whose constructor kept a reference to the tensor reads it after its "last use"
#include <ATen/ATen.h>
#include <iostream>
#include <string>
#include <vector>

class Watch {
 public:
  Watch(const at::Tensor& t, std::string label) : t_(t), label_(std::move(label)) {}
  void print() const { std::cout << label_ << " " << t_.defined() << "\n"; }

 private:
  const at::Tensor& t_;
  std::string label_;
};

int main() {
  std::vector<at::Tensor> outputs;
  at::Tensor t = at::arange(3);
  Watch w(t, "defined:");
  outputs.push_back(t);
  w.print();
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
