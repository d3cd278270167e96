// expect: fix — an intrusive_ptr member of a range-for element of a const reference parameter, copied and only read through ->
#include <ATen/ATen.h>
#include <c10/util/intrusive_ptr.h>
#include <iostream>
#include <string>
#include <vector>

struct Meta : c10::intrusive_ptr_target {
  explicit Meta(std::string n) : name(std::move(n)) {}
  std::string name;
};

struct Entry {
  c10::intrusive_ptr<Meta> meta;
  int64_t size;
};

struct Model {
  std::vector<Entry> entries;
};

static void list(const Model& model) {
  int64_t total = 0;
  for (const Entry& e : model.entries) {
    c10::intrusive_ptr<Meta> m = e.meta;
    total += e.size;
    std::cout << m->name << " " << m->name.size() << "\n";
  }
  std::cout << total << "\n";
}

int main() {
  Model model;
  model.entries.push_back(Entry{c10::make_intrusive<Meta>("alpha"), 2});
  model.entries.push_back(Entry{c10::make_intrusive<Meta>("beta"), 3});
  list(model);
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
