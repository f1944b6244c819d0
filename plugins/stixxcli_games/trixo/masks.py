"""A layout as bit masks, for the greedy bot: which cells show each symbol and
how tall each stack is, one bit per cell. A line of three, a pair to complete
or a slide is then a few shifts and ands of whole masks instead of a walk over
cells, so the bot can weigh every play against every threat of the next player.

Bits are numbered row by row on a frame of 7x7 cells chosen once per turn
(`Frame`) around the layout the bot sees, its first row and column at 2. A
play reaches at most one cell beyond the layout, the next player's answer
one more: everything a turn looks at lies inside the frame. A shift may carry a cell past the end of a
frame row into the next one, but never onto a line of three: the tiles of a
line fit in a 3x3 window, far from both ends of a row.
"""

from __future__ import annotations

from functools import partial, reduce
from operator import itemgetter, or_

from .board import LINES, SYMBOLS, WINDOW, Kept

SIZE = 7  # frame rows, and cells in a frame row
INSET = 2  # the layout's first row and column in the frame
ROW = (1 << SIZE) - 1  # the bits of frame row 0
COLUMN = sum(1 << r * SIZE for r in range(SIZE))  # the bits of frame column 0
# A streak line from a cell as a step between bits: across, down, both
# diagonals (board.LINES).
LINE_STEPS = (1, SIZE, SIZE + 1, SIZE - 1)


class Frame:
    """Where each cell's bit is, for one turn."""

    __slots__ = ("top", "left")

    def __init__(self, layout: dict):
        # The first row is the smallest cell's (cells compare row first).
        self.top = min(layout, default=(0, 0))[0] - INSET
        self.left = min(map(itemgetter(1), layout), default=0) - INSET

    def bit(self, cell: tuple) -> int:
        return 1 << ((cell[0] - self.top) * SIZE + cell[1] - self.left)


def _lines_through(index: int) -> tuple[tuple[int, ...], ...]:
    """For each streak line (LINE_STEPS), the pairs of cells (as masks) that
    make a line of three with the cell of bit `index`, inside the frame."""
    r, c = divmod(index, SIZE)
    lines = []
    for dr, dc in LINES:
        pairs = []
        for first, second in ((1, 2), (-1, -2), (-1, 1)):
            cells = [(r + k * dr, c + k * dc) for k in (first, second)]
            if all(0 <= rr < SIZE and 0 <= cc < SIZE for rr, cc in cells):
                pairs.append(sum(1 << rr * SIZE + cc for rr, cc in cells))
        lines.append(tuple(pairs))
    return tuple(lines)


LINES_THROUGH = tuple(_lines_through(index) for index in range(SIZE * SIZE))
TRIPLES = tuple(sum(lines, ()) for lines in LINES_THROUGH)  # every line's pairs
# For each streak line through a cell, the cells two steps or less from it.
REACH = tuple(tuple(reduce(or_, pairs, 0) for pairs in lines) for lines in LINES_THROUGH)
NEAR = tuple(
    reduce(or_, reach, 0) for reach in REACH
)  # every streak line's cells two steps or less from a cell
# The streak lines that cross a row (a slide's `unit` 1: down and both
# diagonals) and a column (`unit` SIZE: across and both diagonals).
ACROSS = {1: (1, 2, 3), SIZE: (0, 2, 3)}
SLIDE_STEPS = {unit: tuple(LINE_STEPS[d] for d in lines) for unit, lines in ACROSS.items()}
# The frame rows first..last, and the frame columns first..last, as masks.
ROWS = {(a, b): ((1 << (b - a + 1) * SIZE) - 1) << a * SIZE for a in range(SIZE) for b in range(a, SIZE)}
COLUMNS = {(a, b): (((1 << (b - a + 1)) - 1) << a) * COLUMN for a in range(SIZE) for b in range(a, SIZE)}


def pair_ends(show: int, steps=LINE_STEPS) -> int:
    """The cells that complete two cells of `show` into a line of three (along
    the lines of `steps`)."""
    ends = 0
    if show & (show - 1):  # two cells at least
        for step in steps:
            ahead, behind = show >> step, show << step
            # the pair ahead, the pair behind, around
            ends |= ahead & ahead >> step | behind & behind << step | ahead & behind
    return ends


