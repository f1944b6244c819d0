"""Game log v1: reading (a file, JSON Lines, standard input), checking the
envelope, and writing atomically.

A log is one JSON object:
  {"format": "stixxcli-log/1", "game", "variant", "rules", "rules_digest",
   "players": [{"name", "bot"?}], "seed"?, "setup", "moves": [...],
   "result"?, "finished"}
"""

from __future__ import annotations

import codecs
import itertools
import json
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from .errors import LogError, StixxError
from .text import plain

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
    import hashlib

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


class _DuplicateKey(ValueError):
    pass


def _unique_keys(pairs: list) -> dict:
    """A JSON object, refused when a key comes twice: json.loads would keep the
    last, so a tampered log could pass by a second "finished" or "result"."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return obj


def parse_json(text: str, where: str):
    """One JSON document, or a LogError with line and column.

    Refused: an object with a key twice (which value counts is up to the reader).

    Refused as well: nesting deeper than MAX_DEPTH, which would otherwise reach
    Python's recursion limit later, wherever the log is hashed, shown, copied
    or sent to a worker; and text that is not Unicode (a lone surrogate
    such as "\\ud800"), which cannot be hashed or printed.
    """
    try:
        value = json.loads(text, object_pairs_hook=_unique_keys)
    except _DuplicateKey as e:
        raise LogError(
            f"invalid JSON: the key {str(e.args[0])[:60]!r} appears twice in one object", where=where
        ) from None
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
    return int(match[1]) * _UNITS[match[2].lower()]


def _size(limit: int) -> str:
    for unit, factor in (("GB", 2**30), ("MB", 2**20), ("KB", 2**10)):
        if limit >= factor and limit % factor == 0:
            return f"{limit // factor} {unit}"
    return f"{limit} bytes"


def _too_large(what: str, limit: int) -> str:
    return f"{what} larger than {_size(limit)}: refused (the limit is set by {ENV_MAX_BYTES})"


def read_bounded(source: str | os.PathLike) -> bytes:
    """The bytes of a file ("-": standard input), at most max_bytes() of them:
    a larger input (/dev/zero, an endless pipe) is refused having read no more."""
    limit = max_bytes()
    name = "<stdin>" if str(source) == "-" else str(source)
    try:
        if str(source) == "-":
            raw = sys.stdin.buffer.read(limit + 1)
        else:
            with open(source, "rb") as f:
                raw = f.read(limit + 1)
    except OSError as e:
        raise StixxError(f"cannot read: {e.strerror}", where=name) from None
    if len(raw) > limit:
        raise StixxError(_too_large("the file is", limit), where=name)
    return raw


def raw_logs(
    source: str | os.PathLike, *, decode: bool = True
) -> Iterator[tuple[str, str | bytes | StixxError]]:
    """Yield (where, text) for every log in a file, or (where, error) for what
    cannot be read. `source` is a path or "-" for standard input. A file whose
    first line is a whole JSON value is JSON Lines, read a line at a time in
    constant memory; so is a file whose first line is broken but whose next
    line is a whole JSON object (a corpus with a bad first line: each line
    still gets its verdict). Any other file is one JSON document. With
    decode=False the lines of JSON Lines come as bytes, for workers to decode.

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
                yield name, LogError(_too_large("the first line is", limit), where=name)
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
                        yield name, LogError(_too_large("the log is", limit), where=name)
                        return
                    lines = None
            if lines is not None:
                numbered = _bounded_lines(stream, limit, lines[-1][0] + 1)
                for number, raw in itertools.chain(lines, numbered):
                    if raw is None:
                        where = f"{name}:{number}"
                        yield where, LogError(_too_large(f"line {number} is", limit), where=where)
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
    """The single log in a file, or the log at position `pick` of a corpus,
    checked to be a log envelope before anyone reads its players and moves.

    A corpus numbers its logs by line, from 1: the N of the `FILE:N` that
    validate and score print (a file of one JSON document is log 1)."""
    from .sources import position

    found = None
    # Lines before the one picked are only read, never decoded: the last log of
    # a corpus comes about as fast as the first.
    for where, raw in raw_logs(source, decode=False):
        if pick is not None and (position(where) or 1) != pick:
            continue
        text = decoded(raw, where) if isinstance(raw, bytes) else raw
        if isinstance(text, StixxError):
            raise text
        if found is not None:
            raise StixxError(
                f"holds several logs: name one with --pick N (N: its line, as in {where})", where=str(source)
            )
        found = (where, text)
        if pick is not None:
            break
    if found is None:
        raise StixxError(
            f"holds no log at line {pick} (logs are numbered by line, from 1)", where=str(source)
        )
    where, text = found
    log = parse_json(text, where)
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
    names = [player["name"] for player in log["players"]]
    if len(set(names)) < len(names):  # as `play` refuses them: "Ann" could be either seat
        twice = next(name for i, name in enumerate(names) if name in names[:i])
        raise LogError(f"two players are called {twice[:60]!r}; each player needs a different name")
    for i, move in enumerate(log["moves"]):
        if not isinstance(move, dict):
            raise LogError(f"move {i} must be a JSON object, not {_kind(move)}")


def dumps(log: dict, *, indent: int | None = 1) -> str:
    return json.dumps(log, indent=indent, ensure_ascii=False) + "\n"


def _umask() -> int:
    mask = os.umask(0o022)  # there is no way to read it without setting it
    os.umask(mask)
    return mask


