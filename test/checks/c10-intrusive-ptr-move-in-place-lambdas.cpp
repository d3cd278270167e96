// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t
// REQUIRES: aten-tensor
//
// A lambda invoked right where it is written (`[&] { ... }()`) runs its body
// once, there, on the function's own variables when it captures them by
// reference. A copy inside it is the variable's last use when the lambda's
// capture is the last use in the function (no later read, no loop back, no
// other name kept for it) and the copy is the last use inside the body; so
// on through nested lambdas. A lambda that may run again, later or elsewhere,
// and a reference let out of a lambda's body, keep the move out.

#include <ATen/ATen.h>
#include <functional>
#include <utility>
#include <vector>

void sink(at::Tensor t);
at::Tensor transform(at::Tensor t);
at::Tensor make();
int combine(int a, const at::Tensor &t);
bool ready();
int64_t seen = 0;
void look(const at::Tensor &t) { seen += t.dim(); }

void movedInLambda(at::Tensor x) {
  [&] { sink(x); }();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'x' is copied at its last use
  // CHECK-FIXES: {{^}}  [&] { sink(std::move(x)); }();{{$}}
}

void movedAfterARead(at::Tensor x) {
  [&] {
    look(x);
    sink(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'x' is copied at its last use
    // CHECK-FIXES: {{^}}    sink(std::move(x));{{$}}
  }();
}

void movedInNestedLambdas(at::Tensor x) {
  [&] { [&] { sink(x); }(); }();
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'x' is copied at its last use
  // CHECK-FIXES: {{^}}  [&] { [&] { sink(std::move(x)); }(); }();{{$}}
}

at::Tensor returnedFromLambda(at::Tensor x) {
  return [&] { return transform(x); }();
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 'x' is copied at its last use
  // CHECK-FIXES: {{^}}  return [&] { return transform(std::move(x)); }();{{$}}
}

void assignedAgainEachIteration(at::Tensor x, int n) {
  for (int i = 0; i < n; ++i) {
    x = make();
    [&] { sink(x); }();
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'x' is copied at its last use
    // CHECK-FIXES: {{^}}    [&] { sink(std::move(x)); }();{{$}}
  }
}

void earlierLambdaOnlyReads(at::Tensor x) {
  [&] { look(x); }();
  [&] { sink(x); }();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'x' is copied at its last use
  // CHECK-FIXES: {{^}}  [&] { sink(std::move(x)); }();{{$}}
}

void innerLambdaOnlyReads(at::Tensor x) {
  [&] {
    [&] { look(x); }();
    sink(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'x' is copied at its last use
    // CHECK-FIXES: {{^}}    sink(std::move(x));{{$}}
  }();
}

void movedOnOneBranch(at::Tensor x, bool early) {
  [&] {
    if (early) {
      sink(x);
      // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'x' is copied at its last use
      // CHECK-FIXES: {{^}}      sink(std::move(x));{{$}}
      return;
    }
    look(x);
  }();
}

// The capture of an in-place lambda that only reads is a read where the
// lambda is written; a copy after it is the last use (outside any return).
void copiedAfterReadingLambda(at::Tensor x, std::vector<at::Tensor> &outs) {
  [&] { look(x); }();
  outs.push_back(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'x' is copied at its last use
  // CHECK-FIXES: {{^}}  outs.push_back(std::move(x));{{$}}
  ready();
}

// Must stay silent.

void readAfterTheLambda(at::Tensor x) {
  [&] { sink(x); }();
  look(x);
}

void lambdaInALoop(at::Tensor x, int n) {
  for (int i = 0; i < n; ++i)
    [&] { sink(x); }();
}

void loopInTheLambda(at::Tensor x, int n) {
  [&] {
    for (int i = 0; i < n; ++i)
      sink(x);
  }();
}

void storedThenCalled(at::Tensor x) {
  auto later = [&] { sink(x); };
  later();
}

void storedLambdaReadsAfter(at::Tensor x) {
  auto later = [&] { look(x); };
  [&] { sink(x); }();
  later();
}

void keptInAStdFunction(at::Tensor x) {
  std::function<void()> later = [&] { look(x); };
  sink(x);
  later();
}

void laterLambdaReads(at::Tensor x) {
  [&] { sink(x); }();
  [&] { look(x); }();
}

void outerLambdaReadsAfterInner(at::Tensor x) {
  [&] {
    [&] { sink(x); }();
    look(x);
  }();
}

void storedInnerLambda(at::Tensor x) {
  [&] {
    auto later = [&] { look(x); };
    sink(x);
    later();
  }();
}

void sameExpression(at::Tensor x) {
  combine(([&] { sink(x); }(), 1), x);
}

void commaAfter(at::Tensor x) { [&] { sink(x); }(), look(x); }

const at::Tensor *kept = nullptr;

void addressLetOut(at::Tensor x) {
  [&] {
    kept = &x;
    sink(x);
  }();
  look(*kept);
}

void addressTakenInEarlierLambda(at::Tensor x) {
  const at::Tensor *p = nullptr;
  [&] { p = &x; }();
  sink(x);
  look(*p);
}

void referenceReturned(at::Tensor x) {
  const at::Tensor &r = [&]() -> const at::Tensor & { return x; }();
  sink(x);
  look(r);
}

void pointerReturned(at::Tensor x) {
  const float *data = [&] { return x.data_ptr<float>(); }();
  sink(x);
  seen += static_cast<int64_t>(*data);
}

void aliasReadInside(at::Tensor x) {
  [&] {
    auto &alias = x;
    sink(x);
    look(alias);
  }();
}

void capturedByCopy(at::Tensor x) { [=] { sink(x); }(); }

void genericLambda(at::Tensor x) {
  [&](auto) { sink(x); }(0);
}

void handlerReads(at::Tensor x) {
  try {
    [&] { sink(x); }();
  } catch (...) {
    look(x);
  }
}

// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
