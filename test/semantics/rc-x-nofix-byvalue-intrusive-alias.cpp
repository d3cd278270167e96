// expect: no-fix — a by-value intrusive_ptr parameter points to the same object as the const reference one and reassigns the borrowed member
#include <ATen/ATen.h>
#include <c10/util/intrusive_ptr.h>
#include <iostream>

struct Meta : c10::intrusive_ptr_target {
  explicit Meta(at::Tensor t) : w(std::move(t)) {}
  at::Tensor w;
};

static void update(const c10::intrusive_ptr<Meta>& m, c10::intrusive_ptr<Meta> other) {
  at::Tensor w = m->w;
  other->w = at::arange(9);
  std::cout << w.numel() << " " << m->w.numel() << "\n";
}

int main() {
  auto m = c10::make_intrusive<Meta>(at::arange(3));
  update(m, m);
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
