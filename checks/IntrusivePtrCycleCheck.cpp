//===- IntrusivePtrCycleCheck.cpp - c10-intrusive-ptr-cycle ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The ownership graph has one node per refcounted class definition (derived
// from c10::intrusive_ptr_target) and an edge C -> T for every strong
// reference to a T that an object of class C owns:
//   - a member of C, declared in C or inherited, of type intrusive_ptr<T>,
//     possibly inside std containers, pair, tuple, variant, std/c10 optional
//     or C arrays (any nesting), or inside a member of plain struct type;
//   - the edges of every known class D derived from C: an intrusive_ptr<C>
//     may own a D, so what D owns is reachable from a C.
// weak_intrusive_ptr, raw pointers, references and other smart pointers are
// not edges. A strongly connected component of two or more classes is a
// possible leak; one class with an edge to itself is a self-referential type
// (a list, a tree), reported only with ReportSelfReferences.
//
//===----------------------------------------------------------------------===//

#include "IntrusivePtrCycleCheck.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/GraphTraits.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

using namespace clang::ast_matchers;

namespace clang::tidy::c10 {

namespace {

/// Whether \p D is declared in the top-level namespace \p Name (inline
/// namespaces such as libstdc++'s std::__cxx11 looked through).
bool isInTopLevelNamespace(const Decl &D, StringRef Name) {
  const DeclContext *DC = D.getDeclContext();
  while (DC && DC->isInlineNamespace())
    DC = DC->getParent();
  const auto *NS = dyn_cast_or_null<NamespaceDecl>(DC);
  if (!NS || NS->getName() != Name)
    return false;
  const DeclContext *Parent = NS->getParent();
  while (Parent && Parent->isInlineNamespace())
    Parent = Parent->getParent();
  return Parent && Parent->isTranslationUnit();
}

bool isIntrusivePtrTarget(const CXXRecordDecl &RD) {
  return RD.getName() == "intrusive_ptr_target" && isInTopLevelNamespace(RD, "c10");
}

/// Standard class templates whose objects own their type arguments' values.
enum class Owns : std::uint8_t { FirstArgument, FirstTwoArguments, AllArguments };
struct ValueHolder {
  StringRef Name;
  Owns What;
  bool IsContainer; ///< Holds any number of values (for the advice wording).
};
constexpr ValueHolder StdValueHolders[] = {
    {"vector", Owns::FirstArgument, true},
    {"deque", Owns::FirstArgument, true},
    {"list", Owns::FirstArgument, true},
    {"forward_list", Owns::FirstArgument, true},
    {"array", Owns::FirstArgument, true},
    {"set", Owns::FirstArgument, true},
    {"multiset", Owns::FirstArgument, true},
    {"unordered_set", Owns::FirstArgument, true},
    {"unordered_multiset", Owns::FirstArgument, true},
    {"map", Owns::FirstTwoArguments, true},
    {"multimap", Owns::FirstTwoArguments, true},
    {"unordered_map", Owns::FirstTwoArguments, true},
    {"unordered_multimap", Owns::FirstTwoArguments, true},
    {"pair", Owns::FirstTwoArguments, false},
    {"tuple", Owns::AllArguments, false},
    {"variant", Owns::AllArguments, false},
    {"optional", Owns::FirstArgument, false},
};

const ValueHolder *findStdValueHolder(StringRef Name) {
  for (const ValueHolder &H : StdValueHolders)
    if (H.Name == Name)
      return &H;
  return nullptr;
}

/// A strong reference owned by an object: to a \p Target, directly or
/// through a container.
struct Reference {
  const CXXRecordDecl *Target;
  bool InContainer;
};

/// Finds the strong intrusive_ptr references that an object of a given type
/// owns, looking through value holders and members of plain struct type.
class OwnershipWalker {
public:
  void collect(QualType T, bool InContainer, SmallVectorImpl<Reference> &Out) {
    if (T.isNull())
      return;
    T = T.getCanonicalType();
    if (const auto *Array = dyn_cast<ArrayType>(T.getTypePtr())) {
      collect(Array->getElementType(), /*InContainer=*/true, Out);
      return;
    }
    // Pointers and references own nothing.
    const auto *RD = T->getAsCXXRecordDecl();
    if (!RD)
      return;
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD)) {
      StringRef Name = Spec->getName();
      if (isInTopLevelNamespace(*Spec, "c10")) {
        if (Name == "intrusive_ptr") {
          addTarget(Spec->getTemplateArgs(), InContainer, Out);
          return;
        }
        if (Name == "weak_intrusive_ptr")
          return;
        if (Name == "optional") { // libtorch 1.13's own optional
          collectArguments(Spec->getTemplateArgs(), Owns::FirstArgument, InContainer, Out);
          return;
        }
      } else if (isInTopLevelNamespace(*Spec, "std")) {
        // Other std templates (unique_ptr, shared_ptr, function, ...) are
        // not followed: the check is about intrusive_ptr ownership.
        if (const ValueHolder *H = findStdValueHolder(Name))
          collectArguments(Spec->getTemplateArgs(), H->What, InContainer || H->IsContainer, Out);
        return;
      }
    } else if (isInTopLevelNamespace(*RD, "std")) {
      return;
    }
    // A member object: what it owns, the enclosing object owns.
    for (const Reference &R : contentsOf(*RD))
      Out.push_back({R.Target, InContainer || R.InContainer});
  }

private:
  void addTarget(const TemplateArgumentList &Args, bool InContainer,
                 SmallVectorImpl<Reference> &Out) {
    if (Args.size() == 0 || Args[0].getKind() != TemplateArgument::Type)
      return;
    const CXXRecordDecl *Target = Args[0].getAsType()->getAsCXXRecordDecl();
    // Only defined classes can be looked into (at the end of the TU, a class
    // that is still incomplete is never defined here; a template
    // specialization that was never instantiated has no members yet).
    Target = Target ? Target->getDefinition() : nullptr;
    if (Target && !Target->isDependentType() && !isIntrusivePtrTarget(*Target))
      Out.push_back({Target, InContainer});
  }

