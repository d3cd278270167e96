// Any file will do: the plugin must stop before clang-tidy parses it.
int main() { return 0; }
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
