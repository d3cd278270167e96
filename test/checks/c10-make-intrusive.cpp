// RUN: %check_c10_tidy %s c10-make-intrusive %t
// REQUIRES: c10-intrusive-ptr
//
// unsafe_steal_from_new(new T(...)) -> c10::make_intrusive<T>(...), with the
// fix-it only where make_intrusive (which runs `new TTarget(args...)` inside
// intrusive_ptr::make) creates the same object the same way.

#include <c10/util/intrusive_ptr.h>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

struct Point : c10::intrusive_ptr_target {
  Point() = default;
  Point(int x, int y) : x(x), y(y) {}
  int x = 0;
  int y = 0;
};

using PointPtr = c10::intrusive_ptr<Point>;
using Alias = Point;
int next();
void take(c10::intrusive_ptr<Point>);

// --- The initialisation form is kept -----------------------------------------

PointPtr parens() {
  return c10::intrusive_ptr<Point>::unsafe_steal_from_new(new Point(1, 2));
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: use 'c10::make_intrusive<Point>(...)' instead of 'unsafe_steal_from_new(new ...)': it allocates the same way and cannot be handed a pointer that is already owned [c10-make-intrusive]
  // CHECK-FIXES: {{^}}  return c10::make_intrusive<Point>(1, 2);{{$}}
}

PointPtr emptyParens() {
  return PointPtr::unsafe_steal_from_new(new Point());
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: use 'c10::make_intrusive<Point>(...)'
  // CHECK-FIXES: {{^}}  return c10::make_intrusive<Point>();{{$}}
}

PointPtr braces() {
  return PointPtr::unsafe_steal_from_new(new Point{3, 4});
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: use 'c10::make_intrusive<Point>(...)'
  // CHECK-FIXES: {{^}}  return c10::make_intrusive<Point>(3, 4);{{$}}
}

// Every member has an initialiser: `new Point` and make_intrusive's value-
// initialisation write the same values.
PointPtr noInitialiser() {
  return PointPtr::unsafe_steal_from_new(new Point);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: use 'c10::make_intrusive<Point>(...)'
  // CHECK-FIXES: {{^}}  return c10::make_intrusive<Point>();{{$}}
}

struct Raw : c10::intrusive_ptr_target {
  int value; // no initialiser
};

c10::intrusive_ptr<Raw> rawDefault() {
  return c10::intrusive_ptr<Raw>::unsafe_steal_from_new(new Raw);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: use 'c10::make_intrusive<Raw>(...)'
  // CHECK-NOTES: :[[@LINE-2]]:35: note: no fix-it: 'new Raw' default-initialises: members without an initialiser keep indeterminate values, which make_intrusive would zero (it value-initialises)
}

c10::intrusive_ptr<Raw> rawValue() {
  auto a = c10::intrusive_ptr<Raw>::unsafe_steal_from_new(new Raw());
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: use 'c10::make_intrusive<Raw>(...)'
  // CHECK-FIXES: {{^}}  auto a = c10::make_intrusive<Raw>();{{$}}
  auto b = c10::intrusive_ptr<Raw>::unsafe_steal_from_new(new Raw{});
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: use 'c10::make_intrusive<Raw>(...)'
  // CHECK-FIXES: {{^}}  auto b = c10::make_intrusive<Raw>();{{$}}
  return a->value == b->value ? a : b;
}

// A user-provided default constructor: value-initialisation is default-
// initialisation, whatever it leaves unwritten.
struct Counted : c10::intrusive_ptr_target {
  Counted() {}
  int hits;
};

c10::intrusive_ptr<Counted> userProvided() {
  return c10::intrusive_ptr<Counted>::unsafe_steal_from_new(new Counted);
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: use 'c10::make_intrusive<Counted>(...)'
  // CHECK-FIXES: {{^}}  return c10::make_intrusive<Counted>();{{$}}
}

// --- Spelling: aliases, comments, default arguments ------------------------

PointPtr alias() {
  return c10::intrusive_ptr<Alias>::unsafe_steal_from_new(new Alias(/*x=*/5, /*y=*/6));
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: use 'c10::make_intrusive<Alias>(...)'
  // CHECK-FIXES: {{^}}  return c10::make_intrusive<Alias>(/*x=*/5, /*y=*/6);{{$}}
}

struct Defaulted : c10::intrusive_ptr_target {
  explicit Defaulted(int a, int b = 7) : sum(a + b) {}
  int sum;
};

void defaultArgument() {
  auto d = c10::intrusive_ptr<Defaulted>::unsafe_steal_from_new(new Defaulted(1));
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: use 'c10::make_intrusive<Defaulted>(...)'
  // CHECK-FIXES: {{^}}  auto d = c10::make_intrusive<Defaulted>(1);{{$}}
  (void)d;
}

