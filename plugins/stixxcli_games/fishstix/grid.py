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
        # Every legal (column, top row): a set to ask, and a sorted list so that
        # the options, and so the games a seed plays, come in one order.
        self.open: set[tuple[int, int]] = set()
        self.sorted_open: list[tuple[int, int]] = []
        self.looked_at = 0  # placements already taken into `open`

    def place(self, placement: Placement) -> None:
        cells, column, row = self.cells, placement.column, placement.row
        for i, fish in enumerate(placement.fish):
            cells[(column, row + i)] = fish
        self.placements.append(placement)

    def _update_places(self) -> None:
        """Take the sticks placed since the last call into the legal places.

        The cells are the table as it is now, so a place beside an earlier
        stick that a later one fills is never added.
        """
        cells, open_, ordered = self.cells, self.open, self.sorted_open
        for placement in self.placements[self.looked_at :]:
            column, row = placement.column, placement.row
            # Places that now hold a fish are taken.
            for top in range(row - FISH_PER_STICK + 1, row + FISH_PER_STICK):
                spot = (column, top)
                if spot in open_:
                    open_.discard(spot)
                    del ordered[bisect_left(ordered, spot)]
            # Places beside the new fish that are still empty become legal: in each
            # neighbouring column, every run of 4 empty cells that shares a row with
            # the new stick (top rows row-3 .. row+3).
            for side in (column - 1, column + 1):
                empty = 0  # empty cells in a row, ending at r
                for r in range(row - FISH_PER_STICK + 1, row + 2 * FISH_PER_STICK - 1):
                    if (side, r) in cells:
                        empty = 0
                        continue
                    empty += 1
                    if empty >= FISH_PER_STICK:
                        spot = (side, r - FISH_PER_STICK + 1)
                        if spot not in open_:
                            open_.add(spot)
                            insort(ordered, spot)
        self.looked_at = len(self.placements)

    def taken(self, column: int, row: int) -> int | None:
        """The first row of the four that already holds a fish, or None."""
        cells = self.cells
        for r in range(row, row + FISH_PER_STICK):
            if (column, r) in cells:
                return r
        return None

    def fits(self, column: int, row: int) -> bool:
        """Whether a stick may stand here: four empty cells, a fish beside one of them."""
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

    def places(self) -> list[tuple[int, int]]:
        """Every (column, top row) where a stick may stand now, in order (a copy)."""
        if self.looked_at < len(self.placements):
            self._update_places()
        return self.sorted_open[:]

    def bounds(self) -> tuple[int, int, int, int]:
        """Smallest and largest column and row holding a fish."""
        columns = [c for c, _ in self.cells]
        rows = [r for _, r in self.cells]
        return min(columns), max(columns), min(rows), max(rows)
