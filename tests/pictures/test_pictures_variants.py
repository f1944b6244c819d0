"""Pictures of house-rule variants: what a variant changes (more boxes, longer
names, more kinds, taller stacks) stays inside its picture, clear of the rest."""

from __future__ import annotations

import re

from pictures_helpers import house_log, states

# Names that share their first letters: tags of 4 and more letters ("gree", "grey").
PREFIXED = ["blue", "blueberry", "bluebell", "green", "greenish", "greenery"]
TWELVE = [
    "red",
    "orange",
    "yellow",
    "green",
    "blue",
    "purple",
    "pink",
    "cyan",
    "brown",
    "white",
    "black",
    "grey",
]


def test_stixx_terminal_board_keeps_every_label_whole_with_long_colour_tags():
    from stixxcli_games.stixx.render import draw_board

    from stixxcli.colours import letters

    for radius, colours, per in [(2, PREFIXED, 7), (1, TWELVE, 1)]:
        log = house_log(
            "stixx",
            4,
            board_radius=radius,
            colours=colours,
            stixx_per_colour=per,
            centre_star_all_colours=False,
        )
        tags = letters(colours)
        for index, state in states(log, [0, 3, 10]):
            board = draw_board(state).plain
            for stixx, on in enumerate(state.on_board):
                if on and stixx != state.marker:
                    label = f"{tags[state.layout[stixx]]}{stixx}"
                    assert re.search(rf"(?<![a-z0-9]){label}(?![a-z0-9])", board), (radius, index, label)
