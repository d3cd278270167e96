// expect: no-fix — the copying statement increments the index, so the erase removes another element and the copied one is read later
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

int main() {
  std::vector<IValue> items;
  items.emplace_back(at::arange(2));
  items.emplace_back(at::arange(3));
  items.emplace_back(at::arange(4));
  size_t i = 0;
  std::vector<IValue> out;
  out.push_back(items[i++]);
  items.erase(items.begin() + i);
  for (const IValue& e : items) std::cout << e.tagKind() << "\n";
  std::cout << out[0].toTensor().numel() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
