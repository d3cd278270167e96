// expect: no-fix — the class inherits a class-specific operator new that prints, and the argument prints: new allocates before the argument, make_intrusive after
#include <ATen/ATen.h>
#include <c10/util/intrusive_ptr.h>
#include <cstdlib>
#include <iostream>
#include <new>

struct Traced : c10::intrusive_ptr_target {
  static void* operator new(size_t n) {
    std::cout << "allocate\n";
    void* p = std::malloc(n);
    if (!p) throw std::bad_alloc();
    return p;
  }
  static void operator delete(void* p) { std::free(p); }
};

struct Leaf : Traced {
  explicit Leaf(int64_t v) : value(v) {}
  int64_t value;
};

static int64_t argument() {
  std::cout << "argument\n";
  return 11;
}

int main() {
  auto leaf = c10::intrusive_ptr<Leaf>::unsafe_steal_from_new(new Leaf(argument()));
  std::cout << leaf->value << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
