"""Computer players for Fish Stix (the core adds `random` for every game).

A bot decides from its seat's view (the grid, its own hand, the tracks), the
choice's options and the rules: never from the state, so it cannot see
another hand or the pile.
"""

from __future__ import annotations

from stixxcli.game import Bot

from .board import turned_round
from .edge import Edge


class GreedyBot(Bot):
    name = "greedy"
    description = (
        "plays the stick and place worth the most useful points (points beyond target_points count nothing)"
    )

    def __init__(self, game, rules, seat, rng):
        super().__init__(game, rules, seat, rng)
        self.kinds = list(rules["kinds"])
        self.target = rules["target_points"]
        # Each fish as written (`<blue`, `blue>`), for reading the view's sticks.
        self.fish_by_token = {}
        for i, kind in enumerate(self.kinds):
            self.fish_by_token[f"<{kind}"], self.fish_by_token[f"{kind}>"] = 2 * i, 2 * i + 1
        self.ways_of: dict[str, tuple] = {}  # stick text -> its fish both ways up
        # The bot's own copy of the grid, brought up to date from the view's
        # list of sticks placed: only the sticks new since its last turn.
        self.edge = Edge()
        self.seen = 0

    def _ways(self, text: str) -> tuple[tuple, tuple]:
        """The fish of a stick as written, and turned round."""
        ways = self.ways_of.get(text)
        if ways is None:
            fish = tuple([self.fish_by_token[token] for token in text.split(" ")])
            ways = self.ways_of[text] = (fish, turned_round(fish))
        return ways

    def _edge(self, view) -> Edge:
        placed = view["grid"]
        if len(placed) < self.seen:  # not the game it saw last: start again
            self.edge, self.seen = Edge(), 0
        for p in placed[self.seen :]:
            self.edge.place(self._ways(p["fish"])[0], p["column"], p["row"])
        self.seen = len(placed)
        return self.edge

    def choose(self, view, choice):
        best = self.best(view, choice)
        if not best:  # nothing useful anywhere: every option is as good
            return choice.options[self.rng.randrange(len(choice.options))]
        return choice.options[self.rng.choice(best)]

    def best(self, view, choice) -> list[int]:
        """The options worth the most useful points, as their indexes in order
        (none when no option is worth any).

        The options are the state's PlaceOptions: every distinct stick in hand
        (`numbers`), both ways up, at every legal place (`keys`), in that order."""
        edge = self._edge(view)
        hand = view["hands"][choice.seat]
        track = view["tracks"][choice.seat]
        need = [self.target - track[kind] for kind in self.kinds]
        options = choice.options
        keys = options.keys
        count = len(keys)
        # For each fish, the positions i on the stick where some options show
        # it, each with those options as the index of their first place (their
        # way up's index times the number of places). A fish whose kind needs
        # nothing more is left out: it can add no useful point (tracks stop at
        # target_points, so need is never below 0).
        showing: dict[int, dict] = {}  # fish -> {i: [first option index]}
        first = 0
        for number in options.numbers:
            for way in self._ways(hand[number - 1]):
                for i, f in enumerate(way):
                    if need[f >> 1]:
                        showing.setdefault(f, {}).setdefault(i, []).append(first)
                first += count
        # Only a cell beside a fish can score, and only at the places that
        # cover it: for a fish at position i of the stick, the place whose top
        # row is i above the cell.
        spot_of = dict(zip(keys, range(count)))  # place_key -> its index
        gains: dict[int, dict] = {}  # option index -> {kind: points}
        for cell, lines in edge.lines.items():
            for f, points in lines:
                shown = showing.get(f)
                if shown is None:
                    continue
                for i, firsts in shown.items():
                    s = spot_of.get(cell - i)
                    if s is None:
                        continue
                    for o in firsts:
                        o += s
                        gained = gains.get(o)
                        if gained is None:
                            gains[o] = {f >> 1: points}
                        else:
                            gained[f >> 1] = gained.get(f >> 1, 0) + points
        best, most = [], 0
        for o, gained in gains.items():
            useful = 0
            for k, g in gained.items():
                useful += g if g < need[k] else need[k]
            if useful > most:
                best, most = [o], useful
            elif useful == most and useful:
                best.append(o)
        best.sort()  # in the options' order, so a seed plays one game
        return best
