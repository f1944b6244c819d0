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
    """The most tiles one play of `tile` collects on this layout."""
    best = 0
    if tile == ARROW:
        for line, index, direction in board.slides(layout):
            after, moved = board.slide(layout, line, index, direction)
            best = max(best, len(board.collect(after, moved)))
        return best
    for cell in board.placements(layout, tile, max_stack):
        won = board.streak_cells_through(layout, cell, tile)
        if won:
            best = max(best, 1 + sum(len(layout.get(other, ())) for other in won))
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
        best, scored = None, []
        for option in choice.options:
            value = self._value(layout, option, holds, max_stack)
            if best is None or value > best + 1e-9:
                best, scored = value, [option]
            elif abs(value - best) <= 1e-9:
                scored.append(option)
        return self.rng.choice(scored)

    def _value(self, layout, option, holds, max_stack) -> float:
        after, changed = board.play(layout, option)
        taken = board.collect(after, changed)
        value = TILE_VALUE * len(taken) + taken.count("trixo") - SPEND[option["tile"]]
        return value - THREAT_WEIGHT * TILE_VALUE * self._threat(after, holds, max_stack)

    def _threat(self, layout: dict, holds: dict, max_stack: int) -> float:
        """The tiles the next player may expect to collect on this layout."""
        gains = sorted(
            ((best_gain(layout, tile, max_stack), p) for tile, p in holds.items() if p > 0), reverse=True
        )
        expected, missing = 0.0, 1.0
        for gain, p in gains:
            if gain == 0:
                break
            expected += missing * p * gain
            missing *= 1 - p
        return expected

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
