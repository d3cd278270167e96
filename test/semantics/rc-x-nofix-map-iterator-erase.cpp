// expect: no-fix — the copy is read through a map iterator, then the map erases that entry while the copy lives
#include <ATen/ATen.h>
#include <iostream>
#include <map>
#include <string>

struct Entry {
  at::Tensor value;
};

int main() {
  std::map<std::string, Entry> m;
  m["a"] = Entry{at::arange(3)};
  m["b"] = Entry{at::arange(4)};
  auto it = m.find("a");
  at::Tensor v = it->second.value;
  m.erase(it);
  std::cout << v.numel() << " " << m.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
