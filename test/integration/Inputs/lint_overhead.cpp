// The translation unit scripts/measure-lint-overhead.py lints: all of
// libtorch's TorchScript API (torch/script.h) plus a little code to check.
#include <torch/script.h>

std::size_t unpack(const c10::IValue &outputs) {
  std::size_t n = outputs.toTuple()->elements().size();
  for (const c10::IValue &x : outputs.toTupleRef().elements())
    if (x.isString())
      n += x.toString()->string().size();
  return n;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
