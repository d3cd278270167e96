// RUN: %check_c10_tidy %s c10-ivalue-vector-copy %t
// REQUIRES: c10-ivalue
//
// Positives with their fix-its: an inference server that validates request
// shapes sent as int lists, a speech toolkit that reads feature tensors from a
// list. Then the copies that get a warning only, each with the reason.

#include <ATen/core/ivalue.h>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

using c10::IValue;

void log_dim(int64_t);
void check_features(const at::Tensor &);
IValue next_request();

// --- Inference server: shapes as int lists ----------------------------------

bool shapeIsImage(const IValue &shape) {
  if (shape.toIntVector().size() != 4)
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'toIntVector()' copies the list into a new std::vector<int64_t> (a heap allocation, a conversion per element) that is only read; read the elements in place through 'toListRef()' and '[i].toInt()' [c10-ivalue-vector-copy]
    // CHECK-FIXES: {{^}}  if (shape.toIntVector().size() != 4){{$}}
    return false;
  return shape.toIntVector()[1] == 3 && !shape.toIntVector().empty();
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'toIntVector()' copies the list
  // CHECK-MESSAGES: :[[@LINE-2]]:48: warning: 'toIntVector()' copies the list
  // CHECK-FIXES: {{^}}  return shape.toIntVector()[1] == 3 && !shape.toIntVector().empty();{{$}}
}

int64_t numelOfShape(const IValue &request) {
  std::vector<int64_t> dims = request.toIntVector();
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: 'toIntVector()' copies the list
  // CHECK-FIXES: {{^}}  std::vector<int64_t> dims = request.toIntVector();{{$}}
  int64_t numel = 1;
  for (std::size_t i = 0; i < dims.size(); ++i)
    numel *= dims[i];
  // CHECK-FIXES: {{^}}    numel *= dims[i];{{$}}
  return numel + dims.front() * 0 + (dims.empty() ? 0 : dims.back() * 0);
  // CHECK-FIXES: {{^}}  return numel + dims.front() * 0 + (dims.empty() ? 0 : dims.back() * 0);{{$}}
}

int64_t batchSize(IValue request) {
  const auto &dims = request.toDimVector();
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'toDimVector()' copies the list into a new at::DimVector (a conversion per element) that is only read
  // CHECK-FIXES: {{^}}  const auto &dims = request.toDimVector();{{$}}
  return dims[0];
  // CHECK-FIXES: {{^}}  return dims[0];{{$}}
}

double meanScale(const IValue &scales) {
  double sum = scales.toDoubleVector()[0] + scales.to<std::vector<double>>().back();
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'toDoubleVector()' copies the list into a new std::vector<double> (a heap allocation, a conversion per element) that is only read; read the elements in place through 'toListRef()' and '[i].toDouble()'
  // CHECK-MESSAGES: :[[@LINE-2]]:52: warning: 'to<std::vector<double>>()' copies the list into a new std::vector<double>
  // CHECK-FIXES: {{^}}  double sum = scales.toDoubleVector()[0] + scales.to<std::vector<double>>().back();{{$}}
  return sum / static_cast<double>(scales.to<std::vector<double>>().size());
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: 'to<std::vector<double>>()' copies the list
  // CHECK-FIXES: {{^}}  return sum / static_cast<double>(scales.to<std::vector<double>>().size());{{$}}
}

// A temporary IValue lives to the end of the statement: reading it there is safe.
int64_t firstDimOfNextRequest() {
  return next_request().toIntVector()[0] + next_request().toIntVector().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'toIntVector()' copies the list
  // CHECK-MESSAGES: :[[@LINE-2]]:59: warning: 'toIntVector()' copies the list
  // CHECK-FIXES: {{^}}  return next_request().toIntVector()[0] + next_request().toIntVector().size();{{$}}
}

// --- Speech toolkit: feature tensors in a list ------------------------------

int64_t framesOfFirstUtterance(const IValue &batch) {
  int64_t frames = batch.toTensorVector()[0].size(0);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'toTensorVector()' copies the list into a new std::vector<at::Tensor> (a heap allocation, a conversion per element, an atomic refcount increment per tensor) that is only read; read the elements in place through 'toListRef()' and '[i].toTensor()'
  // CHECK-FIXES: {{^}}  int64_t frames = batch.toTensorVector()[0].size(0);{{$}}
  check_features(batch.to<std::vector<at::Tensor>>()[1]);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'to<std::vector<at::Tensor>>()' copies the list
  // CHECK-FIXES: {{^}}  check_features(batch.to<std::vector<at::Tensor>>()[1]);{{$}}
  return frames;
}

int64_t totalFrames(const IValue &batch) {
  auto features = batch.toTensorVector();
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'toTensorVector()' copies the list
  // CHECK-FIXES: {{^}}  auto features = batch.toTensorVector();{{$}}
  int64_t total = 0;
  for (std::size_t i = 0; i < features.size(); ++i)
    total += features[i].size(0);
  // CHECK-FIXES: {{^}}    total += features[i].size(0);{{$}}
  return total;
}

