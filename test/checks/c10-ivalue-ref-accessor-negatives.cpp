// RUN: %check_c10_tidy %s c10-ivalue-ref-accessor %t
// REQUIRES: c10-ivalue
//
// Look-alikes the check must leave alone: every use here needs the ownership
// the owning accessor returns, or has no cheaper spelling.

#include <ATen/core/ivalue.h>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

using c10::IValue;
using TuplePtr = c10::intrusive_ptr<c10::ivalue::Tuple>;

IValue makeValue();
void keep(TuplePtr);
void keepString(c10::intrusive_ptr<c10::ivalue::ConstantString>);
void keepList(c10::List<IValue>);
std::size_t consume(const IValue &);

// Rvalue receivers bind the && overload, which moves: no refcount traffic.
std::size_t rvalues(IValue v, std::vector<IValue> &stack) {
  std::size_t n = makeValue().toTuple()->elements().size();
  n += std::move(v).toTuple()->elements().size();
  IValue popped = std::move(stack.back());
  stack.pop_back();
  n += std::move(popped).toString()->string().size();
  n += IValue(makeValue()).toList().size();
  return n;
}

// Results that are stored, returned, moved or passed on need the ownership.
TuplePtr returned(const IValue &v) { return v.toTuple(); }

struct Cache {
  TuplePtr tuple;
  void store(const IValue &v) { tuple = v.toTuple(); }
};

std::size_t escapes(const IValue &v, std::vector<TuplePtr> &out) {
  keep(v.toTuple());
  keepString(v.toString());
  keepList(v.toList());
  out.push_back(v.toTuple());
  auto t = v.toTuple();
  keep(t); // t is copied on: it must own.
  auto u = v.toTuple();
  out.push_back(std::move(u));
  auto w = v.toTuple();
  if (w) // a null test of the pointer, not a read through it
    return 1;
  auto x = v.toTuple();
  return x.use_count() + w->elements().size();
}

// A local that is moved out of (std::move(*t)) does not only read.
std::vector<IValue> movesOut(const IValue &v) {
  auto t = v.toTuple();
  return std::move(*t).elements().vec();
}

// Writes through a list handle change the shared list: the handle is needed.
void listWrites(const IValue &v) {
  v.toList()[0] = IValue(1);
  v.toList().push_back(IValue(2));
  c10::List<IValue> l = v.toList();
  l.set(0, IValue(3));
}

// Members of the copied string other than string()/string_view() have no
// borrowing spelling.
std::string stringConversion(const IValue &v) {
  const std::string &s = *v.toString();
  return s;
}

// The borrowing accessors themselves, and accessors with no borrowing form.
std::size_t alreadyBorrowing(const IValue &v) {
  std::size_t n = v.toTupleRef().elements().size();
  n += v.toStringRef().size() + v.toStringView().size();
  n += v.toListRef().size();
  n += v.toObjectRef().slots().size();
  n += v.toGenericDict().size();
  return n;
}

// A class that is not an IValue, with the same method names.
struct NotAnIValue {
  TuplePtr toTuple() const;
  c10::List<IValue> toList() const;
};
std::size_t lookAlike(const NotAnIValue &v) {
  return v.toTuple()->elements().size() + v.toList().size();
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
