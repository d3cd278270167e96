# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""clang-tidy diagnostics as one SARIF 2.1.0 run: one result per diagnostic,
one rule per check, fix-its as fixes, notes as related locations, and a
partial fingerprint that survives code moving up or down."""
import hashlib
import os
import urllib.parse

from . import build_info, rules

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
FINGERPRINT = "c10TidyLineHash/v1"
# GitHub's own key: "<hash of the line>:<occurrence>". Without it a REST upload
# computes one from the file on GitHub's side, or duplicates alerts.
LINE_HASH = "primaryLocationLineHash"
# properties["problem.severity"] for a result level (GitHub's three values).
_PROBLEM_SEVERITY = {"error": "error", "warning": "warning", "note": "recommendation"}
ROOT_ID = "SRCROOT"
# GitHub code scanning takes at most this many results per run.
MAX_RESULTS = 25000
_SEVERITY = {"error": 0, "warning": 1, "note": 2}


def file_uri(path, directory=False):
    uri = "file://" + urllib.parse.quote(os.path.abspath(path))
    return uri + "/" if directory and not uri.endswith("/") else uri


class Locator:
    """Artifact locations: relative to the source root where the file is under it."""

    def __init__(self, source_root):
        self.root = os.path.abspath(source_root)

    def relative(self, path):
        rel = os.path.relpath(path, self.root)
        return None if rel.startswith("..") else rel

    def artifact(self, path):
        rel = self.relative(path)
        if rel is None:
            return {"uri": file_uri(path)}
        return {"uri": urllib.parse.quote(rel), "uriBaseId": ROOT_ID}

    def key(self, path):
        """The file as the fingerprint names it: stable across checkouts."""
        if not path:
            return "(no file)"  # e.g. a command-line diagnostic
        rel = self.relative(path)
        return rel if rel is not None else os.path.abspath(path)


def region(sources, path, offset, length, fixes_file):
    src = sources.get(path, fixes_file)
    line, column = src.position(offset, fixes_file)
    end_line, end_column = src.position(offset + length, fixes_file)
    return {"startLine": line, "startColumn": column, "endLine": end_line,
            "endColumn": end_column, "byteOffset": offset, "byteLength": length}


def physical(sources, locator, path, offset, fixes_file):
    src = sources.get(path, fixes_file)
    line, column = src.position(offset, fixes_file)
    return {"artifactLocation": locator.artifact(path),
            "region": {"startLine": line, "startColumn": column,
                       "snippet": {"text": src.line_text(line)}}}


def fixes(diagnostic, sources, locator):
    if not diagnostic.replacements:
        return []
    changes = {}
    for r in diagnostic.replacements:
        changes.setdefault(r.path, []).append({
            "deletedRegion": region(sources, r.path, r.offset, r.length, diagnostic.fixes_file),
            "insertedContent": {"text": r.text}})
    return [{"description": {"text": "Apply the fix-it of %s" % diagnostic.check},
             "artifactChanges": [{"artifactLocation": locator.artifact(p), "replacements": reps}
                                 for p, reps in changes.items()]}]


def fingerprints(diagnostics, sources, locator):
    """check + file + the flagged line with whitespace collapsed + the index of
    that triple among earlier ones: unchanged when lines move, new when a line
    like it is added after it."""
    seen = {}
    out = []
    for d in diagnostics:
        text = ""
        if d.location.path:
            src = sources.get(d.location.path, d.fixes_file)
            line, _ = src.position(d.location.offset, d.fixes_file)
            text = " ".join(src.line_text(line).split())
        triple = (d.check, locator.key(d.location.path), text)
        index = seen.get(triple, 0)
        seen[triple] = index + 1
        digest = hashlib.sha256("\0".join(triple + (str(index),)).encode("utf-8")).hexdigest()
        out.append(digest[:32])
    return out


def default_automation_id(category=None):
    """"c10-tidy/llvm-N/[category/]": code scanning keeps one set of alerts per
    category, so runs of two LLVM majors (or of shards of one compile
    database, given a --category each) do not close each other's alerts."""
    major = build_info.LLVM_VERSION.split(".")[0]
    parts = ["c10-tidy", "llvm-" + major if major.isdigit() else "llvm"]
    if category:
        parts.append(category.strip("/"))
    return "/".join(parts) + "/"


