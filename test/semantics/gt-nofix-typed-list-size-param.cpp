// expect: no-fix — to<c10::List<at::Tensor>>() checks the element type and throws on a mismatch; toListRef() does not (documented: a warning without a fix-it)
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

static size_t count(IValue v) { return v.to<c10::List<at::Tensor>>().size(); }

int main() {
  c10::List<at::Tensor> l;
  l.push_back(at::arange(1));
  l.push_back(at::arange(2));
  std::cout << count(IValue(l)) << " " << l.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
