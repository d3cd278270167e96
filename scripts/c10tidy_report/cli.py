# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""c10-tidy-report: clang-tidy --export-fixes YAML to SARIF 2.1.0 for code
scanning (optionally against a baseline), or to a cost summary.

  c10-tidy-report sarif FIXES... -o out.sarif [--source-root DIR] [--baseline OLD.sarif]
  c10-tidy-report summary FIXES... [--html out.html]

FIXES are YAML files or directories of them (run-clang-tidy -export-fixes).
Exit codes: 0 done; 1 new findings against --baseline; 3 more results than
code scanning accepts (the most severe are written); 2 bad input (one line on
stderr naming the file, and no output file)."""
import argparse
import json
import os
import re
import sys
import tempfile

from . import baseline as baseline_mod, build_info, costs as costs_mod, fixes, sarif, summary
from .errors import InputError
from .sources import Sources


def _docs_dir(explicit):
    if explicit:
        return explicit
    here = os.path.dirname(os.path.abspath(__file__))
    for candidate in (os.path.join(here, "..", "..", "docs", "checks"),  # source tree
                      os.path.join(here, "..", "..", "doc", "checks")):  # share/c10-tidy/llvm-N
        if os.path.isdir(candidate):
            return os.path.normpath(candidate)
    return None


def help_base_uri(option):
    """Where the c10 rules' helpUri points, first found: --help-base-uri,
    $C10TIDY_DOCS_BASE_URL (as for c10-clangd), the build's C10TIDY_DOCS_BASE_URL
    (empty values count as unset). None when none is set: the rules then carry
    their page as help and no helpUri, as a file:// link would name a path on
    the machine that ran the lint, and code scanning wants an absolute web URI."""
    for where, value in (("--help-base-uri", option),
                         ("$C10TIDY_DOCS_BASE_URL", os.environ.get("C10TIDY_DOCS_BASE_URL")),
                         ("the build's C10TIDY_DOCS_BASE_URL", build_info.DOCS_BASE_URL)):
        if value:
            if not re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://", value):
                raise InputError(where, "must be an absolute URI (scheme://...): %s" % value)
            return value if value.endswith("/") else value + "/"
    return None


def _write_atomically(path, text):
    """The whole file or nothing: a failure leaves no partial output."""
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".c10-tidy-report.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        # mkstemp makes the file 0600; the output gets the mode any new file
        # of the user's gets (0666 less the umask), as a shell redirection would.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def _check_positions(diagnostics):
    """Every offset must lie inside its file: fail before writing anything."""
    sources = Sources()
    for d in diagnostics:
        for path, offset in ([(d.location.path, d.location.offset)] * bool(d.location.path) +
                             [(n.path, n.offset) for n in d.notes if n.path] +
                             [(r.path, r.offset + r.length) for r in d.replacements]):
            sources.get(path, d.fixes_file).position(offset, d.fixes_file)


def run_sarif(args):
    diagnostics = fixes.load_all(args.fixes)
    _check_positions(diagnostics)
    base = baseline_mod.load(args.baseline) if args.baseline else None
    help_base = help_base_uri(args.help_base_uri)
    log, new, left_out = sarif.build(diagnostics, args.source_root, help_base,
                                     _docs_dir(args.docs_dir), base, args.max_results,
                                     sarif.default_automation_id(args.category))
    _write_atomically(args.output, json.dumps(log, indent=1, ensure_ascii=False) + "\n")
    total = len(log["runs"][0]["results"])
    if base is not None:
        print("%d results, %d new, %d unchanged against %s"
              % (total, new, total - new, args.baseline), file=sys.stderr)
    if left_out:
        print("c10-tidy-report: %d results left out (code scanning accepts %d per run)"
              % (left_out, args.max_results), file=sys.stderr)
        return 3
    return 1 if base is not None and new else 0


def run_summary(args):
    diagnostics = fixes.load_all(args.fixes)
    _check_positions(diagnostics)
    cost_file = args.costs or os.path.join(_docs_dir(args.docs_dir) or "", "costs.json")
    costs = costs_mod.load(cost_file)
    meta = "costs.json not found" if not costs else os.path.basename(cost_file)
    checks, files = summary.tables(diagnostics, costs, sarif.Locator(args.source_root))
    md = summary.markdown(checks, files, meta)
    if args.html:
        _write_atomically(args.html, summary.page(checks, files, meta))
    sys.stdout.write(md)
    return 0


def main(argv=None):
    p = argparse.ArgumentParser(prog="c10-tidy-report", description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version="c10-tidy-report: c10-tidy %s (module built for LLVM %s)"
                   % (build_info.TOOL_VERSION, build_info.LLVM_VERSION))
    sub = p.add_subparsers(dest="command", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("fixes", nargs="+", help="--export-fixes YAML files or directories")
    common.add_argument("--source-root", default=os.getcwd(),
                        help="paths are made relative to this directory (default: the current one)")
    common.add_argument("--docs-dir", help="the checks' documentation pages (default: ours)")
    s = sub.add_parser("sarif", parents=[common], help="SARIF 2.1.0 for code scanning")
    s.add_argument("-o", "--output", required=True)
    s.add_argument("--baseline", help="an earlier SARIF file: its findings do not count")
    s.add_argument("--help-base-uri", help="absolute URI of the c10-* check pages, helpUri = "
                   "<base><check>.md (default: $C10TIDY_DOCS_BASE_URL, else %s)"
                   % ("the build's " + build_info.DOCS_BASE_URL if build_info.DOCS_BASE_URL
                      else "none: the rules carry the page as help, without helpUri"))
    s.add_argument("--max-results", type=int, default=sarif.MAX_RESULTS)
    s.add_argument("--category", help="appended to the run's automationDetails.id "
                   "(c10-tidy/llvm-N/): one per shard when several runs are uploaded")
    m = sub.add_parser("summary", parents=[common], help="findings and their cost: Markdown, HTML")
    m.add_argument("--html", help="also write this self-contained HTML page")
    m.add_argument("--costs", help="costs.json (default: docs/checks/costs.json)")
    args = p.parse_args(argv)
    try:
        return run_sarif(args) if args.command == "sarif" else run_summary(args)
    except InputError as e:
        print("c10-tidy-report: error: %s" % e, file=sys.stderr)
        return 2
