"""How much of any input is read: no log, line or sheet larger than a limit
($STIXX_MAX_BYTES, 64 MB by default) is read whole, so no input can grow
memory without limit; /dev/zero and endless pipes end with one clear line.
And a file named twice is read once (`each_once`), logs and sheets alike."""

from __future__ import annotations

import os
import re
import sys
from typing import TYPE_CHECKING

from .errors import StixxError

if TYPE_CHECKING:
    from collections.abc import Iterable

ENV_MAX_BYTES = "STIXX_MAX_BYTES"
DEFAULT_MAX_BYTES = 64 * 2**20
_UNITS = {"": 1, "k": 2**10, "m": 2**20, "g": 2**30}


class UsageProblem(StixxError):
    """A setting or destination the user must change (exit 2, like click's usage errors)."""

    exit_code = 2


def max_bytes() -> int:
    """The largest log, line or sheet read: $STIXX_MAX_BYTES (bytes, or with
    K, M or G), 64 MB by default. Anything larger is refused after reading at
    most that much, so no input can grow memory without limit."""
    raw = os.environ.get(ENV_MAX_BYTES, "").strip()
    if not raw:
        return DEFAULT_MAX_BYTES
    match = re.fullmatch(r"([0-9]{1,15})\s*([kmgKMG]?)[bB]?", raw)
    if not match or int(match[1]) == 0:
        raise UsageProblem(f"{ENV_MAX_BYTES}={raw[:40]!r} is not a size such as 64M, 500K or 1000000")
    # Past any memory, the same as no limit: no larger count fits where sizes go.
    return min(int(match[1]) * _UNITS[match[2].lower()], 2**62)


# A game log holds thousands of values; millions (`[{},{},...]`, 60 MB of
# them) would take gigabytes once read. Counted by their commas, before reading.
MAX_VALUES = 1_000_000


def too_many_values(text: str | bytes) -> bool:
    """Whether a JSON text holds MAX_VALUES values or more, as its commas count them
    (a text of fewer characters cannot: the count is taken of long texts alone)."""
    return len(text) > MAX_VALUES and text.count("," if isinstance(text, str) else b",") >= MAX_VALUES


CHUNK = 2**20


def read_at_most(stream, size: int) -> bytes:
    """At most `size` bytes of a binary stream, read a megabyte at a time:
    a read of `size` at once would set aside `size` bytes first, however
    few the stream holds (a limit of 50 GB would fail on a small file)."""
    parts = []
    while size > 0 and (part := stream.read(min(size, CHUNK))):
        parts.append(part)
        size -= len(part)
    return b"".join(parts)


def _size(limit: int) -> str:
    for unit, factor in (("GB", 2**30), ("MB", 2**20), ("KB", 2**10)):
        if limit >= factor and limit % factor == 0:
            return f"{limit // factor} {unit}"
    return f"{limit} bytes"


def too_large(what: str, limit: int) -> str:
    return f"{what} larger than {_size(limit)}: refused (the limit is set by {ENV_MAX_BYTES})"


def read_bounded(source: str | os.PathLike) -> bytes:
    """The bytes of a file ("-": standard input), at most max_bytes() of them:
    a larger input (/dev/zero, an endless pipe) is refused having read no more."""
    limit = max_bytes()
    name = "<stdin>" if str(source) == "-" else str(source)
    try:
        if str(source) == "-":
            raw = read_at_most(sys.stdin.buffer, limit + 1)
        else:
            with open(source, "rb") as f:
                raw = read_at_most(f, limit + 1)
    except OSError as e:
        raise StixxError(f"cannot read: {e.strerror}", where=name) from None
    if len(raw) > limit:
        raise StixxError(too_large("the file is", limit), where=name)
    return raw


def each_once(paths: Iterable[str]) -> tuple[list[str], list[str]]:
    """The paths with each file kept where it is first named, and a note for
    each left out: a file named twice (by overlapping folders or globs, or
    by two names) holds the same logs or sheet, read once; standard input
    cannot be read twice."""
    kept, notes, seen = [], [], {}
    for path in paths:
        try:
            key = "-" if path == "-" else os.stat(path)[1:3]  # (inode, device): a file by any name
        except OSError:
            key = path  # its error is told once
        if not key[0]:  # a file system without inode numbers: a file by its name
            key = path
        first = seen.get(key)
        if first is None:
            seen[key] = path
            kept.append(path)
        else:
            from .text import plain

            again = "is named twice" if first == path else f"is the same file as {plain(first)}"
            name = "standard input (-)" if path == "-" else plain(path)
            notes.append(f"stixx: note: {name} {again}: read once")
    return kept, notes
