"""Computer players for Trixo beyond the core's `random`."""

from __future__ import annotations

import heapq
from math import comb

from stixxcli.game import Bot

from . import board
from .board import ARROW, SYMBOLS, TILES

TILE_VALUE = 10  # points per collected tile; a trixo tile adds 1 (it breaks ties)
# A tile in hand now is worth more than a tile the next player may take: they
# may not hold the tile, or may play elsewhere.
THREAT_WEIGHT = 0.9
# Tiles worth keeping for later: an arrow can rescue or ruin a position, a trixo tile blocks.
SPEND = {"x": 0.0, "o": 0.0, "trixo": 1.5, ARROW: 4.0}


def best_gain(layout: dict, tile: str, max_stack: int) -> int:
    """The most tiles one play of `tile` collects on this layout (between moves:
    it holds no streak)."""
    if tile == ARROW:
        return best_slide_gain(layout)
    return best_placement_gain(layout, tile, max_stack)


def best_slide_gain(layout: dict) -> int:
    """The most tiles one slide collects: only the stacks it moves can make a
    streak. Each slide is first played on the positions along its line alone,
    and the layout copied only for one that moves something."""
    tops = [stack[-1] for stack in layout.values()]
    # A slide shows no new symbol: a streak needs three tiles alike on top,
    # one of them moved.
    rich = {symbol for symbol in SYMBOLS if tops.count(symbol) >= 3}
    if not rich:
        return 0
    best = 0
    cells = list(layout)
    for axis in (0, 1):
        along = [cell[1 - axis] for cell in cells]
        lines: dict = {}
        for cell in cells:
            lines.setdefault(cell[axis], []).append(cell[1 - axis])
        for index, members in lines.items():
            if not any(layout[(index, at) if axis == 0 else (at, index)][-1] in rich for at in members):
                continue
            for step in (-1, 1):
                span = along.copy()
                taken = set(members)  # the places of this line holding a stack
                moves = []
                for at in sorted(members, reverse=step > 0):  # the leading end first
                    ahead = at + step
                    if ahead in taken:
                        continue
                    span.remove(at)
                    span.append(ahead)
                    if max(span) - min(span) < board.WINDOW:
                        taken.discard(at)
                        taken.add(ahead)
                        moves.append((at, ahead))
                    else:
                        span[-1] = at
                if not moves:
                    continue
                after = dict(layout)
                moved = []  # only the stacks whose symbol has three alike can make a streak
                for at, ahead in moves:
                    cell, target = (
                        ((index, at), (index, ahead)) if axis == 0 else ((at, index), (ahead, index))
                    )
                    stack = after[target] = after.pop(cell)
                    if stack[-1] in rich:
                        moved.append(target)
                if not moved:
                    continue
                won = board.streak_cells(after, moved)
                if won:
                    gain = sum(len(after[cell]) for cell in won)
                    if gain > best:
                        best = gain
    return best


def best_placement_gain(layout: dict, tile: str, max_stack: int) -> int:
    """The most tiles one placement of a symbol collects. A placement collects
    only where it completes a line of three, so only the cells that complete
    two tiles showing `tile` in a line are tried, not every legal cell."""
    showing = {cell for cell, stack in layout.items() if stack[-1] == tile}
    if len(showing) < 2:
        return 0
    ends = _pair_ends(showing)
    rows = [r for r, _ in layout]
    cols = [c for _, c in layout]
    top, bottom, left, right = min(rows), max(rows), min(cols), max(cols)
    best = 0
    for cell in ends:
        stack = layout.get(cell)
        if stack is None:
            # An end touches the pair; it must keep the 3x3 window.
            r, c = cell
            if max(bottom, r) - min(top, r) >= board.WINDOW or max(right, c) - min(left, c) >= board.WINDOW:
                continue
        elif len(stack) >= max_stack or stack[-1] == tile:
            continue
        gain = board.placement_gain(layout, cell, tile)
        if gain > best:
            best = gain
    return best


