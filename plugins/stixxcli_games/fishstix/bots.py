"""Computer players for Fish Stix (the core adds `random` for every game).

A bot decides from its seat's view (the grid, its own hand, the tracks), the
choice's options and the rules: never from the state, so it cannot see
another hand or the pile.
"""

from __future__ import annotations

from stixxcli.game import Bot

from .board import turned_round
from .grid import Grid, Placement
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
        # The bot's own copy of the grid, brought up to date from the view's
        # list of sticks placed: only the sticks new since its last turn.
        self.grid = Grid()
        self.fish_of: dict[str, tuple] = {}

    def _fish(self, text: str) -> tuple:
        fish = self.fish_of.get(text)
        if fish is None:
            fish = self.fish_of[text] = read_exact(text, self.index)
        return fish

    def choose(self, view, choice):
        placed = view["grid"]
        grid = self.grid
        if len(placed) < len(grid.placements):  # another game's view: start again
            grid = self.grid = Grid()
        for p in placed[len(grid.placements) :]:
            grid.place(
                Placement(p["stick"], p["turned"], p["column"], p["row"], p["seat"], self._fish(p["fish"]))
            )
        hand = view["hands"][choice.seat]
        track = view["tracks"][choice.seat]
        need = [self.target - track[kind] for kind in self.kinds]
        run_through = grid.run_through
        runs: dict[tuple, int] = {}  # (fish, column, row) -> run length, shared by the options
        ways: dict[tuple, tuple] = {}
        best, most = [], -1
        for option in choice.options:
            way = (option["hand"], option["turned"])
            fish = ways.get(way)
            if fish is None:
                fish = self._fish(hand[way[0] - 1])
                fish = ways[way] = turned_round(fish) if way[1] else fish
            column, row = option["column"], option["row"]
            gained = [0] * len(need)
            for i, f in enumerate(fish):
                key = (f, column, row + i)
                length = runs.get(key)
                if length is None:
                    length = runs[key] = run_through(f, column, row + i)
                if length >= 2:
                    gained[f >> 1] += length
            useful = sum(min(g, n) for g, n in zip(gained, need))
            if useful > most:
                best, most = [option], useful
            elif useful == most:
                best.append(option)
        return self.rng.choice(best)
