// expect: fix — `x = f(x)`: the handle passed by value to f at its last use before it is assigned (C++17 evaluates the right side first)
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;
using TuplePtr = c10::intrusive_ptr<c10::ivalue::Tuple>;

static TuplePtr extend(TuplePtr t) {
  std::vector<IValue> elems(t->elements().begin(), t->elements().end());
  elems.emplace_back(static_cast<int64_t>(elems.size()));
  // The old tuple is still readable here, whatever the caller did with its name.
  std::cout << "extending a tuple of " << t->elements().size() << "\n";
  return c10::ivalue::Tuple::create(std::move(elems));
}

static at::Tensor doubled(at::Tensor x) { return x * 2; }

int main() {
  TuplePtr t = c10::ivalue::Tuple::create({IValue(1), IValue(2)});
  t = extend(t);
  t = extend(t);
  std::cout << t->elements().size() << " " << t->elements().back().toInt() << "\n";
  at::Tensor x = at::arange(4);
  x = doubled(x);
  std::cout << x.sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
