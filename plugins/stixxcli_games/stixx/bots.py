"""The `reasoning` bot: it reads each opponent's takes as evidence of their
colour, challenges when it is confident, reveals when two takes are worth more
than secrecy, and takes to deny.

It decides from what the core hands it: the player view of its seat (what
`stixx replay --as-player` shows: the board, every take, reveals and challenge
outcomes, and its own colour), the choice and the rules. The other secret
colours never reach it.
"""

from __future__ import annotations

import math
from itertools import permutations

from stixxcli.game import Bot

# How strongly a player is taken to prefer stixx of their own colour when
# reading their takes (0 would read every take as random).
PREFERENCE = 1.2
DENY = 0.6  # a stixx of an opponent's colour taken away, against one of ours
NEXT_PLAYER = 0.5  # how much the next player's best take counts against a place for the marker
SECRECY = 0.15  # per stixx of our colour still on the board: what revealing it costs
REVEAL_GAIN = 0.5  # an opponent's colour made public: everyone can deny it now
WRONG = -0.3  # a wrong challenge: a turn with no take
CONFIDENT = 0.6  # the least certainty about a colour before challenging it
END = 2.0  # the game ending now while ahead (or behind: negative)


class Knowledge:
    """What one seat knows: the board, every take, the reveals and challenges,
    its own colour, and from these a probability for each opponent's colour."""

    def __init__(self, view: dict, seat: int, names: list[str]):
        self.seat = seat
        colours = [p["colour"] for p in view["players"]]
        self.colour_names = names
        self.number = {c: i for i, c in enumerate(names)}
        self.layout = [self.number[c] for c in view["layout"]]
        self.players = len(view["players"])
        self.on_board = [False] * len(self.layout)
        for s in view["on_board"]:
            self.on_board[s] = True
        self.mine = self.number[colours[seat]]
        self.known = {s: self.number[c] for s, c in enumerate(colours) if c is not None}
        self.held = [[0] * len(names) for _ in range(self.players)]
        for p in view["players"]:
            for c, k in p["held"].items():
                self.held[p["seat"]][self.number[c]] = k
        self.left = sum(self.on_board)
        self.revealed = view["players"][seat]["revealed_at"] is not None
        self.excluded = {s: set() for s in range(self.players)}
        for c in view["challenges"]:
            if not c["correct"]:
                self.excluded[c["target"]].add(self.number[c["colour"]])
        self.evidence = self._evidence(view, len(names))
        self.chance = self._colour_chances()

    def touching(self, stixx: int, gone: int | None = None) -> list[int]:
        touches = board_for(len(self.layout)).touches[stixx]
        return [t for t in touches if self.on_board[t] and t != gone]

    def _evidence(self, view: dict, colours: int) -> list[list[float]]:
        """Log-likelihood of each seat's colour from the takes it made."""
        grid = board_for(len(self.layout))
        on_board = [True] * len(self.layout)
        score = [[0.0] * colours for _ in range(self.players)]
        marker = None
        for take in view["takes"]:
            seat, stixx = take["seat"], take["stixx"]
            if seat != self.seat and seat not in self.known:
                choices = [
                    t
                    for t in (grid.touches[marker] if marker is not None else range(len(on_board)))
                    if on_board[t]
                ]
                counts = [0] * colours
                for t in choices:
                    counts[self.layout[t]] += 1
                taken = self.layout[stixx]
                for c in range(colours):
                    weight = math.exp(PREFERENCE) if c == taken else 1.0
                    total = len(choices) + counts[c] * (math.exp(PREFERENCE) - 1)
                    score[seat][c] += math.log(weight / total)
            on_board[stixx] = False
            marker = stixx
        return score

    def _colour_chances(self) -> list[list[float]]:
        """For each seat, the probability of each colour: certain for our own and
        revealed ones; for hidden opponents, over every way of giving them
        distinct colours still possible."""
        colours = len(self.colour_names)
        chance = [[0.0] * colours for _ in range(self.players)]
        for s, c in self.known.items():
            chance[s][c] = 1.0
        hidden = [s for s in range(self.players) if s not in self.known]
        free = [c for c in range(colours) if c not in self.known.values()]
        if not hidden:
            return chance
        total = 0.0
        for deal in permutations(free, len(hidden)):
            if any(c in self.excluded[s] for s, c in zip(hidden, deal)):
                continue
            weight = math.exp(sum(self.evidence[s][c] for s, c in zip(hidden, deal)))
            total += weight
            for s, c in zip(hidden, deal):
                chance[s][c] += weight
        for s in hidden:
            for c in range(colours):
                chance[s][c] = chance[s][c] / total if total else 1.0 / len(free)
        return chance

    def expected_score(self, seat: int) -> float:
        return sum(p * k for p, k in zip(self.chance[seat], self.held[seat]))


