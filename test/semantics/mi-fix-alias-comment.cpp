// expect: fix — a using-alias type and commented arguments in unsafe_steal_from_new(new Alias(/*x=*/5, 6))
#include <ATen/ATen.h>
#include <c10/util/intrusive_ptr.h>
#include <iostream>

struct Pair : c10::intrusive_ptr_target {
  Pair(int64_t x_, int64_t y_) : x(x_), y(y_) {}
  int64_t x;
  int64_t y;
};
using Alias = Pair;

int main() {
  auto p = c10::intrusive_ptr<Alias>::unsafe_steal_from_new(new Alias(/*x=*/5, 6));
  std::cout << p->x + p->y << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
