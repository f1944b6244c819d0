"""The table of Trixo: an unbounded grid of cells (row, column) holding stacks.

A layout is a dict {(row, column): stack}, a stack being a tuple of symbols
from the bottom tile to the top one. The functions here are pure: they never
change the layout they are given, so a move can be tried on a copy (a dict of
at most nine entries) before it is played.
"""

from __future__ import annotations

SYMBOLS = ("x", "o", "trixo")
ARROW = "arrow"
TILES = SYMBOLS + (ARROW,)
WINDOW = 3  # every tile on the table fits inside one 3x3 window

# Slides: rows go left or right, columns up or down (rows count downwards).
STEPS = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}
DIRECTIONS = {"row": ("left", "right"), "column": ("up", "down")}
# A streak line from a cell: across, down, and both diagonals.
LINES = ((0, 1), (1, 0), (1, 1), (1, -1))
NEIGHBOURS = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)
FIRST_CELL = (0, 0)  # the first tile of an empty table, in logs


def in_order(tiles) -> list[str]:
    """Tiles in the order x, o, trixo, arrow: a hand's order carries no meaning."""
    return sorted(tiles, key=TILES.index)


def team_of(seat: int) -> tuple[int, int]:
    """Partners sit opposite: seats 0 and 2 against 1 and 3."""
    return (seat % 2, seat % 2 + 2)


