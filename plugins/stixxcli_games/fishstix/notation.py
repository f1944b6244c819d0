"""How Fish Stix is written: sticks as text, the short notation of a move,
the prompts, the help and what the table hears.

A stick is written top to bottom, one token a fish, `blue>` facing right and
`<blue` facing left, for example "blue> <green pink> <school". A move is
typed as `hand-number [r] column top-row`, for example `2 r 3 -1`
(docs/games/fishstix.md, Typing a move at the terminal).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .board import FISH_PER_STICK, STANDARD_KINDS, Deck, kinds_problem, project_deck_fish

HAND_SEPARATORS = r"[,;|]"  # compiled by re when first needed
WIDTH = 78  # help lines stay under 80 columns
PLACE_PROMPT = "place: hand number, r to turn it round, column, top row (e.g. 2 r 3 -1)"
PLACE_FORMAT = "type the hand number, r if turned round, the column and the top row, e.g. 2 r 3 -1"

# Sticks as text --------------------------------------------------------------------


def fish_text(fish: int, kinds) -> str:
    kind = kinds[fish >> 1]
    return f"{kind}>" if fish & 1 else f"<{kind}"


def stick_text(fish: tuple, kinds) -> str:
    return " ".join(fish_text(f, kinds) for f in fish)


def read_exact(text: str, index: dict) -> tuple | None:
    """The fish of a stick written exactly as a log writes it, or None."""
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


def unknown_stick(deck: Deck, text: str, turned: bool | None = None) -> str:
    """Why `text` names no stick of this deck, for a refusal. `turned`: the
    move's "turned" when a placed stick is refused (None: a dealt or drawn one)."""
    fish = read_exact(text, deck.index)
    if fish is not None and deck.by_fish.get(fish) is not None:
        said = f"stick {text!r} is written turned round: the deck writes it {deck.by_fish[fish]!r}"
        if turned is None:  # the setup and the draws have no way up to say
            return f"{said} (a log writes every stick as the deck does)"
        # Written the deck's way, the same fish stand as they were meant with the other "turned".
        way = "false" if turned else "true"
        return f'{said} (write it so, with "turned": {way}, for its fish to stand as in the move)'
    problem = stick_problem(text, deck.kinds, deck.index)
    if problem:
        return f"stick {text!r}: {problem}"
    return f"there is no stick {text!r} in the deck"


def read_stick(deck: Deck, typed: str, open_deck: bool = False, as_typed: bool = False) -> str:
    """The log's text of a stick a person typed, either way up; ValueError otherwise.

    Spaces around the arrows may be left out, and a kind may be shortened to
    any prefix only it has: "bl> <gr pi> <sc". A stick of the deck is written
    as the deck writes it; with an open deck (a real box, docs/games/fishstix.md,
    Playing along with a real box) any stick of known kinds is taken as typed,
    and `as_typed` keeps the way up it was typed (the start stick stands so).
    """
    joined = re.sub(r"<\s+", "<", re.sub(r"\s+>", ">", typed.lower()))
    spaced = joined.replace(">", "> ").replace("<", " <")
    tokens = spaced.split()
    if len(tokens) != FISH_PER_STICK:
        raise ValueError(
            f"a stick is {FISH_PER_STICK} fish, top to bottom, like "
            f"{deck.sticks[0]!r}; {typed!r} has {len(tokens)}"
        )
    fish = []
    for token in tokens:
        right = token.endswith(">")
        left = token.startswith("<")
        if right == left:
            raise ValueError(
                f"fish {token!r}: write kind> for a fish facing right, <kind for one facing left"
            )
        fish.append(_kind(deck, token.strip("<>")) * 2 + int(right))
    fish = tuple(fish)
    if open_deck and as_typed:
        return stick_text(fish, deck.kinds)
    text = deck.by_fish.get(fish)
    if text is not None:
        return text
    if open_deck:
        return stick_text(fish, deck.kinds)
    raise ValueError(f"no stick in the deck shows {stick_text(fish, deck.kinds)!r}, either way up")


def _kind(deck: Deck, typed: str) -> int:
    if typed in deck.index:
        return deck.index[typed]
    found = [i for i, name in enumerate(deck.kinds) if typed and name.startswith(typed)]
    if len(found) == 1:
        return found[0]
    if not found:
        raise ValueError(f"{typed!r} is not a kind of fish ({', '.join(deck.kinds)})")
    raise ValueError(f"{typed!r} could be {' or '.join(deck.kinds[i] for i in found)}")


def read_hand(deck: Deck, text: str, size: int, open_deck: bool = False) -> list[str]:
    """A hand typed as sticks separated by commas (or ; or |)."""
    parts = [p for p in re.split(HAND_SEPARATORS, text) if p.strip()]
    if len(parts) != size:
        raise ValueError(f"a hand is {size} sticks separated by commas, not {len(parts)}")
    return [read_stick(deck, p, open_deck) for p in parts]


# The deck of a rule file -------------------------------------------------------------


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
    """The read deck; a log holds its rules, so thousands of logs share a few decks."""
    index = {name: i for i, name in enumerate(kinds)}
    return Deck(kinds, sticks, tuple(read_exact(text, index) for text in sticks))


