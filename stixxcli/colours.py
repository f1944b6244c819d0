"""Colour names shared by every game's pictures: one hue per name for the SVG
drawings and the terminal, and a letter per name so a picture still reads
without colour (NO_COLOR, pipes, a colour-blind player).

The hues are chosen so that a 16-colour terminal still tells the six Stixx
colours and the marker apart: rich maps each to a different one of the 16
standard colours (tests/pictures checks it). Pure data and small functions:
no rich import here, so any command may use it.
"""

from __future__ import annotations

from functools import lru_cache

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
# More names a house rule may use: drawn in their own colour when it stands
# apart from the other names' (crimson beside red does not; it takes a spare).
NAMED = {
    "crimson": "#dc143c",
    "magenta": "#d700d7",
    "violet": "#8f00ff",
    "lavender": "#b5a6e6",
    "teal": "#008080",
    "turquoise": "#40e0d0",
    "aqua": "#00d7d7",
    "aquamarine": "#5fd7af",
    "navy": "#000087",
    "indigo": "#4b0082",
    "lime": "#87ff00",
    "olive": "#808000",
    "chartreuse": "#7fff00",
    "gold": "#ffaf00",
    "maroon": "#800000",
    "silver": "#c0c0c0",
    "beige": "#e8dcb0",
    "tan": "#d2b48c",
    "coral": "#ff7f50",
    "salmon": "#fa8072",
}
# Hues for names not listed (a house-rule variant's own colours), by position.
SPARE = ("#008787", "#d75f87", "#5f5faf", "#87af00", "#af8700", "#5f87af")
# After those, for a variant with many names of its own: each unlike the rest.
MORE_SPARE = ("#5f0087", "#00d7af", "#af5f00", "#875f5f", "#005f00", "#ff87ff", "#00005f", "#d7d787")
APART = 90  # how far apart (in RGB) two hues of one game must be


def _distance(a: str, b: str) -> float:
    return sum((int(a[i : i + 2], 16) - int(b[i : i + 2], 16)) ** 2 for i in (1, 3, 5)) ** 0.5


def palette(names) -> tuple[str, ...]:
    """A hue for each name of one game, no two alike: a listed name keeps its
    own; another takes its named colour if that stands apart, else a spare
    not taken (by position alone, as `hue` gives, two names could share one)."""
    return _palette(tuple(str(n).lower() for n in names))


@lru_cache(
    maxsize=32
)  # a picture asks for the hue of every stick and row: one game's names come again and again
def _palette(names: tuple[str, ...]) -> tuple[str, ...]:
    out = [HUES.get(n) for n in names]
    taken = [h for h in out if h] + [MARKER]
    spares = [h for h in SPARE + MORE_SPARE if h not in taken]
    for k, name in enumerate(names):
        if out[k]:
            continue
        own = NAMED.get(name)
        if own and all(_distance(own, h) >= APART for h in taken):
            out[k] = own
        else:
            # Past the spares (a house rule's 42 colours), a hue of its own round the wheel:
            # SPARE again gave every one of them the same teal.
            apart = (
                [h for h in spares if all(_distance(h, t) >= APART for t in taken)]
                or spares
                or [_wheel(taken)]
            )
            # A named colour too like another's: the spare most like it (lavender stays bluish).
            out[k] = min(apart, key=lambda h: _distance(h, own)) if own else apart[0]
        taken.append(out[k])
        if out[k] in spares:
            spares.remove(out[k])
    return tuple(out)


def _wheel(taken: list[str]) -> str:
    """A hue not yet taken, stepping round the colour wheel by the golden angle."""
    import colorsys

    for k in range(len(taken), len(taken) + 1000):
        r, g, b = colorsys.hls_to_rgb((k * 0.618034) % 1, 0.35 + 0.2 * (k % 2), 0.7)
        out = f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"
        if out not in taken:
            return out
    return SPARE[0]


def hue(name: str, position: int = 0, names=None) -> str:
    """The hex colour of a colour name; given all the game's `names` (the name
    at `position`), its hue from `palette`. A name not listed gets a spare by
    position, never the name itself (names come from files and may be anything)."""
    if names is not None:
        return palette(names)[position]
    return HUES.get(str(name).lower(), SPARE[position % len(SPARE)])


# On 16 colours these are the dark twins of yellow (and school) and of pink.
# Many terminals show bold as bright, which would make them their twins: never bold.
DARK_TWINS = frozenset(("orange", "red"))


def terminal_style(name: str, position: int = 0, bold: bool = True, names=None) -> str:
    """A rich style for text in that colour (`names`: all the game's, as for `hue`)."""
    bold = bold and str(name).lower() not in DARK_TWINS
    return f"{'bold ' if bold else ''}{hue(name, position, names)}"


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
