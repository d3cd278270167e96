// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t
// REQUIRES: runtime-libtorch
//
// An optional that holds a vector is indexed through its value, element by
// element (c10-intrusive-ptr-move-optional-value.cpp); an optional that
// holds a tensor is not: `(*o)[1]` is the tensor's own operator[], which
// reads the one value the optional holds. Moving that value out before such
// a read would hand it an empty tensor. (The reference runtime's tensor has
// no operator[].)

#include <ATen/ATen.h>
#include <optional>
#include <utility>

std::optional<at::Tensor> lookup(int64_t key);
void sink(at::Tensor t);
void look(const at::Tensor &t);

void valueThenRow(int64_t key) {
  auto maybe = lookup(key);
  sink(*maybe);
  look((*maybe)[1]);
}

void valueThenRowThroughValue(int64_t key) {
  auto maybe = lookup(key);
  sink(maybe.value());
  look(maybe.value()[1]);
}

void rowThenValue(int64_t key) {
  auto maybe = lookup(key);
  look((*maybe)[0]);
  sink(*maybe);
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: '*maybe' is copied at the last use of 'maybe'
  // CHECK-FIXES: {{^}}  sink(std::move(*maybe));{{$}}
}

// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
