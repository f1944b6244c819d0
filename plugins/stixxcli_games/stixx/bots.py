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
from functools import cache, lru_cache
from operator import add

from stixxcli.game import Bot

from .deals import dealt_chances

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


PREFER = math.exp(PREFERENCE)


class Reading:
    """What the takes so far say about each seat's colour: the log-likelihood
    of each colour, read one take at a time and kept between turns (takes are
    only ever added), so a game's reading costs one pass over its takes."""

    def __init__(self, touches, layout: list[str], players: int, names: list[str]):
        self.touches, self.colours = touches, len(names)
        self.names = list(layout)  # the layout as the view gives it
        self.colour_names = names
        self.number = number = {c: i for i, c in enumerate(names)}
        self.layout = [number[c] for c in layout]
        size, colours = len(layout), len(names)
        self.on_board = [True] * size
        self.marker: int | None = None
        self.read = 0  # takes read so far
        self.last: dict | None = None  # the last take read: a new view must go on from it
        self.score = [[0.0] * colours for _ in range(players)]
        self.held = [[0] * colours for _ in range(players)]  # stixx held, by seat and colour
        self.left = size  # stixx on the board
        self.left_of = [0] * colours  # stixx on the board, by colour
        for c in self.layout:
            self.left_of[c] += 1
        # The stixx on the board touching each stixx, by colour: the choice a
        # take from there has, and where the next player's best take is.
        self.near = list(map(list, _near(touches, tuple(self.layout), colours)))
        self.challenges = 0  # challenges read so far
        self.excluded: dict[int, set[int]] = {s: set() for s in range(players)}  # ruled out by wrong ones

    def update(self, takes: list[dict], seat: int) -> list[list[float]]:
        layout, touches, near, score = self.layout, self.touches, self.near, self.score
        for take in takes[self.read :]:
            who, stixx = take["seat"], take["stixx"]
            colour = layout[stixx]
            if who != seat:
                # The stixx they could choose from, counted by colour.
                marker = self.marker
                counts = self.left_of if marker is None else near[marker]  # None: the first take, anywhere
                miss, hit = _log_odds(sum(counts))
                odds = list(map(miss.__getitem__, counts))
                odds[colour] = hit[counts[colour]]
                score[who] = list(map(add, score[who], odds))
            self.on_board[stixx] = False
            for t in touches[stixx]:
                near[t][colour] -= 1
            self.marker = stixx
            self.held[who][colour] += 1
            self.left_of[colour] -= 1
            self.left -= 1
        self.read = len(takes)
        self.last = takes[-1] if takes else None
        return score


@lru_cache(maxsize=8)
def _near(touches: tuple, layout: tuple[int, ...], colours: int) -> list[tuple[int, ...]]:
    """`Reading.near` of a full board: made once for the bots of one game."""
    return [tuple(map([layout[t] for t in near].count, range(colours))) for near in touches]


@cache
def _log_odds(n: int) -> tuple[list[float], list[float]]:
    """The log-likelihood of a take among `n` stixx to choose from, by how many
    of them have a colour: of that colour not taken, then taken."""
    return (
        [math.log(1.0 / (n + count * (PREFER - 1))) for count in range(n + 1)],
        [math.log(PREFER / (n + count * (PREFER - 1))) for count in range(n + 1)],
    )


