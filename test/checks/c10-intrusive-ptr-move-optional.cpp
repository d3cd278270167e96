// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t
// REQUIRES: aten-tensor
//
// A handle copied into a `std::optional` at its last use: the optional's
// converting constructor forwards its argument through the base classes of
// libstdc++'s optional, whose constructors are inherited (`using
// Base::Base;`), into the stored object, so a moved handle is taken over.
// PyTorch 2.x spells its optional tensor parameters `std::optional<Tensor>`.

#include <ATen/core/Tensor.h>
#include <optional>
#include <utility>

void takeOptional(std::optional<at::Tensor> t);
void readOptional(const std::optional<at::Tensor> &t);
void read(const at::Tensor &t);

void byValueOptional(at::Tensor weight) {
  takeOptional(weight);
// CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'weight' is copied at its last use; move it {{.*}} [c10-intrusive-ptr-move]
// CHECK-FIXES: takeOptional(std::move(weight));
}

void localIntoOptional(const at::Tensor &input) {
  at::Tensor scaled = input.mul(2);
  std::optional<at::Tensor> maybe = scaled;
// CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'scaled' is copied at its last use; move it {{.*}} [c10-intrusive-ptr-move]
// CHECK-FIXES: std::optional<at::Tensor> maybe = std::move(scaled);
  readOptional(maybe);
}

// The temporary optional a const reference parameter binds to is built from
// the handle by the same converting constructor.
void temporaryOptional(at::Tensor bias) {
  readOptional(bias);
// CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'bias' is copied at its last use; move it {{.*}} [c10-intrusive-ptr-move]
// CHECK-FIXES: readOptional(std::move(bias));
}

// Silent: read again afterwards; returned (the return already moves it).
void readAfter(at::Tensor weight) {
  takeOptional(weight);
  read(weight);
}

std::optional<at::Tensor> returned(at::Tensor weight) { return weight; }
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
