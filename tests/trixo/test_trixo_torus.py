"""The masks `apply` keeps (torus.py) say what the layout says: the same
cells, the same streaks, the same legal placements, at every turn of seeded
games, wherever the layout has drifted."""

import random

from stixxcli_games.trixo import board, torus
from stixxcli_games.trixo.board import SYMBOLS
from trixo_helpers import Script

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


def test_slides_on_the_masks_are_those_on_the_layout():
    """Every slide of every row and column near the layout, and far from it,
    found on the masks as `board.slide` finds it on the layout."""
    for state in states(["random"] * 3, range(6)):
        layout = state.layout
        rows, cols = board.window(layout)
        ar, ac = state.anchor
        for line, near, far in (("row", rows, ar), ("column", cols, ac)):
            for index in {*near, *range(far - 5, far + 6), far - 8, far + 8}:
                for direction in board.DIRECTIONS[line]:
                    after, moved = board.slide(layout, line, index, direction)
                    try:
                        outcome = state._slide(line, index, direction)
                    except Exception as e:  # IllegalMove, with the rule it breaks
                        assert not moved
                        held = board.line_cells(layout, line, index)
                        assert ("moves nothing" in e.message) == bool(held), e.message
                        continue
                    slid, occupied, show, anchor = outcome[1]
                    assert (slid, anchor) == (after, moved[0])
                    assert (occupied, show) == torus.masks_of(after)
                    won = board.streak_cells(after, moved)
                    assert set(outcome[2][0] if outcome[2] else ()) == won
                    assert outcome[3] == sum(len(after[cell]) for cell in won)


def test_the_window_from_rows_and_columns_is_that_of_every_stack():
    """`inside_of` folds the stacks into the rows and columns they stand in:
    the same cells as the cells near every stack, on random sets of cells,
    across the torus's seams too."""
    rng = random.Random(5)
    for _ in range(20_000):
        occupied = 0
        for _ in range(rng.randrange(12)):
            occupied |= 1 << rng.randrange(64)
        near_all = torus.EVERY
        for i in range(64):
            if occupied >> i & 1:
                near_all &= torus.BLOCK[i]
        assert torus.inside_of(occupied) == near_all


def test_streaks_and_slides_on_hand_made_layouts():
    """Placements and slides on hand-made layouts, across the torus's seams
    too, found on the masks (with the streaks and steps they keep per cell)
    as on the layout."""
    layouts = [
        {(0, 0): ("x",), (0, 2): ("x",), (2, 0): ("x",), (2, 2): ("x",), (1, 0): ("o", "x")},
        {(7, -9): ("x",), (8, -9): ("o",), (9, -8): ("x",), (7, -7): ("x",), (9, -10): ("o", "x")},
        {(r, c): ("o",) if (r + c) % 3 else ("trixo", "x") for r in range(-4, -1) for c in range(5, 8)},
        {(-1, 6): ("x",), (-1, 8): ("x",), (1, 6): ("x",), (1, 8): ("x",), (0, 6): ("o",)},
    ]
    state = Script([["x", "o"], ["o", "x"]]).state
    for layout in layouts:
        state.layout = layout
        state.occupied, state.show = torus.masks_of(layout)
        state.anchor = min(layout)[0] + 1, min(c for _, c in layout) + 1
        state.inside = torus.inside_of(state.occupied)
        rows, cols = board.window(layout)
        for r in rows:
            for c in cols:
                for tile in SYMBOLS:
                    if not board.can_place(layout, tile, (r, c), 3):
                        continue
                    outcome = state._placement(tile, [r, c])
                    won = board.streak_cells_through(layout, (r, c), tile)
                    assert set(outcome[2][0] if outcome[2] else ()) == won
        for line, near in (("row", rows), ("column", cols)):
            for index in near:
                for direction in board.DIRECTIONS[line]:
                    after, moved = board.slide(layout, line, index, direction)
                    if moved:
                        outcome = state._slide(line, index, direction)
                        assert outcome[1][0] == after
                        assert set(outcome[2][0] if outcome[2] else ()) == board.streak_cells(after, moved)
