"""What a human types at the table: dice, re-roll answers, crosses, sheet letters.

Crosses are written as colour and box number, e.g. `r4 b7` (the red row's box
4 and the blue row's box 7, boxes numbered 1-12 as printed), or `-` for none.
A colour may be written in full or by any prefix that names only it.
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
_CROSS = re.compile(r"\s*([^\W\d_]+)\s*[:=]?\s*(\d+)\s*,?\s*")


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
                return name[:length].lower()
        return name.lower()

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


def parse_crosses(text: str, colours: Colours) -> list[list]:
    """[[colour, box], ...] in row order from e.g. `r4 b7`; ValueError with a reason."""
    text = text.strip()
    if text.lower() in NONE_WORDS:
        return []
    found: dict[int, int] = {}
    position = 0
    while position < len(text):
        match = _CROSS.match(text, position)
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


def parse_roll(text: str, dice: list[str]) -> dict:
    """{colour: value} from the values in die order, e.g. `3 5 1 2 6 4` or `351264`."""
    words = text.replace(",", " ").split()
    if len(words) == 1 and len(dice) > 1 and words[0].isdigit() and len(words[0]) == len(dice):
        words = list(words[0])
    if len(words) != len(dice):
        raise ValueError(
            f"{len(dice)} {'die is' if len(dice) == 1 else 'dice are'} in play "
            f"({' '.join(dice)}): give {len(dice)} values, not {len(words)}"
        )
    roll = {}
    for colour, word in zip(dice, words):
        if not word.isdigit() or not 1 <= int(word) <= 6:
            raise ValueError(f"the {colour} die shows 1 to 6, not {word!r}")
        roll[colour] = int(word)
    return roll


def parse_sheet_letters(text: str, letters: list[str], players: int) -> list[str]:
    """One sheet letter per seat, e.g. `A C F`; they must be different."""
    words = text.replace(",", " ").split()
    if len(words) != players:
        raise ValueError(f"give one sheet letter per player ({players}), not {len(words)}")
    by_upper = {letter.upper(): letter for letter in letters}
    chosen = []
    for word in words:
        letter = word if word in letters else by_upper.get(word.upper())
        if letter is None:
            raise ValueError(f"no sheet {word!r} (sheets: {' '.join(letters)})")
        if letter in chosen:
            raise ValueError(f"sheet {letter} is given twice: every player uses a different sheet")
        chosen.append(letter)
    return chosen