  void collectArguments(const TemplateArgumentList &Args, Owns What, bool InContainer,
                        SmallVectorImpl<Reference> &Out) {
    unsigned Limit = What == Owns::FirstArgument       ? 1
                     : What == Owns::FirstTwoArguments ? 2
                                                       : Args.size();
    for (unsigned I = 0; I < Args.size() && I < Limit; ++I) {
      const TemplateArgument &Arg = Args[I];
      if (Arg.getKind() == TemplateArgument::Type) {
        collect(Arg.getAsType(), InContainer, Out);
      } else if (Arg.getKind() == TemplateArgument::Pack) {
        for (const TemplateArgument &Element : Arg.pack_elements())
          if (Element.getKind() == TemplateArgument::Type)
            collect(Element.getAsType(), InContainer, Out);
      }
    }
  }

  /// What an object of class \p RD owns through its members and bases.
  SmallVector<Reference, 2> contentsOf(const CXXRecordDecl &RD) {
    const CXXRecordDecl *Def = RD.getDefinition();
    if (!Def || Def->isUnion() || Def->isDependentType() || InProgress.contains(Def))
      return {};
    if (auto It = Cache.find(Def); It != Cache.end())
      return It->second;
    // A result computed while an enclosing record is in progress may miss
    // what that record owns (a struct holding a vector of its own type), so
    // only results of outermost calls are cached.
    bool Outermost = InProgress.empty();
    InProgress.insert(Def);
    SmallVector<Reference, 2> Result;
    for (const FieldDecl *Field : Def->fields())
      collect(Field->getType(), /*InContainer=*/false, Result);
    for (const CXXBaseSpecifier &Base : Def->bases())
      collect(Base.getType(), /*InContainer=*/false, Result);
    InProgress.erase(Def);
    if (Outermost)
      Cache[Def] = Result;
    return Result;
  }

  llvm::DenseMap<const CXXRecordDecl *, SmallVector<Reference, 2>> Cache;
  llvm::SmallPtrSet<const CXXRecordDecl *, 8> InProgress;
};

/// A strong reference from an object of node From to one of node To.
struct Edge {
  unsigned From, To;
  const FieldDecl *Field;       ///< The member of From (or of its base Holder).
  const CXXRecordDecl *Holder;  ///< The class that declares Field.
  const CXXRecordDecl *Subtype; ///< Set when the edge is From's because a
                                ///< class derived from From holds Field.
  bool InContainer;
};

struct GraphNode {
  SmallVector<GraphNode *, 4> Successors;
  unsigned Index;
};

/// Adjacency lists for scc_iterator; Root reaches every node, so that one
/// traversal finds every component (Root is a component of its own).
struct OwnershipGraph {
  std::vector<GraphNode> Nodes;
  GraphNode Root;
};

} // namespace
} // namespace clang::tidy::c10

