#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Runs one c10-tidy check test: clang-tidy with the plugin, FileCheck on the
messages and on the fixed file, and a compile of the fixed file.

Used from lit RUN lines through the %check_c10_tidy substitution:

  // RUN: %check_c10_tidy %s c10-ivalue-ref-accessor %t
  // RUN: %check_c10_tidy %s c10-ivalue-ref-accessor %t \
  // RUN:   -config-options="{IValueClasses: '::fork::Value'}" -- -isystem %S/Inputs/fork

Expectations live in the test file, next to the line they are about:
  CHECK-MESSAGES  every warning (and error); any warning or error that no
                  CHECK-MESSAGES line matches fails the test
  CHECK-NOTES     notes, checked against the same output (optional)
  CHECK-FIXES     lines of the file after the fix-its are applied; a test
                  without CHECK-FIXES must come out of clang-tidy unchanged

-check-suffix=A selects CHECK-MESSAGES-A etc.; -check-suffix=A,B selects both
prefix sets at once (lines common to two RUN lines under A, the rest under B),
e.g. one input with the advice libtorch 1.13 and 2.6 share and the advice
that differs: `%if torch-2.6 %{ %check_c10_tidy -check-suffix=BOTH,V26 ... %}`.

The test file is copied with its CHECK comments blanked (line numbers stay),
clang-tidy runs with an explicit --config so that no .clang-tidy file of the
repository applies, and the fixed copy is compiled again with the same flags:
a fix-it that does not compile fails the test.

