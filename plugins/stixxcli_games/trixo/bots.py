"""Computer players for Trixo beyond the core's `random`."""

from __future__ import annotations

import heapq
from functools import reduce
from math import comb
from operator import or_

from stixxcli.game import Bot

from . import board
from .board import ARROW, SYMBOLS, TILES
from .masks import (
    COLUMN,
    COLUMNS,
    NEAR,
    ROW,
    ROWS,
    SIZE,
    Frame,
    Masks,
    ends_across,
    ends_through,
    pair_ends,
    window,
)

UNITS = (1, SIZE)  # a slide of a row moves its stacks by 1 bit, of a column by SIZE

TILE_VALUE = 10  # points per collected tile; a trixo tile adds 1 (it breaks ties)
# A tile in hand now is worth more than a tile the next player may take: they
# may not hold the tile, or may play elsewhere.
THREAT_WEIGHT = 0.9
# Tiles worth keeping for later: an arrow can rescue or ruin a position, a trixo tile blocks.
SPEND = {"x": 0.0, "o": 0.0, "trixo": 1.5, ARROW: 4.0}


def _groups(options) -> list[tuple]:
    """The options as (tile, places) in their order, a place being a cell or
    (line, index, direction); from the game's own lazy list without making
    its moves."""
    if isinstance(options, board.Plays):
        return options.groups
    groups = []
    for o in options:
        tile = o["tile"]
        place = (o["line"], o["index"], o["direction"]) if tile == ARROW else tuple(o["cell"])
        if groups and groups[-1][0] == tile:
            groups[-1][1].append(place)
        else:
            groups.append((tile, [place]))
    return groups


def expected_best(gains: list) -> float:
    """The tiles a player may expect to collect from (gain, chance of holding
    the tile) pairs: the best gain among the tiles held, the tiles held
    independently."""
    expected, missing = 0.0, 1.0
    for gain, p in sorted(gains, reverse=True):
        if gain == 0:
            break
        expected += missing * p * gain
        missing *= 1 - p
    return expected


# Values closer than this are a tie; an option whose bound falls further below
# the best value so far cannot be the best (the margin covers rounding).
TIE = 1e-9
MARGIN = 1e-6


class Cell:
    """A cell a symbol may be placed on collecting nothing: its bit, the
    height of the stack there, and after the placement the layout's box, the
    stacks a tile may go on and the empty cells inside the window; then
    (`Outlook.cell`) the next player's threats, (gain, chance) for each
    symbol, and what they cost: the same for every symbol placed there."""

    __slots__ = ("bit", "height", "box", "open_stacks", "empty", "threats", "cost")

    def __init__(self, bit: int, height: int, box: tuple, open_stacks: int, empty: int):
        self.bit, self.height, self.box, self.open_stacks, self.empty = bit, height, box, open_stacks, empty

    def empty_or_open(self, show: int) -> int:
        """Where the next player may place a symbol shown on `show`, after a
        placement here."""
        return self.open_stacks & ~show | self.empty


