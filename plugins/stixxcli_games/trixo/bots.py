"""Computer players for Trixo beyond the core's `random`."""

from __future__ import annotations

from math import comb

from stixxcli.game import Bot

from . import board
from .board import ARROW, TILES

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
    """The most tiles one slide collects: only the stacks it moves can make a streak."""
    best = 0
    for line, axis in (("row", 0), ("column", 1)):
        for index in {cell[axis] for cell in layout}:
            for direction in board.DIRECTIONS[line]:
                after, moved = board.slide(layout, line, index, direction)
                if moved:
                    won = board.streak_cells(after, moved)
                    if won:
                        best = max(best, sum(len(after[cell]) for cell in won))
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

    __slots__ = ("showing", "ends", "box")

    def __init__(self, layout: dict, tile: str, max_stack: int):
        self.showing = {cell for cell, stack in layout.items() if stack[-1] == tile}
        self.ends = []  # (cell, gain, height or None when empty, whether a stack takes the tile)
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
        top, bottom, left, right = min(top, pr), max(bottom, pr), min(left, pc), max(right, pc)
        best = 0
        for cell, gain, height, fits in self.ends:
            if cell == placed:
                # Now a stack with another symbol on top, one tile higher.
                if (height or 0) + 1 < max_stack and gain + 1 > best:
                    best = gain + 1
            elif height is None:
                r, c = cell
                if (
                    gain > best
                    and max(bottom, r) - min(top, r) < board.WINDOW
                    and max(right, c) - min(left, c) < board.WINDOW
                ):
                    best = gain
            elif fits and gain > best:
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
        # First what each option collects and the next player's placements
        # after it: cheap, they look only where a streak can be completed.
        ends = {tile: Ends(layout, tile, max_stack) for tile, _ in symbols}
        rated = []
        for index, option in enumerate(choice.options):
            after, taken = self._play(layout, option)
            played = option["tile"]
            value = TILE_VALUE * len(taken) + taken.count("trixo") - SPEND[played]
            if played == ARROW or taken:
                gains = [(best_placement_gain(after, tile, max_stack), p) for tile, p in symbols]
            else:
                cell = (option["cell"][0], option["cell"][1])
                gains = [
                    (
                        ends[tile].best_after(cell, max_stack)
                        if tile != played and cell not in ends[tile].showing
                        else best_placement_gain(after, tile, max_stack),
                        p,
                    )
                    for tile, p in symbols
                ]
            # The next player's slides can only add to the threat: this is a bound.
            rated.append((value - weight * expected_best(gains), index, option, after, value, gains))
        if arrow > 0:
            # Slides are dear to try: only for options that may still be best.
            rated.sort(key=lambda entry: -entry[0])
            best = None
            kept = []
            for bound, index, option, after, value, gains in rated:
                if best is not None and bound < best - MARGIN:
                    break
                value -= weight * expected_best(gains + [(best_gain(after, ARROW, max_stack), arrow)])
                best = value if best is None else max(best, value)
                kept.append((index, option, value))
            kept.sort(key=lambda entry: entry[0])
        else:
            kept = [(index, option, bound) for bound, index, option, *_ in rated]
        best, scored = None, []
        for _, option, value in kept:  # in the options' order, as ties are drawn from
            if best is None or value > best + TIE:
                best, scored = value, [option]
            elif abs(value - best) <= TIE:
                scored.append(option)
        return self.rng.choice(scored)

    @staticmethod
    def _play(layout: dict, option: dict) -> tuple[dict, list[str]]:
        """The layout after a legal play, its streaks collected, and the tiles collected."""
        if option["tile"] == ARROW:
            after, moved = board.slide(layout, option["line"], option["index"], option["direction"])
            return after, board.collect(after, moved)
        cell = (option["cell"][0], option["cell"][1])
        won = board.streak_cells_through(layout, cell, option["tile"])
        after = dict(layout)
        after[cell] = layout.get(cell, ()) + (option["tile"],)
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
