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


class Reading:
    """What the takes so far say about each seat's colour: the log-likelihood
    of each colour, read one take at a time and kept between turns (takes are
    only ever added), so a game's reading costs one pass over its takes."""

    def __init__(self, touches, size: int, players: int, colours: int):
        self.touches, self.colours = touches, colours
        self.on_board = [True] * size
        self.marker: int | None = None
        self.read = 0  # takes read so far
        self.last: dict | None = None  # the last take read: a new view must go on from it
        self.score = [[0.0] * colours for _ in range(players)]

    def update(self, layout: list[int], takes: list[dict], seat: int) -> list[list[float]]:
        colours, on_board = self.colours, self.on_board
        prefer = math.exp(PREFERENCE)
        for take in takes[self.read :]:
            who, stixx = take["seat"], take["stixx"]
            if who != seat:
                marker = self.marker
                choices = [
                    t
                    for t in (self.touches[marker] if marker is not None else range(len(on_board)))
                    if on_board[t]
                ]
                counts = [0] * colours
                for t in choices:
                    counts[layout[t]] += 1
                taken = layout[stixx]
                row = self.score[who]
                for c in range(colours):
                    weight = prefer if c == taken else 1.0
                    total = len(choices) + counts[c] * (prefer - 1)
                    row[c] += math.log(weight / total)
            on_board[stixx] = False
            self.marker = stixx
        self.read = len(takes)
        self.last = takes[-1] if takes else None
        return self.score


class Knowledge:
    """What one seat knows: the board, every take, the reveals and challenges,
    its own colour, and from these a probability for each opponent's colour."""

    def __init__(self, view, seat: int, names: list[str], touches, reading: Reading):
        self.seat = seat
        self.touches = touches
        players = view["players"]
        colours = [p["colour"] for p in players]
        self.colour_names = names
        self.number = number = {c: i for i, c in enumerate(names)}
        self.layout = [number[c] for c in view["layout"]]
        self.players = len(players)
        self.on_board = [False] * len(self.layout)
        for s in view["on_board"]:
            self.on_board[s] = True
        self.mine = number[colours[seat]]
        self.known = {s: number[c] for s, c in enumerate(colours) if c is not None}
        self.held = [[0] * len(names) for _ in range(self.players)]
        for p in players:
            for c, k in p["held"].items():
                self.held[p["seat"]][number[c]] = k
        self.left = len(view["on_board"])
        self.revealed = players[seat]["revealed_at"] is not None
        self.excluded = {s: set() for s in range(self.players)}
        for c in view["challenges"]:
            if not c["correct"]:
                self.excluded[c["target"]].add(number[c["colour"]])
        self.evidence = reading.update(self.layout, view["takes"], seat)
        self.chance = self._colour_chances()
        # How much taking a stixx of each colour denies the opponents.
        self.deny = [
            sum(self.chance[s][c] for s in range(self.players) if s != seat) for c in range(len(names))
        ]
        self.harm: list[float] = []  # set by the bot: what the next player gains per colour
        self.threat: dict[int, list] = {}  # per stixx: (harm, neighbour) on the board, best first

    def touching(self, stixx: int, gone: int | None = None) -> list[int]:
        on_board = self.on_board
        return [t for t in self.touches[stixx] if on_board[t] and t != gone]

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
        rows = [(self.evidence[s], self.excluded[s], chance[s]) for s in hidden]
        exp = math.exp
        for deal in permutations(free, len(hidden)):
            log = 0
            for (evidence, excluded, _), c in zip(rows, deal):
                if c in excluded:
                    break
                log += evidence[c]
            else:
                weight = exp(log)
                total += weight
                for (_, _, row), c in zip(rows, deal):
                    row[c] += weight
        for s in hidden:
            for c in range(colours):
                chance[s][c] = chance[s][c] / total if total else 1.0 / len(free)
        return chance

    def expected_score(self, seat: int) -> float:
        return sum(p * k for p, k in zip(self.chance[seat], self.held[seat]))


