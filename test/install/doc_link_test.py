#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""c10-clangd's diagnostic links to the check's page, over LSP as an editor
sees them (codeDescription.href):

- with no docs base configured, a c10-* diagnostic links (file://) to its
  check's page on disk, and that file exists: the source tree's
  docs/checks/c10-<check>.md for the build-tree binary, the prefix's
  share/c10-tidy/llvm-N/doc/checks/c10-<check>.md for an installed one
  (cmake --install), also when the prefix has been moved and the binary is
  started through a symbolic link (update-alternatives' way); where the page
  is missing, the diagnostic has no link rather than a dead one;
- a configured base wins, as <base>c10-<check>.md: the build's
  C10TIDY_DOCS_BASE_URL (when this build set one), $C10TIDY_DOCS_BASE_URL over
  that, --c10-docs-base= over both, for the build-tree and the installed binary;
- an upstream check keeps clang-tidy's own page;
- the installed c10-tidy-report-N gives the c10 rule the build's base as
  helpUri when it has one, and else no helpUri, the page being the rule's help.

  doc_link_test.py --clangd C10_CLANGD --build BUILD --source SOURCE --llvm N
                   --default-base=URL_OR_EMPTY
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.parse

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "integration"))
from lsp_client import LspClient, path_to_uri  # noqa: E402

from harness import expect, log, main, run, scratch_dir, write  # noqa: E402

SOURCE = """#include <c10/util/intrusive_ptr.h>

struct Node : c10::intrusive_ptr_target {};

c10::intrusive_ptr<Node> make() {
  return c10::intrusive_ptr<Node>::unsafe_steal_from_new(new Node());
}

int braces(int x) {
  if (x) return 1;
  return 0;
}
"""


def diagnostics(clangd, project, extra_args=(), env=None):
    source = os.path.join(project, "code.cpp")
    client = LspClient([clangd, "--log=error"] + list(extra_args), cwd=project,
                       env=dict(os.environ, **(env or {})))
    try:
        client.request("initialize", {
            "processId": os.getpid(), "rootUri": path_to_uri(project),
            "capabilities": {"textDocument": {"publishDiagnostics": {"codeDescriptionSupport": True}}}},
            timeout=60)
        client.notify("initialized", {})
        with open(source) as f:
            text = f.read()
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": path_to_uri(source), "languageId": "cpp", "version": 1, "text": text}})
        deadline = time.time() + 120
        while time.time() < deadline:
            msg = client.next_notification(timeout=max(0.1, deadline - time.time()))
            if not msg or msg.get("method") != "textDocument/publishDiagnostics":
                continue
            diags = msg["params"]["diagnostics"]
            if any(d.get("code") == "c10-make-intrusive" for d in diags):
                return diags
        return []
    finally:
        try:
            client.shutdown()
        except Exception:  # the test's verdict is on the diagnostics
            client.kill()


def href(diags, code):
    found = [d for d in diags if d.get("code") == code]
    return found[0].get("codeDescription", {}).get("href") if found else None


CHECK = "c10-make-intrusive"
UPSTREAM = "readability-braces-around-statements"
UPSTREAM_PAGE = "https://clang.llvm.org/extra/clang-tidy/checks/readability/braces-around-statements.html"


def url_path(href):
    """The local path a file:// URL names, or None."""
    url = urllib.parse.urlparse(href or "")
    if url.scheme != "file" or url.netloc not in ("", "localhost"):
        return None
    return urllib.parse.unquote(url.path)


