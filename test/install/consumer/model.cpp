#include <ATen/core/ivalue.h>

// The one c10 finding: toTuple() copies an intrusive_ptr where toTupleRef() serves.
size_t tupleSize(const c10::IValue &value) {
  return value.toTuple()->elements().size();
}

// Clean for c10-*; readability-braces-around-statements reports it when a
// .clang-tidy enables that check, which shows c10tidy_enable adds to .clang-tidy.
int sign(int x) {
  if (x < 0)
    return -1;
  return 1;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
