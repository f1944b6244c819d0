"""The masks `apply` keeps (torus.py) say what the layout says: the same
cells, the same streaks, the same legal placements, at every turn of seeded
games, wherever the layout has drifted."""

from stixxcli_games.trixo import board, torus
from stixxcli_games.trixo.board import SYMBOLS

from stixxcli.replays import replay
from stixxcli.table import play_bots


def states(bots, seeds):
    for seed in seeds:
        for step in replay(play_bots("trixo", bots, f"torus-{seed}")):
            yield step.state


def test_the_kept_masks_and_box_are_those_of_the_layout():
    for state in states(["random"] * 3, range(6)):
        assert (state.occupied, state.show) == torus.masks_of(state.layout)
        if state.box is not None:
            assert state.box == board.span(state.layout)


def test_streaks_and_placements_on_the_masks_are_those_on_the_layout():
    for state in states(["random"] * 2, range(4)):
        layout = state.layout
        if not layout:
            continue
        rows, cols = board.window(layout)
        # Cells far beyond the window too: their bits alias cells near it.
        for r in [*rows, rows[0] - 8, rows[-1] + 5]:
            for c in [*cols, cols[0] - 8, cols[-1] + 13]:
                for tile in SYMBOLS:
                    legal = board.can_place(layout, tile, (r, c), state.max_stack)
                    try:
                        outcome = state._placement(tile, [r, c])
                    except Exception as e:  # IllegalMove, with the rule it breaks
                        assert not legal and e.message == board.placement_problem(
                            layout, tile, (r, c), state.max_stack
                        )
                        continue
                    assert legal
                    won = board.streak_cells_through(layout, (r, c), tile)
                    assert set(outcome[2][0] if outcome[2] else ()) == won
                    assert outcome[3] == (1 + sum(len(layout.get(cell, ())) for cell in won) if won else 0)
