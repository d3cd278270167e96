#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The lint-only build the install docs use (-DC10TIDY_BUILD_RUNTIME=OFF):
configured from the source tree, its build graph makes the plugin, c10-tidy and
c10-clangd, installs them, and has no target of the reference runtime or the
test suite. Configured only (ninja -t targets, ninja -n): the build tree this
test runs in already shows the three link.

  lint_only_test.py --source SOURCE --llvm N
"""
import argparse
import os
import re

from harness import expect, log, main, run, scratch_dir


def test():
    p = argparse.ArgumentParser()
    p.add_argument("--source", required=True)
    p.add_argument("--llvm", required=True)
    args = p.parse_args()
    build = os.path.join(scratch_dir("lint-only"), "build")
    run(["cmake", "-S", args.source, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
         "-DC10TIDY_LLVM_VERSION=" + args.llvm, "-DC10TIDY_BUILD_RUNTIME=OFF"])
    targets = run(["ninja", "-C", build, "-t", "targets", "all"]).stdout
    outputs = {line.split(":")[0].strip() for line in targets.splitlines()}
    for wanted in ("checks/libC10Tidy.so", "checks/tools/c10-tidy", "checks/tools/c10-clangd"):
        expect(wanted in outputs, "the lint-only build makes " + wanted)
    runtime = sorted(o for o in outputs if re.search(r"(^|/)runtime/|gtest|gmock|benchmark|_test\b", o))
    expect(not runtime, "it has no runtime or test target", "\n".join(runtime[:40]))
    plan = run(["ninja", "-C", build, "-n"]).stdout
    steps = re.findall(r"^\[\d+/(\d+)\]", plan, re.M)
    sources = re.findall(r"Building CXX object (\S+)", plan)
    stray = [s for s in sources if not s.startswith("checks/")]
    log("lint-only build: %s steps, %d C++ sources" % (steps[-1] if steps else "?", len(sources)))
    expect(sources and not stray, "every source it compiles is the checks' own", "\n".join(stray))
    tests = run(["ctest", "--test-dir", build, "-N"]).stdout
    expect(re.search(r"Total Tests: 0", tests), "it registers no test", tests[-500:])


if __name__ == "__main__":
    main(test)
