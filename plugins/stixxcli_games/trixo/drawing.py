"""The Trixo table as an SVG drawing: every cell a tile may still reach (the
3x3 window can still move), each stack with its top symbol and its height
shown as tiles beneath, the empty cells the next tile may go on, the arrows
left, and the tiles each player (or team) collected. Symbols are shapes as
well as colours: X a cross, O a ring, trixo a triangle, the arrow an arrow.

Drawn from `state.view(viewer)`: another player's hand is never in the file.
"""

from __future__ import annotations

from stixxcli.colours import INK, hue
from stixxcli.svg import Drawing, fit, group, tag, text_width
from stixxcli.text import counted

from .board import SYMBOLS, fits, placements, team_of, window
from .notation import counted_tiles

LEGEND_COLUMN = 140
CELL = 96
HUES = {"x": hue("red"), "o": hue("blue"), "trixo": hue("green"), "arrow": "#c08a00"}
TILE_FACE = "#fffdf5"


def symbol(kind: str, cx: float, cy: float, size: float) -> str:
    """The picture on a tile: a shape per symbol, so it reads without colour."""
    h = HUES.get(kind, INK)
    s = size * 0.3
    if kind == "x":
        return group(
            [
                tag(
                    "line",
                    x1=cx - s,
                    y1=cy - s,
                    x2=cx + s,
                    y2=cy + s,
                    stroke=h,
                    stroke_width=size * 0.1,
                    stroke_linecap="round",
                ),
                tag(
                    "line",
                    x1=cx + s,
                    y1=cy - s,
                    x2=cx - s,
                    y2=cy + s,
                    stroke=h,
                    stroke_width=size * 0.1,
                    stroke_linecap="round",
                ),
            ]
        )
    if kind == "o":
        return tag("circle", cx=cx, cy=cy, r=s, fill="none", stroke=h, stroke_width=size * 0.1)
    if kind == "trixo":
        pts = [(cx, cy - s * 1.1), (cx + s * 1.05, cy + s * 0.75), (cx - s * 1.05, cy + s * 0.75)]
        return group(
            [
                tag(
                    "polygon",
                    points=" ".join(f"{x:.1f},{y:.1f}" for x, y in pts),
                    fill=h,
                    stroke=INK,
                    stroke_width=1,
                ),
                tag(
                    "text",
                    "T",
                    x=cx,
                    y=cy + s * 0.55,
                    font_size=size * 0.28,
                    font_weight="bold",
                    text_anchor="middle",
                    fill="#ffffff",
                ),
            ]
        )
    # arrow
    return tag(
        "path",
        d=f"M{cx - s:.1f},{cy:.1f} L{cx + s * 0.4:.1f},{cy:.1f} M{cx:.1f},{cy - s * 0.6:.1f} "
        f"L{cx + s:.1f},{cy:.1f} L{cx:.1f},{cy + s * 0.6:.1f}",
        fill="none",
        stroke=h,
        stroke_width=size * 0.1,
        stroke_linecap="round",
        stroke_linejoin="round",
    )


def tile(kind: str, x: float, y: float, size: float, classes="tile") -> str:
    return group(
        [
            tag(
                "rect",
                x=x,
                y=y,
                width=size,
                height=size,
                rx=size * 0.14,
                fill=TILE_FACE,
                stroke=INK,
                stroke_width=1.5,
            ),
            symbol(kind, x + size / 2, y + size / 2, size),
        ],
        class_=classes,
        data_tile=kind,
    )


