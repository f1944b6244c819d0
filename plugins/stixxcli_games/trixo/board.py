"""The table of Trixo: an unbounded grid of cells (row, column) holding stacks.

A layout is a dict {(row, column): stack}, a stack being a tuple of symbols
from the bottom tile to the top one. The functions here are pure: they never
change the layout they are given, so a move can be tried on a copy (a dict of
at most nine entries) before it is played.
"""

from __future__ import annotations

from stixxcli.game import Options
from stixxcli.text import counted

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


class Kept(dict):
    """A function of one mask (or other key), its values kept as they are
    asked for: a game asks about the same few hundred masks again and again
    (the greedy bot's frame follows the layout; `apply`'s torus holds it as
    it drifts)."""

    __slots__ = ("function",)

    def __init__(self, function):
        self.function = function

    def __missing__(self, mask):
        value = self.function(mask)
        if len(self) < 4096:
            self[mask] = value
        return value


def in_order(tiles) -> list[str]:
    """Tiles in the order x, o, trixo, arrow: a hand's order carries no meaning."""
    return sorted(tiles, key=TILES.index)


def team_of(seat: int) -> tuple[int, int]:
    """Partners sit opposite: seats 0 and 2 against 1 and 3."""
    return (seat % 2, seat % 2 + 2)


def cell_name(cell: tuple) -> str:
    """A cell as the table labels it and the announcements say it (cell 0,1),
    cut short: logs may hold anything."""
    from stixxcli.params import shown  # repr, but a number too long to read by its length

    text = "cell " + ",".join(shown(n) for n in cell)
    return text if len(text) <= 40 else text[:37] + "..."


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
                f"the stack on {where} already holds {counted(len(stack), 'tile')}, "
                f"and a stack holds at most {max_stack}"
            )
        if stack[-1] == tile:
            return f"the stack on {where} shows {tile} on top: a tile stacks only on a different symbol"
        return None
    if not layout:
        if cell != FIRST_CELL:
            return f"the first tile on an empty table goes on {cell_name(FIRST_CELL)}, not {where}"
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


def span(layout: dict) -> tuple[int, int, int, int]:
    """The rows and columns a layout (not empty) spans: (top, bottom, left, right)."""
    rows = [r for r, _ in layout]
    cols = [c for _, c in layout]
    return min(rows), max(rows), min(cols), max(cols)


def open_cells(layout: dict) -> list[tuple]:
    """Every empty cell a tile may be placed on, row by row: next to a tile
    (edge or corner) and inside every 3x3 window that holds the layout."""
    if not layout:
        return [FIRST_CELL]
    top, bottom, left, right = span(layout)
    # Touching keeps a cell within one of the layout; the window, within
    # WINDOW - 1 of its far side.
    first_row, last_row = max(bottom - WINDOW + 1, top - 1), min(top + WINDOW - 1, bottom + 1)
    first_col, last_col = max(right - WINDOW + 1, left - 1), min(left + WINDOW - 1, right + 1)
    return [
        (r, c)
        for r in range(first_row, last_row + 1)
        for c in range(first_col, last_col + 1)
        if (r, c) not in layout
        and (
            (r - 1, c - 1) in layout
            or (r - 1, c) in layout
            or (r - 1, c + 1) in layout
            or (r, c - 1) in layout
            or (r, c + 1) in layout
            or (r + 1, c - 1) in layout
            or (r + 1, c) in layout
            or (r + 1, c + 1) in layout
        )
    ]


def stackable(layout: dict, tile: str, max_stack: int) -> list[tuple]:
    """The stacks a symbol tile may go on: not full, another symbol on top."""
    return [cell for cell, stack in layout.items() if len(stack) < max_stack and stack[-1] != tile]


def placements(layout: dict, tile: str, max_stack: int, empty: list | None = None) -> list[tuple]:
    """Every cell where a symbol tile may go, placed or stacked, in order.
    `empty`: `open_cells(layout)`, when the caller has it already."""
    if empty is None:
        empty = open_cells(layout)
    stacks = stackable(layout, tile, max_stack)
    return sorted(empty + stacks) if stacks else empty


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
    axis = 0 if line == "row" else 1
    step = STEPS[direction][1 - axis]
    after = dict(layout)
    moved = []
    # Only the coordinate along the line changes, so only its span may grow.
    along = [cell[1 - axis] for cell in layout]
    across = [cell[axis] for cell in layout]
    if across and max(across) - min(across) >= WINDOW:
        return after, moved  # a layout beyond the window already: nothing may move
    members = [cell[1 - axis] for cell in layout if cell[axis] == index]
    members.sort(reverse=step > 0)  # the leading end first
    for at in members:
        ahead = at + step
        cell, target = ((index, at), (index, ahead)) if axis == 0 else ((at, index), (ahead, index))
        if target in after:
            continue
        along.remove(at)
        along.append(ahead)
        if max(along) - min(along) < WINDOW:
            after[target] = after.pop(cell)
            moved.append(target)
        else:
            along[-1] = at
    return after, moved


def slide_moves(layout: dict, line: str, index: int, direction: str) -> bool:
    """Whether sliding a line moves a stack, without sliding it."""
    axis = 0 if line == "row" else 1
    along = [cell[1 - axis] for cell in layout]
    members = [cell[1 - axis] for cell in layout if cell[axis] == index]
    step = STEPS[direction][1 - axis]
    return _moves_one(layout, axis, index, members, step, along, min(along, default=0), max(along, default=0))


