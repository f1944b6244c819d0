"""Building Trixo positions and logs by hand for the tests.

A `Script` deals the hands it is given and plays moves typed in the game's own
notation ("x 0 1", "arrow row 0 left", "discard o"). By default the tiles of
the rules are exactly the tiles of the hands, so the reserve is empty and no
move draws; pass `reserve` to put tiles in it (and `draw=` to the moves).
"""

from __future__ import annotations

import copy

from stixxcli_games.trixo.board import TILES
from stixxcli_games.trixo.notation import parse_discard, parse_play

from stixxcli.check import check_log
from stixxcli.engine import apply_move, open_game
from stixxcli.gamelog import new_log
from stixxcli.plugins import get_game
from stixxcli.rules import resolve


def game():
    return get_game("trixo")


def rules_for(hands, reserve=(), variant="standard", **overrides) -> dict:
    rules = dict(resolve(game(), variant).values)
    tiles = [t for hand in hands for t in hand] + list(reserve)
    rules["tiles"] = {t: tiles.count(t) for t in TILES}
    rules["hand_size"] = len(hands[0])
    rules.update(overrides)
    return rules


class Script:
    def __init__(self, hands, reserve=(), variant="standard", **overrides):
        rules = rules_for(hands, reserve, variant, **overrides)
        players = [{"name": name} for name in ("ann", "bob", "cat", "dan")[: len(hands)]]
        self.log = new_log("trixo", variant, rules, players, {"hands": [list(h) for h in hands]})
        self.game, self.state = open_game(self.log)

    def move(self, text: str, draw: str | None = None) -> dict:
        """The move of the player to act, from notation, without playing it."""
        seat = self.state.seat
        move = parse_discard(text, seat) if text.startswith("discard") else parse_play(text, seat)
        if draw is not None:
            move["draw"] = draw
        return move

    def play(self, *texts: str, draw: str | None = None) -> Script:
        """Play legal moves (each checked as in a log) and record them."""
        for text in texts:
            move = self.move(text, draw)
            apply_move(self.game, self.state, move)
            self.log["moves"].append(move)
        return self

    def refused(self, move, *, finished=False):
        """check_log of the moves so far plus one more; the verdict."""
        log = copy.deepcopy(self.log)
        log["moves"].append(self.move(move) if isinstance(move, str) else move)
        log["finished"] = finished
        return check_log(log)


def refusal(script: Script, move) -> tuple[int, str]:
    """Index and reason of the first illegal move once `move` is added."""
    verdict = script.refused(move)
    assert not verdict.valid, "the move was accepted"
    return verdict.index, verdict.error


def rulebook_diagonal() -> Script:
    """Row 0: x o o; row 1: o x .; row 2: o x . -- sliding row 2 right makes the
    rulebook's diagonal streak of three x."""
    s = Script([["x", "x", "o", "o"], ["o", "o", "x", "arrow"]])
    return s.play("x 0 0", "o 0 1", "x 1 1", "o 0 2", "o 1 0", "x 2 1", "o 2 0")
