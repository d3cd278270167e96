// expect: fix — a tensor copied out of a model's output tuple is only read while results go out through double*, int64_t* and enum& parameters (a C API's out-parameters), which cannot change the tuple
#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <iostream>

using c10::IValue;

enum class Status { Ok, Empty };

static double energy(const c10::intrusive_ptr<c10::ivalue::Tuple> &output, double *total,
                     int64_t *dims, Status &status) {
  at::Tensor e = output->elements()[1].toTensor();
  *total = e.sum().item<double>();
  dims[0] = e.dim();
  status = e.defined() ? Status::Ok : Status::Empty;
  return e.mean().item<double>();
}

int main() {
  auto output = c10::ivalue::Tuple::create(IValue(at::arange(3)), IValue(at::arange(4, at::kDouble)));
  double total = 0;
  int64_t dims[1] = {0};
  Status status = Status::Empty;
  const double mean = energy(output, &total, dims, status);
  std::cout << total << " " << dims[0] << " " << (status == Status::Ok) << " " << mean << "\n";
  std::cout << output->elements()[1].toTensor().numel() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
