"""Where logs come from: files, standard input ("-"), and folders of them.

A folder stands for every log file under it, searched recursively, in one
stable order (by path, the same on every machine), so verdicts, scores and
`FILE:N` positions come out the same way every time.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from .errors import StixxError

LOG_SUFFIXES = (".json", ".jsonl", ".ndjson")


class NoLogs(StixxError):
    """A folder without a log: named by mistake, like a missing file (a usage error)."""

    exit_code = 2


def log_files(paths: Iterable[str | os.PathLike]) -> Iterator[str]:
    """Each path as given, a folder replaced by its log files (*.json, *.jsonl,
    *.ndjson), recursively, sorted by their path inside it. Hidden files and
    folders (an editor's backup, a half-written `.game.json.tmp`) are left out."""
    for path in paths:
        text = str(path)
        if text != "-" and os.path.isdir(text):
            found = sorted(_logs_under(text), key=lambda p: p.relative_to(text).parts)
            if not found:
                raise NoLogs(f"no game logs ({', '.join('*' + s for s in LOG_SUFFIXES)}) in it", where=text)
            yield from (str(p) for p in found)
        else:
            yield text


def _logs_under(folder: str):
    from pathlib import Path  # a folder of logs only: pathlib is slow to import

    for root, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            if not name.startswith(".") and name.endswith(LOG_SUFFIXES):
                yield Path(root) / name


def position(where: str) -> int | None:
    """N of a `FILE:N` position (the line of a corpus, from 1), or None for a
    file that holds one log."""
    _, colon, number = where.rpartition(":")
    return int(number) if colon and number.isdigit() else None
