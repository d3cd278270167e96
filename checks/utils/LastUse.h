//===- LastUse.h - is this the last use of a local variable? --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A copy of a local variable can become a move only when nothing reads the
// variable afterwards: on no path of the function's control-flow graph, not
// in a later iteration of a loop, not through a reference, pointer or
// by-reference lambda capture taken at some other point. "Only one reference
// in the source" is not that: a reference inside a loop runs many times, and
// a reference bound earlier reads the variable without naming it.
//
// A reference, pointer or view into the variable that initialises a local
// (`auto acc = t.accessor<float, 1>();`, `float *p = t.data_ptr<float>();`,
// `const Tensor &r = t;`) is followed rather than given up on: every use of
// that local counts as a read of the variable, provided none of those uses
// lets the reference go further than another such local. A move is then
// allowed only where no use of the local can follow it.
//
// LastUseAnalysis answers the question for the local variables and by-value
// parameters of one function. It is built per function, and builds that
// function's clang::CFG only when the first question is asked, so a check
// pays for the graph only in functions that contain a candidate.
//
//===----------------------------------------------------------------------===//

#ifndef C10TIDY_UTILS_LASTUSE_H
#define C10TIDY_UTILS_LASTUSE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace clang::tidy::c10::utils {

/// `c[i]` or `c.at(i)`: the access, its index and the index's value when it
/// is an integer constant; or `std::get<K>(c)`: the access and K, with no
/// index expression (a pair's `c.first` and `c.second` are K = 0 and 1); or
/// an optional's value (`*c`, `c.value()`): the access and 0.
struct ElementAccess {
  const Expr *Access = nullptr;
  const Expr *Index = nullptr;
  std::optional<llvm::APSInt> Constant;
  /// The access is an optional's value: there is no other element.
  bool OptionalValue = false;
};

class LastUseCache;

/// Last-use questions about the variables of one function (or lambda call
/// operator): its body and, for a constructor, its member initialisers.
///
/// A use inside a lambda that runs once, right where it is written
/// (`[&] { sink(x); }()`, as AT_DISPATCH expands, nested or not), and
/// captures the variable by reference is a use of the function's variable:
/// it is the last one when the lambda's capture is the last use at each
/// level out and the use is the last one inside. Each lambda's body is
/// asked through its own analysis, from \p Cache.
class LastUseAnalysis {
public:
  LastUseAnalysis(const FunctionDecl &Function, ASTContext &Ctx, LastUseCache *Cache = nullptr);

  /// Whether the variable that \p Use names is a candidate at all: a local
  /// variable with automatic storage or a by-value parameter of this
  /// function, neither const nor volatile nor a reference nor a structured
  /// binding's hidden object; or a structured binding that names an object
  /// only it names (isOwnBinding). \p Use is in the function's own code or
  /// inside lambdas that each run once where they are written and capture
  /// the variable by reference (inPlaceLambdasAround). Otherwise \p WhyNot
  /// says why.
  bool isMovableVariable(const DeclRefExpr &Use, std::string &WhyNot) const;

  /// Whether \p Use (naming a variable for which isMovableVariable holds) is
  /// its last use: no other use in the same full-expression (but the target
  /// of an assignment whose right side makes a new object from \p Use,
  /// `x = f(x)` with `f` returning by value, from C++17 on, which evaluates
  /// the right side first; not `x = x`), no use after it
  /// on any path of the CFG (a loop back to \p Use counts, unless the
  /// variable is declared again on the way), no reference, pointer or
  /// by-reference capture of the variable anywhere in the function, and
  /// \p Use not inside a try block the variable outlives. Otherwise \p WhyNot
  /// says why, in words for a note.
  bool isLastUse(const DeclRefExpr &Use, std::string &WhyNot);

  /// Whether the function's control-flow graph can be built. It cannot for
  /// some dependent code of a template (a range-for over a range of
  /// dependent type), where no last use is known.
  bool hasGraph() { return buildGraph(); }

  /// Whether \p Use, naming a parameter `T&& p` of this function (T not
  /// const), is the last time anything in the function can read the object
  /// the caller handed over: isLastUse holds for it as for a local; \p Use
  /// is in a closed tail (utils/ReturnTail), so only library code on values
  /// runs after it; and nothing in the function can name that object
  /// otherwise: every other parameter, and every global or static variable
  /// it reads, is of arithmetic or enumeration type, and it does not use
  /// `this`. Whether the caller reads the object afterwards is the
  /// caller's question (utils/RvalueParameterCallers). Otherwise \p WhyNot
  /// says why.
  bool isLastUseOfHandedOverObject(const DeclRefExpr &Use, std::string &WhyNot);

