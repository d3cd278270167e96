# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Reads clang-tidy's --export-fixes YAML (clang-tidy, c10-tidy and
run-clang-tidy -export-fixes write the same format) into Diagnostics with
absolute paths. The YAML carries byte offsets only; lines and columns are
computed from the sources (sources.py)."""
import os
from dataclasses import dataclass, field

import yaml

from .errors import InputError

try:  # the C loader is much faster on the large files of a whole-tree run
    _Loader = yaml.CSafeLoader
except AttributeError:
    _Loader = yaml.SafeLoader


@dataclass
class Replacement:
    path: str
    offset: int
    length: int
    text: str


@dataclass
class Location:
    path: str
    offset: int
    message: str = ""


@dataclass
class Diagnostic:
    check: str
    level: str  # "error", "warning" or "note" (SARIF's names)
    message: str
    location: Location
    replacements: list = field(default_factory=list)
    notes: list = field(default_factory=list)  # [Location]
    fixes_file: str = ""


_LEVELS = {"Error": "error", "Warning": "warning", "Remark": "note"}


def yaml_files(inputs):
    """The YAML files named by the inputs: files as given, directories searched."""
    found = []
    for item in inputs:
        if os.path.isdir(item):
            for root, dirs, files in os.walk(item):
                dirs.sort()
                found += [os.path.join(root, f) for f in sorted(files)
                          if f.endswith((".yaml", ".yml"))]
        elif os.path.exists(item):
            found.append(item)
        else:
            raise InputError(item, "no such file or directory")
    return found


def _absolute(path, build_dir):
    if not os.path.isabs(path):
        path = os.path.join(build_dir or os.getcwd(), path)
    return os.path.normpath(path)


def _field(mapping, key, kind, where):
    value = mapping.get(key) if isinstance(mapping, dict) else None
    if not isinstance(value, kind) or isinstance(value, bool):
        raise InputError(where, "not clang-tidy --export-fixes YAML: %s missing or not %s"
                         % (key, kind.__name__ if not isinstance(kind, tuple) else kind[0].__name__))
    return value


def _replacements(items, build_dir, where):
    out = []
    for r in items or []:
        out.append(Replacement(_absolute(_field(r, "FilePath", str, where), build_dir),
                               _field(r, "Offset", int, where), _field(r, "Length", int, where),
                               str(r.get("ReplacementText") or "")))
    return out


def _message(m, build_dir, where):
    path = m.get("FilePath") if isinstance(m, dict) else None
    return Location(_absolute(path, build_dir) if path else "",
                    int(m.get("FileOffset") or 0) if isinstance(m, dict) else 0,
                    _field(m, "Message", str, where))


def load(path):
    """[Diagnostic] of one YAML file, or InputError."""
    try:
        with open(path, "rb") as f:
            document = yaml.load(f, Loader=_Loader)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        at = " at line %d" % (mark.line + 1) if mark else ""
        raise InputError(path, "not YAML%s" % at) from None
    except OSError as e:
        raise InputError(path, e.strerror) from None
    if document is None:
        # run-clang-tidy -export-fixes DIR makes one file per translation unit
        # and clang-tidy leaves it empty when the unit has no finding.
        return []
    if not isinstance(document, dict) or "Diagnostics" not in document:
        raise InputError(path, "not clang-tidy --export-fixes YAML (no Diagnostics list)")
    items = document["Diagnostics"] or []
    if not isinstance(items, list):
        raise InputError(path, "not clang-tidy --export-fixes YAML (Diagnostics is not a list)")
    diagnostics = []
    for d in items:
        name = _field(d, "DiagnosticName", str, path)
        build_dir = d.get("BuildDirectory") or ""
        m = _field(d, "DiagnosticMessage", dict, path)
        location = _message(m, build_dir, path)
        notes = [_message(n, build_dir, path) for n in d.get("Notes") or []]
        diagnostics.append(Diagnostic(
            check=name, level=_LEVELS.get(d.get("Level"), "warning"), message=location.message,
            location=location, replacements=_replacements(m.get("Replacements"), build_dir, path),
            notes=notes, fixes_file=path))
    return diagnostics


def load_all(inputs):
    files = yaml_files(inputs)
    if not files:
        raise InputError(" ".join(inputs), "no .yaml files found")
    diagnostics = []
    for f in files:
        diagnostics += load(f)
    return diagnostics
