#!/usr/bin/env bash
# Builds the refcount benchmarks (Release, build/bench) against the reference
# runtime, libtorch 1.13 and std::shared_ptr, runs them side by side and
# prints medians and ratios, then callgrind instruction counts per operation.
#
#   scripts/bench-runtime.sh                 # 3 rounds x 5 repetitions
#   ROUNDS=1 REPS=3 scripts/bench-runtime.sh # quicker, noisier
#   NO_CALLGRIND=1 scripts/bench-runtime.sh
#   FILTER='Move|Shared' scripts/bench-runtime.sh   # --benchmark_filter regex
#
# Rounds interleave the three binaries so that drift on a shared machine hits
# all of them alike; every (implementation, benchmark) median is taken over
# all ROUNDS x REPS repetitions.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build/bench}
rounds=${ROUNDS:-3}
reps=${REPS:-5}
iterations=${CALLGRIND_ITERATIONS:-200000}
jobs=${JOBS:-2}
impls=(runtime libtorch shared_ptr)

nice cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DC10TIDY_BUILD_CHECKS=OFF -DC10TIDY_BUILD_RUNTIME_TESTS=OFF \
  -DC10TIDY_BUILD_BENCHMARKS=ON >/dev/null
nice cmake --build "$build" -j"$jobs" \
  --target refcount_bench_runtime refcount_bench_libtorch refcount_bench_shared_ptr >/dev/null

bin() { echo "$build/runtime/bench/refcount_bench_$1"; }
out=$build/bench-results
rm -rf "$out" && mkdir -p "$out"

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
echo "load average: $(cut -d" " -f1-3 /proc/loadavg)"
echo "compiler: $(grep -m1 CMAKE_CXX_COMPILER: "$build/CMakeCache.txt" | cut -d= -f2)"
for ((r = 1; r <= rounds; r++)); do
  for impl in "${impls[@]}"; do
    echo "round $r/$rounds: $impl" >&2
    "$(bin "$impl")" --benchmark_repetitions="$reps" --benchmark_filter="${FILTER:-.}" \
      --benchmark_format=json --benchmark_out_format=json \
      --benchmark_out="$out/$impl.$r.json" >/dev/null
  done
done

python3 - "$out" "${impls[@]}" <<'PY'
import glob, json, statistics, sys
out, impls = sys.argv[1], sys.argv[2:]
times = {}  # (impl, name) -> [ns per op]
order = []
for impl in impls:
    for path in sorted(glob.glob(f"{out}/{impl}.*.json")):
        for b in json.load(open(path))["benchmarks"]:
            if b.get("run_type") != "iteration":
                continue
            name = b["run_name"]
            if name not in order:
                order.append(name)
            scale = {"ns": 1, "us": 1e3, "ms": 1e6}[b["time_unit"]]
            times.setdefault((impl, name), []).append(b["real_time"] * scale)
med = {k: statistics.median(v) for k, v in times.items()}
n = {k: len(v) for k, v in times.items()}
print()
print("median ns/op (n = %d samples each)" % min(n.values()))
print(f"{'benchmark':42} {'ours':>8} {'libtorch':>9} {'shared_ptr':>11} {'ours/lt':>8} {'ours/sp':>8}  verdict")
for name in order:
    o, l, s = (med[(i, name)] for i in impls)
    verdict = []
    verdict.append("lt ok" if o / l <= 1.05 else "lt MISS")
    if name.startswith("BM_CopyDestroy"):
        verdict.append("sp ok" if o / s <= 0.8 else "sp MISS (target 0.8)")
    print(f"{name:42} {o:8.2f} {l:9.2f} {s:11.2f} {o/l:8.3f} {o/s:8.3f}  {', '.join(verdict)}")
PY

if [[ -n "${NO_CALLGRIND:-}" ]]; then exit 0; fi
command -v valgrind >/dev/null || { echo "valgrind not found; skipping instruction counts"; exit 0; }
echo
echo "callgrind: instructions per operation (single thread, $iterations iterations)"
printf '%-14s %8s %9s %11s %8s %8s\n' case ours libtorch shared_ptr ours/lt ours/sp
for case in copy_destroy move make weak_lock; do
  counts=()
  for impl in "${impls[@]}"; do
    file="$out/callgrind.$case.$impl"
    valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$file" \
      "$(bin "$impl")" --callgrind_case="$case" --callgrind_iterations="$iterations" 2>/dev/null
    ir=$(awk '/^summary:/ {print $2}' "$file")
    counts+=("$ir")
  done
  python3 -c "
import sys
n, o, l, s = int(sys.argv[1]), *map(int, sys.argv[3:6])
print(f'{sys.argv[2]:14} {o/n:8.1f} {l/n:9.1f} {s/n:11.1f} {o/l:8.3f} {o/s:8.3f}')
" "$iterations" "$case" "${counts[@]}"
done
