#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The .deb installed on this machine for real, then purged: it changes the
system, so it runs only with C10TIDY_TEST_SYSTEM_INSTALL=1 and as root (ctest
reports it skipped otherwise). Uses the .deb package-deb built.

  1. apt-get install ./c10-tidy-N_*.deb (with the other major's package, when
     given, in the same transaction: they install side by side);
  2. plain c10-tidy is an alternative pointing at the newest c10-tidy-M;
  3. the consumer project, with no CMAKE_PREFIX_PATH, finds the package in
     /usr and its build prints the finding;
  4. apt-get purge: dpkg -L knows no file of the package, no file remains, the
     plain c10-tidy is gone with the last package.
"""

import argparse
import glob
import os
import sys

from harness import expect, expect_finding_as_warning, main, run, scratch_dir

SKIP = 77  # ctest's SKIP_RETURN_CODE for this test


def test():
    p = argparse.ArgumentParser()
    p.add_argument("--build", required=True)
    p.add_argument("--llvm", required=True)
    p.add_argument("--other-deb")
    p.add_argument("--other-llvm")
    args = p.parse_args()
    if os.environ.get("C10TIDY_TEST_SYSTEM_INSTALL") != "1" or os.geteuid() != 0:
        print("SKIPPED: set C10TIDY_TEST_SYSTEM_INSTALL=1 and run as root to install the .deb")
        sys.exit(SKIP)
    work = scratch_dir("system-install")
    debs = glob.glob(os.path.join(args.build, "package", "c10-tidy-%s_*.deb" % args.llvm))
    expect(len(debs) == 1, "package-deb left one .deb: %s" % debs)
    packages = {args.llvm: debs[0]}
    if args.other_deb:
        others = glob.glob(args.other_deb)
        expect(len(others) == 1, "found the LLVM %s package: %s" % (args.other_llvm, others))
        packages[args.other_llvm] = others[0]
    names = ["c10-tidy-%s" % n for n in packages]
    env = {"DEBIAN_FRONTEND": "noninteractive"}

    # A leftover from a failed run would make the install a no-op.
    run(["apt-get", "purge", "-y", "-q"] + names, env=env, check=False)
    try:
        run(["apt-get", "install", "-y", "-q", "--no-install-recommends"] + list(packages.values()),
            env=env)
        for n in packages:
            listed = run(["dpkg", "-L", "c10-tidy-%s" % n]).stdout
            expect("/usr/bin/c10-tidy-%s" % n in listed, "dpkg -L c10-tidy-%s lists its files" % n)
        newest = max(packages, key=int)
        expect(os.path.realpath("/usr/bin/c10-tidy") == "/usr/bin/c10-tidy-%s" % newest,
               "plain c10-tidy is the alternative for the newest major (%s)" % newest)
        configure, _ = expect_finding_as_warning(os.path.join(work, "consumer"), "")
        expect("/usr/lib/c10-tidy/llvm-%s/libC10Tidy.so" % newest in configure.stdout,
               "the consumer found the installed package in /usr", configure.stdout)
    finally:
        run(["apt-get", "purge", "-y", "-q"] + names, env=env)
    for n in packages:
        listed = run(["dpkg", "-L", "c10-tidy-%s" % n], check=False)
        expect(listed.returncode != 0, "after purge dpkg -L c10-tidy-%s lists nothing" % n,
               listed.stdout)
        expect(not os.path.exists("/usr/bin/c10-tidy-%s" % n) and
               not os.path.exists("/usr/lib/cmake/C10Tidy-%s" % n),
               "no file of c10-tidy-%s remains" % n)
    expect(not os.path.lexists("/usr/bin/c10-tidy") and not os.path.lexists("/usr/bin/c10-clangd"),
           "the plain c10-tidy and c10-clangd are gone")


if __name__ == "__main__":
    main(test)
