//===- PerUnit.h - one object shared by the checks of a translation unit --===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// clang-tidy creates every check afresh for each translation unit and gives
// them no common place to keep anything. Some work is the same for several
// checks (the include to insert, the matching traversal, the analyses of a
// function body), so they share one object per translation unit: the first
// check to ask makes it, the others find it, and it lives as long as one
// check still holds it.
//
// One thread prepares and runs all checks of a translation unit (clang-tidy,
// and each of clangd's workers), so a thread-local is enough to find the
// object without a lock. It is found by a key that only this translation
// unit has while any of its checks is alive (its MatchFinder, Preprocessor or
// ASTContext); an object whose holders are all gone is never handed out
// again, even if the next translation unit's key has the same address.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_PERUNIT_H
#define C10TIDY_UTILS_PERUNIT_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include <memory>

namespace clang::tidy::c10::utils {

/// The \p Object shared under \p Key on this thread, made by \p Make if there
/// is none alive. One registry per (Object, Key) type pair.
template <typename Object, typename Key>
std::shared_ptr<Object> sharedPerUnit(const Key *UnitKey,
                                      llvm::function_ref<std::shared_ptr<Object>()> Make) {
  struct Current {
    const Key *UnitKey = nullptr;
    std::weak_ptr<Object> Shared;
  };
  thread_local Current Unit;
  if (Unit.UnitKey == UnitKey)
    if (std::shared_ptr<Object> Existing = Unit.Shared.lock())
      return Existing;
  std::shared_ptr<Object> Made = Make();
  Unit = {UnitKey, Made};
  return Made;
}

} // namespace clang::tidy::c10::utils

#endif
