"""Content made plain: the one function every piece of shown content goes through.

Text from a log, a rule file, a sheet or a plugin (player names, `variant`,
rule descriptions, colour names, sheet and file names) is data, never terminal
control and never markup. `plain(s)` returns it with every character that could
act on a terminal shown visibly escaped, as Python writes it:

    >>> plain("Ann\\x1b[2J")
    'Ann\\\\x1b[2J'
    >>> plain("Bob\\nvalid")
    'Bob\\\\nvalid'

Escaped: C0 controls (NUL-US: ESC, BEL, backspace, CR, newline, tab...), DEL,
C1 controls (U+0080-U+009F: a lone CSI is an escape sequence too), line and
paragraph separators, bidi embeddings, overrides and isolates (a name that
reverses the rest of a line), zero-width spaces and other invisible marks (a
name that shows as another's), and lone surrogates (which cannot be printed).
Everything else, accents, emoji and their zero-width joiners included, stays.
A newline in a name is shown as `\\n`, so a one-line verdict stays one line.

With rich, content is never given to `console.print` or a Table as a plain
`str` (that parses `[markup]`): wrap it, so markup is shown literally:

    from rich.text import Text
    table.add_row(Text(plain(name)), Text(plain(colour), style="red"))
    text = Text("after move 3 by ").append(plain(name), style="bold")

Only where a markup string cannot be avoided (a Table title built as markup),
escape it as well: `rich.markup.escape(plain(s))`.

For click.echo and error lines, `plain(message)` is all that is needed.
"""

from __future__ import annotations

import re

# Characters that act on a terminal or on the order of a line, as one class.
# Compiled by `re` when first needed: a command that shows only plain text
# never pays for it (unsafe() looks with str.isprintable first).
_UNSAFE = (
    "["
    "\x00-\x1f\x7f-\x9f"  # C0, DEL, C1 (ESC, BEL, CR, LF, TAB, 8-bit CSI/OSC...)
    "\u061c\u200e\u200f"  # Arabic letter mark, LRM, RLM
    "\u180e\u200b\u2060-\u2065\u206a-\u206f"  # zero-width spaces, word joiner, invisible operators
    "\u2028\u2029"  # line and paragraph separators: a newline to some terminals
    "\u202a-\u202e"  # bidi embeddings and overrides
    "\u2066-\u2069"  # bidi isolates
    "\ufeff"  # zero-width no-break space (a BOM inside a name)
    "\ud800-\udfff"  # lone surrogates: not characters, cannot be encoded
    "]"
)
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escaped(match: re.Match) -> str:
    char = match.group()
    named = _NAMED.get(char)
    if named:
        return named
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def unsafe(text: str) -> bool:
    """Whether `text` holds a character plain() escapes. Every one of them is
    unprintable to Python, so the common case, a name of letters, is decided
    by str.isprintable alone."""
    return not text.isprintable() and re.search(_UNSAFE, text) is not None


def plain(value: object) -> str:
    """`value` as text that prints as itself: controls, escape sequences, bidi
    overrides and newlines visibly escaped (see the module docstring for use
    with rich)."""
    text = value if isinstance(value, str) else str(value)
    return re.sub(_UNSAFE, _escaped, text) if unsafe(text) else text


def is_plain(value: str) -> bool:
    """Whether `value` prints as itself (plain() would not change it)."""
    return not unsafe(value)


def plain_lines(value: object) -> str:
    """plain() for text of several lines (a help text, an announcement, a
    picture in a prompt): its line ends kept, everything else as plain()."""
    text = value if isinstance(value, str) else str(value)
    return "\n".join(plain(line) for line in text.split("\n")) if unsafe(text) else text


# Characters of one text a game gives people (an announcement, a help text, a
# prompt, a picture) shown at once: seven times the longest a bundled game
# gives (Fish Stix's `help all`), and no plugin floods the terminal.
TOLD_MOST = 100_000


def told(value: object) -> str:
    """A game plugin's text for the terminal: plain_lines(), and cut past
    TOLD_MOST characters with a note of its length."""
    text = value if isinstance(value, str) else str(value)
    return plain_lines(clip(text, TOLD_MOST) if len(text) > TOLD_MOST else text)


def wide_said(encoding: str, marked: bool) -> str:
    """Why a file in UTF-16 or UTF-32 (`encoding`) is refused, a log or a sheet
    alike: what it is, by its byte-order mark or without one, and what to do."""
    kind = (
        f"is {encoding} (it starts with a byte-order mark)"
        if marked
        else f"looks like {encoding} without a byte-order mark"
    )
    return f"the file {kind}; save it as UTF-8"


