// expect: fix — the pointer and the accessor into each tensor are last used before the tensor is copied into its owner
#include <ATen/ATen.h>
#include <cstring>
#include <iostream>
#include <tuple>
#include <vector>

at::Tensor* fromBytes(const float* src, int64_t n) {
  at::Tensor t = at::zeros({n});
  float* p = t.data_ptr<float>();
  std::memcpy(p, src, n * sizeof(float));
  return new at::Tensor(t);
}

// Values and squares, filled through accessors, returned as a pair.
std::tuple<at::Tensor, at::Tensor> valuesAndSquares(int64_t count) {
  at::Tensor values = at::empty({count});
  auto v = values.accessor<float, 1>();
  at::Tensor squares = at::empty({count});
  auto sq = squares.accessor<float, 1>();
  for (int64_t i = 0; i < count; ++i) {
    v[i] = static_cast<float>(i);
    sq[i] = v[i] * v[i];
  }
  return std::make_tuple(values, squares);
}

void keepFirstRows(std::vector<at::Tensor>& out, int64_t n) {
  at::Tensor m = at::zeros({n, 3});
  auto acc = m.accessor<float, 2>();
  for (int64_t i = 0; i < n; ++i) {
    auto row = acc[i];
    row[0] = static_cast<float>(i);
    if (i == 1) {
      out.push_back(m);
      break;
    }
  }
}

int main() {
  const float src[3] = {1.5f, 2.5f, 3.5f};
  at::Tensor* owned = fromBytes(src, 3);
  auto pair = valuesAndSquares(4);
  std::vector<at::Tensor> rows;
  keepFirstRows(rows, 3);
  std::cout << owned->sum().item<float>() << " " << owned->use_count() << "\n";
  std::cout << std::get<0>(pair).sum().item<float>() << " " << std::get<1>(pair).sum().item<float>()
            << " " << std::get<0>(pair).use_count() << "\n";
  std::cout << rows.size() << " " << rows[0].sum().item<float>() << " " << rows[0].use_count() << "\n";
  delete owned;
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
