//===- DeclNames.h - compare a declaration's name safely ------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// NamedDecl::getName() asserts (on an assertions-enabled LLVM) when the name
// is not a plain identifier: a constructor, destructor, operator or
// conversion function. Any loop over a class's methods meets those.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_DECLNAMES_H
#define C10TIDY_UTILS_DECLNAMES_H

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/StringRef.h"

namespace clang::tidy::c10::utils {

/// Whether \p D is named by the identifier \p Name.
inline bool isNamed(const NamedDecl *D, llvm::StringRef Name) {
  return D && D->getIdentifier() && D->getName() == Name;
}

/// Whether \p D is declared directly in the top-level namespace \p Namespace
/// (`c10::List`, not `c10::impl::ListImpl` nor `other::c10::List`).
inline bool isInTopLevelNamespace(const Decl &D, llvm::StringRef Namespace) {
  const auto *NS = llvm::dyn_cast<NamespaceDecl>(D.getDeclContext());
  return isNamed(NS, Namespace) && NS->getParent()->getRedeclContext()->isTranslationUnit();
}

} // namespace clang::tidy::c10::utils

#endif
