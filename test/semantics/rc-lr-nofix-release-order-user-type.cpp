// expect: no-fix — the member is replaced after the copy's last read; the copy keeps the old node to the end of the block, and its destructor prints when it goes
#include <c10/util/intrusive_ptr.h>
#include <iostream>
#include <string>
#include <utility>

struct Node : c10::intrusive_ptr_target {
  explicit Node(std::string n) : name(std::move(n)) {}
  ~Node() override { std::cout << "release " << name << "\n"; }
  std::string name;
};

struct Holder {
  c10::intrusive_ptr<Node> node;
};

static void replace(Holder& h) {
  c10::intrusive_ptr<Node> n = h.node;
  std::cout << n->name << "\n";
  h.node = c10::make_intrusive<Node>("second");
  std::cout << "replaced\n";
}

int main() {
  Holder h{c10::make_intrusive<Node>("first")};
  replace(h);
  std::cout << h.node->name << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
