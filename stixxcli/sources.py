"""Where logs come from: files, standard input ("-"), and folders of them;
and reading a file of logs: one JSON document, or JSON Lines.

A folder stands for every log file under it, searched recursively, in one
stable order (by path, the same on every machine), so verdicts, scores and
`FILE:N` positions come out the same way every time.
"""

from __future__ import annotations

import codecs
import io
import json
import os
import re
import sys
from collections.abc import Iterable, Iterator

from .errors import LogError, StixxError
from .limits import max_bytes, read_at_most, too_large, too_many_values

LOG_SUFFIXES = (".json", ".jsonl", ".ndjson")


class NoLogs(StixxError):
    """A folder without a log: named by mistake, like a missing file (a usage error)."""

    exit_code = 2


def log_files(paths: Iterable[str | os.PathLike]) -> Iterator[str]:
    """Each path as given, a folder replaced by its log files (*.json, *.jsonl,
    *.ndjson), recursively, sorted by their path inside it. Hidden files and
    folders (an editor's backup, a half-written `.game.json.tmp`) are left
    out, and so are named pipes and devices (a pipe named directly is read)."""
    for path in paths:
        text = str(path)
        if text != "-" and os.path.isdir(text):
            found = sorted(_logs_under(text), key=lambda p: p.relative_to(text).parts)
            if not found:
                raise NoLogs(
                    f"no game logs ({', '.join('*' + s for s in LOG_SUFFIXES)}) in it{_sheets_in(text)}",
                    where=text,
                )
            yield from (str(p) for p in found)
        else:
            yield text


def _sheets_in(folder: str) -> str:
    """How to score the text files of a folder given as logs: the paper sheets of a table, most likely."""
    from .sheets import sheets_in

    try:
        count = len(sheets_in(folder))
    except OSError:
        return ""
    if not count:
        return ""
    from .text import for_shell

    files = "file" if count == 1 else "files"
    return f"; its {count} .txt {files}, if paper sheets: stixx score --sheet {for_shell(folder)}"


def _logs_under(folder: str):
    from pathlib import Path  # a folder of logs only: pathlib is slow to import

    from .saving import special

    for root, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            if not name.startswith(".") and name.endswith(LOG_SUFFIXES):
                path = Path(root) / name
                if not special(path):  # a named pipe would wait for a writer for ever
                    yield path


def position(where: str) -> int | None:
    """N of a `FILE:N` position (the line of a corpus, from 1), or None for a
    file that holds one log."""
    _, colon, number = where.rpartition(":")
    return int(number) if colon and number.isdigit() else None


def raw_logs(
    source: str | os.PathLike, *, decode: bool = True, blocks: int = 0
) -> Iterator[tuple[str, str | bytes | StixxError | Block]]:
    """Yield (where, text) for every log in a file, or (where, error) for what
    cannot be read. `source` is a path or "-" for standard input. A file is
    JSON Lines, read a line at a time in constant memory, or one JSON
    document, as `_read_head` tells them apart. With decode=False the lines
    of JSON Lines come as bytes, for workers to decode; with blocks=N as
    well, they come as (name, Block) of about N bytes of whole lines each,
    for workers to split and decode. A `.json` file of one log on one line
    is named FILE, as a log file is, and standard input holding one log is
    `<stdin>` however it is written; a corpus names each log FILE:N.

    No log or line larger than max_bytes() is read whole: it is refused after
    reading that much, and reading that source stops there (an endless line,
    as /dev/zero gives, has no next line to go on with).
    """
    items, text = _raw_logs(source, decode, blocks), str(source)
    if text == "-":  # piped in: one log is a log, whichever way it was written
        return _alone(items, "<stdin>")
    return _alone(items, text) if text.endswith(".json") else items


def _alone(items: Iterator[tuple], name: str) -> Iterator[tuple]:
    """The items of a `.json` file or standard input, its one log named FILE
    (`<stdin>`) when it is written on one line: a log file, not a corpus of
    one (a `.jsonl` keeps FILE:1; several logs piped in keep `<stdin>:N`).
    `replay --pick 1` takes it all the same."""
    first = next(items, None)
    second = next(items, None) if first is not None else None
    if second is not None:
        yield first
        yield second
        yield from items
    elif first is not None:
        where, raw = first
        if isinstance(raw, Block):
            lines = list(raw.raw_logs())
            if len(lines) == 1:
                where, raw = lines[0]
        if where == f"{name}:1" and not isinstance(raw, Block):
            where = name
            if isinstance(raw, StixxError):
                raw.where = name
        yield where, raw


