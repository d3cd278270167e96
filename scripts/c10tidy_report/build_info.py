# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The versions SARIF reports and where the check pages are on the web. The
install rules write build_info_generated.py next to this file with the release
and the LLVM the tools were built for, and the build's docs base; run from the
source tree, the release comes from CMakeLists.txt, LLVM from $C10TIDY_REPORT_LLVM_VERSION
(or "unknown") and there is no docs base."""
import os
import re

# The check pages on the web, <base><check>.md: the build's
# C10TIDY_DOCS_BASE_URL; empty when it was not configured.
DOCS_BASE_URL = ""

try:
    from .build_info_generated import TOOL_VERSION, LLVM_VERSION, DOCS_BASE_URL  # noqa: F401,F811
except ImportError:
    LLVM_VERSION = os.environ.get("C10TIDY_REPORT_LLVM_VERSION", "unknown")
    TOOL_VERSION = "unknown"
    _cmake = os.path.join(os.path.dirname(__file__), "..", "..", "CMakeLists.txt")
    if os.path.exists(_cmake):
        with open(_cmake) as f:
            _m = re.search(r"project\(c10-tidy VERSION ([0-9.]+)", f.read())
        if _m:
            TOOL_VERSION = _m.group(1)
