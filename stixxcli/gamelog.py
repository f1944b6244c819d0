"""Game log v1: reading (a file, JSON Lines, standard input), checking the
envelope, and writing atomically.

A log is one JSON object:
  {"format": "stixxcli-log/1", "game", "variant", "rules", "rules_digest",
   "players": [{"name", "bot"?}], "seed"?, "setup", "moves": [...],
   "result"?, "finished"}
"""

from __future__ import annotations

import codecs
import hashlib
import json
import os
import re
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from .errors import LogError, StixxError

FORMAT = "stixxcli-log/1"
ENVELOPE_KEYS = (
    "format",
    "game",
    "variant",
    "rules",
    "rules_digest",
    "players",
    "seed",
    "setup",
    "moves",
    "result",
    "finished",
)


def canonical(obj) -> bytes:
    """The canonical JSON of `obj`: sorted keys, no spaces, UTF-8."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def rules_digest(rules: dict) -> str:
    return hashlib.sha256(canonical(rules)).hexdigest()


def new_log(game: str, variant: str, rules: dict, players: list[dict], setup, *, seed=None) -> dict:
    log = {
        "format": FORMAT,
        "game": game,
        "variant": variant,
        "rules": rules,
        "rules_digest": rules_digest(rules),
        "players": players,
    }
    if seed is not None:
        log["seed"] = seed
    log.update(setup=setup, moves=[], finished=False)
    return log


MAX_DEPTH = 100  # a game log is a handful of levels deep
_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")


def parse_json(text: str, where: str):
    """One JSON document, or a LogError with line and column.

    Refused as well: nesting deeper than MAX_DEPTH, which would otherwise reach
    Python's recursion limit later, wherever the log is hashed, shown, copied
    or sent to a worker; and text that is not Unicode (a lone surrogate
    such as "\\ud800"), which cannot be hashed or printed.
    """
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        raise LogError(f"invalid JSON: {e.msg} (line {e.lineno}, column {e.colno})", where=where) from None
    except RecursionError:  # json's C scanner stops a log nested thousands deep here
        raise LogError(
            f"JSON nested more than {MAX_DEPTH} levels deep: not a game log", where=where
        ) from None
    except ValueError as e:  # e.g. an integer of too many digits
        raise LogError(f"invalid JSON: {str(e).split(';')[0]}", where=where) from None
    if not _shallow(text):
        raise LogError(f"JSON nested more than {MAX_DEPTH} levels deep: not a game log", where=where)
    # Only a \\u escape or non-ASCII text can hold one: skip the search for the rest.
    if ("\\u" in text or not text.isascii()) and _SURROGATE.search(text):
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise LogError(
                "invalid JSON: text holds a lone surrogate (\\ud800-\\udfff), not a character", where=where
            ) from None
    return value


def _shallow(text: str) -> bool:
    """Whether a JSON text that parsed is nested at most MAX_DEPTH levels deep:
    a few microseconds for a log. Each pass removes every innermost [] and {}
    pair: one level, or two where lists and objects alternate, so the text is
    refused at MAX_DEPTH + 1 levels of lists and at twice that at most."""
    brackets = text.encode("utf-8", "surrogatepass").translate(None, _NOT_BRACKETS)
    for attempt in (0, 1):
        for _ in range(MAX_DEPTH + 1):
            if not brackets:
                return True
            brackets = brackets.replace(b"[]", b"").replace(b"{}", b"")
        if attempt == 0:  # maybe brackets inside strings: count again without the strings
            brackets = _STRING.sub("", text).encode("utf-8", "surrogatepass").translate(None, _NOT_BRACKETS)
    return False


def raw_logs(
    source: str | os.PathLike, *, decode: bool = True
) -> Iterator[tuple[str, str | bytes | StixxError]]:
    """Yield (where, text) for every log in a file, or (where, error) for what
    cannot be read. `source` is a path or "-" for standard input. A file whose
    first line is a whole JSON value is JSON Lines, read a line at a time in
    constant memory; any other file is one JSON document. With decode=False
    the lines of JSON Lines come as bytes, for workers to decode.
    """
    text = decoded if decode else (lambda raw, where: raw)
    name = "<stdin>" if str(source) == "-" else str(source)
    try:
        stream = sys.stdin.buffer if str(source) == "-" else open(source, "rb")
    except OSError as e:
        yield name, StixxError(f"cannot read: {e.strerror}", where=name)
        return
    with stream:
        try:
            first = stream.readline()
            if first.startswith(codecs.BOM_UTF8):  # as some editors on Windows save files
                first = first[len(codecs.BOM_UTF8) :]
            if _whole_value(first):
                yield f"{name}:1", text(first, f"{name}:1")
                for number, raw in enumerate(stream, start=2):
                    if raw.strip():
                        yield f"{name}:{number}", text(raw, f"{name}:{number}")
                return
            data = first + stream.read()
        except OSError as e:
            yield name, StixxError(f"cannot read: {e.strerror}", where=name)
            return
    if not data.strip():
        yield name, LogError("empty file, no log in it", where=name)
    else:
        yield name, decoded(data, name)


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


def load_logs(source: str | os.PathLike) -> Iterator[tuple[str, dict | StixxError]]:
    """Yield (where, log) for every log in a file or JSON Lines corpus ("-":
    standard input), or (where, error) for one that cannot be read."""
    for where, text in raw_logs(source):
        if isinstance(text, StixxError):
            yield where, text
            continue
        try:
            yield where, parse_json(text, where)
        except LogError as e:
            yield where, e


def read_one(source, pick: int | None = None) -> dict:
    """The single log in a file, or log number `pick` (from 0) of a corpus,
    checked to be a log envelope before anyone reads its players and moves."""
    found = None
    for index, (where, log) in enumerate(load_logs(source)):
        if pick is not None and index != pick:
            continue
        if isinstance(log, StixxError):
            raise log
        if found is not None:
            raise StixxError("holds several logs: name one with --pick N (from 0)", where=str(source))
        found = (where, log)
        if pick is not None:
            break
    if found is None:
        raise StixxError(f"holds no log number {pick} (they count from 0)", where=str(source))
    where, log = found
    try:
        check_envelope(log)
    except StixxError as e:
        e.where = e.where or where
        raise
    return log


def _kind(value) -> str:
    return {
        dict: "an object",
        list: "a list",
        str: "text",
        bool: "true/false",
        int: "a number",
        float: "a number",
        type(None): "null",
    }.get(type(value), type(value).__name__)


def check_envelope(log) -> None:
    """Refuse (LogError) anything that is not a stixxcli-log/1 envelope."""
    if not isinstance(log, dict):
        raise LogError(f"a game log is a JSON object, not {_kind(log)}")
    fmt = log.get("format")
    if fmt != FORMAT:
        if fmt is None:
            raise LogError(f'no "format": expected "{FORMAT}"')
        raise LogError(f'format {fmt!r} is not supported (expected "{FORMAT}")')
    unknown = [k for k in log if k not in ENVELOPE_KEYS]
    if unknown:
        raise LogError(f"unknown key {unknown[0]!r} in the log (keys: {', '.join(ENVELOPE_KEYS)})")
    want = {
        "game": str,
        "variant": str,
        "rules": dict,
        "rules_digest": str,
        "players": list,
        "moves": list,
        "finished": bool,
    }
    for key, kind in want.items():
        if key not in log:
            raise LogError(f"the log has no {key!r}")
        if not isinstance(log[key], kind):
            raise LogError(f"{key!r} must be {_kind(kind())}, not {_kind(log[key])}")
    if "setup" not in log:
        raise LogError("the log has no 'setup'")
    seed = log.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise LogError(f"'seed' must be a number or text, not {_kind(seed)}")
    if "result" in log and log["result"] is not None and not isinstance(log["result"], dict):
        raise LogError(f"'result' must be an object, not {_kind(log['result'])}")
    for i, player in enumerate(log["players"]):
        if not isinstance(player, dict) or not isinstance(player.get("name"), str):
            raise LogError(f'player {i} must be an object with a "name"')
        extra = [k for k in player if k not in ("name", "bot")]
        if extra:
            raise LogError(f"player {i}: unknown key {extra[0]!r} (keys: name, bot)")
        if "bot" in player and not isinstance(player["bot"], str):
            raise LogError(f'player {i}: "bot" must be text')
    for i, move in enumerate(log["moves"]):
        if not isinstance(move, dict):
            raise LogError(f"move {i} must be a JSON object, not {_kind(move)}")


def dumps(log: dict, *, indent: int | None = 1) -> str:
    return json.dumps(log, indent=indent, ensure_ascii=False) + "\n"


def write_atomic(path: str | os.PathLike, text: str) -> None:
    """Write `text` to `path` so that the file is always the old one or the new
    one, never half: a temporary file beside it, flushed, then renamed over it."""
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_log(path: str | os.PathLike, log: dict) -> None:
    """Write one log (JSON), or to standard output when `path` is "-"."""
    if str(path) == "-":
        sys.stdout.write(dumps(log))
        return
    write_atomic(path, dumps(log))


class AtomicLines:
    """A JSON Lines file written beside its target and renamed over it at the
    end: readers see the old file or the whole new one."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        directory = self.path.parent if str(self.path.parent) else Path(".")
        fd, self.tmp = tempfile.mkstemp(dir=directory, prefix=f".{self.path.name}.", suffix=".tmp")
        self.file = os.fdopen(fd, "w", encoding="utf-8")

    def write(self, log: dict) -> None:
        self.file.write(json.dumps(log, ensure_ascii=False, separators=(",", ":")) + "\n")

    def commit(self) -> None:
        self.file.flush()
        os.fsync(self.file.fileno())
        self.file.close()
        os.replace(self.tmp, self.path)
