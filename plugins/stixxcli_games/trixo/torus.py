"""The layout as bit masks for `apply`: which cells hold a stack, which show
each symbol, one bit per cell, so that the contact and streak checks of a
placement are a few ands instead of a dozen dict look-ups.

A cell (row, column) has the bit of (row mod 8, column mod 8) on an 8x8
torus: the layout fits in one 3x3 window, so every cell within two steps of
a cell of that window (all a placement looks at) has a bit of its own, and
the masks need no frame that follows the layout as it drifts. A cell further
away aliases one of them: `apply` refuses it first, for being more than three
rows or columns from a cell near every stack (its anchor).
"""

from __future__ import annotations

from functools import partial

from .board import LINES, NEIGHBOURS, SYMBOLS, Kept

SIZE = 8


def index(cell: tuple) -> int:
    """The bit number of a cell."""
    return (cell[0] & 7) << 3 | cell[1] & 7


def _bit(r: int, c: int) -> int:
    return 1 << ((r & 7) << 3 | c & 7)


def _near(i: int) -> tuple[int, tuple[int, ...]]:
    """For the cell of bit `i`: its eight neighbours, and for each streak line
    the cells of the line one or two steps from it."""
    r, c = divmod(i, SIZE)
    touch = 0
    for dr, dc in NEIGHBOURS:
        touch |= _bit(r + dr, c + dc)
    reach = tuple(
        _bit(r + dr, c + dc)
        | _bit(r + 2 * dr, c + 2 * dc)
        | _bit(r - dr, c - dc)
        | _bit(r - 2 * dr, c - 2 * dc)
        for dr, dc in LINES
    )
    return touch, reach


TOUCH, REACH = zip(*map(_near, range(SIZE * SIZE)))
# Every streak line's cells one or two steps from a cell.
NEAR = tuple(reach[0] | reach[1] | reach[2] | reach[3] for reach in REACH)
EVERY = (1 << SIZE * SIZE) - 1
# The cells two rows and two columns or less from a cell: those a tile may
# take and stay in one 3x3 window with it.
BLOCK = tuple(
    sum(_bit(r + dr, c + dc) for dr in range(-2, 3) for dc in range(-2, 3))
    for r, c in (divmod(i, SIZE) for i in range(SIZE * SIZE))
)


# The window leaves the rows two or less from every row holding a stack, and
# the columns alike (`inside_of`): the cells of those rows and of those
# columns, for the rows (bit 8r for row r) and the columns (bit c for column
# c) that hold a stack, worked out when a game first meets them.
ROW_0, COLUMN_0 = (1 << SIZE) - 1, sum(1 << SIZE * r for r in range(SIZE))


def _rows_left(rows: int) -> int:
    left = EVERY
    for r in range(SIZE):
        if rows >> SIZE * r & 1:
            left &= sum(ROW_0 << SIZE * (near & 7) for near in range(r - 2, r + 3))
    return left


def _columns_left(columns: int) -> int:
    left = EVERY
    for c in range(SIZE):
        if columns >> c & 1:
            left &= sum(COLUMN_0 << (near & 7) for near in range(c - 2, c + 3))
    return left


ROWS_LEFT, COLUMNS_LEFT = Kept(_rows_left), Kept(_columns_left)


def inside_of(occupied: int) -> int:
    """The cells a tile may take and keep the stacks on `occupied` in one
    3x3 window (every cell for none): the cells near all of them."""
    rows = occupied | occupied >> 4
    rows |= rows >> 2
    rows = (rows | rows >> 1) & COLUMN_0  # bit 8r: a stack in row r
    columns = occupied | occupied >> 32
    columns |= columns >> 16
    columns = (columns | columns >> 8) & ROW_0  # bit c: a stack in column c
    return ROWS_LEFT[rows] & COLUMNS_LEFT[columns]


def _streaks(i: int, near: int) -> int:
    """The cells (as bits) of every streak through the cell of bit `i` once
    it shows a symbol whose cells near it (`NEAR`) are `near`; 0 for none.
    The cell fits in the layout's 3x3 window: on a streak line, two cells of
    `near` are three in a row with it (no other two fit), and three never fit."""
    won = 0
    for line in REACH[i]:
        cells = near & line
        if cells & (cells - 1):
            won |= cells
    return won | 1 << i if won else 0


# For each cell's bit, `_streaks` of the cells near it showing the symbol.
STREAKS = tuple(Kept(partial(_streaks, i)) for i in range(SIZE * SIZE))


def streak_bits(show: int, i: int) -> int:
    """The cells (as bits) of every streak through the cell of bit `i` once
    it shows a symbol whose other cells are `show`; 0 for none."""
    return STREAKS[i][show & NEAR[i]]


def _steps_to(i: int, bits: int) -> tuple:
    """The steps (rows, columns) from the cell of bit `i` to each cell of
    `bits`, each within two steps of it."""
    r, c = divmod(i, SIZE)
    steps = []
    while bits:
        low = bits & -bits
        bits ^= low
        tr, tc = divmod(low.bit_length() - 1, SIZE)
        steps.append((((tr - r + 2) & 7) - 2, ((tc - c + 2) & 7) - 2))
    return tuple(steps)


STEPS_TO = tuple(Kept(partial(_steps_to, i)) for i in range(SIZE * SIZE))


def cells_of(bits: int, cell: tuple) -> list[tuple]:
    """The cells of `bits`, each within two steps of `cell` (as a streak's are)."""
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in STEPS_TO[(r & 7) << 3 | c & 7][bits]]


def masks_of(layout: dict) -> tuple[int, dict]:
    """The cells holding a stack, and for each symbol the cells showing it."""
    occupied = 0
    show = dict.fromkeys(SYMBOLS, 0)
    for (r, c), stack in layout.items():
        bit = 1 << ((r & 7) << 3 | c & 7)
        occupied |= bit
        show[stack[-1]] |= bit
    return occupied, show
