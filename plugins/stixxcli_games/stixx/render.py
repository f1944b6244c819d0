"""The Stixx table in a terminal: the hexagonal board drawn as a grid of
characters (each stixx a coloured segment between its points with its id on
it, the marker grey, taken places empty) and the players below it.

Imported only by `StixxState.render`, so `stixx --help` never loads rich.
"""

from __future__ import annotations

from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text

# Terminal colours for the standard colour names; other names are tried as
# rich colours and fall back to white.
STYLES = {
    "red": "bright_red",
    "orange": "dark_orange",
    "yellow": "yellow1",
    "green": "green3",
    "blue": "dodger_blue1",
    "purple": "medium_purple1",
    "white": "bright_white",
    "black": "grey39",
    "pink": "hot_pink",
    "brown": "orange4",
}
MARKER = "grey50"
COLUMNS, ROWS = 4, 3  # characters across per half step, lines down per row of points


def colour_style(name: str) -> str:
    style = STYLES.get(name.lower(), name.lower())
    try:
        Style.parse(style)
    except Exception:  # not a colour rich knows: still drawn, in white
        return "white"
    return style


def draw_board(state) -> Text:
    grid = state.board
    radius = grid.radius
    width = 4 * radius * COLUMNS + 3
    height = 2 * radius * ROWS + 1
    cells = [[(" ", "")] * width for _ in range(height)]

    def at(point: int) -> tuple[int, int]:
        q, r = grid.points[point]
        return (r + radius) * ROWS, (2 * q + r + 2 * radius) * COLUMNS + 1

    def put(row: int, col: int, text: str, style: str) -> None:
        for k, ch in enumerate(text):
            cells[row][col + k] = (ch, style)

    for stixx, (i, j) in enumerate(grid.stixx):
        if stixx == state.marker:
            style = f"bold {MARKER}"
        elif state.on_board[stixx]:
            style = f"bold {colour_style(state.colours[state.layout[stixx]])}"
        else:
            continue  # a taken place is empty
        (r1, c1), (r2, c2) = at(i), at(j)
        label = f"{stixx:>2}"
        line = "═" if stixx == state.marker else "━"
        if r1 == r2:  # along a row: the id in the middle of the segment
            put(r1, c1 + 1, line * 2 + f"{stixx:^3}" + line * 2, style)
        elif c2 > c1:  # down to the right
            put(r1 + 1, c1 + 1, "╲", style)
            put(r1 + 2, c1 + 2, label, style)
        else:  # down to the left
            put(r1 + 1, c1 - 1, "╱", style)
            put(r1 + 2, c1 - 3, label, style)
    for point in range(len(grid.points)):
        row, col = at(point)
        put(row, col, "•", "dim")

    text = Text()
    for n, row in enumerate(cells):
        line = Text()
        for ch, style in row:
            line.append(ch, style)
        line.rstrip()
        text.append_text(line)
        if n < height - 1:
            text.append("\n")
    return text


def render_state(state, viewer: int | None = None):
    view = state.view(viewer)
    players = Table(show_edge=False, header_style="bold", box=None, padding=(0, 1))
    for header in ("seat", "player", "colour", "revealed", "held", "score"):
        players.add_column(header)
    for p in view["players"]:
        colour = p["colour"]
        shown = Text(colour, style=f"bold {colour_style(colour)}") if colour else Text("?", style="dim")
        if viewer is not None and p["seat"] == viewer and p["revealed_at"] is None:
            shown.append(" (yours, secret)", style="dim")
        held = Text()
        for c, k in p["held"].items():
            held.append(f"{k}", style=f"bold {colour_style(c)}")
            held.append(f"{c[0]} ")
        revealed = f"turn {p['revealed_at']}" if p["revealed_at"] is not None else "hidden"
        name = Text(p["name"], style="bold reverse" if p["seat"] == view["to_move"] else "")
        players.add_row(
            str(p["seat"]), name, shown, revealed, held, "" if p["score"] is None else str(p["score"])
        )
    if view["over"]:
        status = Text(f"Game over after {view['turn']} turns: {view['end']}.", style="bold")
    else:
        who = state.names[view["to_move"]]
        marker = "off the board" if view["marker"] is None else f"on {view['marker']}"
        options = "" if state.options_allowed() else f"; plain takes until turn {view['options_from_turn']}"
        status = Text(f"Turn {view['turn'] + 1}: {who} to play; the marker lies {marker}{options}.")
    parts = [draw_board(state), Text(), players, status]
    if view["challenges"]:
        c = view["challenges"][-1]
        parts.append(
            Text(
                f"Last challenge (turn {c['turn']}): {state.names[c['seat']]} named "
                f"{c['colour']} for {state.names[c['target']]}: "
                f"{'right' if c['correct'] else 'wrong'}.",
                style="dim",
            )
        )
    for warning in view["layout_warnings"]:
        parts.append(Text(f"layout warning: {warning}", style="yellow"))
    return Group(*parts)
