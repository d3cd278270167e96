// expect: no-fix — the lambda's copy is not the variable's last use: the function reads it after the lambda returns, the lambda runs in a loop, a stored lambda or a later one reads it, the enclosing lambda reads it after the inner one: a move would hand the later read an empty tensor
#include <ATen/ATen.h>
#include <iostream>
#include <utility>
#include <vector>

static std::vector<at::Tensor> kept;

static void keep(at::Tensor t) { kept.push_back(std::move(t)); }
static void show(const char *what, const at::Tensor &t) {
  std::cout << what << " " << t.defined() << "\n";
}

static void readAfter(at::Tensor x) {
  [&] { keep(x); }();
  show("read after", x);
}

static void inALoop(at::Tensor x) {
  for (int i = 0; i < 2; ++i)
    [&] { keep(x); }();
}

static void storedLambdaReads(at::Tensor x) {
  auto later = [&] { show("stored lambda", x); };
  [&] { keep(x); }();
  later();
}

static void laterLambdaReads(at::Tensor x) {
  [&] { keep(x); }();
  [&] { show("later lambda", x); }();
}

static void outerReadsAfterInner(at::Tensor x) {
  [&] {
    [&] { keep(x); }();
    show("outer after inner", x);
  }();
}

int main() {
  auto a = at::arange(3, at::kDouble);
  readAfter(a);
  inALoop(a);
  storedLambdaReads(a);
  laterLambdaReads(a);
  outerReadsAfterInner(a);
  for (const auto &t : kept)
    std::cout << "kept " << t.defined() << "\n";
  show("a", a);
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