def for_shell(path: object) -> str:
    """A file name in a command people are told to type: plain, and quoted
    where the shell would split it (`'club night.json'`)."""
    import shlex

    return shlex.quote(plain(path))


def cells(text: str) -> int:
    """How many terminal columns `text` takes, as rich counts them (a sheet
    named 山田 or José lines up with Ann's)."""
    return len(text) if text.isascii() else sum(map(char_cells, text))


def char_cells(char: str) -> int:
    """Columns a character takes: a CJK character or an emoji two, a combining
    accent, a joiner or a variation selector none, any other one."""
    import unicodedata

    if unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in "WF" else 1


def looks(name: str) -> str:
    """A name as it looks: without invisible format characters (a zero-width
    space) and in its compatibility form (a fullwidth A is an A). Two names
    that look the same could be either seat."""
    if name.isascii():
        return name
    import unicodedata

    seen = "".join(ch for ch in name if unicodedata.category(ch) != "Cf")
    return unicodedata.normalize("NFKC", seen)


NAMELESS = "a player needs a name"
# The longest a log's player name and variant may be: drawn in every table and
# move line, a name of megabytes took replay minutes to wrap (1,000 characters:
# a tenth of a second more). A variant is named by a rule file, whose name
# (255 bytes at most) always fits.
NAME_MOST = 1000
VARIANT_MOST = 255


def nameless(name: str) -> bool:
    """A name of nothing but spaces, refused by `play` and by `validate` alike:
    no one at the table could be told by it."""
    return not name.strip()


def counted(n: int, thing: str, things: str | None = None) -> str:
    """`n` things, in the singular for one: "1 move", "36 moves" ("1 cross", "2 crosses")."""
    return f"{n} {thing}" if n == 1 else f"{n} {things or thing + 's'}"


def picture(rendered):
    """What a game's `render` returned, for rich to print: a string is plain
    text, its line ends kept, never rich markup (a player's name in a shared
    log could hold `[link=...]` or an unbalanced `[/]`), cut as told() cuts;
    anything else (a rich Text, Table or Panel, a Styled) is shown as Told."""
    if isinstance(rendered, str):
        from rich.text import Text

        return Text(told(rendered))
    return Told(rendered)


class Told:
    """A plugin's rich renderable as shown: what it renders, each piece of text
    plain (rich passes an escape sequence in a Text or a Table's cell to the
    terminal as it is), control segments (a cursor move, a clear screen) left
    out, and cut past TOLD_MOST characters with a note."""

    def __init__(self, renderable):
        self.renderable = renderable

    def __rich_console__(self, console, options):
        from rich.segment import Segment

        left = TOLD_MOST
        for segment in console.render(self.renderable, options):
            if segment.control:
                continue
            text = segment.text
            if text != "\n" and unsafe(text):  # (a line end, the most common segment, is not looked into)
                text = plain_lines(text)
                segment = Segment(text, segment.style)
            if len(text) > left:  # (a renderable of its own making may never end: no count of the rest)
                yield Segment(text[:left], segment.style)
                yield from (Segment.line(), Segment(f"... (cut at {TOLD_MOST:,} characters)"), Segment.line())
                return
            left -= len(text)
            yield segment

    def __rich_measure__(self, console, options):
        from rich.measure import Measurement

        return Measurement.get(console, options, self.renderable)


def plain_json(text: str) -> str:
    """JSON text with every character plain() escapes that JSON leaves raw (DEL,
    C1 controls, bidi overrides, separators, lone surrogates) written as a
    \\u escape: the same data to any parser, nothing a terminal acts on."""
    if not unsafe(text):
        return text
    return re.sub(_UNSAFE, lambda m: m.group() if m.group() in "\n\r\t" else f"\\u{ord(m.group()):04x}", text)


def clip(message: str, width: int = 300) -> str:
    """A message cut to one readable line: a reason quoting a value of ten
    thousand characters shows its start and its length."""
    if len(message) <= width:
        return message
    return f"{message[: width - 40]}... ({len(message)} characters)"


def json_line(value, *, allow_nan: bool = True) -> str:
    """`value` as one line of JSON for a terminal or a script: non-ASCII kept,
    what plain_json escapes escaped. allow_nan=False: NaN and Infinity, which
    JSON has not, are a ValueError (errors.plugin_json, for a plugin's values)."""
    import json

    return plain_json(json.dumps(value, ensure_ascii=False, allow_nan=allow_nan))
