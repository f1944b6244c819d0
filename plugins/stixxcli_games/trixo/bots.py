"""Computer players for Trixo beyond the core's `random`."""

from __future__ import annotations

import heapq
from math import comb
from typing import NamedTuple

from stixxcli.game import Bot

from . import board
from .board import ARROW, SYMBOLS, TILES
from .masks import COLUMNS, ROWS, SIZE, Frame, Masks, ends_through, pair_ends, window

TILE_VALUE = 10  # points per collected tile; a trixo tile adds 1 (it breaks ties)
# A tile in hand now is worth more than a tile the next player may take: they
# may not hold the tile, or may play elsewhere.
THREAT_WEIGHT = 0.9
# Tiles worth keeping for later: an arrow can rescue or ruin a position, a trixo tile blocks.
SPEND = {"x": 0.0, "o": 0.0, "trixo": 1.5, ARROW: 4.0}


def _plays(options) -> list[tuple]:
    """Each option as (tile, cell) or (arrow, (line, index, direction)); from
    the game's own lazy list without making its moves."""
    if isinstance(options, board.Plays):
        return [(tile, place) for tile, places in options.groups for place in places]
    return [
        (o["tile"], (o["line"], o["index"], o["direction"]) if o["tile"] == ARROW else tuple(o["cell"]))
        for o in options
    ]


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


class Cell(NamedTuple):
    """A placement that collects nothing: its cell, the height of the stack
    there, and after it the layout's box, the stacks a tile may go on, and
    the empty cells inside the window."""

    bit: int
    height: int
    box: tuple
    open_stacks: int
    empty: int


