// expect: fix — a by-value IValue's tensor list copied by toTensorVector() after the stack (which shares the list) was cleared and the list's type tested: the write comes before the copy, so a view reads what the copy would
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static int64_t defined_numel(IValue list, std::vector<IValue> &stack) {
  stack.clear();
  if (!list.isTensorList())
    return -1;
  auto tensors = list.toTensorVector();
  int64_t n = 0;
  for (size_t i = 0; i < tensors.size(); ++i)
    n += tensors[i].defined() ? tensors[i].numel() : 100;
  return n;
}

int main() {
  c10::List<at::Tensor> l;
  l.push_back(at::arange(3));
  l.push_back(at::Tensor());
  l.push_back(at::arange(5));
  std::vector<IValue> stack{IValue(l), IValue(int64_t(1))};
  std::cout << defined_numel(IValue(l), stack) << " " << stack.size() << " " << l.size() << "\n";
  std::cout << defined_numel(IValue(int64_t(2)), stack) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
