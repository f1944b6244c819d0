"""The Stixx table as an SVG drawing: the hexagon of points, each stixx on the
board a coloured stick between its two points (its colour letter and id on
it), the empty grooves of taken stixx, the marker on its place, and beside
the board each player's colour (as the viewer may know it), held stixx and
score.

Drawn from `state.view(viewer)`, so another player's secret colour is never
in the file. Imported only when a drawing is asked for.
"""

from __future__ import annotations

import math

from stixxcli.colours import INK, MARKER, letters, palette, text_on
from stixxcli.svg import Drawing, fit, group, legend_columns, tag, text_width

UNIT = 88  # pixels between neighbouring points
MARGIN = 46
PANEL = 400  # the players' column


def _point_xy(q: int, r: int, radius: int) -> tuple[float, float]:
    x = MARGIN + (q + r / 2 + radius) * UNIT
    y = MARGIN + 30 + (r + radius) * UNIT * math.sqrt(3) / 2
    return x, y


def _stick(x1, y1, x2, y2, fill: str, label: str, classes: str, **data) -> str:
    # The stick stops short of both points, as the grooves do on the board.
    dx, dy = x2 - x1, y2 - y1
    gap = 0.14
    a = (x1 + dx * gap, y1 + dy * gap)
    b = (x2 - dx * gap, y2 - dy * gap)
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    ink = text_on(fill)
    # A house rule's longer colour tag ("gree8"): a smaller font, the label no
    # wider than half a stick, so labels of neighbouring sticks never meet.
    size = min(13, 13 * 38 / max(text_width(label, 13), 1))
    box = max(34, text_width(label, size) + 6)
    return group(
        [
            tag(
                "line",
                x1=a[0],
                y1=a[1],
                x2=b[0],
                y2=b[1],
                stroke=INK,
                stroke_width=17,
                stroke_linecap="round",
            ),
            tag(
                "line",
                x1=a[0],
                y1=a[1],
                x2=b[0],
                y2=b[1],
                stroke=fill,
                stroke_width=13,
                stroke_linecap="round",
            ),
            tag(
                "rect",
                x=mx - box / 2,
                y=my - 9,
                width=box,
                height=18,
                rx=5,
                fill=fill,
                stroke=INK,
                stroke_width=1,
            ),
            tag(
                "text",
                label,
                x=mx,
                y=my + 5,
                font_size=size,
                font_weight="bold",
                text_anchor="middle",
                fill=ink,
            ),
        ],
        class_=classes,
        **data,
    )


def draw_svg(state, viewer: int | None = None) -> str:
    view = state.view(viewer)
    board = state.board
    radius = board.radius
    colours = list(state.colours)
    tags = dict(zip(colours, letters(colours)))
    hues = dict(zip(colours, palette(colours)))
    width = 2 * MARGIN + 2 * radius * UNIT + PANEL
    board_bottom = MARGIN + 30 + 2 * radius * UNIT * math.sqrt(3) / 2 + MARGIN
    height = max(board_bottom + 150, 140 + 92 * len(view["players"]) + 60)
    seen = "the whole table" if viewer is None else f"as {state.names[viewer]} sees it"
    d = Drawing(width, height, f"Stixx after turn {view['turn']}, {seen}")
    if view["over"]:
        status = f"Game over after {view['turn']} turns: {view['end']}"
    else:
        status = f"Turn {view['turn'] + 1}: {state.names[view['to_move']]} to play"
    d.text(MARGIN - 20, 30, f"Stixx - {status}", size=18, weight="bold")
    d.width = max(width, MARGIN + text_width(f"Stixx - {status}", 18))  # a long name in the heading
    d.text(MARGIN - 20, 52, seen, size=13, fill="#555555")

    at = [_point_xy(q, r, radius) for q, r in board.points]
    on_board = set(view["on_board"])
    # The grooves first: a taken stixx leaves its groove empty.
    for s, (i, j) in enumerate(board.stixx):
        (x1, y1), (x2, y2) = at[i], at[j]
        d.add(
            tag(
                "line",
                x1=x1,
                y1=y1,
                x2=x2,
                y2=y2,
                stroke="#d8d2c4",
                stroke_width=5,
                stroke_dasharray=None if s in on_board else "4 5",
                class_="groove",
            )
        )
    for n, (x, y) in enumerate(at):
        d.add(tag("circle", cx=x, cy=y, r=6, fill=INK, class_="point", data_point=n))
    for s, (i, j) in enumerate(board.stixx):
        if s not in on_board and s != view["marker"]:
            continue
        (x1, y1), (x2, y2) = at[i], at[j]
        if s == view["marker"]:
            d.add(_stick(x1, y1, x2, y2, MARKER, "M", "marker", data_place=s))
            continue
        colour = view["layout"][s]
        d.add(
            _stick(x1, y1, x2, y2, hues[colour], f"{tags[colour]}{s}", "stixx", data_id=s, data_colour=colour)
        )

    # The players, beside the board.
    px = 2 * MARGIN + 2 * radius * UNIT + 10
    y = 86
    d.text(px, y, "players", size=15, weight="bold")
    y += 14
    for p in view["players"]:
        panel, panel_h = _player(
            p,
            px,
            y,
            hues,
            tags,
            colours,
            to_move=p["seat"] == view["to_move"],
            viewer=viewer,
            view_over=view["over"],
        )
        d.add(panel)
        y += panel_h + 8
    legend_y = max(y + 10, board_bottom)
    d.text(MARGIN - 20, legend_y, "legend", size=14, weight="bold")
    entries = [(_swatch(hues[c]), f"{tags[c]} {c}") for c in colours]
    entries.append((_swatch(MARKER), "M the marker"))
    entries.append((_groove_swatch, "an empty groove (taken)"))
    # As many columns as fit the picture (a radius-1 board is narrow), and the
    # picture tall enough for every row (a house rule may have 12 colours).
    across, column_w = legend_columns([f"{tags[c]} {c}" for c in colours], width - MARGIN, 190, 4)
    bottom = d.legend(MARGIN - 20, legend_y + 10, entries, columns=across, column_width=column_w)
    height = d.height = max(height, bottom + (34 if view["challenges"] else 10))
    if view["challenges"]:
        c = view["challenges"][-1]
        line = (
            f"Last challenge (turn {c['turn']}): {state.names[c['seat']]} named {c['colour']} "
            f"for {state.names[c['target']]}: {'right' if c['correct'] else 'wrong'}"
        )
        d.text(MARGIN - 20, height - 14, line, size=13, fill="#555555")
        d.width = max(d.width, MARGIN + text_width(line, 13))  # two long names in one line
    return d.svg()