With --pch-cache DIR, the file's leading PyTorch includes come precompiled
(prefix_pch.py: the same text and flags, parsed once per header set).
"""

import argparse
import difflib
import os
import re
import shlex
import subprocess
import sys

from prefix_pch import pch_flags

CHECK_COMMENT = re.compile(r"//\s*CHECK-(MESSAGES|NOTES|FIXES)\S*:.*$")


def parse_args(argv):
    # Arguments after the first "--" are compile flags for the test file.
    compile_flags = []
    if "--" in argv:
        split = argv.index("--")
        argv, compile_flags = argv[:split], argv[split + 1:]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clang-tidy", required=True)
    parser.add_argument("--plugin", help="plugin to -load; omit for a binary with the module linked in")
    parser.add_argument("--filecheck", required=True)
    parser.add_argument("--clangxx", required=True, help="compiler that re-compiles the fixed file")
    parser.add_argument("--base-flags", default="", help="compile flags of the runtime configuration")
    parser.add_argument("--pch-cache", help="directory of precompiled prefix headers (built by --clangxx)")
    parser.add_argument("-config-options", "--config-options", default="",
                        help="YAML mapping of CheckOptions, keys without the check prefix")
    parser.add_argument("-check-suffix", "--check-suffix", default="",
                        help="use CHECK-MESSAGES-<SUFFIX> etc., for several RUN lines in one file; "
                             "a comma-separated list uses each suffix's prefixes")
    parser.add_argument("source")
    parser.add_argument("checks", help="the check name(s), a clang-tidy glob")
    parser.add_argument("temp", help="lit's %%t: a scratch path for this test")
    args = parser.parse_args(argv)
    args.compile_flags = shlex.split(args.base_flags) + compile_flags
    return args


def run(cmd, **kwargs):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kwargs)


def fail(message, output=None):
    sys.stderr.write("check_c10_tidy: " + message + "\n")
    if output:
        sys.stderr.write(output + "\n")
    sys.exit(1)


def clang_tidy_config(checks, options_yaml):
    """A --config value naming only the checks under test, with their options
    keyed by the full check name as clang-tidy expects."""
    options = []
    body = options_yaml.strip()
    if body:
        if not (body.startswith("{") and body.endswith("}")):
            fail("-config-options must be a YAML mapping in braces: " + options_yaml)
        for item in filter(None, (part.strip() for part in body[1:-1].split(","))):
            key, _, value = item.partition(":")
            options.append("'%s.%s': %s" % (checks, key.strip(), value.strip()))
    return "{Checks: '-*,%s', WarningsAsErrors: '', CheckOptions: {%s}}" % (checks, ", ".join(options))


def file_check(filecheck, input_path, source, prefixes, implicit_not=None):
    cmd = [filecheck, "--input-file=" + input_path, source, "--check-prefixes=" + ",".join(prefixes),
           "--dump-input=fail"]
    if len(prefixes) > 1:
        # A suffix's lines may all be of another kind (messages but no fixes).
        cmd.append("--allow-unused-prefixes")
    if implicit_not:
        cmd.append("--implicit-check-not=" + implicit_not)
    result = run(cmd)
    if result.returncode != 0:
        fail("FileCheck %s failed" % ",".join(prefixes), result.stdout)


def main():
    args = parse_args(sys.argv[1:])
    suffixes = ["-" + s.strip().upper() for s in args.check_suffix.split(",") if s.strip()] or [""]
    messages_prefix, notes_prefix, fixes_prefix = (
        tuple(kind + s for s in suffixes) for kind in ("CHECK-MESSAGES", "CHECK-NOTES", "CHECK-FIXES"))

    with open(args.source) as f:
        original = f.read()
    has = {p: any((q + ":") in original for q in p) for p in (messages_prefix, notes_prefix, fixes_prefix)}

    extension = os.path.splitext(args.source)[1] or ".cpp"
    work_dir = args.temp + ".dir"
    os.makedirs(work_dir, exist_ok=True)
    input_copy = os.path.join(work_dir, "input" + extension)
    fixed = os.path.join(work_dir, "fixed" + extension)
    blanked = "\n".join(CHECK_COMMENT.sub("", line) for line in original.split("\n"))
    for path in (input_copy, fixed):
        with open(path, "w") as f:
            f.write(blanked)

    tidy = [args.clang_tidy]
    if args.plugin:
        tidy += ["-load", args.plugin]
    tidy += ["--config=" + clang_tidy_config(args.checks, args.config_options), "-fix",
             "--header-filter=", fixed, "--"] + args.compile_flags
    tidy += pch_flags(args.pch_cache, args.clangxx, args.compile_flags, blanked)
    result = run(tidy)
    output = result.stdout
    output_path = os.path.join(work_dir, "clang-tidy.out")
    with open(output_path, "w") as f:
        f.write(output)
    sys.stdout.write("clang-tidy: " + " ".join(shlex.quote(a) for a in tidy) + "\n" + output)

    if re.search(r": error:|Error while processing", output) and not has[messages_prefix]:
        fail("clang-tidy reported errors", output)
    if has[messages_prefix]:
        file_check(args.filecheck, output_path, args.source, messages_prefix, "{{warning|error}}:")
    elif re.search(r": (warning|error):", output):
        fail("unexpected diagnostics (the test has no %s lines)" % "/".join(messages_prefix), output)
    if has[notes_prefix]:
        file_check(args.filecheck, output_path, args.source, notes_prefix)

    with open(fixed) as f:
        fixed_text = f.read()
    if has[fixes_prefix]:
        file_check(args.filecheck, fixed, args.source, fixes_prefix)
    elif fixed_text != blanked:
        diff = "".join(difflib.unified_diff(blanked.splitlines(True), fixed_text.splitlines(True),
                                            "input", "fixed"))
        fail("fix-its changed the file but the test has no %s lines" % "/".join(fixes_prefix), diff)

    # A fix-it must leave code that compiles. An unchanged file needs no second
    # compile: clang-tidy parsed exactly this text, and any error it reported has
    # already failed the test above.
    if fixed_text != blanked:
        compile_result = run([args.clangxx, "-fsyntax-only", fixed] + args.compile_flags +
                             pch_flags(args.pch_cache, args.clangxx, args.compile_flags, fixed_text))
        if compile_result.returncode != 0:
            fail("the fixed file does not compile", compile_result.stdout)


if __name__ == "__main__":
    main()
