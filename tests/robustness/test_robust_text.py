"""plain(): the one function that makes content safe to show."""

from __future__ import annotations

import io

import pytest

from stixxcli.text import is_plain, plain

HOSTILE = {
    "clear screen": "Ann\x1b[2J\x1b[3J",
    "window title": "\x1b]0;pwned\x07Ann",
    "link": "\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\",
    "bell": "Ann\x07\x07",
    "8-bit CSI": "Ann\x9b2J",
    "bidi override": "Ann\u202egnp.exe",
    "bidi isolate": "\u2066Ann\u2069",
    "newline": "Ann\nvalid sixto game",
    "carriage return": "Ann\rBob",
    "line separator": "Ann\u2028Bob",
    "nul": "A\x00nn",
    "backspace": "Ann\x08\x08\x08Bob",
    "lone surrogate": "Ann\ud800",
    "zero-width space": "Ann\u200b",  # shows as Ann: another player's name, to the eye
    "word joiner": "A\u2060nn",
}


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_text_is_escaped_visibly(name):
    shown = plain(HOSTILE[name])
    assert is_plain(shown)
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in shown)
    assert "\\" in shown  # visibly escaped, not silently dropped
    shown.encode("utf-8")  # printable


def test_every_escaped_character_is_unprintable():
    """plain() looks with str.isprintable before its pattern: that is only
    right while every character the pattern escapes is unprintable."""
    import re

    from stixxcli.text import _UNSAFE

    escaped = [chr(c) for c in range(0x110000) if re.match(_UNSAFE, chr(c))]
    assert len(escaped) > 2000  # the surrogates, the controls and the bidi marks
    assert not any(c.isprintable() for c in escaped)
    assert plain("Ann\u00a0Bob") == "Ann\u00a0Bob"  # unprintable to Python, yet no control: kept


def test_ordinary_text_is_unchanged():
    for text in (
        "Ann",
        "Zoë",
        "李",
        "🎲",
        "family 👨\u200d👩\u200d👧",
        "[bold]x[/]",
        "C:\\games\\a.json",
        "",
    ):
        assert plain(text) == text


def test_named_escapes_and_non_strings():
    assert plain("a\nb\tc\rd") == "a\\nb\\tc\\rd"
    assert plain("\x1b") == "\\x1b"
    assert plain("\u202e") == "\\u202e"
    assert plain(12) == "12"


@pytest.mark.parametrize("name", HOSTILE)
def test_through_rich_nothing_acts_on_the_terminal(name):
    """As the docstring says to use it: Text(plain(s)) on a colour terminal
    prints the content as itself, markup and all, on one line."""
    from rich.console import Console
    from rich.text import Text

    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system="truecolor", width=200)
    console.print(Text(plain(HOSTILE[name] + " [/] [link=https://x]y[/link]"), style="bold"))
    printed = out.getvalue()
    content = printed.replace("\x1b[1m", "").replace("\x1b[0m", "")
    assert "\x1b" not in content and "\x07" not in content
    assert "[/] [link=https://x]y[/link]" in content
    assert content.count("\n") == 1
