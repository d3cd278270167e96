# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Findings per check and per file with what one occurrence costs, sorted by
estimated cost: Markdown for a terminal or a pull request, and one
self-contained HTML page (no script, no request: its CSP allows only inline
styles and data: images)."""
import html
import os

CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
TOP_FILES = 20


def _ns(cost):
    return cost.get("ns_per_occurrence") if cost else None


def tables(diagnostics, costs, locator):
    """(check rows, file rows); a row's estimate is None when a cost is unknown."""
    by_check, by_file = {}, {}
    for d in diagnostics:
        by_check[d.check] = by_check.get(d.check, 0) + 1
        f = by_file.setdefault(locator.key(d.location.path), {"findings": 0, "ns": 0.0, "unknown": 0})
        f["findings"] += 1
        ns = _ns(costs.get(d.check))
        if ns is None:
            f["unknown"] += 1
        else:
            f["ns"] += ns
    checks = []
    for check, count in by_check.items():
        cost = costs.get(check)
        ns = _ns(cost)
        checks.append({"check": check, "findings": count, "cost": cost,
                       "estimate": None if ns is None else ns * count})
    checks.sort(key=lambda r: (r["estimate"] is None, -(r["estimate"] or 0), -r["findings"],
                               r["check"]))
    files = [{"file": f, **v} for f, v in by_file.items()]
    files.sort(key=lambda r: (-r["ns"], -r["findings"], r["file"]))
    return checks, files


def _cell(cost, key, fmt):
    if not cost:
        return "unknown"
    value = cost.get(key)
    if value is None:
        # A check without a time cost (a leak, a double release) has none of
        # any kind; otherwise the figure was not measured.
        return "none" if cost.get("ns_per_occurrence") is None else "not measured"
    return fmt % value


def _check_cells(r):
    c = r["cost"]
    return [r["check"], str(r["findings"]), _cell(c, "ns_per_occurrence", "%.1f"),
            _cell(c, "atomic_rmw_per_occurrence", "%g"), _cell(c, "bytes_copied_per_occurrence", "%g"),
            "unknown" if r["estimate"] is None else "%.0f" % r["estimate"]]


CHECK_HEADER = ["check", "findings", "ns per occurrence", "atomic RMWs per occurrence",
                "bytes copied per occurrence", "estimated ns per run of the code"]
FILE_HEADER = ["file", "findings", "estimated ns (known costs)", "findings of unknown cost"]


def markdown(checks, files, meta):
    lines = ["# c10-tidy findings by cost", "",
             "%d findings of %d checks in %d files. Costs are the measured cost of one "
             "occurrence on libtorch (%s); an estimate is findings x ns, once per execution "
             "of each flagged line." % (sum(r["findings"] for r in checks), len(checks),
                                        len(files), meta), ""]
    lines += ["| " + " | ".join(CHECK_HEADER) + " |", "|" + "---|" * len(CHECK_HEADER)]
    lines += ["| " + " | ".join(_check_cells(r)) + " |" for r in checks]
    lines += ["", "## Files (top %d)" % TOP_FILES, "",
              "| " + " | ".join(FILE_HEADER) + " |", "|" + "---|" * len(FILE_HEADER)]
    lines += ["| %s | %d | %.0f | %d |" % (r["file"], r["findings"], r["ns"], r["unknown"])
              for r in files[:TOP_FILES]]
    return "\n".join(lines) + "\n"


def _bar_chart(checks):
    known = [r for r in checks if r["estimate"] is not None]
    width, bar_h, label_w = 720, 22, 260
    height = max(1, len(known)) * (bar_h + 6) + 10
    top = max([r["estimate"] for r in known] or [1.0]) or 1.0
    parts = ['<svg id="cost-chart" role="img" aria-label="estimated cost per check" '
             'xmlns="http://www.w3.org/2000/svg" width="%d" height="%d">' % (width, height)]
    for i, r in enumerate(known):
        y = 5 + i * (bar_h + 6)
        w = max(1.0, (width - label_w - 90) * r["estimate"] / top)
        parts.append('<text x="0" y="%d" class="label">%s</text>' % (y + 16, html.escape(r["check"])))
        parts.append('<rect class="bar" data-check="%s" x="%d" y="%d" width="%.1f" height="%d"/>'
                     % (html.escape(r["check"]), label_w, y, w, bar_h))
        parts.append('<text x="%.1f" y="%d" class="value">%.0f ns</text>'
                     % (label_w + w + 6, y + 16, r["estimate"]))
    parts.append("</svg>")
    return "\n".join(parts)


def _table(table_id, header, rows):
    out = ['<table id="%s"><thead><tr>' % table_id]
    out += ["<th>%s</th>" % html.escape(h) for h in header]
    out.append("</tr></thead><tbody>")
    for row in rows:
        out.append("<tr>" + "".join("<td>%s</td>" % html.escape(c) for c in row) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def page(checks, files, meta, title="c10-tidy findings by cost"):
    file_rows = [[r["file"], str(r["findings"]), "%.0f" % r["ns"], str(r["unknown"])]
                 for r in files[:TOP_FILES]]
    return """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{csp}">
<title>{title}</title>
<style>
body {{ font: 14px/1.4 sans-serif; margin: 2em; color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
th, td {{ border: 1px solid #ccc; padding: 3px 8px; text-align: right; }}
th:first-child, td:first-child {{ text-align: left; font-family: monospace; }}
svg .bar {{ fill: #c0392b; }} svg .label {{ font: 12px monospace; }} svg .value {{ font: 12px sans-serif; }}
</style></head><body>
<h1>{title}</h1>
<p id="totals">{total} findings of {nchecks} checks in {nfiles} files. Cost of one occurrence measured on libtorch ({meta}); estimate = findings &times; ns.</p>
<h2>Estimated cost per check</h2>
{chart}
<h2>Checks</h2>
{checks}
<h2>Top files</h2>
{files}
</body></html>
""".format(csp=CSP, title=html.escape(title), total=sum(r["findings"] for r in checks),
           nchecks=len(checks), nfiles=len(files), meta=html.escape(meta), chart=_bar_chart(checks),
           checks=_table("checks", CHECK_HEADER, [_check_cells(r) for r in checks]),
           files=_table("files", FILE_HEADER, file_rows))