class Outlook:
    """The layout a player sees, as masks, and what the next player may
    collect after each of its plays, found from it: a play changes one cell
    or one line, so most of what the next player may do stays as it was."""

    def __init__(self, layout: dict, max_stack: int):
        self.layout, self.max_stack = layout, max_stack
        self.frame = frame = Frame(layout)
        self.before = before = Masks.of(layout, frame, max_stack)
        self.ends = {tile: pair_ends(before.show[tile]) for tile in SYMBOLS}
        self.inside = window(before.box) if layout else 0
        # The cells inside the layout's box: a tile there leaves the window as it is.
        self.boxed = 0 if before.box is None else ROWS[before.box[:2]] & COLUMNS[before.box[2:]]
        self.slide_ends = {}
        self.known = {}  # (tile, end): what a placement there collects, found as asked for
        self.shared = {}  # threats several plays leave alike: (tile, the cell covered or the box after)
        # A cell, and the threats of the symbols not placed on it, are the same
        # whichever other symbol goes there: found once for every tile in hand.
        self.cells = {}  # place: Cell
        self.others = {}  # (tile, bit): what the next player's `tile` collects after another goes on bit

    def play(self, tile: str, place: tuple) -> tuple[list, object]:
        """The tiles a play collects, and the masks after it; for a play that
        collects nothing, what makes them when asked for (`after`): for a
        placement, its cell (`Cell`), for a slide the stacks it moves."""
        before = self.before
        if tile == ARROW:
            line, index, direction = place
            unit, index = (1, index - self.frame.top) if line == "row" else (SIZE, index - self.frame.left)
            step = sum(board.STEPS[direction])
            if unit not in self.slide_ends:
                self.slide_ends[unit] = before.slide_ends(unit)
            moved = before.slide_moves(unit, index, step)
            if not before.slide_streaks(moved, unit, index, step, self.slide_ends[unit]):
                return [], (moved, unit, step)
        else:
            cell = self.cells.get(place)
            if cell is None:
                cell = self.cells[place] = self.cell(self.frame.bit(place), len(self.layout.get(place, ())))
            if not cell.bit & self.ends[tile]:  # it completes no pair
                return [], cell
        after, taken = GreedyBot._play(self.layout, tile, place)
        return taken, Masks.of(after, self.frame, self.max_stack)

    def cell(self, bit: int, height: int) -> Cell:
        """A placement on the cell `bit` (a stack of `height` tiles, 0 when
        empty) that collects nothing, and where a tile may go after it."""
        before = self.before
        stacks = before.levels[0] | bit
        full = before.levels[self.max_stack - 1]
        if height + 1 >= self.max_stack:
            full |= bit
        if bit & self.boxed:
            box, inside = before.box, self.inside
        else:
            box = before.box_with(bit)
            inside = window(box)
        return Cell(bit, height, box, stacks & ~full, inside & ~stacks)

    def other_gains(self, played: str, cell: Cell, symbols: list, chance: float) -> list:
        """(gain, chance) for each of `symbols` but `played` the next player
        may place, after `played` is placed on `cell` collecting nothing: the
        pairs it covers are gone, an end it fills is one tile higher, the
        window may shrink. Found once a cell, for every symbol placed there."""
        others = self.others
        gains = []
        for tile, p in symbols:
            if tile != played:
                gain = others.get((tile, cell.bit))
                if gain is None:
                    gain = others[tile, cell.bit] = self._other_gain(tile, cell)
                gains.append((gain, p))
        if chance > 0:
            # The played symbol's pairs it leaves alone, at least (it completes none).
            key = (played, cell.box)
            if key not in self.shared:
                show = self.before.show[played]
                self.shared[key] = self._best_known(
                    self.ends[played] & (cell.open_stacks & ~show | cell.empty), played, 0
                )
            gains.append((self.shared[key], chance))
        return gains

    def _other_gain(self, tile: str, cell: Cell) -> int:
        before, ends, shared = self.before, self.ends[tile], self.shared
        bit, box = cell.bit, cell.box
        show = before.show[tile]
        cells = cell.open_stacks & ~show | cell.empty  # where the next tile may go
        if show & bit:  # covered: the pairs it made are gone, whatever covers it
            show ^= bit
            return before.best_gain(pair_ends(show) & cells, show, bit)
        if bit & ends:  # a pair's end, now one tile higher
            return self._best_known(ends & cells, tile, bit)
        # The pairs and their gains as before; the window may shrink.
        if (tile, box) not in shared:
            shared[tile, box] = self._best_known(ends & cells, tile, 0)
        return shared[tile, box]

    def own_gain(self, played: str, cell: Cell) -> int:
        """What the next player's `played` collects after `played` is placed
        on `cell` collecting nothing: its pairs, and those the tile joins."""
        before = self.before
        bit = cell.bit
        show = before.show[played] | bit
        cells = (self.ends[played] | ends_through(bit, show)) & (cell.open_stacks & ~show | cell.empty)
        return before.best_gain(cells, show, bit)

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
        outlook = Outlook(layout, max_stack)
        # Each option's value: what it collects, less what the next player
        # may expect to collect after it. Every threat can only lower it, so
        # a bound comes first from what costs little (what the play collects,
        # and the placements of symbols it leaves alone), and options are
        # refined best bound first (the other placements, then the slides)
        # until no bound left can reach the best value found: the choice is
        # the one trying everything would make.
        found = []  # (the tile played, what it collects less the spend, threats found, masks or cell after)
        heap = []
        for index, (played, place) in enumerate(_plays(choice.options)):
            taken, after = outlook.play(played, place)
            value = TILE_VALUE * len(taken) + taken.count("trixo") - SPEND[played]
            gains = (
                outlook.other_gains(played, after, symbols, holds.get(played, 0))
                if type(after) is Cell
                else []
            )
            found.append((played, value, gains, after))
            heap.append((weight * expected_best(gains) - value, index, 0))
        heapq.heapify(heap)
        best, kept = None, []
        while heap and (best is None or -heap[0][0] >= best - MARGIN):
            _, index, tried = heapq.heappop(heap)
            played, value, gains, after = found[index]
            if not tried:  # the rest of the placements
                if type(after) is Cell:
                    chance = holds.get(played, 0)
                    if chance > 0:  # its own pairs now, in place of those it leaves alone
                        gains = gains[:-1] + [(outlook.own_gain(played, after), chance)]
                else:
                    if type(after) is tuple:  # a slide: its masks made only now
                        after = outlook.before.slid(*after)
                    gains = [(after.best_placement_gain(tile, max_stack), p) for tile, p in symbols]
                if arrow > 0:  # the slides next, if this option may still be best
                    found[index] = (played, value, gains, after)
                    heapq.heappush(heap, (weight * expected_best(gains) - value, index, 1))
                    continue
            else:
                if type(after) is Cell:  # a placement: its masks made only now
                    after = outlook.before.placed(after.bit, played, after.height)
                gains = gains + [(after.best_slide_gain(), arrow)]
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
        unseen = {tile: self.rules["tiles"].get(tile, 0) for tile in TILES}
        for entry in view["table"]:
            for tile in entry["stack"]:
                unseen[tile] -= 1
        for collected in view["collected"]:
            for tile, n in collected.items():
                unseen[tile] -= n
        hands = view["hands"]
        for tile in view["set_aside"] + hands[self.seat]:
            unseen[tile] -= 1
        total = sum(unseen.values())
        count = len(hands)
        # Another's hand shows only its size; one holding no tile has finished.
        sizes = [hands[s % count]["tiles"] for s in range(self.seat + 1, self.seat + count)]
        others = [n for n in sizes if n]
        size = min(others[0], total) if others else 0
        if not size:
            return {}
        return {
            tile: 1 - comb(total - unseen[tile], size) / comb(total, size)
            for tile in TILES
            if unseen[tile] > 0
        }

    def _discard(self, view, choice):
        hand = view["hands"][self.seat]
        # An arrow that cannot slide now rarely helps later; keep symbols that stack.
        order = sorted(
            choice.options,
            key=lambda o: (o["discard"] != ARROW, -hand.count(o["discard"]), TILES.index(o["discard"])),
        )
        return order[0]
