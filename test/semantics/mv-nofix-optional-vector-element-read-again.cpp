// expect: no-fix — an element of a vector held by a local optional is read again after its copy: the same element, the whole vector, or through a reference to the vector kept earlier: a move would leave those reads an empty tensor
#include <ATen/ATen.h>
#include <iostream>
#include <optional>
#include <utility>
#include <vector>

static std::optional<std::vector<at::Tensor>> run(int64_t n) {
  std::vector<at::Tensor> outs;
  for (int64_t i = 0; i < n; ++i)
    outs.push_back(at::full({2}, static_cast<double>(i + 1)));
  return outs;
}

static std::vector<at::Tensor> kept;
static void keep(at::Tensor t) { kept.push_back(std::move(t)); }
static void show(const char *what, const at::Tensor &t) {
  std::cout << what << " " << t.defined() << "\n";
}

static void sameElementAgain() {
  auto outputs = run(2);
  keep(outputs->at(0));
  show("same element", outputs->at(0));
}

static void wholeVectorAfter() {
  auto outputs = run(2);
  keep((*outputs)[0]);
  for (const auto &t : *outputs)
    show("whole vector", t);
}

static void referenceKept() {
  auto outputs = run(2);
  const std::vector<at::Tensor> &all = *outputs;
  keep(outputs.value().at(0));
  show("kept reference", all[0]);
}

int main() {
  sameElementAgain();
  wholeVectorAfter();
  referenceKept();
  std::cout << "kept " << kept.size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
