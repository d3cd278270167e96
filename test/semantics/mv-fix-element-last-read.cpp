// expect: fix — elements of a local container read for the last time at constant indices, directly and through toTensor()
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <utility>
#include <vector>

using c10::IValue;

static IValue step(int64_t i) {
  return c10::ivalue::Tuple::create(at::full({2}, i), at::arange(i + 2), IValue(at::ones({3}) * i));
}

static std::vector<at::Tensor> split(int64_t i) { return {at::full({1}, i), at::full({2}, i + 1)}; }

struct Decoder {
  at::Tensor encoded, cache;
  IValue extra;
  std::vector<at::Tensor> parts;

  void run(int64_t i) {
    auto outs = step(i).toTuple()->elements();
    encoded = outs[0].toTensor();
    cache = outs[1].toTensor();
    extra = outs[2];
  }
  void pieces(int64_t i) {
    std::vector<at::Tensor> p = split(i);
    encoded = p[0];
    if (p.size() > 1)
      cache = p.at(1);
  }
  void loop(int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
      auto outs = step(i).toTuple()->elements();
      if (outs[0].isTensor())
        parts.push_back(outs[0].toTensor());
    }
  }
};

static at::Tensor single() {
  IValue out = IValue(at::arange(5));
  at::Tensor t = out.toTensor();
  return t;
}

int main() {
  Decoder d;
  d.run(3);
  std::cout << d.encoded.sum().item<int64_t>() << " " << d.cache.numel() << " "
            << d.extra.toTensor().sum().item<int64_t>() << "\n";
  d.pieces(4);
  std::cout << d.encoded.sum().item<int64_t>() << " " << d.cache.sum().item<int64_t>() << "\n";
  d.loop(4);
  int64_t total = 0;
  for (const auto& t : d.parts) total += t.sum().item<int64_t>();
  std::cout << d.parts.size() << " " << total << " " << single().sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
