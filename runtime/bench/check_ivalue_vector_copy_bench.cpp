// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What c10-ivalue-vector-copy and c10-ivalue-generic-to findings cost: each
// pair reads the same values from the same IValue, once through a copy
// (toIntVector(), toTensorVector(), to<std::vector<T>>(), to<std::tuple<...>>(),
// to<c10::optional<at::Tensor>>(), to<std::unordered_map<...>>(),
// to<c10::List<T>>(), to<std::array<T, N>>()) and once in place (toListRef(),
// toTupleRef(), toTensor(), toGenericDict()). Built against the reference
// runtime and libtorch 1.13 from this one source; docs/checks/ quotes it.
//
//   check_ivalue_vector_copy_bench_<impl> [benchmark flags]   wall time per call
//   check_ivalue_vector_copy_bench_<impl> --instruction-loops  for callgrind:
//     valgrind --tool=callgrind --toggle-collect='*loop_*' <program> --instruction-loops
//   runs every loop_<name> kCalls times; divide each function's Ir by kCalls.
#include <ATen/ATen.h>
#include <ATen/core/Dict.h>
#include <ATen/core/List.h>
#include <ATen/core/ivalue.h>
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace {

using c10::IValue;

// An image request's shape, a batch of 8 feature tensors, an utterance's
// (sample rate, language, features), an optional bias, a small vocabulary.
struct Inputs {
  IValue Shape{c10::List<int64_t>({8, 3, 224, 224})};
  IValue Batch;
  IValue Utterance;
  IValue Bias{at::zeros({16})};
  IValue Vocab;
  IValue Kernel{c10::List<int64_t>({3, 3})};

  Inputs() {
    c10::List<at::Tensor> Tensors;
    for (int I = 0; I < 8; ++I)
      Tensors.push_back(at::zeros({80, 4}));
    Batch = IValue(Tensors);
    Utterance = IValue(c10::ivalue::Tuple::create(IValue(int64_t{16000}), IValue("en-US"),
                                                  IValue(at::zeros({80, 100}))));
    c10::Dict<std::string, int64_t> Words;
    for (const char *W : {"<pad>", "<unk>", "the", "a", "cat", "dog", "sat", "mat"})
      Words.insert(W, static_cast<int64_t>(Words.size()));
    Vocab = IValue(Words);
  }
};

const Inputs &inputs() {
  static const Inputs In;
  return In;
}

// --- The pairs: copy, then in place. Each returns what it read. ---------------

int64_t rankCopy(const IValue &V) { return static_cast<int64_t>(V.toIntVector().size()); }
int64_t rankRef(const IValue &V) { return static_cast<int64_t>(V.toListRef().size()); }

int64_t numelCopy(const IValue &V) {
  const std::vector<int64_t> Dims = V.toIntVector();
  int64_t N = 1;
  for (std::size_t I = 0; I < Dims.size(); ++I)
    N *= Dims[I];
  return N;
}
int64_t numelRef(const IValue &V) {
  const auto Dims = V.toListRef();
  int64_t N = 1;
  for (std::size_t I = 0; I < Dims.size(); ++I)
    N *= Dims[I].toInt();
  return N;
}
int64_t numelToVector(const IValue &V) {
  const auto Dims = V.to<std::vector<int64_t>>();
  int64_t N = 1;
  for (std::size_t I = 0; I < Dims.size(); ++I)
    N *= Dims[I];
  return N;
}

int64_t framesCopy(const IValue &V) {
  const std::vector<at::Tensor> Features = V.toTensorVector();
  int64_t Frames = 0;
  for (std::size_t I = 0; I < Features.size(); ++I)
    Frames += Features[I].dim();
  return Frames;
}
int64_t framesRef(const IValue &V) {
  const auto Features = V.toListRef();
  int64_t Frames = 0;
  for (std::size_t I = 0; I < Features.size(); ++I)
    Frames += Features[I].toTensor().dim();
  return Frames;
}

int64_t rateTuple(const IValue &V) {
  const auto Utterance = V.to<std::tuple<int64_t, std::string, at::Tensor>>();
  return std::get<0>(Utterance) + std::get<2>(Utterance).dim();
}
int64_t rateRef(const IValue &V) {
  const auto &Elements = V.toTupleRef().elements();
  return Elements[0].toInt() + Elements[2].toTensor().dim();
}

int64_t biasOptional(const IValue &V) {
  const auto Bias = V.to<c10::optional<at::Tensor>>();
  return Bias ? Bias->dim() : 0;
}
int64_t biasRef(const IValue &V) {
  return V.isNone() ? 0 : V.toTensor().dim();
}

int64_t vocabMap(const IValue &V) {
  const auto Ids = V.to<std::unordered_map<std::string, int64_t>>();
  return Ids.at("cat");
}
int64_t vocabDict(const IValue &V) {
  return V.toGenericDict().at(IValue("cat")).toInt();
}

int64_t listSize(const IValue &V) {
  return static_cast<int64_t>(V.to<c10::List<int64_t>>().size());
}

int64_t kernelArray(const IValue &V) {
  const auto K = V.to<std::array<int64_t, 2>>();
  return K[0] * K[1];
}
int64_t kernelRef(const IValue &V) {
  const auto K = V.toListRef();
  return K[0].toInt() * K[1].toInt();
}

template <int64_t (*Read)(const IValue &), IValue Inputs::*Member>
void BM(benchmark::State &State) {
  const IValue &V = inputs().*Member;
  for (auto _ : State)
    benchmark::DoNotOptimize(Read(V));
}

#define C10TIDY_PAIR(Copy, Ref, Member)                                                   \
  BENCHMARK(BM<Copy, &Inputs::Member>)->Name(#Copy);                                     \
  BENCHMARK(BM<Ref, &Inputs::Member>)->Name(#Ref);
C10TIDY_PAIR(rankCopy, rankRef, Shape)
C10TIDY_PAIR(numelCopy, numelRef, Shape)
C10TIDY_PAIR(numelToVector, numelRef, Shape)
C10TIDY_PAIR(framesCopy, framesRef, Batch)
C10TIDY_PAIR(rateTuple, rateRef, Utterance)
C10TIDY_PAIR(biasOptional, biasRef, Bias)
C10TIDY_PAIR(vocabMap, vocabDict, Vocab)
C10TIDY_PAIR(listSize, rankRef, Shape)
C10TIDY_PAIR(kernelArray, kernelRef, Kernel)
#undef C10TIDY_PAIR

// --- Instruction counts ------------------------------------------------------------

constexpr int kCalls = 10000;
volatile int64_t Sink;

#define C10TIDY_LOOP(Read, Member)                                                        \
  __attribute__((noinline)) void loop_##Read(const Inputs &In) {                         \
    for (int I = 0; I < kCalls; ++I)                                                     \
      Sink = Read(In.Member);                                                            \
  }
C10TIDY_LOOP(rankCopy, Shape)
C10TIDY_LOOP(rankRef, Shape)
C10TIDY_LOOP(numelCopy, Shape)
C10TIDY_LOOP(numelRef, Shape)
C10TIDY_LOOP(numelToVector, Shape)
C10TIDY_LOOP(framesCopy, Batch)
C10TIDY_LOOP(framesRef, Batch)
C10TIDY_LOOP(rateTuple, Utterance)
C10TIDY_LOOP(rateRef, Utterance)
C10TIDY_LOOP(biasOptional, Bias)
C10TIDY_LOOP(biasRef, Bias)
C10TIDY_LOOP(vocabMap, Vocab)
C10TIDY_LOOP(vocabDict, Vocab)
C10TIDY_LOOP(listSize, Shape)
C10TIDY_LOOP(kernelArray, Kernel)
C10TIDY_LOOP(kernelRef, Kernel)
#undef C10TIDY_LOOP

void runInstructionLoops() {
  const Inputs &In = inputs();
  for (void (*Loop)(const Inputs &) :
       {loop_rankCopy, loop_rankRef, loop_numelCopy, loop_numelRef, loop_numelToVector,
        loop_framesCopy, loop_framesRef, loop_rateTuple, loop_rateRef, loop_biasOptional,
        loop_biasRef, loop_vocabMap, loop_vocabDict, loop_listSize, loop_kernelArray,
        loop_kernelRef})
    Loop(In);
  std::printf("calls per loop: %d\n", kCalls);
}

} // namespace

int main(int argc, char **argv) {
  if (argc == 2 && std::strcmp(argv[1], "--instruction-loops") == 0) {
    runInstructionLoops();
    return 0;
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
