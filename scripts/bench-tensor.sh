#!/usr/bin/env bash
# Builds the tensor benchmarks (Release, build/rt-tensor-bench) against the
# reference runtime and libtorch 1.13, runs them interleaved and prints, per
# benchmark, the median time of each, ours/libtorch, and for the 64 MiB
# benchmarks the throughput in GB/s beside the memcpy bandwidth measured in
# the same run.
#
#   scripts/bench-tensor.sh                  # 3 rounds x 5 repetitions
#   ROUNDS=1 REPS=3 scripts/bench-tensor.sh  # quicker, noisier
#   FILTER='2x2' scripts/bench-tensor.sh     # --benchmark_filter regex
#
# Targets (issue 5): small-tensor ops <= 0.3x libtorch's time; large add and
# sum >= 0.9x libtorch's throughput. Both sides single-threaded.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build/rt-tensor-bench}
rounds=${ROUNDS:-3}
reps=${REPS:-5}
jobs=${JOBS:-2}
impls=(runtime libtorch)

nice cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DC10TIDY_BUILD_CHECKS=OFF -DC10TIDY_BUILD_RUNTIME_TESTS=OFF \
  -DC10TIDY_BUILD_BENCHMARKS=ON >/dev/null
nice cmake --build "$build" -j"$jobs" --target tensor_bench_runtime tensor_bench_libtorch >/dev/null

out=$build/tensor-bench-results
rm -rf "$out" && mkdir -p "$out"

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
echo "load average: $(cut -d" " -f1-3 /proc/loadavg)"
for ((r = 1; r <= rounds; r++)); do
  for impl in "${impls[@]}"; do
    echo "round $r/$rounds: $impl" >&2
    "$build/runtime/bench/tensor_bench_$impl" --benchmark_repetitions="$reps" \
      --benchmark_filter="${FILTER:-.}" --benchmark_format=json \
      --benchmark_out_format=json --benchmark_out="$out/$impl.$r.json" >/dev/null
  done
done

python3 - "$out" "${impls[@]}" <<'PY'
import glob, json, statistics, sys
out, impls = sys.argv[1], sys.argv[2:]
times, rates, order = {}, {}, []
for impl in impls:
    for path in sorted(glob.glob(f"{out}/{impl}.*.json")):
        for b in json.load(open(path))["benchmarks"]:
            if b.get("run_type") != "iteration":
                continue
            name = b["run_name"].replace("/real_time", "")
            if name not in order:
                order.append(name)
            scale = {"ns": 1, "us": 1e3, "ms": 1e6}[b["time_unit"]]
            times.setdefault((impl, name), []).append(b["real_time"] * scale)
            if "bytes_per_second" in b:
                rates.setdefault((impl, name), []).append(b["bytes_per_second"] / 1e9)
med = {k: statistics.median(v) for k, v in times.items()}
gbs = {k: statistics.median(v) for k, v in rates.items()}
samples = min(len(v) for v in times.values())
copy_bw = statistics.median(rates.get(("runtime", "BM_MemcpyLarge"), []) +
                            rates.get(("libtorch", "BM_MemcpyLarge"), []) or [float("nan")])
print()
print(f"median over {samples} samples each; memcpy bandwidth in this run: {copy_bw:.2f} GB/s (read + write)")
print(f"{'benchmark':22} {'ours':>12} {'libtorch':>12} {'ours/lt':>8} {'ours GB/s':>10} {'lt GB/s':>8} "
      f"{'ours/memcpy':>11}  verdict")
def fmt(ns):
    return f"{ns:9.1f} ns" if ns < 1e5 else f"{ns / 1e6:9.2f} ms"
for name in order:
    if name == "BM_MemcpyLarge":
        continue
    o, l = med[("runtime", name)], med[("libtorch", name)]
    ratio = o / l
    if ("runtime", name) in gbs:
        og, lg = gbs[("runtime", name)], gbs[("libtorch", name)]
        verdict = "ok" if og / lg >= 0.9 else "MISS (target >= 0.9x libtorch throughput)"
        extra = f"{og:10.2f} {lg:8.2f} {og / copy_bw:11.2f}"
    else:
        verdict = "ok" if ratio <= 0.3 else "MISS (target <= 0.3x libtorch time)"
        extra = f"{'':10} {'':8} {'':11}"
    print(f"{name:22} {fmt(o)} {fmt(l)} {ratio:8.3f} {extra}  {verdict}")
PY
