// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t
// REQUIRES: aten-tensor
//
// Output tensors handed by reference to a kernel launcher whose body is not
// visible, then returned: the launcher may have kept their address, but when
// the copy is in the returned expression nothing that runs afterwards can
// read through it -- the rest of that expression is library code on values,
// and the locals' destructors are library code. The move is offered there,
// and nowhere a kept address could still be read.

#include <ATen/ATen.h>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

void launch(const at::Tensor &in, at::Tensor &out);
void launchConst(const at::Tensor &in, const at::Tensor &out);
void launchPtr(const at::Tensor &in, at::Tensor *out);
at::Tensor readKept();
extern const at::Tensor *kept;
extern int defaultRank;

struct Reporter {
  ~Reporter();
};
struct Plain {
  int64_t n;
  at::Tensor t;
};
struct Holder {
  at::Tensor t;
  std::tuple<at::Tensor, at::Tensor> twice(const at::Tensor &x);
};

// --- The returned expression is the last thing that runs: fix-its ----------------

std::tuple<at::Tensor, at::Tensor> launchedThenTuple(const at::Tensor &x) {
  auto gradA = at::zeros({2});
  auto gradB = at::zeros({2});
  launch(x, gradA);
  launchConst(x, gradB);
  return std::make_tuple(gradA, gradB);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'gradA' is copied at its last use
  // CHECK-MESSAGES: :[[@LINE-2]]:33: warning: 'gradB' is copied at its last use
  // CHECK-FIXES: {{^}}  return std::make_tuple(std::move(gradA), std::move(gradB));{{$}}
}

std::vector<at::Tensor> launchedOnOneBranch(const at::Tensor &x, bool run) {
  auto out = at::zeros({2});
  if (run)
    launchPtr(x, &out);
  return {out, x};
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'out' is copied at its last use
  // CHECK-FIXES: {{^}}  return {std::move(out), x};{{$}}
}

std::vector<at::Tensor> capturedByLambdaRunInPlace(const at::Tensor &x) {
  auto out = at::zeros({2});
  [&] { launch(x, out); }();
  return {out, x.clone()};
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'out' is copied at its last use
  // CHECK-FIXES: {{^}}  return {std::move(out), x.clone()};{{$}}
}

std::tuple<at::Tensor, int64_t, std::string> valuesAndGlobals(const at::Tensor &x, Plain p) {
  auto out = at::zeros({2});
  launch(x, out);
  std::string name = "out";
  return std::make_tuple(out, p.n + defaultRank, name);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'out' is copied at its last use
  // CHECK-FIXES: {{^}}  return std::make_tuple(std::move(out), p.n + defaultRank, name);{{$}}
}

// A library tag such as c10::nullopt holds nothing that could refer to the
// moved tensor.
std::tuple<at::Tensor, c10::optional<at::Tensor>> withNulloptTag(const at::Tensor &x) {
  auto out = at::zeros({2});
  launch(x, out);
  return std::make_tuple(out, c10::optional<at::Tensor>{c10::nullopt});
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'out' is copied at its last use
  // CHECK-FIXES: {{^}}  return std::make_tuple(std::move(out), c10::optional<at::Tensor>{c10::nullopt});{{$}}
}

std::pair<at::Tensor, at::Tensor> memberOfPlainLocal(const at::Tensor &x) {
  Plain local{1, at::zeros({2})};
  launch(x, local.t);
  auto other = at::zeros({2});
  launch(x, other);
  return std::make_pair(other, local.t.clone());
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'other' is copied at its last use
  // CHECK-FIXES: {{^}}  return std::make_pair(std::move(other), local.t.clone());{{$}}
}

std::vector<at::Tensor> destructorScopeEnded(const at::Tensor &x) {
  auto out = at::zeros({2});
  {
    Reporter reporter;
    launch(x, out);
  }
  return {out, x};
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'out' is copied at its last use
  // CHECK-FIXES: {{^}}  return {std::move(out), x};{{$}}
}

std::vector<at::Tensor> destructorDeclaredAfter(const at::Tensor &x, bool early) {
  auto out = at::zeros({2});
  launch(x, out);
  if (early)
    return {out, x};
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'out' is copied at its last use
  // CHECK-FIXES: {{^}}    return {std::move(out), x};{{$}}
  Reporter reporter;
  return {x};
}

