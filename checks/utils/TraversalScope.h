//===- TraversalScope.h - narrow the AST's traversal scope for a while ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef C10TIDY_UTILS_TRAVERSALSCOPE_H
#define C10TIDY_UTILS_TRAVERSALSCOPE_H

#include "clang/AST/ASTContext.h"
#include <vector>

namespace clang::tidy::c10::utils {

/// Narrows the AST's traversal scope to some functions while it lives.
/// ExprMutationAnalyzer asks for ancestors (to skip unevaluated operands),
/// and the first such question builds a parent map of the traversal scope:
/// by default the whole translation unit, about a second with
/// torch/script.h. After matching, the checks narrow it to the functions
/// they analyse and restore it (clangd narrows it too). ReportedDeclMatches
/// narrows it to the reported declarations to match them in one traversal.
class TraversalScopeGuard {
public:
  TraversalScopeGuard(ASTContext &Ctx, const std::vector<Decl *> &Functions)
      : Ctx(Ctx), Saved(Ctx.getTraversalScope()) {
    Ctx.setTraversalScope(Functions);
  }
  ~TraversalScopeGuard() { Ctx.setTraversalScope(Saved); }
  TraversalScopeGuard(const TraversalScopeGuard &) = delete;
  TraversalScopeGuard &operator=(const TraversalScopeGuard &) = delete;

private:
  ASTContext &Ctx;
  std::vector<Decl *> Saved;
};

} // namespace clang::tidy::c10::utils

#endif
