#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Execution round trip of the c10-* fix-its.

Every program in this directory (and every examples/*.cpp with a main) is
built against Debian's libtorch under AddressSanitizer and
UndefinedBehaviorSanitizer and run; a copy is rewritten with
`clang-tidy -fix` and every c10-* check, built and run the same way. A program
passes when

  - its first line's expectation holds: `// expect: fix — <reason>` programs
    are changed by the fix, `// expect: no-fix — <missing fact>` programs are
    left byte for byte as they were (examples/ must be changed);
  - the fixed copy prints the same stdout and ends with the same exit status
    and the same escaped exception (or none) as the original;
  - neither run reports a sanitizer error.

A program the fix leaves unchanged is not built or run (the same text runs
the same); --run-unchanged builds and runs it too, which checks the programs
themselves (deterministic, sanitizer-clean).

What each original printed is recorded in original_runs.json, keyed by the
program's text, the compiler, the flags and libtorch's version: where the
record matches, the original is not built and run again (it is the same
program on the same toolchain; the fixed copy still is), and any mismatch
(an edited program, another compiler or libtorch) runs the original as
before. Only a sanitizer-clean run that ended in time is recorded.
--record rewrites the file from this run's originals (with --run-unchanged:
every program the fixes change); --run-unchanged also runs
every original that has a record and fails when it prints something else
(a stale record or a program that is not deterministic).

  run_semantics.py --plugin libC10Tidy.so [--clang-tidy clang-tidy-19]
                   [--clangxx clang++-19] [--jobs 2] [--only GLOB] [--keep]
                   [--work DIR]

clang-tidy lints each program with the common headers precompiled (by the
clang++ of its own major), as the programs are built.

With `--compare-fixes-with OTHER_CLANG_TIDY --other-plugin OTHER.so` no
program is compiled or run: both clang-tidy builds fix a copy of every program,
and the warnings and notes on the program and the fixed texts must be
identical (one LLVM major says and proposes what the other does).
`--other-fixed-dir DIR` (the other build's `--work` of its execution run)
takes the other build's output and fixed text from there instead of linting
again, for each program whose fixed text there is newer than the other plugin
and the program.

Exit status: 0 all passed, 1 a program failed, 77 libtorch is missing (ctest's
SKIP_RETURN_CODE).
"""
import argparse
import concurrent.futures
import difflib
import fnmatch
import hashlib
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(HERE, os.pardir, "tools"))
from prefix_pch import BUILD_FLAGS as PCH_BUILD_FLAGS  # noqa: E402
SKIP = 77

TORCH_INCLUDES = ["/usr/include/torch/csrc/api/include"]
LIBS = ["-ltorch", "-ltorch_cpu", "-lc10"]
# The language mode and the warnings the lint sees are the build's too.
BASE_FLAGS = ["-std=c++17", "-Wno-deprecated-declarations"] + ["-I" + d for d in TORCH_INCLUDES]
# -O0 keeps every copy and move the source spells; the sanitizers stop at
# the first error so that a report cannot scroll past unnoticed. Line tables
# are all a report's frames need (file:line), and cheaper to build than -g.
SAN_FLAGS = ["-O0", "-gline-tables-only", "-fsanitize=address,undefined",
             "-fno-sanitize-recover=undefined"]
# Headers nearly every program includes, precompiled once per run.
COMMON_HEADERS = ["ATen/ATen.h", "ATen/core/ivalue.h", "ATen/core/List.h", "ATen/core/Dict.h",
                  "c10/util/intrusive_ptr.h", "algorithm", "functional", "iostream", "iterator",
                  "memory", "sstream", "string", "tuple", "utility", "vector"]
RUN_TIMEOUT = 120
# What each original printed, keyed by everything its behaviour depends on.
ORIGINAL_RUNS = os.path.join(HERE, "original_runs.json")
# clang-tidy's output of a program's lint, kept next to its fixed text.
LINT_OUTPUT = "clang-tidy.out"
DIAGNOSTIC_RE = re.compile(r"^\d+:\d+: (warning|error|note): ")
EXPECT_RE = re.compile(r"^//\s*expect:\s*(fix|no-fix)\b")
SANITIZER_RE = re.compile(r"ERROR: (AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer)|runtime error:")
EXCEPTION_RE = re.compile(r"terminate called after throwing an instance of '([^']*)'")


def libtorch_present():
    return (os.path.exists("/usr/include/ATen/core/ivalue.h")
            and all(os.path.isdir(d) for d in TORCH_INCLUDES)
            and any(os.path.exists(os.path.join(d, "libtorch_cpu.so"))
                    for d in ("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib")))


def run(cmd, timeout=None, cwd=None, env=None):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout,
                           cwd=cwd, env=env)
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode(errors="replace")
        err = (e.stderr or b"").decode(errors="replace")
        return "timeout", out, err


class Program:
    def __init__(self, path, kind):
        self.path = path
        self.kind = kind  # "semantics" or "example"
        self.name = ("examples/" if kind == "example" else "") + os.path.basename(path)[:-4]
        # An example exists to show its fix-its: one that is no longer
        # rewritten is a regression.
        self.expect = "fix"
        if kind == "semantics":
            with open(path, encoding="utf-8") as f:
                m = EXPECT_RE.match(f.readline())
            self.expect = m.group(1) if m else "missing"


def discover(args):
    progs = [Program(os.path.join(HERE, f), "semantics")
             for f in sorted(os.listdir(HERE)) if f.endswith(".cpp")]
    if not args.no_examples:
        ex = os.path.join(ROOT, "examples")
        for f in sorted(os.listdir(ex)) if os.path.isdir(ex) else []:
            if not f.endswith(".cpp"):
                continue
            with open(os.path.join(ex, f), encoding="utf-8") as fh:
                if re.search(r"^\s*int\s+main\s*\(", fh.read(), re.M):
                    progs.append(Program(os.path.join(ex, f), "example"))
    if args.only:
        progs = [p for p in progs if any(fnmatch.fnmatch(p.name, g) or fnmatch.fnmatch(os.path.basename(p.path), g)
                                         for g in args.only)]
    return progs


def lint_fix(tidy, plugin, src, dst, pch=None):
    """Copies src to dst and applies every c10-* fix-it there; returns (ok, output).
    With pch (built by the clang of tidy's LLVM major), the common headers come
    precompiled, as when the programs are built: the text and the flags the
    fix-its are decided on are the ones that are compiled and run."""
    shutil.copyfile(src, dst)
    # An explicit configuration: the work directory may lie inside the
    # repository, whose .clang-tidy turns warnings into errors.
    config = "{Checks: '-*,c10-*', WarningsAsErrors: '', CheckOptions: {}}"
    flags = BASE_FLAGS + (SAN_FLAGS + ["-include-pch", pch] if pch else [])
    rc, out, err = run([tidy, "-load", plugin, "--config=" + config, "-fix", dst, "--"] + flags,
                       timeout=600)
    text = out + err
    # clang-tidy exits non-zero on compile errors in the input and on a plugin
    # that failed to load; warnings alone leave it at 0.
    return rc == 0, text


def lld_flags(cxx):
    """-fuse-ld=lld when the compiler's own LLVM ships lld (Debian's lld-N):
    lld links against libtorch several times faster than GNU ld, and every
    program is linked once or twice. Without it, the default linker."""
    path = shutil.which(cxx)
    if path and os.access(os.path.join(os.path.dirname(os.path.realpath(path)), "ld.lld"), os.X_OK):
        return ["-fuse-ld=lld"]
    return []


def build(cxx, pch, src, exe, link_flags=()):
    obj = exe + ".o"
    cmd = [cxx] + BASE_FLAGS + SAN_FLAGS
    if pch:
        cmd += ["-include-pch", pch]
    rc, out, err = run(cmd + ["-c", src, "-o", obj], timeout=600)
    if rc != 0:
        return False, out + err
    rc, out, err = run([cxx] + SAN_FLAGS + list(link_flags) + [obj, "-o", exe] + LIBS, timeout=600)
    os.unlink(obj)
    return rc == 0, out + err


class Outcome:
    def __init__(self, rc, out, err):
        self.rc, self.out, self.err = rc, out, err
        m = SANITIZER_RE.search(err)
        self.sanitizer = None
        if m:
            # The report's first line names the error, e.g. heap-use-after-free.
            line = err[m.start():].splitlines()[0]
            self.sanitizer = line.strip()
        m = EXCEPTION_RE.search(err)
        self.exception = m.group(1) if m else None

    @classmethod
    def recorded(cls, entry):
        """An original's outcome read from original_runs.json (a clean run)."""
        outcome = cls(entry["exit"], entry["stdout"], "")
        outcome.exception = entry["exception"]
        return outcome

    def status(self):
        s = "exit %s" % self.rc
        if self.exception:
            s += ", uncaught %s" % self.exception
        return s


def toolchain_key(args):
    """The compiler's version, the flags and libtorch's version: what an
    original's recorded run was made with."""
    rc, out, err = run([args.clangxx, "--version"])
    compiler = out.splitlines()[0] if rc == 0 and out else args.clangxx
    torch = "unknown"
    try:
        with open(os.path.join(TORCH_INCLUDES[0], "torch/version.h"), encoding="utf-8") as f:
            m = re.search(r'#define TORCH_VERSION "([^"]+)"', f.read())
            torch = m.group(1) if m else torch
    except OSError:
        pass
    return "%s | %s | libtorch %s" % (compiler, " ".join(BASE_FLAGS + SAN_FLAGS), torch)


def record_key(args, text):
    return hashlib.sha256((args.toolchain + "\n" + text).encode()).hexdigest()


def load_records():
    try:
        with open(ORIGINAL_RUNS, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def as_record(key, outcome):
    return {"key": key, "stdout": outcome.out, "exit": outcome.rc, "exception": outcome.exception}


def execute(exe, workdir):
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=0:print_summary=1"
    env["UBSAN_OPTIONS"] = "print_stacktrace=1"
    rc, out, err = run([exe], timeout=RUN_TIMEOUT, cwd=workdir, env=env)
    return Outcome(rc, out, err)


def short_diff(a_text, b_text, a_name, b_name, limit=40):
    lines = list(difflib.unified_diff(a_text.splitlines(), b_text.splitlines(), a_name, b_name,
                                      lineterm="", n=1))
    if len(lines) > limit:
        lines = lines[:limit] + ["... (%d more diff lines)" % (len(lines) - limit)]
    return "\n".join(lines)


def sanitizer_excerpt(err, limit=8):
    lines = err.splitlines()
    for i, l in enumerate(lines):
        if SANITIZER_RE.search(l):
            # The error line and the first frames that name a source of ours.
            frames = [x for x in lines[i + 1:] if re.search(r"#\d+ .* in .*\.cpp:", x)]
            return "\n".join([l] + frames[:limit])
    return ""


def round_trip(prog, args, pch, work):
    d = os.path.join(work, prog.name.replace("/", "_"))
    os.makedirs(d, exist_ok=True)
    orig = os.path.join(d, "original.cpp")
    fixed = os.path.join(d, "fixed.cpp")
    shutil.copyfile(prog.path, orig)
    details = []
    if prog.expect == "missing":
        return False, "first line is not '// expect: fix|no-fix — ...'", ""

    ok, lint = lint_fix(args.clang_tidy, args.plugin, prog.path, fixed, pch)
    if not ok:
        return False, "clang-tidy failed", lint[-3000:]
    # What the other major's semantics-same-fixes compares its own output with.
    with open(os.path.join(d, LINT_OUTPUT), "w", encoding="utf-8") as f:
        f.write(lint)
    with open(orig, encoding="utf-8") as a, open(fixed, encoding="utf-8") as b:
        a_text, b_text = a.read(), b.read()
    changed = a_text != b_text
    fix_diff = short_diff(a_text, b_text, "original", "fixed") if changed else ""
    if fix_diff:
        details.append("fix:\n" + fix_diff)
    problems = []
    if prog.expect == "fix" and not changed:
        problems.append("expected a fix, the program was not changed")
    if prog.expect == "no-fix" and changed:
        problems.append("expected no fix, the program was changed")
    # A program -fix left byte for byte as it was runs the same by
    # construction (and clang-tidy compiled it); building and running it
    # would test the program, not the fix-its (--run-unchanged does).
    if not changed and not args.run_unchanged:
        if problems:
            return False, "; ".join(problems), lint[-3000:]
        return True, "unchanged (not run)", ""

    key = record_key(args, a_text)
    entry = args.records.get(prog.name)
    recorded = Outcome.recorded(entry) if entry and entry.get("key") == key else None
    if recorded and not args.run_unchanged and not args.record:
        before = recorded
        args.originals_read.append(prog.name)
    else:
        args.originals_run.append(prog.name)
        ok, log = build(args.clangxx, pch, orig, os.path.join(d, "original"), args.link_flags)
        if not ok:
            return False, "the original does not compile", log[-3000:]
        before = execute(os.path.join(d, "original"), d)
        if before.sanitizer:
            problems.append("the original is not sanitizer-clean: " + before.sanitizer)
            details.append(sanitizer_excerpt(before.err))
        if before.rc == "timeout":
            problems.append("the original timed out")
        if recorded and (before.out, before.rc, before.exception) != (
                recorded.out, recorded.rc, recorded.exception):
            problems.append("the original no longer does what original_runs.json recorded (%s "
                            "recorded, %s now)" % (recorded.status(), before.status()))
            details.append("output:\n" + short_diff(recorded.out, before.out, "recorded", "now"))
        # Only a program the fix changes reads its original's record.
        if changed and not before.sanitizer and before.rc != "timeout":
            args.new_records[prog.name] = as_record(key, before)

    if changed:
        ok, log = build(args.clangxx, pch, fixed, os.path.join(d, "fixed"), args.link_flags)
        if not ok:
            errors = "\n".join(l for l in log.splitlines() if "error:" in l)[:2000]
            problems.append("the fixed program does not compile")
            details.append(errors)
        else:
            after = execute(os.path.join(d, "fixed"), d)
            if after.out != before.out:
                problems.append("stdout differs")
                details.append("output:\n" + short_diff(before.out, after.out, "original", "fixed"))
            if (after.rc, after.exception) != (before.rc, before.exception):
                problems.append("%s before, %s after" % (before.status(), after.status()))
            if after.sanitizer and not before.sanitizer:
                problems.append("sanitizer error after the fix only: " + after.sanitizer)
                details.append(sanitizer_excerpt(after.err))
    if not args.keep:
        for f in ("original", "fixed"):
            p = os.path.join(d, f)
            if os.path.exists(p):
                os.unlink(p)
    if problems:
        return False, "; ".join(problems), "\n".join(x for x in details if x)
    what = "changed" if changed else "unchanged"
    source = ", original's run recorded" if before is recorded else ""
    return True, "%s, same output (%s%s)" % (what, before.status(), source), ""


def same_fixes(prog, args, pch, work):
    d = os.path.join(work, prog.name.replace("/", "_"))
    os.makedirs(d, exist_ok=True)
    mine = os.path.join(d, "fixed-this.cpp")
    theirs = os.path.join(d, "fixed-other.cpp")
    ok, my_lint = lint_fix(args.clang_tidy, args.plugin, prog.path, mine, pch)
    if not ok:
        return False, "clang-tidy failed", my_lint[-3000:]
    reused = other_build_fixed(prog, args)
    if reused:
        shutil.copyfile(reused, theirs)
        with open(os.path.join(os.path.dirname(reused), LINT_OUTPUT), encoding="utf-8") as f:
            their_lint = f.read()
    else:
        ok, their_lint = lint_fix(args.compare_fixes_with, args.other_plugin, prog.path, theirs)
        if not ok:
            return False, "the other clang-tidy failed", their_lint[-3000:]
    my_says, their_says = diagnostics_on(my_lint, mine), diagnostics_on(their_lint, reused or theirs)
    if my_says != their_says:
        return False, "the two builds warn differently", short_diff(
            "\n".join(my_says) + "\n", "\n".join(their_says) + "\n", args.clang_tidy, args.compare_fixes_with)
    with open(mine, encoding="utf-8") as a, open(theirs, encoding="utf-8") as b:
        a_text, b_text = a.read(), b.read()
    if a_text != b_text:
        return False, "the two builds fix differently", short_diff(a_text, b_text, args.clang_tidy,
                                                                    args.compare_fixes_with)
    with open(prog.path, encoding="utf-8") as f:
        changed = f.read() != a_text
    # A fix-it comes with its warning: none read means the output's file
    # names were not recognised, and the comparison above saw nothing.
    if changed and not any(" warning: " in line for line in their_says):
        return False, "no warning read from the clang-tidy outputs", my_lint[-3000:]
    return True, "same %d diagnostics, same fixed text (%s%s)" % (
        len(my_says), "changed" if changed else "unchanged",
        ", the other build's from its execution run" if reused else ""), ""


def diagnostics_on(lint, path):
    """clang-tidy's warnings, errors and notes located in the linted copy at
    path, as `line:col: kind: text` (the copies of the two builds have
    different names)."""
    prefix = path + ":"
    return [line[len(prefix):] for line in lint.splitlines()
            if line.startswith(prefix) and DIAGNOSTIC_RE.match(line[len(prefix):])]


def other_build_fixed(prog, args):
    """The other build's fixed text of prog from its execution run, when that
    run is newer than both the other plugin and the program and kept its
    output (else None)."""
    if not args.other_fixed_dir:
        return None
    path = os.path.join(args.other_fixed_dir, prog.name.replace("/", "_"), "fixed.cpp")
    output = os.path.join(os.path.dirname(path), LINT_OUTPUT)
    try:
        fresh_after = max(os.path.getmtime(args.other_plugin), os.path.getmtime(prog.path))
        return path if min(os.path.getmtime(path), os.path.getmtime(output)) >= fresh_after else None
    except OSError:
        return None


def build_pch(args, work):
    header = os.path.join(work, "common.h")
    with open(header, "w", encoding="utf-8") as f:
        f.writelines("#include <%s>\n" % h for h in COMMON_HEADERS)
    pch = header + ".pch"
    rc, out, err = run([args.clangxx] + BASE_FLAGS + SAN_FLAGS + PCH_BUILD_FLAGS +
                       ["-x", "c++-header", header, "-o", pch],
                       timeout=900)
    if rc != 0:
        print(out + err)
        return None
    return pch


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--clang-tidy", default="clang-tidy-19")
    ap.add_argument("--clangxx", default=None)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", action="append", help="glob over program names (repeatable)")
    ap.add_argument("--keep", action="store_true", help="keep the binaries and the work directory")
    ap.add_argument("--work", help="work directory (default: a temporary one)")
    ap.add_argument("--no-examples", action="store_true", help="skip examples/")
    ap.add_argument("--run-unchanged", action="store_true",
                    help="also build and run the programs -fix leaves unchanged (are they "
                         "deterministic and sanitizer-clean themselves?)")
    ap.add_argument("--compare-fixes-with", metavar="OTHER_CLANG_TIDY")
    ap.add_argument("--other-plugin")
    ap.add_argument("--other-fixed-dir", metavar="DIR",
                    help="the other build's execution work directory: its fixed texts are reused "
                         "where newer than its plugin and the program (no second lint)")
    ap.add_argument("--record", action="store_true",
                    help="rewrite original_runs.json with the originals this run built and ran")
    ap.add_argument("--verbose", action="store_true", help="print the details of passing programs too")
    args = ap.parse_args()
    args.clangxx_given = args.clangxx is not None
    if args.clangxx is None:
        args.clangxx = "clang++-19"
    if args.compare_fixes_with and not args.other_plugin:
        ap.error("--compare-fixes-with needs --other-plugin")
    if args.compare_fixes_with and not args.clangxx_given:
        # The precompiled headers must come from this clang-tidy's own major.
        args.clangxx = os.path.join(os.path.dirname(os.path.abspath(args.clang_tidy)), "clang++")

    if not libtorch_present():
        print("SKIPPED: libtorch (libtorch-dev) is not installed")
        return SKIP
    for tool in [args.clang_tidy, args.clangxx] + ([args.compare_fixes_with] if args.compare_fixes_with else []):
        if not shutil.which(tool):
            print("SKIPPED: %s not found" % tool)
            return SKIP

    args.link_flags = lld_flags(args.clangxx)
    args.toolchain = toolchain_key(args)
    args.records = load_records()
    args.new_records = {}
    args.originals_read, args.originals_run = [], []
    start = time.monotonic()
    work = args.work or tempfile.mkdtemp(prefix="c10-semantics-")
    if args.work:
        shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work, exist_ok=True)
    progs = discover(args)
    if not progs:
        print("no programs selected")
        return 1

    t0 = time.monotonic()
    pch = build_pch(args, work)
    pch_time = time.monotonic() - t0
    if not pch:
        print("FAIL: could not precompile the common headers")
        return 1
    if args.compare_fixes_with:
        job = lambda p: same_fixes(p, args, pch, work)
    else:
        job = lambda p: round_trip(p, args, pch, work)

    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {pool.submit(job, p): p for p in progs}
        for fut in concurrent.futures.as_completed(futures):
            p = futures[fut]
            try:
                ok, why, details = fut.result()
            except Exception as e:  # a bug of the driver, not of the program
                ok, why, details = False, "driver error: %r" % e, ""
            results[p.name] = (ok, why, details)
            tag = "PASS" if ok else "FAIL"
            expect = (" [expect %s]" % p.expect) if p.expect else ""
            print("%s %s%s: %s" % (tag, p.name, expect, why), flush=True)
            if details and (not ok or args.verbose):
                print("    " + details.replace("\n", "\n    "), flush=True)

    elapsed = time.monotonic() - start
    failed = sorted(n for n, r in results.items() if not r[0])
    n_fix = sum(1 for p in progs if p.kind == "semantics" and p.expect == "fix")
    n_nofix = sum(1 for p in progs if p.expect == "no-fix")
    n_ex = sum(1 for p in progs if p.kind == "example")
    mode = "same fixes" if args.compare_fixes_with else "execution"
    print()
    print("semantics (%s): %d programs (%d expect fix, %d expect no-fix, %d examples): %d passed, %d failed"
          % (mode, len(progs), n_fix, n_nofix, n_ex, len(progs) - len(failed), len(failed)))
    if failed:
        print("failed: " + " ".join(failed))
    # The CPU time of every tool and program run says what the stage costs on
    # a machine it does not share (wall time / jobs at best).
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = usage.ru_utime + usage.ru_stime
    print("stage time: %.0f s wall (precompiled header %.0f s), %.0f s CPU in the tools and programs, %d jobs, linker %s"
          % (elapsed, pch_time, cpu, args.jobs, "lld" if args.link_flags else "the default"))
    if not args.compare_fixes_with:
        print("originals: %d read from %s, %d built and run" % (
            len(args.originals_read), os.path.basename(ORIGINAL_RUNS), len(args.originals_run)))
    if args.record:
        # This run's programs get what it ran; the others (--only) keep theirs.
        ran = {p.name for p in progs}
        known = {p.name for p in discover(argparse.Namespace(only=None, no_examples=False))}
        kept = {n: e for n, e in args.records.items() if n in known and n not in ran}
        kept.update(args.new_records)
        with open(ORIGINAL_RUNS, "w", encoding="utf-8") as f:
            json.dump(kept, f, indent=1, sort_keys=True)
            f.write("\n")
        print("recorded %d originals in %s" % (len(args.new_records), ORIGINAL_RUNS))
    if not args.keep and not args.work:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
