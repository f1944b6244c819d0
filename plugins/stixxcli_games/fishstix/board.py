"""The fixed components: fish, sticks and the deck.

A fish is a small number: its kind's index times two, plus one when it faces
right. A stick is four fish from top to bottom. A stick has no top or bottom
(docs/games/fishstix.md, Writing a stick): turned round, its fish come in
reverse order and each faces the other way. How sticks are written as text
is notation.py's business; this file knows only the numbers.
"""

from __future__ import annotations

import re

FISH_PER_STICK = 4
KIND_NAME = r"[a-z][a-z0-9_-]*\Z"  # compiled by re when first needed
RESERVED_NAMES = ("beyond_target", "all_kinds_full")  # keys of a result's breakdown
STANDARD_KINDS = ("blue", "green", "pink", "orange", "purple", "school")


def turned_round(fish: tuple) -> tuple:
    """The same stick the other way up: reverse order, every fish facing the other way."""
    return tuple(f ^ 1 for f in reversed(fish))


def kinds_problem(kinds) -> str | None:
    """Why a list of kind names cannot be used, or None."""
    if not kinds:
        return "kinds must name at least one kind of fish"
    for name in kinds:
        if not re.match(KIND_NAME, name):
            return (
                f"kind {name!r} must be a lower-case word (letters, digits, - or _, starting with a letter)"
            )
    for name in kinds:
        if kinds.count(name) > 1:
            return f"kind {name!r} is named twice in kinds"
        if name in RESERVED_NAMES:
            return f"kind {name!r} would clash with the score breakdown's {name!r}"
    return None


class Deck:
    """The sticks of a set of rules: every stick's fish by its text, both ways up.

    Built from already-read sticks (notation.deck_for reads the rule file's text).
    """

    def __init__(self, kinds: tuple, sticks: tuple, fish: tuple):
        self.kinds = kinds
        self.index = {name: i for i, name in enumerate(kinds)}
        self.sticks = sticks
        self.fish: dict[str, tuple] = dict(zip(sticks, fish))
        self.turned = {text: turned_round(f) for text, f in self.fish.items()}
        self.counts: dict[str, int] = {}  # how many of each stick the deck holds
        for text in sticks:
            self.counts[text] = self.counts.get(text, 0) + 1
        # Each stick's fish as the grid's one number, filled by the grids of its
        # games (grid.Grid.codes): a game's sticks are the deck's.
        self.codes: dict[tuple, int] = {}
        # A stick is found by its fish in either orientation, the deck's own first.
        self.by_fish: dict[tuple, str] = {}
        for text, f in self.fish.items():
            self.by_fish.setdefault(f, text)
        for text, f in self.fish.items():
            self.by_fish.setdefault(turned_round(f), text)


# The project's own 72-stick deck (the publisher's is not public;
# docs/games/fishstix.md, Components). Twelve groups of six sticks: a group
# fixes which kinds follow the top fish (steps round the list of kinds) and
# which way each fish faces; its six sticks start from each kind in turn. So
# every kind lies in every position of a group once, and shows 48 fish, 24
# facing each way. No stick is another one turned round, and none reads the
# same both ways up.
DECK_STEPS = (
    (0, 1, 2, 3),
    (0, 2, 4, 1),
    (0, 3, 1, 4),
    (0, 4, 2, 5),
    (0, 5, 3, 2),
    (0, 1, 3, 5),
    (0, 2, 5, 4),
    (0, 3, 5, 1),
    (0, 0, 2, 4),
    (0, 1, 0, 3),
    (0, 4, 1, 1),
    (0, 5, 2, 0),
)
DECK_FACINGS = ("><><", "<><>", ">><<", "<<>>", "><<>", "<>><") * 2


def project_deck_fish(kinds: int = len(STANDARD_KINDS)) -> list[tuple]:
    """The fish of the project's deck for `kinds` kinds, stick by stick."""
    sticks = []
    for steps, facings in zip(DECK_STEPS, DECK_FACINGS):
        for first in range(kinds):
            sticks.append(
                tuple(((first + step) % kinds) * 2 + (facing == ">") for step, facing in zip(steps, facings))
            )
    return sticks