class ReasoningBot(Bot):
    name = "reasoning"
    description = "reads opponents' takes, challenges when confident, reveals when it pays, denies"

    def __init__(self, game, rules, seat, rng):
        super().__init__(game, rules, seat, rng)
        from .board import board

        self.plan: list[int] = []
        self.touches = board(rules["board_radius"]).touches
        self.reading: Reading | None = None
        self.known: tuple | None = None  # (turn, knowledge): one turn's questions share it

    def choose(self, view, choice):
        know = self._knowledge(view)
        if choice.name == "take":
            return self._take(know, choice)
        return self._option(know, choice)

    def _knowledge(self, view) -> Knowledge:
        # The table does not change between the questions of one turn (option,
        # then up to two takes): what the bot knows is read once per turn.
        turn, takes = view["turn"], view["takes"]
        if self.known is not None and self.known[0] == (turn, len(takes)):
            return self.known[1]
        reading = self.reading
        if (
            reading is None
            or reading.read > len(takes)
            or (reading.read and takes[reading.read - 1] != reading.last)
        ):
            # A first look, or a table that is not this game's continuation.
            reading = self.reading = Reading(
                self.touches, len(view["layout"]), len(view["players"]), len(self.rules["colours"])
            )
        know = Knowledge(view, self.seat, list(self.rules["colours"]), self.touches, reading)
        know.harm = self._harm(know)
        self.known = ((turn, len(takes)), know)
        return know

    def _harm(self, know: Knowledge) -> list[float]:
        """What the next player gains from a stixx of each colour: taking their
        own colour, or ours once they may suspect it."""
        follower = (self.seat + 1) % know.players
        suspicion = 1.0 if know.revealed else 0.3
        return [
            know.chance[follower][c] + (suspicion * DENY if c == know.mine else 0.0)
            for c in range(len(know.colour_names))
        ]

    # Values --------------------------------------------------------------------

    def _gain(self, know: Knowledge, stixx: int) -> float:
        colour = know.layout[stixx]
        mine = 1.0 if colour == know.mine else 0.0
        return mine + DENY * know.deny[colour] + 1e-6 * self.rng.random()

    def _after(self, know: Knowledge, stixx: int, gone: int | None, own_gained: int) -> float:
        """What leaving the marker on `stixx` is worth: the end of the game if it
        is isolated (or we complete our colour), else the next player's best take
        counts against it."""
        nexts = know.touching(stixx, gone)
        mine = know.held[self.seat][know.mine] + own_gained
        if not nexts or (self.rules["end_on_full_colour"] and mine == self.rules["stixx_per_colour"]):
            best = max((know.expected_score(s) for s in range(know.players) if s != self.seat), default=0)
            return END if mine > best + 0.5 else (-END if mine < best - 0.5 else 0.0)
        harm, layout = know.harm, know.layout
        return -NEXT_PLAYER * max(harm[layout[t]] for t in nexts)

    def _single(self, know: Knowledge, stixx: int, gone: int | None = None, own: int = 0) -> float:
        own += know.layout[stixx] == know.mine
        return self._gain(know, stixx) + self._after(know, stixx, gone, own)

    def _pair(self, know: Knowledge, first) -> tuple[float, list[int]]:
        """The best two takes from `first` (or one, when the game would end
        after it): the value of each pair is `_gain` of the first plus
        `_single` of the second, written out here since it runs a hundred
        times a turn."""
        best, plan = -math.inf, []
        layout, mine, deny, harm, on_board = know.layout, know.mine, know.deny, know.harm, know.on_board
        touches, rnd = know.touches, self.rng.random
        threat = know.threat
        held = know.held[self.seat][mine]
        full_at = self.rules["stixx_per_colour"] if self.rules["end_on_full_colour"] else None
        for one in first:
            own = int(layout[one] == mine)
            nexts = know.touching(one, one)
            full = full_at is not None and held + own == full_at
            if not nexts or full or know.left == 1:
                value, path = self._single(know, one), [one]
            else:
                value, path = -math.inf, []
                c1 = layout[one]
                gain_one = (1.0 if c1 == mine else 0.0) + DENY * deny[c1]
                for two in nexts:
                    gain = gain_one + 1e-6 * rnd()  # _gain(one), drawn anew each time as before
                    c2 = layout[two]
                    own_two = own + (c2 == mine)
                    single = (1.0 if c2 == mine else 0.0) + DENY * deny[c2] + 1e-6 * rnd()
                    # The next player's best take from `two`, `one` gone: the first
                    # of two's neighbours (best first) that is not `one`.
                    ranked = threat.get(two)
                    if ranked is None:
                        ranked = threat[two] = sorted(
                            ((harm[layout[t]], t) for t in touches[two] if on_board[t]), reverse=True
                        )
                    worst = next((h for h, t in ranked if t != one), None)
                    if worst is None or (full_at is not None and held + own_two == full_at):
                        single += self._after(know, two, one, own_two)
                    else:
                        single += -NEXT_PLAYER * worst
                    v = gain + single
                    if v > value:
                        value, path = v, [one, two]
            if value > best:
                best, plan = value, path
        return best, plan

    # Choices -------------------------------------------------------------------

    def _option(self, know: Knowledge, choice) -> dict:
        options = choice.options  # the game's Options: its takes, reveal and targets, unbuilt
        takes = options.takes
        best_a = max(takes, key=lambda s: self._single(know, s))
        value_a = self._single(know, best_a)
        pick, value, self.plan = {"option": "A", "take": best_a}, value_a, []
        pair, plan = self._pair(know, takes)
        if options.reveal:
            cost = (
                0.0
                if know.revealed
                else SECRECY
                * sum(1 for s in range(len(know.layout)) if know.on_board[s] and know.layout[s] == know.mine)
            )
            if pair - cost > value:
                pick, value, self.plan = {"option": "B"}, pair - cost, plan
        for target in options.targets:
            for colour in options.colours:
                p = know.chance[target][know.number[colour]]
                if p < CONFIDENT:
                    continue
                expected = p * (pair + REVEAL_GAIN) + (1 - p) * WRONG
                if expected > value:
                    pick, value, self.plan = (
                        {"option": "C", "target": target, "colour": colour},
                        expected,
                        plan,
                    )
        return pick

    def _take(self, know: Knowledge, choice) -> int:
        if self.plan and self.plan[0] in choice.options:
            return self.plan.pop(0)
        self.plan = []
        gone = choice.context.get("first take")
        if gone is not None:  # the second take: `touching` leaves the first one's place out
            own = int(know.layout[gone] == know.mine)
            return max(choice.options, key=lambda s: self._single(know, s, gone, own))
        if choice.context.get("take") == 1:  # the first of two: plan both
            _, plan = self._pair(know, choice.options)
            self.plan = plan[1:]
            return plan[0]
        return max(choice.options, key=lambda s: self._single(know, s))
