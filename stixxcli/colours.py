"""Colour names shared by every game's pictures: one hue per name for the SVG
drawings and the terminal, and a letter per name so a picture still reads
without colour (NO_COLOR, pipes, a colour-blind player).

The hues are chosen so that a 16-colour terminal still tells the six Stixx
colours and the marker apart: rich maps each to a different one of the 16
standard colours (tests/pictures checks it). Pure data and small functions:
no rich import here, so any command may use it.
"""

from __future__ import annotations

# name -> hex. The comment says which of the 16 standard terminal colours it becomes.
HUES = {
    "red": "#d70000",  # red
    "orange": "#e07000",  # yellow (dark): the only standard colour left near orange
    "yellow": "#ffd700",  # bright yellow
    "green": "#00af00",  # green
    "blue": "#0087ff",  # bright blue
    "purple": "#af5fff",  # bright magenta
    "pink": "#ff6e9e",  # bright red: apart from purple on 16 colours
    "white": "#f0f0f0",
    "black": "#303030",
    "grey": "#8a8a8a",
    "gray": "#8a8a8a",
    "brown": "#875f00",
    "cyan": "#00afd7",
    "school": "#e6c300",  # Fish Stix: the school of small fish, gold (bright yellow on 16 colours)
}
MARKER = "#a8a8a8"  # white (grey): apart from every colour above on 16 colours
INK = "#1c1c1c"  # outlines and text in drawings
PAPER = "#fbf8f0"  # the background of drawings
# Hues for names not listed (a house-rule variant's own colours), by position.
SPARE = ("#008787", "#d75f87", "#5f5faf", "#87af00", "#af8700", "#5f87af")


def hue(name: str, position: int = 0) -> str:
    """The hex colour of a colour name; a name not listed gets a spare by
    position, never the name itself (names come from files and may be anything)."""
    return HUES.get(str(name).lower(), SPARE[position % len(SPARE)])


# On 16 colours these are the dark twins of yellow (and school) and of pink.
# Many terminals show bold as bright, which would make them their twins: never bold.
DARK_TWINS = frozenset(("orange", "red"))


def terminal_style(name: str, position: int = 0, bold: bool = True) -> str:
    """A rich style for text in that colour."""
    bold = bold and str(name).lower() not in DARK_TWINS
    return f"{'bold ' if bold else ''}{hue(name, position)}"


def marker_style() -> str:
    return f"bold {MARKER}"


def letters(names) -> list[str]:
    """A short tag per name, for pictures without colour: its first letter when
    no other name starts with it, else its shortest prefix no other name has."""
    names = [str(n) for n in names]
    out = []
    for name in names:
        low = name.lower()
        others = [o.lower() for o in names if o.lower() != low]
        for length in range(1, len(low) + 1):
            if not any(o.startswith(low[:length]) for o in others):
                break
        out.append(name[:length] or "?")
    return out


def text_on(background: str) -> str:
    """Black or white text, whichever reads on `background` (a #rrggbb hue)."""
    r, g, b = (int(background[i : i + 2], 16) for i in (1, 3, 5))
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else "#ffffff"
