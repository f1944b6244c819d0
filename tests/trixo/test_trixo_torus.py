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


def inside_from_scratch(layout: dict) -> int:
    """The cells (as bits) a tile may take and keep the layout in one 3x3 window."""
    if not layout:
        return torus.EVERY
    top, bottom, left, right = board.span(layout)
    rows, cols = range(bottom - 2, top + 3), range(right - 2, left + 3)
    return sum(1 << torus.index((r, c)) for r in rows for c in cols)


def test_the_kept_masks_are_those_of_the_layout():
    for state in states(["random"] * 3, range(6)):
        assert (state.occupied, state.show) == torus.masks_of(state.layout)
        assert state.inside == inside_from_scratch(state.layout) == torus.inside_of(state.occupied)
        # The anchor is two rows and two columns or less from every stack.
        ar, ac = state.anchor
        assert all(abs(r - ar) <= 2 and abs(c - ac) <= 2 for r, c in state.layout)


def test_the_kept_masks_on_hand_made_layouts():
    layouts = [
        {(0, 0): ("x",)},
        {(0, 0): ("x",), (1, 1): ("o", "x"), (2, 2): ("trixo",)},
        {(7, -9): ("x",), (8, -9): ("o",), (9, -8): ("x",)},  # across the torus's seams
        {(r, c): ("o",) for r in range(-4, -1) for c in range(5, 8)},  # a full window
    ]
    for layout in layouts:
        assert torus.inside_of(torus.masks_of(layout)[0]) == inside_from_scratch(layout)


def test_streaks_and_placements_on_the_masks_are_those_on_the_layout():
    for state in states(["random"] * 2, range(4)):
        layout = state.layout
        if not layout:
            continue
        rows, cols = board.window(layout)
        # Cells far beyond the window too: their bits alias cells near it; and
        # every cell up to five from the anchor, across the edge of its frame.
        ar, ac = state.anchor
        for r in {*rows, rows[0] - 8, rows[-1] + 5, rows[0] + 8, rows[-1] - 8, *range(ar - 5, ar + 6)}:
            for c in {*cols, cols[0] - 8, cols[-1] + 13, cols[0] + 8, cols[-1] - 8, *range(ac - 5, ac + 6)}:
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