class Ends:
    """The cells that complete a pair of tiles showing `tile` on a layout, with
    what a placement there collects: after another symbol is placed on a cell
    that did not show `tile`, the pairs are the same and so are the gains,
    except at that cell; only the 3x3 window may shut some out."""

    __slots__ = ("tile", "showing", "ends", "box")

    def __init__(self, layout: dict, tile: str, max_stack: int):
        self.tile = tile
        self.showing = {cell for cell, stack in layout.items() if stack[-1] == tile}
        self.ends = []  # (cell, gain, height or None when empty, whether a stack takes the tile)
        self.box = None
        if layout:
            rows = [r for r, _ in layout]
            cols = [c for _, c in layout]
            self.box = (min(rows), max(rows), min(cols), max(cols))
        if len(self.showing) < 2:
            return
        for cell in _pair_ends(self.showing):
            stack = layout.get(cell)
            height = None if stack is None else len(stack)
            fits = stack is None or (len(stack) < max_stack and stack[-1] != tile)
            self.ends.append((cell, board.placement_gain(layout, cell, tile), height, fits))

    def best_after(self, placed: tuple, max_stack: int) -> int:
        """`best_placement_gain` once another symbol is placed on `placed`."""
        if not self.ends:
            return 0
        top, bottom, left, right = self.box
        pr, pc = placed
        # The rows and columns an empty end may take and keep the 3x3 window.
        first_row, last_row = max(bottom, pr) - board.WINDOW + 1, min(top, pr) + board.WINDOW - 1
        first_col, last_col = max(right, pc) - board.WINDOW + 1, min(left, pc) + board.WINDOW - 1
        best = 0
        for cell, gain, height, fits in self.ends:
            if cell == placed:
                # Now a stack with another symbol on top, one tile higher.
                if (height or 0) + 1 < max_stack and gain + 1 > best:
                    best = gain + 1
            elif height is None:
                if gain > best and first_row <= cell[0] <= last_row and first_col <= cell[1] <= last_col:
                    best = gain
            elif fits and gain > best:
                best = gain
        return best

    def best_after_own(self, placed: tuple, after: dict, max_stack: int) -> int:
        """`best_placement_gain(after, tile)` once `tile` itself is placed on
        `placed` without making a streak: the pairs of before, and those the
        new tile makes; a gain changes only on the lines through the new tile."""
        tile, pr, pc = self.tile, placed[0], placed[1]
        showing = self.showing
        ends = {}
        for cell, gain, height, fits in self.ends:
            dr, dc = cell[0] - pr, cell[1] - pc
            near = -2 <= dr <= 2 and -2 <= dc <= 2 and (dr == 0 or dc == 0 or dr == dc or dr == -dc)
            ends[cell] = (None if near else gain, height, fits)
        made = []
        for ahead, further, behind, beyond in board.LINES_AT[placed]:
            # A pair with the new tile, either way along the line: its ends.
            if ahead in showing:
                made += (behind, further)
            elif further in showing:
                made.append(ahead)
            if behind in showing:
                made += (ahead, beyond)
            elif beyond in showing:
                made.append(behind)
        for cell in made:
            if cell not in ends:
                stack = after.get(cell)
                fits = stack is None or (len(stack) < max_stack and stack[-1] != tile)
                ends[cell] = (None, None if stack is None else len(stack), fits)
        if not ends:
            return 0
        top, bottom, left, right = self.box
        first_row, last_row = max(bottom, pr) - board.WINDOW + 1, min(top, pr) + board.WINDOW - 1
        first_col, last_col = max(right, pc) - board.WINDOW + 1, min(left, pc) + board.WINDOW - 1
        best = 0
        for cell, (gain, height, fits) in ends.items():
            if height is None:
                if not (first_row <= cell[0] <= last_row and first_col <= cell[1] <= last_col):
                    continue
            elif not fits:
                continue
            if gain is None:
                gain = board.placement_gain(after, cell, tile)
            if gain > best:
                best = gain
        return best


def _pair_ends(showing: set) -> set:
    """The cells that make a line of three with two of `showing`."""
    ends = set()
    for r, c in showing:
        for dr, dc in board.LINES:
            if (r + dr, c + dc) in showing:  # a pair: either end completes it
                ends.add((r - dr, c - dc))
                ends.add((r + 2 * dr, c + 2 * dc))
            elif (r + 2 * dr, c + 2 * dc) in showing:  # a pair with a gap
                ends.add((r + dr, c + dc))
    return ends


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
        # What each option collects, and a bound on its value from the threats
        # that cost little: the next player's placements of the symbols it does
        # not touch (those pairs are as before it). The rest of the threat can
        # only lower the value, so options are refined best bound first (their
        # other placements, then the slides) until no bound left can reach the
        # best value found: the choice is the one trying everything would make.
        ends = {tile: Ends(layout, tile, max_stack) for tile, _ in symbols}
        # A play collects where it completes a pair of its own symbol.
        completes = {
            tile: _pair_ends({cell for cell, stack in layout.items() if stack[-1] == tile})
            for tile in SYMBOLS
        }
        found = {}
        heap = []
        for index, (played, place) in enumerate(_plays(choice.options)):
            if played == ARROW or place in completes[played]:
                after, taken = self._play(layout, played, place)
                value = TILE_VALUE * len(taken) + taken.count("trixo") - SPEND[played]
            else:  # collects nothing; the layout after it is made if it is tried
                after, taken, value = None, (), -SPEND[played]
            cheap, dear = [], []
            for tile, p in symbols:
                if played == ARROW or taken or tile == played or place in ends[tile].showing:
                    dear.append((tile, p))
                else:
                    cheap.append((ends[tile].best_after(place, max_stack), p))
            found[index] = (after, value, cheap, dear, played, place, taken)
            heap.append((weight * expected_best(cheap) - value, index, 0))
        heapq.heapify(heap)
        best, kept = None, []
        while heap and (best is None or -heap[0][0] >= best - MARGIN):
            _, index, tried = heapq.heappop(heap)
            after, value, gains, dear, played, place, taken = found[index]
            if after is None:
                after = dict(layout)
                after[place] = layout.get(place, ()) + (played,)
            if not tried:
                gains = gains + [
                    (
                        ends[tile].best_after_own(place, after, max_stack)
                        if tile == played and not taken
                        else best_placement_gain(after, tile, max_stack),
                        p,
                    )
                    for tile, p in dear
                ]
                if arrow > 0:  # the slides next, if this option may still be best
                    found[index] = (after, value, gains, dear, played, place, taken)
                    heapq.heappush(heap, (weight * expected_best(gains) - value, index, 1))
                    continue
            else:
                gains = gains + [(best_slide_gain(after), arrow)]
            value -= weight * expected_best(gains)
            best = value if best is None else max(best, value)
            kept.append((index, value))
        kept.sort(key=lambda entry: entry[0])
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
