# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What the install, package and hook tests share: running commands with a
log, failing with the reason, and building the consumer project (consumer/)
against a c10-tidy package found through CMAKE_PREFIX_PATH."""

import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree

HERE = os.path.dirname(os.path.abspath(__file__))
CONSUMER = os.path.join(HERE, "consumer")
CHECK = "c10-ivalue-ref-accessor"
# consumer/model.cpp: line 5 holds the toTuple() call.
FINDING = "model.cpp:5:"


class TestFailure(Exception):
    pass


def log(msg):
    print("[%s] %s" % (time.strftime("%H:%M:%S"), msg), flush=True)


def run(cmd, cwd=None, env=None, check=True, timeout=600):
    """Runs cmd, returns its combined output; fails on a non-zero exit when check."""
    log("$ " + " ".join(cmd) + ("   (in %s)" % cwd if cwd else ""))
    full_env = dict(os.environ, **(env or {}))
    result = subprocess.run(cmd, cwd=cwd, env=full_env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, timeout=timeout)
    if check and result.returncode != 0:
        raise TestFailure("exit %d from %s\n%s" % (result.returncode, cmd[0], result.stdout))
    return result


def expect(condition, what, output=""):
    if not condition:
        raise TestFailure(what + ("\n--- output ---\n" + output if output else ""))
    log("ok: " + what)


def fresh_dir(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def build_consumer(work, prefix_path, cmake_args=(), clang_tidy_file=None, build_it=True):
    """Copies consumer/ to work/src (optionally with a .clang-tidy), configures and
    (build_it) builds it; returns (configure result, build result or None)."""
    src = os.path.join(work, "src")
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(CONSUMER, src)
    if clang_tidy_file:
        with open(os.path.join(src, ".clang-tidy"), "w") as f:
            f.write(clang_tidy_file)
    build = os.path.join(work, "build")
    configure = run(["cmake", "-S", src, "-B", build, "-G", "Ninja",
                     "-DCMAKE_PREFIX_PATH=" + prefix_path] + list(cmake_args), check=False)
    if configure.returncode != 0 or not build_it:
        return configure, None
    return configure, run(["cmake", "--build", build, "-v"], check=False)


def expect_finding_as_warning(work, prefix_path, cmake_args=(), clang_tidy_file=None):
    """The consumer builds, and its build prints the c10 finding as a warning."""
    configure, build = build_consumer(work, prefix_path, cmake_args, clang_tidy_file)
    expect(build is not None, "consumer configures against " + prefix_path, configure.stdout)
    expect(build.returncode == 0, "consumer builds", build.stdout)
    expect(any(FINDING in line and "warning:" in line and "[%s]" % CHECK in line
               for line in build.stdout.splitlines()),
           "its build prints the %s warning" % CHECK, build.stdout)
    return configure, build


_scratch = []


def scratch_dir(name):
    """A fresh directory outside every source tree: a .clang-tidy above the
    projects a test builds (ours makes every warning an error) would change
    what they report. Removed when the test passes, kept for a look when not."""
    path = tempfile.mkdtemp(prefix="c10tidy-%s-" % name)
    _scratch.append(path)
    return path


def main(test):
    """Runs test(), prints PASS or the failure and sets the exit status."""
    try:
        test()
    except (TestFailure, subprocess.TimeoutExpired) as e:
        print("FAIL: %s\n(work files kept in %s)" % (e, " ".join(_scratch)), flush=True)
        sys.exit(1)
    for path in _scratch:
        shutil.rmtree(path, ignore_errors=True)
    print("PASS", flush=True)


def git(repo, *args, check=True):
    env = {"GIT_AUTHOR_NAME": "test", "GIT_AUTHOR_EMAIL": "test@localhost",
           "GIT_COMMITTER_NAME": "test", "GIT_COMMITTER_EMAIL": "test@localhost"}
    return run(["git", "-C", repo] + list(args), env=env, check=check)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def make_repo(repo, sources):
    """A git repository with build/compile_commands.json (not committed) naming
    sources, a list of paths relative to repo, as a CMake build would, and a
    .clang-tidy of its own (a cheap check: clang-tidy's defaults would run the
    static analyzer, which the tests do not need to wait for)."""
    fresh_dir(repo)
    git(repo, "init", "-q", "-b", "main")
    write(os.path.join(repo, ".gitignore"), "/build/\n")
    write(os.path.join(repo, ".clang-tidy"), "Checks: '-*,readability-braces-around-statements'\n")
    entries = ['{"directory": "%s", "file": "%s", "arguments": ["c++", "-std=c++17", "-c", "%s"]}'
               % (repo, s, s) for s in sources]
    write(os.path.join(repo, "build", "compile_commands.json"), "[\n%s\n]\n" % ",\n".join(entries))


def install_component(build, prefix):
    """What the .deb ships, installed into prefix."""
    shutil.rmtree(prefix, ignore_errors=True)
    run(["cmake", "--install", build, "--prefix", prefix, "--component", "c10tidy"])
    return prefix


def finding_source(function="tupleSize"):
    """C++ with exactly one c10-ivalue-ref-accessor finding, on its line 4."""
    return ("#include <ATen/core/ivalue.h>\n\n"
            "size_t %s(const c10::IValue &value) {\n"
            "  return value.toTuple()->elements().size();\n"
            "}\n" % function)


def in_parallel(*jobs):
    """Runs the callables on two threads (the builds and linters they start are
    separate processes) and returns their results; the first failure is raised."""
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = [pool.submit(job) for job in jobs]
        return [f.result() for f in futures]
