"""The replay page's size: every step's drawing is kept as pieces shared by
the steps, put together again by the page's script exactly as drawn."""

from __future__ import annotations

import pytest
from pictures_helpers import example, page_steps, states

from stixxcli.pictures import draw, inline
from stixxcli.plugins import get_game
from stixxcli.replay_page import build
from stixxcli.text import plain_lines

# Bounds about twice the size now; each step's whole drawing made a page 2.3x
# (Fish Stix) to 11x (Stixx) this size: 1.2, 2.75, 1.4 and 0.95 MB.
SIZES = [
    ("fishstix", "2-players.json", 600_000),
    ("sixto", "4-players.json", 700_000),
    ("stixx", "6-players.json", 250_000),
    ("trixo", "teams.json", 400_000),
]


@pytest.mark.parametrize("game,name,bound", SIZES, ids=[s[0] for s in SIZES])
def test_replay_page_is_small_for_a_game_of_each_kind(game, name, bound):
    log = example(game, name)
    assert len(build(log).encode("utf-8")) < bound
    assert len(build(log, 0).encode("utf-8")) < bound  # a player's view is no bigger


@pytest.mark.parametrize("game,name", [(g, n) for g, n, _ in SIZES], ids=[s[0] for s in SIZES])
def test_replay_page_puts_every_drawing_together_as_drawn(game, name):
    log = example(game, name)
    for viewer in (None, 1):
        steps = page_steps(build(log, viewer))
        plugin = get_game(game)
        assert len(steps) == len(log["moves"]) + 1
        for (index, state), step in zip(states(log), steps):
            # The title goes only into the text picture of a game that draws nothing.
            assert step["svg"] == plain_lines(inline(draw(plugin, state, viewer, ""))), index
