// expect: fix — c10::make_intrusive forwards the tensor into a constructor taking it by value, at the tensor's last use
#include <ATen/ATen.h>
#include <c10/util/intrusive_ptr.h>
#include <iostream>
#include <string>

struct Node : c10::intrusive_ptr_target {
  Node(at::Tensor v, std::string n) : value(std::move(v)), name(std::move(n)) {}
  at::Tensor value;
  std::string name;
};

static c10::intrusive_ptr<Node> build(int64_t n) {
  at::Tensor v = at::arange(n);
  std::string label = "node" + std::to_string(n);
  std::cout << label << " " << v.numel() << "\n";
  return c10::make_intrusive<Node>(v, label);
}

int main() {
  auto a = build(3);
  auto b = build(5);
  std::cout << a->name << " " << a->value.sum().item<int64_t>() << " " << b->value.sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
