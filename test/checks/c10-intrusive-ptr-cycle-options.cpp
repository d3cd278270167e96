// REQUIRES: c10-intrusive-ptr
// Without the option, self-referential types are not reported:
// RUN: %check_c10_tidy -check-suffix=DEFAULT %s c10-intrusive-ptr-cycle %t-default
//
// ReportSelfReferences reports them, each type once:
// RUN: %check_c10_tidy -check-suffix=SELF %s c10-intrusive-ptr-cycle %t-self \
// RUN:   -config-options="{ReportSelfReferences: true}"
//
// A malformed value is a configuration error (non-zero exit), not a crash; the
// check runs with the default:
// RUN: not %clang_tidy_plugin %s --config="{Checks: '-*,c10-intrusive-ptr-cycle', \
// RUN:   CheckOptions: {c10-intrusive-ptr-cycle.ReportSelfReferences: 'maybe'}}" \
// RUN:   -- %c10_flags 2>&1 | %FileCheck %s --check-prefix=BAD
// BAD: error: invalid value 'maybe' in option 'c10-intrusive-ptr-cycle.ReportSelfReferences': expected 'true' or 'false'; using 'false' [clang-tidy-config]
// BAD-NOT: reaches its own type
// BAD: warning: strong intrusive_ptr members form a reference cycle between 'Doc' and 'Page'
// BAD-NOT: reaches its own type

#include <c10/util/intrusive_ptr.h>
#include <vector>

struct ListNode : c10::intrusive_ptr_target {
  int value = 0;
  c10::intrusive_ptr<ListNode> next;
  // CHECK-MESSAGES-SELF: :[[@LINE-1]]:32: warning: 'ListNode' reaches its own type through strong intrusive_ptr members; objects linked into a cycle are never freed [c10-intrusive-ptr-cycle]
  // CHECK-NOTES-SELF: :[[@LINE-2]]:32: note: 'ListNode::next' holds a strong reference to 'ListNode'
  // CHECK-NOTES-SELF: :[[@LINE-3]]:32: note: if a member such as 'ListNode::next' can point back to an object that owns it (a parent, a previous node), declare it as 'c10::weak_intrusive_ptr<ListNode>' and reset the strong members in 'release_resources()' (no fix-it: only the design says which links point back)
};

// A node with a strong parent pointer does leak, but only the design tells
// it from `next`: the option is the way to find it.
struct TreeNode : c10::intrusive_ptr_target {
  std::vector<c10::intrusive_ptr<TreeNode>> children;
  // CHECK-MESSAGES-SELF: :[[@LINE-1]]:45: warning: 'TreeNode' reaches its own type through strong intrusive_ptr members
  // CHECK-NOTES-SELF: :[[@LINE-2]]:45: note: 'TreeNode::children' holds a strong reference to 'TreeNode'
  // CHECK-NOTES-SELF: :[[@LINE+3]]:32: note: 'TreeNode::parent' holds a strong reference to 'TreeNode'
  // The single member is named in the advice, not the container.
  // CHECK-NOTES-SELF: :[[@LINE+1]]:32: note: if a member such as 'TreeNode::parent' can point back
  c10::intrusive_ptr<TreeNode> parent;
};

// An expression tree through its base class: an intrusive_ptr<Expr> may own
// a BinaryOp, which holds intrusive_ptr<Expr>. One report, for Expr.
struct Expr : c10::intrusive_ptr_target {
  virtual ~Expr() = default;
};
struct BinaryOp : Expr {
  c10::intrusive_ptr<Expr> lhs, rhs;
  // CHECK-MESSAGES-SELF: :[[@LINE-1]]:28: warning: 'Expr' reaches its own type through strong intrusive_ptr members
  // CHECK-NOTES-SELF: :[[@LINE-2]]:28: note: 'BinaryOp::lhs' holds a strong reference to 'Expr', and an intrusive_ptr<Expr> may own a 'BinaryOp'
  // CHECK-NOTES-SELF: :[[@LINE-3]]:33: note: 'BinaryOp::rhs' holds a strong reference to 'Expr', and an intrusive_ptr<Expr> may own a 'BinaryOp'
};

// A real two-type cycle is reported with or without the option.
struct Page;
struct Doc : c10::intrusive_ptr_target {
  std::vector<c10::intrusive_ptr<Page>> pages;
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:41: warning: strong intrusive_ptr members form a reference cycle between 'Doc' and 'Page'
  // CHECK-MESSAGES-SELF: :[[@LINE-2]]:41: warning: strong intrusive_ptr members form a reference cycle between 'Doc' and 'Page'
};
struct Page : c10::intrusive_ptr_target {
  c10::intrusive_ptr<Doc> doc;
};
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
