// expect: fix — IValue accessors returning a handle by value, called at the IValue's last use or an element's last read
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>
#include <vector>

using c10::IValue;

struct Out {
  c10::List<double> scales;
  c10::intrusive_ptr<c10::ivalue::Tuple> state;
};

static IValue makeTuple(int64_t k) { return c10::ivalue::Tuple::create({IValue(k), IValue(at::ones({2}) * k)}); }

static c10::intrusive_ptr<c10::ivalue::Tuple> returned(int64_t k) {
  IValue out = makeTuple(k);
  return out.toTuple();
}

static int64_t sizesOf(c10::List<int64_t> sizes) { return sizes.size() > 0 ? sizes.get(0) : -1; }

static void fill(Out& o, int64_t k) {
  std::vector<IValue> stack{IValue(std::vector<int64_t>{k, k + 1}), IValue(std::vector<double>{0.5, 1.5})};
  o.scales = stack[1].toDoubleList();
  std::cout << sizesOf(stack[0].toIntList()) << " ";
  IValue state = makeTuple(k + 10);
  o.state = state.toTuple();
}

static c10::intrusive_ptr<c10::ivalue::Tuple> keptVariable(int64_t k) {
  IValue out = makeTuple(k);
  c10::intrusive_ptr<c10::ivalue::Tuple> kept = out.toTuple();
  std::cout << out.isTuple() << " ";
  c10::intrusive_ptr<c10::ivalue::Tuple> again = out.toTuple();
  std::cout << kept->elements()[1].toTensor().sum().item<double>() << " ";
  return again;
}

int main() {
  std::cout << keptVariable(2)->elements()[0].toInt() << " ";
  auto t = returned(3);
  std::cout << t->elements()[0].toInt() << " " << t->elements()[1].toTensor().sum().item<double>() << " ";
  Out o;
  fill(o, 7);
  std::cout << o.scales.get(1) << " " << o.state->elements()[0].toInt() << " " << o.state.use_count() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