PAIR_ENDS = Kept(pair_ends)

# For each cell, the cells of its streaks as the symbol's cells near it give
# them (`_won`), kept as they are asked for.
WON = tuple({} for _ in range(SIZE * SIZE))


def _won(index: int, near: int) -> int:
    """The cells of every line of three the cell of bit `index` makes with
    the cells `near` it showing its symbol (two of a streak line near the
    cell: the tiles and the cell fit in one 3x3 window), and the cell."""
    won = 1 << index
    for line in REACH[index]:
        cells = near & line
        if cells & (cells - 1):  # two cells (no more fit in the window)
            won |= cells
    if len(WON[index]) < 4096:
        WON[index][near] = won
    return won


def landing(unit: int, show: int) -> tuple[int, int]:
    """`ends_across` of `show` for a slide of a row (`unit` 1) or a column
    (`unit` SIZE), and the cells of `show` whose stack would land on one."""
    if show.bit_count() < 3:
        return 0, 0
    across = pair_ends(show, SLIDE_STEPS[unit])
    return across, show & (across >> unit | across << unit)


LANDING = {unit: Kept(partial(landing, unit)) for unit in SLIDE_STEPS}


def ends_across(show: int, unit: int) -> int:
    """The ends of the pairs of `show` across a row (`unit` 1) or a column
    (`unit` SIZE) where a slide may collect: two standing still and one moved."""
    return LANDING[unit][show][0]


def _completing(index: int) -> dict:
    """For each cell (as a mask) that makes a pair with the cell of bit
    `index`, the cells that complete the pair into a line of three."""
    ends = {}
    for pair in TRIPLES[index]:
        for half in (pair & -pair, pair & (pair - 1)):
            ends[half] = ends.get(half, 0) | pair ^ half
    return ends


COMPLETING = tuple(_completing(index) for index in range(SIZE * SIZE))


def _ends_through(index: int, near: int) -> int:
    """The cells that complete a pair of the cell of bit `index` and one of
    `near`, the cells near it showing a symbol, when that cell completes no
    pair of them: then in the 3x3 window each streak line near it holds one
    of them at most."""
    ends = 0
    for line in REACH[index]:
        cells = near & line
        if cells:
            ends |= COMPLETING[index][cells]
    return ends


# For each cell, `_ends_through` of the cells near it, kept as asked for.
THROUGH = tuple(Kept(partial(_ends_through, index)) for index in range(SIZE * SIZE))


def ends_through(bit: int, show: int) -> int:
    """The cells that complete a pair of the cell `bit` and one of `show`,
    when `bit` completes no pair of `show`."""
    index = bit.bit_length() - 1
    return THROUGH[index][show & NEAR[index]]


def window(box: tuple) -> int:
    """The cells a tile may take and keep the layout spanning `box` (top,
    bottom, left, right) inside one 3x3 window."""
    top, bottom, left, right = box
    rows = max(bottom - WINDOW + 1, 0), min(top + WINDOW - 1, SIZE - 1)
    cols = max(right - WINDOW + 1, 0), min(left + WINDOW - 1, SIZE - 1)
    return ROWS[rows] & COLUMNS[cols]


def span(occupied: int):
    """The frame rows and columns the stacks on `occupied` span (top, bottom,
    left, right); None for none."""
    if not occupied:
        return None
    rows = [r for r in range(SIZE) if occupied & ROW << r * SIZE]
    cols = [c for c in range(SIZE) if occupied & COLUMN << c]
    return (rows[0], rows[-1], cols[0], cols[-1])


SPANS = Kept(span)
# The cells a tile may take and keep the stacks on a mask (not empty) in one window.
INSIDE = Kept(lambda occupied: window(SPANS[occupied]))


