// expect: no-fix — the index expression has a side effect: the copy reads element 0, the erase removes element 1, so element 0 is read again later
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

static size_t g_next = 0;
static size_t nextIndex() { return g_next++; }

int main() {
  std::vector<IValue> items;
  items.emplace_back(at::arange(2));
  items.emplace_back(at::arange(3));
  items.emplace_back(at::arange(4));
  std::vector<IValue> out;
  out.push_back(items[nextIndex()]);
  items.erase(items.begin() + nextIndex());
  for (const IValue& e : items) std::cout << e.tagKind() << "\n";
  std::cout << out[0].toTensor().numel() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
