#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""c10-tidy-report end to end, one part per ctest test:

  lint      c10-tidy --export-fixes over every example and lit input (libtorch),
            one YAML per input into WORK/fixes (what run-clang-tidy -export-fixes writes);
            registered only without the all-fixes round trip, whose first round
            writes the same files (all_fixes_roundtrip.py --export-fixes)
  sarif     SARIF of all of them, validated by Microsoft's SARIF Multitool: zero
            errors; one result per YAML diagnostic; exit 77 (ctest: skipped) when the
            multitool is not installed and npm cannot fetch it
  summary   Markdown and HTML summary; the page rendered by headless Chromium has the
            chart and the top rows, and Chromium reports no CSP violation
  baseline  lint, save a baseline, add one finding and move the code down ten lines:
            exactly one new result, exit 1; unchanged code: exit 0
  run-clang-tidy  a real run-clang-tidy-N -export-fixes DIR/ run over a compile database
            of one flagged and two clean files (whose YAML files are empty): SARIF and
            summary from the directory, written with the user's umask
  bad-input not YAML, another tool's YAML, a missing file, an offset past the end:
            exit 2, one line naming the file, no output file

  report_test.py PART --tidy C10_TIDY --report SCRIPT --work DIR --root SOURCE_DIR
"""
import argparse
import concurrent.futures
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time


HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "integration"))
from all_fixes_roundtrip import compile_flags  # noqa: E402  (an input's RUN-line flags)


CHECKS = "-*,c10-*,performance-unnecessary-copy-initialization"
SKIP = 77
failures = []


def expect(ok, what, detail=""):
    print("%s: %s" % ("ok" if ok else "FAIL", what))
    if not ok:
        failures.append(what)
        if detail:
            print("  " + str(detail).replace("\n", "\n  ")[:4000])


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def lint(tidy, source, flags, yaml_path):
    r = run([tidy, "--checks=" + CHECKS, "--export-fixes=" + yaml_path, source, "--"] + flags +
            ["-Wno-deprecated-declarations"])
    return r


def inputs(root):
    out = []
    for path in sorted(glob.glob(os.path.join(root, "examples", "*.cpp")) +
                       glob.glob(os.path.join(root, "test", "checks", "*.cpp"))):
        flags = compile_flags(path)
        if flags is not None:
            out.append((path, flags))
    return out


def part_lint(args):
    out = os.path.join(args.work, "fixes")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    todo = inputs(args.root)
    start = time.time()

    def one(item):
        path, flags = item
        name = os.path.relpath(path, args.root).replace("/", "__")
        y = os.path.join(out, name + ".yaml")
        r = lint(args.tidy, path, flags, y)
        return path, r, y

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(one, todo))
    crashed = [p for p, r, _ in results if r.returncode < 0 or "Stack dump" in r.stderr]
    expect(not crashed, "c10-tidy ran on %d inputs" % len(todo), crashed)
    written = sum(os.path.exists(y) for _, _, y in results)
    diags = sum(open(y).read().count("DiagnosticName:") for _, _, y in results if os.path.exists(y))
    print("%d inputs, %d YAML files, %d diagnostics, %.0f s" % (len(todo), written, diags,
                                                               time.time() - start))
    expect(written > 0 and diags > 100, "the inputs' findings were exported")


def yaml_dir(args):
    """The inputs' findings: written by the all-fixes round trip's first round
    (ctest fixture report-fixes) or by the lint part."""
    d = os.path.join(args.work, "fixes")
    files = glob.glob(os.path.join(d, "*.yaml"))
    if not files:
        print("no YAML in %s: all-fixes-roundtrip (or the lint part) runs first" % d)
        sys.exit(1)
    diags = sum(open(y, encoding="utf-8").read().count("DiagnosticName:") for y in files)
    print("%d YAML files in %s, %d diagnostics" % (len(files), d, diags))
    expect(diags > 100, "the inputs' findings were exported")
    return d


def native_multitool(wrapper):
    """npm's sarif-multitool is a Node script that runs the real binary through
    a shell, which splits "Error;Warning" at the ';': call the binary itself."""
    package = os.path.dirname(os.path.realpath(wrapper))
    found = glob.glob(os.path.join(package, "**", "Sarif.Multitool"), recursive=True)
    return [found[0]] if found else [wrapper]


def multitool(args):
    """The sarif-multitool command, or None when it cannot be had."""
    found = shutil.which("sarif-multitool")
    if found:
        return native_multitool(found)
    local = os.path.join(args.work, "npm")
    exe = os.path.join(local, "node_modules", ".bin", "sarif-multitool")
    if not os.path.exists(exe) and shutil.which("npm"):
        os.makedirs(local, exist_ok=True)
        r = run(["npm", "install", "--prefix", local, "--no-audit", "--no-fund",
                 "@microsoft/sarif-multitool"], timeout=600)
        if r.returncode != 0:
            print("npm could not install @microsoft/sarif-multitool:\n" + r.stderr[-2000:])
    if not os.path.exists(exe):
        return None
    # npm may not run the package's install script, which marks the binary executable.
    for binary in glob.glob(os.path.join(local, "node_modules", "**", "Sarif.Multitool"),
                            recursive=True):
        os.chmod(binary, 0o755)
    return native_multitool(exe)


def validate(tool, sarif_path):
    """(errors, warnings, output) of sarif-multitool validate."""
    out = sarif_path + ".validation.sarif"
    # GitHub's rules (GH*, as code scanning applies them) and the SARIF rules.
    r = run(tool + ["validate", sarif_path, "-o", out, "--log", "ForceOverwrite",
                    "--rule-kind", "Gh;Sarif", "--level", "Error;Warning;Note"])
    if r.returncode != 0 and not os.path.exists(out):
        return None, None, r.stdout + r.stderr
    with open(out) as f:
        log = json.load(f)
    found = [x for run_ in log["runs"] for x in run_.get("results") or []]
    errors = [x for x in found if x.get("level", "warning") == "error"]
    warnings = [x for x in found if x.get("level", "warning") == "warning"]
    text = "\n".join("%s %s: %s" % (x.get("level", "warning"), x.get("ruleId"),
                                    (x.get("message") or {}).get("text", x.get("message")))
                     for x in found)
    return len(errors), len(warnings), text


def report(args, *rest, env=None):
    """c10-tidy-report; no docs base from this shell's environment unless env sets one."""
    full = {k: v for k, v in os.environ.items() if k != "C10TIDY_DOCS_BASE_URL"}
    full.update(env or {})
    return run([sys.executable, args.report] + list(rest), env=full)


