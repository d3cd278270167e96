// expect: fix — new T with a user-provided default constructor: make_intrusive<T>() initialises it the same
#include <ATen/ATen.h>
#include <c10/util/intrusive_ptr.h>
#include <iostream>

struct Counter : c10::intrusive_ptr_target {
  Counter() : hits(7) {}
  int64_t hits;
};

int main() {
  auto p = c10::intrusive_ptr<Counter>::unsafe_steal_from_new(new Counter);
  std::cout << p->hits << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
