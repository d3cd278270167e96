# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Precompiled prefix headers for the test harnesses' lints and compiles.

Most check tests begin with `#include <ATen/core/ivalue.h>`, and parsing
libtorch's headers is most of what a lint of such a test costs. A file whose
first lines (blank lines and `//` comments aside) are `#include <...>`
directives can be linted with `-include-pch P`, where P was built from those
same directives in the same order, with the same compiler major, flags and
environment: the preprocessor then sees what it would have seen, because the
file's own directives find every header already included (all of them are
guarded) and the file's text is unchanged, so fix-its and their include
insertions are decided on the same text.

The prefix ends at its last PyTorch header (ATen/, c10/, torch/): the
standard headers after it cost little and would only split the cache. A
prefix that holds an unguarded header (assert.h, cassert: included twice it
would not be the same) or flags that include files themselves (-include,
-imacros) get no precompiled header; nor does a file that defines or tests a
macro first. Anything unusual gives the plain, slower run, never a different
one.

The header is built with -fpch-instantiate-templates: the templates it uses
are instantiated once, in the precompiled header, instead of at the end of
every translation unit that reads it (most of a lint's time after the parse).
A valid program gives a specialization the same meaning at either point of
instantiation, so the lint sees the same AST.

Each header set is built once per cache directory (keyed by the compiler,
its flags, the environment's include paths and the directives) under a file
lock, so that parallel lit workers share it.
"""

import fcntl
import hashlib
import os
import re
import subprocess

INCLUDE = re.compile(r"#\s*include\s*<([^>]+)>\s*(//.*)?$")
PYTORCH_ROOTS = ("ATen", "c10", "torch")
UNGUARDED = {"assert.h", "cassert"}
# Flags that put text of their own ahead of the file's.
PREFIX_FLAGS = ("-include", "-imacros", "--include")
# How every precompiled header of the test harnesses is built (see above).
BUILD_FLAGS = ["-fpch-instantiate-templates"]
# The environment the compiler reads include directories from.
INCLUDE_ENVIRONMENT = ("CPATH", "CPLUS_INCLUDE_PATH", "C_INCLUDE_PATH")


def leading_pytorch_includes(text):
    """The file's leading `#include <...>` headers up to its last PyTorch one,
    or [] when the file does not begin that way."""
    headers = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("//"):
            continue
        match = INCLUDE.match(stripped)
        if not match:
            break
        headers.append(match.group(1).strip())
    last = max((i for i, h in enumerate(headers) if h.split("/")[0] in PYTORCH_ROOTS), default=-1)
    headers = headers[:last + 1]
    if any(h in UNGUARDED for h in headers):
        return []
    return headers


def pch_flags(cache_dir, compiler, flags, text):
    """["-include-pch", PATH] for a file of this text compiled with flags, or
    [] when it has no prefix to precompile or the header does not build."""
    if not cache_dir or any(f.startswith(PREFIX_FLAGS) for f in flags):
        return []
    headers = leading_pytorch_includes(text)
    if not headers:
        return []
    environment = [(name, os.environ.get(name, "")) for name in INCLUDE_ENVIRONMENT]
    key = hashlib.sha256(repr((os.path.realpath(compiler), list(flags), environment, headers))
                         .encode()).hexdigest()[:24]
    os.makedirs(cache_dir, exist_ok=True)
    base = os.path.join(cache_dir, key)
    pch, failed = base + ".pch", base + ".failed"
    with open(base + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(pch) and not os.path.exists(failed):
            header = base + ".h"
            with open(header, "w", encoding="utf-8") as f:
                f.writelines("#include <%s>\n" % h for h in headers)
            partial = pch + ".partial"
            result = subprocess.run([compiler, "-x", "c++-header"] + list(flags) + BUILD_FLAGS +
                                    [header, "-o", partial],
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            if result.returncode == 0:
                os.replace(partial, pch)
            else:
                # Not an error of the test: the plain run reports whatever is wrong.
                with open(failed, "w", encoding="utf-8") as f:
                    f.write(result.stdout)
    return ["-include-pch", pch] if os.path.exists(pch) else []
