//===- RefcountedCopyCheck.h - c10-refcounted-copy ------------------------===//

#ifndef C10TIDY_REFCOUNTEDCOPYCHECK_H
#define C10TIDY_REFCOUNTEDCOPYCHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include "utils/DedupedFindings.h"
#include "utils/LocalParents.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <string>
#include <vector>

namespace clang::tidy::c10 {

/// Flags a local copy of a refcounted handle (`IValue`, `at::Tensor`,
/// `c10::intrusive_ptr<T>`) made from a borrowed reference -- an accessor
/// such as `toTensor()`, a container element, a member -- that is then only
/// read: the copy is an atomic refcount increment and decrement a const
/// reference avoids. Complements `performance-unnecessary-copy-initialization`
/// and leaves the copies that check reports to it. The `const auto&` fix-it is
/// offered only where the source provably stays alive and unchanged.
///
/// Docs: docs/checks/c10-refcounted-copy.md
class RefcountedCopyCheck : public ClangTidyCheck {
public:
  RefcountedCopyCheck(StringRef Name, ClangTidyContext *Context);
  ~RefcountedCopyCheck() override;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }
  std::optional<TraversalKind> getCheckTraversalKind() const override {
    return TK_AsIs;
  }

  /// A copy that passed the cheap, syntactic tests; analysed for mutations
  /// at the end of the translation unit.
  struct Candidate;

private:
  void analyse(const Candidate &C, ASTContext &Ctx);

  const std::string RawRefcountedClasses;
  std::vector<std::string> RefcountedClasses; ///< Empty when the option is invalid.
  utils::DedupedFindings Findings;
  std::vector<Candidate> Candidates;
  ASTContext *Context = nullptr;
  /// Parent maps of the function bodies seen in this translation unit.
  llvm::DenseMap<const Stmt *, std::unique_ptr<utils::LocalParents>> ParentsByBody;
};

} // namespace clang::tidy::c10

#endif
