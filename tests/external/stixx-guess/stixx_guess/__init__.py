"""Guess: everyone holds a secret card from 1 to `top`. On your turn you choose
an opponent whose card is still hidden, then name a number. Right: the card is
turned face up and you score a point. Wrong: play goes on. The game ends when
at most one card is still hidden.

The plugin guide's second example: secrets dealt by chance, a turn of two
decisions, and a player view that leaves other players' cards out.
"""

from pathlib import Path

from stixxcli.errors import IllegalMove, IllegalSetup
from stixxcli.game import Chance, Choice, Game, Param, Result, State, places
from stixxcli.hookspecs import hookimpl


class GuessState(State):
    def __init__(self, rules, players, cards):
        self.names, self.cards, self.top = players, cards, rules["top"]
        self.shown = [False] * len(players)
        self.points = [0] * len(players)
        self.seat = 0

    @property
    def over(self):
        return self.shown.count(False) <= 1

    def turn(self):
        seat = self.seat
        targets = [s for s in range(len(self.names)) if s != seat and not self.shown[s]]
        target = yield Choice(seat, "target", targets, "whose card: a seat number", int, str)
        guess = yield Choice(seat, "guess", range(1, self.top + 1), f"{self.names[target]}'s card", int, str)
        return {"seat": seat, "target": target, "guess": guess, "right": guess == self.cards[target]}

    def apply(self, move):
        target, right = move["target"], move["right"]
        if target == self.seat or target >= len(self.names) or self.shown[target]:
            raise IllegalMove(f"seat {target} holds no hidden card of an opponent")
        if move["guess"] > self.top:
            raise IllegalMove(f"the cards go from 1 to {self.top}, not {move['guess']}")
        if right != (move["guess"] == self.cards[target]):
            raise IllegalMove(f"'right' says {right}, but the card is {'not ' * right}{move['guess']}")
        if right:
            self.shown[target] = True
            self.points[self.seat] += 1
        self.seat = None if self.over else (self.seat + 1) % len(self.names)

    def announce(self, move):
        said = f"{self.names[move['seat']]} names {move['guess']} for {self.names[move['target']]}"
        return f"{said}: right" if move["right"] else f"{said}: wrong"

    def view(self, viewer=None):
        def card(seat):
            return self.cards[seat] if self.shown[seat] or viewer in (None, seat) else None

        return {
            "cards": [card(s) for s in range(len(self.names))],
            "points": self.points,
            "to_move": self.seat,
        }

    def result(self):
        return Result(self.points, places(self.points), [{"named": p} for p in self.points])

    def render(self, viewer=None):
        cards = " ".join("?" if c is None else str(c) for c in self.view(viewer)["cards"])
        return f"cards: {cards}; points: {self.points}"


class Guess(Game):
    name, title, min_players, max_players = "guess", "Guess", 2, 6
    hidden_information = True  # at one screen, the table is hidden between humans
    params = [Param("top", "int", 9, "the highest card", min=2, max=99)]
    move_schema = {
        "type": "object",
        "required": ["seat", "target", "guess", "right"],
        "additionalProperties": False,
        "properties": {
            "seat": {"type": "integer", "minimum": 0},
            "target": {"type": "integer", "minimum": 0},
            "guess": {"type": "integer", "minimum": 1},
            "right": {"type": "boolean"},
        },
    }
    setup_schema = {
        "type": "object",
        "required": ["cards"],
        "additionalProperties": False,
        "properties": {"cards": {"type": "array", "items": {"type": "integer", "minimum": 1}}},
    }

    def setup(self, rules, players):
        cards = []
        for seat, name in enumerate(players):
            card = yield Chance(
                f"card {seat}", f"{name}'s secret card, 1-{rules['top']}",
                lambda rng: rng.randint(1, rules["top"]), int, seat=seat,
            )  # fmt: skip
            cards.append(card)
        return {"cards": cards}

    def start(self, rules, players, setup):
        cards = setup["cards"]
        if len(cards) != len(players) or max(cards) > rules["top"]:
            raise IllegalSetup(f"one card of 1-{rules['top']} for each of {len(players)} players")
        return GuessState(rules, players, cards)


@hookimpl
def stixx_games(register):
    register(Guess())


@hookimpl
def stixx_rule_dirs(register):
    register(Path(__file__).parent / "rules")