def board_for(size: int):
    from .board import board, segment_count

    radius = next(r for r in (1, 2) if segment_count(r) == size)
    return board(radius)


class ReasoningBot(Bot):
    name = "reasoning"
    description = "reads opponents' takes, challenges when confident, reveals when it pays, denies"

    def __init__(self, game, rules, seat, rng):
        super().__init__(game, rules, seat, rng)
        self.plan: list[int] = []

    def choose(self, view, choice):
        know = Knowledge(view, self.seat, list(self.rules["colours"]))
        if choice.name == "take":
            return self._take(know, choice)
        return self._option(know, choice)

    # Values --------------------------------------------------------------------

    def _gain(self, know: Knowledge, stixx: int) -> float:
        colour = know.layout[stixx]
        mine = 1.0 if colour == know.mine else 0.0
        deny = sum(know.chance[s][colour] for s in range(know.players) if s != self.seat)
        return mine + DENY * deny + 1e-6 * self.rng.random()

    def _after(self, know: Knowledge, stixx: int, gone: int | None, own_gained: int) -> float:
        """What leaving the marker on `stixx` is worth: the end of the game if it
        is isolated (or we complete our colour), else the next player's best take
        counts against it."""
        nexts = know.touching(stixx, gone)
        mine = know.held[self.seat][know.mine] + own_gained
        if not nexts or (self.rules["end_on_full_colour"] and mine == self.rules["stixx_per_colour"]):
            best = max((know.expected_score(s) for s in range(know.players) if s != self.seat), default=0)
            return END if mine > best + 0.5 else (-END if mine < best - 0.5 else 0.0)
        follower = (self.seat + 1) % know.players
        suspicion = 1.0 if know.revealed else 0.3
        harm = max(
            know.chance[follower][know.layout[t]] + (suspicion * DENY if know.layout[t] == know.mine else 0.0)
            for t in nexts
        )
        return -NEXT_PLAYER * harm

    def _single(self, know: Knowledge, stixx: int, gone: int | None = None, own: int = 0) -> float:
        own += know.layout[stixx] == know.mine
        return self._gain(know, stixx) + self._after(know, stixx, gone, own)

    def _pair(self, know: Knowledge, first: list[int]) -> tuple[float, list[int]]:
        best, plan = -math.inf, []
        for one in first:
            own = int(know.layout[one] == know.mine)
            nexts = know.touching(one, one)
            full = (
                self.rules["end_on_full_colour"]
                and know.held[self.seat][know.mine] + own == self.rules["stixx_per_colour"]
            )
            if not nexts or full or know.left == 1:
                value, path = self._single(know, one), [one]
            else:
                value, path = -math.inf, []
                for two in nexts:
                    v = self._gain(know, one) + self._single(know, two, one, own)
                    if v > value:
                        value, path = v, [one, two]
            if value > best:
                best, plan = value, path
        return best, plan

    # Choices -------------------------------------------------------------------

    def _option(self, know: Knowledge, choice) -> dict:
        takes = [o["take"] for o in choice.options if o["option"] == "A"]
        best_a = max(takes, key=lambda s: self._single(know, s))
        value_a = self._single(know, best_a)
        pick, value, self.plan = {"option": "A", "take": best_a}, value_a, []
        pair, plan = self._pair(know, takes)
        if {"option": "B"} in choice.options:
            cost = (
                0.0
                if know.revealed
                else SECRECY
                * sum(1 for s in range(len(know.layout)) if know.on_board[s] and know.layout[s] == know.mine)
            )
            if pair - cost > value:
                pick, value, self.plan = {"option": "B"}, pair - cost, plan
        for option in choice.options:
            if option["option"] != "C":
                continue
            p = know.chance[option["target"]][know.number[option["colour"]]]
            if p < CONFIDENT:
                continue
            expected = p * (pair + REVEAL_GAIN) + (1 - p) * WRONG
            if expected > value:
                pick, value, self.plan = option, expected, plan
        return pick

    def _take(self, know: Knowledge, choice) -> int:
        if self.plan and self.plan[0] in choice.options:
            return self.plan.pop(0)
        self.plan = []
        gone = choice.context.get("first take")
        if gone is not None:
            know.on_board[gone] = False
            own = int(know.layout[gone] == know.mine)
            return max(choice.options, key=lambda s: self._single(know, s, gone, own))
        if str(choice.context.get("take", "")).startswith("1 of 2"):
            _, plan = self._pair(know, list(choice.options))
            self.plan = plan[1:]
            return plan[0]
        return max(choice.options, key=lambda s: self._single(know, s))