  /// Whether code that is not handed \p Var (a variable of this function)
  /// may still reach it: a lambda captures it by reference, or a reference,
  /// pointer or view to it or into it may outlive the expression that made
  /// it (locals bound to one are followed, as for isLastUse).
  bool mayBeReachedByOtherCode(const ValueDecl &Var);

  /// Whether \p ContainerUse, the container of an element access `c[i]`,
  /// `c.at(i)`, `std::get<K>(c)`, a pair's `c.first` or `c.second`, `*c` or
  /// `c.value()` (an optional), is the
  /// last read of that element: `c` is a variable for
  /// which isMovableVariable holds; nothing else in the full-expression names
  /// it; no reference, pointer or by-reference capture of `c` or of any
  /// element is taken anywhere in the function; the access is not in a try
  /// block `c` outlives; and every use of `c` that can run later, on any path
  /// and before it is declared or assigned again, reads another element:
  ///   - `i` an integer constant (or K): the use is `c[K']`, `c.at(K')`,
  ///     `std::get<K'>(c)` or the pair's other member, a different constant (an optional's value has
  ///     none: nothing may use `c` later);
  ///   - `i` the counter of the `for` loop right around the access (declared
  ///     in its init, stepped by `++`/`--` there, only read elsewhere, at
  ///     least 32 bits wide): the access, one read per iteration of a new
  ///     index, is the loop's only use of `c`, and nothing reads `c` after it.
  /// Otherwise \p WhyNot says why.
  bool isLastReadOfElement(const DeclRefExpr &ContainerUse, std::string &WhyNot);

  /// Whether \p Use names the variable of a range-for loop that refers to
  /// the elements of a container the loop alone still reads (`for (auto& t :
  /// outs)`), at the last use of that element: isLastUse holds for \p Use in
  /// the iteration (the variable is declared again in the next); the range
  /// is a temporary the loop owns, or a local variable or by-value
  /// parameter, not const, of a `std::vector`, `std::deque` or `std::array`
  /// that nothing reads once the loop has begun (not in the loop, not after
  /// it, not through a reference, pointer or capture; the loop not inside
  /// another loop the container outlives, nor in a try block it outlives;
  /// no goto). \p Container is the range's variable, null for a temporary.
  /// Otherwise \p WhyNot says why.
  bool isLastReadOfRangeElement(const DeclRefExpr &Use, const VarDecl *&Container,
                                std::string &WhyNot);

  /// The element access \p ContainerUse is the container of, if any. An
  /// optional that holds a container is indexed through its value:
  /// `(*o)[i]`, `o->at(i)`, `o.value().at(i)` are element i of `o`.
  ElementAccess elementAccess(const DeclRefExpr &ContainerUse) const;

  /// The parent of \p S within the analysed code, or null at a root.
  const Stmt *parent(const Stmt &S) const { return Parents.getParent(&S); }

  /// The outermost expression that contains \p E.
  const Expr &fullExpr(const Expr &E) const;

  /// Every evaluated reference to \p Var in the function.
  ArrayRef<const DeclRefExpr *> usesOf(const ValueDecl &Var) const;

  /// The lambdas whose bodies hold \p Use (a use in this function), the
  /// outermost first, when each is invoked right away (`[&] { ... }()`), is
  /// not generic and captures what \p Use names by reference: the body then
  /// runs exactly once, there, on the function's own variable. Empty, with
  /// \p WhyNot, otherwise (and for a use outside any lambda).
  llvm::SmallVector<const LambdaExpr *, 2> inPlaceLambdasAround(const DeclRefExpr &Use,
                                                                 std::string &WhyNot) const;

  /// Whether \p Use is inside the body of a lambda of this function (not in
  /// a capture's initialiser, which runs here).
  bool isInLambdaBody(const DeclRefExpr &Use) const { return UsesInLambdaBodies.contains(&Use); }

  /// Whether \p Lambda runs where it is written and only there: invoked
  /// right away (`[&] { ... }()`, as AT_DISPATCH expands), or handed to a
  /// library call that runs it only before returning (libraryCallRunning).
  bool runsInPlace(const LambdaExpr &Lambda) const;

