"""Computer players for Fish Stix (the core adds `random` for every game).

A bot decides from its seat's view (the grid, its own hand, the tracks), the
choice's options and the rules: never from the state, so it cannot see
another hand or the pile.
"""

from __future__ import annotations

from stixxcli.game import Bot

from .board import FISH_PER_STICK, turned_round
from .notation import read_exact


class GreedyBot(Bot):
    name = "greedy"
    description = (
        "plays the stick and place worth the most useful points (points beyond target_points count nothing)"
    )

    def __init__(self, game, rules, seat, rng):
        super().__init__(game, rules, seat, rng)
        self.kinds = list(rules["kinds"])
        self.index = {name: i for i, name in enumerate(self.kinds)}
        self.target = rules["target_points"]
        # The bot's own copy of the grid's cells, brought up to date from the
        # view's list of sticks placed: only the sticks new since its last turn.
        self.cells: dict[tuple[int, int], int] = {}
        self.seen = 0
        self.fish_of: dict[str, tuple] = {}

    def _fish(self, text: str) -> tuple:
        fish = self.fish_of.get(text)
        if fish is None:
            fish = self.fish_of[text] = read_exact(text, self.index)
        return fish

    def _cells(self, view) -> dict:
        placed = view["grid"]
        if len(placed) < self.seen:  # not the game it saw last: start again
            self.cells, self.seen = {}, 0
        cells = self.cells
        for p in placed[self.seen :]:
            column, row = p["column"], p["row"]
            for i, f in enumerate(self._fish(p["fish"])):
                cells[(column, row + i)] = f
        self.seen = len(placed)
        return cells

    def choose(self, view, choice):
        """The options are the state's PlaceOptions: every distinct stick in hand
        (`numbers`), both ways up, at every legal place (`spots`)."""
        cells = self._cells(view)
        hand = view["hands"][choice.seat]
        track = view["tracks"][choice.seat]
        need = [self.target - track[kind] for kind in self.kinds]
        options = choice.options
        spots = options.spots
        ways, way_fish = [], []
        for number in options.numbers:
            fish = self._fish(hand[number - 1])
            ways += [(number, False), (number, True)]
            way_fish += [fish, turned_round(fish)]
        # Which ways up show fish f at position i of the stick.
        showing: list[dict] = [{} for _ in range(FISH_PER_STICK)]
        for w, fish in enumerate(way_fish):
            for i, f in enumerate(fish):
                showing[i].setdefault(f, []).append(w)
        # Only a cell beside a fish can score: for each place and each of its
        # cells with a fish directly left or right, the ways up whose fish there
        # would line up, and the points that line would give.
        gains: dict[tuple, dict] = {}  # (way, spot index) -> {kind: points}
        for s, (column, top) in enumerate(spots):
            for i in range(FISH_PER_STICK):
                row = top + i
                left, right = cells.get((column - 1, row)), cells.get((column + 1, row))
                if left is None and right is None:
                    continue
                # The fish lines this cell would join: (fish, fish already in line).
                if left is not None:
                    n, c = 1, column - 2
                    while cells.get((c, row)) == left:
                        n, c = n + 1, c - 1
                    lines = [(left, n)]
                else:
                    lines = []
                if right is not None:
                    n, c = 1, column + 2
                    while cells.get((c, row)) == right:
                        n, c = n + 1, c + 1
                    if right == left:  # one line through the cell
                        lines = [(left, lines[0][1] + n)]
                    else:
                        lines.append((right, n))
                for f, n in lines:
                    for w in showing[i].get(f, ()):
                        gained = gains.setdefault((w, s), {})
                        gained[f >> 1] = gained.get(f >> 1, 0) + n + 1
        best, most = [], 0
        for key, gained in gains.items():
            useful = 0
            for k, g in gained.items():
                useful += g if g < need[k] else need[k]
            if useful > most:
                best, most = [key], useful
            elif useful == most and useful:
                best.append(key)
        if not best:  # nothing useful anywhere: every option is as good
            return options[self.rng.randrange(len(options))]
        best.sort()  # in the options' order, so a seed plays one game
        w, s = self.rng.choice(best)
        (number, turned), (column, row) = ways[w], spots[s]
        return {"hand": number, "turned": turned, "column": column, "row": row}
