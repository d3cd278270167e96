// A speech toolkit's batch decoder, the kind of code c10-tuple-elements-copy is
// for: a TorchScript acoustic model returns, per utterance, a tuple
//   (logits: Tensor[frames, vocab], length: int, utterance_id: str)
// and this code reads them into transcripts. Each `std::vector<IValue>` copy
// of a tuple's elements costs a refcount increment and decrement per element
// (and an allocation); the check rewrites the ones that are only read. It
// builds against libtorch:
//   clang++ -std=c++17 tuple_elements_copy.cpp -ltorch_cpu -lc10
// and prints the same before and after `clang-tidy --checks=c10-tuple-elements-copy -fix`.

#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <cstdint>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

using c10::IValue;
using c10::intrusive_ptr;
using c10::ivalue::Tuple;

const std::vector<std::string> kVocabulary = {"<blank>", "a", "c", "t", " "};

// What the model would return for a batch: built here so that the example
// runs anywhere. Frame f of utterance u peaks at token (f + u) % 5.
std::vector<IValue> fakeModelOutputs() {
  std::vector<IValue> batch;
  for (int64_t u = 0; u < 3; ++u) {
    const int64_t frames = 6 + u;
    at::Tensor logits = at::zeros({frames, 5});
    for (int64_t f = 0; f < frames; ++f)
      logits[f][(f + u) % 5] = 1.0;
    batch.emplace_back(Tuple::create(IValue(logits), IValue(frames - u),
                                     IValue("utt-" + std::to_string(u))));
  }
  return batch;
}

// Greedy CTC: best token per frame, repeats merged, blanks dropped.
std::string greedyDecode(const at::Tensor &logits, int64_t length) {
  std::string text;
  int64_t previous = -1;
  at::Tensor best = logits.argmax(1);
  for (int64_t f = 0; f < length; ++f) {
    const int64_t token = best[f].item<int64_t>();
    if (token != previous && token != 0)
      text += kVocabulary[token];
    previous = token;
  }
  return text;
}

// Reads the outputs of one utterance: every field only read.
std::string transcribe(const IValue &output) {
  intrusive_ptr<Tuple> fields = output.toTuple();
  std::vector<IValue> e = fields->elements();
  const std::string &id = e[2].toStringRef();
  return id + ": \"" + greedyDecode(e[0].toTensor(), e[1].toInt()) + "\"";
}

// Frames the model saw, summed over the batch.
int64_t totalFrames(const std::vector<IValue> &batch) {
  int64_t total = 0;
  for (const IValue &output : batch) {
    const Tuple &fields = output.toTupleRef();
    total += fields.elements().vec()[0].toTensor().size(0);
  }
  return total;
}

// The longest utterance's id: the tuple is read through a parameter.
std::string longest(const std::vector<IValue> &batch) {
  std::string id;
  int64_t best = -1;
  for (const IValue &output : batch) {
    auto values = output.toTupleRef().elements().vec();
    if (values[1].toInt() > best) {
      best = values[1].toInt();
      id = values[2].toStringRef();
    }
  }
  return id;
}

// Keeps a corrected copy of the fields: this copy is needed and not reported.
std::vector<IValue> withTrimmedLength(const IValue &output) {
  std::vector<IValue> fields = output.toTupleRef().elements();
  fields[1] = IValue(fields[1].toInt() - 1);
  return fields;
}

// An utterance's length, read through a local handle.
int64_t lengthOf(IValue output) {
  std::vector<IValue> fields = output.toTupleRef().elements();
  return fields[1].toInt();
}

int main() {
  const std::vector<IValue> batch = fakeModelOutputs();
  for (const IValue &output : batch)
    std::cout << transcribe(output) << "\n";
  std::cout << "frames " << totalFrames(batch) << "\n";
  std::cout << "longest " << longest(batch) << "\n";
  std::cout << "trimmed length " << withTrimmedLength(batch[0]).at(1).toInt() << "\n";
  std::cout << "length " << lengthOf(batch[2]) << "\n";
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
