#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Builds one of PyTorch 1.13.1's own C++ unit-test files against the reference
runtime, runs it, and reports: tests, compiled, passed, failed, excluded.

The test sources come from scripts/pytorch-source.sh (Debian's pytorch source
package, cached outside the repository). The test file and test_helpers.h are
used unmodified, with one exception: the TEST blocks named in excluded.txt
(APIs outside the runtime's scope) are dropped from the copy that is compiled.
The include path is, in order: the six shims of shim/, runtime/include, a
directory holding only test_helpers.h, and a poison directory with an `#error`
stand-in for every libtorch header the runtime does not provide, so that no
header under /usr/include/{ATen,c10,torch,caffe2} can be picked up.

The object file is cached: compiling is most of a run, and the same file
compiled with the same command against the same headers gives the same
object. The key is a hash of the compiler's identity, the command, the
generated source and every header the include path can reach (the shim,
runtime/include, the helpers, the poison directory's names); the cache lives
in $C10TIDY_CONFORMANCE_CACHE (default ~/.cache/c10-tidy/conformance-objects),
outside the repository and the build directory, so that it outlives both,
and keeps the most recently used objects up to C10TIDY_CONFORMANCE_CACHE_MB
(default 4096). The driver prints whether the object came from the cache and
how long compiling, linking and running took.

Exit status: 0 when the file compiles and every compiled test passes, 1
otherwise, 77 (ctest SKIP_RETURN_CODE) when the sources cannot be obtained.
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

SKIPPED = 77
LIBTORCH_TREES = ("ATen", "c10", "torch", "caffe2")
HEADER_SUFFIXES = (".h", ".hpp", ".cuh", ".inc")
TEST_HELPERS = "aten/src/ATen/core/boxing/impl/test_helpers.h"

# A gtest test definition at column 0, its name possibly split over lines.
TEST_START = re.compile(
    r"^(TEST|TEST_F|TEST_P|TYPED_TEST)\(\s*(\w+)\s*,\s*(\w+)\s*\)\s*\{", re.M)


def block_end(text, open_brace):
    """Index just past the brace that closes the one at open_brace, skipping
    string and character literals and comments."""
    depth, i = 0, open_brace
    while i < len(text):
        c = text[i]
        if text.startswith("//", i):
            i = text.find("\n", i)
        elif text.startswith("/*", i):
            i = text.find("*/", i) + 1
        elif c in "\"'":
            i += 1
            while text[i] != c:
                i += 2 if text[i] == "\\" else 1
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise SystemExit("unbalanced braces")


def test_blocks(text):
    """(suite, name, start, end) of every top-level TEST block."""
    return [(m.group(2), m.group(3), m.start(), block_end(text, m.end() - 1))
            for m in TEST_START.finditer(text)]


def helper_block(text, name):
    """(start, end) of the top-level definition of function `name` (a helper
    outside any TEST block), or None."""
    m = re.search(r"^\S[^\n;]*\b" + re.escape(name) + r"\s*\([^;{]*\)\s*\{", text, re.M)
    return (m.start(), block_end(text, m.end() - 1)) if m else None


def read_exclusions(path, file_name):
    """{(suite, name): reason} for file_name from excluded.txt, whose lines
    are `<file> <Suite>.<Test> <reason...>` or, for a helper function outside
    any TEST block, `<file> <function> <reason...>` (suite None); '#' starts a
    comment."""
    excluded = {}
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = line.split(None, 2)
            if len(fields) < 3:
                raise SystemExit(f"{path}: malformed line: {line}")
            if fields[0] == file_name:
                suite, _, name = fields[1].rpartition(".")
                excluded[(suite or None, name)] = fields[2]
    return excluded


def write_if_changed(path, content):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    try:
        with open(path) as f:
            if f.read() == content:
                return
    except OSError:
        pass
    with open(path, "w") as f:
        f.write(content)


def make_poison(poison_dir, allowed_dirs, include_roots):
    """An #error header for every libtorch header (under any of include_roots)
    that none of allowed_dirs has (and none for one the runtime has gained
    since the last run)."""
    for dirpath, _, files in os.walk(poison_dir):
        for f in files:
            rel = os.path.relpath(os.path.join(dirpath, f), poison_dir)
            if any(os.path.exists(os.path.join(d, rel)) for d in allowed_dirs):
                os.remove(os.path.join(dirpath, f))
    for include_root, tree in ((r, t) for r in include_roots for t in LIBTORCH_TREES):
        root = os.path.join(include_root, tree)
        for dirpath, _, files in os.walk(root):
            for f in files:
                if not f.endswith(HEADER_SUFFIXES):
                    continue
                rel = os.path.relpath(os.path.join(dirpath, f), include_root)
                poison = os.path.join(poison_dir, rel)
                # A poison header's text depends on its path alone: one that
                # exists is right (not re-read on every run).
                if os.path.exists(poison) or any(os.path.exists(os.path.join(d, rel)) for d in allowed_dirs):
                    continue
                write_if_changed(poison, f'#error "<{rel}> is libtorch\'s, not the reference runtime\'s"\n')


def run(cmd, log):
    with open(log, "w") as out:
        return subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT).returncode


def tree_digest(h, root, with_contents):
    """Feeds every file under root (path, and contents if asked) into h."""
    for dirpath, dirnames, files in os.walk(root):
        dirnames.sort()
        for f in sorted(files):
            path = os.path.join(dirpath, f)
            h.update(os.path.relpath(path, root).encode() + b"\0")
            if with_contents:
                with open(path, "rb") as data:
                    h.update(hashlib.sha256(data.read()).digest())


def object_key(cfg, compile_cmd, source_text, include_dirs, poison_dir):
    h = hashlib.sha256()
    version = subprocess.run([cfg["cxx"], "--version"], stdout=subprocess.PIPE, text=True).stdout
    h.update(version.encode() + b"\0" + "\0".join(compile_cmd).encode() + b"\0" + source_text.encode())
    for d in include_dirs:
        tree_digest(h, d, with_contents=True)
    tree_digest(h, poison_dir, with_contents=False)
    return h.hexdigest()


def cache_dir():
    return os.environ.get("C10TIDY_CONFORMANCE_CACHE",
                          os.path.join(os.path.expanduser("~"), ".cache", "c10-tidy", "conformance-objects"))


def prune_cache(root):
    """Drops the least recently used objects beyond the size limit."""
    limit = int(os.environ.get("C10TIDY_CONFORMANCE_CACHE_MB", "4096")) * 1024 * 1024
    entries = []
    for f in os.listdir(root):
        path = os.path.join(root, f)
        st = os.stat(path)
        entries.append((st.st_mtime, st.st_size, path))
    total = sum(size for _, size, _ in entries)
    for _, size, path in sorted(entries):
        if total <= limit:
            break
        try:
            os.remove(path)
        except OSError:
            pass
        total -= size


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--config", required=True, help="conformance_config.json written by CMake")
    ap.add_argument("--source", required=True, help="test file, relative to the PyTorch tree")
    args = ap.parse_args()
    with open(args.config) as f:
        cfg = json.load(f)
    name = os.path.splitext(os.path.basename(args.source))[0]

    version = cfg.get("version", "1.13.1")
    fetch = subprocess.run(["bash", cfg["obtain_script"]] + cfg.get("obtain_args", []),
                           stdout=subprocess.PIPE, text=True)
    if fetch.returncode != 0:
        print(f"{name}: PyTorch {version} sources unavailable; SKIPPED")
        return SKIPPED if fetch.returncode == SKIPPED else 1
    tree = fetch.stdout.strip().splitlines()[-1]
    # Every installed libtorch's headers are poisoned: Debian's 1.13 under
    # /usr/include, and the version under test's own headers when they are
    # not installed (2.6: printed by headers_script).
    include_roots = ["/usr/include"]
    if cfg.get("headers_script"):
        headers = subprocess.run(["bash", cfg["headers_script"]], stdout=subprocess.PIPE, text=True)
        if headers.returncode != 0:
            print(f"{name}: PyTorch {version} headers unavailable; SKIPPED")
            return SKIPPED if headers.returncode == SKIPPED else 1
        include_roots.append(headers.stdout.strip().splitlines()[-1])

    work = os.path.join(cfg["work_dir"], name)
    helpers_dir = os.path.join(cfg["work_dir"], "helpers")
    poison_dir = os.path.join(cfg["work_dir"], "poison")
    with open(os.path.join(tree, TEST_HELPERS)) as f:
        write_if_changed(os.path.join(helpers_dir, TEST_HELPERS.split("aten/src/", 1)[1]), f.read())
    make_poison(poison_dir, [cfg["shim_dir"], cfg["runtime_include"], helpers_dir], include_roots)

    with open(os.path.join(tree, args.source)) as f:
        text = f.read()
    blocks = test_blocks(text)
    excluded = read_exclusions(cfg["exclusions"], name)
    drop = [(start, end, f"{suite}.{test}") for suite, test, start, end in blocks
            if (suite, test) in excluded]
    for (suite, helper), reason in excluded.items():
        if suite is None:
            span = helper_block(text, helper)
            if span is None:
                print(f"{name}: excluded.txt names a helper the file does not define: {helper}")
                return 1
            drop.append((span[0], span[1], helper))
    unknown = {k for k in excluded if k[0] is not None} - {(s, n) for s, n, _, _ in blocks}
    if unknown:
        print(f"{name}: excluded.txt names tests the file does not have: {sorted(unknown)}")
        return 1
    kept, pos = [], 0
    for start, end, what in sorted(drop):
        kept.append(text[pos:start])
        kept.append(f"/* {what} excluded (excluded.txt) */")
        pos = end
    kept.append(text[pos:])
    excluded_tests = {k: v for k, v in excluded.items() if k[0] is not None}
    generated = os.path.join(work, os.path.basename(args.source))
    write_if_changed(generated, "".join(kept))

    exe = os.path.join(work, name)
    obj = exe + ".o"
    include_dirs = (cfg["shim_dir"], cfg["runtime_include"], helpers_dir, poison_dir)
    compile_cmd = ([cfg["cxx"], "-std=c++17", "-O0", "-w", "-pthread"] + cfg["flags"] +
                   [f"-I{d}" for d in include_dirs] + ["-c", generated, "-o", obj])
    link_cmd = [cfg["cxx"], "-pthread"] + cfg["flags"] + [obj, "-o", exe] + cfg["libs"]
    print("compile:", " ".join(compile_cmd))
    compile_log = os.path.join(work, "compile.log")
    total_blocks = len(blocks)
    # Paths are not part of the key: the same file in another build
    # directory or checkout is the same object.
    def portable(arg):
        for path, tag in ((cfg["work_dir"], "<work>"), (cfg["shim_dir"], "<shim>"),
                          (cfg["runtime_include"], "<include>")):
            arg = arg.replace(path, tag)
        return arg
    key = object_key(cfg, [portable(a) for a in compile_cmd], "".join(kept), include_dirs[:3], poison_dir)
    cached = os.path.join(cache_dir(), key + ".o")
    started = time.monotonic()
    if os.path.exists(cached):
        shutil.copyfile(cached, obj)
        os.utime(cached)
        compiled_rc = 0
        how = "from the cache"
        with open(compile_log, "w") as f:
            f.write(f"object from the cache: {cached}\n")
    else:
        compiled_rc = run(compile_cmd, compile_log)
        how = "compiled"
        if compiled_rc == 0:
            os.makedirs(cache_dir(), exist_ok=True)
            partial = f"{cached}.{os.getpid()}.tmp"
            shutil.copyfile(obj, partial)
            os.replace(partial, cached)
            prune_cache(cache_dir())
    compile_seconds = time.monotonic() - started
    if compiled_rc == 0:
        started = time.monotonic()
        compiled_rc = run(link_cmd, os.path.join(work, "link.log"))
        if compiled_rc != 0:
            with open(os.path.join(work, "link.log")) as f:
                print(f.read()[-20000:])
            print(f"{name}: does not link")
            return 1
        print(f"{name}: object {how} in {compile_seconds:.1f} s, linked in {time.monotonic() - started:.1f} s")
    if compiled_rc != 0:
        with open(compile_log) as f:
            log = f.read()
        print(log[-20000:])
        # Name the blocks the errors point into, so the report says what broke.
        lines = [int(m.group(1)) for m in
                 re.finditer(re.escape(generated) + r":(\d+):\d+: error", log)]
        gen_text = "".join(kept)
        gen_blocks = test_blocks(gen_text)
        broken = set()
        for ln in lines:
            offset = len("\n".join(gen_text.split("\n")[:ln - 1]))
            hit = [f"{s}.{n}" for s, n, a, b in gen_blocks if a <= offset <= b]
            broken.update(hit or ["<outside any TEST block>"])
        print(f"{name}: does not compile; errors in: {', '.join(sorted(broken))}")
        print(f"{name}: tests {total_blocks}, compiled 0, passed 0, failed {total_blocks - len(excluded_tests)}, "
              f"excluded {len(excluded_tests)}")
        return 1

    result_json = os.path.join(work, "result.json")
    if os.path.exists(result_json):
        os.remove(result_json)
    started = time.monotonic()
    rc = subprocess.run([exe, f"--gtest_output=json:{result_json}"]).returncode
    print(f"{name}: ran in {time.monotonic() - started:.1f} s")
    try:
        with open(result_json) as f:
            result = json.load(f)
    except (OSError, ValueError):
        print(f"{name}: the test binary exited {rc} without a result file (crash?)")
        return 1
    compiled = result["tests"]
    failed = result["failures"] + result.get("errors", 0)
    skipped = sum(1 for s in result["testsuites"] for t in s["testsuite"]
                  if t.get("result") == "SKIPPED")
    passed = compiled - failed - skipped
    print(f"{name}: tests {compiled + len(excluded_tests)}, compiled {compiled}, passed {passed}, "
          f"failed {failed}, excluded {len(excluded_tests)}" + (f", skipped {skipped}" if skipped else ""))
    for (suite, test), reason in sorted(excluded.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])):
        print(f"  excluded {suite + '.' if suite else 'helper '}{test}: {reason}")
    return 0 if rc == 0 and failed == 0 and skipped == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
