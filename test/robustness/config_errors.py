#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Configuration errors: every option of every c10-* check given wrong values,
and unknown check names and option keys.

The options are not listed here: they are read from the tool's own
--dump-config, so a new option is covered the day it is added. For each one
the wrong values of its kind (class-name lists: bad syntax, a keyword, empty,
separators only, a number; booleans: not a boolean, empty; enumerations: an
unknown name) must give a [clang-tidy-config] diagnostic that names the check
and the option, and no crash. Then:

  * unknown c10 check names and option keys through --verify-config, with the
    plugin (-load) and with c10-tidy: reported, with a suggestion;
  * c10-tidy in a normal run reports them itself (a plugin cannot);
  * c10-clangd (--clangd): what it shows for them in .clangd -- an unknown
    check is a diagnostic on the .clangd file.

  config_errors.py --clang-tidy T --plugin P --c10-tidy C [--clangd D] --work DIR
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "integration"))
from limits import run_limited  # noqa: E402

SOURCE = "struct S {};\nint main() { return 0; }\n"
CLASS_LIST_BAD = ["not a name", "c10::", "::", "a::::b", "1abc", "c10::IValue;c10::true", "",
                  " ; ", "42", "c10::IValue<int>", "std::vector*"]
BOOL_BAD = ["maybe", "", "2", "yes please"]
ENUM_BAD = ["bogus", ""]
TYPO_CHECK = "c10-ivalue-ref-acessor"
TYPO_OPTION = "c10-refcounted-copy.RefcountedClasse"


