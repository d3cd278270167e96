// A small bytecode interpreter over a boxed Stack, the way TorchScript's
// mobile interpreter runs a model: instructions push constants and
// registers, call operators through the dispatcher's boxed API, and a few
// builtins pop their operands with toTensor()/toInt()/toTuple().
//
// The same source builds against libtorch 1.13 and against the reference
// runtime (both have c10::RegisterOperators and the boxed call):
//   clang++ -std=c++17 interpreter.cpp -ltorch_cpu -lc10            (libtorch)
//   runtime/bench: interpreter_bench_{runtime,libtorch} time run() per program
// Run `scripts/lint-examples.sh` to see what c10-tidy finds here.

#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/core/ivalue.h>
#include <ATen/core/op_registration/op_registration.h>
#include <ATen/core/stack.h>

#include <chrono>
#include <string>
#include <cstdint>
#include <iostream>
#include <tuple>
#include <utility>
#include <vector>

namespace interp {

using c10::IValue;
using torch::jit::Stack;

// --- the operator library the programs call -------------------------------------

at::Tensor linear(const at::Tensor& x, const at::Tensor& w, const at::Tensor& b) {
  return x.mul(w).add(b);
}

at::Tensor scale(const at::Tensor& x, double s) {
  return x.mul(s);
}

std::tuple<at::Tensor, int64_t> stats(const at::Tensor& x) {
  return std::make_tuple(x.sum(), x.numel());
}

inline c10::RegisterOperators registerOperators() {
  return c10::RegisterOperators()
      .op("interp::linear(Tensor x, Tensor w, Tensor b) -> Tensor",
          c10::RegisterOperators::options().kernel<decltype(linear), &linear>(c10::DispatchKey::CPU))
      .op("interp::scale(Tensor x, float s) -> Tensor",
          c10::RegisterOperators::options().kernel<decltype(scale), &scale>(c10::DispatchKey::CPU))
      .op("interp::stats(Tensor x) -> (Tensor, int)",
          c10::RegisterOperators::options().kernel<decltype(stats), &stats>(c10::DispatchKey::CPU));
}

// --- bytecode ----------------------------------------------------------------------

enum class OpCode : std::uint8_t {
  LOADC,           // push constants[x]
  LOAD,            // push a copy of registers[x]
  STORE,           // pop into registers[x]
  OP,              // call operators[x], boxed
  TUPLE_CONSTRUCT, // pop x values, push a tuple of them
  TUPLE_INDEX,     // pop a tuple, push its element x
  INT_ADD,         // pop b, pop a, push a + b
  TENSOR_ADD_INT,  // pop n (int), pop t (Tensor), push t + n
  RET,             // pop the result
};

struct Instruction {
  OpCode op;
  std::int32_t x;
};

struct Code {
  std::vector<Instruction> instructions;
  std::vector<IValue> constants;
  std::vector<c10::OperatorHandle> operators;
  std::size_t registerCount = 0;
};

IValue run(const Code& code, Stack& stack, std::vector<IValue>& registers) {
  for (const Instruction& inst : code.instructions) {
    switch (inst.op) {
      case OpCode::LOADC:
        stack.push_back(code.constants[inst.x]);
        break;
      case OpCode::LOAD:
        stack.push_back(registers[inst.x]);
        break;
      case OpCode::STORE:
        registers[inst.x] = torch::jit::pop(stack);
        break;
      case OpCode::OP:
        code.operators[inst.x].callBoxed(&stack);
        break;
      case OpCode::TUPLE_CONSTRUCT: {
        std::vector<IValue> elements = torch::jit::pop(stack, static_cast<std::size_t>(inst.x));
        stack.emplace_back(c10::ivalue::Tuple::create(std::move(elements)));
        break;
      }
      case OpCode::TUPLE_INDEX: {
        IValue tuple = torch::jit::pop(stack);
        auto elements = tuple.toTuple()->elements();
        stack.push_back(elements[inst.x]);
        break;
      }
      case OpCode::INT_ADD: {
        const int64_t b = torch::jit::pop(stack).toInt();
        const int64_t a = torch::jit::pop(stack).toInt();
        stack.emplace_back(a + b);
        break;
      }
      case OpCode::TENSOR_ADD_INT: {
        const int64_t n = torch::jit::pop(stack).toInt();
        at::Tensor t = torch::jit::pop(stack).toTensor();
        stack.emplace_back(t.add(n));
        break;
      }
      case OpCode::RET:
        return torch::jit::pop(stack);
    }
  }
  return IValue();
}

// The program: for input x (register 0) and parameters w, b (registers 1, 2)
//   h = scale(linear(x, w, b), 0.5)
//   (s, n) = stats(h)
//   return (s + (n + 1), n)
Code buildProgram() {
  c10::Dispatcher& d = c10::Dispatcher::singleton();
  Code code;
  code.operators = {d.findSchemaOrThrow("interp::linear", ""), d.findSchemaOrThrow("interp::scale", ""),
                    d.findSchemaOrThrow("interp::stats", "")};
  code.constants = {IValue(0.5), IValue(static_cast<int64_t>(1))};
  code.registerCount = 5;
  code.instructions = {
      {OpCode::LOAD, 0},   {OpCode::LOAD, 1},  {OpCode::LOAD, 2},         {OpCode::OP, 0},
      {OpCode::LOADC, 0},  {OpCode::OP, 1},    {OpCode::OP, 2},           {OpCode::TUPLE_CONSTRUCT, 2},
      {OpCode::STORE, 3},  {OpCode::LOAD, 3},  {OpCode::TUPLE_INDEX, 1},  {OpCode::STORE, 4},
      {OpCode::LOAD, 3},   {OpCode::TUPLE_INDEX, 0}, {OpCode::LOAD, 4},   {OpCode::LOADC, 1},
      {OpCode::INT_ADD, 0}, {OpCode::TENSOR_ADD_INT, 0}, {OpCode::LOAD, 4}, {OpCode::TUPLE_CONSTRUCT, 2},
      {OpCode::RET, 0},
  };
  return code;
}

// Interprets the program's result: (sum + n + 1, n).
std::pair<double, int64_t> readResult(const IValue& result) {
  const double total = result.toTuple()->elements()[0].toTensor().item<double>();
  const int64_t n = result.toTuple()->elements()[1].toInt();
  return {total, n};
}

} // namespace interp

#ifndef C10TIDY_INTERPRETER_NO_MAIN
// Prints the result; with --time also the time per run (kept out of the
// default output so that the fix-it round trip can compare outputs).
int main(int argc, char** argv) {
  const bool printTime = argc > 1 && std::string(argv[1]) == "--time";
  const c10::RegisterOperators ops = interp::registerOperators();
  const interp::Code code = interp::buildProgram();
  std::vector<c10::IValue> registers(code.registerCount);
  registers[0] = at::ones({4});
  registers[1] = at::full({4}, 2.0);
  registers[2] = at::full({4}, 1.0);
  torch::jit::Stack stack;
  constexpr int kRuns = 100000;
  c10::IValue result;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < kRuns; ++i) {
    result = interp::run(code, stack, registers);
  }
  const auto ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
  const auto [total, n] = interp::readResult(result);
  // x*w + b = 3 per element, * 0.5 = 1.5, sum 6, + (4 + 1) = 11.
  std::cout << "result: (" << total << ", " << n << ")";
  if (printTime) {
    std::cout << "  " << ns / kRuns << " ns per run";
  }
  std::cout << "\n";
  return total == 11.0 && n == 4 ? 0 : 1;
}
#endif
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
