// expect: fix — a pickled state's elements copied into a local and handed, through toTensor(), to make_intrusive, make_tuple and emplace_back, which copy them into by-value or const-reference parameters
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <c10/util/intrusive_ptr.h>
#include <iostream>
#include <tuple>
#include <utility>
#include <vector>

using c10::IValue;

struct Projection : c10::intrusive_ptr_target {
  at::Tensor focal;
  at::Tensor center;
  int64_t width;
  Projection(at::Tensor f, at::Tensor c, int64_t w) : focal(std::move(f)), center(std::move(c)), width(w) {
    focal.add_(1);
  }
};

static c10::intrusive_ptr<Projection> restore(IValue state) {
  auto elems = state.toTupleRef().elements();
  TORCH_CHECK(elems.size() == 3 && elems[2].isInt());
  return c10::make_intrusive<Projection>(elems[0].toTensor(), elems[1].toTensor(), elems[2].toInt());
}

static std::tuple<at::Tensor, at::Tensor> asTuple(const IValue &state) {
  auto elems = state.toTupleRef().elements();
  return std::make_tuple(elems[0].toTensor(), elems[1].toTensor());
}

static std::vector<at::Tensor> collected(const IValue &state) {
  auto elems = state.toTupleRef().elements();
  std::vector<at::Tensor> out;
  out.emplace_back(elems[1].toTensor());
  return out;
}

int main() {
  IValue state = c10::ivalue::Tuple::create(at::ones({2}), at::arange(2.0), int64_t{5});
  auto p = restore(state);
  std::cout << p->focal.sum().item<double>() << " " << p->center.sum().item<double>() << " " << p->width << "\n";
  auto t = asTuple(state);
  std::cout << std::get<0>(t).sum().item<double>() << " " << std::get<1>(t).sum().item<double>() << "\n";
  auto v = collected(state);
  std::cout << v.size() << " " << v[0].sum().item<double>() << " " << state.toTupleRef().elements()[0].toTensor().sum().item<double>() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
