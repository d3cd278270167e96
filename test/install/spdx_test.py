#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Every tracked source and script file carries the project's licence as an
SPDX line: C/C++, Python, shell, CMake (and their configured templates), and
scripts known by their #! line. It stands at the top (after a #! line, a
coding line or a //===- banner line), or, in test inputs and examples whose
line numbers tests and docs quote, as the last line.

  spdx_test.py --source SOURCE_DIR
"""
import argparse
import os
import re
import subprocess
import sys

SPDX = "SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception"
SOURCE = re.compile(r"(\.(cpp|cc|c|h|hpp|py|sh|cmake)|CMakeLists\.txt|\.(cmake|py)\.in|"
                    r"/(postinst|prerm)\.in)$")


def is_source(root, path):
    if SOURCE.search(path):
        return True
    full = os.path.join(root, path)
    if os.path.splitext(path)[1] or not os.path.isfile(full):
        return False
    with open(full, "rb") as f:
        return f.read(2) == b"#!"


def tracked(root):
    out = subprocess.run(["git", "-C", root, "ls-files", "-z"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, check=False)
    if out.returncode != 0:
        return None
    return [p for p in out.stdout.decode().split("\0") if p]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--source", required=True)
    args = p.parse_args()
    files = tracked(args.source)
    if files is None:
        print("SKIPPED: %s is not a git checkout (the tracked files are unknown)" % args.source)
        return 77
    checked, missing = 0, []
    for path in files:
        full = os.path.join(args.source, path)
        if not os.path.isfile(full) or not is_source(args.source, path):
            continue
        checked += 1
        with open(full, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
        if not any(SPDX in line for line in lines[:3] + lines[-2:]):
            missing.append(path)
    print("%d source and script files, %d without the SPDX line" % (checked, len(missing)))
    for path in missing:
        print("  missing: " + path)
    return 1 if missing or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
