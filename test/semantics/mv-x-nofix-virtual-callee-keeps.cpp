// expect: no-fix — a virtual member function is given the tensor by reference; the override keeps its address, read after the push_back
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

struct Observer {
  virtual ~Observer() = default;
  virtual void see(const at::Tensor& t) = 0;
};

struct Keeper : Observer {
  void see(const at::Tensor& t) override { last = &t; }
  const at::Tensor* last = nullptr;
};

static void notify(Observer& o, const at::Tensor& t) { o.see(t); }

int main() {
  Keeper k;
  at::Tensor t = at::arange(3);
  notify(k, t);
  std::vector<at::Tensor> out;
  out.push_back(t);
  std::cout << k.last->defined() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