@lru_cache(maxsize=16)
def cached_deck_problem(kinds: tuple, sticks: tuple) -> str | None:
    return deck_problem(kinds, sticks)


def project_deck(kinds=STANDARD_KINDS) -> list[str]:
    """The project's deck, as `rules/fishstix/standard.yaml` lists it."""
    return [stick_text(fish, kinds) for fish in project_deck_fish(len(kinds))]


# Moves --------------------------------------------------------------------------------


def read_place(text: str, hand_size: int) -> tuple[int, bool, int, int]:
    """(hand number, turned, column, top row) from `2 r 3 -1`; ValueError otherwise."""
    words = text.lower().replace(",", " ").split()
    turned = False
    if len(words) == 4 and words[1] in ("r", "t"):
        turned = True
        del words[1]
    if len(words) != 3:
        raise ValueError(PLACE_FORMAT)
    try:
        number, column, row = (int(w) for w in words)
    except ValueError:
        raise ValueError(f"{text!r}: hand number, column and row are whole numbers") from None
    if not 1 <= number <= hand_size:
        raise ValueError(f"your hand holds sticks 1 to {hand_size}, not {number}")
    return number, turned, column, row


def place_text(answer: dict) -> str:
    """The short notation of an answer: `2 r 3 -1`."""
    way = " r" if answer["turned"] else ""
    return f"{answer['hand']}{way} {answer['column']} {answer['row']}"


def points_text(points: dict) -> str:
    from stixxcli.params import shown  # a log may record any number

    if not points:
        return "no points"
    return ", ".join(f"{kind} {shown(n)}" for kind, n in points.items())


def kinds_text(fish: tuple, kinds) -> str:
    """A stick as the table calls it, top to bottom as it stands: blue-green-pink-orange."""
    return "-".join(kinds[f >> 1] for f in fish)


def announcement(name: str, fish: tuple, kinds, column: int, row: int, points: dict, fills_all: bool) -> str:
    """What the table hears of a move: the stick, which way each fish faces (so
    the real stick is set down the same way), where it went and what it scored."""
    total = sum(points.values())
    said = f"{name} {placing_words(fish, kinds, column, row)}, "
    said += f"scoring {total} ({points_text(points)})" if total else "scoring nothing"
    if fills_all:
        said += f"; {name} has filled every kind and wins"
    return said


def placing_words(fish: tuple, kinds, column: int, row: int) -> str:
    """Where a stick goes, which way up, after the player's name."""
    where = f"at column {column}, rows {row} to {row + FISH_PER_STICK - 1}"
    return f"places the stick {kinds_text(fish, kinds)} ({stick_text(fish, kinds)}) {where}"


# Help ---------------------------------------------------------------------------------

HELP_NOTATION = """\
Type the hand number, r if turned round, the column and the top row:
  1 4 -2     stick 1 as it is, in column 4, rows -2 to 1
  2 r 3 -1   stick 2 turned round, in column 3, rows -1 to 2
A stick needs 4 empty cells, one fish beside a fish (left or right)."""


def _wrapped(head: str, items: list[str], indent: str = "    ") -> list[str]:
    """`head` then the items separated by " | ", in lines under 80 columns,
    never breaking inside an item."""
    lines, line = [], "  " + head
    for n, item in enumerate(items):
        piece = item if n == 0 else " | " + item
        if n and len(line) + len(piece) + 2 > WIDTH:  # room for the closing " |"
            lines.append(line + " |")
            line = indent + item
        else:
            line += piece
    lines.append(line)
    return lines


def places_text(spots) -> list[str]:
    """The legal places, grouped by column: `column 1: top rows -3 to 0, 2`."""
    by_column: dict[int, list[int]] = {}
    for column, row in spots:
        by_column.setdefault(column, []).append(row)
    items = []
    for column in sorted(by_column):
        rows = sorted(by_column[column])
        spans, first, last = [], rows[0], rows[0]
        for r in rows[1:]:
            if r == last + 1:
                last = r
                continue
            spans.append((first, last))
            first = last = r
        spans.append((first, last))
        shown = ", ".join(str(a) if a == b else f"{a} to {b}" for a, b in spans)
        items.append(f"column {column}: {shown}")
    return items


def help_text(hand: list[tuple[int, str, list]], spots, every: list[str] | None) -> str:
    """The notation, the legal places and, per stick in hand, the places that score.

    `hand` holds (hand number, stick text, [(notation, points), ...] of its
    scoring choices); `every` lists every choice (help all) or is None.
    """
    lines = [HELP_NOTATION, f"Every stick fits at the same {len(spots)} places (column: top rows):"]
    lines += _wrapped("", places_text(spots))
    lines.append("Choices that score, by stick in your hand (points before the cap):")
    for number, stick, scoring in hand:
        head = f"{number} {stick}: "
        if not scoring:
            lines.append(f"  {head}nothing scores")
            continue
        scoring.sort(key=lambda c: -sum(c[1].values()))
        lines += _wrapped(head, [f"{text} ({points_text(points)})" for text, points in scoring])
    if every is None:
        lines.append("Type 'help all' to list every choice.")
    else:
        lines.append(f"Every choice ({len(every)}):")
        lines += _wrapped("", every, indent="  ")
    return "\n".join(lines)
