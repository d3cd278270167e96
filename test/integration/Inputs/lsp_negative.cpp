// Opened in c10-clangd by lsp_clangd_test.py --negative: nothing to report.
#include <ATen/core/ivalue.h>
#include <cstddef>
std::size_t count(const c10::IValue &v) {
  return v.toTupleRef().elements().size();
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