// Argument text and evaluation are kept: a parenthesised initialiser and a
// call both evaluate their arguments in unspecified order.
void sideEffects() {
  take(PointPtr::unsafe_steal_from_new(new Point(next(), next())));
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: use 'c10::make_intrusive<Point>(...)'
  // CHECK-FIXES: {{^}}  take(c10::make_intrusive<Point>(next(), next()));{{$}}
}

// Braces evaluate left to right; call arguments do not.
void bracedSideEffects() {
  take(PointPtr::unsafe_steal_from_new(new Point{next(), next()}));
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: use 'c10::make_intrusive<Point>(...)'
  // CHECK-NOTES: :[[@LINE-2]]:18: note: no fix-it: a braced initialiser evaluates its arguments left to right; make_intrusive's call arguments are evaluated in unspecified order
}

// Called through an instance: the object expression is only evaluated.
void throughInstance(PointPtr p) {
  PointPtr q = p.unsafe_steal_from_new(new Point(8, 9));
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: use 'c10::make_intrusive<Point>(...)'
  // CHECK-FIXES: {{^}}  PointPtr q = c10::make_intrusive<Point>(8, 9);{{$}}
  take(q);
}

// --- NullType ---------------------------------------------------------------

struct PointNull {
  static constexpr Point *singleton() noexcept { return nullptr; }
};

c10::intrusive_ptr<Point, PointNull> customNull() {
  return c10::intrusive_ptr<Point, PointNull>::unsafe_steal_from_new(new Point(1, 1));
  // CHECK-MESSAGES: :[[@LINE-1]]:48: warning: use 'c10::make_intrusive<Point, ::PointNull>(...)'
  // CHECK-FIXES: {{^}}  return c10::make_intrusive<Point, ::PointNull>(1, 1);{{$}}
}

// The default NullType spelled out is the plain intrusive_ptr<Point>.
PointPtr defaultNullSpelled() {
  return c10::intrusive_ptr<Point, c10::detail::intrusive_target_default_null_type<Point>>::
      unsafe_steal_from_new(new Point(2, 2));
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: use 'c10::make_intrusive<Point>(...)'
  // CHECK-FIXES: {{^}}  return c10::make_intrusive<Point>(2, 2);{{$}}
}

// --- Arguments forwarding would change --------------------------------------

struct Node : c10::intrusive_ptr_target {
  explicit Node(Node *parent) : parent(parent) {}
  Node *parent;
};

void nullPointerConstants() {
  auto a = c10::intrusive_ptr<Node>::unsafe_steal_from_new(new Node(0));
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: use 'c10::make_intrusive<Node>(...)'
  // CHECK-NOTES: :[[@LINE-2]]:38: note: no fix-it: the literal '0' is a null pointer here, but forwarded it would be an integer
  auto b = c10::intrusive_ptr<Node>::unsafe_steal_from_new(new Node(nullptr));
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: use 'c10::make_intrusive<Node>(...)'
  // CHECK-FIXES: {{^}}  auto b = c10::make_intrusive<Node>(nullptr);{{$}}
  (void)a;
  (void)b;
}

struct Names : c10::intrusive_ptr_target {
  explicit Names(std::string first) : first(std::move(first)) {}
  Names(std::initializer_list<std::string> all) : first(*all.begin()) {}
  Names(std::vector<int> ids, int) : first(std::to_string(ids.size())) {}
  std::string first;
};

void braced() {
  // Braces prefer the initializer_list constructor; parentheses do not.
  auto a = c10::intrusive_ptr<Names>::unsafe_steal_from_new(new Names{"x"});
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: use 'c10::make_intrusive<Names>(...)'
  // CHECK-NOTES: :[[@LINE-2]]:39: note: no fix-it: 'Names' has an initializer_list constructor, which braces prefer and make_intrusive's parentheses do not
  // A braced argument has no type to deduce.
  auto b = c10::intrusive_ptr<Names>::unsafe_steal_from_new(new Names({1, 2}, 0));
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: use 'c10::make_intrusive<Names>(...)'
  // CHECK-NOTES: :[[@LINE-2]]:39: note: no fix-it: a braced-init-list argument cannot be forwarded through make_intrusive
  // A temporary is moved into the parameter: std::string can be.
  auto c = c10::intrusive_ptr<Names>::unsafe_steal_from_new(new Names(std::string("y")));
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: use 'c10::make_intrusive<Names>(...)'
  // CHECK-FIXES: {{^}}  auto c = c10::make_intrusive<Names>(std::string("y"));{{$}}
  (void)a;
  (void)b;
  (void)c;
}

