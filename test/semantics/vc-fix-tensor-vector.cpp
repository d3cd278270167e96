// expect: fix — toTensorVector()[i] and .size() of a by-value parameter after isTensorList(), read through const member functions
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

static int64_t first_len(IValue batch) {
  if (batch.isTensorList())
    return batch.toTensorVector()[0].size(0) * 100 + static_cast<int64_t>(batch.toTensorVector().size());
  return -1;
}

int main() {
  c10::List<at::Tensor> l;
  l.push_back(at::arange(7));
  l.push_back(at::arange(2));
  std::cout << first_len(IValue(l)) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
