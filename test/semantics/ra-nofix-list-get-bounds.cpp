// expect: no-fix — List::get(i) checks the index and throws; toListRef()[i] does not, and nothing proves i in range
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

static void lookup(const IValue& v, size_t i) {
  try {
    std::cout << v.toList().get(i).toInt() << "\n";
  } catch (const std::exception&) {
    std::cout << "index " << i << " rejected\n";
  }
}

int main() {
  c10::impl::GenericList l(c10::AnyType::get());
  l.push_back(IValue(int64_t(8)));
  l.push_back(IValue(int64_t(9)));
  IValue v(l);
  lookup(v, 1);
  lookup(v, 7);
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