struct Pinned {
  explicit Pinned(int v) : v(v) {}
  Pinned(Pinned &&) = delete;
  int v;
};

struct HoldsPinned : c10::intrusive_ptr_target {
  explicit HoldsPinned(Pinned p) : v(p.v) {}
  int v;
};

void inPlaceParameter() {
  auto h = c10::intrusive_ptr<HoldsPinned>::unsafe_steal_from_new(new HoldsPinned(Pinned(3)));
  // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: use 'c10::make_intrusive<HoldsPinned>(...)'
  // CHECK-NOTES: :[[@LINE-2]]:45: note: no fix-it: the argument initialises a parameter of type 'Pinned' in place; forwarded, it would have to be moved, and 'Pinned' cannot be
  (void)h;
}

struct Flags {
  unsigned on : 1;
};
struct FromBit : c10::intrusive_ptr_target {
  explicit FromBit(unsigned v) : v(v) {}
  unsigned v;
};

void bitField(Flags f) {
  auto b = c10::intrusive_ptr<FromBit>::unsafe_steal_from_new(new FromBit(f.on));
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: use 'c10::make_intrusive<FromBit>(...)'
  // CHECK-NOTES: :[[@LINE-2]]:41: note: no fix-it: a bit-field cannot be forwarded by reference
  (void)b;
}

// --- Access: make_intrusive constructs inside intrusive_ptr::make -----------

class Factory : public c10::intrusive_ptr_target {
public:
  static c10::intrusive_ptr<Factory> create() {
    return c10::intrusive_ptr<Factory>::unsafe_steal_from_new(new Factory());
    // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: use 'c10::make_intrusive<Factory>(...)'
    // CHECK-NOTES: :[[@LINE-2]]:41: note: no fix-it: the constructor of 'Factory' is not public and 'c10::intrusive_ptr' is not a friend of it; make_intrusive constructs the object inside intrusive_ptr::make
  }

private:
  Factory() = default;
};

// Befriending make_intrusive does not help: it calls intrusive_ptr::make.
class FriendOfMakeIntrusive : public c10::intrusive_ptr_target {
public:
  static c10::intrusive_ptr<FriendOfMakeIntrusive> create() {
    return c10::intrusive_ptr<FriendOfMakeIntrusive>::unsafe_steal_from_new(
        new FriendOfMakeIntrusive(1));
    // CHECK-MESSAGES: :[[@LINE-2]]:55: warning: use 'c10::make_intrusive<FriendOfMakeIntrusive>(...)'
    // CHECK-NOTES: :[[@LINE-3]]:55: note: no fix-it: the constructor of 'FriendOfMakeIntrusive' is not public
  }

private:
  template <class T, class N, class... A>
  friend c10::intrusive_ptr<T, N> c10::make_intrusive(A &&...);
  explicit FriendOfMakeIntrusive(int) {}
};

class FriendOfIntrusivePtr : public c10::intrusive_ptr_target {
public:
  static c10::intrusive_ptr<FriendOfIntrusivePtr> create() {
    return c10::intrusive_ptr<FriendOfIntrusivePtr>::unsafe_steal_from_new(
        new FriendOfIntrusivePtr(2));
    // CHECK-MESSAGES: :[[@LINE-2]]:54: warning: use 'c10::make_intrusive<FriendOfIntrusivePtr>(...)'
    // CHECK-FIXES: {{^}}    return c10::make_intrusive<FriendOfIntrusivePtr>(2);{{$}}
  }

private:
  template <class T, class N> friend class c10::intrusive_ptr;
  explicit FriendOfIntrusivePtr(int) {}
};

void globalNew() {
  take(PointPtr::unsafe_steal_from_new(::new Point(1, 2)));
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: use 'c10::make_intrusive<Point>(...)'
  // CHECK-NOTES: :[[@LINE-2]]:18: note: no fix-it: '::new' bypasses a class-specific operator new; make_intrusive does not
}

// --- A different object type ------------------------------------------------

struct Shape : c10::intrusive_ptr_target {};
struct Circle : Shape {
  explicit Circle(double r) : r(r) {}
  double r;
};

c10::intrusive_ptr<Shape> derived() {
  return c10::intrusive_ptr<Shape>::unsafe_steal_from_new(new Circle(1.0));
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: use 'c10::make_intrusive<Circle>(...)'
  // CHECK-NOTES: :[[@LINE-2]]:37: note: no fix-it: the object is a 'Circle', not the pointer's 'Shape'
}

void placement(void *buffer) {
  // Not an allocation make_intrusive could make: not reported.
  auto p = PointPtr::unsafe_steal_from_new(new (buffer) Point(1, 2));
  p.release();
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
