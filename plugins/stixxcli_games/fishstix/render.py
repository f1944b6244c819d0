"""The table in the terminal: the layout with its columns and rows labelled, the
hand both ways up, and every player's six score tracks. Imported only by
`State.render`, so commands that draw nothing never import rich."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from stixxcli.colours import terminal_style
from stixxcli.styled import Fitted
from stixxcli.text import counted, plain

from .board import turned_round

EMPTY = "·"


def kind_styles(kinds) -> list[str]:
    # The shared hues (stixxcli.colours); the fish's name is written too, so colour is never needed.
    return [terminal_style(kind, n, names=kinds) for n, kind in enumerate(kinds)]


def short_names(kinds) -> list[str]:
    """The shortest prefix of at least 3 letters that tells each kind apart."""
    names = []
    for kind in kinds:
        for length in range(3, len(kind) + 1):
            prefix = kind[:length]
            if not any(other != kind and other.startswith(prefix) for other in kinds):
                break
        names.append(kind[:length] if len(kind) >= 3 else kind)
    return names


class FishPainter:
    def __init__(self, kinds):
        self.styles = kind_styles(kinds)
        self.names = [plain(name) for name in short_names(kinds)]
        self.width = max(len(n) for n in self.names) + 1

    def fish(self, fish: int) -> Text:
        name = self.names[fish >> 1]
        shown = f"{name}>" if fish & 1 else f"<{name}"
        return Text(shown.center(self.width + 1), style=self.styles[fish >> 1])

    def blank(self, mark: str = EMPTY) -> Text:
        return Text(mark.center(self.width + 1), style="dim")


def render_layout(state, painter: FishPainter, width: int = 80) -> Text:
    layout = state.grid
    left, right, top, bottom = layout.bounds()
    # One spare column each side and a spare row above and below: places to name.
    columns = range(left - 1, right + 2)
    rows = range(top - 1, bottom + 2)
    last = layout.placements[-1] if len(layout.placements) > 1 else None
    cells = layout.cells
    label = max(len(str(r)) for r in rows) + 1
    band = max(1, (width - label - 1 - len("   column")) // (painter.width + 1))  # columns a band shows
    out = Text()
    for start in range(0, len(columns), band):
        if start:
            out.append("\n")
        out.append(" " * label + " ")
        for c in columns[start : start + band]:
            out.append(str(c).center(painter.width + 1), style="bold")
        out.append("   column\n", style="dim")
        for r in rows:
            out.append(str(r).rjust(label) + " ", style="bold")
            for c in columns[start : start + band]:
                fish = cells.get((c, r))
                if fish is None:
                    out.append_text(painter.blank())
                    continue
                cell = painter.fish(fish)
                if last is not None and c == last.column and last.row <= r < last.row + 4:
                    cell.stylize("underline")
                out.append_text(cell)
            out.append("\n")
    out.append(" " * label + " row", style="dim")
    if last is not None:
        who = plain(state.names[last.seat])
        out.append(
            f"   (underlined: {who}'s last stick, column {last.column}, rows {last.row} to {last.row + 3})",
            style="dim",
        )
    return out


def render_hand(state, seat: int, painter: FishPainter, width: int = 80) -> Text:
    """Each stick standing upright, as it is and turned round (r), as a player names them."""
    hand = state.hands[seat]
    out = Text(f"{plain(state.names[seat])}'s hand (top row first):\n", style="bold")
    if not hand:
        out.append("  played out\n")
        return out
    ways = []
    for number, stick in enumerate(hand, start=1):
        fish = state.fish[stick]  # with an open deck, sticks the deck lacks too
        ways.append((f"{number}", fish))
        ways.append((f"{number} r", turned_round(fish)))
    cell = painter.width + 1
    band = 2 * max(1, (width - 2) // (2 * cell + 4))  # both ways of a stick stay side by side
    for start in range(0, len(ways), band):
        if start:
            out.append("\n")
        shown = ways[start : start + band]
        out.append("  ")
        for i, (name, _) in enumerate(shown):
            out.append(name.center(cell), style="bold")
            out.append("   " if i % 2 else " ")
        out.append("\n")
        for row in range(4):
            out.append("  ")
            for i, (_, fish) in enumerate(shown):
                out.append_text(painter.fish(fish[row]))
                out.append("   " if i % 2 else " ")
            out.append("\n")
    return out


class Tracks:
    """Every player's six tracks: padded, or tight where the terminal is too
    narrow for that (60 columns), as rich would cut the points to `0/…`; a
    house rule's many kinds in bands of kinds, one table under the other."""

    def __init__(self, state, painter: FishPainter):
        self.state, self.painter = state, painter

    def __rich_console__(self, console, options):
        from rich.measure import Measurement

        kinds = len(self.state.deck.kinds)

        def tables(padding, band: int) -> list[Table]:
            return [
                render_tracks(self.state, self.painter, padding, range(start, min(start + band, kinds)))
                for start in range(0, kinds, band)
            ]

        def fits(tables) -> bool:
            wide = options.update_width(1000)
            return all(Measurement.get(console, wide, t).maximum <= options.max_width for t in tables)

        # The most kinds a band that fit, padded, else tight; the total and the hand in the last band.
        shown = tables((0, 1), kinds)
        if not fits(shown):
            tight = (tables((0, 0), band) for band in range(kinds, 0, -1))
            shown = next((t for t in tight if fits(t)), None) or tables((0, 0), 1)
        for n, table in enumerate(shown):
            yield from [Text(), table] if n else [table]  # a line between bands


def render_tracks(state, painter: FishPainter, padding=(0, 1), kinds: range | None = None) -> Table:
    """The tracks of `kinds` (default: all), with the total and the hand after the last kind."""
    every = len(state.deck.kinds)
    kinds = range(every) if kinds is None else kinds
    last = kinds.stop == every
    table = Table(show_edge=False, header_style="bold", title_justify="left", padding=padding)
    table.add_column("player")
    for kind in kinds:
        table.add_column(Text(plain(state.deck.kinds[kind]), style=painter.styles[kind]), justify="right")
    if last:
        table.add_column("total", justify="right")
        table.add_column("hand", justify="right")
    for seat, track in enumerate(state.tracks):
        name = Text(plain(state.names[seat]), style="bold reverse" if seat == state.seat else "")
        cells = [
            Text(f"{track[k]}/{state.target}", style="bold" if track[k] >= state.target else "")
            for k in kinds
        ]
        if last:
            cells += [str(sum(track)), str(len(state.hands[seat]))]
        table.add_row(name, *cells)
    return table


def render_state(state, viewer: int | None = None):
    painter = FishPainter(state.deck.kinds)
    if state.over:
        if state.winner is not None:
            status = f"game over: {plain(state.names[state.winner])} has {state.target} in every kind"
        else:
            status = "game over: the sticks have run out"
    else:
        status = f"{plain(state.names[state.seat])} to play"
    header = Text(
        f"Fish Stix - turn {state.turns + 1 if not state.over else state.turns}, {status}; "
        f"pile: {counted(state.pile_size, 'stick')}",
        style="bold",
    )
    parts = [header, Fitted(render_layout, state, painter), Tracks(state, painter)]
    seats = range(len(state.names)) if viewer is None else [viewer]
    for seat in seats:
        if 0 <= seat < len(state.names):
            parts.append(Fitted(render_hand, state, seat, painter))
    return Group(*parts)
