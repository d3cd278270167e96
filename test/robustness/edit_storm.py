#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""c10-clangd under an edit storm: one LSP session, an example file, and a
stream of edits that pass through incomplete code -- a statement typed
character by character, a brace deleted and typed again, a function pasted
twice and removed -- with diagnostics and code actions requested after each.

Required: the server never dies, every request is answered (within
--timeout), and the resident set at the end is at most --rss-ratio times the
one after the first diagnostics, taken once the server has settled: clangd
goes on working on the opened file after it publishes them, so a sample taken
at once would measure the open, not the storm (docs/robustness.md). Prints
both RSS figures and the latency per edit (didChange to the diagnostics of
that version), p50 and p95. With --compare the same edits run a second time
in a session without clang-tidy checks, and both latency series are printed.

  edit_storm.py --clangd C10_CLANGD --source FILE [--edits N] [--seed S]
                [--compare] [--rss-ratio 1.5] [--flag=-std=c++17]
"""

import argparse
import os
import random
import re
import shutil
import sys
import tempfile
import time

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "integration"))
from lsp_client import LspClient, LspError, path_to_uri  # noqa: E402

STATEMENT = re.compile(r"^(\s+)(\S.*;)\s*$")


def edit_script(text, count, rng):
    """The texts the document goes through: `count` states after the original."""
    states = []
    lines = text.split("\n")
    statements = [i for i, l in enumerate(lines)
                  if STATEMENT.match(l) and not l.lstrip().startswith("//")]
    closers = [i for i, l in enumerate(lines) if l.strip() == "}"]
    functions = []
    for i, l in enumerate(lines):
        if re.match(r"^[A-Za-z].*\)\s*(const\s*)?\{\s*$", l):
            depth, j = 0, i
            while j < len(lines):
                depth += lines[j].count("{") - lines[j].count("}")
                if depth == 0:
                    break
                j += 1
            if j < len(lines):
                functions.append((i, j))
    current = list(lines)
    while len(states) < 2 * count:
        kind = rng.choice(("type", "type", "brace", "paste"))
        if kind == "type" and statements:
            # Delete a statement, then type it back one character at a time.
            i = rng.choice(statements)
            indent, stmt = STATEMENT.match(current[i]).groups()
            for n in range(0, len(stmt) + 1, max(1, len(stmt) // 12)):
                current[i] = indent + stmt[:n]
                states.append("\n".join(current))
            current[i] = indent + stmt
            states.append("\n".join(current))
        elif kind == "brace" and closers:
            i = rng.choice(closers)
            saved = current[i]
            current[i] = saved.replace("}", "", 1)
            states.append("\n".join(current))
            current[i] = saved
            states.append("\n".join(current))
        elif kind == "paste" and functions:
            a, b = rng.choice(functions)
            block = current[a:b + 1]
            pasted = current[:b + 1] + block + block + current[b + 1:]
            states.append("\n".join(pasted))
            states.append("\n".join(current))
    # clangd does not publish again for a text it has already seen last: no
    # two consecutive states are the same.
    distinct = []
    for state in [text] + states:
        if not distinct or state != distinct[-1]:
            distinct.append(state)
    return distinct[1:count + 1]


def rss_kb(pid, field="VmRSS"):
    with open("/proc/%d/status" % pid, encoding="ascii") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def settled_rss_kb(pid, quiet=1.0, limit=10.0):
    """The RSS once it has not changed by more than 1 MB for `quiet` seconds (at most
    `limit` seconds): clangd goes on working on an opened file after it has
    published the first diagnostics, so the storm's own growth is measured from here."""
    start = time.monotonic()
    last, since = rss_kb(pid), time.monotonic()
    while time.monotonic() - start < limit:
        time.sleep(0.1)
        now = rss_kb(pid)
        if abs(now - last) > 1024:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            break
    return rss_kb(pid)


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


