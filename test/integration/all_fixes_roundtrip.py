#!/usr/bin/env python3
"""Every c10-* fix-it at once, on every example and lit input: no conflicts,
the result compiles, and a second pass has nothing left to say.

For each input (examples/*.cpp and test/checks/*.cpp that run against
libtorch):
  1. clang-tidy -fix with all c10-* checks and
     performance-unnecessary-copy-initialization (users run it beside ours):
     no fix may overlap another, no error;
  2. a second clang-tidy run over the fixed file, adding
     performance-move-const-arg: the file compiles (no error), that check
     reports nothing (a std::move of a const reference is a silent copy, the
     sign of a borrow and a move applied to one variable), and -fix changes
     nothing (the fixes are idempotent).

  all_fixes_roundtrip.py --clang-tidy T --plugin P --work DIR [--jobs N] INPUT...

An input's compile flags are -std=c++17 plus what its first RUN line passes
after "--" (%S is the input's directory); inputs that REQUIRE the reference
runtime are skipped.
"""

import argparse
import concurrent.futures
import os
import re
import shlex
import shutil
import subprocess
import sys

C10_CHECKS = "-*,c10-*,performance-unnecessary-copy-initialization"
SECOND_PASS_CHECKS = C10_CHECKS + ",performance-move-const-arg"
OVERLAP = "overlaps with another fix"


def compile_flags(path):
    """-std=c++17 and the flags of the input's first %check_c10_tidy RUN line."""
    flags = ["-std=c++17"]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if re.search(r"//\s*REQUIRES:.*runtime-reference", text):
        return None
    run_lines = []
    for line in text.splitlines():
        m = re.match(r"\s*//\s*RUN:\s?(.*)$", line)
        if m:
            run_lines.append(m.group(1))
        elif run_lines:
            break
    # Join continuation lines and take the first invocation of the runner.
    joined = " ".join(l.rstrip("\\").strip() for l in run_lines)
    first = joined.split("// RUN:")[0]
    m = re.search(r"%check_c10_tidy\b(.*)", first)
    if m and " -- " in m.group(1):
        extra = m.group(1).split(" -- ", 1)[1]
        extra = re.split(r"\s(?:2>&1|\||%\})", extra)[0]
        for flag in shlex.split(extra.replace("%S", os.path.dirname(os.path.abspath(path)))):
            if not flag.startswith("%"):
                flags.append(flag)
    return flags


def run(cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def tidy(args, checks, source, flags, fix):
    cmd = [args.clang_tidy, "-load", args.plugin, "--config={Checks: '%s'}" % checks]
    if fix:
        cmd.append("-fix")
    return run(cmd + [source, "--"] + flags)


def check_one(args, path):
    """Returns (name, problems, findings, fixes applied)."""
    name = os.path.relpath(path, args.root)
    flags = compile_flags(path)
    if flags is None:
        return name, None, 0, 0
    work = os.path.join(args.work, name.replace(os.sep, "_"))
    os.makedirs(work, exist_ok=True)
    fixed = os.path.join(work, os.path.basename(path))
    shutil.copyfile(path, fixed)
    problems = []

    first = tidy(args, C10_CHECKS, fixed, flags, fix=True)
    findings = len(re.findall(r"warning: .*\[(c10-[a-z-]+|performance-[a-z-]+)\]", first.stdout))
    if OVERLAP in first.stdout:
        problems.append("conflicting fix-its:\n" + "\n".join(
            l for l in first.stdout.splitlines() if OVERLAP in l or "warning:" in l))
    if re.search(r"\berror:", first.stdout):
        problems.append("clang-tidy reported an error on the input:\n" + first.stdout[-3000:])
    with open(path, encoding="utf-8") as f:
        original = f.read()
    with open(fixed, encoding="utf-8") as f:
        after_first = f.read()
    applied = sum(1 for a, b in zip(original.splitlines(), after_first.splitlines()) if a != b)

    second = tidy(args, SECOND_PASS_CHECKS, fixed, flags, fix=True)
    with open(fixed, encoding="utf-8") as f:
        after_second = f.read()
    if re.search(r"\berror:", second.stdout):
        problems.append("the fixed file does not compile:\n" + second.stdout[-3000:])
    if "[performance-move-const-arg]" in second.stdout:
        problems.append("performance-move-const-arg reports the fixed file:\n" + "\n".join(
            l for l in second.stdout.splitlines() if "performance-move-const-arg" in l))
    if after_second != after_first:
        import difflib
        diff = "".join(difflib.unified_diff(after_first.splitlines(True), after_second.splitlines(True),
                                            "after the first pass", "after the second pass"))
        problems.append("a second -fix pass changed the file:\n" + diff)
    return name, problems, findings, applied


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clang-tidy", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--root", default=os.getcwd(), help="inputs are named relative to this")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("inputs", nargs="+")
    args = parser.parse_args()
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)

    failed, checked, skipped, total_findings, total_lines = [], 0, 0, 0, 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for name, problems, findings, applied in pool.map(lambda p: check_one(args, p),
                                                         sorted(args.inputs)):
            if problems is None:
                skipped += 1
                continue
            checked += 1
            total_findings += findings
            total_lines += applied
            status = "FAIL" if problems else "ok"
            print("%-4s %s: %d findings, %d lines changed" % (status, name, findings, applied))
            for p in problems:
                print("     " + p.replace("\n", "\n     "))
            if problems:
                failed.append(name)
    print("all-fixes round trip: %d inputs (%d skipped: reference runtime only), %d findings, "
          "%d lines changed, %d failed" % (checked, skipped, total_findings, total_lines, len(failed)))
    return 1 if failed or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
