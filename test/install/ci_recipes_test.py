#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The CI recipes (docs/integration/github-actions.yml, gitlab-ci.yml): their
lint commands, taken verbatim from the files, run in a throwaway repository
against the package's files (installed into a prefix that stands in for /usr).

The repository's history: a file with one c10 finding (the base), a commit
adding a second finding, a commit adding clean code. For each recipe:
  1. the whole-tree command reports both findings and fails;
  2. the diff command, based on the first commit, reports only the new
     finding (PR-only linting) and fails;
  3. the diff command, based on the second commit, reports nothing and passes:
     findings on lines the change did not touch do not fail it.
"""

import argparse
import os
import re

from harness import (CHECK, expect, finding_source, git, in_parallel, install_component,
                     log, main, make_repo, run, scratch_dir, write)

RECIPES = ["github-actions.yml", "gitlab-ci.yml"]
SECOND = ("\nsize_t second(const c10::IValue &value) {\n"
          "  return value.toTuple()->elements().size();\n}\n")
CLEAN = "\nbool third(const c10::IValue &value) { return value.isTuple(); }\n"


def lint_commands(recipe):
    """The recipe's c10-tidy-lint.sh command lines: {"whole": cmd, "diff": cmd}."""
    commands = {}
    with open(recipe) as f:
        for line in f:
            if "c10-tidy-lint.sh" not in line or line.lstrip().startswith("#"):
                continue
            cmd = re.sub(r"^\s*(-\s+|run:\s+)", "", line.rstrip("\n"))
            kind = "diff" if "--diff" in cmd else "whole"
            expect(kind not in commands, "%s has one %s-tree lint command" % (recipe, kind))
            commands[kind] = cmd
    expect(set(commands) == {"whole", "diff"},
           "%s has a whole-tree and a diff lint command" % os.path.basename(recipe), str(commands))
    return commands


def finding_lines(output):
    return sorted({int(m.group(1)) for m in re.finditer(
        r"src/model\.cpp:(\d+):\d+: (?:warning|error): .*\[%s" % CHECK, output)})


def test():
    p = argparse.ArgumentParser()
    p.add_argument("--build", required=True)
    p.add_argument("--source", required=True)
    p.add_argument("--llvm", required=True)
    args = p.parse_args()
    work = scratch_dir("ci")
    prefix = install_component(args.build, os.path.join(work, "prefix"))

    repo = os.path.join(work, "project")
    make_repo(repo, ["src/model.cpp"])
    model = os.path.join(repo, "src", "model.cpp")
    text = finding_source("first")
    commits = []
    for added in ["", SECOND, CLEAN]:
        text += added
        write(model, text)
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", "step %d" % len(commits))
        commits.append(git(repo, "rev-parse", "HEAD").stdout.strip())
    lines = text.splitlines()
    first, second = [i + 1 for i, l in enumerate(lines) if "toTuple()" in l]

    def check_recipe(recipe):
        commands = lint_commands(os.path.join(args.source, "docs", "integration", recipe))

        def lint(kind, base):
            # The recipe's command as written; only the prefix differs from /usr.
            cmd = commands[kind].replace("/usr/share/c10-tidy/", prefix + "/share/c10-tidy/")
            env = {"C10TIDY_LLVM": args.llvm, "BASE_SHA": base,
                   "CI_MERGE_REQUEST_DIFF_BASE_SHA": base}
            result = run(["bash", "-c", cmd], cwd=repo, env=env, check=False)
            log("%s %s: exit %d, findings on lines %s"
                % (recipe, kind, result.returncode, finding_lines(result.stdout)))
            return result

        whole = lint("whole", "")
        expect(whole.returncode != 0 and finding_lines(whole.stdout) == [first, second],
               "%s whole tree: both findings (lines %d, %d), job fails" % (recipe, first, second),
               whole.stdout)
        changed = lint("diff", commits[0])
        expect(changed.returncode != 0 and finding_lines(changed.stdout) == [second],
               "%s diff: only the finding the change added (line %d), job fails" % (recipe, second),
               changed.stdout)
        clean = lint("diff", commits[1])
        expect(clean.returncode == 0 and finding_lines(clean.stdout) == [],
               "%s diff of a clean change: no findings, job passes" % recipe, clean.stdout)

    in_parallel(*[lambda r=r: check_recipe(r) for r in RECIPES])


if __name__ == "__main__":
    main(test)
