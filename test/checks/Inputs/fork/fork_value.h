// A fork's value type: its own class name and no ref-qualified overloads, so
// only the receiver's value category tells a temporary apart.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace myfork {
template <class T> struct Ptr {
  Ptr(const Ptr &);
  ~Ptr();
  T *operator->() const;
  T &operator*() const;
};
struct Tuple {
  const std::vector<int> &elements() const;
};
struct Value {
  Ptr<Tuple> toTuple() const;
  Tuple &toTupleRef() const;
};
Value makeValue();
} // namespace myfork
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
