"""The edge of the grid as the greedy bot keeps it: every empty cell beside a
fish, with the fish lines a fish placed there would join.

Only such a cell can score, so valuing a turn's options is a walk over the
edge, not over every cell of every legal place; and the edge changes by a
few cells a stick, so it is kept up to date rather than worked out each turn.
"""

from __future__ import annotations

from .grid import PLACE_STRIDE


class Edge:
    """The fish on the grid row by row, and the empty cells beside them.

    A fish placed in a row changes the lines of two empty cells at most: on
    either side, the first cell past the line of its own fish that runs on
    from it (the cell beside it, when that is empty). Any other cell's line
    stops short of it, at a cell that held a different fish, or none, before
    and still does.
    """

    def __init__(self):
        self.rows: dict[int, dict[int, int]] = {}  # row -> {column: fish}
        # The place_key of each empty cell beside a fish -> its lines, as
        # (fish, points): a line of n of that fish gives n + 1 with one more.
        self.lines: dict[int, tuple] = {}

    def place(self, fish: tuple, column: int, row: int) -> None:
        """Stand a stick at (column, top row); `fish` as it lies, top to bottom."""
        rows, lines = self.rows, self.lines
        for f in fish:
            line = rows.get(row)
            if line is None:
                line = rows[row] = {}
            line[column] = f
            key = column * PLACE_STRIDE + row
            lines.pop(key, None)
            c = column - 1
            while line.get(c) == f:
                c -= 1
            if c not in line:
                lines[key + (c - column) * PLACE_STRIDE] = lines_beside(line, c)
            c = column + 1
            while line.get(c) == f:
                c += 1
            if c not in line:
                lines[key + (c - column) * PLACE_STRIDE] = lines_beside(line, c)
            row += 1


def lines_beside(line: dict, column: int) -> tuple:
    """The fish lines an empty cell of this row, with a fish beside it, would
    join: (fish, points) for each, one for a line through the cell."""
    left, right = line.get(column - 1), line.get(column + 1)
    n, c = 0, column - 1
    while c in line and line[c] == left:
        n, c = n + 1, c - 1
    m, c = 0, column + 1
    while c in line and line[c] == right:
        m, c = m + 1, c + 1
    if left == right:
        return ((left, n + m + 1),)
    if not n:
        return ((right, m + 1),)
    if not m:
        return ((left, n + 1),)
    return ((left, n + 1), (right, m + 1))
