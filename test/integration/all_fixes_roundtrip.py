#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Every c10-* fix-it at once, on every example and lit input: no conflicts,
the result compiles, and a second pass has nothing left to say.

For each input (examples/*.cpp and test/checks/*.cpp that run against
libtorch):
  1. clang-tidy -fix with all c10-* checks and
     performance-unnecessary-copy-initialization (users run it beside ours):
     no fix may overlap another, no error, no header included twice;
  2. when that changed the file, clang-tidy -fix again over the fixed file,
     adding performance-move-const-arg, until the file stops changing (a
     fix-it may expose another finding): the file compiles (no error), that
     check reports nothing on lines the fixes wrote (a std::move of a const
     reference is a silent copy, the sign of a borrow and a move applied to
     one variable), and the last pass changes nothing (idempotent).

  all_fixes_roundtrip.py --clang-tidy T --plugin P --work DIR [--jobs N]
                         [--clangxx CLANG++] [--export-fixes DIR] [--pch-cache DIR] INPUT...

With --clangxx (the clang++ of clang-tidy's major), each lint reads the
input's leading PyTorch includes precompiled (test/tools/prefix_pch.py: the
same text and flags, parsed once per header set).

With --export-fixes, the first -fix round also writes each input's findings
as clang-tidy --export-fixes YAML, DIR/<input>.yaml, naming the input itself
(the copy it linted had the same text): the c10-tidy-report tests read them
instead of linting every input a second time.

An input's compile flags are -std=c++17 plus what its first clang-tidy
invocation (%check_c10_tidy or %clang_tidy_plugin) passes after "--" (%S is
the input's directory); inputs that REQUIRE the reference runtime are
skipped.
"""

import argparse
import concurrent.futures
import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "tools"))
from prefix_pch import pch_flags  # noqa: E402

C10_CHECKS = "-*,c10-*,performance-unnecessary-copy-initialization"
SECOND_PASS_CHECKS = C10_CHECKS + ",performance-move-const-arg"
OVERLAP = "overlaps with another fix"
MAX_ROUNDS = 4


def compile_flags(path):
    """-std=c++17 and the flags of the input's first clang-tidy RUN line."""
    flags = ["-std=c++17"]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    # Inputs for another configuration (the reference runtime, libtorch 2.6's
    # headers) do not compile against libtorch 1.13.
    if re.search(r"//\s*REQUIRES:.*(runtime-reference|runtime-libtorch26|torch-2\.6)", text):
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
    # A `%if torch-1.13 %{ ... %}` block ends the first invocation.
    first = joined.split("%}")[0]
    m = re.search(r"%(?:check_c10_tidy|clang_tidy_plugin)\b(.*)", first)
    if m and " -- " in m.group(1):
        extra = m.group(1).split(" -- ", 1)[1]
        extra = re.split(r"\s(?:2>&1|\||%\})", extra)[0]
        for flag in shlex.split(extra.replace("%S", os.path.dirname(os.path.abspath(path)))):
            if not flag.startswith("%"):
                flags.append(flag)
    return flags


def run(cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def tidy(args, checks, source, flags, fix, export=None):
    cmd = [args.clang_tidy, "-load", args.plugin, "--config={Checks: '%s'}" % checks]
    if fix:
        cmd.append("-fix")
    if export:
        cmd.append("--export-fixes=" + export)
    with open(source, encoding="utf-8") as f:
        prefix = pch_flags(args.pch_cache, args.clangxx, flags, f.read()) if args.clangxx else []
    return run(cmd + [source, "--"] + flags + prefix)


def export_path(args, name):
    return os.path.join(args.export_fixes, name.replace(os.sep, "__") + ".yaml") \
        if args.export_fixes else None


def name_the_input(yaml_path, copy, source):
    """The exported YAML names the copy that was linted (and then fixed); the
    input has the text the offsets refer to."""
    if not os.path.exists(yaml_path):
        return
    with open(yaml_path, encoding="utf-8") as f:
        text = f.read()
    with open(yaml_path, "w", encoding="utf-8") as f:
        f.write(text.replace(os.path.abspath(copy), os.path.abspath(source)))


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

    with open(path, encoding="utf-8") as f:
        original = f.read()
    original_lines = set(original.splitlines())
    # Round 1 applies the c10 fix-its. A fix-it can expose another finding (an
    # accessor fixed to toTupleRef() makes the copy beside it borrowable), so
    # -fix is applied until nothing changes, as a user re-running -fix would;
    # those later rounds are also the verification pass: they add
    # performance-move-const-arg, which must not report a line the fixes
    # wrote (a std::move of a const reference is a silent copy, the sign of a
    # borrow and a move applied to one variable), and the last one changes
    # nothing. An input round 1 leaves unchanged needs no second run: there
    # is no line of ours to verify, and clang-tidy compiled exactly that text.
    findings, rounds, before = 0, 0, original
    while True:
        rounds += 1
        export = export_path(args, name) if rounds == 1 else None
        checks = C10_CHECKS if rounds == 1 else SECOND_PASS_CHECKS
        result = tidy(args, checks, fixed, flags, fix=True, export=export)
        if export:
            name_the_input(export, fixed, path)
        if rounds == 1:
            findings = len(re.findall(r"warning: .*\[(c10-[a-z-]+|performance-[a-z-]+)\]",
                                      result.stdout))
        if OVERLAP in result.stdout:
            problems.append("conflicting fix-its (round %d):\n" % rounds + "\n".join(
                l for l in result.stdout.splitlines() if OVERLAP in l or "warning:" in l))
        if re.search(r"\berror:", result.stdout):
            problems.append("clang-tidy reported an error (round %d), the fixed file does not "
                            "compile:\n" % rounds + result.stdout[-3000:])
        if rounds > 1:
            # performance-move-const-arg also reports (and rewrites) a
            # std::move of a const element the input already had: only lines
            # the fixes produced count.
            lines = before.splitlines()
            ours = []
            for m in re.finditer(r"^[^\n]*?:(\d+):\d+: warning: [^\n]*\[performance-move-const-arg\]",
                                 result.stdout, re.M):
                line = int(m.group(1))
                if line > len(lines) or lines[line - 1] not in original_lines:
                    ours.append(m.group(0))
            if ours:
                problems.append("performance-move-const-arg reports what the fixes wrote:\n" +
                                "\n".join(ours))
        with open(fixed, encoding="utf-8") as f:
            after = f.read()
        if after == before or problems:
            break
        if rounds == MAX_ROUNDS:
            diff = "".join(difflib.unified_diff(before.splitlines(True), after.splitlines(True),
                                                "round %d" % (rounds - 1), "round %d" % rounds))
            problems.append("-fix still changes the file after %d rounds:\n" % MAX_ROUNDS + diff)
            break
        before = after
    # Two checks each adding `#include <utility>` to one file must not leave it
    # there twice (clang-tidy -fix merges identical insertions by repeating them).
    for include in sorted(set(re.findall(r"^\s*#\s*include\s*[<\"][^>\"]+[>\"]", after, re.M))):
        if after.count(include + "\n") > max(1, original.count(include + "\n")):
            problems.append("the fixes included a header twice: " + include.strip())
    applied = sum(1 for line in difflib.unified_diff(original.splitlines(), after.splitlines(),
                                                     lineterm="")
                  if line.startswith("+") and not line.startswith("+++"))
    if rounds > 3:
        print("note %s: -fix needed %d rounds to settle" % (name, rounds - 1))
    return name, problems, findings, applied


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clang-tidy", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--clangxx", help="clang++ of clang-tidy's major: precompile the inputs' prefixes")
    parser.add_argument("--work", required=True)
    parser.add_argument("--root", default=os.getcwd(), help="inputs are named relative to this")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--export-fixes", help="a directory for the first round's findings (YAML)")
    parser.add_argument("--pch-cache", help="precompiled prefixes shared with other lints "
                        "(default: a fresh one in --work)")
    parser.add_argument("inputs", nargs="+")
    args = parser.parse_args()
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    args.pch_cache = args.pch_cache or os.path.join(args.work, "pch")
    if args.export_fixes:
        shutil.rmtree(args.export_fixes, ignore_errors=True)
        os.makedirs(args.export_fixes)

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
