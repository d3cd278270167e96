"""The versions SARIF reports. The install rules write build_info_generated.py
next to this file with the release and the LLVM the tools were built for; run
from the source tree, the release comes from CMakeLists.txt and LLVM from
--llvm-version (or "unknown")."""
import os
import re

try:
    from .build_info_generated import TOOL_VERSION, LLVM_VERSION  # noqa: F401
except ImportError:
    LLVM_VERSION = os.environ.get("C10TIDY_REPORT_LLVM_VERSION", "unknown")
    TOOL_VERSION = "unknown"
    _cmake = os.path.join(os.path.dirname(__file__), "..", "..", "CMakeLists.txt")
    if os.path.exists(_cmake):
        with open(_cmake) as f:
            _m = re.search(r"project\(c10-tidy VERSION ([0-9.]+)", f.read())
        if _m:
            TOOL_VERSION = _m.group(1)