def part_sarif(args):
    d = yaml_dir(args)
    tool = multitool(args)
    if tool is None:
        print("SKIPPED: sarif-multitool is not installed and npm cannot fetch it")
        sys.exit(SKIP)
    expected = sum(open(y).read().count("DiagnosticName:") for y in glob.glob(d + "/*.yaml"))
    # No docs base configured (the default build, no option, no environment):
    # the c10 rules carry their page as help and no helpUri, neither a dead
    # web link nor a file:// path of the machine that ran the lint.
    out = os.path.join(args.work, "all.sarif")
    r = report(args, "sarif", d, "-o", out, "--source-root", args.root)
    expect(r.returncode == 0, "c10-tidy-report sarif over the directory exits 0", r.stderr)
    log = json.load(open(out))
    results = log["runs"][0]["results"]
    expect(len(results) == expected, "one result per YAML diagnostic: %d results, %d diagnostics"
           % (len(results), expected))
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    upstream = [x for x in rules if not x["id"].startswith("c10-")]
    ours = [x for x in rules if x["id"].startswith("c10-")]
    expect(upstream and all(x.get("helpUri", "").startswith("https://clang.llvm.org/") for x in upstream),
           "upstream checks link to clang's and clang-tidy's pages",
           [x.get("helpUri") for x in upstream])
    expect(all("clang.llvm.org/extra/clang-tidy/checks/" in x["helpUri"]
               for x in upstream if not x["id"].startswith("clang-diagnostic-")),
           "clang-tidy checks link to clang-tidy's pages", [x["helpUri"] for x in upstream])
    expect(ours and not [x for x in ours if "helpUri" in x],
           "with no docs base, c10-* rules have no helpUri", [x.get("helpUri") for x in ours])
    pages = os.path.join(args.root, "docs", "checks")
    expect(all(x["help"]["markdown"].strip() == open(os.path.join(pages, x["id"] + ".md"),
                                                     encoding="utf-8").read().strip()
               for x in ours), "... and their help (Markdown) is the whole check page")
    expect("file://" not in json.dumps(log["runs"][0]["tool"]) and
           "informationUri" not in log["runs"][0]["tool"]["driver"],
           "no file:// link and no informationUri in the tool's description")
    expect(any("fixes" in x for x in results) and any("relatedLocations" in x for x in results),
           "fix-its and notes are in the log")
    expect(all(x["help"]["text"] and x["help"]["markdown"] for x in rules),
           "every rule has help, text and Markdown")

    # A configured base: --help-base-uri, else $C10TIDY_DOCS_BASE_URL ('/' added).
    def links(what, extra, env, base):
        path = os.path.join(args.work, "linked-%s.sarif" % ("option" if extra else "env"))
        r = report(args, "sarif", d, "-o", path, "--source-root", args.root, *extra, env=env)
        expect(r.returncode == 0, what + ": exits 0", r.stderr)
        linked = json.load(open(path))
        driver = linked["runs"][0]["tool"]["driver"]
        mine = [x for x in driver["rules"] if x["id"].startswith("c10-")]
        expect(mine and all(x.get("helpUri") == base + x["id"] + ".md" and
                            x["help"]["markdown"].rstrip().endswith("(%s%s.md)" % (base, x["id"]))
                            for x in mine),
               "%s: c10-* rules link to %s<check>.md (helpUri and the help's last line)"
               % (what, base), [x.get("helpUri") for x in mine])
        expect([x["helpUri"] for x in driver["rules"] if not x["id"].startswith("c10-")] ==
               [x["helpUri"] for x in upstream], what + ": upstream links unchanged")
        return path
    linked = links("--help-base-uri", ["--help-base-uri", "https://example.org/c10-tidy/docs/checks/"],
                   {"C10TIDY_DOCS_BASE_URL": "https://env.example.net/pages/"},
                   "https://example.org/c10-tidy/docs/checks/")
    links("$C10TIDY_DOCS_BASE_URL", [], {"C10TIDY_DOCS_BASE_URL": "https://env.example.net/pages"},
          "https://env.example.net/pages/")
    r = report(args, "sarif", d, "-o", os.path.join(args.work, "relative.sarif"),
               "--help-base-uri", "docs/checks/")
    expect(r.returncode == 2 and "--help-base-uri" in r.stderr and
           not os.path.exists(os.path.join(args.work, "relative.sarif")),
           "a relative --help-base-uri is refused (exit 2, no output)", r.stderr)
    expect(all(not x["shortDescription"]["text"].endswith(("—", "-", "...")) and
               x["shortDescription"]["text"].endswith(".") for x in ours),
           "c10-* short descriptions are whole sentences",
           [x["shortDescription"]["text"] for x in ours])
    expect(all(x["properties"].get("precision") in ("high", "medium") and
               x["properties"].get("problem.severity") for x in rules),
           "every rule has precision and problem.severity")
    expect(all(x["properties"].get("problem.severity") and
               re.match(r"^[0-9a-f]{16}:[0-9]+$", x["partialFingerprints"]["primaryLocationLineHash"])
               for x in results),
           "every result has problem.severity and primaryLocationLineHash")
    expect(log["runs"][0]["automationDetails"]["id"].startswith("c10-tidy/llvm"),
           "the run has an automationDetails.id", log["runs"][0].get("automationDetails"))
    for what, path in (("no docs base", out), ("a docs base", linked)):
        errors, warnings, text = validate(tool, path)
        print("sarif-multitool validate --rule-kind Gh;Sarif (%s): %d results, %s errors, "
              "%s warnings" % (what, len(results), errors, warnings))
        expect(errors == 0, "%s: zero validation errors with GitHub's rules" % what, text)
        gh = [line for line in text.splitlines() if " GH" in line and not line.startswith("note")]
        expect(not gh, "%s: no GitHub-rule (GH*) error or warning" % what, "\n".join(gh))
        # Without a base the tool has no web page to name: SARIF2005's warning
        # (no informationUri) is the one expected, nothing else.
        other = [line for line in text.splitlines() if line.startswith("warning") and
                 (path == linked or "SARIF2005" not in line)]
        expect(not other, "%s: no warning%s" % (what, " but SARIF2005 (no informationUri)"
                                                 if path == out else ""), "\n".join(other))
    # The GitHub rules are live: without help, GH2012 fires.
    bare = json.load(open(out))
    for rule in bare["runs"][0]["tool"]["driver"]["rules"]:
        del rule["help"]
    missing = os.path.join(args.work, "no-help.sarif")
    with open(missing, "w") as f:
        json.dump(bare, f)
    _, _, text = validate(tool, missing)
    expect("GH2012" in text, "a rule without help is GitHub error GH2012", text[:2000])
    # The validator is live: the same log with a relative helpUri must fail it.
    log = json.load(open(out))
    log["runs"][0]["tool"]["driver"]["rules"][0]["helpUri"] = "checks/page.md"
    broken = os.path.join(args.work, "broken.sarif")
    with open(broken, "w") as f:
        json.dump(log, f)
    errors, _, text = validate(tool, broken)
    expect(errors and errors > 0, "a relative helpUri is a validation error (%s)" % errors, text)
    # Each input on its own too: a file that fails alone would hide in the whole.
    bad = []
    for y in sorted(glob.glob(d + "/*.yaml")):
        one = os.path.join(args.work, "one.sarif")
        r = report(args, "sarif", y, "-o", one, "--source-root", args.root)
        if r.returncode != 0:
            bad.append("%s: exit %d %s" % (y, r.returncode, r.stderr))
    expect(not bad, "every input's YAML converts on its own (%d)" % len(glob.glob(d + "/*.yaml")),
           "\n".join(bad))
    # Over GitHub's limit: the most severe kept, exit 3, a notification saying how many.
    capped = os.path.join(args.work, "capped.sarif")
    r = report(args, "sarif", d, "-o", capped, "--source-root", args.root, "--max-results", "10")
    log = json.load(open(capped)) if os.path.exists(capped) else {"runs": [{}]}
    run0 = log["runs"][0]
    note = run0.get("invocations", [{}])[0].get("toolExecutionNotifications", [])
    expect(r.returncode == 3 and len(run0.get("results", [])) == 10 and note and
           ("%d of %d" % (expected - 10, expected)) in note[0]["message"]["text"],
           "above --max-results: 10 kept, the rest counted, exit 3", r.stderr)


