"""Game log v1: its JSON read strictly, its envelope checked, logs loaded
from a file, JSON Lines or standard input (which sources.py reads).

A log is one JSON object:
  {"format": "stixxcli-log/1", "game", "variant", "rules", "rules_digest",
   "players": [{"name", "bot"?}], "seed"?, "setup", "moves": [...],
   "result"?, "finished"}
"""

from __future__ import annotations

import json
import marshal
import os
import re
from collections.abc import Iterator
from functools import cache
from itertools import repeat

from . import fastjson
from .errors import LogError, StixxError
from .limits import MAX_VALUES, UsageProblem, too_many_values
from .sources import Unread, decoded, position, raw_logs, wide_json
from .text import NAME_MOST, NAMELESS, VARIANT_MOST, looks, nameless

# sources.py reads files, limits.py bounds them, saving.py writes logs.

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


def fingerprint(obj) -> bytes | None:
    """Bytes equal only for JSON values of the same types and values (in the
    same key order), made about ten times quicker than canonical(): equal
    fingerprints mean equal canonical JSON, unequal ones mean nothing.

    Format 0: later formats mark shared and interned strings, so a result
    parsed from a log and the same result computed would never match."""
    try:
        return marshal.dumps(obj, 0)
    except ValueError:  # not plain data (a caller's own object): no fingerprint
        return None


def read_fingerprint(value) -> bytes | None:
    """fingerprint() of a value read from JSON, quicker once msgspec is in use (fastjson.json_of)."""
    quick = fastjson.json_of(value)
    if quick is None and (quick := fingerprint(value)) is not None:
        quick = b"m" + quick  # (no JSON starts with "m")
    return quick


def same_json(a, b) -> bool:
    """Whether two values have the same canonical JSON, the quick way when it
    can. `a` is read from JSON: a `b` equal to it (no set, tuple or NaN where
    `a` has a list or null) that msgspec writes alike is the same JSON."""
    try:
        if a == b and (quick := fastjson.json_of(a)) is not None and quick == fastjson.json_of(b):
            return True
    except Exception:  # a plugin's value whose == fails: as below
        pass
    quick = fingerprint(a)
    return (quick is not None and quick == fingerprint(b)) or canonical(a) == canonical(b)


def rules_digest(rules: dict) -> str:
    return _hash("sha256")(canonical(rules)).hexdigest()


def log_digest(log: dict, text: str | None = None) -> bytes:
    """What tells one valid log from another, 16 bytes (kept for every log of
    a corpus, never written): the log's JSON on one line, keys in their order
    (as every copy and pretty-printer but `jq -S` keeps them), so that a log
    written over several lines and on one give the same, the same seed
    played again does not. `text`: the log as read. A line msgspec read back
    as written, or with no escape and no blank after a comma or colon, is
    already that line (as `simulate` writes it) and is hashed as it is:
    writing it again cost a corpus a tenth of its check. Two texts hashed
    alike are the same JSON, whichever way each was made; a line spelled
    otherwise (`1e2` for `100.0`, `{ "a"`) only misses a copy."""
    line = None
    if text is not None:
        read, line = fastjson.written  # msgspec wrote it back as it is: that line, found already
        line = line if read is text else _as_written(text)
    if line is None:
        try:
            line = json.dumps(log, ensure_ascii=False, separators=(",", ":"))
        except ValueError:  # a number of more than 4,300 digits: marshal has no such limit
            line = fingerprint(log)
    if isinstance(line, str):
        line = line.encode(errors="surrogatepass")  # a lone surrogate, escaped in the JSON read
    return _hash("blake2b")(line, digest_size=16).digest()


def _as_written(text: str) -> str | None:
    """`text` as `json.dumps(..., separators=(",", ":"))` would write its
    value, when it can tell at a glance: one line (JSON's blanks are space,
    tab and line ends), no escape, no blank after a comma or colon."""
    line = text.strip()
    if "\\" in line or "\n" in line or "\r" in line or "\t" in line:
        return None
    # (a search for ", " is slow where commas abound: first, whether there is a blank at all)
    return None if " " in line and (", " in line or ": " in line) else line


@cache  # found once: an import that fails is looked for again, on every path, each time
def _hash(name: str):
    """A hash from CPython's own modules when it has them (SHA-256's named
    _sha2 from 3.12): hashlib would load OpenSSL first, which costs a third
    of `python -c pass`, more than checking a small log. The same digests either way."""
    import importlib

    for module in {"sha256": ("_sha2", "_sha256"), "blake2b": ("_blake2",)}[name]:
        try:
            return getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):
            continue
    import hashlib

    return getattr(hashlib, name)


