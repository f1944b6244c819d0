"""Building Fish Stix positions and logs by hand for the tests."""

from __future__ import annotations

import copy

from stixxcli.gamelog import new_log
from stixxcli.plugins import get_game
from stixxcli.rules import resolve

# Sticks that take no part in a hand-made position: they fill the pile, and
# the positions never place them.
FILLER = [
    "school> school> school> school>",
    "<school <school <school <school",
    "pink> pink> pink> pink>",
    "<pink <pink <pink <pink",
    "orange> orange> orange> orange>",
    "<orange <orange <orange <orange",
]


def game():
    return get_game("fishstix")


def standard_rules() -> dict:
    return copy.deepcopy(resolve(game(), "standard").values)


def rules_with_deck(sticks: list[str], **changes) -> dict:
    rules = standard_rules()
    rules["deck"] = list(sticks)
    rules.update(changes)
    return rules


def position(start: str, hands: list[list[str]], pile: list[str] | None = None, **changes):
    """The state after the deal: `start` at column 0, these hands, and a pile of
    `pile` (FILLER when not given). The deck is exactly those sticks."""
    pile = FILLER if pile is None else pile
    deck = [start] + [s for hand in hands for s in hand] + list(pile)
    rules = rules_with_deck(deck, **changes)
    names = [f"p{seat}" for seat in range(len(hands))]
    state = game().start(rules, names, {"start": start, "hands": copy.deepcopy(hands)})
    return rules, state


def first_in_pile(state) -> str | None:
    return min(state.pile) if state.pile else None


def move(state, stick: str, column: int, row: int, *, turned=False, points=None, draw="first") -> dict:
    """A move by the seat to play; `draw="first"` draws the pile's first stick
    (alphabetically), or null when the pile is empty."""
    if draw == "first":
        draw = first_in_pile(state)
    return {
        "seat": state.seat,
        "stick": stick,
        "turned": turned,
        "column": column,
        "row": row,
        "points": {} if points is None else points,
        "draw": draw,
    }


def log_of(rules: dict, setup: dict, moves: list[dict], players: int = 2, *, finished=False) -> dict:
    names = [{"name": f"p{seat}"} for seat in range(players)]
    log = new_log("fishstix", "hand-made", rules, names, copy.deepcopy(setup))
    log["moves"] = copy.deepcopy(moves)
    log["finished"] = finished
    return log
