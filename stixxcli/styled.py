"""Styled text without rich: lines of (text, style) spans, laid out in columns,
written to a stream with the terminal's own escape codes, or handed to rich
where a command prints with it anyway (`__rich__`).

Why not rich everywhere: importing rich costs about 4.7 times a bare `python -c
pass`, more than all the work of `stixx score --sheet`. A picture that is a
grid of short cells needs none of rich's layout, so it is drawn here and rich
stays for the rest.

A style is a string in rich's own syntax, the part of it this module reads:
the words bold, dim, italic, underline and reverse, a colour (`#rrggbb` or one
of the eight standard names) and `on` before the background colour. The codes
written are rich's for the same style, on the colour system rich would pick
(tests/core/test_core_styled.py holds them side by side); only a terminal of
256 or 16 colours imports rich's colour module, to bring a hue down the way
rich does.
"""

from __future__ import annotations

import os
import sys

from .text import cells, plain

ATTRIBUTES = {"bold": "1", "dim": "2", "italic": "3", "underline": "4", "reverse": "7"}
STANDARD = ("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white")


class Styled:
    """Lines of spans. Every text added goes through plain(): content is shown,
    never obeyed by the terminal."""

    def __init__(self):
        self.lines: list[list[tuple[str, str]]] = [[]]

    def add(self, text, style: str = "") -> Styled:
        if text != "":
            self.lines[-1].append((plain(str(text)), style))
        return self

    def end_line(self) -> Styled:
        self.lines.append([])
        return self

    def extend(self, other: Styled) -> Styled:
        """Add `other`'s lines below these (after a line end of its own)."""
        if self.lines[-1]:
            self.end_line()
        self.lines[-1:] = [list(line) for line in other.lines]
        return self

    def rows(self, laid: list[list[tuple[str, str]]], rules=()) -> Styled:
        """Add rows from `columns`, with a dim rule as wide as the first row
        above each row numbered in `rules`."""
        width = sum(cells(text) for text, _ in laid[0]) if laid else 0
        for number, line in enumerate(laid):
            if number in rules:
                self.add("─" * width, "dim").end_line()
            for text, style in line:
                self.add(text, style)
            self.end_line()
        return self

    def _lines(self):
        return self.lines[:-1] if not self.lines[-1] and len(self.lines) > 1 else self.lines

    def write(self, stream=None) -> None:
        """Write the lines, styled as rich would style them on this stream."""
        stream = stream or sys.stdout
        system = colour_system(stream)
        no_colour = os.environ.get("NO_COLOR", "") != ""
        codes: dict[str, str] = {}
        out = []
        for line in self._lines():
            for text, style in line:
                if system is None or not style:
                    out.append(text)
                    continue
                sgr = codes.get(style)
                if sgr is None:
                    sgr = codes[style] = sgr_codes(style, system, no_colour)
                out.append(f"\x1b[{sgr}m{text}\x1b[0m" if sgr else text)
            out.append("\n")
        stream.write("".join(out))
        stream.flush()

    def fit(self, width: int) -> Styled:
        """The picture for a terminal `width` columns wide (see Banded): these lines."""
        return self

    def __rich__(self):
        from rich.text import Text

        text = Text()
        for number, line in enumerate(self._lines()):
            if number:
                text.append("\n")
            for part, style in line:
                text.append(part, style=style)
        return text


class Fitted:
    """A drawing made as wide as the terminal, in bands where it is wider: rich
    says how wide it prints, `draw(*args, width)` draws for that width (a grid
    or a sheet that ran past the edge broke each row in two)."""

    def __init__(self, draw, *args):
        self.draw, self.args = draw, args

    def __rich_console__(self, console, options):
        yield self.draw(*self.args, options.max_width)


class Banded(Styled):
    """A picture drawn whole by `draw(*args)`, and by `draw(*args, width)` in
    bands where a terminal is narrower (a house rule's 40 boxes a row): to rich
    in the width it prints in, and by `fit` for `write`, as `score --sheet`
    prints without rich."""

    def __init__(self, draw, *args):
        super().__init__()
        self.draw, self.args = draw, args
        self.lines = draw(*args).lines

    def fit(self, width: int) -> Styled:
        if max(sum(cells(text) for text, _ in line) for line in self._lines()) <= width:
            return self
        return self.draw(*self.args, width)

    def __rich__(self):
        return Fitted(lambda width: Styled.__rich__(self.fit(width)))


