// expect: fix — a class in a namespace, reached through an alias, built from an int and a std::string prvalue (a library move constructor)
#include <ATen/ATen.h>
#include <c10/util/intrusive_ptr.h>
#include <iostream>
#include <string>

namespace geo {
struct Segment : c10::intrusive_ptr_target {
  Segment(int64_t len, std::string n) : length(len), name(std::move(n)) {}
  int64_t length;
  std::string name;
};
}  // namespace geo

using SegmentPtr = c10::intrusive_ptr<geo::Segment>;

int main() {
  int64_t base = 4;
  auto s = SegmentPtr::unsafe_steal_from_new(new geo::Segment(base * 2, std::string("seg")));
  std::cout << s->length << " " << s->name << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
