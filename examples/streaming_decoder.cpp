// A streaming speech recogniser's inference loop: audio arrives in chunks,
// each chunk goes through the model together with the recurrent state the
// previous chunk left (a tuple of two tensors carried in an IValue), the
// outputs are unpacked from the returned tuple, and a greedy step picks a
// token. A batch of utterances is decoded, each by its own worker in the
// benchmark, all sharing the model and the decoder settings read-only.
//
// The model is a TorchScript module defined in C++ (Module::define) on
// libtorch; on the reference runtime the same arithmetic is one operator
// called through the dispatcher's boxed API. Only the model call differs.
//
//   clang++ -std=c++17 streaming_decoder.cpp -ltorch_cpu -lc10        (libtorch)
//   runtime/bench/streaming_decoder_bench.cpp times it as written and after
//   `c10-tidy -fix` (docs/payoff.md).
// Run `scripts/lint-examples.sh` to see what c10-tidy finds here.

#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#if defined(C10TIDY_REFERENCE_RUNTIME)
#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/core/op_registration/op_registration.h>
#else
#include <torch/script.h>
#endif

#include <cstdint>
#include <iostream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace decoder {

using c10::IValue;
using c10::ivalue::Tuple;

constexpr int64_t kFeatures = 8;
constexpr int64_t kHidden = 8;
constexpr int64_t kVocabulary = 6;

// Deterministic pseudo-random weights in [-scale, scale): every build
// computes the same tokens.
inline at::Tensor weight(int64_t rows, int64_t columns, float scale, int64_t seed = 0) {
  std::vector<float> values;
  uint32_t x = static_cast<uint32_t>(rows * 131 + columns + seed * 7919);
  for (int64_t i = 0; i < rows * columns; ++i) {
    x = x * 1664525u + 1013904223u;
    values.push_back(scale * (static_cast<float>(x >> 8) / 8388608.0f - 1.0f));
  }
  return at::tensor(values).reshape({rows, columns});
}

#if defined(C10TIDY_REFERENCE_RUNTIME)
// The model's step as one operator: (logits, hidden, cell).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> step(const at::Tensor& x, const at::Tensor& h,
                                                            const at::Tensor& c, const at::Tensor& w_in,
                                                            const at::Tensor& w_out) {
  at::Tensor cell = c.mul(0.5).add(x.matmul(w_in));
  at::Tensor hidden = cell.mul(0.25).add(h);
  return std::make_tuple(hidden.matmul(w_out), hidden, cell);
}

class Model {
 public:
  Model()
      : registration_(c10::RegisterOperators().op(
            "decoder::step(Tensor x, Tensor h, Tensor c, Tensor w_in, Tensor w_out) -> (Tensor, Tensor, Tensor)",
            c10::RegisterOperators::options().kernel<decltype(step), &step>(c10::DispatchKey::CPU))),
        op_(c10::Dispatcher::singleton().findSchemaOrThrow("decoder::step", "")),
        w_in_(weight(kFeatures, kHidden, 0.5f)),
        w_out_(weight(kHidden, kVocabulary, 1.0f)) {}

  // forward(x, (h, c)) -> (logits, (h, c)), as the TorchScript model returns it.
  IValue forward(std::vector<IValue> inputs) const {
    const auto& state = inputs[1].toTupleRef().elements();
    std::vector<IValue> stack{inputs[0], state[0], state[1], w_in_, w_out_};
    op_.callBoxed(&stack);
    return Tuple::create(std::move(stack[0]), Tuple::create(std::move(stack[1]), std::move(stack[2])));
  }

 private:
  c10::RegisterOperators registration_;
  c10::OperatorHandle op_;
  at::Tensor w_in_;
  at::Tensor w_out_;
};
#else
class Model {
 public:
  Model() : module_("Decoder") {
    module_.register_parameter("w_in", weight(kFeatures, kHidden, 0.5f), false);
    module_.register_parameter("w_out", weight(kHidden, kVocabulary, 1.0f), false);
    module_.define(R"JIT(
def forward(self, x: Tensor, state: Tuple[Tensor, Tensor]) -> Tuple[Tensor, Tuple[Tensor, Tensor]]:
    h, c = state
    cell = c * 0.5 + x.matmul(self.w_in)
    hidden = cell * 0.25 + h
    return hidden.matmul(self.w_out), (hidden, cell)
)JIT");
  }

  IValue forward(std::vector<IValue> inputs) const { return module_.forward(std::move(inputs)); }

 private:
  mutable torch::jit::Module module_;
};
#endif

// Settings every worker reads: (blank token, max tokens per chunk, name).
inline IValue settings() {
  return Tuple::create(IValue(int64_t{0}), IValue(int64_t{4}), IValue(std::string("greedy")));
}

struct Utterance {
  std::vector<at::Tensor> chunks;
  IValue state;
  std::vector<int64_t> tokens;
};

inline IValue initialState() {
  at::Tensor hidden = at::zeros({1, kHidden});
  at::Tensor cell = at::zeros({1, kHidden});
  return Tuple::create({hidden, cell});
}

inline Utterance makeUtterance(int64_t seed, int64_t chunks) {
  Utterance u;
  for (int64_t i = 0; i < chunks; ++i) {
    u.chunks.push_back(weight(1, kFeatures, 2.0f, seed * 1000 + i));
  }
  u.state = initialState();
  return u;
}

// The greedy step: the best token of this chunk, or nothing for the blank.
inline void greedy(const at::Tensor& logits, const IValue& config, std::vector<int64_t>& tokens) {
  auto parameters = config.toTuple();
  int64_t blank = parameters->elements()[0].toInt();
  const float* scores = logits.contiguous().data_ptr<float>();
  int64_t best = 0;
  for (int64_t v = 1; v < kVocabulary; ++v) {
    if (scores[v] > scores[best]) {
      best = v;
    }
  }
  if (best != blank) {
    tokens.push_back(best);
  }
}

// One chunk of one utterance: the code c10-tidy is run on.
inline void decodeChunk(const Model& model, const IValue& config, Utterance& u, const at::Tensor& chunk) {
  std::vector<IValue> inputs;
  inputs.push_back(chunk);
  inputs.push_back(u.state);
  IValue out = model.forward(inputs);
  auto outputs = out.toTuple();
  std::vector<IValue> elements = outputs->elements();
  at::Tensor logits = elements[0].toTensor();
  u.state = elements[1];
  greedy(logits, config, u.tokens);
}

inline void decode(const Model& model, const IValue& config, Utterance& u) {
  for (const at::Tensor& chunk : u.chunks) {
    decodeChunk(model, config, u, chunk);
  }
}

inline std::string transcript(const Utterance& u) {
  std::string text;
  for (int64_t t : u.tokens) {
    text += static_cast<char>('a' + t);
  }
  return text;
}

} // namespace decoder

#ifndef C10TIDY_STREAMING_DECODER_NO_MAIN
int main() {
  const decoder::Model model;
  const c10::IValue config = decoder::settings();
  for (int64_t seed = 0; seed < 4; ++seed) {
    decoder::Utterance u = decoder::makeUtterance(seed, 16);
    decoder::decode(model, config, u);
    const auto& state = u.state.toTupleRef().elements();
    std::cout << "utterance " << seed << ": " << decoder::transcript(u) << " (state sum "
              << state[0].toTensor().sum().item<double>() << ")\n";
  }
  return 0;
}
#endif
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
