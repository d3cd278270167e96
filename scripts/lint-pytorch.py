#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Lints PyTorch's own C++ (torch/csrc/jit, aten/src/ATen/core) with every c10
check, and optionally applies the fixes to a copy of the tree and recompiles.

Called by scripts/lint-pytorch.sh, which obtains the source tree; see
docs/pytorch.md. Steps:
  1. a compile database: the source tree's include paths first, then the
     libtorch-dev headers (installed under /usr/include, or --headers DIR,
     searched ahead of /usr/include);
  2. run-clang-tidy-N -load PLUGIN over it, each clang-tidy under a per-file
     time limit and /usr/bin/time, exporting fixes;
  3. a summary from the per-file logs: files linted, files that do not parse
     (with the first error, usually the missing header), crashes, hangs,
     findings per check, wall time, slowest files, peak memory;
  4. with --apply: the exported fixes applied by clang-apply-replacements-N
     to a copy of the tree (links to the original files; the files the fixes
     change are real copies), every changed file compiled with -fsyntax-only
     and the same flags (and the same prefix header when the fixes leave the
     headers alone), and a second lint pass over the changed files, which must
     export no fix.
Exit status: 0 when there is no crash, no hang and (with --apply) every
changed file compiles and the second pass offers nothing; 1 otherwise.
"""
import argparse
import collections
import concurrent.futures
import hashlib
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time

DIRS = ["torch/csrc/jit", "aten/src/ATen/core"]
WARNING = re.compile(r"^(/[^:]+):(\d+):(\d+): warning: (.*) \[(c10-[a-z-]+)\]$")
ERROR = re.compile(r"^(/[^:]+):(\d+):(\d+): (?:fatal )?error: (.*?)(?: \[clang-diagnostic-error\])?$")
MISSING = re.compile(r"'([^']+)' file not found")
FILE_PATH = re.compile(r"^\s*(?:-\s*)?FilePath:\s*'?([^'\n]+?)'?\s*$", re.M)


# libtorch-dev's headers that match the tree; set by --headers.
HEADERS = "/usr/include"
# Include directories searched ahead of the tree (an overlay of generated
# headers) and ahead of HEADERS (flatbuffers); set by --flatbuffers.
FIRST = []
SYSTEM = []


def include_flags(tree):
    # The source tree first (internal headers Debian does not ship), then the
    # libtorch-dev headers, which hold the generated ones (ATen/ops,
    # TensorBody.h). Headers unpacked elsewhere than /usr/include are searched
    # as system headers ahead of it (and of its libtorch of another release).
    unpacked = ["-isystem", HEADERS] if HEADERS != "/usr/include" else []
    return ["-I" + d for d in FIRST] + [
        "-I" + tree,
        "-I" + os.path.join(tree, "aten/src"),
        "-I" + os.path.join(tree, "torch/csrc/api/include"),
    ] + [f for d in SYSTEM for f in ("-isystem", d)] + unpacked + [
        "-I" + os.path.join(HEADERS, "torch/csrc/api/include"),
        "-I/usr/include/python3.11",
    ]


def compile_flags(tree):
    # The definitions libtorch's own build uses for its sources. Debian's
    # libonnx-dev ships only the ONNX_ML variant of the generated protobuf
    # header, in namespace onnx.
    return ["-std=c++17", "-fPIC", "-DCAFFE2_BUILD_MAIN_LIB", "-DTORCH_API_INCLUDE_EXTENSION_H=0",
            "-DONNX_ML=1", "-DONNX_NAMESPACE=onnx", "-Wno-everything"] + include_flags(tree)


def source_files(tree, only):
    files = []
    for d in only or DIRS:
        if os.path.isfile(os.path.join(tree, d)):
            files.append(os.path.join(tree, d))
            continue
        for root, _, names in os.walk(os.path.join(tree, d)):
            files += [os.path.join(root, n) for n in names if n.endswith(".cpp")]
    return sorted(files)


def write_database(path, tree, files, clangxx, extra=()):
    flags = compile_flags(tree) + list(extra)
    entries = [{"directory": tree, "file": f,
                "arguments": [clangxx] + flags + ["-c", f, "-o", "/dev/null"]} for f in files]
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "compile_commands.json"), "w") as out:
        json.dump(entries, out, indent=1)


def log_name(source):
    return hashlib.sha1(source.encode()).hexdigest()[:16]


def run_tidy(args, tree, files, work, plugin, tidy_wrapper_env, extra=()):
    """One run-clang-tidy pass; returns {file: record} from the wrapper's logs."""
    write_database(work, tree, files, "clang++-%s" % args.llvm, extra)
    logs = os.path.join(work, "logs")
    fixes = os.path.join(work, "fixes")
    for d in (logs, fixes):
        if not args.resume:
            shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d, exist_ok=True)
    # With --resume, a file that has a result from an earlier run keeps it.
    todo = [f for f in files if not os.path.exists(os.path.join(logs, log_name(f) + ".status"))]
    env = dict(os.environ, **tidy_wrapper_env, C10TIDY_LINT_LOGS=logs)
    cmd = ["run-clang-tidy-%s" % args.llvm, "-clang-tidy-binary", os.path.join(os.path.dirname(os.path.abspath(__file__)), "lint-pytorch-clang-tidy.sh"),
           "-load", plugin, "-config", "{Checks: '-*,c10-*'}", "-p", work,
           "-export-fixes", fixes, "-j", str(args.jobs), "-quiet"]
    # run-clang-tidy takes regular expressions; anchor each exact path.
    cmd += ["^%s$" % re.escape(f) for f in todo]
    start = time.time()
    left = args.stop_at - start
    if todo and left > 0:
        with open(os.path.join(work, "run-clang-tidy.log"), "a") as out:
            run = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True)
            try:
                run.wait(timeout=left)
            except subprocess.TimeoutExpired:
                # The time budget is spent: files not finished are "not linted".
                os.killpg(run.pid, signal.SIGKILL)
                run.wait()
    wall = time.time() - start
    records = {}
    for f in files:
        base = os.path.join(logs, log_name(f))
        rec = {"file": f, "status": None, "seconds": 0.0, "kb": 0, "warnings": [], "error": None,
               "fixes": fixes}
        try:
            with open(base + ".status") as s:
                status, seconds, kb = s.read().split()
            rec.update(status=int(status), seconds=float(seconds), kb=int(kb))
        except (OSError, ValueError):
            rec["status"] = "not linted"
        try:
            with open(base + ".log", errors="replace") as lg:
                text = lg.read()
        except OSError:
            text = ""
        rec["crash"] = "Stack dump:" in text or (isinstance(rec["status"], int) and rec["status"] > 128
                                                   and rec["status"] != 137)
        rec["hang"] = rec["status"] in (124, 137)
        seen = set()
        for line in text.splitlines():
            m = WARNING.match(line)
            if m and m.group(1) == f:
                key = (int(m.group(2)), int(m.group(3)), m.group(5))
                if key not in seen:
                    seen.add(key)
                    rec["warnings"].append((int(m.group(2)), int(m.group(3)), m.group(5), m.group(4)))
                continue
            m = ERROR.match(line)
            if m and rec["error"] is None:
                missing = MISSING.search(m.group(4))
                where = os.path.relpath(m.group(1), tree) if m.group(1).startswith(tree) else m.group(1)
                rec["error"] = ("missing header %s (included from %s)" % (missing.group(1), where) if missing
                                else "%s:%s: %s" % (where, m.group(2), m.group(4)))
        records[f] = rec
    return records, wall, fixes


