# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A small Language Server Protocol client that talks to a server over stdio.

Standard library only. It is written for tests: it starts a server process,
sends requests and notifications, answers the requests the server sends to the
client, and lets the caller wait for notifications that match a predicate.

Wire format (LSP "base protocol"): every message is
    Content-Length: <n>\r\n
    [other headers]\r\n
    \r\n
    <n bytes of UTF-8 JSON>

Threads:
  * a reader thread parses stdout into messages. Responses go to a per-id
    slot, notifications go to a queue; requests from the server are answered
    right there (a server may block until they are answered).
  * a stderr thread keeps the last lines of the server's log.
Writes to stdin are serialised by a lock because both threads may write.
"""

import collections
import json
import os
import queue
import subprocess
import threading
import time


class LspError(Exception):
    """Anything that went wrong talking to the server."""


class LspClient:
    def __init__(self, argv, cwd=None, env=None, stderr_lines=200):
        self.argv = list(argv)
        self.proc = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=env,
        )
        self._write_lock = threading.Lock()
        self._next_id = 1
        # id -> response message; guarded by _cond.
        self._responses = {}
        self._cond = threading.Condition()
        self._closed = False  # set when stdout hits EOF
        self.notifications = queue.Queue()
        # Every notification ever received, in order (for failure reports).
        self.all_notifications = []
        # Requests the server sent us (method names), for debugging.
        self.server_requests = []
        self._stderr_tail = collections.deque(maxlen=stderr_lines)

        self._reader = threading.Thread(target=self._read_loop, daemon=True)
        self._reader.start()
        self._stderr_reader = threading.Thread(target=self._stderr_loop, daemon=True)
        self._stderr_reader.start()

    # ----------------------------------------------------------------- output

    def _send(self, message):
        body = json.dumps(message).encode("utf-8")
        header = b"Content-Length: %d\r\n\r\n" % len(body)
        with self._write_lock:
            try:
                self.proc.stdin.write(header + body)
                self.proc.stdin.flush()
            except (BrokenPipeError, OSError, ValueError) as e:
                raise LspError("cannot write to server (exited with %r?): %s"
                               % (self.proc.poll(), e)) from e

    def notify(self, method, params=None):
        msg = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        self._send(msg)

    def send_request(self, method, params=None):
        """Send a request and return its id without waiting."""
        with self._cond:
            rid = self._next_id
            self._next_id += 1
        msg = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            msg["params"] = params
        self._send(msg)
        return rid

    def wait_response(self, rid, timeout):
        """Wait for the response to request `rid`; return its `result`.

        Raises LspError on timeout, server exit or an error response."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while rid not in self._responses:
                if self._closed:
                    raise LspError("server closed its output (exit code %r) "
                                   "before answering request %d"
                                   % (self.proc.poll(), rid))
                left = deadline - time.monotonic()
                if left <= 0:
                    raise LspError("timed out after %.0fs waiting for the "
                                   "response to request %d" % (timeout, rid))
                self._cond.wait(left)
            resp = self._responses.pop(rid)
        if "error" in resp:
            raise LspError("request %d failed: %s" % (rid, json.dumps(resp["error"])))
        return resp.get("result")

    def request(self, method, params=None, timeout=60.0):
        return self.wait_response(self.send_request(method, params), timeout)

    # ------------------------------------------------------------------ input

    def _read_message(self, stream):
        """Read one framed message; return None on EOF."""
        length = None
        while True:
            line = stream.readline()
            if not line:
                return None
            line = line.rstrip(b"\r\n")
            if not line:
                break  # blank line ends the header block
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
            # Other headers (Content-Type) are ignored.
        if length is None:
            raise LspError("message without Content-Length header")
        body = stream.read(length)
        if len(body) < length:
            return None
        return json.loads(body.decode("utf-8"))

    def _read_loop(self):
        stream = self.proc.stdout
        try:
            while True:
                msg = self._read_message(stream)
                if msg is None:
                    break
                if "method" in msg and "id" in msg:
                    self._answer_server_request(msg)
                elif "method" in msg:
                    self.all_notifications.append(msg)
                    self.notifications.put(msg)
                elif "id" in msg:
                    with self._cond:
                        self._responses[msg["id"]] = msg
                        self._cond.notify_all()
        except Exception as e:  # malformed output: record it, stop reading
            self._stderr_tail.append("[lsp_client] reader stopped: %r" % (e,))
        finally:
            with self._cond:
                self._closed = True
                self._cond.notify_all()
            # Wake up anybody blocked on the notification queue.
            self.notifications.put(None)

    def _answer_server_request(self, msg):
        """Reply to a request the server sent to us.

        clangd sends e.g. window/workDoneProgress/create before it reports
        $/progress and waits for the reply; not replying can stall it."""
        method = msg["method"]
        params = msg.get("params") or {}
        self.server_requests.append(method)
        reply = {"jsonrpc": "2.0", "id": msg["id"]}
        if method in ("window/workDoneProgress/create",
                      "client/registerCapability",
                      "client/unregisterCapability",
                      "window/showMessageRequest",
                      "workspace/semanticTokens/refresh",
                      "workspace/inlayHint/refresh",
                      "workspace/codeLens/refresh",
                      "workspace/diagnostic/refresh"):
            reply["result"] = None
        elif method == "workspace/configuration":
            reply["result"] = [None for _ in params.get("items", [])]
        elif method == "workspace/applyEdit":
            reply["result"] = {"applied": False,
                               "failureReason": "test client does not apply edits"}
        else:
            reply["error"] = {"code": -32601, "message": "method not found: " + method}
        try:
            self._send(reply)
        except LspError:
            pass  # the server went away; the main thread will notice

    def _stderr_loop(self):
        for raw in self.proc.stderr:
            self._stderr_tail.append(raw.decode("utf-8", "replace").rstrip("\n"))

    def stderr_tail(self, n=40):
        lines = list(self._stderr_tail)
        return "\n".join(lines[-n:])

    def next_notification(self, timeout):
        """Return the next notification, or None on timeout / server exit."""
        if timeout <= 0:
            timeout = 0.001
        try:
            msg = self.notifications.get(timeout=timeout)
        except queue.Empty:
            return None
        if msg is None:
            self.notifications.put(None)  # keep the EOF marker for later calls
        return msg

    @property
    def closed(self):
        return self._closed

    # -------------------------------------------------------------- lifetime

    def shutdown(self, timeout=20.0):
        """Polite shutdown: `shutdown` request, `exit` notification, wait.

        Returns the exit code. Kills the server if it does not go away."""
        try:
            self.request("shutdown", None, timeout=timeout)
            self.notify("exit")
        except LspError:
            pass
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            return self.proc.poll()

    def kill(self):
        """Kill the server process we started (only that pid)."""
        if self.proc.poll() is None:
            self.proc.kill()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        # Let the reader threads drain what is left (the pipes hit EOF once
        # the process is gone), so stderr_tail() is complete afterwards.
        self._reader.join(timeout=5)
        self._stderr_reader.join(timeout=5)
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                f.close()
            except Exception:
                pass


