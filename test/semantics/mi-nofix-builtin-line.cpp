// expect: no-fix — a default argument __builtin_LINE() would be evaluated inside make_intrusive, on another line
#include <ATen/ATen.h>
#include <c10/util/intrusive_ptr.h>
#include <iostream>

struct Site : c10::intrusive_ptr_target {
  explicit Site(int line = __builtin_LINE()) : line(line) {}
  int line;
};

int main() {
  auto s = c10::intrusive_ptr<Site>::unsafe_steal_from_new(new Site());
  std::cout << "made on line " << s->line << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
