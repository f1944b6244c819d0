"""Hot-seat secrecy of refusals, in a real terminal (tmux): at a table where
people type in what they drew (`--chance manual`), an answer refused never
tells the one typing what another player holds. The refusal itself says the
outcome cannot be (a real bag or reserve could not give it), which a
mistyped outcome cannot help telling; its words add nothing to that: no
holder, no count of what is left, no make-up of the reserve.
"""

from __future__ import annotations

import random
import shutil
import sys

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")

STIXX = [sys.executable, "-m", "stixxcli", "play"]


def _stixx_layout() -> str:
    """A layout as a person copies it from a real board: 42 colour letters."""
    from stixxcli_games.stixx.board import board
    from stixxcli_games.stixx.layout import random_layout

    return "".join("roygbp"[c] for c in random_layout(board(2), 6, 7, True, random.Random("secrets")))


def test_stixx_a_token_typed_twice_does_not_say_another_player_drew_it(terminal):
    """Ann drew red and typed it in private; Bob, typing his own token, types
    red by mistake: the refusal tells him to check his token, not that
    another player drew red."""
    term = terminal([*STIXX, "stixx", "--player", "Ann", "--player", "Bob", "--chance", "manual",
                     "--out", "g.json"])  # fmt: skip
    term.wait_for("The ids on the board")
    term.type(_stixx_layout(), "Enter")
    term.wait_for("Pass the terminal to Ann")
    term.type("Enter")
    term.wait_for("the colour token Ann drew")
    term.type("red", "Enter")
    term.wait_for("Pass the terminal to Bob")
    term.type("Enter")
    term.wait_for("the colour token Bob drew")
    term.type("red", "Enter")
    shown = term.wait_for("check the token you drew")
    assert "another player" not in shown and "drawn by" not in shown, shown
    assert "the red token cannot be drawn now: check the token you drew" in shown
    term.type("blue", "Enter")  # the right one goes through
    term.wait_for("Pass the terminal to Ann")
    term.type("q", "Enter")
    term.wait_for("Game saved unfinished")
