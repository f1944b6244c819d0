"""Fish and sticks: how a stick is written, read and turned round.

A fish is a small number: its kind's index times two, plus one when it faces
right. A stick is four fish from top to bottom, written as text with one token
a fish, `blue>` facing right and `<blue` facing left, for example
"blue> <green pink> <school". A stick has no top or bottom (RULINGS.md,
Fish Stix, Board): turned round, its fish come in reverse order and each faces
the other way.
"""

from __future__ import annotations

import re
from functools import lru_cache

FISH_PER_STICK = 4
KIND_NAME = re.compile(r"[a-z][a-z0-9_-]*\Z")
RESERVED_NAMES = ("beyond_target", "all_kinds_full")  # keys of a result's breakdown


def turned_round(fish: tuple) -> tuple:
    """The same stick the other way up: reverse order, every fish facing the other way."""
    return tuple(f ^ 1 for f in reversed(fish))


def fish_text(fish: int, kinds) -> str:
    kind = kinds[fish >> 1]
    return f"{kind}>" if fish & 1 else f"<{kind}"


def stick_text(fish: tuple, kinds) -> str:
    return " ".join(fish_text(f, kinds) for f in fish)


def kinds_problem(kinds) -> str | None:
    """Why a list of kind names cannot be used, or None."""
    if not kinds:
        return "kinds must name at least one kind of fish"
    for name in kinds:
        if not KIND_NAME.match(name):
            return (
                f"kind {name!r} must be a lower-case word (letters, digits, - or _, starting with a letter)"
            )
    for name in kinds:
        if kinds.count(name) > 1:
            return f"kind {name!r} is named twice in kinds"
        if name in RESERVED_NAMES:
            return f"kind {name!r} would clash with the score breakdown's {name!r}"
    return None


def read_exact(text: str, index: dict) -> tuple | None:
    """The fish of a stick written exactly as the deck writes it, or None."""
    fish = []
    tokens = text.split(" ")
    if len(tokens) != FISH_PER_STICK:
        return None
    for token in tokens:
        if token.endswith(">") and not token.startswith("<"):
            kind = index.get(token[:-1])
            if kind is None:
                return None
            fish.append(kind * 2 + 1)
        elif token.startswith("<") and not token.endswith(">"):
            kind = index.get(token[1:])
            if kind is None:
                return None
            fish.append(kind * 2)
        else:
            return None
    return tuple(fish)


def stick_problem(text: str, kinds, index: dict) -> str | None:
    """Why `text` is not a well-written stick (four fish, single spaces, known kinds)."""
    tokens = text.split(" ")
    if len(tokens) != FISH_PER_STICK or not all(tokens):
        return f"must be {FISH_PER_STICK} fish separated by single spaces"
    for token in tokens:
        arrows = (token.startswith("<"), token.endswith(">"))
        if arrows not in ((True, False), (False, True)):
            return f"fish {token!r} must be written kind> (facing right) or <kind (facing left)"
        name = token.strip("<>")
        if name not in index:
            return f"fish {token!r} is not one of the kinds ({', '.join(kinds)})"
    return None


