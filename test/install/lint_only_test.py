#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The lint-only build the install docs use (-DC10TIDY_BUILD_RUNTIME=OFF):
configured from the source tree, its build graph makes the plugin, c10-tidy and
c10-clangd, installs them, and has no target of the reference runtime or the
test suite. Configured only (ninja -t targets, ninja -n): the build tree this
test runs in already shows the three link.

The same tree, reconfigured, shows where -DC10TIDY_DOCS_BASE_URL goes: empty
by default (c10-clangd then links to the installed pages, doc_link_test.py),
a configured URL reaches c10-clangd's compile and c10-tidy-report's build
info, a relative one stops the configure, and the old default (a URL that
does not exist) left in a cache is cleared.

  lint_only_test.py --source SOURCE --llvm N
"""
import argparse
import json
import os
import re

from harness import expect, log, main, run, scratch_dir


def test():
    p = argparse.ArgumentParser()
    p.add_argument("--source", required=True)
    p.add_argument("--llvm", required=True)
    args = p.parse_args()
    build = os.path.join(scratch_dir("lint-only"), "build")
    run(["cmake", "-S", args.source, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
         "-DC10TIDY_LLVM_VERSION=" + args.llvm, "-DC10TIDY_BUILD_RUNTIME=OFF"])
    targets = run(["ninja", "-C", build, "-t", "targets", "all"]).stdout
    outputs = {line.split(":")[0].strip() for line in targets.splitlines()}
    for wanted in ("checks/libC10Tidy.so", "checks/tools/c10-tidy", "checks/tools/c10-clangd"):
        expect(wanted in outputs, "the lint-only build makes " + wanted)
    runtime = sorted(o for o in outputs if re.search(r"(^|/)runtime/|gtest|gmock|benchmark|_test\b", o))
    expect(not runtime, "it has no runtime or test target", "\n".join(runtime[:40]))
    plan = run(["ninja", "-C", build, "-n"]).stdout
    steps = re.findall(r"^\[\d+/(\d+)\]", plan, re.M)
    sources = re.findall(r"Building CXX object (\S+)", plan)
    stray = [s for s in sources if not s.startswith("checks/")]
    log("lint-only build: %s steps, %d C++ sources" % (steps[-1] if steps else "?", len(sources)))
    expect(sources and not stray, "every source it compiles is the checks' own", "\n".join(stray))
    tests = run(["ctest", "--test-dir", build, "-N"]).stdout
    expect(re.search(r"Total Tests: 0", tests), "it registers no test", tests[-500:])
    docs_base(args.source, build)


def docs_base(source, build):
    def configured(value, check=True):
        return run(["cmake", "-S", source, "-B", build, "-DC10TIDY_DOCS_BASE_URL=" + value], check=check)

    def flows(value, what):
        with open(os.path.join(build, "compile_commands.json")) as f:
            command = [e["command"] for e in json.load(f) if e["file"].endswith("ClangdMain.cpp")][0]
        with open(os.path.join(build, "report", "build_info_generated.py")) as f:
            info = f.read()
        expect('-DC10TIDY_DOCS_BASE_URL=\\"%s\\"' % value in command and
               '-DC10TIDY_INSTALLED_DOCS=\\"../share/c10-tidy/llvm-' in command and
               'DOCS_BASE_URL = "%s"' % value in info,
               "%s: c10-clangd is compiled with C10TIDY_DOCS_BASE_URL=\"%s\" (and the installed "
               "pages' place), c10-tidy-report's build info has it" % (what, value),
               command + "\n" + info)

    flows("", "by default")
    configured("https://docs.example.com/c10/")
    flows("https://docs.example.com/c10/", "a configured base")
    bad = configured("docs/checks/", check=False)
    expect(bad.returncode != 0 and "C10TIDY_DOCS_BASE_URL must be empty or an absolute URL" in
           " ".join(bad.stdout.split()),  # CMake wraps long messages
           "a relative base stops the configure", bad.stdout[-2000:])
    configured("https://github.com/c10-tidy/c10-tidy/blob/main/docs/checks/")
    flows("", "the old default, a page that does not exist, left in a cache")


if __name__ == "__main__":
    main(test)
