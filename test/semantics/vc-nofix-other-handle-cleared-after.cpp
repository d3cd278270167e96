// expect: no-fix — the list is cleared through another handle after the copy's last read: the copy keeps its tensors alive to the end of the function, a view would let them go at the clear
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

static int64_t sizes_then_clear(IValue list, c10::List<at::Tensor> other) {
  if (!list.isTensorList())
    return -1;
  auto tensors = list.toTensorVector();
  const int64_t n = static_cast<int64_t>(tensors.size()) * 10 + tensors[0].numel();
  other.clear();
  return n;
}

int main() {
  c10::List<at::Tensor> l;
  l.push_back(at::arange(4));
  l.push_back(at::arange(2));
  const at::Tensor kept = l.get(0);
  std::cout << sizes_then_clear(IValue(l), l) << " " << l.size() << " " << kept.numel() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
