// expect: fix — a GenericList copied out of a void* and read by index into a new IValue
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <ATen/core/List.h>
#include <iostream>
#include <memory>
#include <string>

using c10::IValue;

static void* listAt(void* self, int64_t index) {
  auto l = *reinterpret_cast<c10::impl::GenericList*>(self);
  return static_cast<void*>(new IValue(l[index]));
}

int main() {
  auto* list = new c10::impl::GenericList(c10::AnyType::get());
  list->push_back(IValue(int64_t(4)));
  list->push_back(IValue(std::string("an element long enough to live on the heap")));
  std::unique_ptr<IValue> first(static_cast<IValue*>(listAt(list, 0)));
  std::unique_ptr<IValue> second(static_cast<IValue*>(listAt(list, 1)));
  delete list;
  std::cout << *first << " " << *second << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
