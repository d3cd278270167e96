// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t
// REQUIRES: aten-tensor
//
// A pointer, reference or view into a tensor kept in a local before the
// tensor's last use (`float *p = t.data_ptr<float>();`, `const at::Tensor &r
// = t;`, an accessor) does not by itself forbid the move: the local is
// followed, and each of its uses reads the tensor. The move is offered when
// no use of the local can run after it, and the local's value goes nowhere
// else (another variable that is not followed, a member, a lambda, a call
// that may keep it).

#include <ATen/ATen.h>
#include <cstring>
#include <functional>
#include <vector>
// CHECK-FIXES: {{^}}#include <utility>{{$}}

void consume(at::Tensor t);
void consumeBoth(at::Tensor t, const at::Tensor &other);
void readValue(float v);
float *keepPointer(float *p);
extern float *kept;

struct RowView {
  float *row;
  float &operator[](int i) const { return row[i]; }
};

// --- Every use of the local precedes the move: fix-its ----------------------------

at::Tensor *filledFromPointer(const void *src, int64_t n) {
  at::Tensor t = at::zeros({n});
  float *p = t.data_ptr<float>();
  std::memcpy(p, src, n * sizeof(float));
  return new at::Tensor(t);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 't' is copied at its last use
  // CHECK-FIXES: {{^}}  return new at::Tensor(std::move(t));{{$}}
}

void pushAfterReference(std::vector<at::Tensor> &out, int64_t n) {
  at::Tensor t = at::ones({n});
  const at::Tensor &r = t;
  readValue(static_cast<float>(r.numel()));
  out.push_back(t);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 't' is copied at its last use
  // CHECK-FIXES: {{^}}  out.push_back(std::move(t));{{$}}
}

void writeThroughView(std::vector<at::Tensor> &out, int64_t n) {
  at::Tensor t = at::zeros({n});
  RowView view{t.data_ptr<float>()};
  for (int i = 0; i < n; ++i)
    view[i] = static_cast<float>(i);
  out.push_back(t);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 't' is copied at its last use
  // CHECK-FIXES: {{^}}  out.push_back(std::move(t));{{$}}
}

void pointerFollowedTwoDeep(int64_t n) {
  at::Tensor t = at::zeros({n});
  float *p = t.data_ptr<float>();
  float *q = p + 1;
  *q = 2;
  consume(t);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 't' is copied at its last use
  // CHECK-FIXES: {{^}}  consume(std::move(t));{{$}}
}

void moveThenBreak(std::vector<at::Tensor> &out, int64_t n) {
  at::Tensor t = at::zeros({n});
  float *p = t.data_ptr<float>();
  for (int i = 0; i < n; ++i) {
    p[i] = 1;
    if (i == 2) {
      out.push_back(t);
      // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 't' is copied at its last use
      // CHECK-FIXES: {{^}}      out.push_back(std::move(t));{{$}}
      break;
    }
  }
}

// --- The local may be read after the move, or its value goes further: silent ----

void referenceReadAfter(std::vector<at::Tensor> &out) {
  at::Tensor t = at::ones({2});
  const at::Tensor &r = t;
  out.push_back(t);
  readValue(static_cast<float>(r.defined()));
}

void pointerReadAfter(std::vector<at::Tensor> &out) {
  at::Tensor t = at::ones({2});
  float *p = t.data_ptr<float>();
  out.push_back(t);
  readValue(p[0]);
}

void readInNextIteration(std::vector<at::Tensor> &out, int n) {
  at::Tensor t = at::ones({2});
  const at::Tensor &r = t;
  for (int i = 0; i < n; ++i) {
    readValue(static_cast<float>(r.numel()));
    if (i == n - 1)
      out.push_back(t);
  }
}

void sameExpression() {
  at::Tensor t = at::ones({2});
  const at::Tensor &r = t;
  consumeBoth(t, r);
}

// Each of these keeps the reference, pointer or view somewhere the analysis
// cannot follow, and then runs user code after the copy, which may read it.
// (With only library code on values after the copy, the move is offered:
// c10-intrusive-ptr-move-return-tail.cpp.)
void pointerStoredInGlobal(std::vector<at::Tensor> &out) {
  at::Tensor t = at::ones({2});
  float *p = t.data_ptr<float>();
  kept = p;
  out.push_back(t);
  readValue(0.f); // user code after the move may read what was kept
}

void pointerHandedToOpaqueCall(std::vector<at::Tensor> &out) {
  at::Tensor t = at::ones({2});
  float *p = t.data_ptr<float>();
  keepPointer(p);
  out.push_back(t);
  readValue(0.f); // user code after the move may read what was kept
}

void pointerCapturedByCopy(std::vector<at::Tensor> &out, std::function<float()> &later) {
  at::Tensor t = at::ones({2});
  float *p = t.data_ptr<float>();
  later = [p] { return p[0]; };
  out.push_back(t);
  readValue(0.f); // user code after the move may read what was kept
}

void referenceCapturedByReference(std::vector<at::Tensor> &out, std::function<bool()> &later) {
  at::Tensor t = at::ones({2});
  const at::Tensor &r = t;
  later = [&r] { return r.defined(); };
  out.push_back(t);
  readValue(0.f); // user code after the move may read what was kept
}

void pointerReassignedFromTensor(std::vector<at::Tensor> &out) {
  at::Tensor t = at::ones({2});
  float *p = nullptr;
  p = t.data_ptr<float>();
  *p = 3;
  out.push_back(t);
  readValue(0.f); // user code after the move may read what was kept
}

struct Holder {
  float *data;
};

void pointerStoredInAggregate(std::vector<at::Tensor> &out, Holder &h) {
  at::Tensor t = at::ones({2});
  float *p = t.data_ptr<float>();
  h.data = p;
  out.push_back(t);
  readValue(0.f); // user code after the move may read what was kept
}

void staticAlias(std::vector<at::Tensor> &out) {
  at::Tensor t = at::ones({2});
  static float *p = t.data_ptr<float>();
  *p = 1;
  out.push_back(t);
  readValue(0.f); // user code after the move may read what was kept
}

// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
