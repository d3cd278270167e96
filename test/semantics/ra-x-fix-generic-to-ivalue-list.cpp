// expect: fix — to<c10::List<c10::IValue>>() is toList() spelled generically (libtorch defines it as toList(), no element type check): only its size is read, so toListRef() serves
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static void count(const IValue& v) {
  try {
    std::cout << "size " << v.to<c10::List<c10::IValue>>().size() << "\n";
  } catch (const c10::Error&) {
    std::cout << "rejected\n";
  }
}

int main() {
  c10::impl::GenericList any(c10::AnyType::get());
  any.push_back(IValue(int64_t(1)));
  any.push_back(IValue(std::string("two")));
  count(IValue(any));
  count(IValue(std::vector<int64_t>{1, 2, 3}));
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
