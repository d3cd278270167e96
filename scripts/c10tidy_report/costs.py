# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The measured cost of one finding per check, from docs/checks/costs.json
(written by scripts/make-costs-json from benchmark results)."""
import json
import os

from .errors import InputError


def load(path):
    if not path or not os.path.exists(path):
        return {}
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        return data["checks"]
    except (ValueError, KeyError, TypeError):
        raise InputError(path, "not a c10-tidy costs file (no checks object)") from None
