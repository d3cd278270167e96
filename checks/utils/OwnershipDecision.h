//===- OwnershipDecision.h - one piece of advice per handle variable ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A local handle (IValue, at::Tensor, intrusive_ptr, ...) copied from
// something already alive can save its atomic increment and decrement in two
// ways: bind a const reference at the declaration (c10-refcounted-copy), or
// hand the copy over with std::move at its last use (c10-intrusive-ptr-move).
// Either fix saves the same work; both applied to one variable give a
// std::move of a const reference, a silent copy. So the variable gets one
// decision, computed here the same way by every check that reports it:
//
//   1. performance-unnecessary-copy-initialization enabled and reporting the
//      copy: nothing from us (its fix is the borrow).
//   2. The copy is a borrow candidate and only read:
//      - borrow proven safe                      -> Borrow (with a fix-it);
//      - borrow unproven (source out of sight)   -> Move if there is a last
//        use to move from, else Borrow without a fix-it;
//      - borrow broken (source modified or popped while the copy lives)
//                                                -> Move if possible, else
//        nothing: a reference there would dangle.
//   3. Otherwise a last use that copies into an owner -> Move.
// A last use inside `Tuple::create({...})` belongs to
// c10-tuple-create-init-list when it is enabled: its rewrite moves the
// variable, so the variable gets neither a borrow nor a second move.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_OWNERSHIPDECISION_H
#define C10TIDY_UTILS_OWNERSHIPDECISION_H

#include "clang-tidy/ClangTidyCheck.h"
#include "utils/BorrowAnalysis.h"
#include "utils/LastUse.h"
#include "utils/LocalParents.h"
#include "utils/OwnershipSinks.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::c10::utils {

/// What the checks' configuration says about who reports what; read the
/// same way by every check from the one ClangTidyContext.
struct OwnershipConfig {
  bool BorrowEnabled = false; ///< c10-refcounted-copy
  bool MoveEnabled = false;   ///< c10-intrusive-ptr-move
  bool TupleCreateInitListEnabled = false;
  bool TupleElementsCopyEnabled = false; ///< c10-tuple-elements-copy
  bool UpstreamCopyInitEnabled = false; ///< performance-unnecessary-copy-initialization
  bool UpstreamForRangeCopyEnabled = false; ///< performance-for-range-copy
  bool UpstreamValueParamEnabled = false; ///< performance-unnecessary-value-param
  std::vector<std::string> BorrowClasses; ///< c10-refcounted-copy.RefcountedClasses
  std::vector<std::string> MoveClasses;   ///< c10-intrusive-ptr-move.HandleClasses
  std::vector<std::string> ContainerClasses; ///< c10-intrusive-ptr-move.ContainerClasses
  std::vector<std::string> TupleClasses;  ///< c10-tuple-create-init-list.TupleClasses
  std::vector<std::string> ElementsTupleClasses; ///< c10-tuple-elements-copy.TupleClasses

  static OwnershipConfig read(ClangTidyContext &Context);
};

/// The defaults of the options above, shared with the checks that own them.
inline constexpr llvm::StringLiteral DefaultBorrowClasses =
    "::c10::IValue;::at::Tensor;::c10::intrusive_ptr;::c10::List;::c10::Dict";
inline constexpr llvm::StringLiteral DefaultMoveClasses =
    "::c10::intrusive_ptr;::c10::IValue;::at::Tensor;::at::TensorBase;::c10::List;::c10::Dict";
inline constexpr llvm::StringLiteral DefaultContainerClasses = "::std::vector;::std::deque";
inline constexpr llvm::StringLiteral DefaultTupleClasses = "::c10::ivalue::Tuple";

enum class Advice : std::uint8_t { None, Borrow, Move };

