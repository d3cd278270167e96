#!/usr/bin/env bash
# Builds the IValue benchmarks (Release, build/rt-ivalue-bench) against the
# reference runtime and libtorch 1.13, runs them side by side and prints
# medians and ours/libtorch ratios against the targets of issue 4, then
# callgrind instruction counts per operation (deterministic, unlike wall time
# on a shared machine).
#
#   scripts/bench-ivalue.sh                  # 3 rounds x 5 repetitions
#   ROUNDS=1 REPS=3 scripts/bench-ivalue.sh  # quicker, noisier
#   NO_CALLGRIND=1 scripts/bench-ivalue.sh
#   FILTER='Tuple' scripts/bench-ivalue.sh   # --benchmark_filter regex
#
# Rounds interleave the two binaries so that drift hits both alike; each
# median is over all ROUNDS x REPS repetitions.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build/rt-ivalue-bench}
rounds=${ROUNDS:-3}
reps=${REPS:-5}
iterations=${CALLGRIND_ITERATIONS:-100000}
jobs=${JOBS:-2}
impls=(runtime libtorch)

nice cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DC10TIDY_BUILD_CHECKS=OFF -DC10TIDY_BUILD_RUNTIME_TESTS=OFF \
  -DC10TIDY_BUILD_BENCHMARKS=ON >/dev/null
nice cmake --build "$build" -j"$jobs" \
  --target ivalue_bench_runtime ivalue_bench_libtorch \
           ivalue_accessor_bench_runtime ivalue_accessor_bench_libtorch >/dev/null

out=$build/ivalue-bench-results
rm -rf "$out" && mkdir -p "$out"

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
echo "load average: $(cut -d" " -f1-3 /proc/loadavg)"
echo "compiler: $(grep -m1 CMAKE_CXX_COMPILER: "$build/CMakeCache.txt" | cut -d= -f2)"
for ((r = 1; r <= rounds; r++)); do
  for impl in "${impls[@]}"; do
    for program in ivalue_bench ivalue_accessor_bench; do
      echo "round $r/$rounds: $program $impl" >&2
      "$build/runtime/bench/${program}_$impl" --benchmark_repetitions="$reps" \
        --benchmark_filter="${FILTER:-.}" --benchmark_out_format=json \
        --benchmark_out="$out/$program.$impl.$r.json" >/dev/null
    done
  done
done

python3 - "$out" <<'PY'
import glob, json, statistics, sys
out = sys.argv[1]
times, extra, order = {}, {}, []
for impl in ("runtime", "libtorch"):
    for path in sorted(glob.glob(f"{out}/*.{impl}.*.json")):
        for b in json.load(open(path))["benchmarks"]:
            if b.get("run_type") != "iteration":
                continue
            name = b["run_name"]
            if name not in order:
                order.append(name)
            if "ns_per_value" in b:
                value = b["ns_per_value"] * 1e9 if b["ns_per_value"] < 1e-3 else b["ns_per_value"]
                extra.setdefault((impl, name), b["bytes_per_value"])
            else:
                value = b["real_time"] * {"ns": 1, "us": 1e3, "ms": 1e6}[b["time_unit"]]
            times.setdefault((impl, name), []).append(value)

def target(name):
    if name.startswith("BM_ConstructDestroy") or name.startswith("BM_StackPushPop"):
        return 0.8
    if name.startswith("BM_TupleCreate"):
        return 0.7
    return 1.0

print()
n = min(len(v) for v in times.values())
print(f"median ns/op (n = {n} samples each; BM_StackPushPop: ns per value pushed and popped)")
print(f"{'benchmark':34} {'ours':>8} {'libtorch':>9} {'ours/lt':>8} {'target':>7}  verdict")
for name in order:
    if ("runtime", name) not in times or ("libtorch", name) not in times:
        continue
    o = statistics.median(times[("runtime", name)])
    l = statistics.median(times[("libtorch", name)])
    t = target(name)
    print(f"{name:34} {o:8.2f} {l:9.2f} {o/l:8.3f} {t:7.2f}  {'ok' if o / l <= t else 'MISS'}")
for name in order:
    if ("runtime", name) in extra:
        o, l = extra[("runtime", name)], extra[("libtorch", name)]
        print(f"{name + ' bytes/value':34} {o:8.1f} {l:9.1f} {o/l:8.3f} {0.5:7.2f}  {'ok' if o / l <= 0.5 else 'MISS'}")
PY

if [[ -n "${NO_CALLGRIND:-}" ]]; then exit 0; fi
command -v valgrind >/dev/null || { echo "valgrind not found; skipping instruction counts"; exit 0; }
echo
echo "callgrind: instructions per operation ($iterations iterations; stack: per value)"
printf '%-20s %9s %9s %8s\n' case ours libtorch ours/lt
for case in construct_int construct_double construct_tensor construct_string copy_tensor_ivalue \
            toTensor toTupleRef toStringRef toString \
            tuple_create_1 tuple_create_2 tuple_create_3 tuple_create_5 stack_push_pop; do
  counts=()
  for impl in "${impls[@]}"; do
    file="$out/callgrind.$case.$impl"
    valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$file" \
      "$build/runtime/bench/ivalue_bench_$impl" --callgrind_case="$case" \
      --callgrind_iterations="$iterations" 2>/dev/null
    counts+=("$(awk '/^summary:/ {print $2}' "$file")")
  done
  python3 -c "
import sys
n, o, l = int(sys.argv[1]), int(sys.argv[3]), int(sys.argv[4])
print(f'{sys.argv[2]:20} {o/n:9.1f} {l/n:9.1f} {o/l:8.3f}')
" "$iterations" "$case" "${counts[@]}"
done
