"""The grid: the unbounded grid of upright sticks on the table, where a stick
may go and what it scores.

Columns and rows are whole numbers, rows counting downwards; the start stick
stands in column 0, rows 0-3. A stick placed at (column, row) covers rows
row..row+3 of that column, its first fish at the top (docs/games/fishstix.md,
The grid).
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache

from .board import FISH_PER_STICK, STANDARD_KINDS


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


# Rows above the top fish when the top is moved: room for a few sticks more.
ROOM = 3 * FISH_PER_STICK


@lru_cache(maxsize=8)
def masks(bits: int) -> tuple[int, int, int, int]:
    """For cells of `bits` bits: a cell's bits, a stick's four cells' bits, and
    in each of a stick's cells every bit but its top one (low) and its top one
    (high), for comparing a stick with the cells beside it at once (scored)."""
    low = sum(((1 << bits - 1) - 1) << bits * i for i in range(FISH_PER_STICK))
    high = low + sum(1 << bits * i for i in range(FISH_PER_STICK))
    return (1 << bits) - 1, (1 << bits * FISH_PER_STICK) - 1, low, high


def place_of(key: int) -> tuple[int, int]:
    """The (column, top row) of a place_key."""
    column = (key + ROW_LIMIT) // PLACE_STRIDE
    return column, key - column * PLACE_STRIDE


class Grid:
    """The sticks on the table, and every legal place kept up to date.

    The fish lie column by column, each column one number (`columns`), as a
    stick stands: whether its four cells are empty, whether a fish is beside
    them and whether it is the stick's own are a few operations on numbers,
    for all four rows at once.

    A place only becomes legal when a fish lands beside one of its cells, and
    only stops being legal when a fish lands in it; so each stick placed is
    looked at once, at a fixed number of places beside it, and a game's move
    generation grows linearly with its length instead of rescanning the table
    every turn. The legal places are brought up to date when they are asked
    for (play), so checking a log, which never asks, only writes cells.
    """

    def __init__(self, kinds: int = len(STANDARD_KINDS), codes: dict | None = None):
        # Each column's fish as one number (`columns`), from row `top` down,
        # `cell_bits` bits a row holding its fish + 1 (0: empty): a stick's
        # four cells, and the four beside them in each next column, are then
        # one shift and mask each, and placing a stick is one `or`.
        self.cell_bits = (2 * kinds).bit_length()
        self.cell_mask, self.stick_mask, self.low, self.high = masks(self.cell_bits)
        self.columns: dict[int, int] = {}
        # At least FISH_PER_STICK - 1 rows above every fish: a stick whose top
        # row is above it touches no fish and takes no cell.
        self.top = -ROOM
        # A stick's fish -> its four cells as one number, filled as sticks come:
        # the games of one deck share it (Deck.codes), so a log makes none.
        self.codes: dict[tuple, int] = {} if codes is None else codes
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

    def _code(self, fish: tuple) -> int:
        """A stick's cells as one number, its first fish lowest (made once a stick)."""
        code = 0
        for f in reversed(fish):
            code = code << self.cell_bits | f + 1
        self.codes[fish] = code
        return code

    def fish_at(self, column: int, row: int) -> int | None:
        """The fish in a cell, or None."""
        if row < self.top:
            return None
        cell = self.columns.get(column, 0) >> (row - self.top) * self.cell_bits & self.cell_mask
        return cell - 1 if cell else None

    @property
    def cells(self) -> dict[tuple[int, int], int]:
        """(column, row) -> fish, made when asked for (pictures and tests)."""
        cells = {}
        for column, packed in self.columns.items():
            row = self.top
            while packed:
                if packed & self.cell_mask:
                    cells[column, row] = (packed & self.cell_mask) - 1
                packed >>= self.cell_bits
                row += 1
        return cells

    @property
    def rows(self) -> dict[int, dict[int, int]]:
        """row -> {column: fish}, made when asked for (tests)."""
        rows: dict[int, dict[int, int]] = {}
        for (column, row), fish in self.cells.items():
            rows.setdefault(row, {})[column] = fish
        return rows

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
        if row - (FISH_PER_STICK - 1) < self.top:
            self._move_top(row - ROOM)
        columns = self.columns
        code = self.codes.get(fish) or self._code(fish)
        columns[column] = columns.get(column, 0) | code << (row - self.top) * self.cell_bits

    def take_back(self) -> None:
        """Take the stick placed last off the grid (a move refused after scored placed it)."""
        _, _, column, row, _, fish = self.placed.pop()
        columns = self.columns
        left = columns[column] ^ self.codes[fish] << (row - self.top) * self.cell_bits
        if left:
            columns[column] = left
        else:
            del columns[column]  # as it was: a column with no fish has no entry

    def _move_top(self, row: int) -> None:
        """Make `row` the top of every column (above every fish so far)."""
        shift = (self.top - row) * self.cell_bits
        columns = self.columns
        for column in columns:
            columns[column] <<= shift
        self.top = row

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
        for r in range(row, row + FISH_PER_STICK):
            if self.fish_at(column, r) is not None:
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
        if row < self.top:
            return False
        shift, columns = (row - self.top) * self.cell_bits, self.columns
        return (columns.get(column - 1, 0) | columns.get(column + 1, 0)) >> shift & self.stick_mask != 0

    def scored(
        self, fish: tuple, column: int, row: int, kinds, placed: tuple | None = None
    ) -> dict[str, int] | None:
        """What points() gives, or None where the stick may not stand (fits):
        checking a log asks both, and they look at the same cells.

        With `placed`, the stick as self.placed holds it, a stick that fits is
        placed too (take_back() takes it off again)."""
        depth = row - self.top
        if depth < 0:
            return None  # above every fish
        columns, mask = self.columns, self.stick_mask
        shift = depth * self.cell_bits
        own = columns.get(column, 0)
        if own >> shift & mask:
            return None  # a cell is taken
        left = columns.get(column - 1, 0) >> shift & mask
        right = columns.get(column + 1, 0) >> shift & mask
        if not left | right:
            return None  # no fish beside
        # The cells where the fish beside is the stick's own (same(), written out).
        code = self.codes.get(fish) or self._code(fish)
        low, high = self.low, self.high
        same_left = code ^ left
        same_left = ~((same_left & low) + low | same_left) & high
        same_right = code ^ right
        same_right = ~((same_right & low) + low | same_right) & high
        if placed is not None:  # place(), with what is known here
            self.placed.append(placed)
            if depth < FISH_PER_STICK - 1:
                self._move_top(row - ROOM)
                shift, own = (row - self.top) * self.cell_bits, columns.get(column, 0)
            columns[column] = own | code << shift
        if not same_left | same_right:
            return {}  # the common case: nothing lines up
        return self._runs(fish, column, shift, same_left, same_right, kinds)

    def points(self, fish: tuple, column: int, row: int, kinds) -> dict[str, int]:
        """Points by kind, in the order of `kinds`, for the stick placed there.

        Each fish of a stick lies in its own row, so no run is counted twice.
        """
        if row < self.top:  # rows above the top hold no fish
            fish, row = fish[self.top - row :], self.top
        columns, mask, shift = self.columns, self.stick_mask, (row - self.top) * self.cell_bits
        code = self.codes.get(fish) or self._code(fish)
        same_left = self.same(code, columns.get(column - 1, 0) >> shift & mask)
        same_right = self.same(code, columns.get(column + 1, 0) >> shift & mask)
        return self._runs(fish, column, shift, same_left, same_right, kinds)

    def same(self, code: int, cells: int) -> int:
        """The cells of a stick's four (`code`) that hold the same fish as `cells`,
        as each cell's top bit: a cell of their difference is 0 when its top bit,
        and the carry of the bits below it, are both clear."""
        low, difference = self.low, code ^ cells
        return ~((difference & low) + low | difference) & self.high

    def _runs(self, fish: tuple, column: int, shift: int, same_left: int, same_right: int, kinds) -> dict:
        """Points by kind, in the order of `kinds`, of the runs through the
        stick's fish, its first fish in the row at `shift`: for the rows where
        the fish beside it is the same (same_left, same_right: same()), the fish
        alike on that side are counted on."""
        columns, mask, bits = self.columns, self.cell_mask, self.cell_bits
        both = same_left | same_right
        at = 1 << bits - 1  # the top bit of the row's cell
        by_kind: dict[int, int] = {}
        for f in fish:
            if both & at:
                cell, length = f + 1, 1
                if same_left & at:
                    length, c = 2, column - 2
                    while columns.get(c, 0) >> shift & mask == cell:
                        length, c = length + 1, c - 1
                if same_right & at:
                    length, c = length + 1, column + 2
                    while columns.get(c, 0) >> shift & mask == cell:
                        length, c = length + 1, c + 1
                by_kind[f >> 1] = by_kind.get(f >> 1, 0) + length
            at <<= bits
            shift += bits
        if len(by_kind) == 1:
            for k, n in by_kind.items():
                return {kinds[k]: n}
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
        held = [(column, packed) for column, packed in self.columns.items() if packed]
        bits = self.cell_bits
        # A column's first fish is in the cell of its lowest set bit, its last in that of its highest.
        top = min(((packed & -packed).bit_length() - 1) // bits for _, packed in held)
        bottom = max((packed.bit_length() - 1) // bits for _, packed in held)
        columns = [column for column, _ in held]
        return min(columns), max(columns), self.top + top, self.top + bottom