class Knowledge:
    """What one seat knows: the board, every take, the reveals and challenges,
    its own colour, and from these a probability for each opponent's colour."""

    def __init__(self, view, seat: int, reading: Reading):
        self.seat = seat
        self.touches = reading.touches
        players = view["players"]
        # The colour names and the layout never change in a game: the Reading keeps them as numbers.
        self.colour_names = names = reading.colour_names
        self.number = number = reading.number
        self.layout = reading.layout
        self.players = len(players)
        self.mine = number[players[seat]["colour"]]
        self.known = {s: number[p["colour"]] for s, p in enumerate(players) if p["colour"] is not None}
        self.revealed = players[seat]["revealed_at"] is not None
        challenges = view["challenges"]
        for c in challenges[reading.challenges :]:
            if not c["correct"]:
                reading.excluded[c["target"]].add(number[c["colour"]])
        reading.challenges = len(challenges)
        self.excluded = reading.excluded
        self.evidence = reading.update(view["takes"], seat)
        # The board and the holdings, as the takes read so far left them (shared, never changed here).
        self.on_board, self.held, self.left = reading.on_board, reading.held, reading.left
        self.left_of = reading.left_of
        self.chance = self._colour_chances()
        # How much taking a stixx of each colour denies the opponents.
        others = [row for s, row in enumerate(self.chance) if s != seat]
        self.deny = [sum(column) for column in zip(*others)] if others else [0] * len(names)
        self.harm: list[float] = []  # set by the bot: what the next player gains per colour
        self.base: list[float] = []  # set by the bot: what a take of each colour gains us
        self.near = reading.near  # the stixx on the board touching each stixx, by colour
        self.ranked: list[int] = []  # set by the bot: the colours, the most `harm` first
        # Per stixx, `_top_two` of its neighbours, made when first needed (None: not yet).
        self.threat: list[tuple | None] = [None] * len(self.layout)
        # Per stixx, what the bot's `_alone` and `_second` make of it this turn (None: not yet).
        self.alone: list[float | None] = [None] * len(self.layout)
        self.second: list[tuple | None] = [None] * len(self.layout)
        self.lead: float | None = None  # the best opponent's expected score, when first needed

    def _colour_chances(self) -> list[list[float]]:
        """For each seat, the probability of each colour: certain for our own and
        revealed ones; for hidden opponents, over every way of giving them
        distinct colours still possible."""
        colours = len(self.colour_names)
        chance = [[0.0] * colours for _ in range(self.players)]
        known = self.known
        for s, c in known.items():
            chance[s][c] = 1.0
        if len(known) == self.players:  # every colour known (most turns, once the colours are out)
            return chance
        hidden = [s for s in range(self.players) if s not in known]
        taken = set(known.values())
        free = [c for c in range(colours) if c not in taken]
        # Each hidden seat's likelihood of each colour (0 for a colour a wrong
        # challenge ruled out), scaled by its largest: a deal weighs their product.
        likes = []
        for s in hidden:
            evidence, excluded = self.evidence[s], self.excluded[s]
            top = max([evidence[c] for c in free])
            like = [0.0] * colours  # colours not free are never dealt
            for c in free:
                if c not in excluded:
                    like[c] = math.exp(evidence[c] - top)
            likes.append(like)
        rows = dealt_chances(likes, tuple(free))
        for n, s in enumerate(hidden):
            chance[s] = rows[n] if rows else [1.0 / len(free)] * colours
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
        # Holding this many of our colour ends the game (None: no such end).
        self.full_at = rules["stixx_per_colour"] if rules["end_on_full_colour"] else None
        self.reading: Reading | None = None
        self.known: tuple | None = None  # (turn, knowledge): one turn's questions share it

    def choose(self, view, choice):
        know = self._knowledge(view, choice.context.get("turn"))
        if choice.name == "take":
            return self._take(know, choice)
        return self._option(know, choice)

    def _knowledge(self, view, turn: int | None) -> Knowledge:
        # The table does not change between the questions of one turn (option,
        # then up to two takes): what the bot knows is read once per turn, and
        # the view (made when first read) is not even made again.
        if turn is not None and self.known is not None and self.known[0] == turn:
            return self.known[1]
        takes = view["takes"]
        reading = self.reading
        if (
            reading is None
            or reading.read > len(takes)
            or (reading.read and takes[reading.read - 1] != reading.last)
            or view["layout"] != reading.names
        ):
            # A first look, or a table that is not this game's continuation.
            reading = self.reading = Reading(
                self.touches, view["layout"], len(view["players"]), list(self.rules["colours"])
            )
        know = Knowledge(view, self.seat, reading)
        know.harm = harm = self._harm(know)
        know.ranked = sorted(range(len(harm)), key=harm.__getitem__, reverse=True)
        # What taking a stixx of each colour gains, before the noise that breaks ties.
        know.base = [(1.0 if c == know.mine else 0.0) + DENY * d for c, d in enumerate(know.deny)]
        self.known = (turn, know)
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

    def _after(self, know: Knowledge, stixx: int, gone: int | None, own_gained: int) -> float:
        """What leaving the marker on `stixx` is worth: the end of the game if it
        is isolated (or we complete our colour), else the next player's best take
        counts against it."""
        top = know.threat[stixx] or _threat(know, stixx)
        # The next player's best take, `gone` gone (when it was the only one with the best harm).
        worst = top[0] if gone is None or top[1] != know.layout[gone] else top[2]
        mine = know.held[self.seat][know.mine] + own_gained
        if worst is None or mine == self.full_at:
            best = know.lead
            if best is None:  # the best opponent's expected score: asked of this turn's ends only
                best = know.lead = max(
                    (know.expected_score(s) for s in range(know.players) if s != self.seat), default=0
                )
            return END if mine > best + 0.5 else (-END if mine < best - 0.5 else 0.0)
        return -NEXT_PLAYER * worst

    def _alone(self, know: Knowledge, stixx: int) -> float:
        """`_after` a single take of `stixx` (nothing else gone this turn): the
        same each time this turn asks, so worked out once."""
        after = know.alone[stixx]
        if after is None:
            worst = (know.threat[stixx] or _threat(know, stixx))[0]
            own = know.layout[stixx] == know.mine
            if worst is None or know.held[self.seat][know.mine] + own == self.full_at:
                after = self._after(know, stixx, None, own)  # the end of the game
            else:
                after = -NEXT_PLAYER * worst
            know.alone[stixx] = after
        return after

    def _single(self, know: Knowledge, stixx: int, gone: int | None = None, own: int = 0) -> float:
        """What taking `stixx` gains (with a little noise, so ties are broken at
        random), plus what leaving the marker there is worth."""
        colour = know.layout[stixx]
        if gone is None and not own:
            return know.base[colour] + 1e-6 * self.rng.random() + self._alone(know, stixx)
        own += colour == know.mine
        return know.base[colour] + 1e-6 * self.rng.random() + self._after(know, stixx, gone, own)

    def _second(self, know: Knowledge, two: int) -> tuple:
        """A second take of `two`, the marker left there: (the colour of the
        next player's best take from `two` when only one stixx has it, its
        gain plus what that leaves them, the same when the first take was
        that best take). None for a gain `_after` has to value (the marker
        isolated)."""
        top = know.threat[two] or _threat(know, two)
        gain = know.base[know.layout[two]]
        worst, at, other = top
        second = know.second[two] = (
            at,
            None if worst is None else gain - NEXT_PLAYER * worst,
            None if other is None else gain - NEXT_PLAYER * other,
        )
        return second

    def _pair(self, know: Knowledge, first) -> tuple[float, list[int]]:
        """The best two takes from `first` (or one, when the game would end
        after it): the first one's gain plus the second one's gain and what
        it leaves the next player. Equal values go to the pair met first, in
        an order shuffled each time (so ties are broken at random)."""
        layout, mine, on_board, touches, near = know.layout, know.mine, know.on_board, know.touches, know.near
        seconds, base = know.second, know.base
        held = know.held[self.seat][mine]
        full_at = self.full_at
        order = list(first)
        self.rng.shuffle(order)
        best, plan = -math.inf, []
        last = know.left == 1
        for one in order:
            taken = layout[one]
            own = int(taken == mine)
            if last or held + own == full_at or not any(near[one]):  # the game ends after `one`
                value, path = self._single(know, one), [one]
            else:
                # A second take of our colour that completes it ends the game: `_after` values that.
                completes = full_at is not None and held + own + 1 == full_at
                value, two_best = -math.inf, None
                for two in touches[one]:
                    if on_board[two]:
                        at, plain, gone = seconds[two] or self._second(know, two)
                        # The next player's best take from `two`, `one` gone: the best
                        # of two's neighbours, or the second best when `one` was the best.
                        v = plain if at != taken else gone
                        if v is None or (completes and layout[two] == mine):
                            c2 = layout[two]
                            v = base[c2] + self._after(know, two, one, own + (c2 == mine))
                        if v > value:
                            value, two_best = v, two
                value, path = value + base[taken], [one, two_best]
            if value > best:
                best, plan = value, path
        return best, plan

    # Choices -------------------------------------------------------------------

    def _option(self, know: Knowledge, choice) -> dict:
        options = choice.options  # the game's Options: its takes, reveal and targets, unbuilt
        takes = options.takes
        # Each take's worth, drawn with its noise in the order of the takes; the
        # first of the best, as max() would pick it.
        alone, base, layout, rnd = know.alone, know.base, know.layout, self.rng.random
        afters = [alone[s] if alone[s] is not None else self._alone(know, s) for s in takes]
        singles = [base[layout[s]] + 1e-6 * rnd() + after for s, after in zip(takes, afters)]  # `_single`
        best_a = takes[singles.index(max(singles))]
        value_a = self._single(know, best_a)
        pick, value, self.plan = {"option": "A", "take": best_a}, value_a, []
        pair, plan = self._pair(know, takes)
        if options.reveal:
            cost = 0.0 if know.revealed else SECRECY * know.left_of[know.mine]  # our colour on the board
            if pair - cost > value:
                pick, value, self.plan = {"option": "B"}, pair - cost, plan
        for target in options.targets:
            chance = know.chance[target]
            if max(chance) < CONFIDENT:  # no colour of theirs is likely enough
                continue
            for colour in options.colours:
                p = chance[know.number[colour]]
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


def _threat(know: Knowledge, stixx: int) -> tuple:
    """`_top_two` of the stixx touching `stixx`, kept for the turn."""
    top = know.threat[stixx] = _top_two(know.harm, know.ranked, know.near[stixx])
    return top


def _top_two(harm: list[float], ranked: list[int], near: list[int]) -> tuple:
    """The next player's best take among stixx counted by colour in `near`,
    `ranked` the colours by `harm`, the most first: (its harm, its colour when
    one stixx alone has that harm's colour (else -1), the best harm with that
    stixx gone); None for a harm when there is none."""
    best, at = None, -1
    for c in ranked:
        k = near[c]
        if k:
            if best is not None:
                return best, at, harm[c]
            if k > 1:  # another one of that colour is left when one is gone
                return harm[c], -1, harm[c]
            best, at = harm[c], c
    return best, at, None