def _swatch(fill):
    return lambda x, y: tag(
        "rect", x=x, y=y, width=24, height=13, rx=4, fill=fill, stroke=INK, stroke_width=1.5
    )


def _groove_swatch(x, y):
    return tag(
        "line", x1=x, y1=y + 7, x2=x + 24, y2=y + 7, stroke="#d8d2c4", stroke_width=5, stroke_dasharray="4 5"
    )


def _held_lines(held: dict, colours, tags, room: float) -> list[list[tuple[str, float]]]:
    """Where each colour's small sticks go: (colour, x from the row's start)
    per line, a colour moving whole to the next line when the row is full
    (many stixx held, or a house rule's many colours, ran past the panel)."""
    lines: list[list[tuple[str, float]]] = [[]]
    hx = 0.0
    for c in colours:
        if not held.get(c):
            continue
        count = f"{held[c]}{tags[c]}"
        wide = 9 * held[c] + max(30, text_width(count, 12) + 8)  # "1blueb": past a longer tag
        if hx and hx + wide > room:
            lines.append([])
            hx = 0.0
        lines[-1].append((c, hx))
        hx += wide
    return lines


def _player(p, x, y, hues, tags, colours, to_move: bool, viewer, view_over: bool) -> tuple[str, float]:
    """A player's panel, and its height (taller for each extra line of stixx held)."""
    colour = p["colour"]
    score = "?" if p["score"] is None else str(p["score"])
    lines = _held_lines(p["held"], colours, tags, PANEL - 32)
    height = 84 + 24 * (len(lines) - 1)
    playing = "  (to play)" if to_move else ""
    # The name ends before the score: a long one is shortened, never drawn over it.
    room = PANEL - 60 - text_width(f"score {score}", 15) - text_width(playing, 15)
    parts = [
        tag(
            "rect",
            x=x - 8,
            y=y,
            width=PANEL - 20,
            height=height,
            rx=8,
            fill="#fff7d6" if to_move else "#ffffff",
            stroke=INK if to_move else "#bbbbbb",
            stroke_width=2 if to_move else 1,
        ),
        tag(
            "text",
            f"{fit(p['name'], 15, room)}{playing}",
            x=x + 4,
            y=y + 22,
            font_size=15,
            font_weight="bold",
            fill=INK,
        ),
    ]
    if colour is None:
        parts.append(tag("text", "colour: ? (secret)", x=x + 4, y=y + 44, font_size=13, fill="#555555"))
    else:
        if p["revealed_at"] is not None:
            how = f"revealed on turn {p['revealed_at']}"
        elif p["seat"] == viewer:
            how = "yours, still secret"
        elif view_over:
            how = "revealed at the end"
        else:
            how = "still secret to the players"
        parts.append(tag("rect", x=x + 4, y=y + 33, width=22, height=14, rx=4, fill=hues[colour], stroke=INK))
        parts.append(
            tag("text", f"{tags[colour]} {colour}, {how}", x=x + 32, y=y + 45, font_size=13, fill=INK)
        )
    parts.append(
        tag(
            "text",
            f"score {score}",
            x=x + PANEL - 36,
            y=y + 22,
            font_size=15,
            font_weight="bold",
            text_anchor="end",
            fill=INK,
        )
    )
    # Held stixx: one small stick each, grouped by colour.
    for n, line in enumerate(lines):
        row_y = y + 58 + 24 * n
        for c, start in line:
            hx = x + 4 + start
            for _ in range(p["held"][c]):
                parts.append(
                    tag(
                        "rect",
                        x=hx,
                        y=row_y,
                        width=7,
                        height=20,
                        rx=2,
                        fill=hues[c],
                        stroke=INK,
                        stroke_width=1,
                        class_="held",
                        data_colour=c,
                    )
                )
                hx += 9
            parts.append(
                tag("text", f"{p['held'][c]}{tags[c]}", x=hx + 1, y=row_y + 16, font_size=12, fill=INK)
            )
    if not p["held"]:
        parts.append(tag("text", "holds no stixx", x=x + 4, y=y + 72, font_size=12, fill="#777777"))
    svg = group(
        parts, class_="player", data_seat=p["seat"], data_colour=colour if colour is not None else "?"
    )
    return svg, height


def move_text(state, move: dict) -> str:
    """A move in short: the option, then each take as colour letter and id
    ("B r12 g7"); a challenge names the player and colour and how it went."""
    colours = list(state.colours)
    tags = dict(zip(colours, letters(colours)))
    takes = " ".join(f"{tags[colours[state.layout[t]]]}{t}" for t in move.get("takes") or [])
    if move.get("option") == "C":
        verdict = "right" if move.get("correct") else "wrong"
        said = f"C {state.names[move['target']]} {move['colour']}: {verdict}"
        return f"{said} {takes}".rstrip()
    return f"{move.get('option', '?')} {takes}".rstrip()