def part_summary(args):
    d = yaml_dir(args)
    html_path = os.path.join(args.work, "summary.html")
    r = report(args, "summary", d, "--html", html_path, "--source-root", args.root)
    expect(r.returncode == 0, "summary exits 0", r.stderr)
    md = r.stdout
    rows = [l for l in md.splitlines() if l.startswith("| c10-") or l.startswith("| performance-")]
    expect(rows and rows[0].startswith("| c10-"), "Markdown table of checks, most costly first",
           md[:2000])
    upstream = [l for l in rows if l.startswith("| performance-")]
    expect(all("unknown" in l for l in upstream), "upstream checks cost unknown", upstream)
    chromium = shutil.which("chromium")
    if not chromium:
        print("chromium is not installed (scripts/bootstrap.sh installs it)")
        sys.exit(1)
    profile = os.path.join(args.work, "chromium-profile")
    r = run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + profile,
             "--enable-logging=stderr", "--v=0", "--dump-dom", "file://" + html_path], timeout=120)
    dom = r.stdout
    bars = re.findall(r'<rect class="bar" data-check="([^"]+)"', dom)
    known = [l.split("|")[1].strip() for l in rows if l.split("|")[-2].strip() != "unknown"]
    expect(r.returncode == 0 and bars and bars == known,
           "Chromium rendered the chart: one bar per check of known cost, in cost order",
           "bars %s\nknown %s\n%s" % (bars, known, r.stderr[-2000:]))
    first = rows[0].split("|")[1].strip()
    expect(re.search(r'<table id="checks">.*?<tbody><tr><td>%s</td>' % re.escape(first), dom, re.S),
           "the top row of the checks table is %s" % first)
    expect('<table id="files">' in dom and ("<td>examples/" in dom or "<td>test/checks/" in dom),
           "the top files are listed")
    expect("Content-Security-Policy" in dom and "Content Security Policy" not in r.stderr,
           "the page has its CSP and Chromium reported no violation", r.stderr[-2000:])