def fix_files(fixes_dir):
    """The exported fix files and the replacements they hold, by main file."""
    import yaml  # python3-yaml comes with clang-tools
    by_main = collections.defaultdict(int)
    for name in os.listdir(fixes_dir):
        with open(os.path.join(fixes_dir, name)) as f:
            doc = yaml.safe_load(f) or {}
        n = sum(len(d.get("DiagnosticMessage", {}).get("Replacements") or []) for d in doc.get("Diagnostics") or [])
        by_main[doc.get("MainSourceFile", "")] += n
    return by_main


def summarize(records, wall, tree, out):
    rel = lambda f: os.path.relpath(f, tree)
    failed = [r for r in records.values() if r["error"]]
    crashes = [r for r in records.values() if r["crash"]]
    hangs = [r for r in records.values() if r["hang"]]
    unlinted = [r for r in records.values() if not isinstance(r["status"], int)]
    parsed = [r for r in records.values()
              if isinstance(r["status"], int) and not r["error"] and not r["crash"] and not r["hang"]]
    per_check = collections.Counter(w[2] for r in parsed for w in r["warnings"])
    out("files linted: %d of %d (%d parse, %d do not)"
        % (len(records) - len(unlinted), len(records), len(parsed), len(failed)))
    if unlinted:
        out("  not linted (time budget spent): %d files, e.g. %s"
            % (len(unlinted), ", ".join(rel(r["file"]) for r in unlinted[:3])))
    for r in sorted(failed, key=lambda r: r["file"]):
        out("  does not parse: %s: %s" % (rel(r["file"]), r["error"]))
    out("crashes: %d%s" % (len(crashes), "".join("\n  crash: " + rel(r["file"]) for r in crashes)))
    out("hangs: %d%s" % (len(hangs), "".join("\n  hang: " + rel(r["file"]) for r in hangs)))
    out("findings: %d in %d files" % (sum(per_check.values()), sum(1 for r in parsed if r["warnings"])))
    for check, n in sorted(per_check.items(), key=lambda kv: (-kv[1], kv[0])):
        out("  %5d %s" % (n, check))
    out("wall time: %.0f s" % wall)
    out("slowest files:")
    for r in sorted(records.values(), key=lambda r: -r["seconds"])[:5]:
        out("  %6.1f s %s" % (r["seconds"], rel(r["file"])))
    top = max(records.values(), key=lambda r: r["kb"]) if records else {"kb": 0, "file": tree}
    out("peak memory: %d MiB (%s)" % (top["kb"] // 1024, rel(top["file"])))
    return parsed, crashes, hangs, per_check


def write_findings(path, records, tree):
    with open(path, "w") as f:
        for r in sorted(records.values(), key=lambda r: r["file"]):
            if r["error"]:
                continue
            for line, col, check, msg in sorted(r["warnings"]):
                f.write("%s:%d:%d\t%s\t%s\n" % (os.path.relpath(r["file"], tree), line, col, check, msg))


# Headers most of the JIT includes; parsed once into a precompiled header
# that every file is linted with (parsing, not the checks, is most of the time).
PREFIX = ["ATen/ATen.h", "ATen/core/ivalue.h", "ATen/core/jit_type.h", "torch/csrc/jit/ir/ir.h",
          "torch/csrc/jit/ir/alias_analysis.h", "torch/csrc/jit/runtime/operator.h",
          "torch/csrc/jit/api/module.h", "torch/csrc/jit/jit_log.h"]


def build_pch(args, tree, work, out):
    header = os.path.join(work, "prefix.h")
    with open(header, "w") as f:
        f.write("".join("#include <%s>\n" % h for h in PREFIX))
    pch = header + ".pch"
    start = time.time()
    p = subprocess.run(["clang++-%s" % args.llvm, "-x", "c++-header"] + compile_flags(tree) +
                       ["-fpch-instantiate-templates", header, "-o", pch],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=False)
    if p.returncode != 0:
        out("prefix header does not build, linting without it:\n" + p.stdout[-2000:])
        return None
    out("prefix header (%d headers) precompiled in %.0f s" % (len(PREFIX), time.time() - start))
    return pch


def groups(tree, files):
    """The files in the order they are linted: the runtime, serializer, mobile
    runtime, API and ATen core first, the rest of the JIT after, the code
    generators last (most of them need CUDA)."""
    order = [("torch/csrc/jit/runtime/", "torch/csrc/jit/mobile/", "torch/csrc/jit/serialization/",
              "torch/csrc/jit/api/", "aten/src/ATen/core/"),
             ("torch/csrc/jit/ir/", "torch/csrc/jit/frontend/", "torch/csrc/jit/passes/",
              "torch/csrc/jit/backends/", "torch/csrc/jit/python/", "torch/csrc/jit/operator_upgraders/",
              "torch/csrc/jit/testing/", "torch/csrc/jit/jit_")]
    left = list(files)
    for prefixes in order:
        group = [f for f in left if os.path.relpath(f, tree).startswith(prefixes)]
        left = [f for f in left if f not in group]
        if group:
            yield group
    if left:
        yield left


def link_tree(tree, copy):
    """A copy of the parts of the tree the compile flags reach, made of
    symbolic links to the original files (tens of MB not copied); a file the
    fixes change is made a real copy before they are applied."""
    start = time.time()
    for d in ("torch", "aten", "c10", "caffe2"):
        for root, _, names in os.walk(os.path.join(tree, d)):
            target = os.path.join(copy, os.path.relpath(root, tree))
            os.makedirs(target, exist_ok=True)
            for n in names:
                os.symlink(os.path.join(root, n), os.path.join(target, n))
    return time.time() - start


def apply_fixes(args, tree, parsed, work, plugin, wrapper_env, out, pch):
    """Fixes applied to a copy of the tree; changed files recompiled; second pass."""
    copy = os.path.join(work, "tree")
    shutil.rmtree(copy, ignore_errors=True)
    linked = link_tree(tree, copy)
    applied = os.path.join(work, "fixes-copy")
    shutil.rmtree(applied, ignore_errors=True)
    os.makedirs(applied)
    # Each parsed file's fixes come from the pass that linted it; files that
    # do not parse have none that can be trusted.
    source_of = {r["file"]: r["fixes"] for r in parsed}
    targets = set()
    for fixes_dir in sorted(set(source_of.values())):
        for name in os.listdir(fixes_dir):
            with open(os.path.join(fixes_dir, name)) as f:
                text = f.read()
            main = re.search(r"^MainSourceFile:\s*'?([^'\n]+)'?", text, re.M)
            if not main or source_of.get(main.group(1)) != fixes_dir:
                continue
            with open(os.path.join(applied, log_name(main.group(1)) + ".yaml"), "w") as f:
                f.write(text.replace(tree + "/", copy + "/"))
            targets.update(os.path.relpath(t, tree) if t.startswith(tree + "/") else t
                           for t in FILE_PATH.findall(text))
    outside = sorted(t for t in targets if os.path.isabs(t))
    if outside:
        out("fixes outside the source tree, not applied: %s" % ", ".join(outside))
        return False
    # Never write through a link into the original tree.
    for t in targets:
        os.unlink(os.path.join(copy, t))
        shutil.copy2(os.path.join(tree, t), os.path.join(copy, t))
    out("copy of the tree: links made in %.0f s, %d files to fix copied" % (linked, len(targets)))
    p = subprocess.run(["clang-apply-replacements-%s" % args.llvm, applied],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=False)
    if p.returncode != 0:
        out("clang-apply-replacements failed (conflicting fixes?):\n" + p.stdout[-3000:])
        return False
    changed = []
    for r in parsed:
        relp = os.path.relpath(r["file"], tree)
        with open(r["file"], "rb") as a, open(os.path.join(copy, relp), "rb") as b:
            if a.read() != b.read():
                changed.append(os.path.join(copy, relp))
    out("fixes applied to a copy: %d files changed" % len(changed))
    if len(changed) < args.min_changed:
        out("expected at least %d changed files (--min-changed)" % args.min_changed)
        return False
    clangxx = "clang++-%s" % args.llvm
    # The prefix header's headers are unchanged when the fixes touch only the
    # linted .cpp files: the recompile and the second pass reuse it (the
    # copy's headers are links to the very files it was built from).
    mains = {os.path.relpath(r["file"], tree) for r in parsed}
    reuse = ["-include-pch", pch] if pch and targets <= mains else []
    if pch and not reuse:
        out("the fixes change headers: the recompile and the second pass parse without the prefix header")
    start = time.time()

    def syntax_only(f):
        return f, subprocess.run([clangxx, "-fsyntax-only"] + compile_flags(copy) + reuse + [f],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=False)

    broken = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for f, p in pool.map(syntax_only, changed):
            if p.returncode != 0:
                broken.append(f)
                out("  does not compile after the fixes: %s\n%s" % (os.path.relpath(f, copy), p.stdout[-3000:]))
    out("changed files compiling (-fsyntax-only, same flags): %d of %d (%.0f s)"
        % (len(changed) - len(broken), len(changed), time.time() - start))
    if not changed:
        return not broken
    second = os.path.join(work, "second-pass")
    shutil.rmtree(second, ignore_errors=True)
    args.stop_at = float("inf")  # the budget is for the first pass only
    records, wall, fixes2 = run_tidy(args, copy, changed, second, plugin, wrapper_env,
                                     ["-Wfatal-errors"] + reuse)
    more = {k: v for k, v in fix_files(fixes2).items() if v}
    left = sum(len(r["warnings"]) for r in records.values())
    out("second pass over the changed files: %d fixes offered, %d findings without a fix left (%.0f s)"
        % (sum(more.values()), left, wall))
    for f, n in sorted(more.items()):
        out("  still offers %d fixes: %s" % (n, os.path.relpath(f, copy)))
    write_findings(os.path.join(work, "second-pass-findings.tsv"), records, copy)
    return not broken and not more and not any(r["crash"] or r["hang"] for r in records.values())


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tree", required=True, help="the unpacked PyTorch source tree")
    ap.add_argument("--plugin", required=True, help="libC10Tidy.so for --llvm")
    ap.add_argument("--llvm", default="19")
    ap.add_argument("--headers", default="/usr/include",
                    help="the libtorch-dev headers of the tree's release (default: the installed ones)")
    ap.add_argument("--flatbuffers",
                    help="headers of the flatbuffers release that --headers' mobile_bytecode_generated.h was "
                         "generated for: searched ahead of /usr/include, and that generated header ahead of "
                         "the tree's (generated for another release)")
    ap.add_argument("--work", required=True, help="output directory (logs, fixes, findings, copy)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--timeout", type=int, default=600, help="per-file limit in seconds (a hang)")
    ap.add_argument("--resume", action="store_true",
                    help="keep the results of an earlier run in --work, lint only the files it did not finish")
    ap.add_argument("--budget", type=float, default=0,
                    help="seconds of linting after which no file is started (0: no limit); "
                         "files not reached are reported as not linted")
    ap.add_argument("--no-pch", action="store_true", help="parse every file from scratch (slower)")
    ap.add_argument("--apply", action="store_true", help="apply the fixes to a copy and recompile")
    ap.add_argument("--require-parse", action="store_true", help="fail when a file does not parse")
    ap.add_argument("--expect-counts", metavar="CHECK=N,...",
                    help="fail unless the findings per check are exactly these")
    ap.add_argument("--min-changed", type=int, default=0,
                    help="with --apply: fail when the fixes change fewer files")
    ap.add_argument("files", nargs="*", help="files relative to the tree (default: every .cpp under %s)"
                    % " and ".join(DIRS))
    args = ap.parse_args()
    global HEADERS
    HEADERS = os.path.realpath(args.headers)
    args.stop_at = time.time() + args.budget if args.budget > 0 else float("inf")
    tree = os.path.realpath(args.tree)
    work = os.path.realpath(args.work)
    os.makedirs(work, exist_ok=True)
    if args.flatbuffers:
        # The tree's mobile_bytecode_generated.h asserts the flatbuffers
        # release it was generated with; the packaged headers hold the one
        # regenerated for the packaged flatbuffers. An overlay directory
        # holding only that header is searched first.
        generated = "torch/csrc/jit/serialization/mobile_bytecode_generated.h"
        overlay = os.path.join(work, "overlay")
        if os.path.exists(os.path.join(HEADERS, generated)):
            os.makedirs(os.path.dirname(os.path.join(overlay, generated)), exist_ok=True)
            if not os.path.lexists(os.path.join(overlay, generated)):
                os.symlink(os.path.join(HEADERS, generated), os.path.join(overlay, generated))
            FIRST.append(overlay)
        SYSTEM.append(os.path.realpath(args.flatbuffers))
    report = open(os.path.join(work, "summary.txt"), "w")

    def out(line):
        print(line, flush=True)
        report.write(line + "\n")

    files = source_files(tree, args.files)
    wrapper_env = {"C10TIDY_LINT_TIDY": "clang-tidy-%s" % args.llvm,
                   "C10TIDY_LINT_TIMEOUT": str(args.timeout)}
    plugin = os.path.realpath(args.plugin)
    out("c10-tidy on PyTorch %s: LLVM %s, %d files, -j%d, per-file limit %d s"
        % (os.path.basename(tree), args.llvm, len(files), args.jobs, args.timeout))
    start = time.time()
    # The first error ends a file: one that does not parse is not linted.
    extra = ["-Wfatal-errors"]
    pch = None
    if not args.no_pch:
        pch = build_pch(args, tree, work, out) if not (args.resume and os.path.exists(
            os.path.join(work, "prefix.h.pch"))) else os.path.join(work, "prefix.h.pch")
        if pch:
            extra += ["-include-pch", pch]
    records = {}
    for n, group in enumerate(groups(tree, files)):
        got, wall, _ = run_tidy(args, tree, group, os.path.join(work, "pass-%d" % n), plugin, wrapper_env, extra)
        records.update(got)
        out("  pass %d: %d files in %.0f s" % (n, len(group), wall))
    # A file that does not parse after the prefix header may parse without
    # it: lint it again the plain way, and that result counts.
    retry = [f for f, r in records.items() if "-include-pch" in extra and (r["error"] or r["crash"]) and isinstance(r["status"], int)
             and not (r["error"] or "").startswith("missing header")]
    if retry:
        got, wall, _ = run_tidy(args, tree, retry, os.path.join(work, "pass-plain"), plugin, wrapper_env,
                                ["-Wfatal-errors"])
        # A file the budget left no time to lint again keeps its first result.
        records.update({f: r for f, r in got.items() if isinstance(r["status"], int)})
        out("  pass without the prefix header: %d files in %.0f s" % (len(retry), wall))
    parsed, crashes, hangs, per_check = summarize(records, time.time() - start, tree, out)
    write_findings(os.path.join(work, "findings.tsv"), records, tree)
    with open(os.path.join(work, "files.tsv"), "w") as f:
        for r in sorted(records.values(), key=lambda r: r["file"]):
            f.write("%s\t%s\t%.1f\t%d\t%d\t%s\n" % (os.path.relpath(r["file"], tree), r["status"], r["seconds"],
                                                   r["kb"], len(r["warnings"]), r["error"] or ""))
    ok = not crashes and not hangs
    if args.require_parse and len(parsed) != len(records):
        out("every file must parse here (--require-parse)")
        ok = False
    if args.expect_counts is not None:
        expected = {k: int(v) for k, v in (kv.split("=") for kv in args.expect_counts.split(",") if kv)}
        if expected != dict(per_check):
            out("findings per check differ from --expect-counts %s" % args.expect_counts)
            ok = False
    if args.apply:
        ok = apply_fixes(args, tree, parsed, work, plugin, wrapper_env, out, pch) and ok
    out("result: %s" % ("passed" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
