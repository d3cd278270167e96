// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RUN: %check_c10_tidy %s c10-intrusive-ptr-move %t
// REQUIRES: c10-ivalue, aten-tensor
//
// Containers of containers of handles (`std::vector<std::vector<at::Tensor>>`,
// a batch of stacks) copied at their last use: the copy allocates every inner
// container and counts every handle up and down, so they are moved as a
// vector of handles is. Nested deeper than three, or around something that is
// not a handle, they are not handles.

#include <ATen/core/ivalue.h>
#include <ATen/core/Tensor.h>
#include <cstdint>
#include <utility>
#include <vector>

using c10::IValue;
using Rows = std::vector<std::vector<at::Tensor>>;
using Batches = std::vector<std::vector<IValue>>;

at::Tensor make(std::int64_t i);
std::int64_t count(const Rows &r);

std::pair<Rows, std::vector<at::Tensor>> build(std::int64_t n) {
  Rows rows;
  std::vector<at::Tensor> flat;
  for (std::int64_t i = 0; i < n; ++i) {
    rows.push_back({make(i), make(i + 1)});
    flat.push_back(make(i));
  }
  return {rows, flat};
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'rows' is copied at its last use; move it to avoid copying the containers: an allocation per container and an atomic refcount increment and decrement per handle in them [c10-intrusive-ptr-move]
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: 'flat' is copied at its last use; move it to avoid copying the container: an allocation and an atomic refcount increment and decrement per element [c10-intrusive-ptr-move]
  // CHECK-FIXES: {{^}}  return {std::move(rows), std::move(flat)};{{$}}
}

void collect(std::vector<Batches> &out, Batches batches) {
  out.push_back(batches);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'batches' is copied at its last use; move it to avoid copying the containers
  // CHECK-FIXES: {{^}}  out.push_back(std::move(batches));{{$}}
}

void threeDeep(std::vector<std::vector<Rows>> &out, std::vector<Rows> grid) {
  out.push_back(grid);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'grid' is copied at its last use; move it to avoid copying the containers
  // CHECK-FIXES: {{^}}  out.push_back(std::move(grid));{{$}}
}

// An inner container popped off the outer one right after it is copied.
std::int64_t popRow(Rows &rows) {
  Rows done;
  done.push_back(rows.back());
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'rows.back()' is copied out of the container and removed right after
  // CHECK-FIXES: {{^}}  done.push_back(std::move(rows.back()));{{$}}
  rows.pop_back();
  return count(done);
}

// --- Silent ------------------------------------------------------------------

// `done` may be `rows` itself.
void popIntoParameter(Rows &rows, Rows &done) {
  done.push_back(rows.back());
  rows.pop_back();
}

// Read again after the copy.
std::int64_t usedAfter(std::vector<Rows> &out, Rows rows) {
  out.push_back(rows);
  return count(rows);
}

// No handles inside: nothing refcounted to save.
void plainNumbers(std::vector<std::vector<std::vector<std::int64_t>>> &out,
                  std::vector<std::vector<std::int64_t>> numbers) {
  out.push_back(numbers);
}

// Four containers deep: past the nesting the check follows.
void fourDeep(std::vector<std::vector<std::vector<Rows>>> &out, std::vector<std::vector<Rows>> cube) {
  out.push_back(cube);
}

// A const container cannot be moved from.
void constRows(std::vector<Rows> &out, const Rows rows) {
  out.push_back(rows);
}
