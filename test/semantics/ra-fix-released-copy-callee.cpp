// expect: fix — toTuple() whose elements a helper copies into std::make_unique<T>(x).release()
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

using c10::IValue;

struct Holder {
  std::vector<IValue> elements;
  std::vector<std::string> names;
};

template <class T> static void* releasedCopy(const T& x) {
  return static_cast<void*>(std::make_unique<T>(x).release());
}

static IValue registry[2];

static IValue& lookup(int handle) { return registry[handle]; }

static void* snapshot(int handle) {
  IValue local = lookup(handle);
  auto tuple = local.toTuple();
  std::vector<std::string> names{"first", "second"};
  return releasedCopy<Holder>({tuple->elements(), names});
}

int main() {
  registry[0] = c10::ivalue::Tuple::create(IValue(int64_t(7)), IValue(std::string("a long string kept on the heap")));
  void* raw = snapshot(0);
  std::unique_ptr<Holder> h(static_cast<Holder*>(raw));
  registry[0] = IValue();
  for (size_t i = 0; i < h->elements.size(); ++i)
    std::cout << h->names[i] << ": " << h->elements[i] << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
