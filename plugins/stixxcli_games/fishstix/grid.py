"""The grid: the unbounded grid of upright sticks on the table, where a stick
may go and what it scores.

Columns and rows are whole numbers, rows counting downwards; the start stick
stands in column 0, rows 0-3. A stick placed at (column, row) covers rows
row..row+3 of that column, its first fish at the top (docs/games/fishstix.md,
The grid).
"""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
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
# A stick placed at top row `row` changes the places at top rows row-3 ..
# row+3 (SPAN of them) in its own column and in each beside it: a window of
# bits, whose places' cells are rows row-3 .. row+6 (WINDOW rows).
SPAN = 2 * FISH_PER_STICK - 1
SPAN_BITS = (1 << SPAN) - 1
WINDOW = 3 * FISH_PER_STICK - 2
WINDOW_BITS = (1 << WINDOW) - 1
# Table lookups instead of loops over bits, for each window: its places with
# four empty rows (RUNS, from its rows holding a fish), how many places
# (COUNT) and their offsets from the first (OFFSETS).
RUNS = tuple(
    sum(1 << k for k in range(SPAN) if not filled >> k & STICK_BITS) for filled in range(1 << WINDOW)
)
COUNT = tuple(bin(bits).count("1") for bits in range(1 << SPAN))
OFFSETS = tuple(tuple(k for k in range(SPAN) if bits >> k & 1) for bits in range(1 << SPAN))


def place_key(column: int, row: int) -> int:
    return column * PLACE_STRIDE + row


def place_of(key: int) -> tuple[int, int]:
    """The (column, top row) of a place_key."""
    column = (key + ROW_LIMIT) // PLACE_STRIDE
    return column, key - column * PLACE_STRIDE