def _moves_one(layout, axis, index, members, step, along, low, high) -> bool:
    """The first stack, from the leading end, whose cell ahead is empty and
    whose move keeps the window moves; nothing has moved before it, so the
    layout is as it is. Only the coordinate along the line changes (`along`:
    every tile's, from `low` to `high`), so only its span may grow."""
    members.sort(reverse=step > 0)  # the leading end first
    for at in members:
        ahead = at + step
        if ((index, ahead) if axis == 0 else (ahead, index)) in layout:
            continue
        if low <= ahead <= high:
            return True
        moved = along.copy()
        moved.remove(at)
        moved.append(ahead)
        if max(moved) - min(moved) < WINDOW:
            return True
    return False


def slides(layout: dict) -> list[tuple[str, int, str]]:
    """Every slide (line, index, direction) that moves at least one stack."""
    found = []
    for line, axis in (("row", 0), ("column", 1)):
        along = [cell[1 - axis] for cell in layout]
        low, high = (min(along), max(along)) if along else (0, 0)
        back, forth = DIRECTIONS[line]
        for index in sorted({cell[axis] for cell in layout}):
            members = [cell[1 - axis] for cell in layout if cell[axis] == index]
            if _moves_one(layout, axis, index, members, -1, along, low, high):
                found.append((line, index, back))
            if _moves_one(layout, axis, index, members, 1, along, low, high):
                found.append((line, index, forth))
    return found


def _lines_at(cell: tuple) -> tuple:
    """For each streak line through `cell`: the next two cells one way, then the other."""
    r, c = cell
    return tuple(
        ((r + dr, c + dc), (r + 2 * dr, c + 2 * dc), (r - dr, c - dc), (r - 2 * dr, c - 2 * dc))
        for dr, dc in LINES
    )


class _LinesAt(dict):
    """`_lines_at` of every cell asked for, made once: streaks are looked for
    thousands of times a game, on a few dozen cells (a game starts at (0, 0)
    and drifts little; the bound only guards a strange corpus)."""

    def __missing__(self, cell):
        lines = _lines_at(cell)
        if len(self) < 100_000:
            self[cell] = lines
        return lines


LINES_AT = _LinesAt()


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
    """The cells of every streak through `cell` if its top tile showed `top`
    (whatever `cell` holds now).

    Between moves the layout holds no streak (each is collected at once), so
    after a move every new streak runs through a cell the move changed.
    """
    get = layout.get
    won = set()
    for a1, a2, b1, b2 in LINES_AT[cell]:
        # How many cells in a row show `top` next to `cell`, on each side (up to 2).
        ahead = behind = 0
        stack = get(a1)
        if stack is not None and stack[-1] == top:
            stack = get(a2)
            ahead = 2 if stack is not None and stack[-1] == top else 1
        stack = get(b1)
        if stack is not None and stack[-1] == top:
            stack = get(b2)
            behind = 2 if stack is not None and stack[-1] == top else 1
        if ahead + behind >= 2:
            if ahead:
                won.add(a1)
                if ahead == 2:
                    won.add(a2)
            if behind:
                won.add(b1)
                if behind == 2:
                    won.add(b2)
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


class Plays(Options):
    """Every play of a hand, one per distinct tile and place, in notation order
    (tiles as in TILES, then cells or slides in order). Each move is made only
    when asked for: a random bot looks at one of them."""

    __slots__ = ("seat", "groups", "size")

    def __init__(self, layout: dict, hand, seat: int, max_stack: int):
        self.seat = seat
        self.groups = []  # (tile, cells or slides)
        empty = None
        for tile in TILES:
            if tile not in hand:
                continue
            if tile == ARROW:
                places = slides(layout)
            else:
                if empty is None:
                    empty = open_cells(layout)
                places = placements(layout, tile, max_stack, empty)
            if places:
                self.groups.append((tile, places))
        self.size = sum(len(places) for _, places in self.groups)

    def __len__(self) -> int:
        return self.size

    def answer(self, i: int) -> dict:
        for tile, places in self.groups:
            if i < len(places):
                place = places[i]
                if tile == ARROW:
                    return {
                        "seat": self.seat,
                        "tile": ARROW,
                        "line": place[0],
                        "index": place[1],
                        "direction": place[2],
                    }
                return {"seat": self.seat, "tile": tile, "cell": [place[0], place[1]]}
            i -= len(places)
        raise IndexError("no such play")  # not reached: size is the groups' sum

    def __contains__(self, move) -> bool:
        """Whether `move` equals one of the plays, without making them."""
        if type(move) is not dict or move.get("seat") != self.seat:
            return False
        tile = move.get("tile")
        for kind, places in self.groups:
            if kind == tile:
                if tile == ARROW:
                    keys, place = SLIDE_KEYS, (move.get("line"), move.get("index"), move.get("direction"))
                else:
                    cell = move.get("cell")
                    if type(cell) is not list or len(cell) != 2:
                        return False
                    keys, place = PLACE_KEYS, (cell[0], cell[1])
                return move.keys() == keys and place in places
        return False


PLACE_KEYS = {"seat", "tile", "cell"}
SLIDE_KEYS = {"seat", "tile", "line", "index", "direction"}


def legal_plays(layout: dict, hand, seat: int, max_stack: int) -> list[dict]:
    """Every play of a hand, one per distinct tile and place, in notation order."""
    return list(Plays(layout, hand, seat, max_stack))


def window(layout: dict) -> tuple[range, range]:
    """The rows and columns of every cell a tile may still reach: the bounding box
    of the layout grown, on each side, by what the 3x3 window leaves free."""
    if not layout:
        return range(0, 1), range(0, 1)
    top, bottom, left, right = span(layout)
    return range(bottom - WINDOW + 1, top + WINDOW), range(right - WINDOW + 1, left + WINDOW)
