// A small stack interpreter and an inference loop over libtorch 1.13, written
// the way such code often is: handles copied where they are used for the last
// time. `c10-intrusive-ptr-move` finds those copies and moves them instead;
// the program prints the same before and after `clang-tidy -fix`.
//
//   clang++ -std=c++17 intrusive_ptr_move.cpp -ltorch_cpu -lc10
//   clang-tidy -load libC10Tidy.so --checks='-*,c10-intrusive-ptr-move' -fix \
//     intrusive_ptr_move.cpp -- -std=c++17

#include <ATen/ATen.h>
#include <ATen/core/ivalue.h>
#include <ATen/core/stack.h>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

using c10::IValue;
using torch::jit::Stack;

namespace {

enum class Op { PushOnes, Add, Scale, Pair, First };

struct Instruction {
  Op op;
  int64_t arg;
};

// One step of the interpreter: operands are popped off the stack, the result
// pushed back, as torch::jit's interpreter does it.
void step(const Instruction &inst, Stack &stack) {
  switch (inst.op) {
  case Op::PushOnes: {
    at::Tensor t = at::ones({inst.arg});
    stack.push_back(t); // finding: 't' is copied at its last use
    break;
  }
  case Op::Add: {
    IValue rhs = stack.back(); // finding: copied out, then popped
    stack.pop_back();
    IValue lhs = stack.back(); // finding: copied out, then popped
    stack.pop_back();
    stack.emplace_back(lhs.toTensor() + rhs.toTensor());
    break;
  }
  case Op::Scale: {
    IValue top = stack.back(); // finding: copied out, then popped
    stack.pop_back();
    at::Tensor scaled = top.toTensor() * inst.arg;
    IValue boxed = scaled; // finding: IValue(Tensor) copies 'scaled'
    stack.push_back(boxed); // finding: 'boxed' is copied at its last use
    break;
  }
  case Op::Pair: {
    IValue second = stack.back(); // finding: copied out, then popped
    stack.pop_back();
    IValue first = stack.back(); // finding: copied out, then popped
    stack.pop_back();
    auto tuple = c10::ivalue::Tuple::create(first, second); // findings: both copied at their last use
    stack.emplace_back(tuple); // finding: 'tuple' is copied at its last use
    break;
  }
  case Op::First: {
    IValue pair = stack.back(); // finding: copied out, then popped
    stack.pop_back();
    stack.push_back(pair.toTupleRef().elements()[0]);
    break;
  }
  }
}

// Runs a program and returns what is left on its stack.
Stack run(const std::vector<Instruction> &program, Stack inputs) {
  Stack stack = inputs; // finding: 'inputs' is copied at its last use
  for (const Instruction &inst : program)
    step(inst, stack);
  return stack;
}

double total(const IValue &v) {
  if (v.isTensor())
    return v.toTensor().sum().item<double>();
  double sum = 0;
  for (const IValue &e : v.toTupleRef().elements())
    sum += total(e);
  return sum;
}

struct Batch {
  std::string name;
  Stack outputs;
};

class Server {
public:
  explicit Server(std::string name) : name_(std::move(name)) {}

  void record(const std::string &request, Stack outputs) {
    Batch batch{request, {}};
    for (const IValue &out : outputs) {
      IValue kept = out;
      if (kept.isTensor() && kept.toTensor().numel() == 0)
        continue; // the copy above is read again on the next line: no finding
      batch.outputs.push_back(kept); // finding: 'kept' is copied at its last use
    }
    batches_.push_back(batch); // a Batch is not a handle type: not this check's business
  }

  void report() const {
    for (const Batch &b : batches_) {
      double sum = 0;
      for (const IValue &v : b.outputs)
        sum += total(v);
      std::cout << name_ << "/" << b.name << ": " << b.outputs.size() << " outputs, total " << sum
                << "\n";
    }
  }

private:
  std::string name_;
  std::vector<Batch> batches_;
};

} // namespace

int main() {
  const std::vector<Instruction> program = {
      {Op::PushOnes, 3}, {Op::PushOnes, 3}, {Op::Add, 0},  {Op::Scale, 5},
      {Op::PushOnes, 2}, {Op::Pair, 0},     {Op::First, 0}, {Op::PushOnes, 4},
  };
  Server server("demo");
  for (int request = 0; request < 3; ++request) {
    Stack inputs;
    inputs.push_back(at::full({2}, static_cast<double>(request)));
    Stack outputs = run(program, inputs); // finding: 'inputs' is copied at its last use
    std::cout << "request " << request << ": " << outputs.size() << " values, top total "
              << total(outputs.back()) << "\n";
    server.record("request-" + std::to_string(request), outputs); // finding: last use
  }
  server.report();
  return 0;
}
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
