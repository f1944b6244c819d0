"""What the next player may collect after each play of the greedy bot's turn.

The table is read once a turn, as bit masks (masks.py), and every play is
weighed from the masks before it: a placement changes one cell and a slide
one line, so only the lines through what it changes can make or break a
streak. What every play of a turn shares is found once: the pairs of each
symbol and what completing each collects, what the next player may collect
after a placement on a cell (the same for every symbol placed there but its
own), and the cost of each set of threats.
"""

from __future__ import annotations

from heapq import heappop, heappush
from math import inf
from operator import itemgetter

from .board import ARROW, STEPS, Kept
from .masks import (
    COLUMN,
    INSET,
    INSIDE,
    LANDING,
    MOVES,
    NEAR,
    PAIR_ENDS,
    REACH,
    ROW,
    SIZE,
    SPANS,
    THROUGH,
    Masks,
)

TILE_VALUE = 10  # points per collected tile; a trixo tile adds 1 (it breaks ties)
# A tile in hand now is worth more than a tile the next player may take: they
# may not hold the tile, or may play elsewhere.
THREAT_WEIGHT = 0.9
UNITS = (1, SIZE)  # a slide of a row moves its stacks by 1 bit, of a column by SIZE
# Values closer than this are a tie; a play whose bound falls further below
# the best value so far cannot be the best (the margin covers rounding).
TIE = 1e-9
MARGIN = 1e-6


class Costs(dict):
    """What threats cost a play: the tiles the next player may expect to
    collect, weighed; threats (gains in the order of `chances`, the slide's
    last when it is known) to their cost, found once a turn as asked for."""

    __slots__ = ("chances",)

    def __init__(self, chances: tuple):
        self.chances = chances

    def __missing__(self, gains: tuple) -> float:
        # The tiles expected: the best gain among the tiles the next player
        # holds, each tile held independently with its chance.
        # (Mostly one gain or none is above 0: then the order does not matter.)
        held = zip(gains, self.chances)
        if len(gains) - gains.count(0) > 1:
            held = sorted(held, reverse=True)
        expected, missing = 0.0, 1.0
        for gain, p in held:
            if gain:
                expected += missing * p * gain
                missing *= 1 - p
        cost = self[gains] = THREAT_WEIGHT * TILE_VALUE * expected
        return cost


# The costs for each set of chances, kept from turn to turn: the chances come
# from the counts of unseen tiles, which recur within a game and across games.
COSTS = Kept(Costs)


class Cell:
    """A cell a symbol may be placed on collecting nothing: its bit, the
    height of the stack there, and after the placement the stacks a tile may
    go on and the empty cells inside the window; the next player's threats
    (what a placement of each symbol collects, in the order of the chances)
    and their cost: the same for every symbol placed there, but the placed
    symbol's, which only grows where the tile joins a pair (`own_gain`), one
    of the cells `near` it."""

    __slots__ = ("bit", "index", "near", "height", "open_stacks", "empty", "threats", "cost")

    def __init__(self, index, height, open_stacks, empty, threats, cost):
        self.index, self.bit = index, 1 << index
        self.height, self.open_stacks, self.empty = height, open_stacks, empty
        self.threats, self.cost = threats, cost
        self.near = NEAR[index]  # the cells a pair with it may hold


