// expect: no-fix — a class operator new and an argument with a side effect observe allocation-then-arguments order
#include <ATen/ATen.h>
#include <c10/util/intrusive_ptr.h>
#include <cstdlib>
#include <iostream>
#include <new>

struct Cell : c10::intrusive_ptr_target {
  explicit Cell(int64_t v) : value(v) {}
  static void* operator new(size_t n) {
    std::cout << "allocate\n";
    void* p = std::malloc(n);
    if (!p) throw std::bad_alloc();
    return p;
  }
  static void operator delete(void* p) { std::free(p); }
  int64_t value;
};

static int64_t argument() {
  std::cout << "argument\n";
  return 4;
}

int main() {
  auto c = c10::intrusive_ptr<Cell>::unsafe_steal_from_new(new Cell(argument()));
  std::cout << c->value << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
