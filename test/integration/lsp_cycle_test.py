#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Integration test: c10-intrusive-ptr-cycle in c10-clangd, and what clangd
cannot see.

The check builds a graph of the refcounted classes it matches and analyses it
at the end of the translation unit. clang-tidy matches the whole translation
unit; clangd runs clang-tidy checks on the main file's top-level declarations
only (headers come from the preamble and are not traversed). This test pins
both sides down on one input:

  1. it writes a throw-away project (the source, the headers it includes,
     compile_flags.txt, a .clangd that enables the check with
     FastCheckFilter: Loose, a .clang-tidy with only this check), the same way
     lsp_clangd_test.py does;
  2. opens the source in clangd and waits until clangd is idle and quiet
     after its last publishDiagnostics;
  3. requires exactly --expect-count diagnostics with the check's code: each
     --expect-line LINE must carry one, whose message contains
     --expect-message and whose relatedInformation (the notes: one per edge of
     the cycle, plus the advice) contains every --expect-note text;
  4. with --tidy, runs clang-tidy (or c10-tidy) on the same project and
     requires a warning of the check on every --tidy-expect-line: cycles that
     clang-tidy finds and clangd does not are the documented limitation.

No quickfix is requested: the check gives advice, never a fix-it, and the test
fails if clangd offers one.