class Session:
    def __init__(self, args, checks):
        self.tmp = tempfile.mkdtemp(prefix="c10-edit-storm-")
        self.src = os.path.join(self.tmp, os.path.basename(args.source))
        shutil.copyfile(args.source, self.src)
        with open(os.path.join(self.tmp, "compile_flags.txt"), "w", encoding="utf-8") as f:
            f.write("".join(fl + "\n" for fl in args.flags))
        with open(os.path.join(self.tmp, ".clangd"), "w", encoding="utf-8") as f:
            if checks:
                f.write("Diagnostics:\n  ClangTidy:\n    Add: [c10-*]\n"
                        "    FastCheckFilter: Loose\n")
            else:
                f.write("Diagnostics:\n  ClangTidy:\n    Remove: ['*']\n")
        with open(os.path.join(self.tmp, ".clang-tidy"), "w", encoding="utf-8") as f:
            f.write("Checks: '-*%s'\n" % (",c10-*" if checks else ""))
        env = dict(os.environ)
        env.pop("CLANGD_FLAGS", None)
        env["XDG_CONFIG_HOME"] = os.path.join(self.tmp, "xdg-config")
        self.client = LspClient([args.clangd, "--log=error", "--pretty=false",
                                 "--background-index=false", "--clang-tidy", "--enable-config",
                                 "--header-insertion=never", "--compile-commands-dir=" + self.tmp],
                                cwd=self.tmp, env=env)
        self.uri = path_to_uri(self.src)
        self.version = 0
        self.timeout = args.timeout

    def start(self, text):
        self.client.request("initialize", {
            "processId": os.getpid(), "rootUri": path_to_uri(self.tmp),
            "capabilities": {"textDocument": {
                "publishDiagnostics": {"versionSupport": True},
                "codeAction": {"codeActionLiteralSupport": {
                    "codeActionKind": {"valueSet": ["quickfix"]}}}}}}, timeout=self.timeout)
        self.client.notify("initialized", {})
        self.version = 1
        self.client.notify("textDocument/didOpen", {"textDocument": {
            "uri": self.uri, "languageId": "cpp", "version": 1, "text": text}})
        return self.wait_diagnostics(1)

    def wait_diagnostics(self, version):
        deadline = time.monotonic() + self.timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise LspError("no diagnostics for version %d within %.0f s" % (version,
                                                                                self.timeout))
            msg = self.client.next_notification(left)
            if msg is None:
                if self.client.closed:
                    raise LspError("c10-clangd exited (%r) waiting for diagnostics of version %d"
                                   % (self.client.proc.poll(), version))
                continue
            if msg.get("method") != "textDocument/publishDiagnostics":
                continue
            params = msg["params"]
            if params.get("uri") == self.uri and params.get("version", version) >= version:
                return params.get("diagnostics", [])

    def edit(self, text):
        """didChange, then the diagnostics of the new version and a code action over
        the whole file. Returns (latency in seconds, diagnostics)."""
        self.version += 1
        start = time.monotonic()
        self.client.notify("textDocument/didChange", {
            "textDocument": {"uri": self.uri, "version": self.version},
            "contentChanges": [{"text": text}]})
        diagnostics = self.wait_diagnostics(self.version)
        latency = time.monotonic() - start
        last = text.count("\n")
        self.client.request("textDocument/codeAction", {
            "textDocument": {"uri": self.uri},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": last, "character": 0}},
            "context": {"diagnostics": diagnostics[:20]}}, timeout=self.timeout)
        return latency, diagnostics

    def close(self):
        code = self.client.shutdown()
        shutil.rmtree(self.tmp, ignore_errors=True)
        return code


