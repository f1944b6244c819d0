"""What a human types at the table, and what the table is told: dice, re-roll
answers, crosses, sheet letters, typed-in sheets, and the `help` text.

Crosses are written as colour and box number, e.g. `r4 b7` (the red row's box
4 and the blue row's box 7, boxes numbered 1-12 as printed), or `-` for none
(Enter with nothing typed, `none`, `pass` and `no` too).
A colour may be written in full or by any prefix that names only it.
Rulings: docs/games/sixto.md.
"""

from __future__ import annotations

import re

NONE_WORDS = ("", "-", "none", "pass", "no")
REROLL_WORDS = {
    "r": True,
    "re-roll": True,
    "reroll": True,
    "y": True,
    "yes": True,
    "k": False,
    "keep": False,
    "n": False,
    "no": False,
}
# Compiled by re when a player first types crosses: validation never needs it.
_CROSS = r"\s*([^\W\d_]+)\s*[:=]?\s*(\d+)\s*,?\s*"


class Colours:
    """The colour names of the rules, and the short names humans type."""

    def __init__(self, names: list[str]):
        self.names = list(names)
        self.index = {name: i for i, name in enumerate(self.names)}
        self.short = [self._shortest(name) for name in self.names]

    def _shortest(self, name: str) -> str:
        lower = [n.lower() for n in self.names]
        for length in range(1, len(name) + 1):
            prefix = name[:length].lower()
            if sum(1 for n in lower if n.startswith(prefix)) == 1 or prefix == name.lower():
                # Some letters lower-case to more than letters (İ: i and a dot above),
                # which the prompt cannot read back: those are shown as written.
                return prefix if prefix.isalpha() else name[:length]
        return name.lower() if name.lower().isalpha() else name

    def find(self, text: str) -> int:
        """The row of a colour written in full or by a prefix; ValueError otherwise."""
        word = text.lower()
        for i, name in enumerate(self.names):
            if name.lower() == word:
                return i
        matches = [i for i, name in enumerate(self.names) if name.lower().startswith(word)]
        if len(matches) == 1:
            return matches[0]
        if matches:
            raise ValueError(f"{text!r} could be {' or '.join(self.names[i] for i in matches)}")
        raise ValueError(f"no colour {text!r} (colours: {', '.join(self.names)})")


_COLOURS: dict[tuple, Colours] = {}


def colours_of(names: list[str]) -> Colours:
    """The Colours of a rules' colour names, made once per set of names (a
    corpus checks thousands of games with the same few)."""
    key = tuple(names)
    colours = _COLOURS.get(key)
    if colours is None:
        colours = Colours(names)
        if len(_COLOURS) < 1000:
            _COLOURS[key] = colours
    return colours


def parse_crosses(text: str, colours: Colours) -> list[list]:
    """[[colour, box], ...] in row order from e.g. `r4 b7`; ValueError with a reason."""
    text = text.strip()
    if text.lower() in NONE_WORDS:
        return []
    found: dict[int, int] = {}
    cross = re.compile(_CROSS)
    position = 0
    while position < len(text):
        match = cross.match(text, position)
        if not match or match.end() == position:
            raise ValueError(
                f"cannot read {text[position:]!r}: write colour and box number, "
                f"e.g. {colours.short[0]}4 {colours.short[3]}7, or - for no cross"
            )
        row = colours.find(match.group(1))
        if row in found:
            raise ValueError(
                f"the {colours.names[row]} die crosses one box at most, "
                f"not boxes {found[row]} and {int(match.group(2))}"
            )
        found[row] = int(match.group(2))
        position = match.end()
    return [[colours.names[row], found[row]] for row in sorted(found)]


def crosses_notation(crosses: list, colours: Colours) -> str:
    if not crosses:
        return "-"
    return " ".join(f"{colours.short[colours.index[colour]]}{box}" for colour, box in crosses)


def parse_reroll(text: str) -> bool:
    word = text.strip().lower()
    if word not in REROLL_WORDS:
        raise ValueError("answer r to re-roll all dice, or k to keep this roll")
    return REROLL_WORDS[word]


def reroll_notation(again: bool) -> str:
    return "r" if again else "k"


def reroll_told(again: bool) -> str:
    return "re-rolls all dice" if again else "keeps the roll"


