// RUN: %check_c10_tidy %s 'c10-intrusive-ptr-move,performance-unnecessary-copy-initialization' %t
// REQUIRES: aten-tensor
//
// A loop element copied into a variable that is only read: the upstream
// check advises a reference for the variable, and c10-intrusive-ptr-move,
// which would move the element into it, steps back -- one finding per
// saving, never a move beside a borrow.

#include <ATen/ATen.h>
#include <vector>

std::vector<at::Tensor> compute();
int64_t seen = 0;
void look(const at::Tensor &t) { seen += t.dim(); }

void copiedIntoAVariable() {
  std::vector<at::Tensor> outs = compute();
  for (auto &t : outs) {
    at::Tensor copy = t;
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: local copy 'copy' of the variable 't' {{.*}}is never modified; consider avoiding the copy [performance-unnecessary-copy-initialization]
    // CHECK-FIXES: {{^}}    const at::Tensor& copy = t;{{$}}
    look(copy);
  }
}

// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
