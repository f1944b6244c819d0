"""The Stixx table in a terminal: the hexagonal board drawn as a grid of
characters (each stixx a coloured segment between its points with its colour
letter and id on it, `r12`, so the board reads without colour; the marker `M`
on its place; taken places empty) and the players below it.

Colours come from stixxcli.colours, chosen so that a 16-colour terminal still
tells the six colours and the marker apart.

Imported only by `StixxState.render`, so `stixx --help` never loads rich.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from stixxcli.colours import letters, marker_style, terminal_style
from stixxcli.styled import Fitted
from stixxcli.text import char_cells, plain

LEGEND_WIDTH = 80
COLUMNS, ROWS = 5, 3  # at least this many characters across per half step; lines down per row of points


def colour_style(name: str, colours=()) -> str:
    position = list(colours).index(name) if name in colours else 0
    return terminal_style(name, position, names=colours)


def _columns(text: str) -> list[str]:
    """`text` as the terminal columns it fills, one string each: a wide
    character (a house rule's colour 紫) and an empty column after it, an
    accent with its letter. The board is a grid of columns, not of characters."""
    out: list[str] = []
    for ch in text:
        width = char_cells(ch)
        if width == 0 and out:
            out[-1] += ch
        else:
            out += [ch] + [""] * (width - 1)
    return out


def draw_board(state, width: int | None = None) -> Text:
    """The board, or where it is wider than `width` (a house rule's long colour
    tags), in bands cut at its points: left part above right part."""
    grid = state.board
    radius = grid.radius
    colours = list(state.colours)
    tags = letters(colours)
    labels = {}
    for stixx in range(len(grid.stixx)):
        if stixx == state.marker:
            labels[stixx] = (marker_style(), f"M{stixx}")
        elif state.on_board[stixx]:
            colour = state.layout[stixx]
            labels[stixx] = (terminal_style(colours[colour], colour, names=colours), f"{tags[colour]}{stixx}")
    # Two diagonal labels share a line between neighbouring points: a house
    # rule's longer colour tags ("gree", "grey") need the points further apart.
    longest = max((len(_columns(label)) for _, label in labels.values()), default=0)
    half = max(COLUMNS, longest + 2)
    across = 4 * radius * half + 3
    height = 2 * radius * ROWS + 1
    cells = [[(" ", "")] * across for _ in range(height)]

    def at(point: int) -> tuple[int, int]:
        q, r = grid.points[point]
        return (r + radius) * ROWS, (2 * q + r + 2 * radius) * half + 1

    def put(row: int, col: int, text: str, style: str) -> None:
        for k, ch in enumerate(_columns(text)):
            cells[row][col + k] = (ch, style)

    for stixx, (style, label) in labels.items():
        i, j = grid.stixx[stixx]
        (r1, c1), (r2, c2) = at(i), at(j)
        line = "═" if stixx == state.marker else "━"
        if r1 == r2:  # along a row: the label in the middle of the segment
            inner = 2 * half - 1
            wide = len(_columns(label))
            ends = max(2, (inner - wide - 2) // 2)
            pad = inner - 2 * ends - wide
            put(
                r1,
                c1 + 1,
                line * ends + " " * (pad // 2) + label + " " * (pad - pad // 2) + line * ends,
                style,
            )
        elif c2 > c1:  # down to the right
            put(r1 + 1, c1 + 1, "╲", style)
            put(r1 + 2, c1 + 2, label, style)
        else:  # down to the left
            put(r1 + 1, c1 - 1, "╱", style)
            put(r1 + 2, c1 - 1 - len(_columns(label)), label, style)
    for point in range(len(grid.points)):
        row, col = at(point)
        put(row, col, "•", "dim")

    # Bands of half steps, each the last one's last step on: a row of points is
    # cut at one of its points, a row of diagonals between them, so no label
    # is cut in two and every row keeps its place under the others.
    steps, most = 4 * radius, (width - 2) // half if width else 0
    bands, start = [(0, steps)], 0
    if across > (width or across) and most >= 2:
        bands = []
        while not bands or bands[-1][1] < steps:
            bands.append((start, min(start + most, steps)))
            start = bands[-1][1] - 1
    text = Text()
    for b, (start, end) in enumerate(bands):
        if b:
            text.append("\n\n")
        origin = start * half + 1 if b else 0
        for n, row in enumerate(cells):
            parity = (n // ROWS + radius) % 2  # which half steps this row's points stand on
            lo, hi = (
                (start, end - 1) if n % ROWS else (start + (start - parity) % 2, end - (end - parity) % 2)
            )
            left = origin if lo == start or not b else lo * half + 1
            right = across if end == steps else hi * half + 2
            line = Text(" " * (left - origin))
            for ch, style in row[left:right]:
                line.append(ch, style)
            line.rstrip()
            text.append_text(line)
            if n < height - 1:
                text.append("\n")
    return text


def legend(state, width: int = LEGEND_WIDTH) -> Text:
    """Each colour's letter in its colour, and the marker: the key to the board."""
    colours = list(state.colours)
    entries = [
        (f"{plain(tag)} {plain(colour)}", terminal_style(colour, n, names=colours))
        for n, (colour, tag) in enumerate(zip(colours, letters(colours)))
    ]
    entries.append(("M the marker", marker_style()))
    # Lines under 80 columns (or the terminal's width), broken between entries (a
    # house rule's many colours would otherwise wrap inside one, "br" above "brown").
    text, line, width = Text(), 0, min(width, LEGEND_WIDTH)
    for words, style in entries:
        if line and line + 2 + len(words) >= width:
            text.append("\n")
            line = 0
        elif line:
            text.append("  ")
            line += 2
        text.append(words, style=style)
        line += len(words)
    return text


def render_state(state, viewer: int | None = None):
    view = state.view(viewer)
    colours = list(state.colours)
    tags = dict(zip(colours, letters(colours)))
    players = Table(show_edge=False, header_style="bold", box=None, padding=(0, 1))
    for header in ("seat", "player", "colour", "revealed", "held", "score"):
        players.add_column(header)
    for p in view["players"]:
        colour = p["colour"]
        if colour:
            shown = Text(f"{plain(tags[colour])} {plain(colour)}", style=colour_style(colour, colours))
        else:
            shown = Text("?", style="dim")
        if viewer is not None and p["seat"] == viewer and p["revealed_at"] is None:
            shown.append(" (yours, secret)", style="dim")
        held = Text()
        for c, k in p["held"].items():
            held.append(f"{k}{plain(tags[c])}", style=colour_style(c, colours))
            held.append(" ")
        # Colours still hidden at the end are revealed together at the end
        # (docs/games/stixx.md, The result), as the picture and the score say.
        if p["revealed_at"] is not None:
            revealed = f"turn {p['revealed_at']}"
        elif view["over"] and colour and p["seat"] != viewer:
            revealed = "at the end"
        else:
            revealed = "hidden"
        name = Text(plain(p["name"]), style="bold reverse" if p["seat"] == view["to_move"] else "")
        players.add_row(
            str(p["seat"]), name, shown, revealed, held, "" if p["score"] is None else str(p["score"])
        )
    if view["over"]:
        status = Text(f"Game over after {view['turn']} turns: {view['end']}.", style="bold")
    else:
        who = plain(state.names[view["to_move"]])
        marker = "off the board" if view["marker"] is None else f"on {view['marker']} (M)"
        options = "" if state.options_allowed() else f"; plain takes until turn {view['options_from_turn']}"
        status = Text(f"Turn {view['turn'] + 1}: {who} to play; the marker lies {marker}{options}.")
    parts = [Fitted(draw_board, state), Fitted(legend, state), Text(), players, status]
    if view["challenges"]:
        c = view["challenges"][-1]
        parts.append(
            Text(
                f"Last challenge (turn {c['turn']}): {plain(state.names[c['seat']])} named "
                f"{plain(c['colour'])} for {plain(state.names[c['target']])}: "
                f"{'right' if c['correct'] else 'wrong'}.",
                style="dim",
            )
        )
    warnings = view["layout_warnings"]
    if view["turn"] == 0 or len(warnings) < 2:
        parts.extend(Text(f"layout warning: {plain(warning)}", style="yellow") for warning in warnings)
    else:  # listed before the first turn; a line after it, or they push the board off at every prompt
        told = f"{len(warnings)} pairs of touching stixx share a colour (listed at the start)"
        parts.append(Text(f"layout warning: {told}", style="yellow"))
    return Group(*parts)