struct OwnershipDecision {
  Advice What = Advice::None;
  /// For Borrow: the candidate and its verdict (Safety Unproven: no fix-it).
  std::optional<BorrowCandidate> Candidate;
  BorrowJudgement Verdict;
  /// For Move: the last uses to move from (one per path that ends in a copy).
  llvm::SmallVector<const DeclRefExpr *, 2> MoveAt;
  /// A last use is an element of `Tuple::create({...})`, which
  /// c10-tuple-create-init-list rewrites with a std::move: never a borrow.
  bool MovedByTupleCreate = false;
  /// An upstream check users enabled beside ours advises the borrow
  /// (performance-unnecessary-copy-initialization, performance-for-range-copy).
  bool UpstreamBorrows = false;
};

/// The decisions for the variables of one translation unit, one object for
/// all checks (UnitAnalyses.h), working from the translation unit's shared
/// parent maps, last-use analyses and sinks. Ask decide() after matching,
/// inside a TraversalScopeGuard (it runs mutation analyses).
class OwnershipAnalysis {
public:
  OwnershipAnalysis(OwnershipConfig Config, ASTContext &Ctx, LocalParentsCache &Parents,
                    LastUseCache &LastUses, OwnershipSinks &Sinks)
      : Config(std::move(Config)), Ctx(Ctx), Sinks(Sinks), Parents(Parents), LastUses(LastUses) {}

  /// The decision for \p Var, a variable or a structured binding of
  /// \p Owner (a binding is never a borrow candidate, and no upstream check
  /// reports one: it can only be moved).
  const OwnershipDecision &decide(const ValueDecl &Var, const FunctionDecl &Owner);

  /// Whether \p Use is an argument that an owner copies from and that would
  /// be taken over as an rvalue (a move candidate, last use or not).
  bool isOwningSinkUse(const DeclRefExpr &Use, const FunctionDecl &Owner);
  /// Whether \p Argument is an element of the braced list handed to
  /// `Tuple::create` (c10-tuple-create-init-list's rewrite moves it).
  bool isTupleCreateListElement(const Expr &Argument, const LastUseAnalysis &A) const;

  /// Whether \p Source, an lvalue handle (a variable, an element), is
  /// copied into an owner that would take an rvalue over: bound as an
  /// argument as isOwningSinkUse says, or the object of a member function
  /// whose `&&` twin hands the value over (`x.toTensor()` copied into a
  /// by-value parameter, a container, a variable), unless that variable is
  /// advised to be a borrow instead (one decision per saving); or of one
  /// that returns a copy of a handle by value (`x.toTuple()`,
  /// `x.toIntList()`) that is handed on (handsOnReturnedCopy).
  bool isCopiedIntoOwner(const Expr &Source, const FunctionDecl &Owner);

  /// Whether \p Accessor, a by-value accessor with a moving `&&` twin, makes
  /// a copy that its `&&` twin would save and that no other advice covers:
  /// its result is one of the move classes (its copy costs a refcount) and
  /// is handed on — returned, an argument, or a variable's initialiser —
  /// not read through (`x.toIntList().vec()`, `x.toTuple()->elements()`).
  /// Where the accessor has a borrowing twin (`toTupleRef` beside
  /// `toTuple`), only a by-value or rvalue reference parameter, a return, or
  /// a variable that is itself handed on (passed or returned) counts: a
  /// variable or a const reference only read is c10-ivalue-ref-accessor's
  /// borrow, not a move.
  bool handsOnReturnedCopy(const CXXMemberCallExpr &Accessor, const LastUseAnalysis &A) const;

  /// Whether an element may be moved out of the local container \p Var (a
  /// variable or a structured binding)
  /// without contradicting a borrow of the container itself: neither
  /// c10-tuple-elements-copy (a copy of a tuple's elements that a named
  /// handle keeps alive, which it may advise to bind as a reference) nor an
  /// upstream check advises one (performance-unnecessary-value-param
  /// included: `const T&` for a by-value parameter only read).
  bool mayMoveElementsOutOf(const ValueDecl &Var, const FunctionDecl &Owner);

  /// Whether performance-unnecessary-value-param runs beside the c10 checks
  /// and reports \p Var, a by-value parameter of \p Owner that is never
  /// modified: it advises `const T&`, or std::move for a single copy.
  bool upstreamValueParamReports(const ValueDecl &Var, const FunctionDecl &Owner);

