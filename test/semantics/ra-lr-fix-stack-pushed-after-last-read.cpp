// expect: fix — the tuple popped into a local is read through a reference and a loop over its elements; the stack grows only after the loop
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <ATen/core/stack.h>
#include <iostream>
#include <vector>

using c10::IValue;

static void doubleTensors(torch::jit::Stack& stack) {
  auto iv = torch::jit::pop(stack);
  auto tuple = iv.toTuple();
  const auto& elems = tuple->elements();
  std::vector<IValue> out;
  out.reserve(elems.size());
  for (const auto& elem : elems) {
    if (elem.isTensor())
      out.emplace_back(elem.toTensor() * 2);
    else
      out.emplace_back(elem);
  }
  torch::jit::push(stack, c10::ivalue::Tuple::create(std::move(out)));
  torch::jit::push(stack, int64_t(7));
}

int main() {
  torch::jit::Stack stack;
  torch::jit::push(stack, c10::ivalue::Tuple::create(IValue(at::arange(3)), IValue(int64_t(5))));
  doubleTensors(stack);
  std::cout << stack.size() << "\n";
  std::cout << stack[0].toTupleRef().elements()[0].toTensor().sum().item<int64_t>() << "\n";
  std::cout << stack[0].toTupleRef().elements()[1].toInt() << " " << stack[1].toInt() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