def line_hashes(diagnostics, sources, locator):
    """primaryLocationLineHash of each diagnostic: a hash of the flagged line's
    text (whitespace collapsed) and the check, then ':' and its 1-based
    occurrence among equal hashes of the same file, the form GitHub computes:
    lines added above a finding leave it unchanged."""
    seen = {}
    out = []
    for d in diagnostics:
        text = ""
        if d.location.path:
            src = sources.get(d.location.path, d.fixes_file)
            line, _ = src.position(d.location.offset, d.fixes_file)
            text = " ".join(src.line_text(line).split())
        digest = hashlib.sha256(("%s\0%s" % (d.check, text)).encode("utf-8")).hexdigest()[:16]
        key = (locator.key(d.location.path), digest)
        seen[key] = seen.get(key, 0) + 1
        out.append("%s:%d" % (digest, seen[key]))
    return out


def _order(d):
    return (d.location.path, d.location.offset, d.check, d.message)


def build(diagnostics, source_root, help_base_uri, docs_dir, baseline=None,
          max_results=MAX_RESULTS, automation_id=None):
    """(sarif dict, number of new results, number left out)"""
    from .sources import Sources
    sources = Sources()
    locator = Locator(source_root)
    diagnostics = sorted(diagnostics, key=_order)
    prints = fingerprints(diagnostics, sources, locator)
    hashes = line_hashes(diagnostics, sources, locator)

    kept = list(range(len(diagnostics)))
    left_out = 0
    if len(kept) > max_results:
        # The most severe first; within a level, the order of the files.
        kept.sort(key=lambda i: (_SEVERITY.get(diagnostics[i].level, 1), i))
        left_out = len(kept) - max_results
        kept = sorted(kept[:max_results])

    checks = sorted({diagnostics[i].check for i in kept})
    rule_index = {c: i for i, c in enumerate(checks)}
    rule_list = []
    for c in checks:
        short, full, markdown = rules.describe(c, docs_dir)
        uri = rules.help_uri(c, help_base_uri)
        help_text, help_markdown = rules.help_texts(c, docs_dir, uri)
        rule = {"id": c,
                "shortDescription": {"text": short},
                "fullDescription": {"text": full},
                "help": {"text": help_text, "markdown": help_markdown},
                "defaultConfiguration": {"level": "warning"},
                "properties": {"tags": ["c10-tidy" if rules.is_ours(c) else "clang-tidy",
                                        "maintainability"],
                               "precision": rules.precision(c),
                               "problem.severity": "warning"}}
        if uri:
            rule["helpUri"] = uri
        if markdown:
            rule["fullDescription"]["markdown"] = markdown
        rule_list.append(rule)

    results = []
    new = 0
    for i in kept:
        d = diagnostics[i]
        result = {
            "ruleId": d.check, "ruleIndex": rule_index[d.check], "level": d.level,
            "message": {"text": d.message},
            "partialFingerprints": {FINGERPRINT: prints[i], LINE_HASH: hashes[i]},
            "properties": {"problem.severity": _PROBLEM_SEVERITY.get(d.level, "warning")},
        }
        if d.location.path:  # a command-line diagnostic has no location
            result["locations"] = [{"physicalLocation": physical(
                sources, locator, d.location.path, d.location.offset, d.fixes_file)}]
        related = []
        for n, note in enumerate(d.notes):
            loc = {"id": n, "message": {"text": note.message}}
            if note.path:
                loc["physicalLocation"] = physical(sources, locator, note.path, note.offset,
                                                   d.fixes_file)
            related.append(loc)
        if related:
            result["relatedLocations"] = related
        fix = fixes(d, sources, locator)
        if fix:
            result["fixes"] = fix
        if baseline is not None:
            state = "unchanged" if prints[i] in baseline else "new"
            result["baselineState"] = state
            new += state == "new"
        else:
            new += 1
        results.append(result)

    notifications = []
    if left_out:
        notifications.append({"level": "error", "message": {"text": (
            "%d of %d results left out: code scanning accepts at most %d per run; the most "
            "severe were kept" % (left_out, len(diagnostics), max_results))}})
    driver = {"name": "c10-tidy", "version": build_info.TOOL_VERSION,
              "semanticVersion": build_info.TOOL_VERSION}
    if help_base_uri:
        driver["informationUri"] = help_base_uri
    driver.update({"rules": rule_list, "properties": {"llvmVersion": build_info.LLVM_VERSION}})
    run = {
        "tool": {"driver": driver},
        "automationDetails": {"id": automation_id or default_automation_id()},
        "originalUriBaseIds": {ROOT_ID: {"uri": file_uri(source_root, directory=True)}},
        "columnKind": "unicodeCodePoints",
        "invocations": [{"executionSuccessful": left_out == 0,
                         "toolExecutionNotifications": notifications}],
        "results": results,
    }
    return {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}, new, left_out