FIRST = """#include <ATen/core/ivalue.h>
#include <cstddef>

std::size_t count(const c10::IValue &v) {
  auto t = v.toTuple();
  return t->elements().size();
}

std::size_t name(const c10::IValue &v) { return v.toString()->string().size(); }
"""
ADDED = """
std::size_t listed(const c10::IValue &v) {
  auto l = v.toList();
  return l.size() + 1;
}
"""


def part_baseline(args):
    work = os.path.join(args.work, "baseline")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    src = os.path.join(work, "code.cpp")
    with open(src, "w") as f:
        f.write(FIRST)
    flags = ["-std=c++17"]
    y1, y2 = os.path.join(work, "old.yaml"), os.path.join(work, "new.yaml")
    lint(args.tidy, src, flags, y1)
    old = os.path.join(work, "old.sarif")
    r = report(args, "sarif", y1, "-o", old, "--source-root", work)
    n_old = len(json.load(open(old))["runs"][0]["results"])
    expect(r.returncode == 0 and n_old == 2, "baseline: 2 findings", r.stderr)
    r = report(args, "sarif", y1, "-o", os.path.join(work, "same.sarif"), "--source-root", work,
               "--baseline", old)
    expect(r.returncode == 0, "the same code against its baseline: exit 0", r.stderr)
    # Ten lines of unrelated code above everything, and one new finding after it.
    moved = "\n".join("// padding line %d" % i for i in range(10)) + "\n" + FIRST + ADDED
    with open(src, "w") as f:
        f.write(moved)
    lint(args.tidy, src, flags, y2)
    new = os.path.join(work, "new.sarif")
    r = report(args, "sarif", y2, "-o", new, "--source-root", work, "--baseline", old)
    results = json.load(open(new))["runs"][0]["results"]
    states = sorted(x.get("baselineState") for x in results)
    expect(r.returncode == 1 and states == ["new", "unchanged", "unchanged"],
           "after the move: exactly one new finding, exit 1", "%d %s %s" % (r.returncode, states, r.stderr))
    before = json.load(open(old))["runs"][0]["results"]
    kept = [x for x in results if x.get("baselineState") == "unchanged"]
    for key in ("c10TidyLineHash/v1", "primaryLocationLineHash"):
        expect(sorted(x["partialFingerprints"][key] for x in before) ==
               sorted(x["partialFingerprints"][key] for x in kept),
               "ten lines inserted above: the two findings keep their %s" % key)
    fresh = [x for x in results if x.get("baselineState") == "new"]
    expect(fresh and fresh[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 22,
           "the new one is the added line", fresh)


def part_bad_input(args):
    work = os.path.join(args.work, "bad")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    src = os.path.join(work, "short.cpp")
    with open(src, "w") as f:
        f.write("int x;\n")
    cases = {
        "not-yaml.yaml": "Diagnostics: [ {unclosed\n  - : :\n",
        "other-tool.yaml": "---\nresults:\n  - id: 1\n    severity: high\n",
        "past-end.yaml": ("---\nMainSourceFile: '%s'\nDiagnostics:\n  - DiagnosticName: c10-x\n"
                          "    DiagnosticMessage:\n      Message: m\n      FilePath: '%s'\n"
                          "      FileOffset: 400\n      Replacements: []\n    Level: Warning\n"
                          "    BuildDirectory: '%s'\n" % (src, src, work)),
    }
    for name, text in cases.items():
        with open(os.path.join(work, name), "w") as f:
            f.write(text)
    cases = list(cases) + ["missing.yaml"]
    for name in cases:
        path = os.path.join(work, name)
        for command in (["sarif", path, "-o", os.path.join(work, "out.sarif")],
                        ["summary", path, "--html", os.path.join(work, "out.html")]):
            r = report(args, *command)
            lines = r.stderr.strip().splitlines()
            expect(r.returncode == 2 and len(lines) == 1 and path in lines[0] and not r.stdout
                   and not os.path.exists(os.path.join(work, "out.sarif"))
                   and not os.path.exists(os.path.join(work, "out.html")),
                   "%s %s: exit 2, one line naming the file, no output" % (command[0], name),
                   "exit %d: %s" % (r.returncode, r.stderr))
    # A bad file among good ones still writes nothing.
    good = os.path.join(work, "good.yaml")
    with open(good, "w") as f:
        f.write("---\nMainSourceFile: '%s'\nDiagnostics: []\n" % src)
    r = report(args, "sarif", good, os.path.join(work, "past-end.yaml"), "-o",
               os.path.join(work, "out.sarif"))
    expect(r.returncode == 2 and not os.path.exists(os.path.join(work, "out.sarif")),
           "a bad file among good ones: nothing written")
    # Not bad input: a command-line diagnostic has no file; its result has no location.
    nofile = os.path.join(work, "no-file.yaml")
    with open(nofile, "w") as f:
        f.write("---\nMainSourceFile: ''\nDiagnostics:\n  - DiagnosticName: "
                "clang-diagnostic-unused-command-line-argument\n    DiagnosticMessage:\n"
                "      Message: 'argument unused during compilation'\n      FilePath: ''\n"
                "      FileOffset: 0\n      Replacements: []\n    Level: Warning\n")
    out = os.path.join(work, "no-file.sarif")
    r = report(args, "sarif", nofile, "-o", out)
    results = json.load(open(out))["runs"][0]["results"] if os.path.exists(out) else []
    expect(r.returncode == 0 and len(results) == 1 and "locations" not in results[0],
           "a diagnostic without a file: one result without a location", r.stderr)
    leftovers = [f for f in os.listdir(work) if f.startswith(".c10-tidy-report")]
    expect(not leftovers, "no temporary files left", leftovers)


CLEAN = "int %s(int x) { return x + 1; }\n"
FLAGGED = """#include <c10/util/intrusive_ptr.h>

struct Node : c10::intrusive_ptr_target {};

c10::intrusive_ptr<Node> make() {
  return c10::intrusive_ptr<Node>::unsafe_steal_from_new(new Node());
}
"""


def part_run_clang_tidy(args):
    """run-clang-tidy -export-fixes DIR/ over a compile database of three files,
    two of them clean: one YAML per file, empty for a clean one."""
    work = os.path.join(args.work, "run-clang-tidy")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)

    plugin = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(args.tidy))),
                          "libC10Tidy.so")
    version = run([args.tidy, "--version"]).stdout
    major = re.search(r"LLVM version ([0-9]+)", version)
    runner = shutil.which("run-clang-tidy-%s" % major.group(1)) if major else None
    if not runner or not os.path.exists(plugin):
        print("run-clang-tidy-N or the plugin (%s) is missing" % plugin)
        sys.exit(1)

    files = {"flagged.cpp": FLAGGED, "clean_a.cpp": CLEAN % "a", "clean_b.cpp": CLEAN % "b"}
    database = []
    for name, text in files.items():
        with open(os.path.join(work, name), "w") as f:
            f.write(text)
        database.append({"directory": work, "file": os.path.join(work, name),
                         "command": "c++ -std=c++17 -c %s" % os.path.join(work, name)})
    with open(os.path.join(work, "compile_commands.json"), "w") as f:
        json.dump(database, f, indent=1)
    fixes_dir = os.path.join(work, "fixes") + os.sep
    start = time.time()
    r = run([runner, "-clang-tidy-binary", "clang-tidy-" + major.group(1), "-load", plugin,
             "-checks=-*,c10-*", "-p", work, "-export-fixes", fixes_dir, "-j", "2", "-quiet"],
            timeout=300)
    print("run-clang-tidy-%s: exit %d, %.1f s" % (major.group(1), r.returncode, time.time() - start))
    written = sorted(glob.glob(os.path.join(fixes_dir, "*.yaml")))
    empty = [y for y in written if os.path.getsize(y) == 0]
    expect(len(written) == 3 and len(empty) == 2,
           "run-clang-tidy wrote one YAML per file, the clean files' empty (%d, %d empty)"
           % (len(written), len(empty)), r.stdout[-2000:] + r.stderr[-2000:])
    out = os.path.join(work, "out.sarif")
    html = os.path.join(work, "out.html")
    umask = os.umask(0o027)
    try:
        rs = report(args, "sarif", fixes_dir, "-o", out, "--source-root", work)
        rm = report(args, "summary", fixes_dir, "--html", html, "--source-root", work)
    finally:
        os.umask(umask)
    expect(rs.returncode == 0 and rm.returncode == 0,
           "sarif and summary over the directory exit 0", rs.stderr + rm.stderr)
    results = json.load(open(out))["runs"][0]["results"] if os.path.exists(out) else []
    expect([x["ruleId"] for x in results] == ["c10-make-intrusive"] and
           results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "flagged.cpp",
           "one result, the flagged file's", results)
    expect("c10-make-intrusive" in rm.stdout, "the summary counts the finding", rm.stdout[:1000])
    modes = {os.path.basename(p): oct(os.stat(p).st_mode & 0o777) for p in (out, html)
             if os.path.exists(p)}
    expect(modes == {"out.sarif": "0o640", "out.html": "0o640"},
           "under umask 027 the outputs are 0640, as a new file of the user's", modes)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("part", choices=["lint", "sarif", "summary", "baseline", "bad-input",
                                    "run-clang-tidy"])
    p.add_argument("--tidy", required=True)
    p.add_argument("--report", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--root", required=True)
    p.add_argument("--jobs", type=int, default=2)
    args = p.parse_args()
    os.makedirs(args.work, exist_ok=True)
    start = time.time()
    {"lint": part_lint, "sarif": part_sarif, "summary": part_summary, "baseline": part_baseline,
     "bad-input": part_bad_input, "run-clang-tidy": part_run_clang_tidy}[args.part](args)
    print("%s: %d failed, %.0f s" % (args.part, len(failures), time.time() - start))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
