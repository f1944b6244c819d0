"""The grid: the unbounded grid of upright sticks on the table, where a stick
may go and what it scores.

Columns and rows are whole numbers, rows counting downwards; the start stick
stands in column 0, rows 0-3. A stick placed at (column, row) covers rows
row..row+3 of that column, its first fish at the top (docs/games/fishstix.md,
The grid).
"""

from __future__ import annotations

from bisect import bisect_left, insort
from dataclasses import dataclass

from .board import FISH_PER_STICK


@dataclass(slots=True)
class Placement:
    """One stick on the grid, as played (seat None for the start stick)."""

    stick: str
    turned: bool
    column: int
    row: int
    seat: int | None
    fish: tuple  # top to bottom, as it lies


# A place as one number, column * PLACE_STRIDE + top row: numbers compare as
# (column, row) pairs do, and a sorted list of them is kept far more cheaply.
# Rows of a game stay within 4 per stick of row 0, far inside ROW_LIMIT; a row
# typed beyond it is never looked up by key (it would be another place's).
PLACE_STRIDE = 1 << 32
ROW_LIMIT = PLACE_STRIDE // 2
STICK_BITS = (1 << FISH_PER_STICK) - 1  # a stick's rows, as bits
WINDOW_BITS = (1 << (3 * FISH_PER_STICK - 2)) - 1  # rows row-3 .. row+6 beside a stick placed at row


def place_key(column: int, row: int) -> int:
    return column * PLACE_STRIDE + row


def place_of(key: int) -> tuple[int, int]:
    """The (column, top row) of a place_key."""
    column = (key + ROW_LIMIT) // PLACE_STRIDE
    return column, key - column * PLACE_STRIDE


class Grid:
    """The sticks on the table, and every legal place kept up to date.

    A place only becomes legal when a fish lands beside one of its cells, and
    only stops being legal when a fish lands in it; so each stick placed is
    looked at once, at a fixed number of places beside it, and a game's move
    generation grows linearly with its length instead of rescanning the table
    every turn. The legal places are brought up to date when they are asked
    for (play), so checking a log, which never asks, only writes cells.
    """

    def __init__(self):
        self.cells: dict[tuple[int, int], int] = {}  # (column, row) -> fish
        self.placements: list[Placement] = []
        # Every legal place as its place_key: a set to ask, and a sorted list so
        # that the options, and so the games a seed plays, come in one order.
        self.open: set[int] = set()
        self.sorted_open: list[int] = []
        self.looked_at = 0  # placements already taken into `open` and `filled`
        # Each column's rows holding a fish, as bits (bit 0 is row first_row): the
        # empty runs beside a new stick are then a few operations on one number.
        self.filled: dict[int, int] = {}
        self.first_row = -64  # moved up (every column shifted) when a stick comes near it

    def place(self, placement: Placement) -> None:
        cells, column, row = self.cells, placement.column, placement.row
        for r, fish in enumerate(placement.fish, start=row):
            cells[(column, r)] = fish
        self.placements.append(placement)

    def _update_places(self) -> None:
        """Take the sticks placed since the last call into the legal places.

        Every new stick is in `filled` before any place is added, so a place
        beside an earlier stick that a later one fills is never added.
        """
        new = self.placements[self.looked_at :]
        self.looked_at = len(self.placements)
        filled = self.filled
        for placement in new:
            if placement.row - FISH_PER_STICK < self.first_row:
                self._move_first_row(placement.row - FISH_PER_STICK - 64)
            column = placement.column
            filled[column] = filled.get(column, 0) | STICK_BITS << (placement.row - self.first_row)
        open_, ordered, first_row = self.open, self.sorted_open, self.first_row
        for placement in new:
            column, row = placement.column, placement.row
            key = column * PLACE_STRIDE + row  # place_key, written out in this hot loop
            # Places that now hold a fish are taken: top rows row-3 .. row+3.
            for spot in range(key - FISH_PER_STICK + 1, key + FISH_PER_STICK):
                if spot in open_:
                    open_.remove(spot)
                    del ordered[bisect_left(ordered, spot)]
            # Places beside the new fish that are still empty become legal: in each
            # neighbouring column, every run of 4 empty cells that shares a row with
            # the new stick (top rows row-3 .. row+3).
            for side in (column - 1, column + 1):
                empty = ~(filled.get(side, 0) >> (row - FISH_PER_STICK + 1 - first_row)) & WINDOW_BITS
                runs = empty & (empty >> 1) & (empty >> 2) & (empty >> 3)  # bit k: rows row-3+k .. row+k
                spot = side * PLACE_STRIDE + row - FISH_PER_STICK + 1
                while runs:
                    if runs & 1 and spot not in open_:
                        open_.add(spot)
                        insort(ordered, spot)
                    runs >>= 1
                    spot += 1

    def _move_first_row(self, row: int) -> None:
        """Make bit 0 of every column row `row` (above every stick so far)."""
        shift = self.first_row - row
        for column, bits in self.filled.items():
            self.filled[column] = bits << shift
        self.first_row = row

    def taken(self, column: int, row: int) -> int | None:
        """The first row of the four that already holds a fish, or None."""
        cells = self.cells
        for r in range(row, row + FISH_PER_STICK):
            if (column, r) in cells:
                return r
        return None

    def fits(self, column: int, row: int) -> bool:
        """Whether a stick may stand here: four empty cells, a fish beside one of them."""
        if self.looked_at == len(self.placements) and -ROW_LIMIT < row < ROW_LIMIT:
            return column * PLACE_STRIDE + row in self.open  # up to date: play asks for them every turn
        cells = self.cells
        beside = False
        for r in range(row, row + FISH_PER_STICK):
            if (column, r) in cells:
                return False
            beside = beside or (column - 1, r) in cells or (column + 1, r) in cells
        return beside

    def touches(self, column: int, row: int) -> bool:
        """Whether a fish at these four cells would have a fish directly left or right."""
        cells = self.cells
        for r in range(row, row + FISH_PER_STICK):
            if (column - 1, r) in cells or (column + 1, r) in cells:
                return True
        return False

    def points(self, fish: tuple, column: int, row: int, kinds) -> dict[str, int]:
        """Points by kind, in the order of `kinds`, for the stick placed there.

        Each fish of a stick lies in its own row, so no run is counted twice.
        """
        cells = self.cells
        by_kind = None
        for r, f in enumerate(fish, start=row):
            # The run through this fish: left, then right of it.
            length = 1
            c = column - 1
            while cells.get((c, r)) == f:
                length += 1
                c -= 1
            c = column + 1
            while cells.get((c, r)) == f:
                length += 1
                c += 1
            if length >= 2:
                if by_kind is None:
                    by_kind = {}
                by_kind[f >> 1] = by_kind.get(f >> 1, 0) + length
        if by_kind is None:
            return {}
        return {kinds[k]: by_kind[k] for k in sorted(by_kind)}

    def place_keys(self) -> list[int]:
        """Every place where a stick may stand now, as place_keys in order (a copy)."""
        if self.looked_at < len(self.placements):
            self._update_places()
        return self.sorted_open[:]

    def places(self) -> list[tuple[int, int]]:
        """Every (column, top row) where a stick may stand now, in order."""
        return [place_of(key) for key in self.place_keys()]

    def bounds(self) -> tuple[int, int, int, int]:
        """Smallest and largest column and row holding a fish."""
        columns = [c for c, _ in self.cells]
        rows = [r for _, r in self.cells]
        return min(columns), max(columns), min(rows), max(rows)
