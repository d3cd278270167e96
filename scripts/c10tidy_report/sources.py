# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Source files, read once each: byte offsets to 1-based lines and columns
counted in Unicode code points (the run's SARIF columnKind), and line text."""
import bisect

from .errors import InputError


class Source:
    def __init__(self, path, data):
        self.path = path
        self.data = data
        self.line_starts = [0] + [i + 1 for i, b in enumerate(data) if b == 0x0A]

    def position(self, offset, fixes_file):
        """(line, column) of a byte offset; the end of the file is a valid position."""
        if offset < 0 or offset > len(self.data):
            raise InputError(fixes_file, "file offset %d is past the end of %s (%d bytes)"
                             % (offset, self.path, len(self.data)))
        line = bisect.bisect_right(self.line_starts, offset) - 1
        prefix = self.data[self.line_starts[line]:offset]
        return line + 1, len(prefix.decode("utf-8", errors="replace")) + 1

    def line_text(self, line):
        start = self.line_starts[line - 1]
        end = self.line_starts[line] - 1 if line < len(self.line_starts) else len(self.data)
        return self.data[start:end].decode("utf-8", errors="replace")


class Sources:
    def __init__(self):
        self._files = {}

    def get(self, path, fixes_file):
        if path not in self._files:
            try:
                with open(path, "rb") as f:
                    self._files[path] = Source(path, f.read())
            except OSError as e:
                raise InputError(fixes_file, "cannot read the source %s: %s"
                                 % (path, e.strerror)) from None
        return self._files[path]