def new_log(
    game: str, variant: str, rules: dict, players: list[dict], setup, *, seed=None, digest: str | None = None
) -> dict:
    """A log before its first move. `digest` is the rules' digest when the caller
    already has it (a simulation plays many games under the same rules)."""
    log = {
        "format": FORMAT,
        "game": game,
        "variant": variant,
        "rules": rules,
        "rules_digest": digest or rules_digest(rules),
        "players": players,
    }
    if seed is not None:
        log["seed"] = seed
    log.update(setup=setup, moves=[], finished=False)
    return log


MAX_DEPTH = 100  # a game log is a handful of levels deep
_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))
# Patterns compiled by `re` when first needed: most logs need neither.
_STRING = r'"(?:[^"\\]|\\.)*"'
_SURROGATE = r"\\u[dD][89a-fA-F]|[\ud800-\udfff]"


class _DuplicateKey(ValueError):
    pass


class _NotANumber(ValueError):
    pass


def _no_constant(name: str):
    """NaN and Infinity, which json reads (Python writes them) but JSON has not:
    told back as data, they would make a verdict's line no JSON reader takes."""
    raise _NotANumber(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if value - value:  # inf - inf is NaN: a number too large for a float, which json reads as Infinity
        raise _NotANumber(f"{text[:40]} is too large a number")
    return value


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
    or sent to a worker; text that is not Unicode (a lone surrogate
    such as "\\ud800"), which cannot be hashed or printed; and more than
    MAX_VALUES values, which would not fit in memory.
    """
    if too_many_values(text):
        raise LogError(
            f"more than {MAX_VALUES:,} JSON values (counted by commas): not a game log", where=where
        )
    value = fastjson.decode(text)  # msgspec, when installed and worth it
    try:
        if value is None:  # not read by msgspec: json decides, in its own words
            value = json.loads(
                text, object_pairs_hook=_unique_keys, parse_constant=_no_constant, parse_float=_finite
            )
    except _DuplicateKey as e:
        raise LogError(
            f"invalid JSON: the key {str(e.args[0])[:60]!r} appears twice in one object", where=where
        ) from None
    except _NotANumber as e:
        raise LogError(f"invalid JSON: {e}", where=where) from None
    except json.JSONDecodeError as e:
        wide = "\x00" in text[:4] and wide_json(text)  # NULs first: UTF-16 or UTF-32 read as UTF-8
        if wide:
            raise LogError(wide, where=where) from None
        end = len(text.rstrip())
        # The text ran out inside the log (a disk full, a copy cut short); the
        # reader's own words would name the newline it met, or a "line 2".
        if end and (e.pos >= end or e.msg.startswith("Unterminated string")):
            line, column = text.count("\n", 0, end) + 1, end - text.rfind("\n", 0, end) - 1
            raise LogError(
                f"invalid JSON: the log stops short after line {line}, column {column} (cut off?)",
                where=where,
            ) from None
        more = ""
        if (
            e.msg == "Extra data" and position(where) is None
        ):  # logs written one after another, as `jq .` does
            from .text import for_shell

            fix = "jq -c ." if where == "<stdin>" else f"jq -c . {for_shell(where)} > fixed.jsonl"
            more = f": a JSON value after the first; several logs go one a line ({fix})"
        raise LogError(
            f"invalid JSON: {e.msg} (line {e.lineno}, column {e.colno}){more}", where=where
        ) from None
    except RecursionError:  # json's C scanner stops a log nested thousands deep here
        raise LogError(
            f"JSON nested more than {MAX_DEPTH} levels deep: not a game log", where=where
        ) from None
    except ValueError as e:  # e.g. an integer of too many digits
        raise LogError(f"invalid JSON: {str(e).split(';')[0]}", where=where) from None
    if not _shallow(text):
        raise LogError(f"JSON nested more than {MAX_DEPTH} levels deep: not a game log", where=where)
    # Only a \\u escape or non-ASCII text can hold one: skip the search for the rest.
    if (not text.isascii() or ("\\" in text and "\\u" in text)) and re.search(_SURROGATE, text):
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
            brackets = (
                re.sub(_STRING, "", text).encode("utf-8", "surrogatepass").translate(None, _NOT_BRACKETS)
            )
    return False


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
    found = None
    # Lines before the one picked are only read, never decoded: the last log of
    # a corpus comes about as fast as the first.
    for where, raw in raw_logs(source, decode=False):
        if pick is not None and (position(where) or 1) != pick:
            if isinstance(raw, Unread) and (position(where) or 1) < pick:
                raise raw  # the line picked lies past where reading stopped: not "no log there"
            continue
        text = decoded(raw, where) if isinstance(raw, bytes) else raw
        if isinstance(text, StixxError):
            raise text
        if found is not None:
            raise UsageProblem(
                f"holds several logs: name one with --pick N (N: its line, as in {where})", where=str(source)
            )
        found = (where, text)
        if pick is not None:
            break
    if found is None:
        raise UsageProblem(  # exit 2, as --to past the end is
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
    if type(value) is float and value.is_integer():  # a seed of 7.0: the point is what is wrong
        from .params import whole_float

        return whole_float(value)
    return {
        dict: "an object",
        list: "a list",
        str: "text",
        bool: "true/false",
        int: "a number",
        float: "a number",
        type(None): "null",
    }.get(type(value), type(value).__name__)


_ENVELOPE = frozenset(ENVELOPE_KEYS)
_PLAYER = frozenset(("name", "bot"))
_KINDS = (
    ("game", str),
    ("variant", str),
    ("rules", dict),
    ("rules_digest", str),
    ("players", list),
    ("moves", list),
    ("finished", bool),
)


def check_envelope(log) -> None:
    """Refuse (LogError) anything that is not a stixxcli-log/1 envelope."""
    if not isinstance(log, dict):
        raise LogError(f"a game log is a JSON object, not {_kind(log)}")
    fmt = log.get("format")
    if fmt != FORMAT:
        if fmt is None:
            raise LogError(f'no "format": expected "{FORMAT}"')
        raise LogError(f'format {fmt!r} is not supported (expected "{FORMAT}")')
    if not _ENVELOPE.issuperset(log):
        unknown = next(k for k in log if k not in _ENVELOPE)
        raise LogError(f"unknown key {unknown!r} in the log (keys: {', '.join(ENVELOPE_KEYS)})")
    for key, kind in _KINDS:
        if not isinstance(log.get(key), kind):  # no such key, or not of its kind
            if key not in log:
                raise LogError(f"the log has no {key!r}")
            raise LogError(f"{key!r} must be {_kind(kind())}, not {_kind(log[key])}")
    if "setup" not in log:
        raise LogError("the log has no 'setup'")
    if len(log["variant"]) > VARIANT_MOST:
        raise LogError(f"'variant' has at most {VARIANT_MOST} characters, not {len(log['variant'])}")
    seed = log.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise LogError(f"'seed' must be a whole number or text, not {_kind(seed)} ({json.dumps(seed)[:40]})")
    if "result" in log and log["result"] is not None and not isinstance(log["result"], dict):
        raise LogError(f"'result' must be an object, not {_kind(log['result'])}")
    names = []
    for i, player in enumerate(log["players"]):
        name = player.get("name") if isinstance(player, dict) else None
        if not isinstance(name, str):
            raise LogError(f'player {i} must be an object with a "name"')
        if not _PLAYER.issuperset(player):
            extra = next(k for k in player if k not in _PLAYER)
            raise LogError(f"player {i}: unknown key {extra!r} (keys: name, bot)")
        if "bot" in player and not isinstance(player["bot"], str):
            raise LogError(f'player {i}: "bot" must be text')
        if nameless(name):
            raise LogError(f"player {i}: {NAMELESS}, not {name!r}")
        if len(name) > NAME_MOST:
            raise LogError(f"player {i}: a name has at most {NAME_MOST} characters, not {len(name)}")
        names.append(name)
    # (ASCII names look as they are: no call of looks() for each, the usual log)
    seen = names if "".join(names).isascii() else [looks(name) for name in names]
    if len(set(seen)) < len(seen):  # as `play` refuses them: "Ann" could be either seat
        i = next(i for i, name in enumerate(seen) if name in seen[:i])
        raise LogError(f"two players are called {names[i][:60]!r}; each player needs a different name")
    moves = log["moves"]
    if not all(map(isinstance, moves, repeat(dict))):  # isinstance for each move, at C speed
        i, move = next((i, move) for i, move in enumerate(moves) if not isinstance(move, dict))
        raise LogError(f"move {i} must be a JSON object, not {_kind(move)}")