template <> struct llvm::GraphTraits<clang::tidy::c10::OwnershipGraph *> {
  using NodeRef = clang::tidy::c10::GraphNode *;
  using ChildIteratorType = llvm::SmallVectorImpl<NodeRef>::iterator;
  static NodeRef getEntryNode(clang::tidy::c10::OwnershipGraph *G) { return &G->Root; }
  static ChildIteratorType child_begin(NodeRef N) { return N->Successors.begin(); }
  static ChildIteratorType child_end(NodeRef N) { return N->Successors.end(); }
};

namespace clang::tidy::c10 {

namespace {

std::string nameOf(const NamedDecl &D, const PrintingPolicy &Policy) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  D.getNameForDiagnostic(OS, Policy, /*Qualified=*/true);
  return Name;
}

std::string memberName(const Edge &E, const PrintingPolicy &Policy) {
  StringRef Field = E.Field->getName();
  return (Twine(nameOf(*E.Holder, Policy)) + "::" + (Field.empty() ? "(anonymous)" : Field))
      .str();
}

/// "'A' and 'B'", "'A', 'B' and 'C'".
std::string listOfNames(ArrayRef<std::string> Names) {
  std::string Result;
  for (size_t I = 0; I < Names.size(); ++I) {
    if (I > 0)
      Result += I + 1 == Names.size() ? " and " : ", ";
    Result += '\'';
    Result += Names[I];
    Result += '\'';
  }
  return Result;
}

/// Every base class definition of \p RD, direct or indirect, once each.
void collectBases(const CXXRecordDecl &RD, llvm::SetVector<const CXXRecordDecl *> &Out) {
  for (const CXXBaseSpecifier &Base : RD.bases()) {
    const CXXRecordDecl *Def = Base.getType()->getAsCXXRecordDecl();
    Def = Def ? Def->getDefinition() : nullptr;
    if (Def && Out.insert(Def))
      collectBases(*Def, Out);
  }
}

} // namespace

/// The value of a boolean option, spelled as clang-tidy's own options are.
static std::optional<bool> parseBool(StringRef Value) {
  Value = Value.trim();
  for (StringRef True : {"true", "True", "TRUE", "1", "on", "On", "ON"})
    if (Value == True)
      return true;
  for (StringRef False : {"false", "False", "FALSE", "0", "off", "Off", "OFF"})
    if (Value == False)
      return false;
  return std::nullopt;
}

IntrusivePtrCycleCheck::IntrusivePtrCycleCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      UserCode(*Context, utils::ReportedFiles::Scope::UserCode) {
  // Read as a string: OptionsView::get<bool> is not exported to plugins by
  // every clang-tidy binary.
  std::string Raw = Options.get("ReportSelfReferences", "false").str();
  if (std::optional<bool> Parsed = parseBool(Raw))
    ReportSelfReferences = *Parsed;
  else
    configurationDiag("invalid value '%0' in option '%1.ReportSelfReferences': expected "
                      "'true' or 'false'; using 'false'",
                      DiagnosticIDs::Error)
        << Raw << Name;
}

void IntrusivePtrCycleCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "ReportSelfReferences", ReportSelfReferences ? "true" : "false");
}

void IntrusivePtrCycleCheck::registerMatchers(MatchFinder *Finder) {
  // Classes of system headers (libtorch's) join the graph only when a class
  // of the user's reaches them through a member -- unless --system-headers
  // makes them user code (linting libtorch itself).
  Reported.addMatcher(*Finder, cxxRecordDecl(isDefinition(), utils::isInReportedFile(&UserCode),
                                   isDerivedFrom(cxxRecordDecl(hasName("::c10::intrusive_ptr_target"))))
                         .bind("class"),
                     this);
}

void IntrusivePtrCycleCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Class = Result.Nodes.getNodeAs<CXXRecordDecl>("class");
  Context = Result.Context;
  // Templates are analysed per instantiation: the members of a pattern are
  // dependent, and a specialization the TU never instantiates has none.
  if (Class->isDependentContext())
    return;
  Classes.insert(Class);
}