def draw_svg(state, viewer: int | None = None) -> str:
    view = state.view(viewer)
    layout = {tuple(entry["cell"]): tuple(entry["stack"]) for entry in view["table"]}
    rows, cols = window(layout)
    names = state.names
    grid_x, grid_y = 60, 100
    grid_w, grid_h = len(cols) * CELL, len(rows) * CELL
    # Right of the grid, and of the legend below it (two columns of 140) on an empty table.
    panel_x = max(grid_x + grid_w + 50, 20 + 2 * LEGEND_COLUMN + 30)
    width = panel_x + 460
    height = max(grid_y + grid_h + 130, 106 + 122 * len(names) + 70)
    if view["over"]:
        result = state.result()
        winners = ", ".join(names[s] for s, p in enumerate(result.places) if p == 1)
        status = f"game over: {winners} won"
    else:
        status = f"{names[view['to_move']]} to play"
    d = Drawing(width, height, f"Trixo, {status}")
    d.text(20, 30, f"Trixo - {status}", size=18, weight="bold")
    d.width = max(width, 40 + text_width(f"Trixo - {status}", 18))  # a long name in the heading
    arrows_left = state.reserve.get("arrow", 0) + sum(list(h).count("arrow") for h in state.hands)
    d.text(
        20,
        54,
        f"reserve: {counted(view['reserve'], 'tile')}; arrows left in the game: {arrows_left}",
        size=13,
        fill="#444444",
    )

    # The cells the next symbol tile may go on: empty cells, and stacks with room
    # (a stack takes any symbol but the one on top, so some symbol always fits).
    free, stackable = set(), set()
    if not view["over"]:
        for kind in SYMBOLS:
            legal = placements(layout, kind, state.max_stack)
            free.update(c for c in legal if c not in layout)
            stackable.update(c for c in legal if c in layout)
    for r in rows:
        for c in cols:
            x, y = grid_x + (c - cols.start) * CELL, grid_y + (r - rows.start) * CELL
            d.add(
                tag(
                    "rect",
                    x=x + 2,
                    y=y + 2,
                    width=CELL - 4,
                    height=CELL - 4,
                    rx=8,
                    fill="#efe9da",
                    stroke="#d6cdb6",
                )
            )
            if (r, c) in free:
                d.add(
                    tag(
                        "rect",
                        x=x + 12,
                        y=y + 22,
                        width=CELL - 24,
                        height=CELL - 32,
                        rx=10,
                        fill="none",
                        stroke="#2a8a2a",
                        stroke_width=2.5,
                        stroke_dasharray="6 4",
                        class_="free",
                        data_cell=f"{r},{c}",
                    )
                )
    for (r, c), stack in layout.items():
        x, y = grid_x + (c - cols.start) * CELL, grid_y + (r - rows.start) * CELL
        size = CELL - 36
        parts = []
        # The tiles beneath, each a little lower and to the right: the stack's height
        # shows. Closer together in a taller stack (max_stack 6), so it stays in its cell.
        step = min(5, 14 / max(len(stack) - 1, 1))
        for k, kind in enumerate(stack):
            off = (len(stack) - 1 - k) * step
            parts.append(
                tile(
                    kind,
                    x + 16 + off,
                    y + 20 + off,
                    size,
                    classes="tile" + (" top" if k == len(stack) - 1 else " under"),
                )
            )
        if len(stack) > 1:
            parts.append(tag("circle", cx=x + CELL - 14, cy=y + 16, r=11, fill=INK))
            parts.append(
                tag(
                    "text",
                    f"{len(stack)}",
                    x=x + CELL - 14,
                    y=y + 21,
                    font_size=13,
                    font_weight="bold",
                    text_anchor="middle",
                    fill="#ffffff",
                )
            )
        if (r, c) in stackable:
            parts.insert(
                0,
                tag(
                    "rect",
                    x=x + 5,
                    y=y + 5,
                    width=CELL - 10,
                    height=CELL - 10,
                    rx=10,
                    fill="none",
                    stroke="#2a8a2a",
                    stroke_width=2.5,
                    stroke_dasharray="6 4",
                    class_="free-stack",
                ),
            )
        d.add(group(parts, class_="stack", data_cell=f"{r},{c}", data_height=len(stack), data_top=stack[-1]))
    # Each cell's name last, on a patch of the cell's colour: clear of the dashes around a stack.
    for r in rows:
        for c in cols:
            x, y = grid_x + (c - cols.start) * CELL, grid_y + (r - rows.start) * CELL
            label = f"{r},{c}"
            d.add(tag("rect", x=x + 6, y=y + 6, width=text_width(label, 10) + 4, height=13, fill="#efe9da"))
            d.text(x + 8, y + 16, label, size=10, fill="#8a8068")
    if layout:
        window_text = "one 3x3 window" if fits(layout) else ""
        d.text(
            grid_x - 40,
            grid_y + grid_h + 24,
            f"cells show row,column; the tiles fit {window_text}",
            size=12,
            fill="#444444",
        )
        d.text(
            grid_x - 40,
            grid_y + grid_h + 42,
            "green dashes: where the next tile may go (a stack: on top)",
            size=12,
            fill="#444444",
        )
        d.text(grid_x - 40, grid_y + grid_h + 60, "a number on a stack: its height", size=12, fill="#444444")

    # Players: hands the viewer may see, and what each collected.
    px, py = panel_x, 90
    d.text(px, py, "players", size=15, weight="bold")
    py += 16
    for seat, name in enumerate(names):
        mine = seat == view["to_move"]
        d.add(
            tag(
                "rect",
                x=px - 8,
                y=py,
                width=440,
                height=110,
                rx=8,
                fill="#fff7d6" if mine else "#ffffff",
                stroke=INK if mine else "#bbbbbb",
            )
        )
        # The partner alone: the row's own name is already there.
        partner = [names[s] for s in team_of(seat) if s != seat] if state.teams else []
        team = f" (team with {partner[0]})" if partner else ""
        playing = "  (to play)" if mine else ""
        # Inside the panel: long names (a team names two) are shortened, "(to play)" kept.
        header = fit(f"{name}{team}", 14, 424 - text_width(playing, 14))
        d.text(px + 4, py + 22, f"{header}{playing}", size=14, weight="bold")
        collected = view["collected"][seat]
        total = sum(collected.values())
        parts = []
        cx = px + 4
        for kind in SYMBOLS:
            parts.append(tile(kind, cx, py + 34, 26, classes="collected-kind"))
            parts.append(tag("text", f"{collected[kind]}", x=cx + 32, y=py + 53, font_size=14, fill=INK))
            cx += 62
        parts.append(
            tag("text", f"collected {total}", x=cx + 4, y=py + 53, font_size=14, font_weight="bold", fill=INK)
        )
        d.add(group(parts, class_="collected", data_seat=seat, data_total=total))
        if state.teams:
            pooled = sum(sum(view["collected"][s].values()) for s in team_of(seat))
            d.text(px + 424, py + 53, f"team {pooled}", size=13, anchor="end", fill="#444444")
        hand = view["hands"][seat]
        if isinstance(hand, dict):
            d.text(
                px + 4, py + 92, f"hand: {counted(hand['tiles'], 'tile')}, unseen", size=13, fill="#666666"
            )
        else:
            hx = px + 52
            d.text(px + 4, py + 92, "hand:", size=13)
            tiles = []
            for kind in hand:
                tiles.append(tile(kind, hx, py + 72, 30, classes="hand-tile"))
                hx += 36
            d.add(group(tiles, class_="hand", data_seat=seat))
            if not hand:
                d.text(hx, py + 92, "empty", size=13, fill="#666666")
        py += 122
    last = view["last_play"]
    if last is not None:
        caught = f", collecting {counted(last['collected'], 'tile')}" if last["collected"] else ""
        line = f"last play: {names[last['seat']]}: {last['play']}{caught}"
        d.text(px, py + 10, line, size=13)
        d.width = max(d.width, px + 20 + text_width(line, 13))
    if view["set_aside"]:
        d.text(px, py + 32, f"out of the game: {counted_tiles(view['set_aside'])}", size=13, fill="#444444")
    d.legend(
        20,
        grid_y + grid_h + 80,
        [
            (lambda x, y, k=k: tile(k, x, y - 4, 20, classes="legend"), k)
            for k in ("x", "o", "trixo", "arrow")
        ],
        columns=2,
        column_width=LEGEND_COLUMN,
    )
    return d.svg()


def move_text(state, move: dict) -> str:
    """A play as typed ("x 1 1", "arrow row 0 left", "discard o") and the
    tiles it collected. The draw is left out."""
    if "discard" in move:
        text = f"discard {move['discard']}"
    elif move.get("tile") == "arrow":
        text = f"arrow {move.get('line')} {move.get('index')} {move.get('direction')}"
    else:
        cell = move.get("cell") or ["?", "?"]
        text = f"{move.get('tile')} {cell[0]} {cell[1]}"
    # The state is the one just after the move: its last play holds what the
    # move collected, which a log need not record.
    taken = state.last_play[2] if state.last_play is not None else move.get("collected")
    return f"{text}, collects {taken}" if taken else text