  /// The library function \p Lambda is handed to as an argument, when that
  /// function calls it only before it returns and keeps no copy:
  /// `at::parallel_for`, `at::parallel_reduce`, a standard algorithm such as
  /// `std::find_if` or `std::sort`, `std::for_each` whose result is dropped.
  /// Null otherwise.
  const FunctionDecl *libraryCallRunning(const LambdaExpr &Lambda) const;

private:
  /// `c[i]` or `c.at(i)` of the container \p Container is, or with
  /// \p ThroughArrow `c->at(i)` of the pointer-like \p Container.
  ElementAccess indexedElement(const Expr &Container, bool ThroughArrow) const;
  /// The parent of \p E past parentheses and no-op casts, and its child on
  /// the way up from \p E.
  std::pair<const Stmt *, const Stmt *> parentPastParens(const Expr &E) const;
  /// The expression \p Lambda is handed to, past parentheses, temporaries and
  /// implicit conversions, and its child on the way down to \p Lambda.
  std::pair<const Stmt *, const Stmt *> consumerOf(const LambdaExpr &Lambda) const;
  /// The `for` loop whose counter \p Index is, read once per iteration by
  /// \p Access (see isLastReadOfElement); null otherwise.
  const ForStmt *countedLoopOf(const Expr &Index, const Expr &Access) const;
  bool isInside(const Stmt &S, const Stmt &Outer) const;
  /// Whether \p Loop is inside another loop that \p Var (declared outside
  /// \p Loop) outlives, which runs \p Loop again on the same variable.
  bool runsAgainWhileAlive(const Stmt &Loop, const ValueDecl &Var) const;

  /// Whether every other use of \p Var in \p Full is the target of an
  /// assignment whose right side makes a new object from \p Use (a call
  /// returning by value or a construction), in C++17 or later.
  bool onlyAssignedAfter(const DeclRefExpr &Use, const ValueDecl &Var, const Expr &Full) const;

  /// What happens to a variable at one element of a CFG block: it is read,
  /// or it gets a new value (assigned, or declared again by the next
  /// iteration of a loop).
  struct Event {
    unsigned Index;
    bool Kills;
    /// A read through a local holding a reference, pointer or view into the
    /// variable.
    bool ThroughAlias;
    /// The use that reads (null for a declaration).
    const DeclRefExpr *Use;
  };
  /// Facts about one variable that every question about one of its uses
  /// needs. A check asks about each use of a variable in turn, so they are
  /// gathered once per variable: asking about all K uses costs O(K), not
  /// O(K^2).
  struct VariableFacts {
    /// The full-expression of each use outside a lambda body.
    llvm::DenseMap<const DeclRefExpr *, const Expr *> FullExprOf;
    /// How many such uses each full-expression holds.
    llvm::DenseMap<const Expr *, unsigned> UsesInFullExpr;
    /// Uses through which a reference or pointer to the variable escapes.
    llvm::SmallVector<const DeclRefExpr *, 2> Escaping;
    /// Uses of the locals that hold a reference, pointer or view into the
    /// variable: each reads the variable.
    llvm::SmallVector<const DeclRefExpr *, 4> AliasUses;
    /// Filled on the first CFG question: the events in each block, sorted
    /// by index, or why they are unknown.
    bool EventsBuilt = false;
    std::string EventsUnknown;
    llvm::DenseMap<const CFGBlock *, llvm::SmallVector<Event, 4>> Events;
    /// Blocks (by ID) from whose entry no read of the variable is reachable.
    llvm::BitVector ReadFreeFrom;
  };

  VariableFacts &factsOf(const ValueDecl &Var);
  void buildEvents(const ValueDecl &Var, VariableFacts &Facts);
  /// Whether a reference to what \p Use names may escape; a local it
  /// initialises is followed instead (its uses go to \p Facts' AliasUses),
  /// \p Depth locals deep already.
  bool escapes(const DeclRefExpr &Use, VariableFacts &Facts, unsigned Depth = 0) const;
  /// Whether \p Alias's uses can all be followed (\p Depth locals deep).
  bool followAlias(const VarDecl &Alias, VariableFacts &Facts, unsigned Depth) const;
  /// Whether \p To may run after \p From on some path of the graph (false
  /// when either is not on it: the caller then stays conservative).
  bool mayRunAfter(const Stmt &From, const Stmt &To);
  /// isLastUse for a use inside the bodies of in-place lambdas: the capture
  /// of the outermost is the last use here, and so on inwards.
  bool isLastUseThroughLambdas(const DeclRefExpr &Use, std::string &WhyNot);
  /// Whether \p Lambda, a lambda of this function's own code (not inside
  /// another lambda) that captures \p Var by reference, lets no reference
  /// to it out: it runs in place (runsInPlace), returns nothing that can
  /// refer to anything (utils::valueMayRefer), and no use of \p Var in its
  /// body escapes, nor through a lambda nested in it. Its capture is then
  /// a read where it is written, like any other use.
  bool keepsCaptureInPlace(const LambdaExpr &Lambda, const ValueDecl &Var);
  /// Whether some lambda of this function's own code captures \p Var by
  /// reference and may let a reference to it out (keepsCaptureInPlace).
  bool hasEscapingCapture(const ValueDecl &Var);
  /// The initialiser of \p Lambda's by-reference capture of \p Var, if any.
  static const DeclRefExpr *referenceCaptureOf(const LambdaExpr &Lambda, const ValueDecl &Var);

