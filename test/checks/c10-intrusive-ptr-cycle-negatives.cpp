// REQUIRES: c10-intrusive-ptr
// RUN: %check_c10_tidy %s c10-intrusive-ptr-cycle %t
//
// Ownership that cannot leak through intrusive_ptr refcounts: no warnings.

#include <c10/util/intrusive_ptr.h>
#include <map>
#include <memory>
#include <string>
#include <vector>

// The fix the check advises: the back edge is a weak_intrusive_ptr. It has no
// default constructor, so the child takes its parent in its constructor.
namespace weak_back_edge {
struct Child;
struct Module : c10::intrusive_ptr_target {
  std::vector<c10::intrusive_ptr<Child>> children;
};
struct Child : c10::intrusive_ptr_target {
  explicit Child(const c10::intrusive_ptr<Module> &p) : parent(p) {}
  c10::weak_intrusive_ptr<Module> parent;
};
} // namespace weak_back_edge

// A raw pointer or a reference back to the owner does not own it.
namespace raw_back_edge {
struct Tree;
struct Leaf : c10::intrusive_ptr_target {
  explicit Leaf(Tree &t) : tree(t), owner(&t) {}
  Tree &tree;
  Tree *owner;
  std::vector<Tree *> neighbours;
};
struct Tree : c10::intrusive_ptr_target {
  std::map<std::string, c10::intrusive_ptr<Leaf>> leaves;
};
} // namespace raw_back_edge

// std::shared_ptr cycles are not intrusive_ptr ownership; neither are the
// unique_ptr and shared_ptr members of refcounted classes (see the docs).
namespace shared {
struct P;
struct Q {
  std::shared_ptr<P> p;
};
struct P {
  std::shared_ptr<Q> q;
};
struct Owner : c10::intrusive_ptr_target {
  std::unique_ptr<int> buffer;
  std::shared_ptr<Q> q;
};
} // namespace shared

// Classes that refer to each other in one direction only.
namespace unrelated {
struct Storage : c10::intrusive_ptr_target {
  std::vector<char> bytes;
};
struct Tensor : c10::intrusive_ptr_target {
  c10::intrusive_ptr<Storage> storage;
};
struct View : c10::intrusive_ptr_target {
  c10::intrusive_ptr<Tensor> base;
  c10::intrusive_ptr<Storage> storage;
};
// Not refcounted: holding an intrusive_ptr to something that holds one of
// these by value is ownership, but a plain struct cannot be shared by
// intrusive_ptr, so there is no cycle.
struct Plain {
  c10::intrusive_ptr<View> view;
};
} // namespace unrelated

// Self-referential types are usually acyclic at run time (lists, trees, an
// expression tree through its base class): reported only when
// ReportSelfReferences is set (c10-intrusive-ptr-cycle-options.cpp).
namespace self {
struct ListNode : c10::intrusive_ptr_target {
  int value = 0;
  c10::intrusive_ptr<ListNode> next;
};
struct TreeNode : c10::intrusive_ptr_target {
  std::vector<c10::intrusive_ptr<TreeNode>> children;
};
struct Expr : c10::intrusive_ptr_target {
  virtual ~Expr() = default;
};
struct BinaryOp : Expr {
  c10::intrusive_ptr<Expr> lhs, rhs;
};
struct Call : Expr {
  std::vector<c10::intrusive_ptr<Expr>> arguments;
};
} // namespace self

// A class that is only declared cannot be looked into: a cycle through it is
// invisible in this translation unit (see the docs).
namespace incomplete {
struct Elsewhere;
struct Holder : c10::intrusive_ptr_target {
  c10::intrusive_ptr<Elsewhere> other;
};
} // namespace incomplete

// Type-erased references (intrusive_ptr<intrusive_ptr_target>) could point at
// anything and are not edges.
namespace erased {
struct Any : c10::intrusive_ptr_target {
  c10::intrusive_ptr<c10::intrusive_ptr_target> payload;
};
struct Box : c10::intrusive_ptr_target {
  c10::intrusive_ptr<Any> any;
};
} // namespace erased
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
