// RUN: %check_c10_tidy %s c10-tuple-create-init-list %t
// REQUIRES: c10-ivalue
//
// Nothing to report: the cheap spellings, arguments that are not an
// initializer list, other classes' create(), and long lists of numbers.

#include <ATen/core/ivalue.h>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

using c10::IValue;
using c10::ivalue::Tuple;
using TuplePtr = c10::intrusive_ptr<Tuple>;

TuplePtr direct(IValue a, const IValue &b) {
  TuplePtr one = Tuple::create(a);
  TuplePtr two = Tuple::create(a, b);
  return Tuple::create(std::move(a), b, IValue(3));
}

TuplePtr fromContainers(std::vector<IValue> elements, c10::ArrayRef<IValue> view,
                        const TuplePtr &other) {
  TuplePtr a = Tuple::create(elements);
  TuplePtr b = Tuple::create(view);
  // An ArrayRef over a braced list is not a std::vector: not this check's.
  TuplePtr c = Tuple::create(c10::ArrayRef<IValue>{view[0], view[1]});
  TuplePtr d = Tuple::create(other->elements());
  TuplePtr e = Tuple::create(std::vector<IValue>(2, view[0]));
  return Tuple::create(std::move(elements));
}

// Copying an IValue that holds a number is a 16-byte copy: a long list of
// numbers is not worth a std::vector built by hand.
TuplePtr numbers(int64_t x, double y) {
  return Tuple::create({IValue(1), IValue(2.5), IValue(true), x, y, IValue()});
}

namespace mylib {
struct Tuple {
  static int create(std::initializer_list<IValue> elements) { return static_cast<int>(elements.size()); }
};
} // namespace mylib

int otherClasses(const IValue &a) {
  auto s = c10::ivalue::ConstantString::create(std::string("x"));
  std::vector<IValue> v = std::vector<IValue>{a, a};
  return mylib::Tuple::create({a, a}) + static_cast<int>(v.size() + s->string().size());
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