void IntrusivePtrCycleCheck::onEndOfTranslationUnit() {
  if (Classes.empty() || !Context) {
    Classes.clear();
    return;
  }
  const SourceManager &SM = Context->getSourceManager();
  PrintingPolicy Policy(Context->getLangOpts());
  Policy.SuppressUnwrittenScope = true;

  // Nodes: the matched classes, then every class they reach (in the order
  // reached, so the numbering is deterministic).
  std::vector<const CXXRecordDecl *> Nodes;
  llvm::DenseMap<const CXXRecordDecl *, unsigned> IndexOf;
  auto AddNode = [&](const CXXRecordDecl *RD) {
    if (IndexOf.try_emplace(RD, Nodes.size()).second)
      Nodes.push_back(RD);
  };
  for (const CXXRecordDecl *RD : Classes)
    AddNode(RD);

  OwnershipWalker Walker;
  // Edges an object of a class owns itself (declared or inherited members).
  std::vector<std::vector<Edge>> OwnEdges;
  for (unsigned I = 0; I < Nodes.size(); ++I) {
    const CXXRecordDecl *RD = Nodes[I];
    llvm::SetVector<const CXXRecordDecl *> Holders;
    Holders.insert(RD);
    collectBases(*RD, Holders);
    std::vector<Edge> Edges;
    for (const CXXRecordDecl *Holder : Holders) {
      for (const FieldDecl *Field : Holder->fields()) {
        SmallVector<Reference, 2> Found;
        Walker.collect(Field->getType(), /*InContainer=*/false, Found);
        for (const Reference &R : Found) {
          AddNode(R.Target); // may grow Nodes: the loop visits it later
          Edges.push_back({I, IndexOf[R.Target], Field, Holder, nullptr, R.InContainer});
        }
      }
    }
    OwnEdges.push_back(std::move(Edges));
  }

  // An intrusive_ptr<B> may own any D derived from B: D's edges are B's too
  // (except the members D inherits from B or B's bases, which B has itself).
  std::vector<std::vector<Edge>> EdgesOf(OwnEdges);
  for (unsigned D = 0; D < Nodes.size(); ++D) {
    llvm::SetVector<const CXXRecordDecl *> Bases;
    collectBases(*Nodes[D], Bases);
    for (const CXXRecordDecl *Base : Bases) {
      auto It = IndexOf.find(Base);
      if (It == IndexOf.end())
        continue;
      llvm::SetVector<const CXXRecordDecl *> BaseAndItsBases;
      BaseAndItsBases.insert(Base);
      collectBases(*Base, BaseAndItsBases);
      for (Edge E : OwnEdges[D]) {
        if (BaseAndItsBases.contains(E.Holder))
          continue;
        E.From = It->second;
        E.Subtype = Nodes[D];
        EdgesOf[It->second].push_back(E);
      }
    }
  }

  OwnershipGraph Graph;
  Graph.Nodes.resize(Nodes.size());
  for (unsigned I = 0; I < Nodes.size(); ++I) {
    GraphNode &N = Graph.Nodes[I];
    N.Index = I;
    Graph.Root.Successors.push_back(&N);
    for (const Edge &E : EdgesOf[I])
      if (!llvm::is_contained(N.Successors, &Graph.Nodes[E.To]))
        N.Successors.push_back(&Graph.Nodes[E.To]);
  }

  auto Before = [&](SourceLocation A, SourceLocation B) {
    A = SM.getFileLoc(A);
    B = SM.getFileLoc(B);
    return A != B && SM.isBeforeInTranslationUnit(A, B);
  };
  llvm::StringSet<> Reported;
  for (auto SCC = llvm::scc_begin(&Graph); !SCC.isAtEnd(); ++SCC) {
    const std::vector<GraphNode *> &Component = *SCC;
    if (Component.size() == 1 && Component.front() == &Graph.Root)
      continue;
    SmallVector<unsigned, 8> Members;
    for (const GraphNode *N : Component)
      Members.push_back(N->Index);
    llvm::sort(Members);
    auto IsMember = [&](unsigned I) { return std::binary_search(Members.begin(), Members.end(), I); };
    // One note per member field and target; a direct edge is preferred to
    // one that exists only because a derived class holds the field.
    std::vector<Edge> Notes;
    for (unsigned M : Members) {
      for (const Edge &E : EdgesOf[M]) {
        if (!IsMember(E.To))
          continue;
        auto Same = llvm::find_if(
            Notes, [&](const Edge &O) { return O.Field == E.Field && O.To == E.To; });
        if (Same == Notes.end())
          Notes.push_back(E);
        else if (Same->Subtype && !E.Subtype)
          *Same = E;
      }
    }
    if (Notes.empty())
      continue; // a single class without an edge to itself
    bool SelfReference = Members.size() == 1;
    if (SelfReference && !ReportSelfReferences)
      continue;
    llvm::stable_sort(Notes, [&](const Edge &A, const Edge &B) {
      if (A.Field->getLocation() != B.Field->getLocation())
        return Before(A.Field->getLocation(), B.Field->getLocation());
      return nameOf(*Nodes[A.To], Policy) < nameOf(*Nodes[B.To], Policy);
    });

    // Report at the first member in the main file, else at the first one
    // in user code (system headers count as user code with --system-headers).
    auto InSystemHeader = [&](const Edge &E) {
      return !UserCode.contains(E.Field->getLocation(), SM);
    };
    const Edge *At = nullptr;
    for (const Edge &E : Notes)
      if (SM.isInMainFile(SM.getExpansionLoc(E.Field->getLocation()))) {
        At = &E;
        break;
      }
    if (!At)
      for (const Edge &E : Notes)
        if (!InSystemHeader(E)) {
          At = &E;
          break;
        }
    if (!At)
      continue;

    std::vector<const CXXRecordDecl *> Types;
    for (unsigned M : Members)
      Types.push_back(Nodes[M]);
    llvm::sort(Types, [&](const CXXRecordDecl *A, const CXXRecordDecl *B) {
      if (A->getLocation() != B->getLocation())
        return Before(A->getLocation(), B->getLocation());
      return nameOf(*A, Policy) < nameOf(*B, Policy);
    });
    std::vector<std::string> TypeNames;
    TypeNames.reserve(Types.size());
    for (const CXXRecordDecl *T : Types)
      TypeNames.push_back(nameOf(*T, Policy));

    std::string Names = listOfNames(TypeNames);
    // Another instantiation of the same template may close the same cycle.
    if (!Reported.insert((Twine(At->Field->getLocation().getRawEncoding()) + Names).str()).second)
      continue;
    if (SelfReference)
      diag(At->Field->getLocation(), "%0 reaches its own type through strong intrusive_ptr "
                                     "members; objects linked into a cycle are never freed")
          << Names;
    else
      diag(At->Field->getLocation(),
           "strong intrusive_ptr members form a reference cycle between %0; objects on the "
           "cycle keep each other alive and are never freed")
          << Names;

    for (const Edge &E : Notes) {
      const CXXRecordDecl *Owner = E.Subtype ? E.Subtype : Nodes[E.From];
      std::string Through =
          E.Subtype ? (Twine(", and an intrusive_ptr<") + nameOf(*Nodes[E.From], Policy) +
                       "> may own a '" + nameOf(*E.Subtype, Policy) + "'")
                          .str()
                    : std::string();
      if (E.Holder == Owner)
        diag(E.Field->getLocation(), "'%0' holds a strong reference to '%1'%2",
             DiagnosticIDs::Note)
            << memberName(E, Policy) << nameOf(*Nodes[E.To], Policy) << Through;
      else
        diag(E.Field->getLocation(), "'%0' inherits '%1', a strong reference to '%2'%3",
             DiagnosticIDs::Note)
            << nameOf(*Owner, Policy) << memberName(E, Policy) << nameOf(*Nodes[E.To], Policy)
            << Through;
    }

    // Advice: a single member is the usual back edge (to a parent, an owner,
    // a subject); containers usually hold the children.
    const Edge *Back = At;
    for (const Edge &E : Notes)
      if (!E.InContainer && !InSystemHeader(E)) {
        Back = &E;
        break;
      }
    std::string Target = nameOf(*Nodes[Back->To], Policy);
    std::string Weak = (Twine("c10::weak_intrusive_ptr<") + Target + ">").str();
    // c10 calls release_resources() when the last strong reference goes and
    // runs the destructor only after the last weak one: unless the target of
    // the weak edge drops its strong members there, its owned objects keep
    // their weak references to it and nothing is freed.
    if (SelfReference)
      diag(Back->Field->getLocation(),
           "if a member such as '%0' can point back to an object that owns it (a parent, a "
           "previous node), declare it as '%1' and reset the strong members in "
           "'release_resources()' (no fix-it: only the design says which links point back)",
           DiagnosticIDs::Note)
          << memberName(*Back, Policy) << Weak;
    else if (Back->InContainer)
      diag(Back->Field->getLocation(),
           "break the cycle with weak back references, e.g. hold '%0' in '%1', and have '%2' "
           "reset its strong members in 'release_resources()': c10 destroys an object only "
           "after its last weak reference is gone (no fix-it: every access must then lock() "
           "an element and handle one that has expired)",
           DiagnosticIDs::Note)
          << Weak << memberName(*Back, Policy) << Target;
    else
      diag(Back->Field->getLocation(),
           "break the cycle with a weak back edge, e.g. declare '%0' as '%1', and have '%2' "
           "reset its strong members in 'release_resources()': c10 destroys an object only "
           "after its last weak reference is gone (no fix-it: weak_intrusive_ptr has no "
           "default constructor, so every constructor must initialise it, and it needs '%2' "
           "to be a complete type)",
           DiagnosticIDs::Note)
          << memberName(*Back, Policy) << Weak << Target;
  }
  Classes.clear();
  Context = nullptr;
}

} // namespace clang::tidy::c10
