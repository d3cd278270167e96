// RUN: %check_c10_tidy %s c10-refcounted-copy %t
// REQUIRES: c10-ivalue, aten-tensor
//
// Realistic code: an inference server's batch loop and a speech toolkit's
// feature extractor and decoder, written the way such code usually is.

#include <ATen/core/ivalue.h>
#include <ATen/core/Tensor.h>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

using c10::IValue;
using Stack = std::vector<IValue>;

// --- Inference server ----------------------------------------------------------

struct Request {
  std::int64_t id;
  IValue input;
};

struct Response {
  std::int64_t id = 0;
  std::int64_t classes = 0;
  std::int64_t tokens = 0;
  std::vector<at::Tensor> keep; // returned to the caller: needs ownership
};

// The model returns one (logits, lengths, debug) tuple per request.
std::vector<Response> postprocess(const std::vector<IValue> &outputs,
                                  const std::vector<Request> &requests) {
  std::vector<Response> responses;
  responses.reserve(outputs.size());
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const IValue &out = outputs[i];
    at::Tensor logits = out.toTupleRef().elements()[0].toTensor();
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'logits' copies a refcounted 'at::Tensor'
    // CHECK-FIXES: {{^}}    const at::Tensor& logits = out.toTupleRef().elements()[0].toTensor();{{$}}
    IValue lengths = out.toTupleRef().elements()[1];
    // Silent: read only by isInt()/toInt(), it holds no refcounted payload.
    at::Tensor debug = out.toTupleRef().elements()[2].toTensor(); // stored: not reported
    Response r;
    r.id = requests[i].id;
    r.classes = logits.size(logits.dim() - 1);
    r.tokens = lengths.isInt() ? lengths.toInt() : 0;
    r.keep.push_back(std::move(debug));
    responses.push_back(std::move(r));
  }
  return responses;
}

// A boxed kernel: arguments are read from the stack, then the stack is
// popped and the result pushed. Copies of stack elements are needed there.
void addLengthsKernel(Stack &stack) {
  IValue lhs = stack[stack.size() - 2];
  // Silent: the source changes while the copy lives, so a reference would dangle.
  IValue rhs = stack[stack.size() - 1];
  // Silent: the source changes while the copy lives, so a reference would dangle.
  stack.pop_back();
  stack.pop_back();
  stack.emplace_back(lhs.toInt() + rhs.toInt());
}

// --- Speech toolkit -----------------------------------------------------------------

struct Vocabulary : c10::intrusive_ptr_target {
  std::vector<std::string> tokens;
};

struct DecoderConfig {
  c10::intrusive_ptr<Vocabulary> vocabulary;
  at::Tensor blankPenalty;
  std::int64_t beam = 4;
};

class FeatureExtractor {
public:
  explicit FeatureExtractor(at::Tensor window) : window_(std::move(window)) {}

  std::int64_t frames(const at::Tensor &signal) const {
    at::Tensor window = window_;
    // Silent: a member of '*this' is out of the analysis' sight, so a borrow
    // is not proven, and nothing else is advised.
    return signal.numel() / (window.numel() > 0 ? window.numel() : 1);
  }

private:
  at::Tensor window_;
};

std::size_t greedyDecode(const DecoderConfig &config, const std::vector<at::Tensor> &encoderOut) {
  auto vocabulary = config.vocabulary;
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'vocabulary' copies a refcounted 'c10::intrusive_ptr'
  // CHECK-FIXES: {{^}}  const auto& vocabulary = config.vocabulary;{{$}}
  at::Tensor penalty = config.blankPenalty;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'penalty' copies a refcounted 'at::Tensor'
  // CHECK-FIXES: {{^}}  const at::Tensor& penalty = config.blankPenalty;{{$}}
  std::size_t emitted = 0;
  for (std::size_t t = 0; t < encoderOut.size(); ++t) {
    at::Tensor frame = encoderOut[t]; // performance-unnecessary-copy-initialization's
    if (frame.defined() && penalty.defined() && frame.numel() > 0)
      emitted += vocabulary->tokens.size() > 0 ? 1 : 0;
  }
  return emitted;
}

// Keeps the hypotheses: the copies own what they hold.
std::vector<IValue> collectHypotheses(const std::vector<IValue> &beams) {
  std::vector<IValue> kept;
  for (std::size_t b = 0; b < beams.size(); ++b) {
    IValue best = beams[b].toTupleRef().elements()[0];
    kept.push_back(std::move(best));
  }
  return kept;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
