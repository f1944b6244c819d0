"""Fish Stix (Peaceable Kingdom, 2009): the parameters, the deal and the start.

The setup records the start stick and every hand (each hand a chance outcome
private to its player); the pile's order is never fixed: each draw is a chance
outcome of its turn, recorded in the move (docs/games/fishstix.md, The log).

Sticks typed in at a real table make an open deck: the publisher's box is not
the project's deck, so any well-written stick is taken, and the setup says
`"open_deck": true` (docs/games/fishstix.md, Playing along with a real box).
"""

from __future__ import annotations

from bisect import bisect_left
from functools import cache

from stixxcli.errors import IllegalSetup, RuleError
from stixxcli.game import Chance, Game, Param
from stixxcli.text import counted

from . import notation
from .board import RESERVED_NAMES, STANDARD_KINDS

# A stick as a log writes it: four fish, single spaces, kind> facing right or
# <kind facing left. Which kinds there are is the rules' business (`kinds`).
FISH_PATTERN = r"(<[a-z][a-z0-9_-]*|[a-z][a-z0-9_-]*>)"
STICK_SCHEMA = {
    "type": "string",
    "pattern": f"^{FISH_PATTERN}( {FISH_PATTERN}){{3}}$",
    "description": "a stick: 4 fish top to bottom, kind> facing right, <kind facing left",
    "examples": ["<pink school> green> <orange"],
}


@cache
def _state_class():
    """The rules engine, imported by the first game rather than with the plugin;
    kept here since even an import of a loaded module costs microseconds, and
    `start` runs once per log validated."""
    from .state import FishStixState

    return FishStixState


def _dealt(seat: int | None) -> str:
    """Where a stick of the setup was dealt, as a message names it (None: the start stick)."""
    return "the start stick" if seat is None else f"the hand of seat {seat}"


def _deck(rules: dict):
    return notation.deck_for(tuple(rules["kinds"]), tuple(rules["deck"]))