class Outlook:
    """The table a player sees as masks on the frame of the turn, and what
    the next player may collect after each play. `table`: the view's table
    entries; `symbols`: the symbols the next player may hold and their
    chances; `arrow`: the chance they hold an arrow."""

    def __init__(self, table: list, max_stack: int, symbols: list, arrow: float):
        self.max_stack, self.arrow = max_stack, arrow
        names, chances = tuple(zip(*symbols)) or ((), ())
        self.names = names
        self.chances = chances + (arrow,) if arrow > 0 else chances
        # The frame: the layout's first row and column at INSET (masks.Frame).
        # The view lists the table by cell, row first.
        box = None
        top = left = INSET
        if table:
            top = table[0]["cell"][0]
            columns = [entry["cell"][1] for entry in table]
            left = min(columns)
            box = (INSET, table[-1]["cell"][0] - top + INSET, INSET, max(columns) - left + INSET)
        self.top, self.left = top, left = top - INSET, left - INSET
        show = {"x": 0, "o": 0, "trixo": 0}
        heights = [0] * (max_stack + 1)  # the stacks of each height (the rules keep them to max_stack)
        self.stacks = stacks = {}  # bit: its stack
        for entry in table:
            r, c = entry["cell"]
            bit = 1 << (r - top) * SIZE + c - left
            stacks[bit] = stack = entry["stack"]
            show[stack[-1]] |= bit
            heights[len(stack)] |= bit
        levels = []  # levels[k]: the stacks taller than k
        taller = 0
        for cells in heights[:0:-1]:
            taller |= cells
            levels.append(taller)
        levels.reverse()
        self.show = show
        self.before = Masks(show, levels, box)
        # (Loops rather than comprehensions, each of which makes and calls a
        # function: the bot builds this every turn.)
        self.ends = ends = {}
        for tile, cells in show.items():
            ends[tile] = PAIR_ENDS[cells]
        self.occupied = occupied = levels[0]
        self.full = full = levels[max_stack - 1]
        self.open_stacks = occupied & ~full  # stacks not full
        # For each symbol, the cells where a placement changes its threat:
        # those showing it, the ends of its pairs.
        self.marks = marks = []
        marked = 0
        for tile in names:
            mark = show[tile] | ends[tile]
            marks.append(mark)
            marked |= mark
        self.marked = marked
        self.known = {
            "x": {},
            "o": {},
            "trixo": {},
        }  # end: what a placement there collects, found as asked for
        self.unmarked = {}  # window after: the threats of a cell that shows no symbol and ends no pair, their cost
        self.cells = {}  # place: Cell, made once for every tile in hand placed there
        self.costs = COSTS[self.chances]
        self.slide_ends = {}
        self.landing = None  # where a slide may land, as `slide_gain` finds it
        self.lands = 0

    # The search ----------------------------------------------------------------------

    def best_plays(self, groups: list, spend: dict, every: bool = False) -> list:
        """The indexes of the plays of `groups` ((tile, places) in order) of
        highest value: what a play collects, less `spend` of its tile, less
        what the next player may expect to collect after it.

        Every threat can only lower a play's value, so a bound comes first
        from what costs little (what the play collects; for a placement, its
        cell's threats, the same for every symbol placed there). Plays are
        tried best bound first, each refined (the placed symbol's pairs, or a
        play's masks, then the slides) only while it may still be best: a play
        left out falls short of the best value found, so the choice is the one
        trying everything would make. `every`: no play left out; the value of
        every play, in order (for the tests)."""
        # (bound, the play's index, the tile played, what it collects less the
        # spend, the cell or masks after, threats found); bound and index order them.
        plays = []
        index = 0
        cells, cell_of = self.cells, self.cell
        for played, places in groups:
            if played == ARROW:
                loss = spend[ARROW]
                for place in places:
                    value, after = self.slide(place)
                    value -= loss
                    plays.append((-value, index, played, value, after))
                    index += 1
                continue
            ends, loss = self.ends[played], spend[played]
            for place in places:
                cell = cells.get(place) or cell_of(place)
                if cell.bit & ends:  # it completes a pair
                    value, after = self.collect(played, place)
                    value -= loss
                    plays.append((-value, index, played, value, after))
                else:
                    plays.append((cell.cost + loss, index, played, -loss, cell))
                index += 1
        # By bound alone, every bound a float (a quick sort); the sort is
        # stable, so plays of one bound stay in the order of their indexes.
        plays.sort(key=itemgetter(0))
        costs, max_stack, names, arrow, show = self.costs, self.max_stack, self.names, self.arrow, self.show
        # Where a moved stack may land before any play: found when first needed.
        lands = None
        # Plays whose slides are still to try, put back as their bound fell
        # below the next play's: a heap of (bound, index, tile, value, after, threats).
        waiting = []
        # Plays whose bound falls below `floor` cannot be best.
        best = floor = -inf
        kept = []
        count, n = len(plays), 0
        # Below, `bound` is kept at the threats found less the value: once the
        # slides add nothing, the play's value is -bound.
        while True:
            if waiting and (n == count or waiting[0][0] <= plays[n][0]):
                bound, index, played, value, after, gains = heappop(waiting)
                if -bound < floor:
                    break  # nor can any play after it
            elif n < count:
                bound, index, played, value, after = plays[n]
                n += 1
                if -bound < floor:
                    break  # nor can any play after it
                found = True  # threats other than those the play's bound was sorted by
                if type(after) is Cell:
                    gains, found = after.threats, False
                    # Its own pairs, with those the tile joins, where it joins one.
                    if show[played] & after.near and played in names:
                        i = names.index(played)
                        own = self.own_gain(played, after, gains[i])
                        if own != gains[i]:
                            gains = list(gains)
                            gains[i] = own
                            gains, found = tuple(gains), True
                else:
                    if type(after) is tuple:  # a slide: its masks made only now
                        after = self.slid(*after)
                    gains = tuple([after.best_placement_gain(tile, max_stack) for tile in names])
                if found:
                    bound = costs[gains] - value
                    if -bound < floor:
                        continue
                    if arrow > 0 and (
                        (waiting and bound > waiting[0][0]) or (n < count and bound > plays[n][0])
                    ):
                        heappush(waiting, (bound, index, played, value, after, gains))
                        continue
            else:
                break
            slide = 0
            if arrow > 0:
                if type(after) is not Cell:
                    slide = after.best_slide_gain()
                elif (show[played] | after.bit).bit_count() >= 3:
                    slide = self.slide_gain(played, after)
                else:  # the placed symbol shows twice at most: its pairs make no place to land
                    if lands is None:
                        lands = self._landing()
                    if lands:
                        slide = self.slide_gain(played, after)
            if slide:
                gains += (slide,)
                value -= costs[gains]
            else:
                # A slide that collects nothing costs nothing (the expectation stops at a gain of 0).
                value = -bound
            if value > best:
                best = value
                if not every:
                    floor = best - MARGIN
            kept.append((index, value))
        kept.sort()
        if every:
            return [value for _, value in kept]
        best, scored = None, []
        for index, value in kept:  # in the plays' order, as ties are drawn from
            if best is None or value > best + TIE:
                best, scored = value, [index]
            elif abs(value - best) <= TIE:
                scored.append(index)
        return scored

    # Plays that collect ------------------------------------------------------------

    def collect(self, tile: str, place: tuple) -> tuple[int, Masks]:
        """The value of the tiles a placement that completes a pair collects
        (a trixo tile adds 1), and the masks after it."""
        bit = 1 << (place[0] - self.top) * SIZE + place[1] - self.left
        show = self.show[tile]
        won = bit
        for line in REACH[bit.bit_length() - 1]:
            near = show & line
            if near & (near - 1):  # two cells (no more fit in the window)
                won |= near
        value = TILE_VALUE * (self.before.tiles(won) + 1) + (tile == "trixo")
        return value + self._trixos(won, 0, 0), self._taken(self.before, won)

    def slide(self, place: tuple) -> tuple[int, object]:
        """The value of the tiles a slide collects, and the masks after it;
        for a slide that collects nothing, the line and way it slides, to make
        them from when asked for (`slid`)."""
        before = self.before
        line, index, direction = place
        unit, index = (1, index - self.top) if line == "row" else (SIZE, index - self.left)
        step = sum(STEPS[direction])
        ends = self.slide_ends.get(unit)
        if ends is None:
            ends = self.slide_ends[unit] = before.slide_ends(unit)
        # It collects only where a stack of the line, moved, lands on an end
        # of a pair across it: which stacks move is worked out only then.
        line = ROW << index * SIZE if unit == 1 else COLUMN << index
        for cells, across in ends:
            going = cells & line
            if going and (going << unit if step > 0 else going >> unit) & across:
                moved = MOVES[before.levels[0], unit, index, step]
                won = before.slide_streaks(moved, unit, index, step, ends)
                if won:
                    after = before.slid(moved, unit, step)
                    landed = moved << unit if step > 0 else moved >> unit
                    value = TILE_VALUE * after.tiles(won) + self._trixos(
                        won, landed, -unit if step > 0 else unit
                    )
                    return value, self._taken(after, won)
                break
        return 0, (unit, index, step)

    def slid(self, unit: int, index: int, step: int) -> Masks:
        """The masks after a slide (as `slide` gives it) that collects nothing."""
        before = self.before
        return before.slid(MOVES[before.levels[0], unit, index, step], unit, step)

    def _trixos(self, won: int, landed: int, back: int) -> int:
        """The trixo tiles of the stacks on `won`; `landed`: the stacks a
        slide moved, where they stand now, `back` the shift to where they stood."""
        count = 0
        stacks = self.stacks
        while won:
            bit = won & -won
            won ^= bit
            if bit & landed:
                bit = bit << back if back > 0 else bit >> -back
            stack = stacks.get(bit)
            if stack:
                count += stack.count("trixo")
        return count

    @staticmethod
    def _taken(masks: Masks, won: int) -> Masks:
        """The masks once the stacks on `won` are taken."""
        keep = ~won
        levels = [level & keep for level in masks.levels]
        show = {tile: cells & keep for tile, cells in masks.show.items()}
        return Masks(show, levels, SPANS[levels[0]])

    # Placements that collect nothing ----------------------------------------------

    def cell(self, place: tuple) -> Cell:
        """A placement on `place` that collects nothing, and what the next
        player may collect after it; the same whichever symbol goes there."""
        index = (place[0] - self.top) * SIZE + place[1] - self.left
        bit = 1 << index
        stack = self.stacks.get(bit)
        height = len(stack) if stack else 0
        stacks = self.occupied | bit
        full = self.full
        if height + 1 >= self.max_stack:
            full |= bit
        inside = INSIDE[stacks]
        open_stacks, empty = stacks & ~full, inside & ~stacks
        # What the next player's placement of each symbol collects after a
        # placement here: for the others, the pairs it covers are gone, an
        # end it fills is one tile higher; for its own symbol, the pairs it
        # leaves alone (`own_gain` adds those it joins). Elsewhere the pairs
        # and their gains are as before, but the window may shrink: the same
        # for every cell that leaves the same window.
        unmarked = self.unmarked.get(inside)
        if unmarked is None:
            threats = self._unmarked(inside)
            unmarked = self.unmarked[inside] = (threats, self.costs[threats])
        threats, cost = unmarked
        if bit & self.marked:
            threats = list(threats)
            for i, mark in enumerate(self.marks):
                if bit & mark:
                    threats[i] = self._marked_threat(self.names[i], bit, open_stacks, empty)
            threats = tuple(threats)
            cost = self.costs[threats]
        cell = self.cells[place] = Cell(index, height, open_stacks, empty, threats, cost)
        return cell

    def _unmarked(self, inside: int) -> tuple:
        """The threats after a placement on a cell that shows no symbol and
        ends no pair, `inside` the window after it."""
        # Where the next tile may go, but for the cell placed on (no end of these pairs).
        empty = inside & ~self.occupied
        show, ends, open_stacks = self.show, self.ends, self.open_stacks
        threats = []
        for tile in self.names:
            cells = ends[tile]
            if cells:
                cells &= open_stacks & ~show[tile] | empty
            threats.append(self._best_known(cells, tile, 0) if cells else 0)
        return tuple(threats)

    def _marked_threat(self, tile: str, bit: int, open_stacks: int, empty: int) -> int:
        """What the next player's placement of `tile` collects after a
        placement on the cell `bit`, a cell showing `tile` or an end of its pairs."""
        show = self.show[tile]
        ends = self.ends[tile]
        if not ends:
            return 0  # no pair: a placement here makes none of this symbol
        cells = open_stacks & ~show | empty
        if show & bit:  # covered: the pairs it made are gone, whatever covers it
            show ^= bit
            return self.before.best_gain(PAIR_ENDS[show] & cells, show, bit)
        return self._best_known(ends & cells, tile, bit)  # a pair's end, now one tile higher

    def own_gain(self, played: str, cell: Cell, kept: int) -> int:
        """What the next player's `played` collects after `played` is placed
        on `cell` collecting nothing: `kept` on the pairs it leaves alone, or
        more on an end of a pair the tile joins. The gain of an end changes
        only when the tile joins one of its pairs, and then only grows."""
        bit = cell.bit
        show = self.show[played]
        # The ends of the pairs it joins (masks.ends_through), none when no
        # cell near it shows the symbol.
        joined = THROUGH[cell.index][show & cell.near]
        show |= bit
        joined &= cell.open_stacks & ~show | cell.empty
        if not joined:
            return kept
        gain = self.before.best_gain(joined, show, bit)
        return gain if gain > kept else kept

    def slide_gain(self, played: str, cell: Cell) -> int:
        """The most tiles the next player's slide collects after `played` is
        placed on `cell` collecting nothing. A slide collects only where a
        moved stack lands on the end of a pair across its line: the placement
        changes the pairs of two symbols at most (the one placed and the one
        covered), and the masks after it are made only when a stack may land."""
        before, bit = self.before, cell.bit
        if self.landing is None:
            self._landing()
        landing = self.landing
        # Quickly: covering a cell only breaks pairs, and the placed symbol's
        # pairs only grow; where no stack may land before the placement, only
        # the placed symbol's new pairs may make a place to land.
        if not self.lands:
            cells = self.show[played] | bit
            if not (LANDING[1][cells][1] or LANDING[SIZE][cells][1]):
                return 0
        found, lands = {1: [], SIZE: []}, 0
        for (unit, symbol), (cells, across, land) in landing.items():
            if symbol == played:
                cells |= bit
                across, land = LANDING[unit][cells]
            elif cells & bit:
                cells ^= bit
                across, land = LANDING[unit][cells]
            if across:
                found[unit].append((cells, across))
                lands |= land
        if not lands:
            return 0
        return before.placed(bit, played, cell.height).best_slide_gain(found)

    def _landing(self) -> int:
        """For each unit and symbol, (the cells showing it, the ends of its
        pairs across the lines, where a moved stack would land on one); the
        cells of the stacks that may land anywhere."""
        self.landing = landing = {}
        lands = 0
        for unit in UNITS:
            for symbol, cells in self.show.items():
                across, land = LANDING[unit][cells]
                landing[unit, symbol] = (cells, across, land)
                lands |= land
        self.lands = lands
        return lands

    def _best_known(self, cells: int, tile: str, placed: int) -> int:
        """The most a placement of `tile` on one of `cells` (ends of its pairs)
        collects, after a play on `placed` that left them alone."""
        known = self.known[tile]
        best = 0
        while cells:
            end = cells & -cells
            cells ^= end
            gain = known.get(end)
            if gain is None:
                gain = known[end] = self.before.gain(end, self.show[tile])
            if end == placed:
                gain += 1
            if gain > best:
                best = gain
        return best