def _new_file_mode(path: Path) -> int:
    """The mode a written log gets: the old file's, when it is replaced (a
    resumed log keeps its mode), else the usual one for a new file (0666 less
    the umask), not the 0600 of a temporary file."""
    try:
        return os.stat(path).st_mode & 0o7777
    except OSError:
        return 0o666 & ~_umask()


def _temporary_beside(path: Path) -> tuple[int, str]:
    directory = path.parent if str(path.parent) else Path(".")
    import tempfile  # only when writing: reading commands start without it

    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.fchmod(fd, _new_file_mode(path))
    except BaseException:
        os.close(fd)
        _remove(tmp)
        raise
    return fd, tmp


def _remove(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass


def write_atomic(path: str | os.PathLike, text: str) -> None:
    """Write `text` to `path` so that the file is always the old one or the new
    one, never half: a temporary file beside it, flushed, then renamed over it.
    The temporary file is removed on every way out (an error, Ctrl-C)."""
    path = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)  # a link stays a link
    fd, tmp = _temporary_beside(path)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        _remove(tmp)
        raise


def write_log(path: str | os.PathLike, log: dict) -> None:
    """Write one log (JSON), or to standard output when `path` is "-"."""
    if str(path) == "-":
        sys.stdout.write(dumps(log))
        return
    write_atomic(path, dumps(log))


class AtomicLines:
    """A JSON Lines file written beside its target and renamed over it at the
    end: readers see the old file or the whole new one. The temporary file is
    removed on every way out that does not commit: `abort()`, leaving a `with`
    block by an exception, or the end of the program (Ctrl-C, SIGTERM turned
    into an exception)."""

    def __init__(self, path: str | os.PathLike):
        import weakref

        self.path = Path(path)
        fd, self.tmp = _temporary_beside(self.path)
        self.file = os.fdopen(fd, "w", encoding="utf-8")
        self._cleanup = weakref.finalize(self, _discard, self.file, self.tmp)

    def write(self, log: dict) -> None:
        self.file.write(json.dumps(log, ensure_ascii=False, separators=(",", ":")) + "\n")

    def commit(self) -> None:
        try:
            self.file.flush()
            os.fsync(self.file.fileno())
            self.file.close()
            os.replace(self.tmp, self.path)
        except BaseException:
            self.abort()
            raise
        self._cleanup.detach()

    def abort(self) -> None:
        self._cleanup()

    def __enter__(self):
        return self

    def __exit__(self, kind, error, trace):
        if kind is None:
            self.commit()
        else:
            self.abort()
        return False


def _discard(file, tmp: str) -> None:
    try:
        file.close()
    except OSError:
        pass
    _remove(tmp)


def writable(path: str | os.PathLike, option: str) -> None:
    """Refuse (exit 2, naming `option`) a destination that cannot be written,
    before a game or a long job starts: an empty name, a folder, a missing or
    read-only folder. Tried for real, by making a temporary file beside it:
    permissions alone do not say (root, ACLs, a read-only mount)."""
    if str(path) == "-":
        return
    if not str(path).strip():
        raise UsageProblem(f"{option} needs a file name, not an empty one")
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    shown = plain(str(path))
    if target.is_dir():
        raise UsageProblem(f"{option} {shown}: is a folder; name a file")
    if not folder.is_dir():
        why = "is not a folder" if folder.exists() else "does not exist"
        raise UsageProblem(f"{option} {shown}: the folder {plain(str(folder))} {why}")
    try:
        import tempfile

        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
        os.close(fd)
        os.unlink(tmp)
    except OSError as e:
        raise UsageProblem(f"{option} {shown}: cannot write in {plain(str(folder))}: {e.strerror}") from None
    if target.exists() and not os.access(target, os.W_OK):
        raise UsageProblem(f"{option} {shown}: the file is read-only")


class NotWritten(StixxError):
    """A log could not be written where asked; the message says where it went instead."""


def fallback_folder() -> Path:
    """Where a game goes when its own file cannot be written: the user's data
    folder (click's app dir), `saved/`."""
    import click

    return Path(click.get_app_dir("stixx")) / "saved"


def save_log(path: str | os.PathLike, log: dict) -> None:
    """Write a game's log to `path`; if that fails (a full disk, a folder gone
    read-only or removed), save it in fallback_folder() and raise NotWritten
    with a message that says where, and how to go on: the game is never lost."""
    try:
        write_log(path, log)
    except OSError as e:
        raise not_written(path, log, e) from None


def not_written(path, log: dict, error: OSError) -> NotWritten:
    """Save `log` in the fallback folder; the error that says where it went."""
    import datetime

    reason = error.strerror or str(error)
    seed = log.get("seed")
    bots_only = all(p.get("bot") for p in log.get("players", []))
    again = f"; play it again with --seed {plain(str(seed))}" if bots_only and seed is not None else ""
    stem = Path(str(path)).stem or "game"
    saved = fallback_folder() / f"{stem}-{datetime.datetime.now():%Y%m%d-%H%M%S-%f}.json"
    try:
        saved.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(saved, dumps(log))
    except OSError as second:
        return NotWritten(
            f"cannot write {plain(str(path))}: {reason}; nor the fallback {plain(str(saved))}: "
            f"{second.strerror or second}{again}"
        )
    then = "it is finished" if log.get("finished") else f"go on with: stixx play --resume {plain(str(saved))}"
    return NotWritten(
        f"cannot write {plain(str(path))}: {reason}; the game so far "
        f"({len(log.get('moves', []))} moves) is saved to {plain(str(saved))}; {then}{again}"
    )
