// expect: fix — tensors returned at their last use after accessor rows were handed by value to a helper that writes through them
#include <ATen/ATen.h>
#include <iostream>
#include <tuple>
#include <utility>

template <typename Row> static void accumulate(Row out, Row grad, float w) {
  for (int64_t i = 0; i < out.size(0); ++i)
    out[i] += grad[i] * w;
}

static std::tuple<at::Tensor, at::Tensor> rowsByValue(const at::Tensor& g, int64_t n) {
  at::Tensor points = at::zeros({n, 3});
  at::Tensor boxes = at::ones({n, 3});
  auto pa = points.accessor<float, 2>();
  auto ba = boxes.accessor<float, 2>();
  auto ga = g.accessor<float, 2>();
  for (int64_t p = 0; p < n; ++p) {
    auto row = pa[p];
    accumulate(std::move(row), ga[p], 2.0f);
    accumulate(ba[p], ga[p], 1.0f);
  }
  return std::make_tuple(points, boxes);
}

int main() {
  at::Tensor g = at::arange(6, at::kFloat).reshape({2, 3});
  auto [points, boxes] = rowsByValue(g, 2);
  std::cout << points << "\n" << boxes << "\n" << points.use_count() << " " << boxes.use_count() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
