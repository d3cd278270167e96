// expect: fix — the element is copied out of a local tuple that nothing changes while the copy is read
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

static int64_t describe(const c10::intrusive_ptr<c10::ivalue::Tuple>& unused) {
  return static_cast<int64_t>(unused->elements().size());
}

int main() {
  auto t = c10::ivalue::Tuple::create(IValue(at::arange(4)), IValue(std::string("label")));
  IValue first = t->elements()[0];
  std::cout << first.isTensor() << " " << first.toTensor().sum().item<int64_t>() << "\n";
  std::cout << describe(t) << "\n";
  return 0;
}