Exit status 0 on success, 1 on failure (with the step that failed, the
diagnostics received and the end of clangd's stderr), 2 on bad usage.

Example:
  lsp_cycle_test.py --clangd build/llvm-19/checks/tools/c10-clangd \\
      --tidy build/llvm-19/checks/tools/c10-tidy --flag=-std=c++17 \\
      --source Inputs/lsp_cycle.cpp --extra-file Inputs/lsp_cycle_observers.h \\
      --expect-line 10 --expect-message "between 'Child' and 'Module'" \\
      --expect-note "'Child::parent' holds a strong reference to 'Module'" \\
      --tidy-expect-line 10 --tidy-expect-line 23
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import LspError  # noqa: E402
from lsp_clangd_test import (TestFailure, format_diag, make_project,  # noqa: E402
                             run_in_clangd, wait_first_publish)

CHECK = "c10-intrusive-ptr-cycle"


def log(msg):
    print("lsp_cycle_test: " + msg, flush=True)


def parse_args(argv):
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--clangd", required=True, help="clangd executable with the c10 module")
    p.add_argument("--source", required=True, help="main file, opened in clangd")
    p.add_argument("--extra-file", action="append", default=[], metavar="FILE",
                   help="a header the source includes, copied next to it (repeat)")
    p.add_argument("--flag", action="append", default=[], dest="flags", metavar="FLAG",
                   help="compile flag (repeat; --flag=-std=c++17 for flags starting with '-')")
    p.add_argument("--expect-count", type=int, default=1,
                   help="number of diagnostics of the check clangd must report (default 1)")
    p.add_argument("--expect-line", type=int, action="append", default=[],
                   help="1-based line of a diagnostic clangd must report (repeat)")
    p.add_argument("--expect-message", default="",
                   help="each expected diagnostic's message must contain this")
    p.add_argument("--expect-note", action="append", default=[], metavar="TEXT",
                   help="some relatedInformation message of the diagnostic on the first "
                        "--expect-line must contain TEXT (repeat)")
    p.add_argument("--tidy", help="clang-tidy or c10-tidy to run on the same project")
    p.add_argument("--tidy-load", help="plugin for --tidy's -load (omit for c10-tidy)")
    p.add_argument("--tidy-expect-line", type=int, action="append", default=[],
                   help="1-based line where --tidy must warn (repeat)")
    p.add_argument("--timeout", type=float, default=120.0,
                   help="seconds to wait for diagnostics (default 120)")
    p.add_argument("--quiet-period", type=float, default=5.0,
                   help="seconds without a new publish, after clangd reports the file idle, "
                        "before the diagnostics are taken as final (default 5)")
    p.add_argument("--log-level", default="error", choices=["error", "info", "verbose"])
    p.add_argument("--keep-temp", action="store_true", help="do not delete the temp project")
    args = p.parse_args(argv)
    if os.sep in args.clangd:
        args.clangd = os.path.abspath(args.clangd)
    if args.tidy and os.sep in args.tidy:
        args.tidy = os.path.abspath(args.tidy)
    if args.expect_note and not args.expect_line:
        p.error("--expect-note needs an --expect-line")
    if args.tidy_expect_line and not args.tidy:
        p.error("--tidy-expect-line needs --tidy")
    if len(args.expect_line) > args.expect_count:
        p.error("more --expect-line than --expect-count")
    # What make_project and run_in_clangd of lsp_clangd_test.py read.
    args.check = CHECK
    args.flags_file = None
    args.fast_check_filter = "Loose"
    args.clangd_arg = []
    args.trace = False
    return args


def final_diagnostics(args, watcher):
    """The check's diagnostics in clangd's last publish, once clangd is idle
    and quiet: the first publish can come before clang-tidy ran."""
    deadline = time.monotonic() + args.timeout
    wait_first_publish(args, watcher, deadline)
    while not watcher.settle(args.quiet_period):
        if time.monotonic() >= deadline:
            raise TestFailure("wait-diagnostics", "clangd kept publishing for %.0fs"
                              % args.timeout)
    problems = watcher.config_problems(args.fast_check_filter)
    if problems:
        raise TestFailure("config", "clangd reported problems with the .clangd config "
                          "(is the check linked into this clangd?):\n  %s"
                          % "\n  ".join(problems))
    errors = watcher.compile_errors()
    if errors:
        raise TestFailure("compile-errors", "the file has compile errors:\n  %s"
                          % "\n  ".join(errors))
    return [d for d in watcher.publishes[-1] if d.get("code") == CHECK]


def check_diagnostics(args, diags):
    lines = [d["range"]["start"]["line"] + 1 for d in diags]
    log("clangd reported %s on line(s) %s" % (CHECK, lines))
    if len(diags) != args.expect_count:
        raise TestFailure("count", "expected %d diagnostic(s) of %s, got %d:\n  %s"
                          % (args.expect_count, CHECK, len(diags),
                             "\n  ".join(format_diag(d) for d in diags)))
    for i, line in enumerate(args.expect_line):
        at = [d for d in diags if d["range"]["start"]["line"] + 1 == line]
        if not at:
            raise TestFailure("line", "no diagnostic of %s on line %d" % (CHECK, line))
        diag = at[0]
        if args.expect_message not in diag.get("message", ""):
            raise TestFailure("message", "line %d: message does not contain %r: %s"
                              % (line, args.expect_message, diag.get("message")))
        if i > 0:
            continue
        related = diag.get("relatedInformation") or []
        notes = [r.get("message", "") for r in related]
        log("notes of line %d: %s" % (line, notes))
        for want in args.expect_note:
            if not any(want in n for n in notes):
                raise TestFailure("notes", "line %d: no relatedInformation containing %r; "
                                  "got:\n  %s" % (line, want, "\n  ".join(notes) or "(none)"))
        # Every note must point into the opened file at a real position.
        for r in related:
            loc = r.get("location") or {}
            if not loc.get("uri") or "range" not in loc:
                raise TestFailure("notes", "relatedInformation without a location: %r" % r)


def check_no_quickfix(args, client, uri, diags):
    """The check advises; clangd must not offer a quick fix for it."""
    for diag in diags:
        params = {"textDocument": {"uri": uri}, "range": diag["range"],
                  "context": {"diagnostics": [diag], "only": ["quickfix"]}}
        try:
            actions = client.request("textDocument/codeAction", params,
                                     timeout=args.timeout) or []
        except LspError as e:
            raise TestFailure("code-action", str(e))
        fixes = [a for a in actions if isinstance(a, dict) and a.get("edit")
                 and any(d.get("code") == CHECK for d in a.get("diagnostics") or [])]
        if fixes:
            raise TestFailure("code-action", "clangd offers a fix for %s, which has none: %r"
                              % (CHECK, [a.get("title") for a in fixes]))


def run_tidy(args, tmp, src):
    """clang-tidy over the whole translation unit: it must warn on every
    --tidy-expect-line, including those clangd is blind to."""
    cmd = [args.tidy]
    if args.tidy_load:
        cmd += ["-load", os.path.abspath(args.tidy_load)]
    cmd += ["--config={Checks: '-*,%s', WarningsAsErrors: ''}" % CHECK, src, "--"] + args.flags
    result = subprocess.run(cmd, cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    name = re.escape(os.path.basename(src))
    found = sorted({int(m.group(1)) for m in re.finditer(
        r"%s:(\d+):\d+: warning: .*\[%s\]" % (name, re.escape(CHECK)), result.stdout)})
    log("clang-tidy reported %s on line(s) %s" % (CHECK, found))
    missing = [l for l in args.tidy_expect_line if l not in found]
    if missing or result.returncode != 0:
        raise TestFailure("tidy", "clang-tidy (exit %d) did not warn on line(s) %s:\n%s"
                          % (result.returncode, missing, result.stdout))


def run(args):
    tmp, src, text = make_project(args)
    for extra in args.extra_file:
        shutil.copyfile(extra, os.path.join(tmp, os.path.basename(extra)))

    def exercise(client, watcher, uri):
        diags = final_diagnostics(args, watcher)
        check_diagnostics(args, diags)
        check_no_quickfix(args, client, uri, diags)
        if args.tidy:
            run_tidy(args, tmp, src)

    return run_in_clangd(args, "lsp_cycle_test", (tmp, src, text), exercise)


def main(argv=None):
    return run(parse_args(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":
    sys.exit(main())
