"""Run `stixx` in a fresh process and measure it: exit code, output, seconds,
and the peak resident memory of that process alone."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

# A small parent that runs the command as its only child, waits, and reports
# the child's peak RSS (RUSAGE_CHILDREN of this parent: that one child) and time.
_WRAPPER = r"""
import json, resource, subprocess, sys, time
start = time.perf_counter()
code = subprocess.call(sys.argv[2:])
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
if sys.platform == "darwin":
    peak //= 1024
with open(sys.argv[1], "w") as f:
    json.dump({"seconds": seconds, "peak_kb": peak}, f)
sys.exit(code)
"""


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str
    seconds: float
    peak_mb: float


def stixx(*args, stdin: bytes | None = None, env: dict | None = None, timeout: float = 60) -> Run:
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        full_env = dict(os.environ, **(env or {}))
        proc = subprocess.run(
            [sys.executable, "-c", _WRAPPER, str(report), sys.executable, "-m", "stixxcli", *map(str, args)],
            input=stdin,
            capture_output=True,
            env=full_env,
            timeout=timeout,
        )
        measured = json.loads(report.read_text())
    return Run(
        proc.returncode,
        proc.stdout.decode("utf-8", "replace"),
        proc.stderr.decode("utf-8", "replace"),
        measured["seconds"],
        measured["peak_kb"] / 1024,
    )
