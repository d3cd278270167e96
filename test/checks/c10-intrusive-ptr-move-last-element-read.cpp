// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t
// REQUIRES: c10-ivalue, aten-tensor
//
// A handle read for the last time through an accessor whose `&&` twin hands
// the value over (`out.toTensor()` -> `std::move(out).toTensor()`), and an
// element of a local container at a constant index that later code never
// reads again (`outs[0]` when only `outs[1]`, `outs[2]` follow): the copy
// into an owner becomes a move. Anything that may read the element again --
// the same index later or in the next iteration, the whole container, a
// reference into it, a lambda, a handler -- keeps the copy.

#include <ATen/core/Tensor.h>
#include <ATen/core/ivalue.h>
#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

using c10::IValue;

IValue produce();
std::vector<at::Tensor> split();
void keepAll(const std::vector<at::Tensor> &parts);
void look(const IValue &v);
void lookAt(const at::Tensor &t);
bool ready();

// --- An accessor at the variable's last use --------------------------------

at::Tensor fromLocal() {
  IValue out = produce();
  at::Tensor t = out.toTensor();
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'out' is copied out through 'toTensor()' at its last use; call it on 'std::move(out)' to avoid an atomic refcount increment and decrement [c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  at::Tensor t = std::move(out).toTensor();{{$}}
  return t;
}

void fromParameter(IValue v, std::vector<at::Tensor> &keep) {
  keep.push_back(v.toTensor());
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'v' is copied out through 'toTensor()' at its last use
  // CHECK-FIXES: {{^}}  keep.push_back(std::move(v).toTensor());{{$}}
}

struct Decoder {
  at::Tensor encoded;
  at::Tensor cache;
  IValue extra;
  std::vector<at::Tensor> parts;

  // The shape of a streaming decoder: a tuple's elements copied out of a
  // temporary owner, each read once.
  void step() {
    auto outs = produce().toTuple()->elements();
    encoded = outs[0].toTensor();
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'outs[0]' is copied out through 'toTensor()' where it is read for the last time (later code reads only other elements of 'outs'); call it on the element moved to avoid an atomic refcount increment and decrement [c10-intrusive-ptr-move]
    // CHECK-FIXES: {{^}}    encoded = std::move(outs[0]).toTensor();{{$}}
    cache = outs[1].toTensor();
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'outs[1]' is copied out through 'toTensor()'
    // CHECK-FIXES: {{^}}    cache = std::move(outs[1]).toTensor();{{$}}
    extra = outs[2];
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'outs[2]' is copied at the last use of 'outs'; move it to avoid an atomic refcount increment and decrement [c10-intrusive-ptr-move]
    // CHECK-FIXES: {{^}}    extra = std::move(outs[2]);{{$}}
  }

  void fromVector() {
    std::vector<at::Tensor> pieces = split();
    encoded = pieces[0];
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'pieces[0]' is copied where it is read for the last time
    // CHECK-FIXES: {{^}}    encoded = std::move(pieces[0]);{{$}}
    cache = pieces.at(1);
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'pieces.at(1)' is copied at the last use of 'pieces'
    // CHECK-FIXES: {{^}}    cache = std::move(pieces.at(1));{{$}}
  }

  // Declared again in every iteration: each iteration reads its own copy.
  void eachIteration(int n) {
    for (int i = 0; i < n; ++i) {
      auto outs = produce().toTuple()->elements();
      parts.push_back(outs[0].toTensor());
      // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'outs[0]' is copied out through 'toTensor()'
      // CHECK-FIXES: {{^}}      parts.push_back(std::move(outs[0]).toTensor());{{$}}
    }
  }

  // Read before (a test of its kind), then for the last time.
  void testedFirst() {
    auto outs = produce().toTuple()->elements();
    if (outs[0].isTensor())
      encoded = outs[0].toTensor();
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'outs[0]' is copied out through 'toTensor()'
    // CHECK-FIXES: {{^}}      encoded = std::move(outs[0]).toTensor();{{$}}
  }

  // --- Look-alikes that keep the copy -----------------------------------------

  void sameIndexLater() {
    auto outs = produce().toTuple()->elements();
    encoded = outs[0].toTensor();
    look(outs[0]);
  }

  void wholeContainerLater() {
    std::vector<at::Tensor> pieces = split();
    encoded = pieces[0];
    keepAll(pieces);
  }

  void sizeLater() {
    std::vector<at::Tensor> pieces = split();
    encoded = pieces[0];
    if (pieces.size() > 1)
      cache = pieces[1];
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'pieces[1]' is copied at the last use of 'pieces'
    // CHECK-FIXES: {{^}}      cache = std::move(pieces[1]);{{$}}
  }

  void variableIndex(int i, int j) {
    std::vector<at::Tensor> pieces = split();
    encoded = pieces[i];
    cache = pieces[j];
  }

  void sameIndexInLoop(int n) {
    auto outs = produce().toTuple()->elements();
    for (int i = 0; i < n; ++i)
      parts.push_back(outs[0].toTensor());
  }

  void referenceIntoContainer() {
    std::vector<at::Tensor> pieces = split();
    at::Tensor &first = pieces[1];
    encoded = pieces[0];
    lookAt(first);
  }

  void namedInLambda() {
    std::vector<at::Tensor> pieces = split();
    encoded = pieces[0];
    auto again = [&] { return pieces[1]; };
    cache = again();
  }

  void containerByReference(std::vector<at::Tensor> &pieces) {
    encoded = pieces[0];
    cache = pieces[1];
  }

  void constContainer() {
    const std::vector<at::Tensor> pieces = split();
    encoded = pieces[0];
  }

  // Two elements at different constant indices: each is its own object.
  void twoInOneExpression() {
    std::vector<at::Tensor> pieces = split();
    parts = {pieces[0], pieces[1]};
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'pieces[0]' is copied where it is read for the last time
    // CHECK-MESSAGES: :[[@LINE-2]]:25: warning: 'pieces[1]' is copied where it is read for the last time
    // CHECK-FIXES: parts = {std::move(pieces[0]), std::move(pieces[1])};
  }

  void onlyRead() {
    auto outs = produce().toTuple()->elements();
    lookAt(outs[0].toTensor());
  }

  void handlerSeesIt() {
    std::vector<at::Tensor> pieces = split();
    try {
      encoded = pieces[0];
      if (!ready())
        throw 1;
    } catch (...) {
      // The handler's read is the last one.
      cache = pieces[0];
      // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'pieces[0]' is copied at the last use of 'pieces'
      // CHECK-FIXES: {{^}}      cache = std::move(pieces[0]);{{$}}
    }
  }

  void branchReadsAgain(bool b) {
    std::vector<at::Tensor> pieces = split();
    encoded = pieces[0];
    if (b)
      look(IValue(pieces[0]));
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'pieces[0]' is copied at the last use of 'pieces'
    // CHECK-FIXES: {{^}}      look(IValue(std::move(pieces[0])));{{$}}
  }
};

at::Tensor accessorThenReadAgain() {
  IValue out = produce();
  at::Tensor t = out.toTensor();
  look(out);
  return t;
}

at::Tensor constSource() {
  const IValue out = produce();
  at::Tensor t = out.toTensor();
  return t;
}

// A user accessor without a `&&` twin: a moved object would still be copied from.
struct Holder {
  at::Tensor value;
  const at::Tensor &get() const & { return value; }
};

at::Tensor noTwin() {
  Holder h{split()[0]};
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'split()[0]' is copied out of a temporary container {{.*}} [c10-intrusive-ptr-move]
  // CHECK-FIXES: Holder h{std::move(split()[0])};
  at::Tensor t = h.get();
  return t;
}

// --- The counter of the loop around the access -------------------------------

// Unstacking a batch: each iteration reads another element, and the vector
// dies after the loop.
void unstack(std::vector<std::vector<at::Tensor>> &perStream, int batch) {
  std::vector<at::Tensor> rows = split();
  for (int b = 0; b != batch; ++b) {
    perStream[b].push_back(rows[b]);
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'rows[b]' is copied where it is read for the last time (each iteration reads another element of 'rows', and nothing reads it after the loop); move it to avoid an atomic refcount increment and decrement [c10-intrusive-ptr-move]
    // CHECK-FIXES: {{^}}    perStream[b].push_back(std::move(rows[b]));{{$}}
  }
}

void countDown(std::vector<at::Tensor> &out, std::int64_t n) {
  std::vector<at::Tensor> rows = split();
  for (std::int64_t i = n - 1; i >= 0; --i)
    out.push_back(rows.at(i));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'rows.at(i)' is copied where it is read for the last time (each iteration
  // CHECK-FIXES: {{^}}    out.push_back(std::move(rows.at(i)));{{$}}
}

void readAfterLoop(std::vector<at::Tensor> &out, int n) {
  std::vector<at::Tensor> rows = split();
  for (int b = 0; b < n; ++b)
    out.push_back(rows[b]);
  lookAt(rows[0]);
}

void readTwiceInLoop(std::vector<at::Tensor> &out, std::vector<at::Tensor> &copy, int n) {
  std::vector<at::Tensor> rows = split();
  for (int b = 0; b < n; ++b) {
    out.push_back(rows[b]);
    copy.push_back(rows[b]);
  }
}

void counterWritten(std::vector<at::Tensor> &out, int n) {
  std::vector<at::Tensor> rows = split();
  for (int b = 0; b < n; ++b) {
    out.push_back(rows[b]);
    if (b == 2)
      b = 0;
  }
}

void counterByReference(std::vector<at::Tensor> &out, int n) {
  std::vector<at::Tensor> rows = split();
  for (int b = 0; b < n; ++b) {
    int &again = b;
    out.push_back(rows[b]);
    again = 0;
  }
}

void notTheCounter(std::vector<at::Tensor> &out, int n, int k) {
  std::vector<at::Tensor> rows = split();
  for (int b = 0; b < n; ++b)
    out.push_back(rows[k]);
}

void innerLoop(std::vector<at::Tensor> &out, int n) {
  std::vector<at::Tensor> rows = split();
  for (int b = 0; b < n; ++b)
    for (int r = 0; r < 2; ++r)
      out.push_back(rows[b]);
}

void narrowCounter(std::vector<at::Tensor> &out, int n) {
  std::vector<at::Tensor> rows = split();
  for (unsigned char b = 0; b != n; ++b)
    out.push_back(rows[b]);
}

void containerOutsideOuterLoop(std::vector<at::Tensor> &out, int n) {
  std::vector<at::Tensor> rows = split();
  for (int round = 0; round < 2; ++round)
    for (int b = 0; b < n; ++b)
      out.push_back(rows[b]);
}

void goBackAndAgain(std::vector<at::Tensor> &out, int n) {
  std::vector<at::Tensor> rows = split();
  bool again = true;
again:
  for (int b = 0; b < n; ++b)
    out.push_back(rows[b]);
  if (again) {
    again = false;
    goto again;
  }
}

void parameterInOuterLoop(std::vector<at::Tensor> rows, std::vector<at::Tensor> &out, int n) {
  while (ready())
    for (int b = 0; b < n; ++b)
      out.push_back(rows[b]);
}

void declaredInOuterLoop(std::vector<at::Tensor> &out, int n) {
  for (int round = 0; round < 2; ++round) {
    std::vector<at::Tensor> rows = split();
    for (int b = 0; b < n; ++b)
      out.push_back(rows[b]);
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'rows[b]' is copied where it is read for the last time (each iteration
    // CHECK-FIXES: {{^}}      out.push_back(std::move(rows[b]));{{$}}
  }
}

// --- Templates and macros ---------------------------------------------------

template <typename T> void fillFrom(std::vector<T> pieces, std::vector<T> &out) {
  out.push_back(pieces[0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'pieces[0]' is copied where it is read for the last time
  // CHECK-NOTES: :[[@LINE-2]]:17: note: no fix-it: the code is in a template instantiation
  out.push_back(pieces[1]);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'pieces[1]' is copied at the last use of 'pieces'
  // CHECK-NOTES: :[[@LINE-2]]:17: note: no fix-it: the code is in a template instantiation
}
template void fillFrom<at::Tensor>(std::vector<at::Tensor>, std::vector<at::Tensor> &);

#define FIRST(container) container[0]

void inMacro(at::Tensor &out) {
  std::vector<at::Tensor> pieces = split();
  out = FIRST(pieces);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: the element is copied at the last use of 'pieces'
  // CHECK-NOTES: :[[@LINE-2]]:15: note: no fix-it: the code is inside a macro expansion
}

// --- Other elements at other constant indices in the same expression --------

std::tuple<at::Tensor, at::Tensor> bothReturned() {
  std::vector<at::Tensor> result = split();
  return std::make_tuple(result[0], result[1]);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'result[0]' is copied where it is read for the last time
  // CHECK-MESSAGES: :[[@LINE-2]]:37: warning: 'result[1]' is copied where it is read for the last time
  // CHECK-FIXES: return std::make_tuple(std::move(result[0]), std::move(result[1]));
}

// The same element twice, or the whole container beside it: silent.
std::tuple<at::Tensor, at::Tensor> sameElementTwice() {
  std::vector<at::Tensor> result = split();
  return std::make_tuple(result[0], result[0]);
}

std::tuple<at::Tensor, std::size_t> besideTheWhole() {
  std::vector<at::Tensor> result = split();
  return std::make_tuple(result[0], result.size());
}
