// expect: no-fix — a pointer or reference to the variable outlives the lambda's copy (an address let out of the lambda, one taken by an earlier lambda, a reference an earlier lambda returns, an alias read inside after the copy): a move would leave it pointing at an empty tensor
#include <ATen/ATen.h>
#include <iostream>
#include <utility>
#include <vector>

static std::vector<at::Tensor> kept;
static const at::Tensor *lastSeen = nullptr;

static void keep(at::Tensor t) { kept.push_back(std::move(t)); }
static void show(const char *what, const at::Tensor &t) {
  std::cout << what << " " << t.defined() << "\n";
}

static void addressLetOut(at::Tensor x) {
  [&] {
    lastSeen = &x;
    keep(x);
  }();
  show("let out", *lastSeen);
}

static void addressFromEarlierLambda(at::Tensor x) {
  const at::Tensor *p = nullptr;
  [&] { p = &x; }();
  [&] { keep(x); }();
  show("earlier lambda's pointer", *p);
}

static void referenceReturned(at::Tensor x) {
  const at::Tensor &r = [&]() -> const at::Tensor & { return x; }();
  keep(x);
  show("returned reference", r);
}

static void aliasInside(at::Tensor x) {
  [&] {
    auto &alias = x;
    keep(x);
    show("alias", alias);
  }();
}

int main() {
  auto a = at::arange(3, at::kDouble);
  addressLetOut(a);
  addressFromEarlierLambda(a);
  referenceReturned(a);
  aliasInside(a);
  std::cout << "kept " << kept.size() << " " << a.defined() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
