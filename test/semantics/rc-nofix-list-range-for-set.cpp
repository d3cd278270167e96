// expect: no-fix — the loop body replaces elements of the list it iterates (through the same handle and through another handle of the same list): a reference would see the new element, the copy keeps the old one
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <cstdint>
#include <iostream>

using c10::IValue;

static int64_t replaceWhileReading(c10::List<IValue> list) {
  int64_t s = 0;
  for (IValue v : list) {
    list.set(0, IValue(int64_t(100)));
    s += v.isInt() ? v.toInt() : v.toTensor().sum().item<int64_t>();
  }
  return s;
}

static int64_t replaceThroughOther(const c10::List<IValue> &list, c10::List<IValue> other) {
  int64_t s = 0;
  for (IValue v : list) {
    other.set(1, IValue(int64_t(1000)));
    s += v.isInt() ? v.toInt() : v.toTensor().sum().item<int64_t>();
  }
  return s;
}

int main() {
  c10::impl::GenericList a(c10::AnyType::get());
  a.push_back(IValue(at::arange(4)));
  a.push_back(IValue(int64_t(5)));
  c10::impl::GenericList b(c10::AnyType::get());
  b.push_back(IValue(int64_t(1)));
  b.push_back(IValue(int64_t(2)));
  std::cout << replaceWhileReading(a) << " " << replaceThroughOther(b, b) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
