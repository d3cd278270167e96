#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Integration test: a clangd binary reports a clang-tidy check over LSP.

Drives clangd (stock clangd or our c10-clangd) the way an editor does:

  1. writes a throw-away project: the source file, compile_flags.txt, a
     .clangd enabling the check and a .clang-tidy with only that check;
  2. starts clangd on stdio, initialize / initialized / didOpen;
  3. waits for textDocument/publishDiagnostics carrying a diagnostic whose
     `code` is the check name (optionally with a message / line);
  4. asks textDocument/codeAction for it, checks there is a quickfix with a
     workspace edit, applies it and prints the fixed file;
  5. shutdown / exit.

With --negative it instead asserts that the check does NOT fire.

Exit status 0 on success, 1 on failure (with the step that failed, the
diagnostics received and the end of clangd's stderr), 2 on bad usage.

Example:
  lsp_clangd_test.py --clangd /usr/lib/llvm-19/bin/clangd \\
      --source t.cpp --flag=-std=c++17 \\
      --check readability-container-size-empty \\
      --expect-fix-text empty --expect-fixed-contains 'v.empty()'
"""

import argparse
import json
import os
import shutil
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import (LspClient, LspError, apply_text_edits,  # noqa: E402
                        path_to_uri, workspace_edit_text_edits)


class TestFailure(Exception):
    def __init__(self, step, message):
        super().__init__("[%s] %s" % (step, message))
        self.step = step


def log(msg):
    print("lsp_clangd_test: " + msg, flush=True)


def parse_args(argv):
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--clangd", required=True, help="clangd executable to test")
    p.add_argument("--source", required=True,
                   help="C++ source file; copied into the temp project under its own name")
    p.add_argument("--check", required=True, help="clang-tidy check name expected as diagnostic code")
    p.add_argument("--flag", action="append", default=[], dest="flags", metavar="FLAG",
                   help="compile flag for compile_flags.txt (repeat; use --flag=-std=c++17 "
                        "for flags starting with '-')")
    p.add_argument("--flags-file",
                   help="file with more compile flags, one per line (appended after --flag ones)")
    p.add_argument("--clangd-arg", action="append", default=[], metavar="ARG",
                   help="extra argument for clangd (repeat; use --clangd-arg=--foo)")
    p.add_argument("--expect-message", help="diagnostic message must contain this")
    p.add_argument("--expect-line", type=int, help="diagnostic must start on this 1-based line")
    p.add_argument("--expect-fix-text",
                   help="a text edit of the chosen quickfix must have newText containing this")
    p.add_argument("--expect-fixed-contains",
                   help="the document after applying the quickfix must contain this")
    p.add_argument("--no-fix", action="store_true",
                   help="do not ask for / require a quickfix (check has no fix-it)")
    p.add_argument("--negative", action="store_true",
                   help="assert the check does NOT fire on the file")
    p.add_argument("--timeout", type=float, default=120.0,
                   help="seconds to wait for diagnostics (default 120; parsing libtorch "
                        "headers is slow)")
    p.add_argument("--quiet-period", type=float, default=5.0,
                   help="seconds without new diagnostics (after clangd reports the file "
                        "idle) before concluding: --negative passes, a positive test "
                        "fails early instead of waiting for --timeout (default 5)")
    p.add_argument("--fast-check-filter", default="Loose", choices=["Strict", "Loose", "None"],
                   help="value for .clangd Diagnostics.ClangTidy.FastCheckFilter. Loose "
                        "(default) runs checks clangd does not know, i.e. our out-of-tree "
                        "checks; stock checks clangd knows to be slow (e.g. "
                        "readability-container-size-empty) need None")
    p.add_argument("--allow-config-warnings", action="store_true",
                   help="do not fail when clangd reports problems in the generated .clangd "
                        "(e.g. \"check 'x' was not found\", \"check 'x' is slow\")")
    p.add_argument("--allow-compile-errors", action="store_true",
                   help="--negative: do not fail when the file has compile errors (by "
                        "default they fail the test, as they can hide a missed match)")
    p.add_argument("--trace", action="store_true",
                   help="log every notification received from clangd")
    p.add_argument("--log-level", default="error", choices=["error", "info", "verbose"],
                   help="clangd --log level (stderr tail is shown on failure)")
    p.add_argument("--keep-temp", action="store_true", help="do not delete the temp project")
    args = p.parse_args(argv)
    # clangd runs with the temp project as its cwd: resolve the path now.
    if os.sep in args.clangd:
        args.clangd = os.path.abspath(args.clangd)
    else:
        args.clangd = shutil.which(args.clangd) or args.clangd
    if args.negative and (args.expect_fix_text or args.expect_fixed_contains):
        p.error("--negative cannot be combined with fix expectations")
    if args.no_fix and (args.expect_fix_text or args.expect_fixed_contains):
        p.error("--no-fix cannot be combined with fix expectations")
    return args


# ------------------------------------------------------------ project setup

def make_project(args):
    """Create the temp project; return (dir, source path, source text)."""
    tmp = tempfile.mkdtemp(prefix="c10-lsp-test-")
    src = os.path.join(tmp, os.path.basename(args.source))
    shutil.copyfile(args.source, src)

    flags = list(args.flags)
    if args.flags_file:
        with open(args.flags_file, encoding="utf-8") as f:
            flags += [l.strip() for l in f if l.strip()]
    with open(os.path.join(tmp, "compile_flags.txt"), "w", encoding="utf-8") as f:
        f.write("".join(fl + "\n" for fl in flags))

    # clangd's own config: turn the check on. FastCheckFilter: Loose lets
    # checks run that clangd has no speed data for (all out-of-tree checks);
    # the default (Strict) silently skips them. Checks clangd knows to be
    # slow only run with None (clangd then reports a config diagnostic on
    # .clangd, shown in failure reports).
    with open(os.path.join(tmp, ".clangd"), "w", encoding="utf-8") as f:
        f.write("Diagnostics:\n"
                "  ClangTidy:\n"
                "    Add: [%s]\n"
                "    FastCheckFilter: %s\n" % (args.check, args.fast_check_filter))
    # A .clang-tidy without InheritParentConfig stops clangd from merging
    # .clang-tidy files of parent directories and removes clangd's default
    # checks, so only our check can produce clang-tidy diagnostics.
    with open(os.path.join(tmp, ".clang-tidy"), "w", encoding="utf-8") as f:
        f.write("Checks: '-*,%s'\n" % args.check)
    # Private XDG config home, so a user config (~/.config/clangd/config.yaml)
    # cannot change the result.
    os.makedirs(os.path.join(tmp, "xdg-config"))

    with open(src, encoding="utf-8") as f:
        text = f.read()
    return tmp, src, text


def clangd_argv(args, tmp):
    # All these flags exist in clangd 19 and 22. --clang-tidy and
    # --enable-config are the defaults; passed explicitly so a
    # CLANGD_FLAGS in the environment cannot turn them off (we also drop
    # CLANGD_FLAGS from the environment, see run_in_clangd()).
    return [args.clangd,
            "--log=" + args.log_level,
            "--pretty=false",
            "--background-index=false",
            "--clang-tidy",
            "--enable-config",
            "--header-insertion=never",
            "--compile-commands-dir=" + tmp,
            ] + list(args.clangd_arg)


def initialize_params(tmp):
    return {
        "processId": os.getpid(),
        "clientInfo": {"name": "c10-tidy-lsp-test", "version": "1"},
        "rootUri": path_to_uri(tmp),
        "workspaceFolders": [{"uri": path_to_uri(tmp), "name": "test"}],
        "capabilities": {
            "window": {"workDoneProgress": True},
            "textDocument": {
                "synchronization": {"didSave": False},
                "publishDiagnostics": {
                    "relatedInformation": True,
                    "codeDescriptionSupport": True,
                    "versionSupport": True,
                },
                "codeAction": {
                    "codeActionLiteralSupport": {
                        "codeActionKind": {"valueSet": ["quickfix"]},
                    },
                },
            },
        },
        # clangd extension: textDocument/clangd.fileStatus notifications
        # ("parsing includes", "idle", ...). "idle" after a publish tells us
        # clangd is done with the file; the last state shows in reports.
        "initializationOptions": {"clangdFileStatus": True},
    }


# ------------------------------------------------------------- diagnostics

class DiagnosticsWatcher:
    """Collects publishDiagnostics for one URI and clangd's file status."""

    def __init__(self, client, uri, trace=False):
        self.client = client
        self.uri = uri
        self.trace = trace
        self.publishes = []      # list of diagnostic lists, in arrival order
        self.last_status = None  # last textDocument/clangd.fileStatus state
        # True when clangd reported the file "idle" after the last publish:
        # the AST is built and diagnosed, nothing more will come unless the
        # file or a header changes.
        self.idle_after_publish = False

    def poll(self, timeout):
        """Process notifications for up to `timeout` s; return True as soon as
        a new publishDiagnostics for our URI arrived, False on timeout."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            msg = self.client.next_notification(left)
            if msg is None:
                if self.client.closed:
                    raise TestFailure("wait-diagnostics",
                                      "clangd exited (code %r) while we waited for diagnostics"
                                      % self.client.proc.poll())
                return False
            method = msg.get("method")
            params = msg.get("params") or {}
            if self.trace:
                log("<- %s %s" % (method, json.dumps(params)[:300]))
            if method == "textDocument/publishDiagnostics" and params.get("uri") == self.uri:
                self.publishes.append(params.get("diagnostics", []))
                self.idle_after_publish = False
                return True
            if method == "textDocument/clangd.fileStatus" and params.get("uri") == self.uri:
                self.last_status = params.get("state")
                if self.publishes and self.last_status == "idle":
                    self.idle_after_publish = True
            # Everything else (window/logMessage, $/progress, diagnostics for
            # other files such as a broken .clangd) is only recorded by the
            # client in all_notifications.

    def settle(self, quiet_period):
        """Wait until clangd is idle after its last publish and nothing new
        arrived for `quiet_period` s. Returns True if settled, False if a new
        publish arrived (the caller should look at it)."""
        while True:
            if self.poll(quiet_period):
                return False
            if self.idle_after_publish or self.last_status is None:
                # Idle, or the server sends no file status at all: the quiet
                # period alone has to do.
                return True

    def latest_other_diagnostics(self):
        """{uri: latest diagnostics} for files other than ours (e.g. .clangd)."""
        latest = {}
        for n in self.client.all_notifications:
            p = n.get("params") or {}
            if (n.get("method") == "textDocument/publishDiagnostics"
                    and p.get("uri") != self.uri):
                latest[p.get("uri")] = p.get("diagnostics", [])
        return latest

    def config_problems(self, fast_check_filter):
        """clangd reports problems in .clangd as diagnostics on that file,
        e.g. "Clang-tidy check 'x' was not found" (check not linked in) or
        "... is slow. It will only run if ClangTidy.FastCheckFilter is None".
        clangd 19 and 22 emit the "is slow" warning even when the filter IS
        None (the check then runs), so it is ignored in that case; likewise
        "Latency ... is not known" under Loose or None."""
        problems = []
        for uri, diags in self.latest_other_diagnostics().items():
            if not (uri and uri.endswith("/.clangd")):
                continue
            for d in diags:
                message = d.get("message", "")
                if fast_check_filter == "None" and "is slow" in message:
                    continue
                # Out-of-tree checks have no latency data; with Loose or None
                # clangd says so and runs them anyway.
                if fast_check_filter in ("Loose", "None") and "is not known" in message:
                    continue
                problems.append(format_diag(d))
        return problems

    def compile_errors(self):
        """Error-severity diagnostics in the latest publish for our file."""
        if not self.publishes:
            return []
        return [format_diag(d) for d in self.publishes[-1] if d.get("severity") == 1]

    def report(self):
        lines = ["publishDiagnostics received for the file: %d" % len(self.publishes)]
        for i, diags in enumerate(self.publishes):
            lines.append("  publish #%d: %d diagnostic(s)" % (i + 1, len(diags)))
            for d in diags:
                lines.append("    " + format_diag(d))
        for uri, diags in sorted(self.latest_other_diagnostics().items()):
            if diags:
                lines.append("  diagnostics for other file %s:" % uri)
                for d in diags:
                    lines.append("    " + format_diag(d))
        if self.last_status is not None:
            lines.append("last clangd file status: %s" % self.last_status)
        return "\n".join(lines)


def format_diag(d):
    start = d.get("range", {}).get("start", {})
    return "line %s col %s [%s/%s] %s" % (
        start.get("line", -1) + 1, start.get("character", -1) + 1,
        d.get("source", "?"), d.get("code", "-"), d.get("message", "").replace("\n", " | "))


def diag_matches(args, d):
    if d.get("code") != args.check:
        return False
    if args.expect_message and args.expect_message not in d.get("message", ""):
        return False
    if args.expect_line and d["range"]["start"]["line"] + 1 != args.expect_line:
        return False
    return True


def describe_expectation(args):
    want = "code %r" % args.check
    if args.expect_message:
        want += ", message containing %r" % args.expect_message
    if args.expect_line:
        want += ", line %d" % args.expect_line
    return want


def wait_first_publish(args, watcher, deadline):
    while not watcher.publishes:
        if time.monotonic() >= deadline:
            raise TestFailure("wait-diagnostics",
                              "no publishDiagnostics for the file within %.0fs"
                              % args.timeout)
        watcher.poll(deadline - time.monotonic())


def wait_for_diagnostic(args, watcher):
    """Positive mode: wait until a matching diagnostic is published.

    clangd may publish a list without it first (e.g. empty); we keep
    waiting until the timeout, except that we stop early once clangd says
    the file is idle after a publish and stays quiet for --quiet-period s:
    then no further publish is coming."""
    try:
        return _wait_for_diagnostic(args, watcher)
    except TestFailure:
        problems = watcher.config_problems(args.fast_check_filter)
        if problems:
            raise TestFailure("config", "no diagnostic with %s, and clangd reported "
                              "problems with the .clangd config:\n  %s"
                              % (describe_expectation(args), "\n  ".join(problems)))
        raise


def _wait_for_diagnostic(args, watcher):
    deadline = time.monotonic() + args.timeout
    wait_first_publish(args, watcher, deadline)
    checked = 0
    while True:
        for diags in watcher.publishes[checked:]:
            for d in diags:
                if diag_matches(args, d):
                    return d
        checked = len(watcher.publishes)
        left = deadline - time.monotonic()
        if left <= 0:
            raise TestFailure("wait-diagnostics", "no diagnostic with %s within %.0fs"
                              % (describe_expectation(args), args.timeout))
        if watcher.poll(min(left, args.quiet_period)):
            continue
        if watcher.idle_after_publish:
            raise TestFailure("wait-diagnostics",
                              "clangd finished the file (status idle) without a "
                              "diagnostic with %s" % describe_expectation(args))


def assert_no_diagnostic(args, watcher):
    """Negative mode: clangd publishes once per AST build, clang-tidy results
    included. After the first publish, wait until clangd is idle and quiet
    for --quiet-period s, then make sure no publish carried the check."""
    deadline = time.monotonic() + args.timeout
    wait_first_publish(args, watcher, deadline)
    while not watcher.settle(args.quiet_period):
        if time.monotonic() >= deadline:
            break
    hits = [d for diags in watcher.publishes for d in diags if d.get("code") == args.check]
    if hits:
        raise TestFailure("negative", "check %s fired although it must not:\n  %s"
                          % (args.check, "\n  ".join(format_diag(d) for d in hits)))
    # A pass is only meaningful if the check really ran on a sound AST.
    problems = watcher.config_problems(args.fast_check_filter)
    if problems and not args.allow_config_warnings:
        raise TestFailure("config", "clangd reported problems with the .clangd config, "
                          "so the check may not have run (--allow-config-warnings to "
                          "ignore):\n  %s" % "\n  ".join(problems))
    errors = watcher.compile_errors()
    if errors and not args.allow_compile_errors:
        raise TestFailure("compile-errors", "the file has compile errors, which can hide "
                          "a missed match (fix the flags, or --allow-compile-errors):\n  %s"
                          % "\n  ".join(errors))


# -------------------------------------------------------------- code action

def check_fix(args, client, uri, text, diag):
    params = {
        "textDocument": {"uri": uri},
        "range": diag["range"],
        "context": {"diagnostics": [diag], "only": ["quickfix"]},
    }
    try:
        actions = client.request("textDocument/codeAction", params, timeout=args.timeout)
    except LspError as e:
        raise TestFailure("code-action", str(e))
    actions = actions or []
    log("codeAction returned %d item(s): %s" % (
        len(actions), [a.get("title") for a in actions]))

    # CodeAction literals of kind quickfix that carry an edit. (A bare
    # Command has "command" as a string and no edit: not usable here.)
    candidates = [a for a in actions
                  if isinstance(a, dict) and a.get("kind") == "quickfix" and a.get("edit")]
    if not candidates:
        raise TestFailure("code-action", "no quickfix CodeAction with an edit for the "
                          "diagnostic; got:\n%s" % json.dumps(actions, indent=2))

    # Prefer actions attached to our diagnostic's code, then isPreferred ones.
    def rank(a):
        attached = any(d.get("code") == args.check for d in a.get("diagnostics") or [])
        return (not attached, not a.get("isPreferred", False))
    candidates.sort(key=rank)

    if args.expect_fix_text:
        def has_text(a):
            return any(args.expect_fix_text in e.get("newText", "")
                       for edits in workspace_edit_text_edits(a["edit"]).values()
                       for e in edits if isinstance(e, dict) and "newText" in e)
        good = [a for a in candidates if has_text(a)]
        if not good:
            raise TestFailure("code-action", "no quickfix has a text edit whose newText "
                              "contains %r; quickfixes:\n%s"
                              % (args.expect_fix_text, json.dumps(candidates, indent=2)))
        candidates = good

    action = candidates[0]
    log("using quickfix: %r" % action.get("title"))
    per_uri = workspace_edit_text_edits(action["edit"])
    for other in per_uri:
        if other != uri:
            log("note: quickfix also edits %s (not applied)" % other)
    edits = per_uri.get(uri, [])
    if not edits:
        raise TestFailure("code-action", "quickfix has no text edit for the opened file: %s"
                          % json.dumps(action["edit"]))
    fixed = apply_text_edits(text, edits)
    print("----- fixed document -----")
    print(fixed, end="" if fixed.endswith("\n") else "\n")
    print("----- end fixed document -----", flush=True)
    if args.expect_fixed_contains and args.expect_fixed_contains not in fixed:
        raise TestFailure("apply-fix", "fixed document does not contain %r"
                          % args.expect_fixed_contains)


# ------------------------------------------------------------------ session

def run_in_clangd(args, name, project, exercise):
    """Start clangd on `project` (what make_project() returns), open its
    source, call exercise(client, watcher, uri), then shut clangd down and
    require a clean exit. Shared by the LSP tests; `name` prefixes their log.

    Returns 0, or 1 after printing the step that failed, the diagnostics
    received and the end of clangd's stderr. The temp project is deleted
    unless the test failed or --keep-temp was given."""
    def log(msg):
        print("%s: %s" % (name, msg), flush=True)

    tmp, src, text = project
    uri = path_to_uri(src)
    env = dict(os.environ)
    env.pop("CLANGD_FLAGS", None)
    env["XDG_CONFIG_HOME"] = os.path.join(tmp, "xdg-config")
    argv = clangd_argv(args, tmp)
    log("temp project: %s" % tmp)
    log("starting: %s" % " ".join(argv))

    client = None
    watcher = None
    ok = False
    try:
        try:
            client = LspClient(argv, cwd=tmp, env=env)
        except OSError as e:
            raise TestFailure("start", "cannot start %s: %s" % (args.clangd, e))
        watcher = DiagnosticsWatcher(client, uri, trace=args.trace)

        try:
            init = client.request("initialize", initialize_params(tmp), timeout=args.timeout)
            info = (init or {}).get("serverInfo") or {}
            log("server: %s %s" % (info.get("name", "?"), info.get("version", "?")))
            client.notify("initialized", {})
            client.notify("textDocument/didOpen", {"textDocument": {
                "uri": uri, "languageId": "cpp", "version": 1, "text": text}})
        except LspError as e:
            raise TestFailure("initialize", str(e))

        exercise(client, watcher, uri)

        try:
            client.request("shutdown", None, timeout=30)
            client.notify("exit")
            code = client.proc.wait(timeout=30)
        except Exception as e:  # LspError or subprocess.TimeoutExpired
            raise TestFailure("shutdown", "clean shutdown failed: %s" % e)
        if code != 0:
            raise TestFailure("shutdown", "clangd exited with code %r" % code)
        ok = True
        if args.trace:
            log("server->client requests answered: %s" % client.server_requests)
        log("PASS")
        return 0
    except TestFailure as e:
        print("%s: FAIL %s" % (name, e), file=sys.stderr)
        if watcher is not None:
            print(watcher.report(), file=sys.stderr)
        if client is not None:
            if client.server_requests:
                print("server->client requests: %s" % sorted(set(client.server_requests)),
                      file=sys.stderr)
            client.kill()
            print("----- clangd stderr (tail) -----\n%s\n----- end stderr -----"
                  % (client.stderr_tail() or "(empty)"), file=sys.stderr)
        sys.stderr.flush()
        return 1
    finally:
        if client is not None:
            client.kill()  # no-op when it already exited
        if args.keep_temp or not ok:
            log("temp project kept: %s" % tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


# --------------------------------------------------------------------- main

def run(args):
    tmp, src, text = make_project(args)

    def exercise(client, watcher, uri):
        if args.negative:
            assert_no_diagnostic(args, watcher)
            log("OK: %s did not fire (%d publish(es) seen)"
                % (args.check, len(watcher.publishes)))
        else:
            diag = wait_for_diagnostic(args, watcher)
            log("got diagnostic: " + format_diag(diag))
            if not args.no_fix:
                check_fix(args, client, uri, text, diag)

    return run_in_clangd(args, "lsp_clangd_test", (tmp, src, text), exercise)


def main(argv=None):
    return run(parse_args(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":
    sys.exit(main())