def parse_roll(text: str, dice: list[str]) -> dict:
    """{colour: value} from the values in die order, e.g. `3 5 1 2 6 4` or `351264`."""
    words = text.replace(",", " ").split()
    if len(words) == 1 and len(dice) > 1 and words[0].isdigit() and len(words[0]) == len(dice):
        words = list(words[0])
    if len(words) != len(dice):
        given = len(words)
        if given == 1 and words[0].isdigit():  # digits typed together: each one a die's value
            given = len(words[0])
        raise ValueError(
            f"{len(dice)} {'die is' if len(dice) == 1 else 'dice are'} in play "
            f"({' '.join(dice)}): give {len(dice)} values, not {given}"
        )
    roll = {}
    for colour, word in zip(dice, words):
        if not word.isdigit() or not 1 <= int(word) <= 6:
            raise ValueError(f"the {colour} die shows 1 to 6, not {word!r}")
        roll[colour] = int(word)
    return roll


OWN_SHEET = "*"  # at the setup prompt: this player types in their own printed sheet


def parse_sheet_letters(text: str, letters: list[str], players: int) -> list[str | None]:
    """One sheet letter per seat, e.g. `A C F`, all different; `*` (None in
    the answer) for a player who types in their own printed sheet next."""
    words = text.replace(",", " ").split()
    if len(words) != players:
        raise ValueError(
            f"give one sheet per player ({players}), not {len(words)}: a letter, or {OWN_SHEET} to type one in"
        )
    by_upper = {letter.upper(): letter for letter in letters}
    chosen = []
    for word in words:
        if word == OWN_SHEET:
            chosen.append(None)
            continue
        letter = word if word in letters else by_upper.get(word.upper())
        if letter is None:
            raise ValueError(f"no sheet {word!r} (sheets: {' '.join(letters)})")
        if letter in chosen:
            raise ValueError(f"sheet {letter} is given twice: every player uses a different sheet")
        chosen.append(letter)
    return chosen


def parse_sheet_row(text: str, boxes: int) -> list[int]:
    """One row of a printed sheet: its numbers 1-6, left to right, e.g.
    `3 5 1 6 2 4 4 1 6 2 5 3` or `351624 416 253` (spaces, commas, `|` optional)."""
    cells = [ch for ch in text if not ch.isspace() and ch not in ",|"]
    for box, ch in enumerate(cells, start=1):
        if ch not in "123456":
            raise ValueError(f"box {box}: a box shows a number 1 to 6, not {ch!r}")
    if len(cells) != boxes:
        raise ValueError(f"a row has {boxes} numbers, not {len(cells)}")
    return [int(ch) for ch in cells]


def roll_text(roll: dict, sep: str = ", ") -> str:
    """`red 3, yellow 5, ...`: the dice in row order with the numbers they show."""
    return sep.join(f"{colour} {value}" for colour, value in roll.items())


def and_list(words: list[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _or_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _wrap(text: str) -> list[str]:
    import textwrap  # only for a person's help text, not for a log

    return textwrap.wrap(text, width=78, break_on_hyphens=False)


def help_text(state, choice, every: bool, limit: int) -> str:
    """`help` at the prompt: the notation with examples, then the legal answers
    grouped per die (with `every`, each answer too, up to `limit`)."""
    roll = choice.context["roll"]
    colours = state.colours
    if choice.name == "reroll":
        lines = _wrap(
            "Re-roll? r (or y) rolls all the dice in play again, k (or n) keeps "
            "this roll. No die may be kept aside; the last roll stands."
        )
        lines.append(f"The roll: {roll_text(roll)}.")
        lines.append("  r: re-roll    k: keep")
        return "\n".join(lines)
    a, b = colours.short[0], colours.short[min(3, len(colours.names) - 1)]
    first_target = state.first_target + 1
    lines = _wrap(
        f"Your crosses: for each die you use, its colour and a box number, e.g. "
        f"{a}4 {b}7 ({colours.names[0]} box 4 and {colours.names[min(3, len(colours.names) - 1)]} box 7); "
        f"- (or Enter) for none. A die crosses one box showing its number, right of the "
        f"row's last cross; the boxes skipped are lost. A target box "
        f"({first_target}-{state.boxes}) needs {state.target_min} crosses in its row first."
    )
    lines.append(f"The roll: {roll_text(roll)}.")
    found = dict(choice.options.candidates)
    for colour, value in roll.items():
        boxes = found.get(colour)
        where = f"box {_or_list([str(box) for box in boxes])}" if boxes else "no box"
        lines.append(f"  {colour} {value}: {where}")
    count = len(choice.options)
    if count == 1:
        lines.append("No box to cross: answer - (none).")
    else:
        more = "" if every else '; "help all" lists them'
        lines.append(f"Any of these together, one box per die: {count} answers{more}.")
    if every:
        shown = [crosses_notation(answer, colours) for answer in choice.options[:limit]]
        lines += _wrap("   ".join(text.replace(" ", "\u00a0") for text in shown))
        lines = [line.replace("\u00a0", " ") for line in lines]
        if count > limit:
            lines.append(f"... and {count - limit} more.")
    return "\n".join(lines)
