#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Mutation fuzzer for the c10-* checks: no crash, no hang, no conflicting
fix-its, and a mutant that compiled still compiles after -fix.

From every input (examples/*.cpp and test/checks/*.cpp, libtorch flags) it
derives mutants with the operators of mutators.py -- one to three edits each,
chosen by a random generator seeded with the pair (seed, mutant number), so
that pair names the same mutant on every machine -- and runs clang-tidy with every c10-*
check and -fix on each:

  crash      a signal, an exit status >= 128, or LLVM's crash report
  hang       more than --cpu-limit seconds of CPU time
  conflict   clang-tidy's note that a fix overlaps another, unless the fix it
             drops is the compiler's own error-recovery fix-it (a typo
             correction) in a mutant that does not compile: clang-tidy
             applies no fix to such code without -fix-errors
  bad fix    the mutant compiled, the fixed mutant does not

libtorch's headers are parsed once into a precompiled header (-include-pch),
which makes a mutant about three times cheaper; an input whose flags do not
fit it runs without. Every failure is kept under WORK/failures/ with the
command that reproduces it.

  mutation_fuzz.py --clang-tidy T [--plugin P] --clangxx C --root REPO --work DIR
                   [--seed S] [--mutants N] [--shard I/N] [--jobs J] [--max-seconds S]

--shard I/N runs the mutants whose number is I modulo N: the test suite gives
each LLVM version one half of the same fixed list.
"""

import argparse
import concurrent.futures
import glob
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "integration"))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
from all_fixes_roundtrip import compile_flags  # noqa: E402
from limits import run_limited  # noqa: E402
from mutators import MUTATORS  # noqa: E402
from prefix_pch import BUILD_FLAGS as PCH_BUILD_FLAGS  # noqa: E402

CHECKS = "{Checks: '-*,c10-*', WarningsAsErrors: ''}"
OVERLAP = "overlaps with another fix"
DIAGNOSTIC = re.compile(r":\d+:\d+: (?:warning|error): .*\[([^\],]+)[^\]]*\]$")
COMPILE_ERROR = re.compile(r"\berror: .*\[clang-diagnostic-error\]|\berror: (?!.*\[c10-)")
PCH_HEADERS = ["torch/script.h", "ATen/ATen.h", "ATen/core/ivalue.h", "ATen/core/Tensor.h", "ATen/core/stack.h",
               "c10/util/intrusive_ptr.h", "vector", "string", "tuple", "utility", "iostream",
               "unordered_map", "map", "deque", "algorithm", "memory", "functional", "array",
               "optional", "list", "cstdint", "cstddef", "initializer_list"]


def inputs(root):
    paths = sorted(glob.glob(os.path.join(root, "examples", "*.cpp")) +
                   glob.glob(os.path.join(root, "test", "checks", "*.cpp")))
    result = []
    for path in paths:
        flags = compile_flags(path)
        if flags is not None:
            with open(path, encoding="utf-8") as f:
                result.append((os.path.relpath(path, root), f.read(), flags))
    return result


def build_pch(args):
    header = os.path.join(args.work, "fuzz-pch.h")
    with open(header, "w", encoding="utf-8") as f:
        f.writelines("#include <%s>\n" % h for h in PCH_HEADERS)
    pch = header + ".pch"
    subprocess.run([args.clangxx, "-std=c++17"] + PCH_BUILD_FLAGS + ["-x", "c++-header", header, "-o", pch],
                   check=True)
    return pch


def tidy_command(args, source, flags):
    cmd = [args.clang_tidy]
    if args.plugin:
        cmd += ["-load", args.plugin]
    return cmd + ["--config=" + CHECKS, "-fix", source, "--"] + flags


def mutant(seed, number, corpus):
    """The mutant numbered `number`: (input name, text, flags, operators applied).
    Input and operators are drawn from a generator seeded with (seed, number),
    not from the number itself, so that any subset of numbers (a shard, a
    bounded run) still meets every input and every operator."""
    rng = random.Random("%d:%d" % (seed, number))
    name, text, flags = corpus[rng.randrange(len(corpus))]
    applied = []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        start = rng.randrange(len(MUTATORS))
        for k in range(len(MUTATORS)):
            op = MUTATORS[(start + k) % len(MUTATORS)]
            result = op(text, rng)
            if result is not None and result != text:
                text = result
                applied.append(op.__name__)
                break
    return name, text, flags, applied


def has_conflict(output, compiled):
    """Whether clang-tidy dropped a fix that is not the compiler's own: its
    note follows the diagnostic whose fix it drops."""
    check = None
    for line in output.splitlines():
        match = DIAGNOSTIC.search(line)
        if match:
            check = match.group(1)
        elif OVERLAP in line and (compiled or not (check or "").startswith("clang-diagnostic-")):
            return True
    return False


def run_one(args, number, corpus, pch_ok):
    name, text, flags, applied = mutant(args.seed, number, corpus)
    work = os.path.join(args.work, "m%05d" % number)
    os.makedirs(work, exist_ok=True)
    source = os.path.join(work, os.path.basename(name))
    with open(source, "w", encoding="utf-8") as f:
        f.write(text)
    if args.pch and pch_ok.get(name):
        flags = flags + ["-include-pch", args.pch]
    cmd = tidy_command(args, source, flags)
    outcome = run_limited(cmd, args.cpu_limit)
    problems = []
    if outcome.verdict != "ok":
        problems.append("%s (exit %r)" % (outcome.verdict, outcome.returncode))
    compiled = not COMPILE_ERROR.search(outcome.output)
    if has_conflict(outcome.output, compiled):
        problems.append("conflicting fix-its")
    with open(source, encoding="utf-8") as f:
        fixed = f.read()
    if compiled and outcome.verdict == "ok" and fixed != text:
        check = subprocess.run([args.clangxx, "-fsyntax-only", source] + flags,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if check.returncode != 0:
            problems.append("the fixed mutant does not compile")
            outcome.output += "\n--- compiling the fixed mutant:\n" + check.stdout
    if problems:
        keep = os.path.join(args.work, "failures", "m%05d" % number)
        os.makedirs(keep, exist_ok=True)
        kept = os.path.join(keep, os.path.basename(name))
        with open(kept, "w", encoding="utf-8") as f:
            f.write(text)
        with open(os.path.join(keep, "repro.sh"), "w", encoding="utf-8") as f:
            f.write(" ".join(shlex.quote(c) for c in tidy_command(args, kept, flags)) + "\n")
        with open(os.path.join(keep, "output.txt"), "w", encoding="utf-8") as f:
            f.write(outcome.output)
    else:
        shutil.rmtree(work, ignore_errors=True)
    return number, name, applied, problems, compiled, fixed != text, outcome


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--clang-tidy", required=True)
    p.add_argument("--plugin", help="libC10Tidy.so, unless --clang-tidy has the module built in")
    p.add_argument("--clangxx", required=True, help="clang++ of the same LLVM version")
    p.add_argument("--root", required=True, help="the repository")
    p.add_argument("--work", required=True)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--mutants", type=int, default=200)
    p.add_argument("--shard", default="0/1")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--cpu-limit", type=int, default=60, help="CPU seconds per mutant")
    p.add_argument("--max-seconds", type=float, default=0,
                   help="stop starting mutants after this long (0: no limit)")
    p.add_argument("--no-pch", dest="use_pch", action="store_false")
    args = p.parse_args()
    shard, shards = (int(x) for x in args.shard.split("/"))
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    start = time.monotonic()
    corpus = inputs(args.root)
    args.pch = build_pch(args) if args.use_pch else None
    # An input whose own flags clash with the precompiled header runs without it.
    pch_ok, probed = {}, {}
    if args.pch:
        for name, _, flags in corpus:
            if tuple(flags) not in probed:
                probe = subprocess.run([args.clangxx, "-fsyntax-only", "-x", "c++", "-",
                                        "-include-pch", args.pch] + flags, input="",
                                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
                probed[tuple(flags)] = probe.returncode == 0
            pch_ok[name] = probed[tuple(flags)]
    numbers = [n for n in range(args.mutants) if n % shards == shard]
    print("mutation fuzz: seed %d, %d inputs, mutants %s of 0..%d, %d operators, pch %s"
          % (args.seed, len(corpus), args.shard, args.mutants - 1, len(MUTATORS),
             "yes" if args.pch else "no"), flush=True)

    counts = {"tried": 0, "compiled": 0, "fixed": 0, "failed": 0}
    by_verdict = {}
    stopped = False
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        pending = set()
        it = iter(numbers)
        while True:
            while len(pending) < args.jobs * 2 and not stopped:
                if args.max_seconds and time.monotonic() - start > args.max_seconds:
                    stopped = True
                    break
                n = next(it, None)
                if n is None:
                    stopped = True
                    break
                pending.add(pool.submit(run_one, args, n, corpus, pch_ok))
            if not pending:
                break
            done, pending = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for fut in done:
                number, name, applied, problems, compiled, fixed, outcome = fut.result()
                counts["tried"] += 1
                counts["compiled"] += compiled
                counts["fixed"] += fixed
                by_verdict[outcome.verdict] = by_verdict.get(outcome.verdict, 0) + 1
                if problems:
                    counts["failed"] += 1
                    print("FAIL m%05d %s [%s]: %s (kept in %s)" % (
                        number, name, ",".join(applied), "; ".join(problems),
                        os.path.join(args.work, "failures", "m%05d" % number)), flush=True)
                    for line in outcome.output.splitlines()[-25:]:
                        print("     " + line)
    elapsed = time.monotonic() - start
    print("mutation fuzz: %d mutants tried (%d compiled, %d changed by -fix), %d failed, "
          "verdicts %s, %.0f s" % (counts["tried"], counts["compiled"], counts["fixed"],
                                   counts["failed"], by_verdict, elapsed))
    if counts["tried"] < len(numbers):
        print("note: stopped after --max-seconds; %d of %d mutants not run"
              % (len(numbers) - counts["tried"], len(numbers)))
    return 1 if counts["failed"] or counts["tried"] == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
