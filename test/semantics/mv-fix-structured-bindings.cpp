// expect: fix — structured bindings of a decomposition declared by value, copied out at their last use
#include <ATen/ATen.h>
#include <array>
#include <iostream>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

struct Split {
  at::Tensor head;
  at::Tensor tail;
};

static std::tuple<at::Tensor, at::Tensor> maxOf(const at::Tensor& x) { return x.max(1); }

static std::tuple<at::Tensor, at::Tensor> maxPair(const at::Tensor& x) {
  auto [values, indices] = maxOf(x);
  return {values, indices};
}

static at::Tensor largest(const at::Tensor& x) {
  auto [values, indices] = maxOf(x);
  std::cout << indices.sum().item<int64_t>() << " ";
  return values;
}

static std::vector<at::Tensor> parts(const at::Tensor& x) {
  std::vector<at::Tensor> out;
  auto [head, tail] = Split{x.narrow(0, 0, 1), x.narrow(0, 1, 1)};
  out.push_back(head);
  std::array<at::Tensor, 2> pair{x * 2, x * 3};
  auto [low, high] = pair;
  out.push_back(high);
  std::cout << tail.sum().item<int64_t>() << " " << low.sum().item<int64_t>() << " "
            << pair[1].sum().item<int64_t>() << " ";
  return out;
}

static std::vector<at::Tensor> perIteration(const at::Tensor& x) {
  std::vector<at::Tensor> out;
  for (int i = 0; i < 3; ++i) {
    auto [values, indices] = maxOf(x + i);
    std::cout << indices.sum().item<int64_t>() << " ";
    out.push_back(values);
  }
  return out;
}

static int64_t entries(const std::map<std::string, at::Tensor>& weights) {
  std::vector<at::Tensor> kept;
  for (auto [name, weight] : weights)
    kept.push_back(weight);
  int64_t total = 0;
  for (const auto& [name, weight] : weights)
    total += weight.sum().item<int64_t>();
  return total + static_cast<int64_t>(kept.size());
}

static std::vector<c10::IValue> fromCopy(std::pair<c10::IValue, c10::IValue> p) {
  std::vector<c10::IValue> out;
  auto [first, second] = p;
  out.push_back(first);
  out.push_back(second);
  std::cout << p.first.toTensor().sum().item<int64_t>() << " ";
  return out;
}

int main() {
  at::Tensor x = at::arange(6).reshape({2, 3});
  auto [v, i] = maxPair(x);
  std::cout << v.sum().item<int64_t>() << " " << i.sum().item<int64_t>() << " ";
  std::cout << largest(x).sum().item<int64_t>() << " ";
  for (const at::Tensor& t : parts(x))
    std::cout << t.sum().item<int64_t>() << " ";
  for (const at::Tensor& t : perIteration(x))
    std::cout << t.sum().item<int64_t>() << " ";
  std::map<std::string, at::Tensor> weights{{"a", x}, {"b", x * 2}};
  std::cout << entries(weights) << " ";
  std::vector<c10::IValue> kept = fromCopy({c10::IValue(x), c10::IValue(x * 4)});
  std::cout << kept[1].toTensor().sum().item<int64_t>() << " " << x.sum().item<int64_t>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
