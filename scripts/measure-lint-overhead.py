#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What the c10-* checks add to a clang-tidy run on a heavy translation unit.

Lints test/integration/Inputs/lint_overhead.cpp (it includes torch/script.h)
with only the c10-* checks enabled and --enable-check-profile, several times
per LLVM version, and reports the median of: the wall time clang-tidy's profile
attributes to c10-* checks, the wall time of the whole run, and their ratio
c10 / (run - c10), the share the checks add over parsing and everything else.
(A run with -checks=-* is no baseline: clang-tidy then exits without parsing.)
The torch API headers are on -I, not -isystem, as in many real builds.

  scripts/measure-lint-overhead.py [--runs 7] [--llvm 19 22]
Target: <= 3 %.
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "test", "integration", "Inputs", "lint_overhead.cpp")


def one_run(llvm, plugin, profile_dir):
    cmd = ["clang-tidy-%s" % llvm, "-load", plugin, "--checks=-*,c10-*", "--enable-check-profile",
           "--store-check-profile=" + profile_dir, SOURCE, "--", "-std=c++17",
           # -I, not -isystem, as many builds have it: the torch API headers are
           # then user code to clang, and their inline functions reach the checks.
           "-Wno-deprecated-declarations", "-I", "/usr/include/torch/csrc/api/include"]
    start = time.perf_counter()
    result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    total = time.perf_counter() - start
    profiles = glob.glob(os.path.join(profile_dir, "*.json"))
    if result.returncode not in (0, 1) or len(profiles) != 1:
        sys.exit("clang-tidy-%s failed:\n%s" % (llvm, result.stdout))
    with open(profiles[0]) as f:
        profile = json.load(f)["profile"]
    os.remove(profiles[0])
    checks = sum(v for k, v in profile.items() if k.startswith("time.clang-tidy.c10-") and k.endswith(".wall"))
    return total, checks


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--llvm", nargs="+", default=["19", "22"])
    args = parser.parse_args()
    print("translation unit: %s (torch/script.h)" % os.path.relpath(SOURCE, ROOT))
    for llvm in args.llvm:
        plugin = os.path.join(ROOT, "build", "llvm-" + llvm, "checks", "libC10Tidy.so")
        if not os.path.exists(plugin):
            sys.exit("no plugin at %s: build it first (scripts/run-tests.sh or cmake)" % plugin)
        with tempfile.TemporaryDirectory() as profile_dir:
            one_run(llvm, plugin, profile_dir)  # warm the file cache
            runs = [one_run(llvm, plugin, profile_dir) for _ in range(args.runs)]
        totals = [t for t, _ in runs]
        checks = [c for _, c in runs]
        shares = [c / (t - c) for t, c in runs]
        print("LLVM %s: median of %d runs: run %.2f s, c10-* checks %.1f ms, "
              "overhead %.2f %% (min %.2f %%, max %.2f %%)" % (
                  llvm, args.runs, statistics.median(totals), 1000 * statistics.median(checks),
                  100 * statistics.median(shares), 100 * min(shares), 100 * max(shares)))


if __name__ == "__main__":
    main()
