// expect: no-fix — a string_view into the IValue's string is stored in a vector, then the IValue is passed by value to a function that drops it, then the view is read
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <string>
#include <vector>

using c10::IValue;

static size_t consume(IValue v) { return v.toStringRef().size(); }

int main() {
  IValue name(std::string("a-name-long-enough-to-live-on-the-heap"));
  std::vector<c10::string_view> views;
  views.push_back(name.toStringView());
  std::cout << consume(name) << "\n";
  std::cout << std::string(views[0].data(), views[0].size()) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