# ------------------------------------------------------------------ helpers

def path_to_uri(path):
    """file:// URI for an absolute POSIX path (percent-encoding as clangd does)."""
    from urllib.parse import quote
    return "file://" + quote(os.path.abspath(path), safe="/")


def _position_to_offset(text, line_starts, pos):
    """Convert an LSP position (line, UTF-16 code unit column) to a str index."""
    line = pos["line"]
    if line >= len(line_starts):
        return len(text)
    start = line_starts[line]
    end = line_starts[line + 1] if line + 1 < len(line_starts) else len(text)
    units = pos["character"]
    i = start
    while i < end and units > 0 and text[i] != "\n":
        units -= 2 if ord(text[i]) > 0xFFFF else 1
        i += 1
    return i


def apply_text_edits(text, edits):
    """Apply LSP TextEdits (all relative to the original text) to `text`."""
    line_starts = [0]
    for i, ch in enumerate(text):
        if ch == "\n":
            line_starts.append(i + 1)
    spans = []
    for e in edits:
        a = _position_to_offset(text, line_starts, e["range"]["start"])
        b = _position_to_offset(text, line_starts, e["range"]["end"])
        spans.append((a, b, e["newText"]))
    # Apply back to front so earlier offsets stay valid; edits at the same
    # position keep their given order (stable sort on reversed list).
    spans.sort(key=lambda s: (s[0], s[1]))
    for a, b, new in reversed(spans):
        text = text[:a] + new + text[b:]
    return text


def workspace_edit_text_edits(edit):
    """Flatten a WorkspaceEdit into {uri: [TextEdit, ...]}.

    Handles both `changes` and `documentChanges` (TextDocumentEdit entries;
    file create/rename/delete operations are reported under key None)."""
    result = {}
    for uri, edits in (edit.get("changes") or {}).items():
        result.setdefault(uri, []).extend(edits)
    for dc in edit.get("documentChanges") or []:
        if "textDocument" in dc:
            result.setdefault(dc["textDocument"]["uri"], []).extend(dc.get("edits", []))
        else:
            result.setdefault(None, []).append(dc)
    return result
