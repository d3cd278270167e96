#!/usr/bin/env bash
# The measurements that are not tests: run on demand, not in CI (they take
# minutes and want a quiet machine). Prints medians, ratios and callgrind
# instruction counts, side by side in one run.
#   1. refcounting: reference runtime vs libtorch 1.13 vs std::shared_ptr
#      (scripts/bench-runtime.sh)
#   2. IValue accessors: owning vs borrowing, the cost c10-ivalue-ref-accessor removes
#   3. IValue: the 8-byte runtime IValue vs libtorch's (scripts/bench-ivalue.sh)
#   4. tensors: small-tensor overhead and large-tensor bandwidth (scripts/bench-tensor.sh)
#   5. dispatcher: typed, boxed and fallback calls, the example interpreter
#      (scripts/bench-dispatch.sh)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$root/build/bench}

bash "$root/scripts/bootstrap.sh" 19
echo "===== 1. intrusive_ptr refcounting ====="
bash "$root/scripts/bench-runtime.sh"

echo
echo "===== 2. IValue accessors (libtorch 1.13): owning vs borrowing ====="
nice cmake --build "$build" -j2 --target ivalue_accessor_bench_libtorch \
  ivalue_accessor_instructions_libtorch >/dev/null
bench="$build/runtime/bench/ivalue_accessor_bench_libtorch"
"$bench" --benchmark_repetitions="${REPS:-9}" --benchmark_min_time="${MIN_TIME:-0.2}" \
  --benchmark_format=json >"$build/accessors.json"
python3 - "$build/accessors.json" <<'PY'
import json, statistics, sys
runs = {}
for b in json.load(open(sys.argv[1]))["benchmarks"]:
    if b.get("run_type") == "iteration":
        runs.setdefault(b["run_name"], []).append(b["real_time"])
median = {name: statistics.median(v) for name, v in runs.items()}
print(f"{'accessor':<24}{'threads':>8}{'owning ns':>11}{'borrowing ns':>14}{'owning/borrowing':>18}")
for name, owning in median.items():
    base, threads = name.split("/threads:")
    if base.endswith("Ref"):
        continue
    borrowing = median.get(f"{base}Ref/threads:{threads}")
    label = base.removeprefix("BM_") + "() vs " + base.removeprefix("BM_") + "Ref()"
    print(f"{label:<24}{threads:>8}{owning:>11.2f}{borrowing:>14.2f}{owning / borrowing:>18.1f}")
PY
echo
echo "instructions per call (valgrind --tool=callgrind, one loop of 100000 calls each):"
ins="$build/runtime/bench/ivalue_accessor_instructions_libtorch"
for accessor in toString toStringRef toTuple toTupleRef toList toListRef; do
  valgrind --tool=callgrind --callgrind-out-file="$build/callgrind.$accessor" \
    --toggle-collect="*loop_$accessor(*" "$ins" >/dev/null 2>&1
  total=$(callgrind_annotate "$build/callgrind.$accessor" 2>/dev/null |
          awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1; exit}')
  awk -v name="$accessor" -v total="$total" 'BEGIN { printf "  %-12s %6.1f\n", name, total / 100000 }'
done

echo
echo "===== 3. IValue: reference runtime vs libtorch 1.13 ====="
bash "$root/scripts/bench-ivalue.sh"
echo
echo "===== 4. tensors: reference runtime vs libtorch 1.13 ====="
bash "$root/scripts/bench-tensor.sh"
echo
echo "===== 5. dispatcher: reference runtime vs libtorch 1.13 ====="
bash "$root/scripts/bench-dispatch.sh"
