#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What runs by default, and the errors a wrong setup gets.

  1. c10-tidy-N with no --checks, in a project without a .clang-tidy, enables
     c10-* and no clang-analyzer-* check (clang-tidy's own default would add
     them all); with a .clang-tidy that asks for an analyzer check, it runs too.
     The pre-commit hook runs this same binary.
  2. c10-tidy-lint.sh (CI) likewise; c10tidy_enable() without a .clang-tidy: the target's clang-tidy command has
     --checks=-clang-analyzer-*,c10-*; with one, --checks=c10-*.
  3. find_package(C10Tidy) asking for an LLVM major no prefix has: the error
     names the major and the package to install.
  4. a clang-tidy that ignores -load ("request ignored", exit 0, like Debian's
     clang-tidy 14): the configure stops and says the plugin was not loaded.

  defaults_test.py --build BUILD --llvm N
"""
import argparse
import json
import os
import re
import stat

from harness import build_consumer, expect, main, run, scratch_dir, write


def listed_checks(tidy, source):
    out = run([tidy, "--list-checks", source, "--", "-std=c++17"]).stdout
    return [line.strip() for line in out.splitlines() if line.startswith("    ")]


def tidy_command(build):
    ninja = ""
    for name in ("build.ninja", os.path.join("CMakeFiles", "rules.ninja")):
        with open(os.path.join(build, name)) as f:
            ninja += f.read()
    m = re.search(r"--tidy=\"?([^\n]*?)--source", ninja) or re.search(r"(-load=\S+[^\n]*)", ninja)
    return m.group(1) if m else ninja[:3000]


def test():
    p = argparse.ArgumentParser()
    p.add_argument("--build", required=True)
    p.add_argument("--llvm", required=True)
    args = p.parse_args()
    work = scratch_dir("defaults")
    tidy = os.path.join(args.build, "checks", "tools", "c10-tidy")

    bare = os.path.join(work, "bare", "code.cpp")
    write(bare, "int f(int x) { return x; }\n")
    checks = listed_checks(tidy, bare)
    expect(any(c.startswith("c10-") for c in checks) and
           not any(c.startswith("clang-analyzer-") for c in checks),
           "c10-tidy-%s without a .clang-tidy: %d checks, all c10-*, no clang-analyzer-*"
           % (args.llvm, len(checks)), "\n".join(checks))
    configured = os.path.join(work, "configured", "code.cpp")
    write(configured, "int f(int x) { return x; }\n")
    write(os.path.join(work, "configured", ".clang-tidy"), "Checks: 'clang-analyzer-core.NullDereference'\n")
    checks = listed_checks(tidy, configured)
    expect("clang-analyzer-core.NullDereference" in checks and
           any(c.startswith("c10-") for c in checks),
           "with a .clang-tidy asking for an analyzer check: it and c10-* run", "\n".join(checks))

    # The CI script, in a project without a .clang-tidy.
    lint_script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts",
                               "c10-tidy-lint.sh")
    write(os.path.join(work, "bare", "build", "compile_commands.json"), json.dumps([{
        "directory": os.path.join(work, "bare"), "file": bare,
        "arguments": ["c++", "-std=c++17", "-c", bare]}]))
    r = run(["bash", lint_script, "-p", "build", "--llvm", args.llvm, "-j", "1", "--plugin",
             os.path.join(args.build, "checks", "libC10Tidy.so")], cwd=os.path.join(work, "bare"))
    expect("-checks=-clang-analyzer-*,c10-*" in r.stdout and "0 c10 finding(s)" in r.stdout,
           "c10-tidy-lint.sh without a .clang-tidy: c10-* alone", r.stdout)

    configure, _ = build_consumer(os.path.join(work, "consumer-bare"), args.build, build_it=False)
    expect(configure.returncode == 0, "the consumer configures", configure.stdout)
    command = tidy_command(os.path.join(work, "consumer-bare", "build"))
    expect("--checks=-clang-analyzer-*,c10-*" in command,
           "c10tidy_enable without a .clang-tidy: c10-* alone", command)
    configure, _ = build_consumer(os.path.join(work, "consumer-configured"), args.build,
                                  clang_tidy_file="Checks: '-*,readability-braces-around-statements'\n",
                                  build_it=False)
    command = tidy_command(os.path.join(work, "consumer-configured", "build"))
    expect(configure.returncode == 0 and "--checks=c10-*" in command and
           "clang-analyzer" not in command,
           "c10tidy_enable with a .clang-tidy: --checks=c10-* added to it", command)

    configure, _ = build_consumer(os.path.join(work, "consumer-missing"), args.build,
                                  ["-DCONSUMER_COMPONENTS=llvm17"], build_it=False)
    said = " ".join(configure.stdout.split())
    expect(configure.returncode != 0 and "not the requested LLVM 17" in said and
           "install c10-tidy-17" in said,
           "a major that is not installed: the error names it and the package to install",
           configure.stdout)

    fake = os.path.join(work, "fake-bin", "clang-tidy")
    write(fake, "#!/bin/sh\ncase \"$*\" in *--version*) echo 'LLVM version %s.1.0'; exit 0;; esac\n"
                "echo \"Error opening '$1': undefined symbol\" >&2\necho '  -load request ignored.' >&2\n"
                "exit 0\n" % args.llvm)
    os.chmod(fake, os.stat(fake).st_mode | stat.S_IXUSR)
    configure, _ = build_consumer(os.path.join(work, "consumer-ignored"), args.build,
                                  ["-DC10Tidy_CLANG_TIDY=" + fake], build_it=False)
    said = " ".join(configure.stdout.split())  # CMake wraps its messages
    expect(configure.returncode != 0 and "did not load the c10-tidy plugin" in said and
           "request ignored" in said,
           "a clang-tidy that ignores -load and exits 0 stops the configure", configure.stdout)


if __name__ == "__main__":
    main(test)
