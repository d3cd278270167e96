# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The one kind of failure the tool reports to the user: bad input."""


class InputError(Exception):
    """Input the tool cannot use; printed as one line naming the file, exit 2."""

    def __init__(self, path, message):
        super().__init__("%s: %s" % (path, message))
        self.path = path