  /// The member call `x.m()` whose object is \p Object when `m` has a `&&`
  /// twin that hands the value over (OwnershipSinks::hasMovingRvalueTwin).
  const CXXMemberCallExpr *movingAccessorOn(const Expr &Object, const LastUseAnalysis &A) const;

  LastUseAnalysis &lastUse(const FunctionDecl &Function);
  const LocalParents &parents(const Stmt &Body) { return Parents.of(Body); }
  const OwnershipConfig &config() const { return Config; }
  OwnershipSinks &sinks() { return Sinks; }

  /// Whether \p T is one of \p Classes (a name matches a class template's
  /// every specialisation).
  static bool isOneOf(QualType T, const std::vector<std::string> &Classes);
  /// A handle, or a container of handles (`ContainerClasses`, nested up to
  /// kMaxContainerNesting deep: `std::vector<std::vector<at::Tensor>>`), or
  /// a tuple of them (isTupleOfHandles), or an optional one (isOptionalHandle).
  bool isMoveHandle(QualType T) const;
  /// A `std::optional` (or `c10::optional`) of a non-const handle or
  /// container of handles that a move hands over (not c10::List or
  /// c10::Dict): `std::optional<at::Tensor> bias`.
  bool isOptionalHandle(QualType T) const;
  /// A `std::tuple` or `std::pair` of objects (no reference element) at
  /// least one of which is a non-const handle or container of handles that
  /// a move hands over (not c10::List or c10::Dict): moving the tuple moves
  /// that handle (`std::tuple<at::Tensor, at::Tensor>`, an LSTM's state).
  bool isTupleOfHandles(QualType T) const;
  /// How many containers deep the handles of \p T sit: 0 for a handle or
  /// anything else, 1 for `std::vector<at::Tensor>`, 2 for a vector of those.
  unsigned containerNesting(QualType T) const;
  /// The same question for the handles of \p Elements in the containers of
  /// \p Containers.
  static unsigned containerNesting(QualType T, const std::vector<std::string> &Containers,
                                   const std::vector<std::string> &Elements);
  static constexpr unsigned kMaxContainerNesting = 3;

private:
  /// Whether moving an object of type \p Element hands a handle over.
  bool movesAHandle(QualType Element) const;
  /// Whether \p Argument (an lvalue) binds a parameter that takes it over.
  bool bindsOwningParameter(const Expr &Argument, const LastUseAnalysis &A);
  /// Whether \p Copy initialises a variable that is advised to be a borrow.
  bool initialisesBorrowedVariable(const Expr &Copy, const FunctionDecl &Owner);

  OwnershipConfig Config;
  ASTContext &Ctx;
  OwnershipSinks &Sinks;
  LocalParentsCache &Parents;
  LastUseCache &LastUses;
  llvm::DenseMap<const ValueDecl *, std::unique_ptr<OwnershipDecision>> Decisions;
};

/// Whether c10-refcounted-copy considers a copy of type \p T: one of its
/// `RefcountedClasses`, or a container of them (the containers
/// c10-intrusive-ptr-move's `ContainerClasses` names, nested as deep as it
/// follows them): copying `std::vector<at::Tensor>` allocates and copies
/// every handle.
bool isBorrowHandle(QualType T, const OwnershipConfig &Config);

/// Whether neither a move nor a borrow of \p Var saves refcount work: it is
/// an IValue that every use reads as a scalar, or a handle or container that
/// is default-constructed (empty, undefined, None) and never given a value.
bool savesNothing(const VarDecl &Var, const LastUseAnalysis &A);

/// The expression an argument \p Use is, as the callee sees it: up through
/// parentheses and no-op or derived-to-base casts. Null when an explicit cast
/// stands between (`static_cast<const T&>(x)` would stay a copy).
const Expr *actualArgument(const Expr &Use, const LastUseAnalysis &A);

} // namespace clang::tidy::c10::utils

#endif