def moves(key: tuple) -> int:
    """The cells of the stacks a slide moves (board.slide), `key` being
    (the cells of every stack, unit, index, step): a row (`unit` 1, its
    stacks move along the columns) or a column (`unit` SIZE) at frame row or
    column `index`, `step` -1 (left, up) or 1 (right, down). From the
    leading end, each stack moves one place unless the cell ahead is still
    occupied or the move would break the 3x3 window."""
    occupied, unit, index, step = key
    top, bottom, left, right = SPANS[occupied]
    if unit == 1:
        start, low, high, place = index * SIZE, left, right, COLUMN
    else:
        start, low, high, place = index, top, bottom, ROW
    # Only the span along the line may change, by the stacks that move.
    members = [at for at in range(low, high + 1) if occupied >> start + at * unit & 1]
    moved = 0
    for at in members[::-1] if step > 0 else members:  # the leading end first
        ahead = at + step
        bit = 1 << start + at * unit
        target = 1 << start + ahead * unit
        if occupied & target:
            continue
        # Only a move beyond the span can break the window: from one end,
        # the span grows by one unless every stack stands at that place.
        if not low <= ahead <= high and high - low >= WINDOW - 1:
            continue
        occupied ^= bit | target
        moved |= bit
        if ahead < low:
            low = ahead
        elif ahead > high:
            high = ahead
        # The place left empty (no stack at it along the line, a column
        # for a row): the span shrinks to the place ahead.
        if not occupied & place << at * unit:
            if at == low:
                low = ahead
            elif at == high:
                high = ahead
    return moved


MOVES = Kept(moves)


