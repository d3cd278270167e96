//===- EnclosingFunction.cpp ----------------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "utils/EnclosingFunction.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include <utility>

namespace clang::tidy::c10::utils {

using ast_matchers::internal::BoundNodesTreeBuilder;

/// Whether \p Child is one of \p Function's member or base initialisers, or
/// the expression of one (the parent map may skip the initialiser itself).
static bool isInitializerOf(const DynTypedNode &Child, const FunctionDecl &Function) {
  if (Child.get<CXXCtorInitializer>())
    return true;
  const auto *Constructor = dyn_cast<CXXConstructorDecl>(&Function);
  const auto *Init = Child.get<Expr>();
  return Constructor && Init &&
         llvm::any_of(Constructor->inits(),
                      [&](const CXXCtorInitializer *I) { return I->getInit() == Init; });
}

bool matchEnclosingFunctions(const Stmt &Node, EnclosingCode Where,
                             const ast_matchers::internal::Matcher<FunctionDecl> &Inner,
                             ast_matchers::internal::ASTMatchFinder *Finder,
                             BoundNodesTreeBuilder *Builder) {
  ASTContext &Ctx = Finder->getASTContext();
  BoundNodesTreeBuilder Result;
  bool Matched = false;
  llvm::SmallPtrSet<const FunctionDecl *, 4> Tried;
  auto Try = [&](const FunctionDecl &Function) {
    if (!Tried.insert(&Function).second)
      return;
    BoundNodesTreeBuilder Bindings(*Builder);
    if (Inner.matches(Function, Finder, &Bindings)) {
      Matched = true;
      Result.addMatch(Bindings);
    }
  };

  // Up through every parent: a statement an instantiated template shares
  // with its pattern has several, and each leads to a function of its own.
  llvm::SmallVector<DynTypedNode, 8> Pending{DynTypedNode::create(Node)};
  llvm::SmallPtrSet<const void *, 16> Seen;
  while (!Pending.empty()) {
    const DynTypedNode Child = Pending.pop_back_val();
    const auto *ChildStmt = Child.get<Stmt>();
    for (const DynTypedNode &Parent : Ctx.getParents(Child)) {
      if (const void *Identity = Parent.getMemoizationData();
          Identity && !Seen.insert(Identity).second)
        continue;
      if (const auto *Function = Parent.get<FunctionDecl>()) {
        if ((ChildStmt && Function->doesThisDeclarationHaveABody() &&
             Function->getBody() == ChildStmt) ||
            (Where == EnclosingCode::BodyOrInitializers && isInitializerOf(Child, *Function)))
          Try(*Function);
        // Above a function that no function encloses (semantically or
        // lexically) there are only classes and namespaces.
        if (!Function->getParentFunctionOrMethod() &&
            !Function->getParentFunctionOrMethod(/*LexicalParent=*/true))
          continue;
      } else if (const auto *Lambda = Parent.get<LambdaExpr>()) {
        if (ChildStmt && ChildStmt == Lambda->getBody())
          Try(*Lambda->getCallOperator());
      }
      // On past the function: code in a lambda or a local class is also code
      // of the function around it.
      Pending.push_back(Parent);
    }
  }
  *Builder = std::move(Result);
  return Matched;
}

} // namespace clang::tidy::c10::utils
