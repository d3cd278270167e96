// expect: fix — typed lists boxed by c10::impl::toList at their last use: moved in, the generic lists hold the same elements and the typed lists are never read again
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <utility>
#include <vector>

static c10::List<c10::IValue> boxed(const std::vector<at::Tensor> &ts) {
  c10::List<at::Tensor> l;
  for (const auto &t : ts)
    l.push_back(t * 2);
  return c10::impl::toList(l);
}

static void boxedInto(std::vector<c10::List<c10::IValue>> &out, c10::List<double> l) {
  out.push_back(c10::impl::toList(l));
}

int main() {
  std::vector<at::Tensor> ts{at::arange(3), at::arange(5)};
  c10::List<c10::IValue> g = boxed(ts);
  std::vector<c10::List<c10::IValue>> out;
  c10::List<double> d;
  d.push_back(1.5);
  d.push_back(2.5);
  boxedInto(out, d);
  d.push_back(4.0); // the caller's handle still shares the storage
  std::cout << g.size() << " " << g.get(1).toTensor().sum().item<long>() << " " << g.use_count()
            << " " << out[0].size() << " " << out[0].get(2).toDouble() << " " << out[0].use_count()
            << " " << d.use_count() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