def test():
    p = argparse.ArgumentParser()
    p.add_argument("--clangd", required=True)
    p.add_argument("--build", required=True)
    p.add_argument("--source", required=True)
    p.add_argument("--llvm", required=True)
    p.add_argument("--default-base", required=True, help="the build's C10TIDY_DOCS_BASE_URL, may be empty")
    args = p.parse_args()
    work = scratch_dir("doc-link")
    project = os.path.join(work, "project")
    write(os.path.join(project, "code.cpp"), SOURCE)
    write(os.path.join(project, "compile_flags.txt"), "-std=c++17\n")
    write(os.path.join(project, ".clangd"), "Diagnostics:\n  ClangTidy:\n    Add: [c10-*, "
          "%s]\n    FastCheckFilter: Loose\n" % UPSTREAM)
    write(os.path.join(project, ".clang-tidy"), "Checks: '-*'\n")
    # The build's own environment must not choose the base for it.
    clean = {k: v for k, v in os.environ.items() if k != "C10TIDY_DOCS_BASE_URL"}

    def links(what, clangd, extra=(), env=None):
        diags = diagnostics(clangd, project, extra, dict(clean, **(env or {})))
        log("%s: %s" % (what, [(d.get("code"), href(diags, d.get("code"))) for d in diags]))
        expect(href(diags, UPSTREAM) == UPSTREAM_PAGE,
               "%s: an upstream check keeps clang-tidy's page" % what, repr(diags))
        return diags

    def links_to_base(what, clangd, base, extra=(), env=None):
        diags = links(what, clangd, extra, env)
        expect(href(diags, CHECK) == base + CHECK + ".md",
               "%s: the c10 diagnostic links to %s%s.md" % (what, base, CHECK), repr(diags))

    def links_to_file(what, clangd, page):
        diags = links(what, clangd)
        path = url_path(href(diags, CHECK))
        expect(path and os.path.isfile(path) and os.path.samefile(path, page),
               "%s: the c10 diagnostic links to %s, which exists" % (what, page), repr(diags))

    # The build-tree binary.
    if args.default_base:
        links_to_base("the build's C10TIDY_DOCS_BASE_URL", args.clangd, args.default_base)
    else:
        links_to_file("no docs base, build tree", args.clangd,
                      os.path.join(args.source, "docs", "checks", CHECK + ".md"))
    links_to_base("$C10TIDY_DOCS_BASE_URL", args.clangd, "https://docs.example.org/c10/",
                  env={"C10TIDY_DOCS_BASE_URL": "https://docs.example.org/c10/"})
    links_to_base("--c10-docs-base= (over $C10TIDY_DOCS_BASE_URL)", args.clangd,
                  "https://mirror.example.net/checks/", ["--c10-docs-base=https://mirror.example.net/checks"],
                  {"C10TIDY_DOCS_BASE_URL": "https://docs.example.org/c10/"})

    # An installed prefix, moved after installation, started through a link.
    prefix = os.path.join(work, "prefix")
    run(["cmake", "--install", args.build, "--prefix", prefix, "--component", "c10tidy"])
    moved = os.path.join(work, "moved")
    shutil.move(prefix, moved)
    alternative = os.path.join(work, "alternatives", "c10-clangd")
    os.makedirs(os.path.dirname(alternative))
    os.symlink(os.path.join(moved, "bin", "c10-clangd-" + args.llvm), alternative)
    pages = os.path.join(moved, "share", "c10-tidy", "llvm-" + args.llvm, "doc", "checks")
    installed = os.path.join(moved, "bin", "c10-clangd-" + args.llvm)
    if args.default_base:
        links_to_base("installed, the build's C10TIDY_DOCS_BASE_URL", installed, args.default_base)
    else:
        links_to_file("no docs base, installed (moved prefix, through a link)", alternative,
                      os.path.join(pages, CHECK + ".md"))
        # No page, no link: a missing page is not linked to.
        page = os.path.join(pages, CHECK + ".md")
        os.rename(page, page + ".away")
        diags = links("installed, the check's page removed", installed)
        os.rename(page + ".away", page)
        found = [d for d in diags if d.get("code") == CHECK]
        expect(found and "codeDescription" not in found[0],
               "installed, the page removed: the c10 diagnostic has no link", repr(diags))
    links_to_base("installed, --c10-docs-base=", installed, "https://mirror.example.net/checks/",
                  ["--c10-docs-base=https://mirror.example.net/checks/"])

    # The installed report and the build's base.
    code = os.path.join(project, "code.cpp")
    fixes = os.path.join(work, "fixes.yaml")
    write(fixes, "---\nMainSourceFile: '%s'\nDiagnostics:\n  - DiagnosticName: %s\n"
          "    DiagnosticMessage:\n      Message: 'use make_intrusive'\n      FilePath: '%s'\n"
          "      FileOffset: %d\n      Replacements: []\n    Level: Warning\n...\n"
          % (code, CHECK, code, SOURCE.index("c10::intrusive_ptr<Node>::unsafe")))
    sarif = os.path.join(work, "out.sarif")
    report = os.path.join(moved, "bin", "c10-tidy-report-" + args.llvm)
    subprocess.run([report, "sarif", fixes, "-o", sarif, "--source-root", project], env=clean, check=True)
    with open(sarif) as f:
        rule = json.load(f)["runs"][0]["tool"]["driver"]["rules"][0]
    if args.default_base:
        expect(rule.get("helpUri") == args.default_base + CHECK + ".md",
               "installed c10-tidy-report: the c10 rule's helpUri is the build's base", repr(rule))
    else:
        expect("helpUri" not in rule and rule["help"]["markdown"].startswith("# " + CHECK),
               "installed c10-tidy-report: no helpUri, the rule's help is the check's page",
               repr(rule)[:2000])


if __name__ == "__main__":
    main(test)
