#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""c10-clangd's diagnostic links to the check's page: over LSP, a c10-*
diagnostic's codeDescription.href is <base>c10-<check>.md, with the build's
C10TIDY_DOCS_BASE_URL, with $C10TIDY_DOCS_BASE_URL and with --c10-docs-base=;
an upstream check keeps clang-tidy's own page.

  doc_link_test.py --clangd C10_CLANGD --default-base URL
"""
import argparse
import os
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "integration"))
from lsp_client import LspClient, path_to_uri  # noqa: E402

from harness import expect, log, main, scratch_dir, write  # noqa: E402

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


def test():
    p = argparse.ArgumentParser()
    p.add_argument("--clangd", required=True)
    p.add_argument("--default-base", required=True)
    args = p.parse_args()
    project = os.path.join(scratch_dir("doc-link"), "project")
    write(os.path.join(project, "code.cpp"), SOURCE)
    write(os.path.join(project, "compile_flags.txt"), "-std=c++17\n")
    write(os.path.join(project, ".clangd"), "Diagnostics:\n  ClangTidy:\n    Add: [c10-*, "
          "readability-braces-around-statements]\n    FastCheckFilter: Loose\n")
    write(os.path.join(project, ".clang-tidy"), "Checks: '-*'\n")
    for what, extra, env, base in (
            ("the build's default", [], {}, args.default_base),
            ("$C10TIDY_DOCS_BASE_URL", [], {"C10TIDY_DOCS_BASE_URL": "https://docs.example.org/c10/"},
             "https://docs.example.org/c10/"),
            ("--c10-docs-base=", ["--c10-docs-base=https://mirror.example.net/checks"], {},
             "https://mirror.example.net/checks/")):
        diags = diagnostics(args.clangd, project, extra, env)
        log("%s: %s" % (what, [(d.get("code"), href(diags, d.get("code"))) for d in diags]))
        expect(href(diags, "c10-make-intrusive") == base + "c10-make-intrusive.md",
               "%s: the c10 diagnostic links to %sc10-make-intrusive.md" % (what, base),
               repr(diags))
        expect(href(diags, "readability-braces-around-statements") ==
               "https://clang.llvm.org/extra/clang-tidy/checks/readability/"
               "braces-around-statements.html",
               "%s: an upstream check keeps clang-tidy's page" % what, repr(diags))


if __name__ == "__main__":
    main(test)