# The most columns drawn in, whatever COLUMNS says: a line is padded to the
# width, and COLUMNS=99999999 made a replay write hundreds of megabytes.
WIDEST = 1000


def width(stream) -> int:
    """The width rich's Console would print in on this stream: 80 on a dumb
    terminal; else COLUMNS; else the terminal's, of standard input, output or
    error, the first that is one; else 80."""
    environ = os.environ
    if environ.get("TERM", "").lower() in ("dumb", "unknown") and _terminal(stream):
        return 80
    columns = environ.get("COLUMNS")
    if columns is not None and columns.isdigit():
        return min(int(columns), WIDEST) or 80
    for descriptor in (1, 2) if sys.platform == "win32" else (0, 1, 2):
        try:
            return os.get_terminal_size(descriptor).columns or 80
        except (AttributeError, ValueError, OSError):  # not a terminal
            pass
    return 80


def columns(
    rows: list[list[tuple[str, str]]], align: str, gap: str = " ", same: str = ""
) -> list[list[tuple[str, str]]]:
    """Rows of (text, style) cells padded to their column's width: `align` has
    a letter per column, l or r; the columns marked `=` in `same`
    (a letter per column) all take the widest one's width, for an even grid.
    A row may be shorter than the others: its missing cells are empty. Padding
    is unstyled, so a coloured cell is only as wide as its text."""
    widths = [0] * len(align)
    for row in rows:
        for i, (text, _) in enumerate(row):
            widths[i] = max(widths[i], cells(text))
    even = [i for i, mark in enumerate(same) if mark == "="]
    for i in even:
        widths[i] = max(widths[j] for j in even)
    laid = []
    for row in rows:
        line = []
        for i, width in enumerate(widths):
            text, style = row[i] if i < len(row) else ("", "")
            room = width - cells(text)
            left = room if align[i] == "r" else 0
            if i:
                line.append((gap, ""))
            line += [(" " * left, ""), (text, style), (" " * (room - left), "")]
        laid.append([cell for cell in line if cell[0]])
    return laid


def colour_system(stream) -> str | None:
    """None, "standard", "256" or "truecolor": what rich's Console would use
    for this stream (the same environment variables, read the same way)."""
    environ = os.environ
    term = environ.get("TERM", "").strip().lower()
    if not _terminal(stream) or term in ("dumb", "unknown"):
        return None
    if environ.get("COLORTERM", "").strip().lower() in ("truecolor", "24bit"):
        return "truecolor"
    return {"kitty": "256", "256color": "256", "16color": "standard"}.get(term.rpartition("-")[2], "standard")


def _terminal(stream) -> bool:
    """Whether rich takes the stream for a terminal."""
    compatible = os.environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    if os.environ.get("FORCE_COLOR") is not None:
        return os.environ["FORCE_COLOR"] != ""
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def sgr_codes(style: str, system: str, no_colour: bool = False) -> str:
    """The codes between ESC[ and m for a style: attributes in rich's order,
    then the colour and the background (left out with NO_COLOR, as rich does)."""
    words = style.split()
    attributes = {ATTRIBUTES[w] for w in words if w in ATTRIBUTES}
    codes = sorted(attributes)
    colour = background = None
    for i, word in enumerate(words):
        if word == "on" and i + 1 < len(words):
            background = words[i + 1]
        elif word not in ATTRIBUTES and (i == 0 or words[i - 1] != "on"):
            colour = word
    if not no_colour:
        for name, foreground in ((colour, True), (background, False)):
            if name is not None:
                codes += _colour_codes(name, system, foreground)
    return ";".join(codes)


def _colour_codes(name: str, system: str, foreground: bool) -> list[str]:
    if name in STANDARD:  # a standard colour stays one on every system
        return [str((30 if foreground else 40) + STANDARD.index(name))]
    if not (len(name) == 7 and name.startswith("#")):
        raise ValueError(f"styled: not a colour this module reads: {name!r}")
    if system == "truecolor":
        red, green, blue = (int(name[i : i + 2], 16) for i in (1, 3, 5))
        return ["38" if foreground else "48", "2", str(red), str(green), str(blue)]
    from rich.color import Color, ColorSystem  # a hue brought down as rich brings it down

    target = ColorSystem.EIGHT_BIT if system == "256" else ColorSystem.STANDARD
    return list(Color.parse(name).downgrade(target).get_ansi_codes(foreground))
