// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What a c10-intrusive-ptr-cycle finding costs, and what its fix costs.
//
// The finding: a parent/child graph (a Module owning kChildren children, each
// child owning its parent) built and dropped. With a strong back edge nothing
// is freed: the benchmark reports the objects and heap bytes left behind per
// graph (glibc's mallinfo2, so vector buffers and allocator overhead count).
// With a weak back edge, everything is freed only if the parent also drops its
// children in release_resources(): c10 destroys an object when its last weak
// reference goes, and the children hold those.
//
// The fix's price: reading the parent through weak_intrusive_ptr::lock() (a
// compare-and-swap on the refcount, and a decrement when the temporary dies)
// instead of through a strong pointer (one load).
//
// Built against the reference runtime and libtorch 1.13 by the glob in
// CMakeLists.txt. Run with --benchmark_repetitions=9 and compare medians; for
// instruction counts:
//   valgrind --tool=callgrind --toggle-collect='*BM_ParentAccess_WeakLock*' \
//     ./check_intrusive_ptr_cycle_bench_libtorch --benchmark_filter=WeakLock
// and divide the total by kAccesses.
#include <benchmark/benchmark.h>
#include <c10/util/intrusive_ptr.h>
#include <atomic>
#include <malloc.h>
#include <vector>

namespace {

constexpr int kChildren = 8;
std::atomic<long> Live{0}; // objects constructed and not yet destroyed
// Fixed, so that callgrind's instruction count of a BM_ParentAccess_* function
// divided by kAccesses is the cost of one access (setup is ~0.1% of it).
constexpr int kAccesses = 2000000;

struct Counted {
  Counted() { Live.fetch_add(1, std::memory_order_relaxed); }
  Counted(const Counted &) = delete;
  Counted &operator=(const Counted &) = delete;
  ~Counted() { Live.fetch_sub(1, std::memory_order_relaxed); }
};

namespace strong {
struct Module;
struct Child : c10::intrusive_ptr_target, Counted {
  explicit Child(c10::intrusive_ptr<Module> p) : parent(std::move(p)) {}
  // The leak this benchmark measures:
  c10::intrusive_ptr<Module> parent; // NOLINT(c10-intrusive-ptr-cycle)
};
struct Module : c10::intrusive_ptr_target, Counted {
  std::vector<c10::intrusive_ptr<Child>> children;
  long value = 42;
};
} // namespace strong

namespace weak {
// weak_intrusive_ptr<Module> needs Module complete where Child is
// instantiated (both are templates here, instantiated after both definitions).
// c10 runs a destructor only when the last weak reference is gone; when the
// last strong one goes it calls release_resources(). Without the override the
// children (owned by the Module) keep their weak references, so the Module's
// destructor never runs and nothing is freed.
template <bool ReleasesChildren>
struct Module;
template <bool ReleasesChildren>
struct Child : c10::intrusive_ptr_target, Counted {
  explicit Child(const c10::intrusive_ptr<Module<ReleasesChildren>> &p) : parent(p) {}
  c10::weak_intrusive_ptr<Module<ReleasesChildren>> parent; // the advised fix
};
template <bool ReleasesChildren>
struct Module : c10::intrusive_ptr_target, Counted {
  std::vector<c10::intrusive_ptr<Child<ReleasesChildren>>> children;
  long value = 42;
  void release_resources() override {
    if (ReleasesChildren)
      children.clear();
  }
};
} // namespace weak

template <class Module, class Child>
c10::intrusive_ptr<Module> buildGraph() {
  auto module = c10::make_intrusive<Module>();
  module->children.reserve(kChildren);
  for (int i = 0; i < kChildren; ++i)
    module->children.push_back(c10::make_intrusive<Child>(module));
  return module;
}

size_t heapInUse() { return mallinfo2().uordblks; }

// Fixed iteration counts: the strong variant leaks every graph it builds.
template <class Module, class Child>
void BM_BuildAndDropGraph(benchmark::State &state) {
  const long liveBefore = Live.load();
  const size_t heapBefore = heapInUse();
  for (auto _ : state) {
    auto module = buildGraph<Module, Child>();
    benchmark::DoNotOptimize(module.get());
  }
  const double graphs = static_cast<double>(state.iterations());
  state.counters["leaked_objects_per_graph"] = (Live.load() - liveBefore) / graphs;
  state.counters["leaked_bytes_per_graph"] =
      (static_cast<double>(heapInUse()) - static_cast<double>(heapBefore)) / graphs;
}
BENCHMARK_TEMPLATE(BM_BuildAndDropGraph, strong::Module, strong::Child)
    ->Name("BuildAndDropGraph/strong_back_edge")
    ->Iterations(20000);
BENCHMARK_TEMPLATE(BM_BuildAndDropGraph, weak::Module<false>, weak::Child<false>)
    ->Name("BuildAndDropGraph/weak_back_edge_without_release_resources")
    ->Iterations(20000);
BENCHMARK_TEMPLATE(BM_BuildAndDropGraph, weak::Module<true>, weak::Child<true>)
    ->Name("BuildAndDropGraph/weak_back_edge_with_release_resources")
    ->Iterations(20000);

void BM_ParentAccess_Strong(benchmark::State &state) {
  auto module = buildGraph<strong::Module, strong::Child>();
  const auto &child = module->children.front();
  for (auto _ : state)
    benchmark::DoNotOptimize(child->parent->value);
  module->children.clear(); // break the cycle: this benchmark must not leak

}
BENCHMARK(BM_ParentAccess_Strong)->Iterations(kAccesses);

void BM_ParentAccess_WeakLock(benchmark::State &state) {
  auto module = buildGraph<weak::Module<true>, weak::Child<true>>();
  const auto &child = module->children.front();
  for (auto _ : state)
    benchmark::DoNotOptimize(child->parent.lock()->value);
}
BENCHMARK(BM_ParentAccess_WeakLock)->Iterations(kAccesses);

} // namespace

BENCHMARK_MAIN();
