#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""cmake --install of a build tree, and the CMake package it installs.

  1. installs into a fresh prefix; every path carries the LLVM major, and the
     unversioned c10-tidy/c10-clangd exist exactly when the build asked for them;
  2. c10-tidy-N --version names the release and the LLVM major, --list-checks
     lists every c10 check without being told --checks;
  3. no installed text file names the prefix, the build or the source tree,
     and the prefix is moved before use (relocatable);
  4. the consumer project from the moved prefix: its build prints the finding;
     with WARNINGS_AS_ERRORS the build fails on it;
  5. a clang-tidy of another LLVM major stops the configure with an error
     naming both majors; so does asking for a major that is not installed.
"""

import argparse
import glob
import os
import re
import shutil

from harness import (CHECK, build_consumer, expect, expect_finding_as_warning, in_parallel,
                     log, main, run, scratch_dir)


def installed_paths(prefix):
    paths = []
    for root, dirs, files in os.walk(prefix):
        for name in files + [d for d in dirs if os.path.islink(os.path.join(root, d))]:
            paths.append(os.path.relpath(os.path.join(root, name), prefix))
    return sorted(paths)


def check_layout(prefix, n, unversioned):
    paths = installed_paths(prefix)
    log("%d files installed" % len(paths))
    versioned = re.compile(r"^(bin/c10-(tidy|clangd|tidy-report)-{0}|lib/c10-tidy/llvm-{0}/.*|"
                           r"lib/cmake/C10Tidy-{0}/.*|share/c10-tidy/llvm-{0}/.*|"
                           r"share/doc/c10-tidy-{0}/.*|share/man/man1/c10-(tidy|clangd|tidy-report)-{0}\.1\.gz)$"
                           .format(n))
    plain = {"bin/c10-tidy", "bin/c10-clangd", "bin/c10-tidy-report"}
    stray = [p for p in paths if not versioned.match(p) and p not in plain]
    expect(not stray, "every installed path carries LLVM %s" % n, "\n".join(stray))
    for p in ["bin/c10-tidy-%s" % n, "bin/c10-clangd-%s" % n,
              "lib/c10-tidy/llvm-%s/libC10Tidy.so" % n,
              "lib/cmake/C10Tidy-%s/C10TidyConfig.cmake" % n,
              "lib/cmake/C10Tidy-%s/C10TidyConfigVersion.cmake" % n,
              "share/c10-tidy/llvm-%s/sample.clang-tidy" % n,
              "share/c10-tidy/llvm-%s/sample.clangd" % n,
              "share/c10-tidy/llvm-%s/c10-tidy-lint.sh" % n,
              "share/c10-tidy/llvm-%s/doc/checks/%s.md" % (n, CHECK)]:
        expect(p in paths, "installed " + p)
    present = plain & set(paths)
    if unversioned:
        for p in sorted(plain):
            target = os.path.basename(p) + "-" + n
            expect(p in present and os.readlink(os.path.join(prefix, p)) == target,
                   "%s is a link to %s (C10TIDY_INSTALL_UNVERSIONED_NAMES)" % (p, target))
    else:
        expect(not present, "no unversioned names without C10TIDY_INSTALL_UNVERSIONED_NAMES",
               " ".join(sorted(present)))


def check_tools(prefix, n, version, source_dir):
    for tool in ["c10-tidy", "c10-clangd", "c10-tidy-report"]:
        out = run([os.path.join(prefix, "bin", "%s-%s" % (tool, n)), "--version"]).stdout
        expect(re.search(r"c10-tidy %s \(module built for LLVM %s\." % (re.escape(version), n),
                         out),
               "%s-%s --version names release %s and LLVM %s" % (tool, n, version, n), out)
    # c10-tidy-report finds its package, the check pages and costs.json in the prefix.
    fixes = os.path.join(prefix, "..", "empty-fixes.yaml")
    with open(fixes, "w") as f:
        f.write("---\nMainSourceFile: ''\nDiagnostics: []\n")
    out = run([os.path.join(prefix, "bin", "c10-tidy-report-%s" % n), "summary", fixes]).stdout
    expect("0 findings" in out and "costs.json not found" not in out,
           "c10-tidy-report-%s runs from the prefix with its costs" % n, out)
    listed = run([os.path.join(prefix, "bin", "c10-tidy-%s" % n), "--list-checks"],
                 cwd=prefix).stdout
    checks = sorted(os.path.basename(p)[:-3]
                    for p in glob.glob(os.path.join(source_dir, "docs", "checks", "c10-*.md")))
    missing = [c for c in checks if not re.search(r"^\s+%s$" % re.escape(c), listed, re.M)]
    expect(checks and not missing, "c10-tidy-%s --list-checks lists all %d c10 checks by default"
           % (n, len(checks)), "missing: %s\n%s" % (missing, listed))


def check_relocatable(prefix, forbidden):
    named = []
    for p in installed_paths(prefix):
        full = os.path.join(prefix, p)
        if os.path.islink(full) or os.path.getsize(full) > 1 << 20:
            continue  # the binaries; their paths are what the linker recorded
        with open(full, "rb") as f:
            data = f.read()
        named += ["%s names %s" % (p, d) for d in forbidden if d.encode() in data]
    expect(not named, "no installed text file names the prefix, build or source tree",
           "\n".join(named))


def test():
    p = argparse.ArgumentParser()
    p.add_argument("--build", required=True)
    p.add_argument("--source", required=True)
    p.add_argument("--llvm", required=True)
    p.add_argument("--version", required=True)
    p.add_argument("--unversioned", action="store_true")
    args = p.parse_args()
    n = args.llvm
    work = scratch_dir("install")
    prefix = os.path.join(work, "prefix")
    run(["cmake", "--install", args.build, "--prefix", prefix])
    check_layout(prefix, n, args.unversioned)
    check_tools(prefix, n, args.version, args.source)
    check_relocatable(prefix, [prefix, os.path.realpath(args.build), os.path.realpath(args.source)])

    moved = os.path.join(work, "moved")
    shutil.move(prefix, moved)
    log("moved the prefix to " + moved)
    # A clang-tidy from another LLVM: a script that answers --version like one.
    other = os.path.join(work, "clang-tidy-other")
    with open(other, "w") as f:
        f.write("#!/bin/sh\necho 'Debian LLVM version 14.0.6'\n")
    os.chmod(other, 0o755)

    def warns():
        configure, _ = expect_finding_as_warning(os.path.join(work, "consumer"), moved)
        expect("for LLVM %s: " % n in configure.stdout and
               os.path.join(moved, "lib/c10-tidy/llvm-%s/libC10Tidy.so" % n) in configure.stdout,
               "the consumer found the plugin in the moved prefix", configure.stdout)

    def fails_with_werror():
        _, build = build_consumer(os.path.join(work, "consumer-werror"), moved,
                                  ["-DCONSUMER_WARNINGS_AS_ERRORS=ON"])
        expect(build is not None and build.returncode != 0 and
               re.search(r"model\.cpp:5:\d+: error: .*\[%s,-warnings-as-errors\]" % CHECK,
                         build.stdout),
               "with WARNINGS_AS_ERRORS the finding is an error and the build fails",
               build.stdout if build else "")

    def refuses_other_clang_tidy():
        configure, build = build_consumer(os.path.join(work, "consumer-mismatch"), moved,
                                          ["-DC10Tidy_CLANG_TIDY=" + other])
        message = " ".join(configure.stdout.split())  # CMake wraps long messages
        expect(build is None and re.search(r"is clang-tidy of LLVM 14, but the c10-tidy plugin "
                                           r"\S+ was built for LLVM %s\b" % n, message),
               "a clang-tidy of LLVM 14 stops the configure, naming 14 and %s" % n,
               configure.stdout)

    def refuses_missing_major():
        missing = str(int(n) + 1)
        configure, _ = build_consumer(os.path.join(work, "consumer-missing"), moved,
                                      ["-DCONSUMER_COMPONENTS=llvm" + missing], build_it=False)
        expect(configure.returncode != 0 and
               "C10Tidy-%s/C10TidyConfig.cmake" % n in configure.stdout,
               "asking for LLVM %s, which is not installed, stops the configure and lists the "
               "LLVM %s package it turned down" % (missing, n), configure.stdout)

    in_parallel(warns, fails_with_werror, refuses_other_clang_tidy, refuses_missing_major)

if __name__ == "__main__":
    main(test)
