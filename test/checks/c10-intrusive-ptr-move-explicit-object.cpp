// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t -- -std=c++23
// REQUIRES: c10-ivalue
//
// An operator that takes its object as an explicit `this` parameter (C++23)
// binds its first argument to that parameter, unlike an ordinary member
// operator, whose first argument is the object it is called on: the handle
// in `bag += x` initialises the second parameter, which has a `&&` twin.

#include <ATen/core/ivalue.h>
#include <utility>
#include <vector>

using c10::IValue;

IValue make();

struct Bag {
  std::vector<IValue> items;
  Bag &operator+=(this Bag &self, const IValue &v) {
    self.items.push_back(v);
    return self;
  }
  Bag &operator+=(this Bag &self, IValue &&v) {
    self.items.push_back(std::move(v));
    return self;
  }
};

// An ordinary member operator, for comparison.
struct Shelf {
  std::vector<IValue> items;
  Shelf &operator+=(const IValue &v) {
    items.push_back(v);
    return *this;
  }
  Shelf &operator+=(IValue &&v) {
    items.push_back(std::move(v));
    return *this;
  }
};

void fillBag(Bag &bag) {
  IValue x = make();
  bag += x;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'x' is copied at its last use; move it to avoid an
  // atomic refcount increment and decrement [c10-intrusive-ptr-move] CHECK-FIXES: {{^}}  bag +=
  // std::move(x);{{$}}
}

void fillShelf(Shelf &shelf) {
  IValue y = make();
  shelf += y;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'y' is copied at its last use; move it to avoid an
  // atomic refcount increment and decrement [c10-intrusive-ptr-move] CHECK-FIXES: {{^}}  shelf +=
  // std::move(y);{{$}}
}

// The object itself is no argument to move: `self` is a reference to it.
void reuseBag(Bag &bag) {
  IValue z = make();
  bag += z;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'z' is copied at its last use; move it to avoid an
  // atomic refcount increment and decrement [c10-intrusive-ptr-move] CHECK-FIXES: {{^}}  bag +=
  // std::move(z);{{$}}
  bag.items.clear();
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
