#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The Debian package, without installing it on this machine.

  1. cpack builds c10-tidy-N_<version>_<arch>.deb from the build tree;
  2. dpkg-deb -I: it depends on clang-tidy-N and on what dpkg-shlibdeps found,
     and registers the unversioned names with update-alternatives;
  3. dpkg-deb -c: every path carries N, none is an unversioned tool;
  4. dpkg-deb -x into an empty root: the consumer project, given only that root,
     finds the package there and its build prints the finding;
  5. with --other-deb (the package of another major): no path is in both
     packages; unpacked into one root, find_package picks the newest major by
     default and the other on request (COMPONENTS llvmM, or -DC10TIDY_LLVM_VERSION=M),
     and both lint.
"""

import argparse
import glob
import os
import re

from harness import (build_consumer, expect, expect_finding_as_warning, in_parallel, log, main,
                     run, scratch_dir)


def deb_paths(deb):
    out = run(["dpkg-deb", "-c", deb]).stdout
    # "-rwxr-xr-x root/root 123 2024-01-01 00:00 ./usr/bin/c10-tidy-19"
    paths = [line.split(None, 5)[5].split(" -> ")[0] for line in out.splitlines()]
    return {p[1:] for p in paths if not p.endswith("/")}


def check_deb(deb, n):
    info = run(["dpkg-deb", "-I", deb]).stdout
    log(info)
    depends = re.search(r"^ Depends: (.*)$", info, re.M)
    expect(depends and re.search(r"(^|, )clang-tidy-%s(,|$| \()" % n, depends.group(1)),
           "Depends names clang-tidy-%s" % n, info)
    expect(re.search(r"(^|, )libc6 \(>=", depends.group(1)) and
           re.search(r"(^|, )libstdc\+\+6 \(>=", depends.group(1)),
           "Depends has the libraries dpkg-shlibdeps found (libc6, libstdc++6)", info)
    expect(re.search(r"(^|, )python3(,|$)", depends.group(1)) and
           re.search(r"(^|, )python3-yaml(,|$)", depends.group(1)),
           "Depends names python3 and python3-yaml (c10-tidy-report-%s)" % n, info)
    expect(re.search(r"^ Package: c10-tidy-%s$" % n, info, re.M),
           "Package is c10-tidy-%s" % n, info)
    expect(re.search(r"\bpostinst\b", info) and re.search(r"\bprerm\b", info),
           "it carries postinst/prerm (update-alternatives for the plain names)", info)

    paths = deb_paths(deb)
    stray = [p for p in paths
             if not re.search(r"(-{0}$|-{0}\.1\.gz$|/llvm-{0}/|/C10Tidy-{0}/|/doc/c10-tidy-{0}/)"
                              .format(n), p)]
    expect(not stray, "every path in the package carries LLVM %s" % n, "\n".join(sorted(stray)))
    expect("/usr/lib/c10-tidy/llvm-%s/libC10Tidy.so" % n in paths and
           "/usr/bin/c10-tidy-%s" % n in paths and "/usr/bin/c10-clangd-%s" % n in paths,
           "it ships the plugin, c10-tidy-%s and c10-clangd-%s" % (n, n))
    return paths


def expect_uses(configure, root, n):
    plugin = os.path.join(root, "usr/lib/c10-tidy/llvm-%s/libC10Tidy.so" % n)
    expect("for LLVM %s: " % n in configure.stdout and plugin in configure.stdout,
           "find_package chose LLVM %s from %s" % (n, root), configure.stdout)


def test():
    p = argparse.ArgumentParser()
    p.add_argument("--build", required=True)
    p.add_argument("--llvm", required=True)
    p.add_argument("--other-deb", help="glob of the .deb built for another LLVM major")
    p.add_argument("--other-llvm")
    args = p.parse_args()
    n = args.llvm
    work = scratch_dir("package")
    # The package lands in the build tree, where the other major's test looks for it.
    out = os.path.join(args.build, "package")
    for old in glob.glob(os.path.join(out, "*.deb")):
        os.remove(old)
    run(["cpack", "-G", "DEB", "--config", os.path.join(args.build, "CPackConfig.cmake"),
         "-B", out])
    debs = glob.glob(os.path.join(out, "c10-tidy-%s_*.deb" % n))
    expect(len(debs) == 1, "cpack built one c10-tidy-%s .deb: %s" % (n, debs))
    deb = debs[0]
    log("%s: %.1f MB" % (os.path.basename(deb), os.path.getsize(deb) / 1e6))
    paths = check_deb(deb, n)

    root = os.path.join(work, "root")
    run(["dpkg-deb", "-x", deb, root])
    jobs = [lambda: expect_uses(expect_finding_as_warning(
        os.path.join(work, "consumer"), os.path.join(root, "usr"))[0], root, n)]

    if args.other_deb:
        others = glob.glob(args.other_deb)
        expect(len(others) == 1, "found the LLVM %s package (%s): %s"
               % (args.other_llvm, args.other_deb, others))
        shared = paths & deb_paths(others[0])
        expect(not shared, "c10-tidy-%s and c10-tidy-%s share no path" % (n, args.other_llvm),
               "\n".join(sorted(shared)))
        both = os.path.join(work, "both")
        run(["dpkg-deb", "-x", deb, both])
        run(["dpkg-deb", "-x", others[0], both])
        newest, older = sorted([n, args.other_llvm], key=int, reverse=True)
        jobs.append(lambda: expect_uses(expect_finding_as_warning(
            os.path.join(work, "consumer-default"), os.path.join(both, "usr"))[0], both, newest))
        jobs.append(lambda: expect_uses(expect_finding_as_warning(
            os.path.join(work, "consumer-older"), os.path.join(both, "usr"),
            ["-DCONSUMER_COMPONENTS=llvm" + older])[0], both, older))
        jobs.append(lambda: expect_uses(build_consumer(
            os.path.join(work, "consumer-variable"), os.path.join(both, "usr"),
            ["-DC10TIDY_LLVM_VERSION=" + older], build_it=False)[0], both, older))
    in_parallel(*jobs)

if __name__ == "__main__":
    main(test)
