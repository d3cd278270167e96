// expect: no-fix — a GenericList copied out of a void*, one element assigned through the copy's proxy
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <ATen/core/List.h>
#include <iostream>
#include <string>

using c10::IValue;

static int64_t replaceFirst(void* self) {
  auto l = *reinterpret_cast<c10::impl::GenericList*>(self);
  IValue before = l[0];
  l[0] = IValue(int64_t(99));
  return before.toInt() + static_cast<int64_t>(l.size());
}

int main() {
  c10::impl::GenericList list(c10::AnyType::get());
  list.push_back(IValue(int64_t(4)));
  list.push_back(IValue(std::string("an element long enough to live on the heap")));
  std::cout << replaceFirst(&list) << " " << list.get(0) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
