// expect: no-fix — a default argument __builtin_FUNCTION() names the function the constructor is called from; inside make_intrusive it would name another
#include <ATen/ATen.h>
#include <c10/util/intrusive_ptr.h>
#include <iostream>
#include <string>

struct Tag : c10::intrusive_ptr_target {
  explicit Tag(int64_t v, const char* where = __builtin_FUNCTION()) : value(v), origin(where) {}
  int64_t value;
  std::string origin;
};

static c10::intrusive_ptr<Tag> makeTag() {
  return c10::intrusive_ptr<Tag>::unsafe_steal_from_new(new Tag(5));
}

int main() {
  auto t = makeTag();
  std::cout << t->value << " " << t->origin << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
