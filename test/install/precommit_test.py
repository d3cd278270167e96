#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The pre-commit hook (.pre-commit-hooks.yaml), run by Debian's pre-commit
the way a user's repository runs it: a throwaway repository whose git
pre-commit hook is `pre-commit try-repo <hooks> c10-tidy-N`, with c10-tidy-N
on PATH from an install of the package's files and PRE_COMMIT_HOME in the
test's directory.

  1. a commit of a clean file passes (the hook ran on it, it did not skip);
  2. a commit adding a file with a c10 finding is rejected, printing the finding;
  3. after unstaging that file, a clean commit passes again;
  4. a c10-tidy-N that crashes rejects the commit (pre-commit itself counts a
     hook killed by a signal as passed).
"""

import argparse
import os
import shutil
import stat

from harness import (CHECK, expect, finding_source, fresh_dir, git, install_component, main,
                     make_repo, scratch_dir, write)



def clean_source(function):
    return ("#include <ATen/core/ivalue.h>\n\n"
            "bool %s(const c10::IValue &v) { return v.isTuple(); }\n" % function)


def test():
    p = argparse.ArgumentParser()
    p.add_argument("--build", required=True)
    p.add_argument("--source", required=True)
    p.add_argument("--llvm", required=True)
    args = p.parse_args()
    n = args.llvm
    work = scratch_dir("pre-commit")
    prefix = install_component(args.build, os.path.join(work, "prefix"))

    # The hooks, as a repository of their own: try-repo takes its committed state.
    hooks = fresh_dir(os.path.join(work, "hooks"))
    git(hooks, "init", "-q", "-b", "main")
    shutil.copy(os.path.join(args.source, ".pre-commit-hooks.yaml"), hooks)
    git(hooks, "add", ".pre-commit-hooks.yaml")
    git(hooks, "commit", "-q", "-m", "hooks")

    repo = os.path.join(work, "project")
    make_repo(repo, ["src/clean.cpp", "src/model.cpp", "src/more.cpp"])
    hook = os.path.join(repo, ".git", "hooks", "pre-commit")
    write(hook, "#!/bin/sh\nexec pre-commit try-repo '%s' c10-tidy-%s\n" % (hooks, n))
    os.chmod(hook, os.stat(hook).st_mode | stat.S_IXUSR)
    os.environ["PATH"] = os.path.join(prefix, "bin") + os.pathsep + os.environ["PATH"]
    os.environ["PRE_COMMIT_HOME"] = os.path.join(work, "pre-commit-home")
    hook_line = "c10-tidy (LLVM %s)" % n

    def commit(path, text, message):
        write(os.path.join(repo, path), text)
        git(repo, "add", path)
        return git(repo, "commit", "-m", message, check=False)

    ok = commit("src/clean.cpp", clean_source("isTuple"), "clean")
    expect(ok.returncode == 0 and any(hook_line in l and l.endswith("Passed")
                                      for l in ok.stdout.splitlines()),
           "a clean commit passes, the hook ran on it", ok.stdout)

    rejected = commit("src/model.cpp", finding_source(), "adds a finding")
    expect(rejected.returncode != 0 and any(hook_line in l and l.endswith("Failed")
                                            for l in rejected.stdout.splitlines()),
           "a commit adding a finding is rejected by the hook", rejected.stdout)
    expect("src/model.cpp:4:" in rejected.stdout and "[%s" % CHECK in rejected.stdout,
           "the rejection prints the finding (src/model.cpp:4, %s)" % CHECK, rejected.stdout)
    expect(git(repo, "rev-list", "--count", "HEAD").stdout.strip() == "1",
           "the rejected commit was not made")

    git(repo, "rm", "-q", "--cached", "src/model.cpp")
    again = commit("src/more.cpp", clean_source("alsoTuple"), "clean again")
    expect(again.returncode == 0 and git(repo, "rev-list", "--count", "HEAD").stdout.strip() == "2",
           "with the finding unstaged, a clean commit passes", again.stdout)

    crashing = os.path.join(work, "crashing", "c10-tidy-%s" % n)
    write(crashing, "#!/bin/sh\nkill -ABRT $$\n")
    os.chmod(crashing, 0o755)
    os.environ["PATH"] = os.path.dirname(crashing) + os.pathsep + os.environ["PATH"]
    crashed = commit("src/clean.cpp", clean_source("stillTuple"), "c10-tidy crashes")
    expect(crashed.returncode != 0 and any(hook_line in l and l.endswith("Failed")
                                           for l in crashed.stdout.splitlines()),
           "a crashing c10-tidy-%s rejects the commit" % n, crashed.stdout)


if __name__ == "__main__":
    main(test)
