// expect: fix — unsafe_steal_from_new(new T(args)) with a public constructor taking ints: same object, same way
#include <ATen/ATen.h>
#include <c10/util/intrusive_ptr.h>
#include <iostream>

struct Point : c10::intrusive_ptr_target {
  Point() : x(0), y(0) {}
  Point(int64_t x_, int64_t y_) : x(x_), y(y_) {}
  int64_t x;
  int64_t y;
};
using PointPtr = c10::intrusive_ptr<Point>;

int main() {
  auto a = c10::intrusive_ptr<Point>::unsafe_steal_from_new(new Point(1, 2));
  auto b = PointPtr::unsafe_steal_from_new(new Point());
  auto c = PointPtr::unsafe_steal_from_new(new Point{3, 4});
  std::cout << a->x << a->y << " " << b->x << b->y << " " << c->x << c->y << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
