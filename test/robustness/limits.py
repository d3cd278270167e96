# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Running a tool under a time limit and classifying how it ended.

Shared by the robustness harnesses: a crash is a signal, an exit status of
128 or more, or LLVM's crash report in the output; a hang is a run that
exceeds its CPU-time limit (RLIMIT_CPU: immune to a loaded machine) or, as a
backstop, a wall-clock limit several times longer.
"""

import resource
import signal
import subprocess
import time

CRASH_MARKERS = ("Stack dump:", "PLEASE submit a bug report", "LLVM ERROR:",
                 "Assertion `", "UNREACHABLE executed")
WALL_FACTOR = 6


class Outcome:
    def __init__(self, returncode, output, verdict, cpu_seconds, wall_seconds):
        self.returncode = returncode
        self.output = output
        self.verdict = verdict  # "ok", "crash" or "hang"
        self.cpu_seconds = cpu_seconds
        self.wall_seconds = wall_seconds


def classify(returncode, output):
    if returncode is None:
        return "hang"
    if returncode == -signal.SIGXCPU or returncode == -signal.SIGKILL:
        return "hang"
    if returncode < 0 or returncode >= 128 or any(m in output for m in CRASH_MARKERS):
        return "crash"
    return "ok"


def run_limited(cmd, cpu_limit, cwd=None, env=None, stdin_text=None):
    """Runs cmd (stdout and stderr together) with cpu_limit seconds of CPU time."""

    def limit():
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit, cpu_limit + 5))

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            stdin=subprocess.PIPE if stdin_text is not None else subprocess.DEVNULL,
                            cwd=cwd, env=env, preexec_fn=limit)
    try:
        out, _ = proc.communicate(stdin_text.encode() if stdin_text is not None else None,
                                  timeout=cpu_limit * WALL_FACTOR)
        returncode = proc.returncode
    except subprocess.TimeoutExpired:
        proc.kill()
        out, _ = proc.communicate()
        returncode = None
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # Children's usage is process-wide: with parallel runs this is approximate.
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    text = out.decode("utf-8", "replace")
    return Outcome(returncode, text, classify(returncode, text), cpu, wall)
