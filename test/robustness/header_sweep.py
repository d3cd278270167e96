#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""libtorch's own headers as translation units: every c10-* check, each header
linted alone as the main file, HeaderFilterRegex '.*' and --system-headers,
so that findings inside PyTorch's headers are shown (Debian installs them
under /usr/include, a system directory: without --system-headers clang-tidy
drops every finding there and the checks skip that code).

Required: no crash, no hang (--cpu-limit per header). A header that does not
compile alone is listed, not failed. Findings are deduplicated over all
headers (a finding in c10/util/intrusive_ptr.h shows up in every TU that
includes it) and written to WORK/findings.txt for triage.

  header_sweep.py --clang-tidy T [--plugin P] --work DIR (--sample | --full)
                  [--include-root /usr/include] [--jobs J] [--shard I/N]

--sample: every 7th header (sorted) of ATen/core, c10/util, c10/core and
torch/csrc/jit/api, at most 24, plus torch/script.h and torch/torch.h.
--full: every header of c10/, ATen/core/, torch/csrc/api/ and torch/csrc/jit/
(not the generated ATen/ops/).
--shard I/N lints the headers whose position in that list is I modulo N: the
test suite gives each LLVM version's stage one half of the sample (the checks'
code is the same; more of it in the same time than two sweeps of one sample).
"""

import argparse
import collections
import concurrent.futures
import os
import re
import shutil
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from limits import run_limited  # noqa: E402

SAMPLE_DIRS = ["ATen/core", "c10/util", "c10/core", "torch/csrc/jit/api"]
SAMPLE_EXTRA = ["torch/script.h", "torch/torch.h"]
# libtorch's C++ API (torch/torch.h) lives under this include directory.
API_INCLUDE = "torch/csrc/api/include"
FULL_DIRS = ["c10", "ATen/core", "torch/csrc/api", "torch/csrc/jit"]
FINDING = re.compile(r"^(/[^:\n]+):(\d+):(\d+): warning: (.*) \[(c10-[a-z0-9-]+)(?:,[^\]]*)?\]$",
                     re.M)
COMPILE_ERROR = re.compile(r"error: .*\[clang-diagnostic-error\]")


def headers_in(root, directory, recursive):
    base = os.path.join(root, directory)
    found = []
    for dirpath, dirnames, filenames in os.walk(base):
        dirnames.sort()
        found += [os.path.relpath(os.path.join(dirpath, f), root)
                  for f in sorted(filenames) if f.endswith(".h")]
        if not recursive:
            break
    return sorted(found)


def sample(root):
    chosen = []
    for directory in SAMPLE_DIRS:
        chosen += headers_in(root, directory, recursive=False)[::7]
    chosen = chosen[:24]
    for header in SAMPLE_EXTRA:
        for candidate in (header, os.path.join(API_INCLUDE, header)):
            if os.path.exists(os.path.join(root, candidate)):
                chosen.append(candidate)
                break
    return chosen


def full(root):
    chosen = []
    for directory in FULL_DIRS:
        chosen += headers_in(root, directory, recursive=True)
    return chosen


def lint(args, header):
    cmd = [args.clang_tidy]
    if args.plugin:
        cmd += ["-load", args.plugin]
    cmd += ["--config={Checks: '-*,c10-*', HeaderFilterRegex: '.*', WarningsAsErrors: ''}",
            "--system-headers", os.path.join(args.include_root, header),
            "--", "-x", "c++", "-std=c++17", "-I" + args.include_root,
            "-I" + os.path.join(args.include_root, API_INCLUDE)]
    return header, run_limited(cmd, args.cpu_limit)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--clang-tidy", required=True)
    p.add_argument("--plugin")
    p.add_argument("--work", required=True)
    p.add_argument("--include-root", default="/usr/include")
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("--sample", action="store_true")
    mode.add_argument("--full", action="store_true")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--cpu-limit", type=int, default=120)
    p.add_argument("--shard", default="0/1")
    args = p.parse_args()
    try:
        shard, shards = (int(x) for x in args.shard.split("/"))
        if not 0 <= shard < shards:
            raise ValueError
    except ValueError:
        p.error("--shard wants I/N with 0 <= I < N, not %r" % args.shard)
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    headers = sample(args.include_root) if args.sample else full(args.include_root)
    headers = headers[shard::shards]
    if not headers:
        print("no headers under %s" % args.include_root)
        return 1
    start = time.monotonic()
    crashes, hangs, not_alone = [], [], []
    findings = {}
    per_check = collections.Counter()
    cpu = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for header, outcome in pool.map(lambda h: lint(args, h), headers):
            cpu.append(outcome.wall_seconds)
            status = outcome.verdict
            if status == "crash":
                crashes.append(header)
            elif status == "hang":
                hangs.append(header)
            elif COMPILE_ERROR.search(outcome.output):
                not_alone.append(header)
                status = "does not compile alone"
            new = 0
            for m in FINDING.finditer(outcome.output):
                key = (m.group(1), int(m.group(2)), int(m.group(3)), m.group(5))
                if key not in findings:
                    findings[key] = m.group(4)
                    per_check[m.group(5)] += 1
                    new += 1
            print("%-60s %-24s %5.1f s  %d new findings" % (header, status, outcome.wall_seconds,
                                                            new), flush=True)
            if outcome.verdict != "ok":
                for line in outcome.output.splitlines()[-30:]:
                    print("     " + line)
    with open(os.path.join(args.work, "findings.txt"), "w", encoding="utf-8") as f:
        for (path, line, col, check), message in sorted(findings.items()):
            f.write("%s:%d:%d: [%s] %s\n" % (path, line, col, check, message))
    print("header sweep: %d headers, %d crashes, %d hangs, %d do not compile alone, "
          "%d distinct findings (%s), %.0f s" % (
              len(headers), len(crashes), len(hangs), len(not_alone), len(findings),
              ", ".join("%s %d" % kv for kv in sorted(per_check.items())) or "none",
              time.monotonic() - start))
    for title, names in (("crashed", crashes), ("hung", hangs), ("do not compile alone", not_alone)):
        if names:
            print("%s: %s" % (title, " ".join(names)))
    print("findings: %s" % os.path.join(args.work, "findings.txt"))
    return 1 if crashes or hangs else 0


if __name__ == "__main__":
    sys.exit(main())