class FishStix(Game):
    name = "fishstix"
    title = "Fish Stix"
    min_players, max_players = 2, 4
    hidden_information = True  # hands are private
    worded_breakdown = RESERVED_NAMES  # the other keys are kinds, named by the rules: shown as written
    params = [
        Param(
            "kinds",
            "list[str]",
            list(STANDARD_KINDS),
            "the kinds of fish, as sticks name them (blue> faces right, <blue left)",
        ),
        Param(
            "deck",
            "list[str]",
            notation.project_deck(),
            "every stick, 4 fish top to bottom (the project's own composition of 72)",
        ),
        Param("hand_size", "int", 3, "sticks in each hand", min=1, max=20),
        Param("target_points", "int", 10, "a kind's points stop here; all kinds at it wins", min=1, max=1000),
        Param(
            "end_when_pile_empty",
            "bool",
            False,
            "end as soon as the pile runs out (false: when every hand is played out too)",
        ),
    ]
    move_schema = {
        "type": "object",
        "additionalProperties": False,
        "required": ["seat", "stick", "turned", "column", "row", "points", "draw"],
        "properties": {
            "seat": {"type": "integer", "minimum": 0},
            "stick": {**STICK_SCHEMA, "description": "the stick played, as the deck writes it"},
            "turned": {"type": "boolean", "description": "true: it stands turned round"},
            "column": {"type": "integer"},
            "row": {"type": "integer", "description": "the top row of the four it covers"},
            "points": {
                "type": "object",
                "additionalProperties": {"type": "integer", "minimum": 1},
                "description": "points by kind, only the kinds that scored, before the cap",
            },
            "draw": {
                "anyOf": [STICK_SCHEMA, {"type": "null"}],
                "description": "the stick drawn, or null when the pile is empty or the move ended the game",
            },
        },
    }
    setup_schema = {
        "type": "object",
        "additionalProperties": False,
        "required": ["start", "hands"],
        "properties": {
            "start": STICK_SCHEMA,
            "hands": {
                "type": "array",
                "items": {"type": "array", "items": STICK_SCHEMA},
                "description": "each seat's hand, in seat order",
            },
            "open_deck": {
                "type": "boolean",
                "description": "true: sticks typed in from a real box, any well-written stick (no such key: false)",
            },
        },
    }

    def check_rules(self, rules: dict) -> None:
        problem = notation.cached_deck_problem(tuple(rules["kinds"]), tuple(rules["deck"]))
        if problem:
            raise RuleError(problem)
        # The start stick, two hands and at least one stick in the pile.
        need = 2 * rules["hand_size"] + 2
        if len(rules["deck"]) < need:
            raise RuleError(
                f"a deck of {counted(len(rules['deck']), 'stick')} is too small: two players with "
                f"hand_size {rules['hand_size']} need at least {need}"
            )

    def player_counts(self, rules: dict) -> range:
        most = (len(rules["deck"]) - 2) // rules["hand_size"]
        return range(self.min_players, max(self.min_players, min(self.max_players, most)) + 1)

    def setup(self, rules: dict, players: list[str]):
        deck = _deck(rules)
        size = rules["hand_size"]
        left = sorted(deck.sticks)  # the sticks not dealt yet, in text order: a draw picks by index
        typed = []  # anything typed in at a real table opens the deck

        def read_one(text):
            # The start stick stands on the table the way it was typed.
            stick = notation.read_stick(deck, text, open_deck=True, as_typed=True)
            typed.append(stick)
            return stick

        def read_hand(text):
            hand = notation.read_hand(deck, text, size, open_deck=True)
            typed.append(hand)
            return hand

        def deal(stick):
            i = bisect_left(left, stick)
            if i < len(left) and left[i] == stick:
                del left[i]

        start = yield Chance(
            "start",
            f"the start stick as it stands, top to bottom, e.g. {deck.sticks[0]}",
            lambda rng: rng.choice(left),
            read_one,
        )
        deal(start)
        hands = []
        for seat, name in enumerate(players):
            hand = yield Chance(
                "hand",
                f"{name}'s {size} sticks, separated by commas",
                lambda rng: rng.sample(left, size),
                read_hand,
                seat=seat,
            )
            for stick in hand:
                deal(stick)
            hands.append(list(hand))
        setup = {"start": start, "hands": hands}
        if typed:
            setup["open_deck"] = True
        return setup

    def start(self, rules: dict, players: list[str], setup):
        # The setup's shape is checked against setup_schema before this is called.
        deck = _deck(rules)
        open_deck = setup.get("open_deck", False)
        pile = dict(deck.counts)  # stick -> how many are not dealt yet (none left: no key)

        def deal(stick, seat=None):
            # Whose stick a message names is worded only for a message (most logs have none).
            if open_deck:
                # Any well-written stick: the box at the table is not the rules' deck.
                problem = notation.stick_problem(stick, deck.kinds, deck.index)
                if problem:
                    raise IllegalSetup(f"{_dealt(seat)}: stick {stick!r}: {problem}")
                return
            if stick not in deck.fish:
                raise IllegalSetup(f"{_dealt(seat)}: {notation.unknown_stick(deck, stick)}")
            left = pile.get(stick)
            if not left:
                count = deck.sticks.count(stick)
                raise IllegalSetup(
                    f"{_dealt(seat)}: the deck holds {count} {stick!r} and "
                    f"{'it is' if count == 1 else 'all are'} dealt already"
                )
            if left > 1:
                pile[stick] = left - 1
            else:
                del pile[stick]

        start, hands = setup["start"], setup["hands"]
        deal(start)
        if len(hands) != len(players):
            raise IllegalSetup(f"the setup deals {len(hands)} hands to {len(players)} players")
        size = rules["hand_size"]
        for seat, hand in enumerate(hands):
            if len(hand) != size:
                raise IllegalSetup(
                    f"the hand of seat {seat} must be a list of {size} sticks, not {len(hand)}"
                )
            for stick in hand:
                deal(stick, seat)
        FishStixState = _state_class()
        hands = [list(h) for h in hands]
        if open_deck:
            # The box holds as many sticks as the rules' deck (72 in the standard game).
            left = len(deck.sticks) - 1 - size * len(players)
            return FishStixState(rules, list(players), deck, start, hands, None, left)
        return FishStixState(rules, list(players), deck, start, hands, pile)
