#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Unit tests of prefix_pch.py: which prefixes are precompiled, and that a
precompiled one is built once, reused, and compiles the file it was made for.

  prefix_pch_test.py --clangxx CLANG++ [unittest arguments]

The build tests need libtorch's headers in /usr/include (libtorch-dev); they
are skipped without them.
"""
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from prefix_pch import leading_pytorch_includes, pch_flags  # noqa: E402

CLANGXX = None
HEADER = "c10/util/intrusive_ptr.h"


class LeadingIncludes(unittest.TestCase):
    def test_up_to_the_last_pytorch_header(self):
        text = ("// RUN: x\n\n#include <vector>\n#include <ATen/core/ivalue.h>\n"
                "#include <string>\n\nint f();\n")
        self.assertEqual(leading_pytorch_includes(text), ["vector", "ATen/core/ivalue.h"])

    def test_comments_and_spacing_between_directives(self):
        text = "#include <c10/util/intrusive_ptr.h>  // handles\n// note\n# include <torch/version.h>\n"
        self.assertEqual(leading_pytorch_includes(text), ["c10/util/intrusive_ptr.h", "torch/version.h"])

    def test_a_directive_other_than_include_ends_the_prefix(self):
        text = "#include <vector>\n#define FORK 1\n#include <ATen/core/ivalue.h>\n"
        self.assertEqual(leading_pytorch_includes(text), [])

    def test_a_quoted_include_ends_the_prefix(self):
        text = "#include <ATen/core/ivalue.h>\n#include \"local.h\"\n#include <c10/util/Optional.h>\n"
        self.assertEqual(leading_pytorch_includes(text), ["ATen/core/ivalue.h"])

    def test_no_pytorch_header_no_prefix(self):
        self.assertEqual(leading_pytorch_includes("#include <vector>\n#include <string>\n"), [])

    def test_an_unguarded_header_in_the_prefix(self):
        text = "#include <cassert>\n#include <ATen/core/ivalue.h>\n"
        self.assertEqual(leading_pytorch_includes(text), [])

    def test_code_first(self):
        self.assertEqual(leading_pytorch_includes("namespace a {}\n#include <ATen/core/ivalue.h>\n"), [])

    def test_flags_that_include_text_get_nothing(self):
        text = "#include <%s>\n" % HEADER
        with tempfile.TemporaryDirectory() as cache:
            self.assertEqual(pch_flags(cache, "clang++", ["-include", "x.h"], text), [])
            self.assertEqual(pch_flags(cache, "clang++", ["-imacros", "x.h"], text), [])
            self.assertEqual(pch_flags(None, "clang++", [], text), [])


@unittest.skipUnless(os.path.exists(os.path.join("/usr/include", HEADER)), "libtorch-dev is not installed")
class Build(unittest.TestCase):
    def test_built_once_reused_and_compiles_the_file(self):
        text = "#include <%s>\nint main() { return 0; }\n" % HEADER
        with tempfile.TemporaryDirectory() as tmp:
            cache = os.path.join(tmp, "cache")
            flags = ["-std=c++17"]
            first = pch_flags(cache, CLANGXX, flags, text)
            self.assertEqual(first[0], "-include-pch")
            self.assertTrue(os.path.exists(first[1]))
            built = os.path.getmtime(first[1])
            self.assertEqual(pch_flags(cache, CLANGXX, flags, text), first)
            self.assertEqual(os.path.getmtime(first[1]), built)
            # Other flags, another header set: another file.
            self.assertNotEqual(pch_flags(cache, CLANGXX, flags + ["-DOTHER"], text), first)
            source = os.path.join(tmp, "main.cpp")
            with open(source, "w") as f:
                f.write(text)
            result = subprocess.run([CLANGXX, "-fsyntax-only", source] + flags + first,
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            self.assertEqual(result.returncode, 0, result.stdout)

    def test_a_header_that_does_not_build_gives_the_plain_run(self):
        text = "#include <c10/util/no_such_header.h>\n"
        with tempfile.TemporaryDirectory() as cache:
            self.assertEqual(pch_flags(cache, CLANGXX, ["-std=c++17"], text), [])
            # The failure is remembered, not retried for every file.
            self.assertTrue(any(n.endswith(".failed") for n in os.listdir(cache)))


if __name__ == "__main__":
    if "--clangxx" in sys.argv:
        i = sys.argv.index("--clangxx")
        CLANGXX = sys.argv[i + 1]
        del sys.argv[i:i + 2]
    if not CLANGXX:
        sys.exit("usage: prefix_pch_test.py --clangxx CLANG++")
    unittest.main()
