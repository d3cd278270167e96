// Ownership through intrusive_ptr's raw-pointer API, after the demo in
// ../shared/seeds/001: objects adopted with unsafe_steal_from_new(new T) and
// with reclaim(new T). ownership_fix_test.sh builds and runs it against
// libtorch 1.13 before and after `clang-tidy -fix` with c10-make-intrusive and
// c10-intrusive-ptr-reclaim:
//  - the unsafe_steal_from_new rewrites print the same;
//  - the reclaim(new T) rewrite adds exactly one line, "~Leaky(7)": before the
//    fix the object's refcount is 0 (use_count() == 0, printed to stderr) and
//    its destructor never runs.

#include <c10/util/intrusive_ptr.h>
#include <iostream>
#include <utility>
#include <vector>

class MyVector : public c10::intrusive_ptr_target {
public:
  explicit MyVector(const std::vector<int> &d) : data(d) {
    std::cout << "MyVector(" << data.size() << ")\n";
  }
  ~MyVector() override { std::cout << "~MyVector(" << data.size() << ")\n"; }
  std::vector<int> data;
};
using Vec = MyVector;

struct Point : c10::intrusive_ptr_target {
  Point() { std::cout << "Point()\n"; }
  Point(int x, int y) : x(x), y(y) { std::cout << "Point(" << x << ", " << y << ")\n"; }
  ~Point() override { std::cout << "~Point(" << x << ", " << y << ")\n"; }
  int x = -1;
  int y = -1;
};

struct Leaky : c10::intrusive_ptr_target {
  explicit Leaky(int id) : id(id) { std::cout << "Leaky(" << id << ")\n"; }
  ~Leaky() override { std::cout << "~Leaky(" << id << ")\n"; }
  int id;
};

int counter = 0;
int next() { return ++counter; }

int main() {
  std::cout << "-- unsafe_steal_from_new\n";
  {
    std::vector<int> vec({1, 2, 3});
    auto a = c10::intrusive_ptr<MyVector>::unsafe_steal_from_new(new MyVector(vec));
    auto b = c10::intrusive_ptr<Vec>::unsafe_steal_from_new(new Vec(std::vector<int>{4, 5}));
    auto c = c10::intrusive_ptr<Point>::unsafe_steal_from_new(new Point{2, 3});
    auto d = c10::intrusive_ptr<Point>::unsafe_steal_from_new(new Point());
    auto e = c10::intrusive_ptr<Point>::unsafe_steal_from_new(new Point(next(), 10));
    std::cout << "use_count " << a.use_count() << b.use_count() << c.use_count()
              << d.use_count() << e.use_count() << "\n";
    auto a2 = a;
    std::cout << "shared " << a.use_count() << " " << a2->data.size() << "\n";
    c10::weak_intrusive_ptr<Point> weak(c);
    c.reset();
    if (auto locked = weak.lock())
      std::cout << "still alive\n";
    else
      std::cout << "expired\n";
  }
  std::cout << "-- release/reclaim round trip\n";
  {
    auto p = c10::make_intrusive<Point>(4, 5);
    Point *raw = p.release();
    auto back = c10::intrusive_ptr<Point>::reclaim(raw);
    std::cout << "back " << back->x << " use_count " << back.use_count() << "\n";
  }
  std::cout << "-- reclaim(new T)\n";
  {
    auto leaky = c10::intrusive_ptr<Leaky>::reclaim(new Leaky(7));
    std::cerr << "reclaim(new Leaky): use_count=" << leaky.use_count() << "\n";
    std::cout << "leaky " << leaky->id << "\n";
    std::cout << "leaving the scope of leaky\n";
  }
  std::cout << "-- done\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
