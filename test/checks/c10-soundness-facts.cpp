// The facts every c10 check proves before a finding or a fix-it
// (docs/checks/ownership-decision.md): no escape before a move, no alias
// written while a borrow lives, a saving exists, and a rewrite that means the
// same. Each shape below once got advice that changed what the program does.
// REQUIRES: c10-ivalue, aten-tensor
// RUN: %check_c10_tidy %s 'c10-*' %t

#include <ATen/core/ivalue.h>
#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using c10::IValue;
using TuplePtr = c10::intrusive_ptr<c10::ivalue::Tuple>;

std::int64_t rank(const at::Tensor &t) { return t.dim(); }
void keepSomewhere(const IValue &v); // not defined here: may keep a reference

// --- Escapes before a move --------------------------------------------------

struct Keeper {
  const IValue &kept;
  explicit Keeper(const IValue &v) : kept(v) {}
};

std::int64_t wrapperKept(std::vector<IValue> &out) {
  IValue x(1);
  auto r = std::cref(x);
  out.push_back(x); // silent: 'r' reads 'x' afterwards
  return r.get().toInt();
}

std::int64_t tiedKept(std::vector<IValue> &out) {
  IValue x(1), y(2);
  auto both = std::tie(x, y);
  out.push_back(x); // silent: 'both' reads 'x' afterwards
  return std::get<0>(both).toInt();
}

std::int64_t constructorKeeps(std::vector<IValue> &out) {
  IValue x(1);
  Keeper k(x);
  out.push_back(x); // silent: 'k' keeps a reference to 'x'
  return k.kept.toInt();
}

void invisibleCallee(std::vector<IValue> &out) {
  IValue x(1);
  keepSomewhere(x);
  out.push_back(x); // silent: keepSomewhere's body is not visible, and it runs again after
  keepSomewhere(out.back());
}

void invisibleCalleeThenNothing(std::vector<IValue> &out) {
  IValue x(1);
  keepSomewhere(x);
  out.push_back(x); // only library code on values runs after it: nothing reads what was kept
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'x' is copied at its last use
  // CHECK-FIXES: {{^}}  out.push_back(std::move(x)); // only library code on values runs after it: nothing reads what was kept{{$}}
}

// Library classes that own something and still refer to their argument.
std::int64_t tupleOfReference(std::vector<IValue> &out) {
  IValue x(1);
  std::tuple<const IValue &, std::string> named(x, "x");
  out.push_back(x); // silent: 'named' reads 'x' afterwards
  return std::get<0>(named).toInt();
}

std::int64_t pairOfReference(std::vector<IValue> &out) {
  IValue x(1);
  std::pair<const IValue &, std::string> named(x, "x");
  out.push_back(x); // silent: 'named' reads 'x' afterwards
  return named.first.toInt();
}

// A constructor that stores the address elsewhere, in its body or through
// a function its member initialiser calls.
const IValue *lastRegistered = nullptr;
int registerValue(const IValue &v) {
  lastRegistered = &v;
  return 0;
}
struct Registers {
  explicit Registers(const IValue &v) { lastRegistered = &v; }
};
struct RegistersInInitialiser {
  explicit RegistersInInitialiser(const IValue &v) : id(registerValue(v)) {}
  int id;
};

std::int64_t constructorBodyKeeps(std::vector<IValue> &out) {
  IValue x(1);
  Registers r(x);
  out.push_back(x); // silent: the constructor kept &x
  return lastRegistered->toInt();
}

std::int64_t constructorInitialiserKeeps(std::vector<IValue> &out) {
  IValue x(1);
  RegistersInInitialiser r(x);
  out.push_back(x); // silent: the member initialiser kept &x
  return lastRegistered->toInt() + r.id;
}

// A view or reference wrapper stored by library code into a container.
std::int64_t wrapperStored(std::vector<IValue> &out) {
  IValue x(1);
  std::vector<std::reference_wrapper<const IValue>> kept;
  kept.push_back(std::cref(x));
  out.push_back(x); // silent: 'kept' reads 'x' afterwards
  return kept[0].get().toInt();
}

std::int64_t sizesStored(std::vector<at::Tensor> &out, at::Tensor t) {
  std::vector<c10::IntArrayRef> shapes;
  shapes.push_back(t.sizes());
  out.push_back(t); // silent: 'shapes' reads into 't' afterwards
  return shapes[0][0];
}

