// expect: no-fix — a chain of five user functions stores the tensor's address in a global that is read after the push_back
#include <ATen/ATen.h>
#include <iostream>
#include <vector>

static const at::Tensor* g_seen = nullptr;
static void level5(const at::Tensor& t) { g_seen = &t; }
static void level4(const at::Tensor& t) { level5(t); }
static void level3(const at::Tensor& t) { level4(t); }
static void level2(const at::Tensor& t) { level3(t); }
static void level1(const at::Tensor& t) { level2(t); }

int main() {
  at::Tensor t = at::arange(6);
  level1(t);
  std::vector<at::Tensor> out;
  out.push_back(t);
  std::cout << g_seen->defined() << " " << out[0].numel() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