def options_of(c10_tidy, work, source):
    out = subprocess.run([c10_tidy, "--checks=-*,c10-*", "--dump-config", source, "--"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=work).stdout
    options = {}
    for m in re.finditer(r"^\s+(c10-[a-z0-9-]+)\.(\w+):\s*'?(.*?)'?\s*$", out, re.M):
        options[(m.group(1), m.group(2))] = m.group(3)
    return options


def kind_of(default):
    if default in ("true", "false"):
        return "bool", BOOL_BAD
    if default in ("llvm", "google"):
        return "enum", ENUM_BAD
    return "class names", CLASS_LIST_BAD


def yaml_quote(value):
    return "'" + value.replace("'", "''") + "'"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--clang-tidy", required=True)
    p.add_argument("--plugin", required=True)
    p.add_argument("--c10-tidy", required=True)
    p.add_argument("--clangd")
    p.add_argument("--work", required=True)
    args = p.parse_args()
    for tool in ("clang_tidy", "plugin", "c10_tidy", "clangd"):
        path = getattr(args, tool)
        if path and os.sep in path:
            setattr(args, tool, os.path.abspath(path))
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    start = time.monotonic()
    source = os.path.join(args.work, "t.cpp")
    with open(source, "w", encoding="utf-8") as f:
        f.write(SOURCE)
    failures = []
    options = options_of(args.c10_tidy, args.work, source)
    checks = sorted({c for c, _ in options})
    if len(options) < 10:
        failures.append("--dump-config lists only %d c10 options" % len(options))
    tried = 0
    for (check, option), default in sorted(options.items()):
        kind, bad_values = kind_of(default)
        for value in bad_values:
            tried += 1
            config = "{Checks: '-*,%s', CheckOptions: {%s.%s: %s}}" % (
                check, check, option, yaml_quote(value))
            outcome = run_limited([args.clang_tidy, "-load", args.plugin, "--config=" + config,
                                   source, "--"], 60, cwd=args.work)
            name = "%s.%s = %r (%s)" % (check, option, value, kind)
            if outcome.verdict != "ok":
                failures.append("%s: %s\n%s" % (name, outcome.verdict, outcome.output[-2000:]))
                continue
            diag = [l for l in outcome.output.splitlines() if "[clang-tidy-config]" in l]
            if not any("%s.%s" % (check, option) in l for l in diag):
                failures.append("%s: no [clang-tidy-config] diagnostic naming the option:\n%s"
                                % (name, outcome.output[-2000:]))
    print("config errors: %d checks, %d options, %d wrong values tried" % (
        len(checks), len(options), tried))

    # Unknown names through --verify-config: the plugin and c10-tidy.
    typo_config = "{Checks: '-*,%s,c10-refcounted-copy', CheckOptions: {%s: 'x'}}" % (
        TYPO_CHECK, TYPO_OPTION)
    expected = ["unknown check '%s'; did you mean 'c10-ivalue-ref-accessor'" % TYPO_CHECK,
                "unknown check option '%s'; did you mean '%ss'" % (TYPO_OPTION, TYPO_OPTION)]
    runs = {
        "clang-tidy -load --verify-config": [args.clang_tidy, "-load", args.plugin,
                                             "--verify-config", "--config=" + typo_config],
        "c10-tidy --verify-config": [args.c10_tidy, "--verify-config", "--config=" + typo_config],
        "c10-tidy (normal run)": [args.c10_tidy, "--config=" + typo_config, source, "--"],
    }
    for label, cmd in runs.items():
        outcome = run_limited(cmd, 60, cwd=args.work)
        missing = [e for e in expected if e not in outcome.output]
        if outcome.verdict != "ok" or missing:
            failures.append("%s: %s, missing %s:\n%s" % (label, outcome.verdict, missing,
                                                         outcome.output[-2000:]))
        else:
            print("%s: reports the unknown check and the unknown option" % label)
    # Only a misspelt check enabled: c10-tidy names it instead of just "no checks enabled".
    outcome = run_limited([args.c10_tidy, "--checks=-*,%s" % TYPO_CHECK, source, "--"], 60,
                          cwd=args.work)
    if expected[0] not in outcome.output or outcome.verdict != "ok":
        failures.append("c10-tidy with only a misspelt check: %s\n%s" % (
            outcome.verdict, outcome.output[-2000:]))

    if args.clangd:
        failures += clangd_config(args)
    for f in failures:
        print("FAIL " + f.replace("\n", "\n     "))
    print("config errors: %s, %d failures, %.0f s" % ("FAILED" if failures else "passed",
                                                     len(failures), time.monotonic() - start))
    return 1 if failures else 0


def clangd_config(args):
    """What c10-clangd shows for an unknown c10 check in .clangd: a diagnostic on
    the .clangd file, published when a source file is opened."""
    from lsp_client import LspClient, LspError, path_to_uri
    project = os.path.join(args.work, "clangd")
    os.makedirs(project)
    src = os.path.join(project, "t.cpp")
    with open(src, "w", encoding="utf-8") as f:
        f.write(SOURCE)
    with open(os.path.join(project, ".clangd"), "w", encoding="utf-8") as f:
        f.write("Diagnostics:\n  ClangTidy:\n    Add: [%s, c10-refcounted-copy]\n"
                "    FastCheckFilter: Loose\n    CheckOptions:\n      %s: x\n"
                % (TYPO_CHECK, TYPO_OPTION))
    with open(os.path.join(project, "compile_flags.txt"), "w", encoding="utf-8") as f:
        f.write("-std=c++17\n")
    env = dict(os.environ)
    env.pop("CLANGD_FLAGS", None)
    env["XDG_CONFIG_HOME"] = os.path.join(project, "xdg")
    client = LspClient([os.path.abspath(args.clangd), "--log=error", "--background-index=false",
                        "--enable-config", "--clang-tidy"], cwd=project, env=env)
    failures, messages = [], []
    try:
        client.request("initialize", {"processId": os.getpid(), "rootUri": path_to_uri(project),
                                      "capabilities": {}}, timeout=60)
        client.notify("initialized", {})
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": path_to_uri(src), "languageId": "cpp", "version": 1, "text": SOURCE}})
        deadline = time.monotonic() + 60
        got_source = False
        while time.monotonic() < deadline and not (got_source and messages):
            msg = client.next_notification(deadline - time.monotonic())
            if msg is None:
                break
            if msg.get("method") != "textDocument/publishDiagnostics":
                continue
            uri = msg["params"]["uri"]
            if uri.endswith("/.clangd"):
                messages += [d["message"] for d in msg["params"]["diagnostics"]]
            elif uri == path_to_uri(src):
                got_source = True
        if client.closed:
            failures.append("c10-clangd exited")
        client.shutdown()
    except LspError as e:
        failures.append("c10-clangd: %s" % e)
        client.kill()
    shown = [m for m in messages if TYPO_CHECK in m]
    print("c10-clangd on .clangd: %s" % ("; ".join(messages) or "no diagnostics"))
    if not shown:
        failures.append("c10-clangd shows nothing for the unknown check %s in .clangd (got %r)"
                        % (TYPO_CHECK, messages))
    return failures


if __name__ == "__main__":
    sys.exit(main())
