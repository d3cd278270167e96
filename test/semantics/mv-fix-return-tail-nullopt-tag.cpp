// expect: fix — a tensor whose address a helper kept is returned at its last use beside c10::nullopt, a library tag that refers to nothing
#include <ATen/ATen.h>
#include <c10/util/Optional.h>
#include <iostream>
#include <tuple>

static const at::Tensor *lastOut = nullptr;

static void launch(const at::Tensor &in, at::Tensor &out) {
  out.add_(in);
  lastOut = &out;  // kept, never read after the caller returns
}

static std::tuple<at::Tensor, c10::optional<at::Tensor>> run(const at::Tensor &x, bool some) {
  auto out = at::zeros({3});
  launch(x, out);
  auto extra = at::ones({3});
  return std::make_tuple(out, some ? c10::optional<at::Tensor>{extra}
                                   : c10::optional<at::Tensor>{c10::nullopt});
}

int main() {
  at::Tensor x = at::arange(3);
  auto [a, b] = run(x, false);
  auto [c, d] = run(x, true);
  std::cout << a.sum().item<int64_t>() << " " << b.has_value() << " " << c.use_count() << " "
            << d.has_value() << " " << d->sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
