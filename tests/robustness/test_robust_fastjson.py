"""msgspec (the `fast` extra) reads a log exactly as json does, or leaves it
to json: the same value, or the same refusal in the same words."""

from __future__ import annotations

import json
import marshal
import os
import random
from pathlib import Path

import pytest

from stixxcli import check, fastjson, gamelog
from stixxcli.errors import LogError

pytest.importorskip("msgspec", reason="the fast extra (msgspec) is not installed")

TRIXO = (Path(__file__).parent.parent.parent / "examples" / "trixo" / "2-players.json").read_text()


@pytest.fixture
def quick(monkeypatch):
    """msgspec from the first log on, instead of after a megabyte."""
    monkeypatch.setattr(fastjson, "QUICK_AFTER", 0)
    monkeypatch.setattr(fastjson, "_codec", None)


def read(text: str, codec) -> tuple:
    """What parse_json makes of `text` with the given codec: (value) or (message)."""
    fastjson._codec = codec
    try:
        return ("value", marshal.dumps(gamelog.parse_json(text, "x"), 0))
    except LogError as e:
        return ("refused", e.message)


def both(text: str) -> tuple:
    fastjson._codec = None
    fast = read(text, fastjson._load())
    assert fast == read(text, False), text
    return fast


HAND_MADE = [
    '{"a": 1, "a": 2}',  # a key twice, at the top
    '{"a": {"b": 1, "c": [1, {"b": 2, "b": 3}]}}',  # ... deep inside
    '{"a": "x:y", "a": "z"}',  # the dropped value held a ":" of its own
    '{"a": 1, "a": "\\u003a"}',  # an escaped ":" that would make up for a dropped key
    '{"a\\u003a": 1, "a\\u003a": 2}',
    '{"t": "a:b:c", "u": {"v:": ":"}}',
    '{"n": 18446744073709551616, "m": -9223372036854775809, "f": 1e400}',
    '{"n": ' + "7" * 5000 + "}",  # json's limit on digits
    '{"x": NaN}',
    '{"x": Infinity, "y": -Infinity}',
    '{"s": "\\ud800"}',  # a lone surrogate
    '{"s": "\\ud83d\\ude00"}',  # a pair: one character
    '{"s": "é ☃ \u2028"}',
    "null",
    '{"a": 1,}',
    '{"a": 1} x',
    "[1, 2",
    '{"deep": ' + "[" * 150 + "]" * 150 + "}",
    '{"deep": ' + "[" * 5000 + "]" * 5000 + "}",
    '{"a": -0, "b": -0.0, "c": 1.0, "d": 1E5, "e": 2.2250738585072011e-308}',
    '{"esc": "\\" \\\\ \\/ \\b \\f \\n \\r \\t"}',
    '"\x01"',
]


@pytest.mark.parametrize("text", HAND_MADE)
def test_msgspec_reads_as_json_does(quick, text):
    both(text)


def test_a_key_twice_is_refused_with_msgspec(quick):
    assert both('{"a": 1, "a": "\\u003a"}') == (
        "refused",
        "invalid JSON: the key 'a' appears twice in one object",
    )
    assert both('{"a": {"b": 1, "b": 1}}')[0] == "refused"


def test_mutated_logs_read_alike(quick):
    """Random edits of a real log, aimed at what the two decoders might see
    differently: colons, quotes, escapes, keys twice, numbers."""
    rng = random.Random(16)
    pieces = [
        ":",
        '"',
        ",",
        "\\u003a",
        '"a": 1, "a": 2, ',
        "\\",
        "9" * 25,
        "1e999",
        "NaN",
        "{",
        "}",
        "\\ud800",
        " ",
    ]
    results = set()
    for _ in range(1500):
        text = TRIXO
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(text))
            if rng.random() < 0.8:
                text = text[:at] + rng.choice(pieces) + text[at:]
            else:
                text = text[:at] + text[at + rng.randint(1, 5) :]
        results.add(both(text)[0])
    assert results == {"value", "refused"}


def test_a_key_twice_inside_a_log_at_any_place(quick):
    """Every object of a real log, given one of its keys a second time."""
    log = json.loads(TRIXO)
    text = json.dumps(log)
    objects = [i for i, c in enumerate(text) if c == "{"]
    assert len(objects) > 10
    for at in objects:
        key_end = text.index(":", at)
        first = text[at + 1 : key_end]
        tampered = text[: at + 1] + first + ": 0, " + text[at + 1 :]
        kind, message = both(tampered)
        assert kind == "refused" and "appears twice" in message, tampered[at : at + 40]


def test_msgspec_waits_for_a_megabyte(monkeypatch):
    """One small log does not pay for msgspec's import; a corpus does."""
    monkeypatch.setattr(fastjson, "_codec", None)
    monkeypatch.setattr(fastjson, "_parsed", 0)
    assert fastjson.decode(TRIXO) is None and fastjson._codec is None
    for _ in range(fastjson.QUICK_AFTER // len(TRIXO) + 1):
        fastjson.decode(TRIXO)
    assert fastjson._codec
    assert fastjson.decode(TRIXO) == json.loads(TRIXO)


def _read_with_msgspec(items, full=True, digests=False):
    """check_texts, telling for each log whether its process reads with msgspec
    by then, and which process it is."""
    return [(verdict["valid"], bool(fastjson._codec), os.getpid()) for verdict, _ in CHECK_TEXTS(items, full)]


CHECK_TEXTS = check.check_texts


@pytest.mark.parametrize("jobs", [1, 2])
def test_validate_workers_use_msgspec_from_the_first_log(monkeypatch, tmp_path, jobs):
    """A --jobs worker only reads logs: msgspec from its first one. The main
    process (--jobs 1, its own share of --jobs 2, or whatever runs after)
    still waits for a megabyte."""
    monkeypatch.setattr(fastjson, "_codec", None)
    monkeypatch.setattr(fastjson, "_parsed", 0)
    monkeypatch.setattr(check, "check_texts", _read_with_msgspec)
    corpus = tmp_path / "small.jsonl"
    corpus.write_text((json.dumps(json.loads(TRIXO)) + "\n") * 40)
    chunks = check.check_sources([str(corpus)], full=False, jobs=jobs)
    read = [entry for chunk in chunks for entry in chunk]
    assert len(read) == 40 and all(valid for valid, _, _ in read)
    assert all(quick == (pid != os.getpid()) for _, quick, pid in read)
    assert any(pid != os.getpid() for _, _, pid in read) == (jobs > 1)
    assert fastjson.QUICK_AFTER == 1_000_000 and fastjson._codec is None


def test_without_msgspec_json_reads_everything(monkeypatch):
    monkeypatch.setattr(fastjson, "QUICK_AFTER", 0)
    monkeypatch.setattr(fastjson, "_codec", None)
    monkeypatch.setattr(fastjson, "_load", lambda: False)
    assert fastjson.decode(TRIXO) is None
    assert gamelog.parse_json(TRIXO, "x") == json.loads(TRIXO)
