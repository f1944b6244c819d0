"""The table drawn with rich: every cell a tile may still reach, labelled with
its row and column for input, each stack's top symbol and height; the hands
the viewer may see, the reserve and the collections."""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from stixxcli.colours import terminal_style
from stixxcli.text import counted, plain

from . import board
from .board import team_of
from .notation import counted_tiles, hand_text, play_text

# The shared hues; each symbol is also its own letters, so the table reads without colour.
STYLE = {
    "x": terminal_style("red"),
    "o": terminal_style("blue"),
    "trixo": terminal_style("green"),
    "arrow": terminal_style("yellow"),
}
GLYPH = {"x": "X", "o": "O", "trixo": "TRIXO"}


def cell_text(layout: dict, cell: tuple) -> Text:
    text = Text(f"{cell[0]},{cell[1]}\n", style="dim")
    stack = layout.get(cell)
    if stack is None:
        text.append("·", style="dim")
        return text
    top = stack[-1]
    text.append(GLYPH[top], style=STYLE[top])
    if len(stack) > 1:
        text.append(f" ×{len(stack)}", style="bold")
    return text


def window_table(layout: dict) -> Table:
    rows, cols = board.window(layout)
    grid = Table(box=box.SQUARE, show_header=False, show_lines=True, padding=(0, 1))
    for _ in cols:
        grid.add_column(justify="center", min_width=7)
    for r in rows:
        grid.add_row(*(cell_text(layout, (r, c)) for c in cols))
    return grid


def render_state(state, viewer: int | None = None):
    parts = [
        Text("Trixo: cells show row,column; × is a stack's height", style="italic"),
        window_table(state.layout),
    ]
    players = Table(box=box.SIMPLE, show_edge=False)
    for heading in ("seat", "player", "hand", "collected (x, o, trixo)"):
        players.add_column(heading)
    for seat, name in enumerate(state.names):
        hand = state.hands[seat]
        shown = hand_text(hand) if viewer is None or viewer == seat else counted(len(hand), "hidden tile")
        c = state.collected[seat]
        mark = "▶ " if seat == state.seat else "  "
        team = f" (team {'+'.join(map(str, team_of(seat)))})" if state.teams else ""
        pooled = ""
        if state.teams:
            pooled = f"; team {sum(sum(state.collected[s].values()) for s in team_of(seat))}"
        players.add_row(
            f"{mark}{seat}",
            Text(plain(name) + team),
            shown,
            f"{sum(c.values())} ({c['x']}, {c['o']}, {c['trixo']}){pooled}",
        )
    parts.append(players)
    if state.last_play is not None:
        seat, move, taken = state.last_play
        caught = f", collecting {counted(taken, 'tile')}" if taken else ""
        parts.append(Text(f"last play: {plain(state.names[seat])}: {play_text(move)}{caught}"))
    gone = f"; out of the game: {counted_tiles(state.set_aside)}" if state.set_aside else ""
    parts.append(Text(f"reserve: {counted(state.reserve_size, 'tile')}{gone}"))
    if state.over:
        result = state.result()
        winners = [plain(state.names[s]) for s, p in enumerate(result.places) if p == 1]
        parts.append(Text(f"game over: {', '.join(winners)} won", style="bold"))
    return Group(*parts)