class Masks:
    """`show`: for each symbol, the cells whose top tile shows it; `levels[k]`:
    the cells whose stack holds more than k tiles (`levels[0]`: every stack);
    `box`: the frame rows and columns the layout spans (top, bottom, left,
    right), None for an empty table."""

    __slots__ = ("show", "levels", "box")

    def __init__(self, show: dict, levels: list, box):
        self.show, self.levels, self.box = show, levels, box

    @classmethod
    def of(cls, layout: dict, frame: Frame, max_stack: int) -> Masks:
        show = dict.fromkeys(SYMBOLS, 0)
        levels = [0] * max(max_stack, max(map(len, layout.values()), default=0))
        for cell, stack in layout.items():
            bit = frame.bit(cell)
            show[stack[-1]] |= bit
            for k in range(len(stack)):
                levels[k] |= bit
        box = None
        if layout:  # (cells compare row first)
            cols = list(map(itemgetter(1), layout))
            top, left = frame.top, frame.left
            box = (min(layout)[0] - top, max(layout)[0] - top, min(cols) - left, max(cols) - left)
        return cls(show, levels, box)

    def placed(self, bit: int, tile: str, height: int) -> Masks:
        """The masks once `tile` is placed on the cell `bit` (a stack of
        `height` tiles, 0 when empty) and collects nothing."""
        show = self.show.copy()
        for symbol, cells in show.items():
            if cells & bit:  # the symbol covered
                show[symbol] = cells ^ bit
        show[tile] |= bit
        levels = self.levels.copy()
        levels[height] |= bit
        return Masks(show, levels, SPANS[levels[0]])

    def tiles(self, cells: int) -> int:
        """How many tiles the stacks on `cells` hold."""
        count = 0
        for level in self.levels:
            here = cells & level
            if not here:
                break  # no taller stacks among them
            count += here.bit_count()
        return count

    def gain(self, bit: int, show: int, placed: int = 0) -> int:
        """The tiles a legal placement on the cell `bit` collects, the cells
        of `show` showing its symbol; `placed`: a cell holding one tile more
        than `self` says (a play tried before this one)."""
        won = bit  # the cells of every streak it makes
        for line in REACH[bit.bit_length() - 1]:
            # The tiles and the cell fit in one 3x3 window: two of the line
            # near the cell make a line of three with it.
            near = show & line
            if near.bit_count() == 2:
                won |= near
        return self.tiles(won) + (1 if won & placed else 0) + 1  # and the tile placed

    def best_gain(self, cells: int, show: int, placed: int = 0) -> int:
        """The most `gain` of a placement on one of `cells` (`gain` written
        out: the bot asks this for nearly every play)."""
        best = 0
        levels = self.levels
        while cells:
            bit = cells & -cells
            cells ^= bit
            index = bit.bit_length() - 1
            near = show & NEAR[index]
            won = WON[index].get(near)
            if won is None:
                won = _won(index, near)
            gain = 2 if won & placed else 1
            for level in levels:
                here = won & level
                if not here:
                    break
                gain += here.bit_count()
            if gain > best:
                best = gain
        return best

    def best_placement_gain(self, tile: str, max_stack: int) -> int:
        """The most tiles one placement of `tile` collects. A placement
        collects only where it completes a pair, so only those cells are tried."""
        show = self.show[tile]
        ends = PAIR_ENDS[show]
        if not ends:
            return 0
        occupied = self.levels[0]
        # A stack takes the tile unless it is full or shows the tile; an empty
        # end touches its pair, and must keep the 3x3 window.
        cells = ends & ((occupied & ~show & ~self.levels[max_stack - 1]) | (INSIDE[occupied] & ~occupied))
        return self.best_gain(cells, show)

    def best_slide_gain(self, found: dict | None = None) -> int:
        """The most tiles one slide collects; `found`: `slide_ends` of each
        unit, when the caller has them."""
        if self.box is None:
            return 0  # an empty table
        top, bottom, left, right = self.box
        best = 0
        for unit, lines in ((1, range(top, bottom + 1)), (SIZE, range(left, right + 1))):
            ends = found[unit] if found else self.slide_ends(unit)
            # The stacks that would land where they collect, moving forward
            # (right, down) or back: only a line holding one is slid.
            forth = back = 0
            for cells, across in ends:
                forth |= cells & across >> unit
                back |= cells & across << unit
            if not forth | back:
                continue
            for index in lines:
                line = ROW << index * SIZE if unit == 1 else COLUMN << index
                for step, landing in ((-1, back), (1, forth)):
                    if line & landing:
                        moved = MOVES[self.levels[0], unit, index, step]
                        # A streak only where a stack that moves lands on an end.
                        if moved & landing:
                            won = self.slide_streaks(moved, unit, index, step, ends)
                            gain = self.tiles_after_slide(won, unit, index, step)
                            if gain > best:
                                best = gain
        return best

    def slide_ends(self, unit: int) -> list:
        """Where a stack must land for a slide of a row (`unit` 1) or a column
        (`unit` SIZE) to collect: (the cells showing a symbol, the cells that
        complete a pair of them across the line), for each symbol that can.

        A slide shows no new symbol and the layout holds no streak before it,
        so a streak after it runs through a moved stack, and not along the
        slid line: a line holds three stacks only when they fill the window,
        and then none of them moves. So every streak crosses the line where a
        moved stack lands, and completes a pair that stood still."""
        found = []
        for cells in self.show.values():
            ends = LANDING[unit][cells][0]  # (ends_across)
            if ends:
                found.append((cells, ends))
        return found

    @staticmethod
    def slide_streaks(moved: int, unit: int, index: int, step: int, ends: list) -> int:
        """The cells of every streak once the stacks on `moved` slide
        (`slide_ends` gives `ends`), where they stand after the slide."""
        won = 0
        for cells, across in ends:
            going = cells & moved
            if going:
                landed = (going << unit if step > 0 else going >> unit) & across
                while landed:
                    bit = landed & -landed
                    landed ^= bit
                    won |= bit
                    lines = LINES_THROUGH[bit.bit_length() - 1]
                    for d in ACROSS[unit]:
                        for pair in lines[d]:
                            if cells & pair == pair:
                                won |= pair
        return won

    def tiles_after_slide(self, cells: int, unit: int, index: int, step: int) -> int:
        """How many tiles the stacks on `cells` hold after a slide of the line."""
        line = ROW << index * SIZE if unit == 1 else COLUMN << index
        slid = cells & line
        return self.tiles(cells ^ slid) + self.tiles(slid >> unit if step > 0 else slid << unit)

    def slid(self, moved: int, unit: int, step: int) -> Masks:
        """The masks once the stacks on `moved` slide, collecting nothing."""
        masks = []
        for cells in (*self.show.values(), *self.levels):
            going = cells & moved
            masks.append(cells ^ going | (going << unit if step > 0 else going >> unit))
        levels = masks[len(self.show) :]
        return Masks(dict(zip(self.show, masks)), levels, SPANS[levels[0]])
