// A speech recognition server's request validation, the kind of code
// c10-ivalue-vector-copy and c10-ivalue-generic-to are for. A request arrives
// boxed in one IValue,
//   (shape: List[int], features: List[Tensor], meta: Tuple[int, str], bias: Optional[Tensor],
//    vocab: Dict[str, int])
// and this code checks it and prints a summary, reading lists through copies
// (toIntVector(), toTensorVector(), to<std::vector<T>>(), ...) where
// toListRef() would read them in place. It builds against libtorch 1.13:
//   clang++ -std=c++17 ivalue_vector_copy.cpp -ltorch_cpu -lc10
// Its output is the same after `clang-tidy -fix` (test/integration round trip).

#include <ATen/ATen.h>
#include <ATen/core/Dict.h>
#include <ATen/core/ivalue.h>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

using c10::IValue;
using c10::ivalue::Tuple;

// What a client would send: built here so that the example runs anywhere.
IValue fakeRequest() {
  c10::List<at::Tensor> features;
  features.push_back(at::ones({80, 120}));
  features.push_back(at::ones({80, 95}));
  features.push_back(at::ones({80, 310}));
  c10::Dict<std::string, int64_t> vocab;
  vocab.insert("<unk>", 0);
  vocab.insert("hello", 1);
  vocab.insert("world", 2);
  return Tuple::create({IValue(c10::List<int64_t>({3, 80, 310})), IValue(features),
                        Tuple::create(IValue(int64_t{16000}), IValue("en-US")),
                        IValue(at::zeros({80})), IValue(vocab)});
}

// The batch shape must be [utterances, mel bins, frames].
bool validShape(const IValue &shape) {
  if (!shape.isIntList() || shape.toIntVector().size() != 3)
    return false;
  std::vector<int64_t> dims = shape.toIntVector();
  for (std::size_t i = 0; i < dims.size(); ++i)
    if (dims[i] <= 0)
      return false;
  return dims[1] == 80;
}

int64_t longestUtterance(const IValue &features) {
  auto tensors = features.toTensorVector();
  int64_t longest = 0;
  for (std::size_t i = 0; i < tensors.size(); ++i)
    longest = std::max(longest, tensors[i].size(1));
  return longest;
}

int64_t totalFrames(const IValue &features) {
  int64_t total = 0;
  for (const at::Tensor &t : features.toTensorVector())
    total += t.size(1);
  return total;
}

std::string describeMeta(const IValue &meta) {
  auto [rate, language] = meta.to<std::tuple<int64_t, std::string>>();
  return language + " @ " + std::to_string(rate) + " Hz";
}

int64_t biasSize(const IValue &bias) {
  auto b = bias.to<c10::optional<at::Tensor>>();
  return b ? b->numel() : 0;
}

int64_t unknownId(const IValue &vocab) {
  auto ids = vocab.to<std::unordered_map<std::string, int64_t>>();
  return ids.at("<unk>");
}

int main() {
  const IValue request = fakeRequest();
  const auto &fields = request.toTupleRef().elements();
  const IValue &shape = fields[0];
  const IValue &features = fields[1];

  std::cout << "shape valid: " << (validShape(shape) ? "yes" : "no") << "\n";
  std::cout << "batch: " << shape.to<std::vector<int64_t>>()[0] << " utterances, "
            << features.toTensorVector().size() << " feature tensors\n";
  std::cout << "first utterance frames: " << features.toTensorVector()[0].size(1) << "\n";
  std::cout << "longest utterance: " << longestUtterance(features) << " frames\n";
  std::cout << "total frames: " << totalFrames(features) << "\n";
  std::cout << "meta: " << describeMeta(fields[2]) << "\n";
  std::cout << "bias elements: " << biasSize(fields[3]) << "\n";
  std::cout << "unknown token id: " << unknownId(fields[4]) << "\n";
  std::cout << "vocab entries: " << fields[4].to<c10::Dict<std::string, int64_t>>().size() << "\n";
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
