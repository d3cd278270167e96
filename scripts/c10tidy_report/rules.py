# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What a SARIF rule says about a check: descriptions from our docs pages
(first sentence and first paragraph), help URIs for ours and for clang-tidy's
own checks and clang's diagnostics."""
import os
import re

CLANG_TIDY_DOCS = "https://clang.llvm.org/extra/clang-tidy/checks/"
CLANG_DIAGNOSTICS = "https://clang.llvm.org/docs/DiagnosticsReference.html"


def is_ours(check):
    return check.startswith("c10-")


def _plain(markdown):
    return re.sub(r"[`*]", "", re.sub(r"\[([^]]*)\]\([^)]*\)", r"\1", markdown))


def page_summary(docs_dir, check):
    """(first sentence, first paragraph) of docs/checks/<check>.md, or None."""
    path = os.path.join(docs_dir, check + ".md")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        text = f.read()
    paragraphs = [p for p in re.split(r"\n\s*\n", text) if p.strip() and not p.startswith("#")]
    if not paragraphs:
        return None
    paragraph = " ".join(paragraphs[0].split())
    # The whole first sentence: code scanning makes it the alert's title. A
    # sentence ends at a full stop followed by a space (not one inside `a.b()`).
    sentence = re.split(r"(?<=\.)\s", paragraph, maxsplit=1)[0]
    return sentence, paragraph


def page_text(docs_dir, check):
    """The whole page, Markdown, or None."""
    path = os.path.join(docs_dir, check + ".md")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return f.read()


def help_uri(check, help_base_uri):
    """The page's absolute URI, or None: a c10 check without a configured base
    (its page is in the rule's help, a link to this machine would be dead
    wherever the log is read)."""
    if is_ours(check):
        return help_base_uri + check + ".md" if help_base_uri else None
    if check.startswith("clang-diagnostic-"):
        return CLANG_DIAGNOSTICS + "#w" + check[len("clang-diagnostic-"):]
    if check.startswith("clang-analyzer-"):
        return CLANG_TIDY_DOCS + "clang-analyzer/" + check[len("clang-analyzer-"):] + ".html"
    module, _, name = check.partition("-")
    return CLANG_TIDY_DOCS + module + "/" + name + ".html"


def precision(check):
    """SARIF precision: ours report only what they prove (docs/checks/README.md);
    for clang's and clang-tidy's checks we make no claim beyond "medium"."""
    return "high" if is_ours(check) else "medium"


def help_texts(check, docs_dir, uri):
    """(text, markdown) of a rule's help: our check's page, else a pointer to
    the upstream page."""
    page = page_text(docs_dir, check) if is_ours(check) and docs_dir else None
    if page and uri:
        return _plain(page) + "\nFull page: " + uri, page + "\n\n[Full page](%s)\n" % uri
    if page:
        return _plain(page), page
    short, _, _ = describe(check, docs_dir)
    if not uri:
        return "%s." % short, "%s." % short
    return ("%s. Documentation: %s" % (short, uri),
            "%s. Documentation: [%s](%s)" % (short, check, uri))


def describe(check, docs_dir):
    """(short, full, markdown-or-None)"""
    summary = page_summary(docs_dir, check) if is_ours(check) and docs_dir else None
    if summary:
        return _plain(summary[0]), _plain(summary[1]), summary[1]
    if check.startswith("clang-diagnostic-"):
        text = "clang compiler diagnostic %s" % check
    elif is_ours(check):
        text = "c10-tidy check %s" % check
    else:
        text = "clang-tidy check %s" % check
    return text, text + " (see its help page)", None
