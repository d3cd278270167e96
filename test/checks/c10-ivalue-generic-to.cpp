// RUN: %check_c10_tidy %s c10-ivalue-generic-to %t
// REQUIRES: c10-ivalue
//
// to<T>() conversions that copy what the code only reads: a speech toolkit
// unpacking (sample rate, language, features) tuples, an inference server
// with optional inputs, a tokenizer's vocabulary, a conv layer's kernel size.

#include <ATen/core/ivalue.h>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <unordered_map>

using c10::IValue;

void log_language(const std::string &);

// --- Speech toolkit: utterance tuples ---------------------------------------

int64_t framesPerSecond(const IValue &utterance) {
  auto [rate, lang, features] = utterance.to<std::tuple<int64_t, std::string, at::Tensor>>();
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: 'to<std::tuple<int64_t, std::string, at::Tensor>>()' makes a copy of every element that is only read; read the elements in place through 'toTupleRef().elements()[i]' [c10-ivalue-generic-to]
  log_language(lang);
  return features.size(0) * 100 / rate;
}

int64_t sampleRate(const IValue &utterance) {
  return std::get<0>(utterance.to<std::tuple<int64_t, std::string>>());
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'to<std::tuple<int64_t, std::string>>()' makes a copy of every element
}

std::size_t languageLength(const IValue &utterance) {
  const auto meta = utterance.to<std::tuple<int64_t, std::string>>();
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'to<std::tuple<int64_t, std::string>>()' makes a copy of every element
  return std::get<1>(meta).size();
}

// --- Inference server: optional inputs --------------------------------------

int64_t biasRank(const IValue &bias) {
  auto b = bias.to<c10::optional<at::Tensor>>();
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'to<c10::optional<at::Tensor>>()' makes a copy of the at::Tensor that is only read; test 'isNone()' and read the value in place with 'toTensor()' [c10-ivalue-generic-to]
  return b ? b->dim() : 0;
}

std::size_t promptLength(const IValue &prompt) {
  if (prompt.to<c10::optional<std::string>>().has_value())
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'to<c10::optional<std::string>>()' makes a copy of the std::string that is only read; test 'isNone()' and read the value in place with 'toStringRef()'
    return prompt.toStringRef().size();
  return 0;
}

// --- Lists --------------------------------------------------------------------

std::size_t rank(const IValue &shape) {
  return shape.to<c10::List<int64_t>>().size() + shape.to<c10::List<int64_t>>().empty();
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'to<c10::List<int64_t>>()' makes a list handle (an atomic refcount increment) that is only read; read the list in place through 'toListRef()'
  // CHECK-MESSAGES: :[[@LINE-2]]:56: warning: 'to<c10::List<int64_t>>()' makes a list handle
  // CHECK-NOTES: :[[@LINE-3]]:16: note: no fix-it: 'to<c10::List<int64_t>>()' checks the element type and throws on a mismatch, 'toListRef()' does not: use it where the list is known to hold int64_t
  // CHECK-NOTES: :[[@LINE-4]]:56: note: no fix-it: 'to<c10::List<int64_t>>()' checks the element type
}

int64_t lastDim(const IValue &shape) {
  auto dims = shape.to<c10::List<int64_t>>();
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'to<c10::List<int64_t>>()' makes a list handle
  return dims.get(dims.size() - 1) + shape.to<c10::List<int64_t>>().get(0);
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: 'to<c10::List<int64_t>>()' makes a list handle
}

int64_t kernelArea(const IValue &kernel) {
  auto k = kernel.to<std::array<int64_t, 2>>();
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'to<std::array<int64_t, 2>>()' makes a typed list handle and a copy of every element that is only read; read the elements in place through 'toListRef()[i]'
  int64_t area = 1;
  for (int64_t d : k)
    area *= d;
  return area * k[0] / k[0];
}

// --- Dicts ------------------------------------------------------------------

int64_t tokenId(const IValue &vocab, const std::string &token) {
  auto ids = vocab.to<std::unordered_map<std::string, int64_t>>();
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'to<std::unordered_map<std::string, int64_t>>()' makes a new hash map with a copy of every entry that is only read; look entries up in place in 'toGenericDict()' (one handle, no copies)
  return ids.count(token) ? ids.at(token) : ids.at("<unk>");
}

// --- Through a pointer or a container element: still an lvalue -------------

std::size_t viaPointer(const IValue *v, const std::vector<IValue> &stack) {
  return v->to<c10::List<at::Tensor>>().size() + std::get<0>(stack[0].to<std::tuple<double, double>>());
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 'to<c10::List<at::Tensor>>()' makes a list handle
  // CHECK-MESSAGES: :[[@LINE-2]]:71: warning: 'to<std::tuple<double, double>>()' makes a copy of every element
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
