"""Computer players for Trixo beyond the core's `random`."""

from __future__ import annotations

from math import comb

from stixxcli.game import Bot

from . import board
from .board import ARROW, TILES, Kept
from .outlook import THREAT_WEIGHT, TILE_VALUE, Outlook

__all__ = ["GreedyBot", "SPEND", "THREAT_WEIGHT", "TILE_VALUE"]

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


class GreedyBot(Bot):
    name = "greedy"
    description = "completes streaks, blocks the next player's open pairs, keeps arrows for good slides"

    def choose(self, view, choice):
        if choice.name == "discard":
            return self._discard(view, choice)
        holds = self._holding_chances(view)
        symbols = []
        for tile, p in holds.items():
            if p > 0 and tile != ARROW:
                symbols.append((tile, p))
        outlook = Outlook(view["table"], self.rules["max_stack"], symbols, holds.get(ARROW, 0))
        return choice.options[self.rng.choice(outlook.best_plays(_groups(choice.options), SPEND))]

    def _holding_chances(self, view) -> dict:
        """For each tile, the chance that the next player holds one, from what
        this seat can see: every tile not on the table, collected, out of the
        game or in its own hand is in the reserve or another hand."""
        hands = view["hands"]
        tiles = self.rules["tiles"]
        seen = list(view["set_aside"])
        for entry in view["table"]:
            seen += entry["stack"]
        seen += hands[self.seat]
        collected = view["collected"]
        unseen = []
        for tile in TILES:
            count = tiles.get(tile, 0) - seen.count(tile)
            for taken in collected:
                count -= taken.get(tile, 0)
            unseen.append(count)
        # Another's hand shows only its size; one holding no tile has finished.
        count = len(hands)
        for seat in range(self.seat + 1, self.seat + count):
            size = hands[seat % count]["tiles"]
            if size:
                return CHANCES[(*unseen, size)]
        return {}

    def _discard(self, view, choice):
        hand = view["hands"][self.seat]
        # An arrow that cannot slide now rarely helps later; keep symbols that stack.
        order = sorted(
            choice.options,
            key=lambda o: (o["discard"] != ARROW, -hand.count(o["discard"]), TILES.index(o["discard"])),
        )
        return order[0]


def _chances(counts: tuple) -> dict:
    """For each tile, the chance that a hand of `size` tiles drawn from the
    unseen ones holds one; `counts`: the unseen tiles of each kind (TILES), then `size`."""
    *unseen, size = counts
    total = sum(unseen)
    size = min(size, total)
    if not size:
        return {}
    hands_of_size = comb(total, size)
    chances = {}  # (a loop is quicker than a comprehension here)
    for tile, count in zip(TILES, unseen):
        if count > 0:
            chances[tile] = 1 - comb(total - count, size) / hands_of_size
    return chances


# The chances for each count of unseen tiles and hand size, kept: a game
# meets the same counts again and again (and a batch of games far more often).
CHANCES = Kept(_chances)
