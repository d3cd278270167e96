#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Wider accuracy evaluation of the c10-* checks on public libtorch code.

Applies the selection rule of docs/accuracy.md ("Wider evaluation") to local git
mirrors, exports the chosen files (whole snapshot trees, for their headers) to a
corpus directory outside the repository, lints each with clang-tidy and the plugin,
and writes the findings per file as JSON. With --labels it joins the findings with a
hand-made labels file and prints per-check precision and recall.

  scripts/evaluate-accuracy.py run --mirror /work/.mirror/owner+name/repo ... \\
      --corpus /work/eval-corpus --out /work/eval-corpus/findings.json \\
      --manifest docs/accuracy-corpus.tsv
  scripts/evaluate-accuracy.py score --findings /work/eval-corpus/findings.json \\
      --labels /work/eval-corpus/labels.tsv

--pytorch 2.6 parses against PyTorch 2.6 instead of the installed 1.13: the headers of
Debian trixie's libtorch-dev (scripts/libtorch26.sh, cached or fetched), searched ahead of
/usr/include as lit's libtorch26 runtime does, with LLVM 22's clang-tidy and the plugin of
build/llvm-22. Code written for libtorch 2.x (std::optional in signatures, newer torch::
namespaces) parses there; the version is kept in the findings JSON for --rerun.