  /// Whether \p Use is in a try block that \p Var outlives and code that
  /// only an exception thrown after the move reaches could see \p Var
  /// moved-from: a handler names it; a use of it follows the try statement
  /// (where a handler that completes goes on, even when the normal path
  /// returns first); a loop it outlives surrounds the try; or it may be
  /// reached through a reference, a by-reference capture or a goto.
  bool isInTryBlockOutlivedBy(const DeclRefExpr &Use, const ValueDecl &Var);
  bool buildGraph();
  /// Whether a read of \p Var may follow \p Use. Reads for which
  /// \p Ignored holds do not count (and the answer is then not remembered).
  bool isReadLater(const DeclRefExpr &Use, const ValueDecl &Var, VariableFacts &Facts,
                   std::string &WhyNot,
                   llvm::function_ref<bool(const DeclRefExpr &)> Ignored = nullptr);

  const FunctionDecl &Function;
  ASTContext &Ctx;
  /// Where the analyses of lambda bodies come from; null: none are asked.
  LastUseCache *Cache;
  ParentMap Parents;
  /// Keyed by variable or structured binding (a binding's uses name it,
  /// not its decomposition).
  llvm::DenseMap<const ValueDecl *, llvm::SmallVector<const DeclRefExpr *, 4>> Uses;
  llvm::SmallVector<const LambdaExpr *, 2> Lambdas;
  /// The lambdas of the function's own code, not inside another lambda.
  llvm::SmallVector<const LambdaExpr *, 2> OwnLambdas;
  /// Uses inside the body of a lambda of the function.
  llvm::DenseSet<const DeclRefExpr *> UsesInLambdaBodies;
  llvm::DenseMap<const ValueDecl *, const DeclStmt *> DeclaredBy;
  /// Whether the function has a goto, which can run any statement again.
  bool HasGoto = false;
  /// Variables some lambda of the function captures by reference.
  llvm::DenseSet<const ValueDecl *> CapturedByReference;
  /// Of those, the ones captured by reference by a lambda that is not run
  /// in place (see runsInPlace): it may run later, or on another thread.
  llvm::DenseSet<const ValueDecl *> CapturedByLambdaRunLater;
  llvm::DenseMap<const ValueDecl *, std::unique_ptr<VariableFacts>> Facts;

  // The control-flow graph and where each statement sits in it.
  bool GraphBuilt = false;
  std::unique_ptr<CFG> Graph;
  struct Position {
    const CFGBlock *Block;
    unsigned Index;
  };
  llvm::DenseMap<const Stmt *, Position> Positions;
  /// The CFG elements that declare each variable (a loop re-declares it);
  /// a structured binding's is its decomposition's.
  llvm::DenseMap<const ValueDecl *, llvm::SmallVector<Position, 1>> Declarations;
};

/// The type of the object that \p Type, a `std::optional<T>` (or PyTorch
/// 1.x's own `c10::optional<T>`), holds; null for any other type, and for
/// c10's `optional<T&>`, which refers to another object.
QualType optionalObjectType(QualType Type);

/// One LastUseAnalysis per function, built on the first question about it.
class LastUseCache {
public:
  LastUseAnalysis &of(const FunctionDecl &Function, ASTContext &Ctx) {
    std::unique_ptr<LastUseAnalysis> &A = Analyses[&Function];
    if (!A)
      A = std::make_unique<LastUseAnalysis>(Function, Ctx, this);
    return *A;
  }
  void clear() { Analyses.clear(); }

private:
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<LastUseAnalysis>> Analyses;
};

} // namespace clang::tidy::c10::utils

#endif