def _raw_logs(source, decode: bool, blocks: int) -> Iterator[tuple]:
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
            lines, head = _read_head(stream, name, limit)
            if lines:
                rest = _Rest(head, stream)
                if blocks and not decode:
                    yield from _blocks(rest, name, limit, 1, blocks)
                    return
                for number, raw in _bounded_lines(rest, limit, 1):
                    if raw is None:
                        yield _too_long(name, number, limit)
                        return
                    if raw.strip():
                        if raw.strip() == b"{":
                            yield _pretty(name, number)
                            return
                        yield f"{name}:{number}", text(raw, f"{name}:{number}")
                return
        except LogError as e:
            yield name, e
            return
        except OSError as e:
            yield name, StixxError(f"cannot read: {e.strerror}", where=name)
            return
    if not head.strip():
        yield name, LogError("empty file, no log in it", where=name)
    else:
        yield name, decoded(head, name)


LOOK_AHEAD = 10  # lines looked at, after a first line that is not a whole log, for one that is


def _read_head(stream, name: str, limit: int) -> tuple[bool, bytes]:
    """Whether a file is JSON Lines, and the bytes read to tell (the whole
    file, for one document). A file whose first line is a whole JSON value
    is JSON Lines. So is one whose first lines are broken but where a line
    of its first megabyte is a whole object from its first character on (a
    corpus with bad lines first: each line still gets its verdict), unless the
    whole file is one JSON document (a log written over several lines, an
    object on a line of its own). Any other file is one JSON document.
    LogError for a first line or a document larger than `limit`."""
    first = stream.readline(limit + 1)
    if first.startswith(codecs.BOM_UTF8):  # as some editors on Windows save files
        first = first[len(codecs.BOM_UTF8) :]
    if len(first) > limit:
        raise Unread("the first line is", limit, name)
    if _whole_value(first):
        return True, first
    head, size, seen, whole = [first], len(first), 0, False
    while size <= limit and seen < LOOK_AHEAD and not whole:
        line = stream.readline(limit + 1 - size)
        if not line:
            break
        head.append(line)
        size += len(line)
        if line.strip():
            seen += 1
            whole = line.startswith(b"{") and _whole_value(line)
    data = b"".join(head)
    if whole:  # a megabyte more first: a corpus is told by it, and not held in memory to the limit
        data += read_at_most(stream, min(EARLY, limit + 1 - size))
        if _breaks_early(data):
            return True, data
    data += read_at_most(stream, limit + 1 - len(data))
    whole = whole or _log_line(data)  # more broken lines first than LOOK_AHEAD: a corpus all the same
    if whole and (len(data) > limit or not _one_value(data)):
        return True, data
    if len(data) > limit:
        raise LogError(too_large("the log is", limit), where=name)
    return False, data


class _Rest:
    """The lines of a file from its first on: those read to tell what the
    file is (`head`), then the rest of `stream`, with the two methods the
    readers of lines and blocks use."""

    def __init__(self, head: bytes, stream):
        self.head, self.stream = io.BytesIO(head), stream

    def readline(self, size: int) -> bytes:
        line = self.head.readline(size)
        if len(line) < size and not line.endswith(b"\n"):  # the head is read: the stream from now on
            self.readline, self.read = self.stream.readline, self.stream.read
            line += self.stream.readline(size - len(line))
        return line

    def read(self, size: int) -> bytes:
        data = self.head.read(size)
        if len(data) < size:
            self.readline, self.read = self.stream.readline, self.stream.read
            data += self.stream.read(size - len(data))
        return data


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
        pretty = _pretty_line(data)
        if pretty is not None:  # the lines before it, then its refusal
            data = data[:pretty]
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
        if data:
            yield name, Block(name, number, data)
        number += data.count(b"\n")
        if pretty is not None:
            yield _pretty(name, number)
            return


class Unread(LogError):
    """A line over the limit, where reading its source stopped: said in the
    verdict, as a count of logs would otherwise pass for the whole corpus."""

    def __init__(self, what: str, limit: int, where: str):
        super().__init__(f"{too_large(what, limit)}; the lines after it are not read", where=where)


