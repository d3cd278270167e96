// A user header: Scene owns Layers; the Layer that closes the cycle is in
// the main file of c10-intrusive-ptr-cycle-templates.cpp.
#pragma once
#include <c10/util/intrusive_ptr.h>
#include <vector>

struct Layer;
struct Scene : c10::intrusive_ptr_target {
  std::vector<c10::intrusive_ptr<Layer>> layers;
};
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