class Deck:
    """The sticks of a set of rules, parsed once: every stick's fish by its text."""

    def __init__(self, kinds: tuple, sticks: tuple):
        self.kinds = kinds
        self.index = {name: i for i, name in enumerate(kinds)}
        self.sticks = sticks
        self.fish: dict[str, tuple] = {}
        for text in sticks:
            self.fish[text] = read_exact(text, self.index)
        self.turned = {text: turned_round(fish) for text, fish in self.fish.items()}
        # A stick is found by its fish in either orientation, the deck's own first.
        self.by_fish: dict[tuple, str] = {}
        for text, fish in self.fish.items():
            self.by_fish.setdefault(fish, text)
        for text, fish in self.fish.items():
            self.by_fish.setdefault(turned_round(fish), text)

    def text(self, fish: tuple) -> str:
        return stick_text(fish, self.kinds)

    def unknown_stick(self, text: str) -> str:
        """Why `text` names no stick of this deck, for a refusal."""
        fish = read_exact(text, self.index)
        if fish is not None and self.by_fish.get(fish) is not None:
            return (
                f"stick {text!r} is written turned round: the deck writes it "
                f'{self.by_fish[fish]!r} (say "turned": true to place it that way up)'
            )
        problem = stick_problem(text, self.kinds, self.index)
        if problem:
            return f"stick {text!r}: {problem}"
        return f"there is no stick {text!r} in the deck"

    def read(self, typed: str) -> str:
        """The deck's text of a stick a person typed, either way up; ValueError otherwise.

        Spaces around the arrows may be left out, and a kind may be shortened
        to any prefix only it has: "bl> <gr pi> <sc".
        """
        joined = re.sub(r"<\s+", "<", re.sub(r"\s+>", ">", typed.lower()))
        spaced = joined.replace(">", "> ").replace("<", " <")
        tokens = spaced.split()
        if len(tokens) != FISH_PER_STICK:
            raise ValueError(
                f"a stick is {FISH_PER_STICK} fish, top to bottom, like "
                f"{self.sticks[0]!r}; {typed!r} has {len(tokens)}"
            )
        fish = []
        for token in tokens:
            right = token.endswith(">")
            left = token.startswith("<")
            if right == left:
                raise ValueError(
                    f"fish {token!r}: write kind> for a fish facing right, <kind for one facing left"
                )
            fish.append(self._kind(token.strip("<>")) * 2 + int(right))
        text = self.by_fish.get(tuple(fish))
        if text is None:
            raise ValueError(f"no stick in the deck shows {self.text(tuple(fish))!r}, either way up")
        return text

    def _kind(self, typed: str) -> int:
        if typed in self.index:
            return self.index[typed]
        found = [i for i, name in enumerate(self.kinds) if typed and name.startswith(typed)]
        if len(found) == 1:
            return found[0]
        if not found:
            raise ValueError(f"{typed!r} is not a kind of fish ({', '.join(self.kinds)})")
        raise ValueError(f"{typed!r} could be {' or '.join(self.kinds[i] for i in found)}")


def deck_problem(kinds: tuple, sticks: tuple) -> str | None:
    """Why a deck cannot be played, or None: every stick four fish of known kinds."""
    problem = kinds_problem(list(kinds))
    if problem:
        return problem
    if not sticks:
        return "the deck has no sticks"
    index = {name: i for i, name in enumerate(kinds)}
    for number, text in enumerate(sticks, start=1):
        bad = stick_problem(text, kinds, index)
        if bad:
            return f"deck stick {number} ({text!r}) {bad}"
    return None


@lru_cache(maxsize=16)
def deck_for(kinds: tuple, sticks: tuple) -> Deck:
    """The parsed deck; a log holds its rules, so thousands of logs share a few decks."""
    return Deck(kinds, sticks)


@lru_cache(maxsize=16)
def cached_deck_problem(kinds: tuple, sticks: tuple) -> str | None:
    return deck_problem(kinds, sticks)


# The project's own 72-stick deck (the publisher's is not public; RULINGS.md,
# Fish Stix, Components). Twelve groups of six sticks: a group fixes which kinds
# follow the top fish (steps round the list of kinds) and which way each fish
# faces; its six sticks start from each kind in turn. So every kind lies in
# every position of a group once, and shows 48 fish, 24 facing each way. No
# stick is another one turned round, and none reads the same both ways up.
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
STANDARD_KINDS = ("blue", "green", "pink", "orange", "purple", "school")


def project_deck(kinds=STANDARD_KINDS) -> list[str]:
    """The project's deck, as `rules/fishstix/standard.yaml` lists it."""
    sticks = []
    n = len(kinds)
    for steps, facings in zip(DECK_STEPS, DECK_FACINGS):
        for first in range(n):
            sticks.append(
                " ".join(
                    f"{kinds[(first + step) % n]}>" if facing == ">" else f"<{kinds[(first + step) % n]}"
                    for step, facing in zip(steps, facings)
                )
            )
    return sticks