// Collected, then returned: the statements after the move are library code
// on values too.
std::vector<at::Tensor> collectedThenReturned(const at::Tensor &x, bool both) {
  auto gradA = at::zeros({2});
  auto gradB = at::zeros({2});
  launch(x, gradA);
  launch(x, gradB);
  std::vector<at::Tensor> grads;
  grads.reserve(2);
  grads.push_back(gradA);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'gradA' is copied at its last use
  // CHECK-FIXES: {{^}}  grads.push_back(std::move(gradA));{{$}}
  if (both) {
    grads.push_back(gradB);
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'gradB' is copied at its last use
    // CHECK-FIXES: {{^}}    grads.push_back(std::move(gradB));{{$}}
  }
  return grads;
}

std::vector<at::Tensor> declaredThenReturned(const at::Tensor &x) {
  auto out = at::zeros({2});
  launch(x, out);
  std::vector<at::Tensor> result{out, x};
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: 'out' is copied at its last use
  // CHECK-FIXES: {{^}}  std::vector<at::Tensor> result{std::move(out), x};{{$}}
  return result;
}

void collectedIntoCaller(const at::Tensor &x, std::vector<at::Tensor> &into) {
  auto out = at::zeros({2});
  launch(x, out);
  into.push_back(out);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'out' is copied at its last use
  // CHECK-FIXES: {{^}}  into.push_back(std::move(out));{{$}}
}

template <typename T> std::vector<T> launchedInTemplate(const T &x) {
  T out = x.clone();
  launch(x, out);
  return {out, x};
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'out' is copied at its last use
  // CHECK-MESSAGES: :[[@LINE-2]]:11: note: no fix-it: the code is in a template instantiation
  // CHECK-FIXES: {{^}}  return {out, x};{{$}}
}
template std::vector<at::Tensor> launchedInTemplate(const at::Tensor &);

// --- Something may still read through the kept name: silent ------------------------

std::vector<at::Tensor> readThroughPointer(const at::Tensor &x) {
  auto out = at::zeros({2});
  launch(x, out);
  return {out, *kept};
}

std::vector<at::Tensor> userCallAfter(const at::Tensor &x) {
  auto out = at::zeros({2});
  launch(x, out);
  return {out, readKept()};
}

std::vector<at::Tensor> userDestructorAfter(const at::Tensor &x) {
  auto out = at::zeros({2});
  launch(x, out);
  Reporter reporter;
  return {out, x};
}

std::vector<at::Tensor> userValueParameter(const at::Tensor &x, Reporter r) {
  auto out = at::zeros({2});
  launch(x, out);
  return {out, x};
}

// The caller destroys a by-value parameter at the end of its own
// full-expression, where a kept address may still be read.
std::vector<at::Tensor> byValueParameter(at::Tensor out, const at::Tensor &x) {
  launch(x, out);
  return {out, x};
}

std::tuple<at::Tensor, at::Tensor> Holder::twice(const at::Tensor &x) {
  auto out = at::zeros({2});
  launch(x, out);
  return std::make_tuple(out, t);
}

std::vector<at::Tensor> userCodeAfterCollecting(const at::Tensor &x) {
  auto out = at::zeros({2});
  launch(x, out);
  std::vector<at::Tensor> result;
  result.push_back(out);
  result.push_back(readKept());
  return result;
}

std::vector<at::Tensor> collectedInLoop(const at::Tensor &x, int n) {
  std::vector<at::Tensor> result;
  for (int i = 0; i < n; ++i) {
    auto out = at::zeros({2});
    launch(x, out);
    result.push_back(out);
  }
  return result;
}

std::vector<at::Tensor> loopAfterCollecting(const at::Tensor &x, int n) {
  auto out = at::zeros({2});
  launch(x, out);
  std::vector<at::Tensor> result;
  result.push_back(out);
  for (int i = 0; i < n; ++i)
    result.push_back(x);
  return result;
}

std::vector<at::Tensor> gotoInFunction(const at::Tensor &x, int n) {
  std::vector<at::Tensor> result;
again:
  auto out = at::zeros({2});
  launch(x, out);
  result.push_back(out);
  if (static_cast<int>(result.size()) < n)
    goto again;
  return result;
}

std::vector<at::Tensor> viewLocalRead(const at::Tensor &x) {
  auto out = at::zeros({2});
  launch(x, out);
  at::IntArrayRef sizes = x.sizes();
  return {out, at::zeros(sizes)};
}

std::vector<at::Tensor> lambdaStoredAndRunAfter(const at::Tensor &x) {
  auto out = at::zeros({2});
  auto fill = [&] { launch(x, out); };
  fill();
  return {out, x};
}

std::vector<at::Tensor> referenceLocalRead(const at::Tensor &x, at::Tensor &other) {
  auto out = at::zeros({2});
  launch(x, out);
  at::Tensor &alias = other;
  return {out, alias};
}

// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
