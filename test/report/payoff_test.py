#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""examples/streaming_decoder.cpp as written and after c10-tidy -fix print the
same transcripts and states, on each backend built; the fixed copy differs
from the source by the tool's rewrites.

  payoff_test.py --source S --fixed-source F --written-libtorch X --fixed-libtorch Y
                 [--written-runtime X --fixed-runtime Y]
"""
import argparse
import difflib
import subprocess
import sys


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--source", required=True)
    p.add_argument("--fixed-source", required=True)
    for variant in ("written", "fixed"):
        for backend in ("libtorch", "runtime"):
            p.add_argument("--%s-%s" % (variant, backend))
    args = p.parse_args()
    failed = []
    with open(args.source) as f, open(args.fixed_source) as g:
        diff = [l for l in difflib.unified_diff(f.read().splitlines(), g.read().splitlines(),
                                                lineterm="", n=0)
                if l[:1] in "+-" and not l.startswith(("+++", "---"))]
    print("the fixed copy changes %d lines" % len([l for l in diff if l.startswith("-")]))
    print("\n".join(diff))
    if not diff:
        failed.append("c10-tidy -fix changed nothing")
    outputs = {}
    for backend in ("libtorch", "runtime"):
        written = getattr(args, "written_" + backend)
        fixed = getattr(args, "fixed_" + backend)
        if not written or not fixed:
            print("%s: not built" % backend)
            continue
        out = [subprocess.run([exe], stdout=subprocess.PIPE, text=True, check=True).stdout
               for exe in (written, fixed)]
        print("%s as written:\n%s%s fixed:\n%s" % (backend, out[0], backend, out[1]))
        if out[0] != out[1] or "utterance 3" not in out[0]:
            failed.append("%s: the fixed program prints something else" % backend)
        outputs[backend] = out[0]
    if not outputs:
        failed.append("no backend built")
    for f in failed:
        print("FAIL: " + f)
    print("payoff: %d backends, %d failed" % (len(outputs), len(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