// Library code given a view by value keeps nothing.
std::int64_t sizesPassed(std::vector<at::Tensor> &out, at::Tensor t) {
  std::vector<std::int64_t> shape = t.sizes().vec();
  out.push_back(t);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 't' is copied at its last use; move it {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  out.push_back(std::move(t));{{$}}
  return shape[0];
}

void visibleReader(std::vector<IValue> &out) {
  IValue x(1);
  rank(x.toTensor());
  out.push_back(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'x' is copied at its last use; move it {{.*}}[c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  out.push_back(std::move(x));{{$}}
}

// --- Writes through another name while a borrow lives -------------------------

struct Holder {
  mutable IValue cache;
  const IValue &get() const { return cache; }
  void refresh() const { cache = IValue(2); }
};

std::int64_t sameObjectParams(const IValue &in, IValue &out) { // called as f(v, v)
  // The copy 't' is not borrowed: 'out' may be 'in'. Reading the tuple in
  // place within the declaration is safe.
  at::Tensor t = in.toTuple()->elements()[0].toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'toTuple()' copies an intrusive_ptr{{.*}}[c10-ivalue-ref-accessor]
  // CHECK-FIXES: {{^}}  at::Tensor t = in.toTupleRef().elements()[0].toTensor();{{$}}
  out = IValue();
  return t.dim();
}

std::int64_t mutableMember(const Holder &h) {
  at::Tensor t = h.get().toTensor(); // silent: refresh() writes the mutable member
  h.refresh();
  return t.dim();
}

std::int64_t callback(const IValue &v, const std::function<void()> &changed) {
  at::Tensor t = v.toTensor(); // silent: the callback may reassign 'v'
  changed();
  return t.dim();
}

std::int64_t nothingWrites(const IValue &v) {
  at::Tensor t = v.toTuple()->elements()[0].toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 't' copies a refcounted 'at::Tensor' {{.*}}[c10-refcounted-copy]
  // CHECK-MESSAGES: :[[@LINE-2]]:20: warning: 'toTuple()' copies an intrusive_ptr{{.*}}[c10-ivalue-ref-accessor]
  // CHECK-FIXES: {{^}}  const at::Tensor& t = v.toTupleRef().elements()[0].toTensor();{{$}}
  return rank(t) + t.dim();
}

std::int64_t listGrowsThroughAlias(const IValue &v, c10::List<IValue> other) {
  c10::List<IValue> l = v.toList(); // silent: 'other' may share the list
  other.push_back(IValue(1));
  return static_cast<std::int64_t>(l.size());
}

// --- A saving exists ---------------------------------------------------------

std::int64_t scalarOnly(const std::vector<IValue> &stack) {
  IValue n = stack[0]; // silent: an IValue read by toInt() holds no refcount
  return n.isInt() ? n.toInt() : 0;
}

void undefinedTensor(std::vector<at::Tensor> &out) {
  at::Tensor none;
  out.push_back(none); // silent: an undefined tensor has no refcount to save
}

// --- Rewrites that would not mean the same -------------------------------------

std::int64_t decltypeObserves(const TuplePtr &t) {
  at::Tensor w = t->elements()[0].toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'w' copies a refcounted 'at::Tensor' {{.*}}[c10-refcounted-copy]
  // CHECK-NOTES: :[[@LINE-2]]:14: note: no fix-it: 'decltype' names the type of 'w', which the rewrite changes
  decltype(w) scratch;
  return w.dim() + scratch.defined();
}

std::int64_t listGetChecks(const IValue &v, std::int64_t i) {
  return v.toList().get(i).toInt();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'toList()' copies a c10::List{{.*}}[c10-ivalue-ref-accessor]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: no fix-it: 'get(i)' checks the index and throws std::out_of_range
}

std::int64_t typedListChecks(const IValue &v) {
  return static_cast<std::int64_t>(v.to<c10::List<std::int64_t>>().size());
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: 'to<c10::List<std::int64_t>>()' makes a list handle{{.*}}[c10-ivalue-generic-to]
  // CHECK-NOTES: :[[@LINE-2]]:38: note: no fix-it: 'to<c10::List<std::int64_t>>()' checks the element type
}

std::int64_t intVectorChecks(const IValue &v) {
  return static_cast<std::int64_t>(v.toIntVector().size());
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: {{.*}}[c10-ivalue-vector-copy]
  // CHECK-NOTES: :[[@LINE-2]]:38: note: no fix-it: 'toIntVector()' checks the list's element type
}

std::int64_t intVectorTested(const IValue &v) {
  if (v.isIntList())
    return static_cast<std::int64_t>(v.toIntVector().size());
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: {{.*}}[c10-ivalue-vector-copy]
  // CHECK-FIXES: {{^}}    return static_cast<std::int64_t>(v.toListRef().size());{{$}}
  return 0;
}

c10::optional<IValue> produce();

std::int64_t viewIntoTemporary() {
  std::int64_t sum = 0;
  for (std::int64_t x : produce().value().toIntVector()) // silent: the view would dangle
    sum += x;
  return sum;
}

// --- The pop pattern when the callee reads the container --------------------------

class Tracer {
public:
  void step() {
    trace(stack_.back()); // silent: trace() reads stack_.back() itself
    stack_.pop_back();
  }

private:
  void trace(IValue v) { last_ = stack_.back().isTensor() && v.isTensor(); }
  std::vector<IValue> stack_;
  bool last_ = false;
};

// --- What the source expression itself calls --------------------------------

// Takes the stack by non-const reference, as torch::jit::peek does.
IValue &slot(std::vector<IValue> &stack, std::size_t i);
void grow(std::vector<IValue> &stack);

std::size_t sizeOfSlot(std::vector<IValue> &stack) {
  // The call that finds the element runs before the borrow exists.
  return slot(stack, 0).toTuple()->elements().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'toTuple()' copies an intrusive_ptr{{.*}}[c10-ivalue-ref-accessor]
}

std::size_t sizeOfSlotWhileGrowing(std::vector<IValue> &stack) {
  std::size_t n = 0;
  // Silent: grow() may reallocate the stack while the tuple is borrowed.
  n = slot(stack, 0).toTuple()->elements().size() + (grow(stack), 0u);
  return n;
}
// --- How long a borrow is read ----------------------------------------------

// The tuple of a popped local is read through 'elems' and the loop; the
// stack grows only after the last read.
void dequantizeLike(std::vector<IValue> &stack) {
  IValue iv = std::move(stack.back());
  stack.pop_back();
  auto tuple = iv.toTuple();
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'toTuple()' copies an intrusive_ptr{{.*}}[c10-ivalue-ref-accessor]
  // CHECK-FIXES: {{^}}  const auto& tuple = iv.toTupleRef();{{$}}
  const auto &elems = tuple->elements();
  // CHECK-FIXES: {{^}}  const auto &elems = tuple.elements();{{$}}
  std::vector<IValue> out;
  for (const auto &elem : elems)
    out.push_back(elem);
  stack.push_back(c10::ivalue::Tuple::create(std::move(out)));
}

// Silent: the stack grows while the loop still reads the tuple.
void growWhileRead(std::vector<IValue> &stack) {
  IValue iv = std::move(stack.back());
  stack.pop_back();
  auto tuple = iv.toTuple();
  for (const auto &elem : tuple->elements())
    stack.push_back(elem);
}

// The element is overwritten through another name after its last read: a
// reference would not see that, so the advice stands, but it would release
// the element earlier than the copy does: no fix-it.
std::int64_t overwrittenAfterLastRead(const IValue &a, IValue &b) {
  IValue first = a.toTupleRef().elements()[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'first' copies a refcounted 'c10::IValue' {{.*}}[c10-refcounted-copy]
  // CHECK-MESSAGES: :[[@LINE-2]]:10: note: no fix-it: what 'first' is copied from may be changed through another name after its last read, which could release what the copy keeps alive to the end of the block: 'unsafeSetElement' may change it
  // CHECK-MESSAGES: :[[@LINE+3]]:3: note: 'unsafeSetElement' may change it
  // CHECK-FIXES: {{^}}  IValue first = a.toTupleRef().elements()[0];{{$}}
  std::int64_t n = rank(first.toTensor());
  b.toTupleRef().unsafeSetElement(0, IValue(2));
  return n;
}

// Silent: a loop reads the copy again after the element is overwritten.
std::int64_t overwrittenInLoop(const IValue &a, IValue &b) {
  IValue first = a.toTupleRef().elements()[0];
  std::int64_t n = 0;
  for (int i = 0; i < 2; ++i) {
    n += rank(first.toTensor());
    b.toTupleRef().unsafeSetElement(0, IValue(i));
  }
  return n;
}

// Silent: a reference made from the copy is read after the overwrite.
std::int64_t derivedReadLater(const IValue &a, IValue &b) {
  IValue first = a.toTupleRef().elements()[0];
  const at::Tensor &t = first.toTensor();
  b.toTupleRef().unsafeSetElement(0, IValue(2));
  return rank(t);
}

// Silent: a pointer to the copy is kept in a variable declared before it.
std::int64_t pointerKept(const IValue &a, IValue &b) {
  const IValue *keep = nullptr;
  IValue first = a.toTupleRef().elements()[0];
  keep = &first;
  b.toTupleRef().unsafeSetElement(0, IValue(2));
  return rank(keep->toTensor());
}

// Silent: a lambda that captured the copy by reference runs after the overwrite.
std::int64_t lambdaReadsLater(const IValue &a, IValue &b) {
  IValue first = a.toTupleRef().elements()[0];
  auto show = [&] { return rank(first.toTensor()); };
  b.toTupleRef().unsafeSetElement(0, IValue(2));
  return show();
}

// Silent: a goto jumps back to a read after the overwrite.
std::int64_t gotoBack(const IValue &a, IValue &b) {
  std::int64_t n = 0;
  IValue first = a.toTupleRef().elements()[0];
again:
  n += rank(first.toTensor());
  if (n < 4) {
    b.toTupleRef().unsafeSetElement(0, IValue(n));
    goto again;
  }
  return n;
}

// --- Callbacks handed to library code ---------------------------------------

// Code whose body is not visible may call what it is given to call. A
// callback made here can reach a by-value local that no other code can
// name: the element a borrow would read may be gone.
void runLater(const std::function<void()> &callback); // not defined here
void report(std::int64_t n); // not defined here
std::int64_t callbackClearsLocal(std::map<int, at::Tensor> init) {
  std::map<int, at::Tensor> byId = init;
  std::function<void()> reset = [&] { byId.clear(); };
  std::int64_t s = 0;
  for (auto &entry : byId) {
    at::Tensor t = entry.second; // silent: 'runLater' may call 'reset'
    runLater(reset);
    s += rank(t);
  }
  return s;
}

std::int64_t lambdaClearsLocal(std::map<int, std::vector<at::Tensor>> init) {
  std::map<int, std::vector<at::Tensor>> byId = init;
  std::int64_t s = 0;
  for (auto &entry : byId) {
    std::vector<at::Tensor> ts = entry.second; // silent: the lambda may run
    runLater([&] { byId.clear(); });
    s += static_cast<std::int64_t>(ts.size());
  }
  return s;
}

// A callback made by the caller cannot know where a local of this function
// lives: handed along with a const reference, it cannot reach the map unless
// something here gives its address away.
void visitEach(const at::Tensor &t, const std::function<void(const at::Tensor &)> &f);
void keepAddress(std::map<int, std::vector<at::Tensor>> *m); // not defined here
void forEachElement(std::vector<at::Tensor>::iterator first, std::vector<at::Tensor>::iterator last,
                    const std::function<void(at::Tensor &)> &f); // not defined here
std::int64_t callerCallbackOnLocal(std::map<int, std::vector<at::Tensor>> init,
                                   const std::function<void(const at::Tensor &)> &f) {
  std::map<int, std::vector<at::Tensor>> byId = init;
  std::int64_t s = 0;
  for (auto &entry : byId) {
    std::vector<at::Tensor> ts = entry.second;
    // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 'ts' copies a 'std::vector<at::Tensor>' of refcounted handles{{.*}}[c10-refcounted-copy]
    // CHECK-FIXES: {{^}}    const std::vector<at::Tensor>& ts = entry.second;{{$}}
    for (const at::Tensor &t : ts)
      visitEach(t, f);
    s += static_cast<std::int64_t>(ts.size());
  }
  return s;
}

std::int64_t callerCallbackAfterAddressGiven(std::map<int, std::vector<at::Tensor>> init,
                                             const std::function<void(const at::Tensor &)> &f) {
  std::map<int, std::vector<at::Tensor>> byId = init;
  keepAddress(&byId);
  std::int64_t s = 0;
  for (auto &entry : byId) {
    std::vector<at::Tensor> ts = entry.second; // silent: 'f' may reach 'byId' through the kept address
    for (const at::Tensor &t : ts)
      visitEach(t, f);
    s += static_cast<std::int64_t>(ts.size());
  }
  return s;
}

std::int64_t callerCallbackGivenIterators(std::map<int, std::vector<at::Tensor>> init,
                                          const std::function<void(at::Tensor &)> &f) {
  std::map<int, std::vector<at::Tensor>> byId = init;
  std::int64_t s = 0;
  for (auto &entry : byId) {
    std::vector<at::Tensor> ts = entry.second; // silent: 'f' is handed the elements to change
    forEachElement(entry.second.begin(), entry.second.end(), f);
    s += static_cast<std::int64_t>(ts.size());
  }
  return s;
}

struct Registry {
  std::vector<at::Tensor> tensors;
};
std::int64_t callerCallbackOnCallersObject(const Registry &r,
                                           const std::function<void(const at::Tensor &)> &f) {
  std::vector<at::Tensor> ts = r.tensors; // silent: 'f' may change the caller's registry
  for (const at::Tensor &t : ts)
    visitEach(t, f);
  return static_cast<std::int64_t>(ts.size());
}

// A local of a class whose constructor may keep `this` can be reached by
// code out of sight that is given nothing: the constructor may have
// registered the object.
struct SelfRegistered {
  std::vector<at::Tensor> tensors;
  at::Tensor first;
  explicit SelfRegistered(const std::vector<at::Tensor> &v); // may keep 'this'
};
struct PlainBatch {
  std::vector<at::Tensor> tensors;
  at::Tensor first;
};
void clearRegistered(); // not defined here
std::int64_t registeredLocal(std::vector<at::Tensor> v) {
  SelfRegistered s(v);
  std::vector<at::Tensor> copy = s.tensors; // silent: 'clearRegistered' may reach 's'
  at::Tensor t = s.first;                   // silent: the same
  clearRegistered();
  return static_cast<std::int64_t>(copy.size()) + rank(t);
}
std::int64_t plainLocal(std::vector<at::Tensor> v) {
  PlainBatch b{v, v[0]};
  std::vector<at::Tensor> copy = b.tensors;
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'copy' copies a 'std::vector<at::Tensor>' of refcounted handles{{.*}}[c10-refcounted-copy]
  clearRegistered();
  return static_cast<std::int64_t>(copy.size());
}

// Given nothing that can reach the map, the same code is a borrow.
std::int64_t givenNothingCallable(std::map<int, std::vector<at::Tensor>> init) {
  std::map<int, std::vector<at::Tensor>> byId = init;
  std::int64_t s = 0;
  for (auto &entry : byId) {
    std::vector<at::Tensor> ts = entry.second;
    // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 'ts' copies a 'std::vector<at::Tensor>' of refcounted handles{{.*}}[c10-refcounted-copy]
    // CHECK-FIXES: {{^}}    const std::vector<at::Tensor>& ts = entry.second;{{$}}
    report(s);
    s += static_cast<std::int64_t>(ts.size());
  }
  return s;
}

// Silent: the library calls the std::function (as IValue::visit does), which
// may replace 'in'.
void walk(const IValue &in, const std::function<bool(const IValue &)> &visitor) {
  auto t = in.toTuple();
  for (std::size_t i = 0; i < t->elements().size(); ++i)
    std::invoke(visitor, t->elements()[i]);
}

// A comparator that only reads changes nothing.
std::int64_t sortedFirst(const IValue &a, std::vector<std::int64_t> &order) {
  auto t = a.toTuple();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'toTuple()' copies an intrusive_ptr{{.*}}[c10-ivalue-ref-accessor]
  std::sort(order.begin(), order.end(), [](std::int64_t x, std::int64_t y) { return x < y; });
  return t->elements()[0].toInt() + order[0];
}

// Silent: the lambda std::for_each runs overwrites what is read.
std::int64_t forEachWrites(IValue &a, std::vector<std::int64_t> &order) {
  auto t = a.toTuple();
  std::int64_t n = 0;
  std::for_each(order.begin(), order.end(), [&](std::int64_t i) {
    n += t->elements()[0].toInt();
    a = IValue(i);
  });
  return n;
}

// Silent: the functor's call operator is its base's, and it may overwrite
// what is read (`resetTarget` may point to `a`).
IValue *resetTarget;
struct ResetTo {
  void operator()(std::int64_t i) const { *resetTarget = IValue(i); }
};
struct ResetEach : ResetTo {};
std::int64_t forEachInheritedOperatorWrites(IValue &a, std::vector<std::int64_t> &order) {
  auto t = a.toTuple();
  std::int64_t n = t->elements()[0].toInt();
  std::for_each(order.begin(), order.end(), ResetEach{});
  return n + t->elements()[0].toInt();
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
