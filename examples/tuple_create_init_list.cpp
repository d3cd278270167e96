// An inference server's response builder and a checkpoint converter, the kind
// of code c10-tuple-create-init-list is for: every response is boxed as a
// tuple (logits, lengths, scores) for the TorchScript caller, and old
// checkpoints' (name, weight) entries are upgraded to (name, weight, version).
// Tuple::create({...}) copies each of those tensors and strings out of an
// initializer list; the check passes them as arguments and moves the locals
// that are dead afterwards. It builds against libtorch:
//   clang++ -std=c++17 tuple_create_init_list.cpp -ltorch_cpu -lc10
// Run `scripts/lint-examples.sh` to see the findings and the fixed code.

#include <ATen/core/ivalue.h>
#include <ATen/ops/arange.h>
#include <ATen/ops/softmax.h>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

using c10::IValue;
using c10::ivalue::Tuple;

struct Request {
  std::string id;
  at::Tensor features; // [batch, classes]
  std::vector<int64_t> lengths;
};

// The model's forward pass, stood in for by arithmetic so the example runs
// anywhere: logits, then temperature-scaled scores.
IValue respond(const Request &request, double temperature) {
  at::Tensor logits = request.features.mul(2).sub(1);
  IValue lengths(request.lengths);
  at::Tensor scores = at::softmax(logits.div(temperature), -1);
  // Dead after this line: the fix-it moves all three into the tuple.
  return Tuple::create({logits, lengths, scores});
}

// The same header goes into every chunk of a streamed response, so it is
// passed as it is; each chunk's own tensor is moved.
std::vector<IValue> streamChunks(const Request &request, int64_t chunks) {
  IValue header(request.id);
  std::vector<IValue> out;
  for (int64_t i = 0; i < chunks; ++i) {
    at::Tensor slice = request.features.select(0, i % request.features.size(0)).add(i);
    out.emplace_back(Tuple::create({header, slice}));
  }
  return out;
}

// Old checkpoints stored (name, weight); the new format adds a version and
// strips DataParallel's "module." prefix.
IValue convertEntry(const IValue &entry) {
  const auto &old = entry.toTupleRef().elements();
  std::string name = old[0].toStringRef();
  if (name.rfind("module.", 0) == 0)
    name = name.substr(7);
  IValue weight = old[1];
  IValue upgraded = Tuple::create({name, weight, IValue(static_cast<int64_t>(2))});
  std::cout << "converted " << name << "\n"; // `name` is used after: copied, not moved
  return upgraded;
}

// A response with a fourth field has no four-argument create: the check
// warns (build a std::vector with moves) but does not rewrite it.
IValue respondWithModel(const Request &request) {
  at::Tensor logits = request.features.mul(2).sub(1);
  return Tuple::create({logits, IValue(request.lengths), request.id, std::string("model-v3")});
}

void print(const IValue &v, const std::string &indent = "") {
  if (v.isTuple()) {
    std::cout << indent << "tuple of " << v.toTupleRef().elements().size() << "\n";
    for (const IValue &e : v.toTupleRef().elements())
      print(e, indent + "  ");
  } else if (v.isTensor()) {
    const at::Tensor &t = v.toTensor();
    std::cout << indent << "tensor " << t.sizes() << " sum " << t.sum().item<double>() << "\n";
  } else if (v.isString()) {
    std::cout << indent << "string " << v.toStringRef() << "\n";
  } else {
    std::cout << indent << v << "\n";
  }
}

int main() {
  Request request{"req-17", at::arange(6, at::kFloat).reshape({2, 3}), {3, 2}};
  print(respond(request, 2.0));
  for (const IValue &chunk : streamChunks(request, 3))
    print(chunk);
  IValue checkpoint = Tuple::create(IValue(std::string("module.encoder.weight")),
                                    IValue(at::arange(4, at::kFloat)));
  print(convertEntry(checkpoint));
  print(respondWithModel(request));
  // The request is still intact: nothing it owns was moved from.
  std::cout << request.id << " " << request.features.sizes() << "\n";
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
