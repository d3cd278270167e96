// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t
// REQUIRES: c10-ivalue
//
// Negatives: copies that are not a last use, or whose source std::move could
// not or must not take. No warning, and the file stays unchanged.

#include <ATen/core/ivalue.h>
#include <functional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using c10::IValue;
using Stack = std::vector<IValue>;

void sink(IValue v);
void sinkTwo(IValue a, IValue b);
void observe(const IValue &v);
void keepPointer(const IValue *p);
IValue make(int i);

// Used again after the copy, on a straight path or on one branch.
void usedLater(IValue v, bool flag, Stack &out) {
  out.push_back(v);
  if (flag)
    observe(v);
}

// Only one reference in the source, but inside a loop: every iteration
// after the first would see a moved-from value.
void loopCarried(IValue v, Stack &out, int n) {
  for (int i = 0; i < n; ++i)
    out.push_back(v);
  IValue w = make(0);
  while (n-- > 0) {
    sink(w);
  }
  IValue u = make(1);
  do {
    out.emplace_back(u);
  } while (--n > 0);
}

// A reference or pointer taken earlier reads the variable without naming it.
void aliased(Stack &out) {
  IValue v = make(1);
  const IValue &ref = v;
  out.push_back(v);
  observe(ref);

  IValue w = make(2);
  IValue *p = &w;
  out.push_back(w);
  observe(*p);

  IValue t = make(3);
  keepPointer(&t);
  out.push_back(t);

  IValue boxed = make(4);
  const at::Tensor &inner = boxed.toTensor();
  out.push_back(boxed);
  observe(inner);

  c10::intrusive_ptr<c10::ivalue::Tuple> tuple = c10::ivalue::Tuple::create(IValue(1));
  c10::ivalue::Tuple *raw = tuple.get();
  sink(IValue(tuple));
  (void)raw;
}

// Captured by reference: the lambda may run after the copy.
std::function<void()> capturedByReference(Stack &out) {
  IValue v = make(1);
  auto log = [&v] { observe(v); };
  out.push_back(v);
  IValue w = make(2);
  auto log2 = [&] { observe(w); };
  out.push_back(w);
  log();
  log2();
  return [] {};
}

// The copy is made by the lambda's capture, or inside a lambda that only has
// the captured copy (a const member of the closure).
void capturedByCopy(Stack &out) {
  IValue v = make(1);
  auto push = [v, &out] { out.push_back(v); };
  push();
}

// const objects, by-reference parameters, globals, statics: std::move would
// copy anyway, or would empty something the caller or the next call sees.
IValue global;
void notMovable(const IValue c, const IValue &r, IValue &m, Stack &out) {
  out.push_back(c);
  out.push_back(r);
  out.push_back(m);
  out.push_back(global);
  static IValue cached = make(1);
  out.push_back(cached);
  const IValue local = make(2);
  out.push_back(local);
}

// Used elsewhere in the same full-expression: the order in which the
// arguments are evaluated is unspecified, a move could come first.
void sameExpression(IValue v, IValue w, IValue x) {
  sinkTwo(v, v);
  sinkTwo(w, IValue(w.isNone()));
  sink((observe(x), x));
}

// Returned: the language moves already.
IValue returned(IValue v) { return v; }
at::Tensor returnedTensor(at::Tensor t) { return t; }
IValue returnedConverted(at::Tensor t) { return t; }

// Already moved; or bound to a const reference parameter with no && twin.
void alreadyMoved(IValue v, IValue w, Stack &out) {
  out.push_back(std::move(v));
  observe(w);
}

// c10::List has no move constructor that steals: not a handle this check
// knows (performance-move-const-arg covers std::move on it).
void lists(c10::List<int64_t> l, std::vector<c10::List<int64_t>> &out) { out.push_back(l); }

// A try block the variable outlives: a handler, or the code after the try
// statement that only a handled exception reaches, could see it moved-from
// if the call threw after the move; so could a handler through an alias, or
// the next iteration of a loop around the try statement.
void tryBlock(IValue v, Stack &out) {
  try {
    sink(v);
    return;
  } catch (...) {
  }
  observe(v);
  IValue w = make(1);
  try {
    out.push_back(w);
  } catch (...) {
    observe(w);
  }
  IValue aliased = make(2);
  IValue &name = aliased;
  try {
    out.push_back(aliased);
  } catch (...) {
    observe(name);
  }
  IValue looped = make(3);
  for (int attempt = 0; attempt < 2; ++attempt) {
    try {
      out.push_back(looped);
      return;
    } catch (...) {
    }
  }
}

// Container elements that are not removed right after the copy, or that
// the copying statement reads again.
void elements(Stack &stack, const Stack &constStack, Stack &out, std::size_t i) {
  IValue a = stack.back();
  observe(a);
  stack.pop_back();

  IValue b = constStack.back(); // const: std::move would copy
  out.push_back(b);
  (void)b;

  sinkTwo(stack.back(), IValue(static_cast<int64_t>(stack.size())));
  stack.pop_back();

  IValue c = stack[i];
  stack.erase(stack.begin() + (i + 1)); // a different element
  out.push_back(c);
  observe(c);

  IValue d = stack.front();
  stack.pop_back(); // the other end
  out.push_back(d);
  observe(d);

  out.push_back(stack.back()); // stays in the stack
}

// Parameters of a function: std::move in a caller is the caller's business
// only when the argument is the caller's local.
struct Wrapper {
  IValue held;
  void copyMember(Stack &out) { out.push_back(held); }
};

// A loop made of goto is a loop: the CFG sees the back edge.
void gotoLoop(Stack &out, int n) {
  IValue x = make(1);
again:
  out.push_back(x);
  if (n-- > 0)
    goto again;
}

// An init-capture by reference aliases the variable.
void initCaptureByReference(Stack &out) {
  IValue x = make(1);
  auto log = [&r = x] { observe(r); };
  out.push_back(x);
  log();
}

// A function-try-block's handler sees the parameters.
struct Guarded {
  IValue member;
  explicit Guarded(IValue v) try : member(v) {
  } catch (...) {
    observe(v);
  }
};
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