A project whose libtorch code is switched on by a build macro (cp2k's __LIBTORCH)
is linted with it: --define owner/name:MACRO[=VALUE], named before its files are
read and kept in the findings JSON, so that --rerun lints with it again.

labels.tsv (tab-separated, '#' comments):
  F <project> <path> <line> <check> <true|false> <reason>   one per finding
  M <project> <path> <line> <check> miss <reason>           one per miss
  R <project> <path>                                        file read in full
"""
import argparse
import collections
import functools
import hashlib
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

PATTERN = re.compile(
    r"IValue|intrusive_ptr|toTensor|toTuple|toList|at::Tensor|c10::List|torch::jit::Stack")
# --count-torch-tensor (hold-out D): torch::Tensor counts toward the density too.
TORCH_TENSOR = r"|torch::Tensor"
EXTS = (".cpp", ".cc", ".cxx")
EXCLUDED = {"third_party", "thirdparty", "3rdparty", "vendor", "external"}
MIN_SCORE = 5
PER_PROJECT = 2
MAX_TRIES = 8
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# What each PyTorch release is linted with: the LLVM major its plugin is built for.
LLVM_FOR = {"1.13": 19, "2.6": 22}


def default_plugin(pytorch):
    return os.path.join(ROOT, f"build/llvm-{LLVM_FOR[pytorch]}/checks/libC10Tidy.so")


@functools.lru_cache(maxsize=None)
def libtorch26_include():
    """PyTorch 2.6's include directory (fetched into the cache on first use)."""
    r = subprocess.run([os.path.join(HERE, "libtorch26.sh")], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("evaluate-accuracy: PyTorch 2.6's headers cannot be had "
                 f"(scripts/libtorch26.sh exited {r.returncode}): {r.stderr.strip()}")
    return r.stdout.strip()
DIAG = re.compile(r"^(.*?):(\d+):(\d+): (warning|error): (.*?) \[([\w.,-]+)\]$")

STUB_EXTENSION = """#pragma once
// Parsing stub: libtorch's torch/extension.h without pybind11.
#include <torch/torch.h>
#include <pybind11/pybind11.h>
#ifndef TORCH_EXTENSION_NAME
#define TORCH_EXTENSION_NAME stub_extension
#endif
"""
STUB_PYBIND = """#pragma once
// Parsing stub: a no-op pybind11 module type.
#include <string>
namespace pybind11 {
struct arg { explicit arg(const char*) {} template <class T> arg& operator=(const T&) { return *this; } };
struct module_ {
  template <class... A> module_& def(A&&...) { return *this; }
  template <class... A> module_& attr(A&&...) { return *this; }
};
using module = module_;
struct object {};
}
namespace py = pybind11;
#define PYBIND11_MODULE(name, m) void pybind11_stub_##name(pybind11::module_& m)
"""


def git(gitdir, *args, **kw):
    return subprocess.run(["git", "--git-dir=" + gitdir, *args], check=True,
                          capture_output=True, **kw).stdout


def project_name(gitdir):
    # /work/.mirror/owner+name/repo -> owner/name
    return os.path.basename(os.path.dirname(os.path.abspath(gitdir))).replace("+", "/", 1)


def ranking(gitdir):
    """The rule: candidate files of one snapshot, densest first, ties by path."""
    r = subprocess.run(["git", "--git-dir=" + gitdir, "grep", "-o", "-I", "-E",
                        PATTERN.pattern, "HEAD", "--"] + ["*" + e for e in EXTS],
                       capture_output=True, text=True, errors="replace")
    counts = collections.Counter()
    for line in r.stdout.splitlines():
        # HEAD:<path>:<match>
        path = line[len("HEAD:"):].rsplit(":", 1)[0]
        while path and not path.endswith(EXTS):
            path = path.rsplit(":", 1)[0]
        if path and not EXCLUDED & set(path.split("/")[:-1]):
            counts[path] += 1
    scored = sorted((-n, p) for p, n in counts.items() if n >= MIN_SCORE)
    out = []
    for s, p in scored:
        try:
            lines = git(gitdir, "show", "HEAD:" + p).count(b"\n") if len(out) < MAX_TRIES else None
        except subprocess.CalledProcessError:
            lines = None
        out.append((p, -s, lines))
    return out


def export(gitdir, dest):
    """The snapshot's C/C++ sources and headers (objects absent from the mirror skipped)."""
    if os.path.isdir(dest):
        return
    os.makedirs(dest)
    keep = (".h", ".hh", ".hpp", ".hxx", ".inc", ".inl", ".def", ".ipp", ".tcc",
            ".c", ".cc", ".cpp", ".cxx", ".cuh")
    entries = []
    for line in git(gitdir, "ls-tree", "-r", "HEAD").decode().splitlines():
        meta, path = line.split("\t", 1)
        mode, kind, sha = meta.split()
        if kind == "blob" and path.endswith(keep) and mode != "120000":
            entries.append((sha, path))
    cat = subprocess.Popen(["git", "--git-dir=" + gitdir, "cat-file", "--batch"],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    for sha, path in entries:
        cat.stdin.write((sha + "\n").encode())
        cat.stdin.flush()
        header = cat.stdout.readline().decode().split()
        if len(header) < 3:  # "<sha> missing"
            continue
        data = cat.stdout.read(int(header[2]))
        cat.stdout.read(1)
        f = os.path.join(dest, path)
        os.makedirs(os.path.dirname(f), exist_ok=True)
        with open(f, "wb") as out:
            out.write(data)
    cat.stdin.close()
    cat.wait()


def write_stubs(corpus):
    stubs = os.path.join(corpus, "_stubs")
    for rel, text in (("torch/extension.h", STUB_EXTENSION),
                      ("pybind11/pybind11.h", STUB_PYBIND)):
        f = os.path.join(stubs, rel)
        os.makedirs(os.path.dirname(f), exist_ok=True)
        with open(f, "w") as out:
            out.write(text)
    return stubs


WIDENED_EXTRA = ["/usr/include/python3.11"]
# What the widened flags stand on: Debian's pybind11-dev and python3-dev. Without them
# every file that includes pybind11 fails under both flag sets and the run measures
# the machine, not the code.
WIDENED_NEEDS = {"/usr/include/pybind11/pybind11.h": "pybind11-dev",
                 "/usr/include/python3.11/Python.h": "python3-dev"}


def flags(stubs, root, path, widened=False, pytorch="1.13"):
    """Generic flags; widened: no parsing stubs (Debian's torch/extension.h and the real
    pybind11), plus Python's headers (docs/accuracy.md, third pass). For 2.6 the
    torch API directory comes from the environment (tidy_environment), ahead of 1.13's."""
    api = ["/usr/include/torch/csrc/api/include"] if pytorch == "1.13" else []
    inc = ([] if widened else [stubs]) + api + [root]
    d = os.path.dirname(path)
    while d:
        inc.append(os.path.join(root, d))
        d = os.path.dirname(d)
    for dirpath, dirnames, _ in os.walk(root):
        depth = os.path.relpath(dirpath, root).count(os.sep) + (dirpath != root)
        if depth >= 3:
            dirnames[:] = []
        for n in sorted(dirnames):
            if n in ("include", "csrc", "src"):
                inc.append(os.path.join(dirpath, n))
    if widened:
        inc += WIDENED_EXTRA
    out = ["-std=c++17", "-Wno-everything"]
    seen = set()
    for i in inc:
        if i not in seen:
            seen.add(i)
            out.append("-I" + i)
    return out


MISSING = re.compile(r"'([^']+)' file not found")


def widening_can_help(error):
    """False when the error is a missing header the widened flags do not provide either
    (the widened flags only drop the two stubs and add WIDENED_EXTRA)."""
    m = MISSING.search(error)
    if not m:
        return True
    return any(os.path.exists(os.path.join(d, m.group(1))) for d in WIDENED_EXTRA)


class NotReached(Exception):
    pass


def tidy_environment(pytorch):
    """1.13 is the system's; 2.6's headers are searched after every -I of the flags (the
    project's own directories) and ahead of /usr/include, which holds 1.13's."""
    env = dict(os.environ)
    if pytorch == "2.6":
        inc = libtorch26_include()
        env["CPLUS_INCLUDE_PATH"] = os.pathsep.join(
            [inc, os.path.join(inc, "torch/csrc/api/include")])
    return env


def lint(stubs, root, path, plugin, cached_only=False, widened=False, defines=(),
         pytorch="1.13"):
    """Findings of one file; cached per file, flag set, defines, PyTorch release and
    plugin build next to the corpus."""
    st = os.stat(plugin)
    cache = os.path.join(os.path.dirname(root), "_findings",
                         f"{os.path.basename(plugin)}-{int(st.st_mtime)}-{st.st_size}"
                         + ("" if pytorch == "1.13" else "-pytorch" + pytorch)
                         + ("-widened" if widened else "")
                         + ("-D" + hashlib.sha256(" ".join(defines).encode()).hexdigest()[:12]
                            if defines else ""),
                         os.path.basename(root), path + ".json")
    if os.path.exists(cache):
        with open(cache) as c:
            d = json.load(c)
        return d["findings"], d["errors"], d["crashed"]
    if cached_only:
        raise NotReached(path)
    findings, errors, crashed = lint_uncached(stubs, root, path, plugin, widened, defines,
                                              pytorch)
    os.makedirs(os.path.dirname(cache), exist_ok=True)
    with open(cache, "w") as c:
        json.dump({"findings": findings, "errors": errors, "crashed": crashed}, c, indent=1)
    return findings, errors, crashed


def lint_uncached(stubs, root, path, plugin, widened=False, defines=(), pytorch="1.13"):
    f = os.path.join(root, path)
    cmd = ["nice", "-n", "5", f"clang-tidy-{LLVM_FOR[pytorch]}", "-load", plugin,
           "--checks=-*,c10-*", f, "--"] + flags(stubs, root, path, widened, pytorch) \
        + list(defines)
    r = subprocess.run(cmd, capture_output=True, text=True, env=tidy_environment(pytorch))
    findings, errors = [], []
    for line in r.stdout.splitlines():
        m = DIAG.match(line)
        if not m:
            continue
        file, ln, col, kind, msg, check = m.groups()
        if kind == "error" or check == "clang-diagnostic-error":
            errors.append(line)
        elif os.path.abspath(file) == os.path.abspath(f) and check.startswith("c10-"):
            findings.append({"line": int(ln), "col": int(col), "check": check, "message": msg})
    crashed = r.returncode not in (0, 1) and not errors
    return findings, errors, crashed


def cmd_run(a):
    global PATTERN
    if a.count_torch_tensor:
        PATTERN = re.compile(PATTERN.pattern + TORCH_TENSOR)
    a.only_linted = None
    a.known_unparsed = {}
    if a.known:  # parse failures do not depend on the plugin build: not tried again
        known = json.load(open(a.known))
        if known.get("pytorch", "1.13") != (a.pytorch or "1.13"):
            sys.exit(f"--known {a.known} parsed against PyTorch {known.get('pytorch', '1.13')}, "
                     f"this run against {a.pytorch or '1.13'}: its parse failures do not carry over")
        for r in known["files"]:
            if "does_not_parse" in r:
                a.known_unparsed[(r["project"], r["path"])] = r["does_not_parse"]
    # --define PROJECT:MACRO[=VALUE]: the project's build macros, fixed before its files
    # are read (a re-run takes them from the earlier run's records).
    a.defines = collections.defaultdict(list)
    for d in a.define:
        proj, sep, macro = d.partition(":")
        if not sep or not macro:
            sys.exit(f"--define wants PROJECT:MACRO[=VALUE], not {d!r}")
        a.defines[proj].append("-D" + macro)
    if a.rerun:
        earlier = json.load(open(a.rerun))
        if a.pytorch is None:
            a.pytorch = earlier.get("pytorch", "1.13")
        prev = earlier["files"]
        for r in prev:
            if r.get("defines") and r["project"] not in a.defines:
                a.defines[r["project"]] = list(r["defines"])
        a.only_linted = {(r["project"], r["path"]): r.get("flags", "generic")
                         for r in prev if "findings" in r}
        a.rerun_records = {(r["project"], r["path"]): r for r in prev if "findings" in r}
        a.mirror = [m for m in a.mirror if project_name(m) in {p for p, _ in a.only_linted}]
    missing = sorted(pkg for f, pkg in WIDENED_NEEDS.items() if not os.path.exists(f))
    if a.widen and missing:
        sys.exit("evaluate-accuracy: --widen needs Debian's " + ", ".join(missing)
                 + " (apt-get install " + " ".join(missing) + ")")
    a.candidates = None
    if a.candidates_from:
        # project<TAB>path<TAB>score lines ('#' comments): the only files tried
        a.candidates = []
        for line in open(a.candidates_from):
            if line.strip() and not line.startswith("#"):
                proj, path, score = line.rstrip("\n").split("\t")[:3]
                a.candidates.append((proj, path, int(score)))
        a.candidates.sort(key=lambda c: (c[0], -c[2], c[1]))
        if a.rerun:
            sys.exit("--candidates and --rerun exclude each other")
    a.pytorch = a.pytorch or "1.13"
    a.plugin = a.plugin or default_plugin(a.pytorch)
    if a.pytorch != "1.13":
        libtorch26_include()  # fetched once, before the workers start
    stubs = write_stubs(a.corpus)
    results, manifest = [], []
    # One project at a time; inside a project, candidates in order, two at a time.
    def one(gitdir):
        proj = project_name(gitdir)
        commit = git(gitdir, "rev-parse", "HEAD").decode().strip()
        root = os.path.join(a.corpus, proj.replace("/", "+"))
        export(gitdir, root)
        chosen, rejected = [], []
        if a.candidates is not None:
            # Files named beforehand (an earlier run's parse failures), in the rule's
            # order, instead of this snapshot's ranking.
            cands = [(path, score, None) for p, path, score in a.candidates if p == proj]
        elif a.only_linted:
            # A re-run lints the files an earlier run chose, nothing else, whatever
            # this run's ranking options (--count-torch-tensor) or --per-project
            # would choose.
            cands = sorted(((path, r["score"], r.get("lines"))
                            for (p, path), r in a.rerun_records.items() if p == proj),
                           key=lambda c: (-c[1], c[0]))
        else:
            cands = ranking(gitdir)[:MAX_TRIES]
        for path, score, nlines in cands:
            if len(chosen) == a.per_project and not a.only_linted:
                break
            # Flag sets to try, in order: the generic flags, then (with --widen) the widened.
            tries = ["generic", "widened"] if a.widen else ["generic"]
            if a.only_linted:
                tries = [a.only_linted[(proj, path)]]
            first_error = None
            if (proj, path) in a.known_unparsed and tries[0] == "generic":
                first_error = a.known_unparsed[(proj, path)]
                tries = tries[1:]
                if tries and not widening_can_help(first_error):
                    first_error += " | widened: the same header is missing"
                    tries = []
            result = None
            try:
                for fl in tries:
                    findings, errors, crashed = lint(stubs, root, path, a.plugin, a.cached_only,
                                                     widened=(fl == "widened"),
                                                     defines=a.defines.get(proj, ()),
                                                     pytorch=a.pytorch)
                    if errors:
                        first_error = errors[0] if fl == "generic" or first_error is None \
                            else first_error + " | widened: " + errors[0]
                        if fl == "generic" and not widening_can_help(errors[0]):
                            first_error += " | widened: the same header is missing"
                            break
                        continue
                    result = (fl, findings, crashed)
                    break
            except NotReached:
                break  # the run was stopped before this file: the project ends here
            if result is None:
                rejected.append({"path": path, "score": score, "first_error": first_error})
                continue
            fl, findings, crashed = result
            record = {"project": proj, "commit": commit, "path": path, "score": score,
                      "lines": nlines, "crashed": crashed, "flags": fl, "findings": findings}
            if a.defines.get(proj):
                record["defines"] = list(a.defines[proj])
            chosen.append(record)
        print(f"{proj}: {len(chosen)} linted, {len(rejected)} do not parse", file=sys.stderr)
        return proj, commit, chosen, rejected
    with ThreadPoolExecutor(max_workers=a.jobs) as pool:
        for proj, commit, chosen, rejected in pool.map(one, a.mirror):
            results.extend(chosen)
            for r in rejected:
                results.append({"project": proj, "commit": commit, "path": r["path"],
                                "score": r["score"], "does_not_parse": r["first_error"]})
    results.sort(key=lambda r: (r["project"], -r["score"], r["path"]))
    plugin_commit = subprocess.run(["git", "-C", ROOT, "log", "-1", "--format=%H"],
                                   capture_output=True, text=True).stdout.strip()
    with open(a.out, "w") as out:
        json.dump({"plugin": a.plugin, "repo_head": plugin_commit, "pytorch": a.pytorch,
                   "files": results}, out, indent=1)
    if a.manifest:
        with open(a.manifest, "w") as out:
            out.write("# project\tcommit\tpath\tscore\tstatus\n")
            for r in results:
                status = ("does not parse" if "does_not_parse" in r else
                          "linted (widened flags)" if r.get("flags") == "widened" else "linted")
                out.write(f"{r['project']}\t{r['commit']}\t{r['path']}\t{r['score']}\t{status}\n")
    linted = [r for r in results if "findings" in r]
    print(f"{len(linted)} files linted from {len({r['project'] for r in linted})} projects, "
          f"{sum(len(r['findings']) for r in linted)} findings, "
          f"{sum(r['crashed'] for r in linted)} crashes")


def cmd_score(a):
    found, linted = {}, set()
    for fname in a.findings.split(","):
        for r in json.load(open(fname))["files"]:
            if "findings" in r:
                linted.add((r["project"], r["path"]))
            for f in r.get("findings", []):
                # one label per (line, check) covers every finding there (several columns)
                found[(r["project"], r["path"], f["line"], f["check"], f["col"])] = f
    labels, misses, read = {}, [], set()
    lines = [ln for fname in a.labels.split(",") for ln in open(fname)]
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.rstrip("\n").split("\t")
        if parts[0] == "F":
            _, proj, path, ln, check, label, *reason = parts
            labels.setdefault((proj, path, int(ln), check), []).append(label)
        elif parts[0] == "M":
            _, proj, path, ln, check, _, *reason = parts
            target = bool(reason) and reason[0].startswith("target")
            misses.append((proj, path, int(ln), check, target))
        elif parts[0] == "R":
            read.add((parts[1], parts[2]))
    unlabelled = [k for k in found if k[:4] not in labels]
    for k in unlabelled:
        print("unlabelled:", *k, file=sys.stderr)
    per = collections.defaultdict(lambda: collections.Counter())
    for k, f in found.items():
        for lab in labels.get(k[:4], ["?"])[:1]:
            per[k[3]][lab] += 1
            if (k[0], k[1]) in read and lab == "true":
                per[k[3]]["true_in_read"] += 1
    for m in misses:
        if (m[0], m[1]) not in read or (m[0], m[1]) not in linted:
            continue  # outside the files read in full (or not in these runs): listed, not in recall
        per[m[3]]["miss"] += 1
        per[m[3]]["miss_target" if m[4] else "miss_doc"] += 1
    tot = collections.Counter()
    print("| check | findings | true | false | misses (doc + target) | precision | recall | recall, doc scope |")
    print("|---|---|---|---|---|---|---|---|")
    for check in sorted(per):
        c = per[check]
        tot.update(c)
        n = c["true"] + c["false"] + c["?"]
        prec = f"{c['true'] / n:.2f}" if n else "n/a"
        rd = c["true_in_read"] + c["miss"]
        rec = f"{c['true_in_read'] / rd:.2f} ({c['true_in_read']}/{rd})" if rd else "n/a"
        rdd = c["true_in_read"] + c["miss_doc"]
        recd = f"{c['true_in_read'] / rdd:.2f}" if rdd else "n/a"
        print(f"| {check} | {n} | {c['true']} | {c['false']} | {c['miss_doc']} + {c['miss_target']} "
              f"| {prec} | {rec} | {recd} |")
    n = tot["true"] + tot["false"] + tot["?"]
    rd = tot["true_in_read"] + tot["miss"]
    rdd = tot["true_in_read"] + tot["miss_doc"]
    print(f"| **total** | {n} | {tot['true']} | {tot['false']} | {tot['miss_doc']} + {tot['miss_target']} | "
          f"{tot['true'] / n if n else 0:.2f} | "
          f"{tot['true_in_read'] / rd if rd else 0:.2f} ({tot['true_in_read']}/{rd}) | "
          f"{tot['true_in_read'] / rdd if rdd else 0:.2f} |")
    if unlabelled:
        print(f"{len(unlabelled)} findings unlabelled", file=sys.stderr)
    # Per project: files linted, findings, true, false, misses, files read whole.
    print()
    print("| project | files | read whole | findings | true | false | misses (doc + target) | precision | recall |")
    print("|---|---|---|---|---|---|---|---|---|")
    for proj in sorted({p for p, _ in linted}):
        fl = [k for k in found if k[0] == proj]
        t = sum(labels.get(k[:4], ["?"])[0] == "true" for k in fl)
        fa = sum(labels.get(k[:4], ["?"])[0] == "false" for k in fl)
        tr = sum(labels.get(k[:4], ["?"])[0] == "true" and (k[0], k[1]) in read for k in fl)
        ms = [m for m in misses if m[0] == proj and (m[0], m[1]) in read and (m[0], m[1]) in linted]
        md, mt = sum(not m[4] for m in ms), sum(m[4] for m in ms)
        nf = len({x for x in linted if x[0] == proj})
        nr = len({x for x in read if x[0] == proj and x in linted})
        prec = f"{t / len(fl):.2f}" if fl else "n/a"
        rec = f"{tr / (tr + len(ms)):.2f}" if tr + len(ms) else "n/a"
        print(f"| {proj} | {nf} | {nr} | {len(fl)} | {t} | {fa} | {md} + {mt} | {prec} | {rec} |")
    keys = {k[:4] for k in found}
    stale = [k for k in labels if (k[0], k[1]) in linted and k not in keys]
    for k in stale:
        print("label without a finding (gone in this build?):", *k, file=sys.stderr)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--mirror", nargs="+", required=True, help="git dirs of the projects")
    r.add_argument("--corpus", default="/work/eval-corpus")
    r.add_argument("--out", default="/work/eval-corpus/findings.json")
    r.add_argument("--manifest")
    r.add_argument("--plugin", help="the plugin (default: build/llvm-N's, N the LLVM major "
                   "the --pytorch release is linted with)")
    r.add_argument("--pytorch", choices=sorted(LLVM_FOR),
                   help="the PyTorch release to parse against (default 1.13, the installed one; "
                        "with --rerun, the earlier run's)")
    r.add_argument("--jobs", type=int, default=2)
    r.add_argument("--per-project", type=int, default=PER_PROJECT)
    r.add_argument("--candidates", dest="candidates_from", metavar="TSV",
                   help="project<TAB>path<TAB>score lines: try only these files (densest first, "
                        "--per-project of them per project) instead of each snapshot's ranking")
    r.add_argument("--known", help="findings JSON of an earlier run: its parse failures are reused")
    r.add_argument("--cached-only", action="store_true",
                   help="lint nothing: report what an earlier (stopped) run with this plugin cached")
    r.add_argument("--rerun", help="findings JSON of an earlier run: lint only the files it linted"
                   " (with the flag set each was linted with)")
    r.add_argument("--widen", action="store_true",
                   help="a file that does not parse under the generic flags is tried under the "
                        "widened flags (docs/accuracy.md, third pass)")
    r.add_argument("--define", action="append", default=[], metavar="PROJECT:MACRO[=VALUE]",
                   help="a build macro of one project (owner/name), e.g. its libtorch switch; "
                        "repeatable; name them before reading the project's files")
    r.add_argument("--count-torch-tensor", action="store_true",
                   help="torch::Tensor counts toward a file's density like at::Tensor "
                        "(hold-out D); off, the rule of the earlier sets")
    s = sub.add_parser("score")
    s.add_argument("--findings", default="/work/eval-corpus/findings.json",
                   help="findings JSON; several comma-separated are joined")
    s.add_argument("--labels", default="/work/eval-corpus/labels.tsv",
                   help="labels file; several comma-separated are joined")
    a = p.parse_args()
    {"run": cmd_run, "score": cmd_score}[a.cmd](a)


if __name__ == "__main__":
    main()