class PrettyLog(Unread):
    """A line of JSON Lines that is "{" alone: a log written over several
    lines (as `jq .` and `play --out` write one) put in a corpus, refused once
    and not as one invalid log a line. Reading stops: where it ends is not
    known without reading it."""

    def __init__(self, name: str, number: int):
        from .text import for_shell

        fix = "jq -c ." if name == "<stdin>" else f"jq -c . {for_shell(name)} > fixed.jsonl"
        LogError.__init__(
            self,
            "a pretty-printed log (over several lines) starts here, but JSON Lines holds one log a line:"
            f" write each on one line ({fix}); the lines after it are not read",
            where=f"{name}:{number}",
        )


# A line that opens an object and holds nothing else, as `{` or `  {\r`: first
# in a block, or after a line end (a pattern that starts with one is searched
# for at the speed of a byte search; ^ in MULTILINE mode is tried at every byte).
_PRETTY_FIRST = re.compile(rb"[ \t]*\{[ \t]*\r?(?:\n|\Z)")
_PRETTY = re.compile(rb"\n[ \t]*\{[ \t]*\r?(?:\n|\Z)")


def _pretty_line(data: bytes) -> int | None:
    """Where the first line that is `{` alone starts in `data`, if any."""
    if _PRETTY_FIRST.match(data):
        return 0
    found = _PRETTY.search(data)
    return found.start() + 1 if found else None


def _pretty(name: str, number: int) -> tuple[str, LogError]:
    error = PrettyLog(name, number)
    return error.where, error


def _too_long(name: str, number: int, limit: int) -> tuple[str, LogError]:
    """(where, error) for line `number`, longer than `limit`: where reading stops."""
    where = f"{name}:{number}"
    return where, Unread(f"line {number} is", limit, where)


def _one_value(data: bytes) -> bool:
    if too_many_values(data):  # a log no reader takes: let its reader refuse it, without reading it here
        return True
    try:
        json.loads(data)
        return True
    except (ValueError, RecursionError):
        return False


EARLY = 1 << 20  # bytes read past the head for _breaks_early


def _breaks_early(data: bytes) -> bool:
    """Whether JSON breaks within the whole lines of `data`, the first bytes
    of a file: then the file is not one JSON value, however many values it
    holds (_one_value takes a text of a million or more for one, unparsed).
    No token spans a line's end, so an error before the last line's end is
    an error of the whole file."""
    text = data[: data.rfind(b"\n") + 1].decode("utf-8", "replace")
    try:
        json.loads(text)
    except json.JSONDecodeError as e:
        return e.pos < len(text.rstrip())
    except (ValueError, RecursionError):
        pass
    return False


def _log_line(data: bytes) -> bool:
    """Whether a line of the first megabyte of `data`, past its first, is a whole
    object from its first character on, as a corpus's log is (of the first
    LOOK_AHEAD lines that could be: a file of broken ones costs little)."""
    lines = re.finditer(rb"\n(\{(?:[^\n}]*\})++)[ \t\r]*(?=\n|\Z)", data[:EARLY])
    return any(_whole_value(line[1]) for line, _ in zip(lines, range(LOOK_AHEAD)))


def _whole_value(line: bytes) -> bool:
    stripped = line.strip()
    return stripped.startswith(b"{") and stripped.endswith(b"}") and _one_value(stripped)


def decoded(raw: bytes, where: str) -> str | StixxError:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return LogError(wide_json(raw) or "not a text file (not UTF-8): not a game log", where=where)


_WIDE = ("utf-32-be", "utf-32-le", "utf-16-be", "utf-16-le")  # UTF-32 first: its "{" starts as UTF-16's


def wide_json(head: bytes | str) -> str | None:
    """Why a log that did not read is refused, when its first bytes are JSON in
    UTF-16 or UTF-32, with or without a byte-order mark (RFC 4627's detection);
    else None. Refused, not decoded: JSON between programs is UTF-8 (RFC 8259).
    Looked at only once reading failed, never on the way of a log that reads."""
    head = head[:64].encode("utf-8", "surrogatepass") if isinstance(head, str) else head[:64]
    for codec in _WIDE:
        text = head.decode(codec, "ignore")
        if text.lstrip("\ufeff \t\r\n")[:1] in ("{", "["):
            from .text import wide_said

            return "invalid JSON: " + wide_said(codec[:6].upper(), text.startswith("\ufeff"))
    return None
