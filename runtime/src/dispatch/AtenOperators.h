// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once

namespace c10 {
class Dispatcher;
namespace impl {

// Defines the runtime's ATen operators in `dispatcher` (once, when the
// process's dispatcher is made) with the tensor library's functions as
// their CPU kernels, as libtorch's dispatcher holds its own from the start.
void registerAtenOperators(Dispatcher& dispatcher);

} // namespace impl
} // namespace c10
