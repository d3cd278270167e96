// A speech-recognition server's post-processing, the kind of code
// c10-refcounted-copy is for: the acoustic model returns, per utterance, a
// tuple (log_probs: Tensor[T, V], lengths: int, speaker: str), and this code
// decodes it greedily into tokens. It builds against libtorch:
//   clang++ -std=c++17 refcounted_copy.cpp -ltorch_cpu -lc10
// Every `auto x = <borrowed reference>;` below copies a refcounted handle (an
// atomic increment and decrement) only to read it; `clang-tidy -fix` turns the
// provably safe ones into `const auto&` and the output stays the same.

#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

using c10::IValue;
using c10::ivalue::Tuple;

struct Vocabulary : c10::intrusive_ptr_target {
  std::vector<std::string> tokens;
};

struct DecoderConfig {
  c10::intrusive_ptr<Vocabulary> vocabulary;
  at::Tensor blankBias; // added to the blank token's log-probability
  std::int64_t blank = 0;
};

// What the model would return for a batch: built here so that the example
// runs anywhere.
std::vector<IValue> fakeModelOutputs() {
  std::vector<IValue> outputs;
  for (std::int64_t u = 0; u < 3; ++u) {
    at::Tensor logProbs = at::arange(24, at::kFloat).reshape({6, 4}).remainder(5 + u).neg();
    outputs.emplace_back(Tuple::create(IValue(logProbs), IValue(6 - u), IValue("speaker-" + std::to_string(u))));
  }
  return outputs;
}

std::string decode(const DecoderConfig &config, const IValue &utterance) {
  auto vocabulary = config.vocabulary;
  at::Tensor bias = config.blankBias;
  const auto &fields = utterance.toTupleRef().elements();
  at::Tensor logProbs = fields[0].toTensor();
  IValue length = fields[1];

  at::Tensor adjusted = logProbs.narrow(0, 0, length.toInt()).clone();
  adjusted.select(1, config.blank).add_(bias);
  at::Tensor best = adjusted.argmax(1);

  std::string text;
  std::int64_t previous = config.blank;
  for (std::int64_t t = 0; t < best.size(0); ++t) {
    std::int64_t token = best[t].item<std::int64_t>();
    if (token != config.blank && token != previous)
      text += vocabulary->tokens[static_cast<std::size_t>(token)];
    previous = token;
  }
  return text;
}

// A boxed-kernel style stack: the arguments are copied out before the stack
// is popped. The copies are needed; the check warns without a fix-it.
std::int64_t totalFrames(std::vector<IValue> &stack) {
  IValue first = stack[0];
  IValue second = stack[1];
  stack.clear();
  stack.emplace_back(first.toInt() + second.toInt());
  return stack.back().toInt();
}

int main() {
  DecoderConfig config;
  config.vocabulary = c10::make_intrusive<Vocabulary>();
  config.vocabulary->tokens = {"_", "a", "b", "c"};
  config.blankBias = at::full({}, -0.5);

  std::vector<IValue> outputs = fakeModelOutputs();
  for (const IValue &utterance : outputs) {
    IValue speaker = utterance.toTupleRef().elements()[2];
    std::cout << speaker.toStringRef() << ": " << decode(config, utterance) << "\n";
  }
  std::vector<IValue> stack{IValue(6), IValue(5)};
  std::cout << "frames: " << totalFrames(stack) << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
