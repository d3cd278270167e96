// RUN: %check_c10_tidy %s c10-tuple-elements-copy %t
// REQUIRES: c10-ivalue
//
// Code shaped like the places these copies live: an inference server that
// unpacks a model's tuple output, and a speech toolkit that reads the
// (logits, lengths) tuples of a batch. The copies that are only read are
// reported; the ones the code needs (a response that owns its values, a
// queue entry, a vector that is sorted) are not.

#include <ATen/core/ivalue.h>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <utility>
#include <vector>

using c10::IValue;
using c10::intrusive_ptr;
using c10::ivalue::Tuple;

// --- Inference server -------------------------------------------------------

struct Response {
  std::string model;
  std::vector<IValue> outputs; // owned: sent after the request's IValues die
  double latencyMs = 0;
};

struct PendingBatch {
  std::deque<IValue> queue;
};

// A model returns (outputs, model_name, latency_ms).
Response makeResponse(const IValue &modelOutput) {
  const intrusive_ptr<Tuple> result = modelOutput.toTuple();
  std::vector<IValue> fields = result->elements();
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: converting 'result->elements()' to std::vector copies every element (one refcount increment each) into 'fields', which is only read
  // CHECK-FIXES: {{^}}  const auto& fields = result->elements();{{$}}
  Response r;
  r.model = fields[1].toStringRef();
  r.latencyMs = fields[2].toDouble();
  // The response owns its outputs: this copy is needed.
  r.outputs = fields[0].toTupleRef().elements().vec();
  return r;
}

// Reads the status field of every request in a batch the scheduler keeps.
std::size_t countFailures(PendingBatch &batch) {
  std::size_t failures = 0;
  for (const IValue &entry : batch.queue) {
    auto fields = entry.toTupleRef().elements().vec();
    // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: 'entry.toTupleRef().elements().vec()' copies every element (one refcount increment each) into 'fields', which is only read
    // CHECK-NOTES: :[[@LINE-2]]:49: note: no fix-it: 'entry' is not a local variable or parameter: a container element, member or global can change or die while the reference is alive
    if (fields.size() > 1 && fields[1].isString() && fields[1].toStringRef() != "ok")
      ++failures;
  }
  return failures;
}

// The scheduler hands a request's inputs to the next stage, which may run
// after the request is popped: the copy owns them.
std::vector<IValue> takeInputs(PendingBatch &batch) {
  std::vector<IValue> inputs = batch.queue.front().toTupleRef().elements();
  batch.queue.pop_front();
  return inputs;
}

// --- Speech toolkit ---------------------------------------------------------

// Greedy CTC decoding of one utterance; `logits` is [frames, vocab].
std::vector<int64_t> greedyDecode(const at::Tensor &logits, int64_t length);

std::size_t vocabularySize(const std::vector<IValue> &batchOutputs);

// Each batch item is a (logits, lengths) tuple.
std::vector<std::vector<int64_t>> decodeBatch(const std::vector<IValue> &batch) {
  std::vector<std::vector<int64_t>> hypotheses;
  for (const IValue &item : batch) {
    const intrusive_ptr<Tuple> &pair = item.toTuple();
    const std::vector<IValue> logitsAndLengths = pair->elements();
    // CHECK-MESSAGES: :[[@LINE-1]]:56: warning: converting 'pair->elements()' to std::vector copies every element
    // CHECK-NOTES: :[[@LINE-2]]:56: note: no fix-it: 'pair' is not a local variable or parameter
    const at::Tensor &logits = logitsAndLengths[0].toTensor();
    int64_t length = logitsAndLengths[1].toInt();
    hypotheses.push_back(greedyDecode(logits, length));
  }
  return hypotheses;
}

// The toolkit's streaming decoder keeps the previous chunk's state tuple.
struct StreamingState {
  intrusive_ptr<Tuple> state;

  int64_t framesSeen() const {
    return state->elements().vec().back().toInt();
    // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'state->elements().vec()' copies every element (one refcount increment each) to call 'back()' on the copy
    // CHECK-NOTES: :[[@LINE-2]]:30: note: no fix-it: 'state' is not a local variable or parameter: a container element, member or global can change or die while the reference is alive
  }

  // The new state is built from the old one, element by element.
  void advance(const IValue &chunkOutput) {
    std::vector<IValue> next = chunkOutput.toTupleRef().elements();
    next.back() = IValue(next.back().toInt() + 1);
    state = Tuple::create(std::move(next));
  }
};

std::size_t vocabularyOf(const IValue &modelOutput) {
  intrusive_ptr<Tuple> out = modelOutput.toTuple();
  return vocabularySize(out->elements());
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: converting 'out->elements()' to std::vector copies every element (one refcount increment each) into a temporary for the 'const std::vector' parameter of 'vocabularySize'
}

// A moved-from element that was meant to hand the logits to the caller
// without a refcount bump.
at::Tensor takeLogits(intrusive_ptr<Tuple> output) {
  IValue logits = std::move(output->elements()[0]);
  // Silent: the tuple comes from a parameter, shared with the caller: the
  // copy cannot be avoided, so there is nothing to advise.
  return logits.toTensor();
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
