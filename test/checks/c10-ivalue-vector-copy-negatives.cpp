// RUN: %check_c10_tidy %s c10-ivalue-vector-copy %t
// REQUIRES: c10-ivalue
//
// Copies the code needs: nothing is reported and the file stays unchanged.

#include <ATen/core/ivalue.h>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

using c10::IValue;

void takeShape(const std::vector<int64_t> &);
void takeShapeByValue(std::vector<int64_t>);
void takeDims(c10::IntArrayRef);
void scale(int64_t &);

struct Request {
  std::vector<int64_t> shape;
  std::vector<at::Tensor> inputs;
};

// Passed on as a whole: the callee needs the vector (or contiguous int64_t).
void passedOn(const IValue &v) {
  takeShape(v.toIntVector());
  takeShapeByValue(v.toIntVector());
  takeDims(v.toIntVector());
  takeDims(v.toDimVector());
  auto dims = v.toIntVector();
  takeShape(dims);
}

// Returned, stored, moved.
std::vector<int64_t> returned(const IValue &v) {
  return v.toIntVector();
}
std::vector<int64_t> returnedLocal(const IValue &v) {
  auto dims = v.toIntVector();
  return dims;
}
Request stored(const IValue &shape, const IValue &inputs) {
  Request r;
  r.shape = shape.toIntVector();
  auto tensors = inputs.toTensorVector();
  r.inputs = std::move(tensors);
  return r;
}

// Modified: sorted, appended to, an element written or passed by non-const
// reference, iterated by non-const reference.
int64_t modified(const IValue &v) {
  auto sorted = v.toIntVector();
  std::sort(sorted.begin(), sorted.end());
  auto grown = v.toIntVector();
  grown.push_back(1);
  auto written = v.toIntVector();
  written[0] = 2;
  auto passed = v.toIntVector();
  scale(passed[0]);
  auto doubled = v.toIntVector();
  for (auto &d : doubled)
    d *= 2;
  return sorted[0] + grown.back() + written[0] + passed[0] + doubled[0];
}

// The storage itself is used: an element's address, data(), iterators.
const int64_t *storageUsed(const IValue &v, std::vector<int64_t> &keep) {
  keep = v.toIntVector();
  auto copy = v.toIntVector();
  const int64_t *p = &copy[0];
  const int64_t *d = copy.data();
  bool found = std::find(copy.begin(), copy.end(), 3) != copy.end();
  return found ? p : d;
}

// Captured by a lambda: it outlives the reads.
auto captured(const IValue &v) {
  auto dims = v.toIntVector();
  return [dims] { return dims.size(); };
}

// Not a copy: the borrowing forms, and a List handle read in place.
int64_t borrowing(const IValue &v) {
  int64_t n = v.toListRef()[0].toInt() + static_cast<int64_t>(v.toListRef().size());
  for (const IValue &e : v.toListRef())
    n += e.toInt();
  c10::List<int64_t> dims = v.toIntList();
  n += dims.get(0);
  return n;
}

// A c10::List copied out of is not a List copied into a vector for reading.
std::vector<int64_t> listVec(const c10::List<int64_t> &dims) {
  return dims.vec();
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