// A list of IValues: `toListRef()[i]` is the element already.
std::size_t countStrings(const IValue &tokens) {
  std::size_t n = 0;
  for (const IValue &token : tokens.toList().vec())
    // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 'toList().vec()' copies the list into a new std::vector<c10::IValue> (a heap allocation, a conversion per element, a refcount increment per refcounted element) that is only read; read the elements in place through 'toListRef()' [c10-ivalue-vector-copy]
    // CHECK-FIXES: {{^}}  for (const IValue &token : tokens.toListRef()){{$}}
    n += token.isString();
  for (auto token : tokens.toList().vec())
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'toList().vec()' copies the list
    // CHECK-FIXES: {{^}}  for (auto token : tokens.toListRef()){{$}}
    n += token.isString();
  return n + tokens.toList().vec()[0].isString() + tokens.toTensorList().vec().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'toList().vec()' copies the list
  // CHECK-MESSAGES: :[[@LINE-2]]:59: warning: 'toTensorList().vec()' copies the list into a new std::vector<at::Tensor>
  // CHECK-FIXES: {{^}}  return n + tokens.toListRef()[0].isString() + tokens.toTensorList().vec().size();{{$}}
}

// A c10::List is read in place without the copy.
std::size_t listSize(const c10::List<int64_t> &dims) {
  return dims.vec().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'vec()' copies the c10::List into a new std::vector that is only read; read the list in place
  // CHECK-FIXES: {{^}}  return dims.size();{{$}}
}

// --- Warnings without a fix-it ----------------------------------------------

int64_t sumOfDims(const IValue &shape) {
  int64_t sum = 0;
  for (int64_t d : shape.toIntVector())
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'toIntVector()' copies the list
    // CHECK-NOTES: :[[@LINE-2]]:26: note: no fix-it: the loop variable 'd' would become an IValue: iterate 'toListRef()' and read '.toInt()' in the body
    sum += d;
  auto dims = shape.toIntVector();
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'toIntVector()' copies the list
  // CHECK-NOTES: :[[@LINE-2]]:21: note: no fix-it: 'dims' is iterated by a range-for
  for (const int64_t &d : dims)
    sum += d;
  return sum + shape.toIntVector().at(0);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 'toIntVector()' copies the list
  // CHECK-NOTES: :[[@LINE-2]]:22: note: no fix-it: 'at(i)' on the copy throws std::out_of_range, 'toListRef().at(i)' throws c10::Error
}

// The receiver must not change while the reference into it is alive.
int64_t rewrittenMeanwhile(IValue shape, std::vector<IValue> &stack) {
  auto dims = shape.toIntVector(); // silent: 'shape' changes while 'dims' is used
  int64_t first = dims[0];
  shape = IValue(c10::List<int64_t>({1}));
  int64_t fromStack = stack.back().toIntVector()[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: 'toIntVector()' copies the list
  // CHECK-NOTES: :[[@LINE-2]]:36: note: no fix-it: 'stack.back()' is not a local variable or parameter
  const IValue *p = &stack[0];
  return first + dims.size() + fromStack + p->toIntVector()[0] + p->toIntVector().size();
  // CHECK-MESSAGES: :[[@LINE-1]]:47: warning: 'toIntVector()' copies the list
  // CHECK-NOTES: :[[@LINE-2]]:47: note: no fix-it: the IValue is reached through a pointer and could change while the reference is alive
  // CHECK-MESSAGES: :[[@LINE-3]]:69: warning: 'toIntVector()' copies the list
  // CHECK-FIXES: {{^}}  return first + dims.size() + fromStack + p->toIntVector()[0] + p->toIntVector().size();{{$}}
}

// A temporary IValue dies at the end of the statement: a local or a loop
// reading into it would dangle.
int64_t temporaries() {
  auto dims = next_request().toIntVector(); // silent: a view into the temporary would dangle
  int64_t n = dims[0];
  for (const IValue &e : next_request().toList().vec()) // silent: the view would dangle
    n += e.toInt();
  return n;
}

// `to<std::vector<T>>()` of an element type without an exact accessor.
std::size_t optionalInputs(const IValue &inputs) {
  return inputs.to<std::vector<c10::optional<at::Tensor>>>()[0].has_value() +
         inputs.to<std::vector<c10::optional<at::Tensor>>>().size();
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: 'to<std::vector<c10::optional<at::Tensor>>>()' copies the list into a new std::vector<c10::optional<at::Tensor>> (a heap allocation, a conversion per element) that is only read; read the elements in place through 'toListRef()' [c10-ivalue-vector-copy]
  // CHECK-NOTES: :[[@LINE-3]]:17: note: no fix-it: there is no accessor that reads an element of std::vector<c10::optional<at::Tensor>> exactly
  // CHECK-MESSAGES: :[[@LINE-3]]:17: warning: 'to<std::vector<c10::optional<at::Tensor>>>()' copies the list
  // CHECK-FIXES: {{^}}         inputs.to<std::vector<c10::optional<at::Tensor>>>().size();{{$}}
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
