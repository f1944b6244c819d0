"""Hot-seat secrecy of refusals, in a real terminal (tmux): at a table where
people type in what they drew (`--chance manual`), an answer refused never
tells the one typing what another player holds. The refusal itself says the
outcome cannot be (a real bag or reserve could not give it), which a
mistyped outcome cannot help telling; its words add nothing to that: no
holder, no count of what is left, no make-up of the reserve.
"""

from __future__ import annotations

import json
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


def _trixo(terminal, ann: str):
    """Trixo typed in at a real table, Ann's hand typed in private, Bob's asked."""
    term = terminal([*STIXX, "trixo", "--player", "Ann", "--player", "Bob", "--chance", "manual",
                     "--out", "g.json"])  # fmt: skip
    term.wait_for("Pass the terminal to Ann")
    term.type("Enter")
    term.wait_for("for Ann alone to see")
    term.type(ann, "Enter")
    term.wait_for("Pass the terminal to Bob")
    term.type("Enter")
    term.wait_for("for Bob alone to see")
    return term


def test_trixo_a_hand_refused_does_not_count_the_tiles_left_to_deal(terminal):
    """Ann picked 2 of the 3 arrows; Bob types 2 arrows: the refusal says his
    hand cannot be dealt, not that only 1 arrow is left (which would tell him
    Ann holds 2). More arrows than the game has is said with the game's count."""
    term = _trixo(terminal, "a a o o")
    term.type("a a x x", "Enter")
    shown = term.wait_for("check the tiles you picked")
    assert "left to deal" not in shown and "1 arrow" not in shown, shown
    assert "2 arrow tiles cannot be dealt now: check the tiles you picked" in shown
    term.type("a a a a", "Enter")  # public: the game has 3 arrows
    term.wait_for("the game has only 3 arrow tiles, not 4")
    term.type("q", "Enter")
    term.wait_for("Stopped during the setup")


def test_trixo_a_draw_refused_does_not_list_the_reserve(terminal):
    """Bob holds all 3 arrows; Ann plays, then types an arrow as her draw: the
    refusal does not list the reserve (12 x, 12 o, 4 trixo tells her Bob's
    hand to the tile)."""
    term = _trixo(terminal, "x x o o")
    term.type("a a a t", "Enter")
    term.wait_for("Pass the terminal to Ann")
    term.type("Enter")
    term.wait_for(("Ann, ", "Ann>"))
    term.type("x 0 0", "Enter")
    term.wait_for("the tile Ann draws")
    term.type("arrow", "Enter")
    shown = term.wait_for("check the tile you drew")
    assert "reserve (" not in shown and "12 o" not in shown and "4 trixo" not in shown, shown
    assert "no arrow tile can be drawn now: check the tile you drew" in shown
    term.type("o", "Enter")
    term.wait_for("Pass the terminal to Bob")
    term.type("q", "Enter")
    term.wait_for("Game saved unfinished")


def _a_legal_place(log) -> str:
    from stixxcli_games.fishstix.notation import place_text

    from stixxcli.table import Table

    return place_text(next(iter(Table.resume(log).state.legal_moves())))


def test_fishstix_a_draw_refused_does_not_say_the_stick_is_held(stixx, tmp_path, terminal):
    """A seeded game of Fish Stix resumed with its draws typed in: Ann types,
    as her draw, a stick Bob holds; the refusal does not say the pile lacks
    it (every stick of the deck is one of a kind: that says Bob holds it).
    The start stick, on the table for all to see, is said to be there."""
    started = stixx("play", "fishstix", "--player", "Ann", "--player", "Bob", "--seed", 1,
                    "--out", tmp_path / "g.json", input="\nq\n")  # fmt: skip
    assert "Game saved unfinished" in started.output
    log = json.loads((tmp_path / "g.json").read_text())
    bobs, start = log["setup"]["hands"][1][0], log["setup"]["start"]
    term = terminal([*STIXX, "--resume", "g.json", "--chance", "manual"])
    term.wait_for("Pass the terminal to Ann")
    term.type("Enter")
    term.wait_for(("Ann, ", "Ann>"))
    term.type(_a_legal_place(log), "Enter")
    term.wait_for("the stick drawn from the pile")
    term.type(bobs, "Enter")
    shown = " ".join(term.wait_for("cannot be drawn now").split())  # a long stick: the refusal wraps
    assert "left in the pile" not in shown, shown
    assert f"stick {bobs!r} cannot be drawn now: check the stick you drew" in shown
    term.type(start, "Enter")
    term.wait_for("stands on the table already")
    term.type("q", "Enter")
    term.wait_for("Game saved unfinished")
