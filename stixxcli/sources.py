"""Where logs come from: files, standard input ("-"), and folders of them;
and reading a file of logs: one JSON document, or JSON Lines.

A folder stands for every log file under it, searched recursively, in one
stable order (by path, the same on every machine), so verdicts, scores and
`FILE:N` positions come out the same way every time.
"""

from __future__ import annotations

import codecs
import io
import itertools
import json
import os
import sys
from collections.abc import Iterable, Iterator

from .errors import LogError, StixxError
from .limits import max_bytes, too_large

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


def raw_logs(
    source: str | os.PathLike, *, decode: bool = True, blocks: int = 0
) -> Iterator[tuple[str, str | bytes | StixxError | Block]]:
    """Yield (where, text) for every log in a file, or (where, error) for what
    cannot be read. `source` is a path or "-" for standard input. A file whose
    first line is a whole JSON value is JSON Lines, read a line at a time in
    constant memory; so is a file whose first line is broken but whose next
    line is a whole JSON object (a corpus with a bad first line: each line
    still gets its verdict). Any other file is one JSON document. With
    decode=False the lines of JSON Lines come as bytes, for workers to decode;
    with blocks=N as well, they come as (name, Block) of about N bytes of
    whole lines each, for workers to split and decode.

    No log or line larger than max_bytes() is read whole: it is refused after
    reading that much, and reading that source stops there (an endless line,
    as /dev/zero gives, has no next line to go on with).
    """
    text = decoded if decode else (lambda raw, where: raw)
    name = "<stdin>" if str(source) == "-" else str(source)
    limit = max_bytes()
    try:
        stream = sys.stdin.buffer if str(source) == "-" else open(source, "rb")
    except OSError as e:
        yield name, StixxError(f"cannot read: {e.strerror}", where=name)
        return
    with stream:
        try:
            first = stream.readline(limit + 1)
            if first.startswith(codecs.BOM_UTF8):  # as some editors on Windows save files
                first = first[len(codecs.BOM_UTF8) :]
            if len(first) > limit:
                yield name, LogError(too_large("the first line is", limit), where=name)
                return
            lines = [(1, first)]
            if not _whole_value(first):
                # Blank lines, then the next line: a whole object there makes this JSON Lines.
                number, size = 1, len(first)
                while size <= limit:
                    number += 1
                    line = stream.readline(limit + 1 - size)
                    size += len(line)
                    lines.append((number, line))
                    if line.strip() or not line:
                        break
                if not _whole_value(lines[-1][1]):
                    data = b"".join(line for _, line in lines)
                    data += stream.read(limit + 1 - len(data))
                    if len(data) > limit:
                        yield name, LogError(too_large("the log is", limit), where=name)
                        return
                    lines = None
            if lines is not None:
                after = lines[-1][0] + 1
                if blocks and not decode:
                    yield name, Block(name, 1, b"".join(raw for _, raw in lines))
                    yield from _blocks(stream, name, limit, after, blocks)
                    return
                for number, raw in itertools.chain(lines, _bounded_lines(stream, limit, after)):
                    if raw is None:
                        yield _too_long(name, number, limit)
                        return
                    if raw.strip():
                        yield f"{name}:{number}", text(raw, f"{name}:{number}")
                return
        except OSError as e:
            yield name, StixxError(f"cannot read: {e.strerror}", where=name)
            return
    if not data.strip():
        yield name, LogError("empty file, no log in it", where=name)
    else:
        yield name, decoded(data, name)


def _bounded_lines(stream, limit: int, number: int) -> Iterator[tuple[int, bytes | None]]:
    """(number, line) for each line of `stream`, or (number, None) for a line
    longer than `limit`, after which nothing more is read."""
    while True:
        raw = stream.readline(limit + 1)
        if not raw:
            return
        if len(raw) > limit:
            yield number, None
            return
        yield number, raw
        number += 1


class Block:
    """Whole lines of a JSON Lines file, read as one piece from line `number`
    on and split into logs where they are checked: read a line at a time, a
    corpus cost the process that hands out the work of `validate --jobs`
    about a worker's tenth."""

    __slots__ = ("name", "number", "data")

    def __init__(self, name: str, number: int, data: bytes):
        self.name, self.number, self.data = name, number, data

    def raw_logs(self) -> Iterator[tuple[str, bytes]]:
        """(where, line) for each line that is not blank, as raw_logs gives them."""
        name = self.name
        for number, raw in enumerate(io.BytesIO(self.data), self.number):  # lines as readline cuts them
            if raw.strip():
                yield f"{name}:{number}", raw


def _blocks(stream, name: str, limit: int, number: int, size: int) -> Iterator[tuple[str, Block | LogError]]:
    """(name, Block) for each `size` bytes or so of whole lines of `stream`,
    the first being line `number`; (where, LogError) for a line longer than
    `limit`, after which nothing more is read."""
    while data := stream.read(size):
        if not data.endswith(b"\n"):
            data += stream.readline(limit + 1)  # the line under way, whole (or too long)
        if len(data) > limit:  # a line may be too long: find the first that is
            start = 0
            while start < len(data):
                end = data.find(b"\n", start) + 1 or len(data)
                if end - start > limit:
                    if start:
                        yield name, Block(name, number, data[:start])
                    yield _too_long(name, number + data.count(b"\n", 0, start), limit)
                    return
                start = end
        yield name, Block(name, number, data)
        number += data.count(b"\n")


def _too_long(name: str, number: int, limit: int) -> tuple[str, LogError]:
    """(where, error) for line `number`, longer than `limit`: where reading stops."""
    where = f"{name}:{number}"
    return where, LogError(too_large(f"line {number} is", limit), where=where)


def _whole_value(line: bytes) -> bool:
    stripped = line.strip()
    if not stripped.startswith(b"{") or not stripped.endswith(b"}"):
        return False
    try:
        json.loads(stripped)
        return True
    except (ValueError, RecursionError):
        return False


def decoded(raw: bytes, where: str) -> str | StixxError:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return LogError("not a text file (not UTF-8): not a game log", where=where)
