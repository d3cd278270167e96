# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A baseline: the fingerprints of an earlier c10-tidy-report SARIF file."""
import json

from .errors import InputError
from .sarif import FINGERPRINT


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            log = json.load(f)
    except OSError as e:
        raise InputError(path, e.strerror) from None
    except ValueError:
        raise InputError(path, "not a SARIF file (not JSON)") from None
    if not isinstance(log, dict) or log.get("version") != "2.1.0" or \
            not isinstance(log.get("runs"), list):
        raise InputError(path, "not a SARIF 2.1.0 file")
    prints = set()
    for run in log["runs"]:
        for r in run.get("results") or []:
            p = (r.get("partialFingerprints") or {}).get(FINGERPRINT)
            if p:
                prints.add(p)
    return prints
