#!/usr/bin/env bash
# Builds the dispatcher benchmarks (Release, build/rt-dispatch-bench) against
# the reference runtime and libtorch 1.13, runs them interleaved and prints,
# per path, the median time of each, ours/libtorch and the target; then
# callgrind instructions per call, and the example interpreter's time per run.
#
#   scripts/bench-dispatch.sh                  # 3 rounds x 5 repetitions
#   ROUNDS=1 REPS=3 scripts/bench-dispatch.sh  # quicker, noisier
#   NO_CALLGRIND=1 scripts/bench-dispatch.sh   # skip the instruction counts
#
# Target (issue 6): each of our paths <= 0.5x libtorch's time per call.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build/rt-dispatch-bench}
rounds=${ROUNDS:-3}
reps=${REPS:-5}
jobs=${JOBS:-2}
impls=(runtime libtorch)
programs=(dispatch_bench dispatch_instructions interpreter_bench)

targets=()
for p in "${programs[@]}"; do
  for impl in "${impls[@]}"; do
    targets+=("${p}_$impl")
  done
done
nice cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DC10TIDY_BUILD_CHECKS=OFF -DC10TIDY_BUILD_RUNTIME_TESTS=OFF \
  -DC10TIDY_BUILD_BENCHMARKS=ON >/dev/null
nice cmake --build "$build" -j"$jobs" --target "${targets[@]}" >/dev/null

out=$build/dispatch-bench-results
rm -rf "$out" && mkdir -p "$out"

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
echo "load average: $(cut -d" " -f1-3 /proc/loadavg)"
for ((r = 1; r <= rounds; r++)); do
  for impl in "${impls[@]}"; do
    for p in dispatch_bench interpreter_bench; do
      echo "round $r/$rounds: $p $impl" >&2
      "$build/runtime/bench/${p}_$impl" --benchmark_repetitions="$reps" \
        --benchmark_format=json --benchmark_out_format=json \
        --benchmark_out="$out/$impl.$p.$r.json" >/dev/null
    done
  done
done

python3 - "$out" "${impls[@]}" <<'PY'
import glob, json, statistics, sys
out, impls = sys.argv[1], sys.argv[2:]
times, order = {}, []
for impl in impls:
    for path in sorted(glob.glob(f"{out}/{impl}.*.json")):
        for b in json.load(open(path))["benchmarks"]:
            if b.get("run_type") != "iteration" or b.get("error_occurred"):
                continue
            name = b["run_name"]
            if name not in order:
                order.append(name)
            scale = {"ns": 1, "us": 1e3, "ms": 1e6}[b["time_unit"]]
            times.setdefault((impl, name), []).append(b["cpu_time"] * scale)
samples = min(len(v) for v in times.values())
print()
print(f"median CPU ns per call over {samples} samples each (CPU time: the machine is shared; single-threaded benchmarks)")
print(f"{'path':24} {'ours ns':>9} {'libtorch ns':>12} {'ours/lt':>8} {'ours Mcalls/s':>14}  verdict")
for name in order:
    o = statistics.median(times[("runtime", name)])
    l = statistics.median(times[("libtorch", name)])
    ratio = o / l
    target = name != "BM_InterpreterRun"
    verdict = ("ok" if ratio <= 0.5 else "MISS (target <= 0.5x libtorch time)") if target else "(no target)"
    print(f"{name:24} {o:9.1f} {l:12.1f} {ratio:8.3f} {1e3 / o:14.2f}  {verdict}")
PY

if [[ -z "${NO_CALLGRIND:-}" ]] && command -v valgrind >/dev/null; then
  echo
  echo "instructions per call (valgrind --tool=callgrind, one loop of 100000 calls each):"
  printf "  %-22s %10s %12s %8s\n" path ours libtorch ours/lt
  for loop in typed typed_inplace boxed boxed_fallback typed_fallback; do
    declare -A ir=()
    for impl in "${impls[@]}"; do
      valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.$impl.$loop" \
        --toggle-collect="*loop_${loop}(*" "$build/runtime/bench/dispatch_instructions_$impl" >/dev/null 2>&1
      total=$(callgrind_annotate "$out/callgrind.$impl.$loop" 2>/dev/null |
              awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1; exit}')
      ir[$impl]=$total
    done
    awk -v name="$loop" -v o="${ir[runtime]}" -v l="${ir[libtorch]}" \
      'BEGIN { printf "  %-22s %10.1f %12.1f %8.3f\n", name, o / 100000, l / 100000, o / l }'
  done
fi