def storm(args, states, original, checks):
    label = "c10 checks" if checks else "no checks"
    session = Session(args, checks)
    try:
        first = session.start(original)
        pid = session.client.proc.pid
        rss_first = rss_kb(pid)
        rss_settled = settled_rss_kb(pid)
        c10 = sum(1 for d in first if str(d.get("code", "")).startswith("c10-"))
        latencies = []
        for n, text in enumerate(states):
            latency, _ = session.edit(text)
            latencies.append(latency)
            if session.client.proc.poll() is not None:
                raise LspError("c10-clangd exited after edit %d" % n)
        rss_end, hwm_end = rss_kb(pid), rss_kb(pid, "VmHWM")
    except LspError as e:
        print("edit storm (%s): FAIL: %s" % (label, e))
        print(session.client.stderr_tail())
        session.client.kill()
        return None
    code = session.close()
    result = {
        "label": label, "edits": len(latencies), "first_c10": c10,
        "p50": percentile(latencies, 0.5), "p95": percentile(latencies, 0.95),
        "max": max(latencies), "rss_first": rss_first, "rss_settled": rss_settled,
        "rss_end": rss_end, "hwm_end": hwm_end,
        "exit": code,
    }
    print("edit storm (%s): %d edits answered, c10 findings at open %d, latency p50 %.0f ms "
          "p95 %.0f ms max %.0f ms; RSS after first diagnostics %d MB, at the end %d MB "
          "(ratio %.2f), peak %d MB; settled after the open %d MB, at the end %.2fx that "
          "(limit %.2fx); shutdown exit %r" % (
              label, result["edits"], c10, 1000 * result["p50"], 1000 * result["p95"],
              1000 * result["max"], rss_first // 1024, rss_end // 1024, rss_end / rss_first,
              hwm_end // 1024, rss_settled // 1024, rss_end / rss_settled, args.rss_ratio,
              code), flush=True)
    return result


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--clangd", required=True)
    p.add_argument("--source", action="append", required=True,
                   help="example file (repeat: one session each)")
    p.add_argument("--flag", action="append", default=[], dest="flags")
    p.add_argument("--edits", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--timeout", type=float, default=120.0, help="seconds per answer")
    p.add_argument("--rss-ratio", type=float, default=1.5)
    p.add_argument("--compare", action="store_true", help="also run without checks")
    args = p.parse_args()
    args.clangd = os.path.abspath(args.clangd)
    args.flags = args.flags or ["-std=c++17"]
    sources = args.source
    failed = False
    start = time.monotonic()
    for source in sources:
        args.source = os.path.abspath(source)
        with open(args.source, encoding="utf-8") as f:
            original = f.read()
        states = edit_script(original, args.edits, random.Random(args.seed))
        print("edit storm: %s, %d edits, seed %d" % (os.path.basename(source), len(states),
                                                    args.seed), flush=True)
        with_checks = storm(args, states, original, checks=True)
        if with_checks is None:
            failed = True
            continue
        if with_checks["first_c10"] == 0:
            print("FAIL: no c10 finding at open: the checks did not run")
            failed = True
        if with_checks["exit"] != 0:
            print("FAIL: c10-clangd did not shut down cleanly (exit %r)" % with_checks["exit"])
            failed = True
        ratio = with_checks["rss_end"] / with_checks["rss_settled"]
        if ratio > args.rss_ratio:
            print("FAIL: RSS grew %.2fx during the storm (limit %.2fx)" % (ratio, args.rss_ratio))
            failed = True
        if args.compare:
            without = storm(args, states, original, checks=False)
            if without is None:
                failed = True
            else:
                print("edit storm: latency with/without c10 checks: p50 %.0f/%.0f ms (%.2fx), "
                      "p95 %.0f/%.0f ms (%.2fx); RSS at the end %d/%d MB (%.2fx)" % (
                          1000 * with_checks["p50"], 1000 * without["p50"],
                          with_checks["p50"] / without["p50"],
                          1000 * with_checks["p95"], 1000 * without["p95"],
                          with_checks["p95"] / without["p95"],
                          with_checks["rss_end"] // 1024, without["rss_end"] // 1024,
                          with_checks["rss_end"] / without["rss_end"]))
    print("edit storm: %s in %.0f s" % ("FAILED" if failed else "passed", time.monotonic() - start))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
