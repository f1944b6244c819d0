"""Small helpers to write SVG drawings by hand: escaping, elements, a document
with its title and legend, and the text picture for a game that draws nothing.

Every drawing is self-contained: no external font (generic families only),
no image or link fetched from anywhere. Text from logs (player names, colour
names) may be hostile, so every piece of text and every attribute value goes
through `esc`, which also drops the characters XML cannot hold and those a
terminal would obey.
"""

from __future__ import annotations

import re

from .colours import INK, PAPER

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"  # generic family last: nothing is fetched
MONO = "DejaVu Sans Mono, Menlo, Consolas, monospace"
# XML 1.0 allows tab, newline, carriage return and everything from space on,
# except surrogates and U+FFFE/U+FFFF. Also dropped: C1 controls and bidi
# marks, which XML holds but a terminal showing the file (`cat`) obeys.
_NOT_XML = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
    "\ud800-\udfff\ufffe\uffff]"
)


def esc(value) -> str:
    """Text or an attribute value, safe inside XML (quotes included)."""
    text = _NOT_XML.sub("\ufffd", str(value))
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )


def _number(v) -> str:
    if isinstance(v, float):
        return f"{v:.2f}".rstrip("0").rstrip(".")
    return str(v)


def tag(name: str, text: str | None = None, /, **attrs) -> str:
    """One element. Attribute names take `_` for `-` (stroke_width) and a
    trailing `_` for Python words (class_); None values are left out; `text`
    is escaped."""
    parts = [name]
    for key, value in attrs.items():
        if value is None:
            continue
        key = key.rstrip("_")
        key = "xml:" + key[4:] if key.startswith("xml_") else key.replace("_", "-")
        parts.append(f'{key}="{esc(_number(value))}"')
    head = " ".join(parts)
    if text is None:
        return f"<{head}/>"
    return f"<{head}>{esc(text)}</{name}>"


def group(children, /, **attrs) -> str:
    """A <g> around elements already written."""
    return tag("g", **attrs)[:-2] + ">" + "".join(children) + "</g>"


def text_width(text, size: float) -> float:
    """About how wide a line of sans-serif text is drawn, bold or not (0.62
    em a character, as wide as DejaVu Sans's bold averages; a CJK character
    or an emoji a whole em; a combining accent or a joiner nothing): enough
    to keep a line inside the picture or clear of its neighbours."""
    text = str(text)
    if text.isascii():
        return len(text) * size * 0.62
    return sum(_ems(char) for char in text) * size


def _ems(char: str) -> float:
    from .text import char_cells

    return (0.0, 0.62, 1.0)[char_cells(char)]  # an accent nothing, a CJK character a whole em


def fit(text, size: float, room: float) -> str:
    """`text` shortened with "…" to at most `room` wide (as `text_width`
    reckons): a player's name beside their score, which it must not cover."""
    text = str(text)
    if text_width(text, size) <= room:
        return text
    keep = max(1, int(room / (size * 0.62)) - 1)
    if not text.isascii():
        room -= text_width("…", size)
        used, keep = 0.0, 0
        for char in text:
            used += _ems(char) * size
            if used > room and keep:
                break
            keep += 1  # an accent that adds nothing stays with its letter
    return text[:keep].rstrip() + "…"


def legend_columns(words: list[str], room: float, least: float, most: int) -> tuple[int, float]:
    """How many columns of a legend fit in `room`, and how wide each is: as wide
    as the longest words beside their swatch (at least `least`), `most` at most.
    A house rule's names may be long, or many."""
    width = max([least] + [46 + text_width(w, 13) for w in words])
    return max(1, min(most, int(room // width))), width


class Drawing:
    """An SVG document being drawn: add elements, then `svg()`."""

    def __init__(self, width: float, height: float, title: str, description: str = ""):
        self.width, self.height = width, height
        self.title, self.description = title, description
        self.body: list[str] = []

    def add(self, *elements: str) -> None:
        self.body.extend(elements)

    def text(self, x, y, text, size=14, weight=None, anchor=None, fill=INK, **attrs) -> None:
        self.add(
            tag(
                "text",
                str(text),
                x=x,
                y=y,
                font_size=size,
                font_weight=weight,
                text_anchor=anchor,
                fill=fill,
                **attrs,
            )
        )

    def legend(self, x, y, entries, size=13, columns=1, column_width=180) -> float:
        """Swatches with their words: entries are (swatch element maker, words);
        the maker gets the swatch's top-left corner. Returns the y below it."""
        row_height = size + 10
        for n, (swatch, words) in enumerate(entries):
            cx = x + (n % columns) * column_width
            cy = y + (n // columns) * row_height
            self.add(swatch(cx, cy))
            self.text(cx + 30, cy + size - 1, words, size=size)
        rows = (len(entries) + columns - 1) // columns
        return y + rows * row_height

    def svg(self) -> str:
        # No XML prolog: UTF-8 is XML's default, and the same text goes inline into HTML.
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_number(self.width)}" '
            f'height="{_number(self.height)}" viewBox="0 0 {_number(self.width)} {_number(self.height)}" '
            f'font-family="{esc(FONT)}">'
        )
        parts = [head, tag("title", self.title)]
        if self.description:
            parts.append(tag("desc", self.description))
        parts.append(tag("rect", x=0, y=0, width=self.width, height=self.height, fill=PAPER))
        parts.extend(self.body)
        parts.append("</svg>\n")
        return "\n".join(parts)


def text_picture(lines: list[str], title: str) -> str:
    """The terminal picture as an SVG of monospaced lines, for a game whose
    plugin draws nothing of its own."""
    size, step = 14, 18
    width = max([len(line) for line in lines] + [len(title), 20]) * size * 0.62 + 40
    d = Drawing(width, 60 + step * len(lines), title, "the game's text picture: its plugin draws no SVG")
    d.text(20, 30, title, size=16, weight="bold")
    for n, line in enumerate(lines):
        d.add(
            tag(
                "text",
                line,
                x=20,
                y=60 + step * n,
                font_size=size,
                font_family=MONO,
                fill=INK,
                xml_space="preserve",
            )
        )
    return d.svg()
