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
}

void accessorCopiedIntoVector(std::vector<at::Tensor> &out,
                              std::vector<at::TensorAccessor<float, 1>> &views) {
  at::Tensor t = at::ones({2});
  auto acc = t.accessor<float, 1>();
  views.push_back(acc);
  out.push_back(t);
}

// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
