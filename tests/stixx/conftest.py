"""Stixx test helpers: a fixed layout, hand-made logs and hand-made positions."""

import copy
import random
from types import SimpleNamespace

import pytest

from stixxcli.gamelog import new_log
from stixxcli.plugins import get_game
from stixxcli.rules import resolve


def _kit():
    from stixxcli_games.stixx.board import board
    from stixxcli_games.stixx.layout import random_layout

    game = get_game("stixx")
    standard = resolve(game, "standard").values
    colours = standard["colours"]
    grid = board(2)
    layout = [colours[c] for c in random_layout(grid, 6, 7, True, random.Random("tests"))]

    def rules(**changes):
        values = copy.deepcopy(standard)
        values.update(changes)
        return values

    def log(moves=(), players=3, secret=None, layout_=None, rules_=None, starts=None, finished=False):
        """A hand-made log: the fixed layout unless given, seats 0.. holding
        red, orange, yellow... unless `secret` says otherwise."""
        setup = {"layout": list(layout_ or layout), "secret_colours": list(secret or colours[:players])}
        if starts is not None:
            setup["starts"] = starts
        names = [{"name": name} for name in ("Ann", "Bob", "Cas", "Dee", "Eve", "Fay")[:players]]
        out = new_log("stixx", "standard", rules_ or rules(), names, setup)
        out["moves"] = [dict(m) for m in moves]
        out["finished"] = finished
        return out

    def start(players=3, secret=None, layout_=None, rules_=None):
        setup = {"layout": list(layout_ or layout), "secret_colours": list(secret or colours[:players])}
        names = ["Ann", "Bob", "Cas", "Dee", "Eve", "Fay"][:players]
        return game.start(rules_ or rules(), names, setup)

    def of(colour, among=None):
        """The stixx of a colour, optionally only those in `among`."""
        return [s for s in (range(grid.size) if among is None else among) if layout[s] == colour]

    def position(state, on_board, marker, held=None):
        """Put a state in a hand-made position: only `on_board` left, the marker on `marker`."""
        state.on_board = [s in on_board for s in range(grid.size)]
        state.left = len(on_board)
        state.marker = marker
        state.turns = max(state.turns, 5)
        for seat, counts in (held or {}).items():
            for colour, n in counts.items():
                state.held[seat][colours.index(colour)] = n
        return state

    return SimpleNamespace(
        game=game,
        rules=rules,
        colours=colours,
        board=grid,
        layout=layout,
        log=log,
        start=start,
        of=of,
        position=position,
    )


@pytest.fixture(scope="session")
def kit():
    return _kit()