class Outlook:
    """The layout a player sees, as masks, and what the next player may
    collect after each of its plays, found from it: a play changes one cell
    or one line, so most of what the next player may do stays as it was.
    `symbols`: (symbol, the chance the next player holds one), those held
    maybe."""

    def __init__(self, layout: dict, max_stack: int, symbols: list):
        self.layout, self.max_stack, self.symbols = layout, max_stack, symbols
        self.frame = frame = Frame(layout)
        self.before = before = Masks.of(layout, frame, max_stack)
        self.ends = {tile: pair_ends(before.show[tile]) for tile in SYMBOLS}
        self.inside = window(before.box) if layout else 0
        # The cells inside the layout's box: a tile there leaves the window as it is.
        self.boxed = 0 if before.box is None else ROWS[before.box[:2]] & COLUMNS[before.box[2:]]
        self.slide_ends = {}
        self.across = []  # (unit, symbol, its cells, the ends of its pairs across the lines of that unit)
        self.known = {}  # (tile, end): what a placement there collects, found as asked for
        self.unmarked = {}  # box after: the threats, and their cost, of a cell that shows no symbol and ends no pair
        # For each symbol, the cells where a placement changes its threat: those showing it, the ends of its pairs.
        self.marks = {tile: before.show[tile] | self.ends[tile] for tile in SYMBOLS}
        self.marked = reduce(or_, self.marks.values())
        self.open_stacks = before.levels[0] & ~before.levels[max_stack - 1]  # stacks not full
        self.cells = {}  # place: Cell, made once for every tile in hand placed there

    def slide(self, place: tuple) -> tuple[list, object]:
        """The tiles a slide collects, and the masks after it; for a slide that
        collects nothing, the line and way it slides, to make them from when
        asked for (`slid`)."""
        before = self.before
        line, index, direction = place
        unit, index = (1, index - self.frame.top) if line == "row" else (SIZE, index - self.frame.left)
        step = sum(board.STEPS[direction])
        if unit not in self.slide_ends:
            self.slide_ends[unit] = before.slide_ends(unit)
        # It collects only where a stack of the line, moved, lands on an end
        # of a pair across it: which stacks move is worked out only then.
        line = ROW << index * SIZE if unit == 1 else COLUMN << index
        for cells, across in self.slide_ends[unit]:
            going = cells & line
            if going and (going << unit if step > 0 else going >> unit) & across:
                moved = before.slide_moves(unit, index, step)
                if before.slide_streaks(moved, unit, index, step, self.slide_ends[unit]):
                    return self.collect(ARROW, place)
                break
        return [], (unit, index, step)

    def slid(self, unit: int, index: int, step: int) -> Masks:
        """The masks after a slide (as `slide` gives it) that collects nothing."""
        return self.before.slid(self.before.slide_moves(unit, index, step), unit, step)

    def collect(self, tile: str, place: tuple) -> tuple[list, Masks]:
        """The tiles a play that collects takes, and the masks after it."""
        after, taken = GreedyBot._play(self.layout, tile, place)
        return taken, Masks.of(after, self.frame, self.max_stack)

    def cell(self, place: tuple) -> Cell:
        """A placement on `place` that collects nothing, and where a tile may
        go after it; the same whichever symbol goes there."""
        before, frame = self.before, self.frame
        bit = 1 << ((place[0] - frame.top) * SIZE + place[1] - frame.left)  # Frame.bit
        height = len(self.layout.get(place, ()))
        stacks = before.levels[0] | bit
        full = before.levels[self.max_stack - 1]
        if height + 1 >= self.max_stack:
            full |= bit
        if bit & self.boxed:
            box, inside = before.box, self.inside
        else:
            box = before.box_with(bit)
            inside = window(box)
        cell = self.cells[place] = Cell(bit, height, box, stacks & ~full, inside & ~stacks)
        # What the next player's placement of each symbol collects after a
        # placement here: for the others, the pairs it covers are gone, an
        # end it fills is one tile higher; for its own symbol, the pairs it
        # leaves alone (`own_gain` adds those it joins). Elsewhere the pairs
        # and their gains are as before, but the window may shrink: the same
        # for every cell that leaves the same box.
        if box not in self.unmarked:
            # Where the next tile may go, but for the cell placed on (no end of these pairs).
            empty = inside & ~before.levels[0]
            threats = [
                (
                    self._best_known(
                        self.ends[tile] & (self.open_stacks & ~before.show[tile] | empty), tile, 0
                    ),
                    p,
                )
                for tile, p in self.symbols
            ]
            self.unmarked[box] = (threats, THREAT_WEIGHT * TILE_VALUE * expected_best(threats))
        threats, cost = self.unmarked[box]
        if bit & self.marked:
            threats = [
                (self._marked_threat(tile, cell), p) if bit & self.marks[tile] else threat
                for (tile, p), threat in zip(self.symbols, threats)
            ]
            cost = THREAT_WEIGHT * TILE_VALUE * expected_best(threats)
        cell.threats, cell.cost = threats, cost
        return cell

    def _marked_threat(self, tile: str, cell: Cell) -> int:
        """What the next player's placement of `tile` collects after a
        placement on `cell`, a cell showing `tile` or an end of its pairs."""
        before, ends, bit = self.before, self.ends[tile], cell.bit
        show = before.show[tile]
        cells = cell.empty_or_open(show)
        if show & bit:  # covered: the pairs it made are gone, whatever covers it
            show ^= bit
            return before.best_gain(pair_ends(show) & cells, show, bit)
        return self._best_known(ends & cells, tile, bit)  # a pair's end, now one tile higher

    def slide_gain(self, played: str, cell: Cell) -> int:
        """The most tiles the next player's slide collects after `played` is
        placed on `cell` collecting nothing. A slide collects only where a
        moved stack lands on the end of a pair across its line: the placement
        changes the pairs of two symbols at most (the one placed and the one
        covered), and the masks after it are made only when a stack may land."""
        before, bit = self.before, cell.bit
        if not self.across:
            self.across = [
                (unit, symbol, cells, ends_across(cells, unit))
                for unit in UNITS
                for symbol, cells in before.show.items()
            ]
        found, landing = {unit: [] for unit in UNITS}, 0
        for unit, symbol, cells, across in self.across:
            if symbol == played:
                cells |= bit
                across = ends_across(cells, unit)
            elif cells & bit:
                cells ^= bit
                across = ends_across(cells, unit)
            if across:
                found[unit].append((cells, across))
                landing |= cells & (across >> unit | across << unit)
        if not landing:
            return 0
        return before.placed(bit, played, cell.height).best_slide_gain(found)

    def own_gain(self, played: str, cell: Cell, kept: int) -> int:
        """What the next player's `played` collects after `played` is placed
        on `cell` collecting nothing: `kept` on the pairs it leaves alone, or
        more on an end of a pair the tile joins. The gain of an end changes
        only when the tile joins one of its pairs, and then only grows."""
        bit = cell.bit
        show = self.before.show[played]
        if not show & NEAR[bit.bit_length() - 1]:
            return kept  # the tile joins no pair
        show |= bit
        joined = ends_through(bit, show) & (cell.open_stacks & ~show | cell.empty)
        return max(kept, self.before.best_gain(joined, show, bit)) if joined else kept

    def _best_known(self, cells: int, tile: str, placed: int) -> int:
        """The most a placement of `tile` on one of `cells` (ends of its pairs)
        collects, after a play on `placed` that left them alone."""
        known = self.known
        best = 0
        while cells:
            end = cells & -cells
            cells ^= end
            if (tile, end) not in known:
                known[tile, end] = self.before.gain(end, self.before.show[tile])
            gain = known[tile, end] + (end == placed)
            if gain > best:
                best = gain
        return best


