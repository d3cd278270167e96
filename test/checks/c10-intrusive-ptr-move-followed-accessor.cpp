// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t
// REQUIRES: runtime-libtorch
//
// libtorch's accessors point into the tensor's storage and its sizes and
// strides: followed like a pointer (see c10-intrusive-ptr-move-followed-alias).
// The reference runtime has no accessor<>.

#include <ATen/ATen.h>
#include <tuple>
#include <vector>
// CHECK-FIXES: {{^}}#include <utility>{{$}}

void readValue(float v);

std::tuple<at::Tensor, at::Tensor> fillTwo(int64_t n) {
  at::Tensor a = at::zeros({n});
  at::Tensor b = at::zeros({n});
  auto aa = a.accessor<float, 1>();
  auto bb = b.accessor<float, 1>();
  for (int64_t i = 0; i < n; ++i) {
    aa[i] = 1;
    bb[i] = 2;
  }
  return std::make_tuple(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'a' is copied at its last use
  // CHECK-MESSAGES: :[[@LINE-2]]:29: warning: 'b' is copied at its last use
  // CHECK-FIXES: {{^}}  return std::make_tuple(std::move(a), std::move(b));{{$}}
}

void rowOfMatrix(std::vector<at::Tensor> &out) {
  at::Tensor m = at::zeros({2, 3});
  auto acc = m.accessor<float, 2>();
  auto row = acc[1];
  row[2] = 5;
  out.push_back(m);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'm' is copied at its last use
  // CHECK-FIXES: {{^}}  out.push_back(std::move(m));{{$}}
}

template <typename T> void fillAndKeep(std::vector<at::Tensor> &out) {
  at::Tensor t = at::zeros({4}, c10::CppTypeToScalarType<T>::value);
  auto acc = t.template accessor<T, 1>();
  acc[0] = 1;
  out.push_back(t);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 't' is copied at its last use
  // CHECK-FIXES: {{^}}  out.push_back(std::move(t));{{$}}
}
template void fillAndKeep<float>(std::vector<at::Tensor> &);

// A row handed by value to a user function that writes through it and keeps
// nothing: the copy of the view is followed into the callee.
template <typename Row> void accumulate(Row out, Row grad, float w) {
  for (int64_t i = 0; i < out.size(0); ++i)
    out[i] += grad[i] * w;
}

std::tuple<at::Tensor, at::Tensor> rowsByValue(const at::Tensor &g, int64_t n) {
  at::Tensor points = at::zeros({n, 3});
  at::Tensor boxes = at::zeros({n, 3});
  auto pa = points.accessor<float, 2>();
  auto ba = boxes.accessor<float, 2>();
  auto ga = g.accessor<float, 2>();
  for (int64_t p = 0; p < n; ++p) {
    auto row = pa[p];
    accumulate(std::move(row), ga[p], 2.0f);
    accumulate(ba[p], ga[p], 1.0f);
  }
  return std::make_tuple(points, boxes);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'points' is copied at its last use
  // CHECK-MESSAGES: :[[@LINE-2]]:34: warning: 'boxes' is copied at its last use
  // CHECK-FIXES: {{^}}  return std::make_tuple(std::move(points), std::move(boxes));{{$}}
}

// --- Silent: the accessor is read after the move, or copied on ----------------

void accessorReadAfter(std::vector<at::Tensor> &out) {
  at::Tensor t = at::ones({2});
  auto acc = t.accessor<float, 1>();
  out.push_back(t);
  readValue(acc[0]);
}

struct Kept {
  at::TensorAccessor<float, 1> acc;
};

void accessorCopiedIntoMember(std::vector<at::Tensor> &out, Kept &k) {
  at::Tensor t = at::ones({2});
  auto acc = t.accessor<float, 1>();
  k.acc = acc;
  out.push_back(t);
  readValue(0.f); // user code after the move may read what was kept
}

void accessorCopiedIntoVector(std::vector<at::Tensor> &out,
                              std::vector<at::TensorAccessor<float, 1>> &views) {
  at::Tensor t = at::ones({2});
  auto acc = t.accessor<float, 1>();
  views.push_back(acc);
  out.push_back(t);
  readValue(0.f); // user code after the move may read what was kept
}

// A copy of a row handed to a function that keeps it.
at::TensorAccessor<float, 1> *keptRow;
void keepRow(at::TensorAccessor<float, 1> r) { *keptRow = r; }

void rowCopiedIntoKeeper(std::vector<at::Tensor> &out) {
  at::Tensor t = at::ones({2, 2});
  auto acc = t.accessor<float, 2>();
  auto row = acc[0];
  keepRow(std::move(row));
  out.push_back(t);
  readValue(0.f); // user code after the move may read what was kept
}

// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
