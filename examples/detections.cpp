// An inference server's post-processing step, the kind of code c10-tidy is for:
// a TorchScript detection model returns its outputs boxed in one IValue,
//   (labels: List[str], scores: List[float], boxes: List[Tuple[int, int, int, int]], model: str)
// and this code unpacks them into a report. It builds against libtorch:
//   clang++ -std=c++17 detections.cpp -ltorch_cpu -lc10
// Run `scripts/lint-examples.sh` to see what c10-tidy finds here and the fixed code.

#include <ATen/core/ivalue.h>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

using c10::IValue;
using c10::ivalue::Tuple;

// What the model would return: built here so that the example runs anywhere.
IValue fakeModelOutputs() {
  c10::List<std::string> labels({"cat", "dog", "cat"});
  c10::List<double> scores({0.9, 0.75, 0.3});
  c10::impl::GenericList boxes(c10::TupleType::create(
      {c10::IntType::get(), c10::IntType::get(), c10::IntType::get(), c10::IntType::get()}));
  boxes.push_back(Tuple::create({IValue(10), IValue(20), IValue(110), IValue(220)}));
  boxes.push_back(Tuple::create({IValue(5), IValue(5), IValue(50), IValue(40)}));
  boxes.push_back(Tuple::create({IValue(0), IValue(0), IValue(8), IValue(8)}));
  return Tuple::create({IValue(labels), IValue(scores), IValue(boxes), IValue("detector-v2")});
}

struct Detection {
  std::string label;
  double score;
  int64_t area;
};

int64_t boxArea(const IValue &box) {
  auto corners = box.toTuple();
  const auto &c = corners->elements();
  return (c[2].toInt() - c[0].toInt()) * (c[3].toInt() - c[1].toInt());
}

std::vector<Detection> unpack(const IValue &outputs, double threshold) {
  const IValue &labels = outputs.toTuple()->elements()[0];
  const IValue &scores = outputs.toTuple()->elements()[1];
  const IValue &boxes = outputs.toTuple()->elements()[2];
  std::vector<Detection> detections;
  for (size_t i = 0; i < scores.toList().size(); ++i) {
    double score = scores.toList().get(i).toDouble();
    if (score < threshold)
      continue;
    detections.push_back({labels.toList().get(i).toString()->string(), score,
                          boxArea(boxes.toList().get(i))});
  }
  return detections;
}

std::string modelName(const IValue &outputs) {
  return outputs.toTuple()->elements()[3].toString()->string();
}

int main() {
  IValue outputs = fakeModelOutputs();
  std::cout << "model " << modelName(outputs) << "\n";
  for (const Detection &d : unpack(outputs, 0.5))
    std::cout << d.label << " score=" << d.score << " area=" << d.area << "\n";
  int64_t total = 0;
  for (const IValue &box : outputs.toTupleRef().elements()[2].toList())
    total += boxArea(box);
  std::cout << "total area " << total << "\n";
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
