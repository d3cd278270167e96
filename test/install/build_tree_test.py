#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The CMake package straight from a build tree (-DCMAKE_PREFIX_PATH=<build>),
in a project whose .clang-tidy enables a check of its own: the build prints
both that check's finding and the c10 one, because c10tidy_enable's --checks
is added to what .clang-tidy enables, not put in its place."""

import argparse
import os

from harness import expect, expect_finding_as_warning, main, scratch_dir

OWN_CHECK = "readability-braces-around-statements"


def test():
    p = argparse.ArgumentParser()
    p.add_argument("--build", required=True)
    p.add_argument("--llvm", required=True)
    args = p.parse_args()
    work = scratch_dir("build-tree")
    configure, build = expect_finding_as_warning(
        os.path.join(work, "consumer"), args.build,
        clang_tidy_file="Checks: '-*,%s'\n" % OWN_CHECK)
    expect("for LLVM %s: " % args.llvm in configure.stdout and
           os.path.join(args.build, "checks", "libC10Tidy.so") in configure.stdout,
           "the consumer found the build tree's plugin", configure.stdout)
    expect("[%s]" % OWN_CHECK in build.stdout,
           "the project's own .clang-tidy check still runs next to c10-*", build.stdout)


if __name__ == "__main__":
    main(test)
