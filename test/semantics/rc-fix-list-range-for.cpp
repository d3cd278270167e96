// expect: fix — range-for loops by value over c10::Lists the bodies only read: each loop variable binds to the element through the list's element reference, the same values are read and the refcounts after the loops are the same
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <cstdint>
#include <iostream>

using c10::IValue;

static int64_t scoreOf(const IValue &v) {
  if (v.isTensor())
    return v.toTensor().sum().item<int64_t>() * 10;
  if (v.isString())
    return static_cast<int64_t>(v.toStringRef().size());
  return v.isInt() ? v.toInt() : -1;
}

static int64_t sumScores(const c10::List<IValue> &list) {
  int64_t s = 0;
  for (IValue v : list)
    s += scoreOf(v);
  return s;
}

static int64_t sumTensors(c10::List<at::Tensor> tensors) {
  int64_t s = 0;
  for (at::Tensor t : tensors) {
    if (t.defined())
      s += t.sum().item<int64_t>() + static_cast<int64_t>(tensors.size());
  }
  return s;
}

int main() {
  c10::impl::GenericList mixed(c10::AnyType::get());
  mixed.push_back(IValue(at::arange(4)));
  mixed.push_back(IValue(std::string("seven")));
  mixed.push_back(IValue(int64_t(3)));
  c10::List<at::Tensor> tensors;
  tensors.push_back(at::arange(3));
  tensors.push_back(at::ones({2}, at::kLong));
  std::cout << sumScores(mixed) << " " << sumTensors(tensors) << " "
            << mixed.get(0).toTensor().use_count() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