def shown(value, limit: int = 40) -> str:
    """A value from a log as a reason quotes it: cut short, as logs may hold anything."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def cell_name(cell: tuple) -> str:
    return shown(cell)


def fits(cells) -> bool:
    """Whether the cells fit inside one 3x3 window."""
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    if not rows:
        return True
    return max(rows) - min(rows) < WINDOW and max(cols) - min(cols) < WINDOW


def touches(layout: dict, cell: tuple) -> bool:
    """Whether an empty cell touches a tile edge to edge or corner to corner."""
    r, c = cell
    return any((r + dr, c + dc) in layout for dr, dc in NEIGHBOURS)


def placement_problem(layout: dict, tile: str, cell: tuple, max_stack: int) -> str | None:
    """Why a symbol tile may not go on `cell`, or None when it may (placed or stacked)."""
    where = cell_name(cell)
    stack = layout.get(cell)
    if stack is not None:
        if len(stack) >= max_stack:
            return (
                f"the stack on {where} already holds {len(stack)} tiles, "
                f"and a stack holds at most {max_stack}"
            )
        if stack[-1] == tile:
            return f"the stack on {where} shows {tile} on top: a tile stacks only on a different symbol"
        return None
    if not layout:
        if cell != FIRST_CELL:
            return f"the first tile on an empty table goes on (0, 0), not {where}"
        return None
    if not touches(layout, cell):
        return f"{where} touches no tile edge to edge or corner to corner"
    if not fits(list(layout) + [cell]):
        return f"a tile on {where} would take the layout beyond one 3x3 window"
    return None


def can_place(layout: dict, tile: str, cell: tuple, max_stack: int) -> bool:
    """Whether `placement_problem` finds nothing wrong, in one quick pass: a log
    checks every placement of a game, so this is the hot path of validation."""
    stack = layout.get(cell)
    if stack is not None:
        return len(stack) < max_stack and stack[-1] != tile
    if not layout:
        return cell == FIRST_CELL
    r, c = cell
    top = bottom = r
    left = right = c
    touching = False
    for rr, cc in layout:
        if rr < top:
            top = rr
        elif rr > bottom:
            bottom = rr
        if cc < left:
            left = cc
        elif cc > right:
            right = cc
        if -1 <= rr - r <= 1 and -1 <= cc - c <= 1:
            touching = True
    return touching and bottom - top < WINDOW and right - left < WINDOW


def placements(layout: dict, tile: str, max_stack: int) -> list[tuple]:
    """Every cell where a symbol tile may go, placed or stacked, in order."""
    if not layout:
        return [FIRST_CELL]
    cells = {cell for cell, stack in layout.items() if len(stack) < max_stack and stack[-1] != tile}
    rows, cols = window(layout)
    for r, c in layout:
        for dr, dc in NEIGHBOURS:
            cell = (r + dr, c + dc)
            if cell[0] in rows and cell[1] in cols and cell not in layout:
                cells.add(cell)
    return sorted(cells)


def line_cells(layout: dict, line: str, index: int) -> list[tuple]:
    """The occupied cells of a row or a column."""
    axis = 0 if line == "row" else 1
    return [cell for cell in layout if cell[axis] == index]


def slide(layout: dict, line: str, index: int, direction: str) -> tuple[dict, list[tuple]]:
    """The layout after sliding a row or column one cell, and the cells stacks moved to.

    docs/games/trixo.md (A turn, Slide): starting from the leading end, each stack moves
    one cell unless the cell ahead is still occupied or the move would break the
    3x3 window; so a gap inside the line closes.
    """
    dr, dc = STEPS[direction]
    members = sorted(
        line_cells(layout, line, index), key=lambda cell: cell[0] * dr + cell[1] * dc, reverse=True
    )
    after = dict(layout)
    moved = []
    for cell in members:
        target = (cell[0] + dr, cell[1] + dc)
        if target in after:
            continue
        stack = after.pop(cell)
        after[target] = stack
        if fits(after):
            moved.append(target)
        else:
            del after[target]
            after[cell] = stack
    return after, moved


def slides(layout: dict) -> list[tuple[str, int, str]]:
    """Every slide (line, index, direction) that moves at least one stack."""
    found = []
    for line, axis in (("row", 0), ("column", 1)):
        for index in sorted({cell[axis] for cell in layout}):
            for direction in DIRECTIONS[line]:
                if slide(layout, line, index, direction)[1]:
                    found.append((line, index, direction))
    return found


def streaks(layout: dict) -> list[tuple]:
    """Every line of 3 neighbouring cells whose top tiles show the same symbol."""
    found = []
    for (r, c), stack in layout.items():
        top = stack[-1]
        for dr, dc in LINES:
            second, third = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
            a, b = layout.get(second), layout.get(third)
            if a is not None and b is not None and a[-1] == top and b[-1] == top:
                found.append(((r, c), second, third))
    return found


def streak_cells_through(layout: dict, cell: tuple, top: str) -> set:
    """The cells of every streak through `cell` if its top tile showed `top`.

    Between moves the layout holds no streak (each is collected at once), so
    after a move every new streak runs through a cell the move changed.
    """
    r, c = cell
    same = {pos for pos, stack in layout.items() if stack[-1] == top and pos != cell}
    if len(same) < 2:
        return set()
    won = set()
    for rr, cc in same:
        dr, dc = rr - r, cc - c
        if -1 <= dr <= 1 and -1 <= dc <= 1:
            # A neighbour showing `top`: the streak goes on beyond it, or
            # beyond the cell on the other side.
            for other in ((rr + dr, cc + dc), (r - dr, c - dc)):
                if other in same:
                    won.add((rr, cc))
                    won.add(other)
    if won:
        won.add(cell)
    return won


def streak_cells(layout: dict, changed) -> set:
    """The cells of every streak on `layout` through the cells a move changed
    (the layout held no streak before the move)."""
    cells = set()
    for cell in changed:
        cells |= streak_cells_through(layout, cell, layout[cell][-1])
    return cells


def collect(layout: dict, changed=None) -> list[str]:
    """Take every stack of every streak off `layout` (in place); the tiles taken.

    `changed`: the cells the move just changed, when the layout held no streak
    before it; only lines through them are searched. None searches everything.
    """
    if changed is None:
        cells = {cell for streak in streaks(layout) for cell in streak}
    else:
        cells = streak_cells(layout, changed)
    return take(layout, cells) if cells else []


def take(layout: dict, cells) -> list[str]:
    """Take the stacks on `cells` off `layout` (in place); their tiles."""
    taken = []
    for cell in sorted(cells):
        taken.extend(layout.pop(cell))
    return taken


def play(layout: dict, play_move: dict) -> tuple[dict, list[tuple]]:
    """A new layout after a legal placement or slide (not yet collected), and the
    cells the play changed."""
    if play_move["tile"] == ARROW:
        return slide(layout, play_move["line"], play_move["index"], play_move["direction"])
    cell = tuple(play_move["cell"])
    after = dict(layout)
    after[cell] = after.get(cell, ()) + (play_move["tile"],)
    return after, [cell]


def legal_plays(layout: dict, hand, seat: int, max_stack: int) -> list[dict]:
    """Every play of a hand, one per distinct tile and place, in notation order."""
    plays = []
    for tile in TILES:
        if tile not in hand:
            continue
        if tile == ARROW:
            plays += [
                {"seat": seat, "tile": ARROW, "line": line, "index": index, "direction": direction}
                for line, index, direction in slides(layout)
            ]
        else:
            plays += [
                {"seat": seat, "tile": tile, "cell": [r, c]} for r, c in placements(layout, tile, max_stack)
            ]
    return plays


def window(layout: dict) -> tuple[range, range]:
    """The rows and columns of every cell a tile may still reach: the bounding box
    of the layout grown, on each side, by what the 3x3 window leaves free."""
    if not layout:
        return range(0, 1), range(0, 1)
    rows = [r for r, _ in layout]
    cols = [c for _, c in layout]
    return (
        range(max(rows) - WINDOW + 1, min(rows) + WINDOW),
        range(max(cols) - WINDOW + 1, min(cols) + WINDOW),
    )
