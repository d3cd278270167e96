// expect: no-fix — the prvalue argument is built in place today; make_intrusive would move it (the move constructor prints)
#include <ATen/ATen.h>
#include <c10/util/intrusive_ptr.h>
#include <iostream>

struct Payload {
  explicit Payload(int64_t v) : value(v) {}
  Payload(const Payload& o) : value(o.value) { std::cout << "copy\n"; }
  Payload(Payload&& o) noexcept : value(o.value) { std::cout << "move\n"; }
  int64_t value;
};

struct Node : c10::intrusive_ptr_target {
  explicit Node(Payload p) : value(p.value) {}
  int64_t value;
};

int main() {
  auto n = c10::intrusive_ptr<Node>::unsafe_steal_from_new(new Node(Payload(5)));
  std::cout << n->value << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
