#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Debian's lintian on the .deb that package-deb built: no error, and no warning
that the package's lintian overrides do not name (each override says why).

  lintian_test.py --build BUILD --llvm N
"""
import argparse
import glob
import os
import re
import shutil
import sys

from harness import expect, log, main, run


def test():
    p = argparse.ArgumentParser()
    p.add_argument("--build", required=True)
    p.add_argument("--llvm", required=True)
    args = p.parse_args()
    if not shutil.which("lintian"):
        print("SKIPPED: lintian is not installed (scripts/bootstrap.sh installs it)")
        sys.exit(77)
    debs = glob.glob(os.path.join(args.build, "package", "c10-tidy-%s_*.deb" % args.llvm))
    expect(len(debs) == 1, "package-deb left one c10-tidy-%s .deb: %s" % (args.llvm, debs))
    # --fail-on none: the tags are judged here; -i would add explanations.
    out = run(["lintian", "--fail-on", "none", "--display-level", ">=warning",
               "--show-overrides", debs[0]], timeout=300).stdout
    log(out)
    tags = [line for line in out.splitlines() if re.match(r"^[EWO]: ", line)]
    errors = [t for t in tags if t.startswith("E: ")]
    warnings = [t for t in tags if t.startswith("W: ")]
    overridden = [t for t in tags if t.startswith("O: ")]
    log("lintian %s: %d errors, %d warnings, %d overridden"
        % (os.path.basename(debs[0]), len(errors), len(warnings), len(overridden)))
    expect(not errors, "lintian reports no error", "\n".join(errors))
    expect(not warnings, "lintian reports no warning that is not overridden", "\n".join(warnings))


if __name__ == "__main__":
    main(test)
