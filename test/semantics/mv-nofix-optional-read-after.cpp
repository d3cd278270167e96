// expect: no-fix — the optional's value is copied out, then the optional is read again
#include <ATen/ATen.h>
#include <c10/util/Optional.h>
#include <iostream>
#include <vector>

static void collect(c10::optional<at::Tensor> maybe, std::vector<at::Tensor>& out) {
  if (maybe)
    out.push_back(*maybe);
  if (maybe.has_value())
    std::cout << maybe->sum().item<int64_t>() << " ";
}

int main() {
  std::vector<at::Tensor> out;
  collect(at::arange(4), out);
  collect(c10::nullopt, out);
  std::cout << out.size() << " " << out[0].sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
