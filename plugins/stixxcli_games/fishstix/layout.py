"""The layout: an open grid of upright sticks, where a stick may go and what it scores.

Columns and rows are whole numbers, rows counting downwards; the start stick
stands in column 0, rows 0-3. A stick placed at (column, row) covers rows
row..row+3 of that column, its first fish at the top (RULINGS.md, Fish Stix, Board).
"""

from __future__ import annotations

from dataclasses import dataclass

from .sticks import FISH_PER_STICK


@dataclass(slots=True)
class Placement:
    """One stick on the layout, as played (seat None for the start stick)."""

    stick: str
    turned: bool
    column: int
    row: int
    seat: int | None
    fish: tuple  # top to bottom, as it lies


class Layout:
    def __init__(self):
        self.cells: dict[tuple[int, int], int] = {}  # (column, row) -> fish
        self.placements: list[Placement] = []

    def place(self, placement: Placement) -> None:
        for i, fish in enumerate(placement.fish):
            self.cells[(placement.column, placement.row + i)] = fish
        self.placements.append(placement)

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

    def run_through(self, fish: int, column: int, row: int) -> int:
        """Length of the unbroken line of fish equal to `fish` (same kind, same
        facing) through (column, row) if `fish` were there."""
        cells = self.cells
        length = 1
        c = column - 1
        while cells.get((c, row)) == fish:
            length += 1
            c -= 1
        c = column + 1
        while cells.get((c, row)) == fish:
            length += 1
            c += 1
        return length

    def points(self, fish: tuple, column: int, row: int, kinds) -> dict[str, int]:
        """Points by kind, in the order of `kinds`, for the stick placed there.

        Each fish of a stick lies in its own row, so no run is counted twice.
        """
        cells = self.cells
        by_kind = None
        for r, f in enumerate(fish, start=row):
            # run_through, inlined: validating a log spends its time here.
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
        """Every (column, row) where a stick may stand now: four empty cells, one
        of them beside a fish. Only cells beside a fish can make a place legal,
        so the open grid needs no bounds."""
        cells = self.cells
        found = set()
        for c, r in cells:
            for column in (c - 1, c + 1):
                if (column, r) in cells:
                    continue
                for top in range(r - FISH_PER_STICK + 1, r + 1):
                    if (column, top) not in found and self.taken(column, top) is None:
                        found.add((column, top))
        return sorted(found)

    def bounds(self) -> tuple[int, int, int, int]:
        """Smallest and largest column and row holding a fish."""
        columns = [c for c, _ in self.cells]
        rows = [r for _, r in self.cells]
        return min(columns), max(columns), min(rows), max(rows)