class Grid:
    """The sticks on the table, and every legal place kept up to date.

    The fish lie row by row (`rows`), as the runs that score lie: a stick's
    four cells and their neighbours are a few look-ups of small numbers.

    A place only becomes legal when a fish lands beside one of its cells, and
    only stops being legal when a fish lands in it; so each stick placed is
    looked at once, at a fixed number of places beside it, and a game's move
    generation grows linearly with its length instead of rescanning the table
    every turn. The legal places are brought up to date when they are asked
    for (play), so checking a log, which never asks, only writes cells.
    """

    def __init__(self):
        self.rows: defaultdict[int, dict[int, int]] = defaultdict(dict)  # row -> {column: fish}
        # Each stick as played, first the start stick: (stick, turned, column,
        # row, seat, fish) as a plain tuple, quicker to make than a Placement.
        self.placed: list[tuple] = []
        self._placements: list[Placement] = []  # the same as Placements, made when asked for
        # Every legal place as its place_key, sorted, so that the options, and so
        # the games a seed plays, come in one order. The places of one column
        # near a row are one slice of it, found by a binary search.
        self.sorted_open: list[int] = []
        self.looked_at = 0  # placements already taken into the lists of places and rows
        # From column first_column on, one entry a column (the sticks stand in
        # one run of columns, so there are no gaps), as bits, bit 0 for row
        # first_row: the rows holding a fish (`filled`) and the legal places'
        # top rows (`open`, the same places as `sorted_open`). The places near
        # a new stick are then a few operations on numbers and table lookups,
        # and sorted_open is only changed where they changed.
        self.filled: list[int] = []
        self.open: list[int] = []
        self.first_column = 0
        self.first_row = -64  # moved up (every column shifted) when a stick comes near it

    @property
    def cells(self) -> dict[tuple[int, int], int]:
        """(column, row) -> fish, made when asked for (pictures and tests)."""
        return {(column, row): fish for row, line in self.rows.items() for column, fish in line.items()}

    @property
    def placements(self) -> list[Placement]:
        """Every stick on the grid, as played (checking a log never asks)."""
        made, placed = self._placements, self.placed
        if len(made) < len(placed):
            made.extend(Placement(*p) for p in placed[len(made) :])
        return made

    def place(self, stick: str, turned: bool, column: int, row: int, seat: int | None, fish: tuple) -> None:
        """Stand a stick at (column, top row); `fish` as it lies, top to bottom."""
        self.placed.append((stick, turned, column, row, seat, fish))
        rows = self.rows
        for f in fish:
            rows[row][column] = f
            row += 1

    def _update_places(self) -> None:
        """Take the sticks placed since the last call into the legal places.

        Stick by stick, in the order played: each sets the windows of places it
        changes from the rows filled so far, and a later stick sets again any
        of them it changes in turn, so several sticks at once (after checking
        a log) end as they would one at a time.
        """
        new = self.placed[self.looked_at :]
        self.looked_at = len(self.placed)
        filled, columns, ordered = self.filled, self.open, self.sorted_open
        first_column, first_row = self.first_column, self.first_row
        for _, _, column, row, _, _ in new:
            j = column - first_column
            if row - FISH_PER_STICK < first_row or j < 1 or j + 2 > len(filled):
                # Room above it, and for the columns beside it.
                if row - FISH_PER_STICK < first_row:
                    self._move_first_row(row - FISH_PER_STICK - 64)
                j = self._add_columns(column)
                first_column, first_row = self.first_column, self.first_row
            filled[j] |= STICK_BITS << (row - first_row)
            first = row - FISH_PER_STICK + 1 - first_row  # the bit of top row row-3
            key = column * PLACE_STRIDE + row - FISH_PER_STICK + 1  # the place_key of top row row-3
            # Its own column's places at top rows row-3 .. row+3 now hold a fish.
            bits = columns[j]
            taken = bits >> first & SPAN_BITS
            if taken:
                columns[j] = bits ^ taken << first
                i = bisect_left(ordered, key)
                del ordered[i : i + COUNT[taken]]
            # In each column beside it, the places at top rows row-3 .. row+3
            # are exactly its runs of 4 empty rows there: each has a fish beside.
            # (The two columns written out: this is most of a random game's work.)
            bits = columns[j - 1]
            was, runs = bits >> first & SPAN_BITS, RUNS[filled[j - 1] >> first & WINDOW_BITS]
            if runs != was:
                columns[j - 1] = bits ^ (runs ^ was) << first
                side = key - PLACE_STRIDE
                i = bisect_left(ordered, side)
                ordered[i : i + COUNT[was]] = map(side.__add__, OFFSETS[runs])
            bits = columns[j + 1]
            was, runs = bits >> first & SPAN_BITS, RUNS[filled[j + 1] >> first & WINDOW_BITS]
            if runs != was:
                columns[j + 1] = bits ^ (runs ^ was) << first
                side = key + PLACE_STRIDE
                i = bisect_left(ordered, side)
                ordered[i : i + COUNT[was]] = map(side.__add__, OFFSETS[runs])

    def _add_columns(self, column: int) -> int:
        """Make the lists reach the columns beside `column`; its index in them."""
        if not self.filled:
            self.first_column = column
        more = self.first_column - (column - 1)
        if more > 0:
            self.filled[:0] = self.open[:0] = [0] * more
            self.first_column -= more
        more = column + 1 - self.first_column + 1 - len(self.filled)
        if more > 0:
            self.filled += [0] * more
            self.open += [0] * more
        return column - self.first_column

    def _move_first_row(self, row: int) -> None:
        """Make bit 0 of every column row `row` (above every stick so far)."""
        shift = self.first_row - row
        self.filled[:] = [bits << shift for bits in self.filled]
        self.open[:] = [bits << shift for bits in self.open]
        self.first_row = row

    def taken(self, column: int, row: int) -> int | None:
        """The first row of the four that already holds a fish, or None."""
        rows = self.rows
        for r in range(row, row + FISH_PER_STICK):
            line = rows.get(r)
            if line is not None and column in line:
                return r
        return None

    def fits(self, column: int, row: int) -> bool:
        """Whether a stick may stand here: four empty cells, a fish beside one of them."""
        if self.looked_at == len(self.placed):
            # Up to date (play asks for the places every turn): one bit.
            j, k = column - self.first_column, row - self.first_row
            return 0 <= j < len(self.open) and k >= 0 and self.open[j] >> k & 1 == 1
        return self.taken(column, row) is None and self.touches(column, row)

    def touches(self, column: int, row: int) -> bool:
        """Whether a fish at these four cells would have a fish directly left or right."""
        rows = self.rows
        for r in range(row, row + FISH_PER_STICK):
            line = rows.get(r)
            if line is not None and (column - 1 in line or column + 1 in line):
                return True
        return False

    def scored(self, fish: tuple, column: int, row: int, kinds) -> dict[str, int] | None:
        """What points() gives, or None where the stick may not stand (fits):
        checking a log asks both, and they look at the same cells."""
        rows = self.rows
        beside = False
        by_kind = None
        before, after = column - 1, column + 1
        for f in fish:
            line = rows.get(row)
            row += 1
            if line is None:
                continue
            if column in line:
                return None
            left, right = line.get(before), line.get(after)
            if left is None and right is None:
                continue
            beside = True
            if left != f and right != f:
                continue
            # The run through this fish: left, then right of it.
            length = 1
            if left == f:
                length, c = 2, before - 1
                while line.get(c) == f:
                    length += 1
                    c -= 1
            if right == f:
                length, c = length + 1, after + 1
                while line.get(c) == f:
                    length += 1
                    c += 1
            if by_kind is None:
                by_kind = {f >> 1: length}
            else:
                by_kind[f >> 1] = by_kind.get(f >> 1, 0) + length
        if not beside:
            return None
        if by_kind is None:
            return {}
        if len(by_kind) == 1:
            for k, n in by_kind.items():
                return {kinds[k]: n}
        return {kinds[k]: by_kind[k] for k in sorted(by_kind)}

    def points(self, fish: tuple, column: int, row: int, kinds) -> dict[str, int]:
        """Points by kind, in the order of `kinds`, for the stick placed there.

        Each fish of a stick lies in its own row, so no run is counted twice.
        """
        rows = self.rows
        by_kind: dict[int, int] = {}
        for r, f in enumerate(fish, start=row):
            line = rows.get(r)
            if line is None:
                continue
            # The run through this fish: left, then right of it.
            length = 1
            c = column - 1
            while line.get(c) == f:
                length += 1
                c -= 1
            c = column + 1
            while line.get(c) == f:
                length += 1
                c += 1
            if length >= 2:
                by_kind[f >> 1] = by_kind.get(f >> 1, 0) + length
        return {kinds[k]: by_kind[k] for k in sorted(by_kind)}

    def place_keys(self) -> list[int]:
        """Every place where a stick may stand now, as place_keys in order (a copy)."""
        if self.looked_at < len(self.placed):
            self._update_places()
        return self.sorted_open[:]

    def places(self) -> list[tuple[int, int]]:
        """Every (column, top row) where a stick may stand now, in order."""
        return [place_of(key) for key in self.place_keys()]

    def bounds(self) -> tuple[int, int, int, int]:
        """Smallest and largest column and row holding a fish."""
        rows = [r for r, line in self.rows.items() if line]
        columns = [c for r in rows for c in self.rows[r]]
        return min(columns), max(columns), min(rows), max(rows)