class GreedyBot(Bot):
    name = "greedy"
    description = "completes streaks, blocks the next player's open pairs, keeps arrows for good slides"

    def choose(self, view, choice):
        if choice.name == "discard":
            return self._discard(view, choice)
        layout = {tuple(entry["cell"]): tuple(entry["stack"]) for entry in view["table"]}
        holds = self._holding_chances(view)
        max_stack = self.rules["max_stack"]
        symbols = [(tile, p) for tile, p in holds.items() if p > 0 and tile != ARROW]
        arrow = holds.get(ARROW, 0)
        weight = THREAT_WEIGHT * TILE_VALUE
        outlook = Outlook(layout, max_stack, symbols)
        # Each option's value: what it collects, less what the next player
        # may expect to collect after it. Every threat can only lower it, so
        # a bound comes first from what costs little (what the play collects;
        # for a placement, its cell's threats, the same for every symbol
        # placed there), and options are refined best bound first (the
        # placed symbol's pairs, or a play's masks, then the slides) until no
        # bound left can reach the best value found: the choice is the one
        # trying everything would make.
        # Heap entries: (bound, the option's index, refined, the tile played,
        # what it collects less the spend, threats found, the cell or masks after);
        # bound and index order them.
        heap = []
        index = 0
        cells = outlook.cells
        position = {tile: i for i, (tile, _) in enumerate(symbols)}
        for played, places in _groups(choice.options):
            if played == ARROW:
                for place in places:
                    taken, after = outlook.slide(place)
                    value = TILE_VALUE * len(taken) + taken.count("trixo") - SPEND[ARROW]
                    heap.append((-value, index, False, played, value, None, after))
                    index += 1
                continue
            ends, spend = outlook.ends[played], SPEND[played]
            for place in places:
                cell = cells.get(place) or outlook.cell(place)
                if cell.bit & ends:  # it completes a pair
                    taken, after = outlook.collect(played, place)
                    value = TILE_VALUE * len(taken) + taken.count("trixo") - spend
                    heap.append((-value, index, False, played, value, None, after))
                else:
                    heap.append((cell.cost + spend, index, False, played, -spend, cell.threats, cell))
                index += 1
        heapq.heapify(heap)
        best, kept = None, []
        while heap and (best is None or -heap[0][0] >= best - MARGIN):
            _, index, refined, played, value, gains, after = heapq.heappop(heap)
            if not refined:
                if type(after) is Cell:
                    i = position.get(played)
                    if i is not None:  # its own pairs, with those the tile joins
                        gains = gains.copy()
                        left_alone, chance = gains[i]
                        gains[i] = (outlook.own_gain(played, after, left_alone), chance)
                else:
                    if type(after) is tuple:  # a slide: its masks made only now
                        after = outlook.slid(*after)
                    gains = [(after.best_placement_gain(tile, max_stack), p) for tile, p in symbols]
                if arrow > 0:  # the slides next, if this option may still be best
                    bound = weight * expected_best(gains) - value
                    heapq.heappush(heap, (bound, index, True, played, value, gains, after))
                    continue
            else:
                if type(after) is Cell:
                    slide = outlook.slide_gain(played, after)
                else:
                    slide = after.best_slide_gain()
                gains = gains + [(slide, arrow)]
            value -= weight * expected_best(gains)
            best = value if best is None else max(best, value)
            kept.append((index, value))
        kept.sort()
        best, scored = None, []
        for index, value in kept:  # in the options' order, as ties are drawn from
            if best is None or value > best + TIE:
                best, scored = value, [index]
            elif abs(value - best) <= TIE:
                scored.append(index)
        return choice.options[self.rng.choice(scored)]

    @staticmethod
    def _play(layout: dict, tile: str, place: tuple) -> tuple[dict, list[str]]:
        """The layout after a legal play (a tile and its cell, or the arrow and
        its slide), its streaks collected, and the tiles collected."""
        if tile == ARROW:
            after, moved = board.slide(layout, *place)
            return after, board.collect(after, moved)
        won = board.streak_cells_through(layout, place, tile)
        after = dict(layout)
        after[place] = layout.get(place, ()) + (tile,)
        return after, board.take(after, won) if won else []

    def _holding_chances(self, view) -> dict:
        """For each tile, the chance that the next player holds one, from what
        this seat can see: every tile not on the table, collected, out of the
        game or in its own hand is in the reserve or another hand."""
        hands = view["hands"]
        tiles = self.rules["tiles"]
        unseen = {tile: tiles.get(tile, 0) for tile in TILES}
        for entry in view["table"]:
            for tile in entry["stack"]:
                unseen[tile] -= 1
        for tile in view["set_aside"]:
            unseen[tile] -= 1
        for tile in hands[self.seat]:
            unseen[tile] -= 1
        for collected in view["collected"]:
            for tile, n in collected.items():
                unseen[tile] -= n
        total = sum(unseen.values())
        # Another's hand shows only its size; one holding no tile has finished.
        count, size = len(hands), 0
        for seat in range(self.seat + 1, self.seat + count):
            size = hands[seat % count]["tiles"]
            if size:
                size = min(size, total)
                break
        if not size:
            return {}
        hands_of_size = comb(total, size)
        return {
            tile: 1 - comb(total - unseen[tile], size) / hands_of_size for tile in TILES if unseen[tile] > 0
        }

    def _discard(self, view, choice):
        hand = view["hands"][self.seat]
        # An arrow that cannot slide now rarely helps later; keep symbols that stack.
        order = sorted(
            choice.options,
            key=lambda o: (o["discard"] != ARROW, -hand.count(o["discard"]), TILES.index(o["discard"])),
        )
        return order[0]
