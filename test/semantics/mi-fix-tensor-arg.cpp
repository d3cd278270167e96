// expect: fix — unsafe_steal_from_new(new T(lvalue)) where T's constructor takes a const reference
#include <ATen/ATen.h>
#include <c10/util/intrusive_ptr.h>
#include <iostream>
#include <string>

struct Named : c10::intrusive_ptr_target {
  Named(const std::string& n, const at::Tensor& t) : name(n), value(t) {}
  std::string name;
  at::Tensor value;
};

int main() {
  std::string name = "weights";
  at::Tensor t = at::arange(4);
  auto p = c10::intrusive_ptr<Named>::unsafe_steal_from_new(new Named(name, t));
  std::cout << p->name << " " << p->value.sum().item<int64_t>() << " " << name << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
