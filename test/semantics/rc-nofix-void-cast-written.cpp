// expect: no-fix — the object a void* points to is written through another void* to it while the copy is read
#include <ATen/ATen.h>
#include <iostream>

void replace(void* q) { *static_cast<at::Tensor*>(q) = at::arange(50); }

int64_t readThenReplace(void* p, void* q) {
  at::Tensor t = *static_cast<at::Tensor*>(p);
  replace(q);
  return t.sum().item<int64_t>();
}

int main() {
  at::Tensor plain = at::arange(4);
  std::cout << readThenReplace(&plain, &plain) << " " << plain.numel() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
