"""The grid's kept numbers (each column's fish as one number, each stick's
number shared by the games of a deck) against the sticks as placed, worked out
from scratch: on hand-made grids with cells of several widths, at every turn of
seeded bot games, and after moves refused once their stick stood on the grid."""

import random

import pytest
from fishstix_helpers import game, move, position, standard_rules
from stixxcli_games.fishstix.board import FISH_PER_STICK
from stixxcli_games.fishstix.grid import Grid

from stixxcli.errors import IllegalMove
from stixxcli.table import Table


def _scratch_cells(grid: Grid) -> dict:
    """(column, row) -> fish, from the list of sticks placed."""
    cells = {}
    for _, _, column, row, _, fish in grid.placed:
        for k, f in enumerate(fish):
            cells[column, row + k] = f
    return cells


def _scratch_points(cells: dict, fish: tuple, column: int, row: int, kinds) -> dict | None:
    """What a stick scores there, or None where it may not stand, from the cells."""
    if any((column, row + k) in cells for k in range(len(fish))):
        return None
    if not any((c, row + k) in cells for k in range(len(fish)) for c in (column - 1, column + 1)):
        return None
    by_kind = {}
    for k, f in enumerate(fish):
        length, c = 1, column - 1
        while cells.get((c, row + k)) == f:
            length, c = length + 1, c - 1
        c = column + 1
        while cells.get((c, row + k)) == f:
            length, c = length + 1, c + 1
        if length >= 2:
            by_kind[f >> 1] = by_kind.get(f >> 1, 0) + length
    return {kinds[k]: by_kind[k] for k in sorted(by_kind)}


def _check_columns(grid: Grid) -> None:
    cells = _scratch_cells(grid)
    assert grid.cells == cells
    made = {}  # each column's number, made again cell by cell
    for (column, row), f in cells.items():
        made[column] = made.get(column, 0) | (f + 1) << (row - grid.top) * grid.cell_bits
    assert {column: n for column, n in grid.columns.items() if n} == made
    assert all(row - (FISH_PER_STICK - 1) >= grid.top for _, row in cells)
    for fish, code in grid.codes.items():
        assert code == sum((f + 1) << grid.cell_bits * k for k, f in enumerate(fish))
    columns, rows = [c for c, _ in cells], [r for _, r in cells]
    assert grid.bounds() == (min(columns), max(columns), min(rows), max(rows))
    for column in range(min(columns) - 1, max(columns) + 2):
        for row in range(min(rows) - 5, max(rows) + 2):
            assert grid.fish_at(column, row) == cells.get((column, row))


@pytest.mark.parametrize("kinds", [1, 2, 6, 7, 8, 20])
def test_the_columns_and_scores_match_a_scratch_grid_for_cells_of_every_width(kinds):
    names = [f"k{k}" for k in range(kinds)]
    rng = random.Random(kinds)
    for _ in range(6):
        grid, placed_by_scoring = Grid(kinds), Grid(kinds)
        start = tuple(rng.randrange(2 * kinds) for _ in range(FISH_PER_STICK))
        for g in (grid, placed_by_scoring):
            g.place("s", False, 0, 0, None, start)
        for n in range(30):
            cells = _scratch_cells(grid)
            left, right, top, bottom = grid.bounds()
            for column in range(left - 2, right + 3):
                for row in range(top - 5, bottom + 3):
                    fish = tuple(rng.randrange(2 * kinds) for _ in range(FISH_PER_STICK))
                    assert grid.scored(fish, column, row, names) == _scratch_points(
                        cells, fish, column, row, names
                    )
            # The highest place now and then, so the top moves up.
            places = grid.places()
            column, row = min(places, key=lambda p: p[1]) if n % 3 == 0 else rng.choice(places)
            fish = tuple(rng.randrange(2 * kinds) for _ in range(FISH_PER_STICK))
            grid.place("s", False, column, row, 0, fish)
            points = placed_by_scoring.scored(fish, column, row, names, ("s", False, column, row, 0, fish))
            assert (points is None) == (_scratch_points(cells, fish, column, row, names) is None)
            if points is None:  # not a legal place: stood without scoring
                placed_by_scoring.place("s", False, column, row, 0, fish)
            _check_columns(grid)
            assert placed_by_scoring.cells == grid.cells and placed_by_scoring.placed == grid.placed


def test_the_columns_match_a_scratch_grid_at_every_turn_of_bot_games():
    rules = standard_rules()
    for seed, bots in enumerate([["random"] * 3, ["greedy", "random"], ["greedy"] * 4]):
        players = [{"name": f"p{seat}", "bot": bot} for seat, bot in enumerate(bots)]
        table = Table.new(game(), rules, "standard", players, f"columns-{seed}")
        while not table.over:
            _check_columns(table.state.grid)
            table.play_turn()
        _check_columns(table.state.grid)


def test_a_move_refused_after_its_stick_stood_leaves_the_grid_as_it_was():
    start = "blue> green> school> orange>"
    played = "blue> green> pink> <purple"
    hands = [
        [played, "<green <green <green <green", "<blue <blue <blue <blue"],
        ["green> <pink <orange purple>", "<green <green <school blue>", "blue> school> purple> <orange"],
    ]
    _, state = position(start, hands)
    grid = state.grid
    before = (dict(grid.columns), list(grid.placed), grid.cells)
    for wrong in [
        move(state, played, 1, 0, points={"blue": 3, "green": 2}),  # the points
        move(state, played, 1, 0, points={"blue": 2, "green": 2}, draw=None),  # no draw
        move(state, played, 1, 0, points={"blue": 2, "green": 2}, draw=played),  # not in the pile
        move(state, played, 1, -60, points={}),  # a place far above that touches nothing
        move(state, played, 0, 2, points={}),  # a place taken
    ]:
        with pytest.raises(IllegalMove):
            state.apply(wrong)
        assert (dict(grid.columns), list(grid.placed), grid.cells) == before
        assert state.turns == 0 and state.hands[0][0] == played
    state.apply(move(state, played, 1, 0, points={"blue": 2, "green": 2}))
    _check_columns(grid)
    assert grid.cells[1, 3] == state.deck.fish[played][3]
