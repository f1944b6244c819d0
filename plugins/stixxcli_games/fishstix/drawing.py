"""The Fish Stix table as an SVG drawing: the grid with each stick outlined as
one piece, each fish drawn facing its way in its kind's colour (with the
kind's letter on it, for a picture read without colour), the last stick and
the runs it scored marked, every player's six tracks beside it, and the hands
the viewer may see.

Drawn from `state.view(viewer)`: another player's hand is never in the file.
"""

from __future__ import annotations

from stixxcli.colours import INK, letters, palette, text_on
from stixxcli.svg import Drawing, fit, group, legend_columns, tag, text_width
from stixxcli.text import counted

CELL_W, CELL_H = 58, 40
COL_W = 52  # a kind's column of points
WOOD, WOOD_EDGE = "#f3e2c0", "#8a6a3a"


def _parse(fish_text: str) -> list[tuple[str, str]]:
    """'<pink school>' -> [('pink', 'left'), ('school', 'right')]."""
    out = []
    for word in fish_text.split():
        if word.startswith("<"):
            out.append((word[1:], "left"))
        else:
            out.append((word.rstrip(">"), "right"))
    return out


def _fish(cx, cy, kind: str, facing: str, fill: str, tag_text: str, scale=1.0, small=False) -> str:
    """A fish facing `facing`: body, tail behind it, an eye in front, and the
    kind's letter on it. Drawn once per kind and way in <defs>; see `_use`."""
    s = -1 if facing == "left" else 1  # the head's side
    parts = []
    bodies = [(0, 0, 1.0)] if kind != "school" else [(-7, -7, 0.5), (7, -1, 0.5), (-5, 8, 0.5)]
    for ox, oy, k in bodies:
        k *= scale
        bx, by = cx + ox * scale, cy + oy * scale
        rx, ry = 15 * k, 9 * k
        tail = [
            (bx - s * rx * 0.8, by),
            (bx - s * (rx + 9 * k), by - 8 * k),
            (bx - s * (rx + 9 * k), by + 8 * k),
        ]
        parts.append(
            tag(
                "polygon",
                points=" ".join(f"{x:.1f},{y:.1f}" for x, y in tail),
                fill=fill,
                stroke=INK,
                stroke_width=1,
            )
        )
        parts.append(tag("ellipse", cx=bx, cy=by, rx=rx, ry=ry, fill=fill, stroke=INK, stroke_width=1))
        parts.append(tag("circle", cx=bx + s * rx * 0.55, cy=by - ry * 0.25, r=max(1.2, 2 * k), fill=INK))
    if not small:
        # The kind's letter, on the body (school: beside the little fish), so the picture reads without colour.
        parts.append(
            tag(
                "text",
                tag_text,
                x=cx - s * 2 * scale,
                y=cy + 4 * scale,
                font_size=10 * scale,
                font_weight="bold",
                text_anchor="middle",
                fill=text_on(fill) if kind != "school" else INK,
            )
        )
    return group(parts)


def _defs(kinds, hues, tags) -> str:
    """Every kind of fish both ways, drawn once: a fish on the grid is a <use> of one."""
    shapes = [
        group([_fish(0, 0, kind, facing, hues[kind], tags[kind])], id=f"fish-{n}-{facing}")
        for n, kind in enumerate(kinds)
        for facing in ("left", "right")
    ]
    return "<defs>" + "".join(shapes) + "</defs>"


def _use(kinds, cx, cy, kind: str, facing: str, scale=1.0, classes="fish") -> str:
    if kind not in kinds:  # a kind the rules do not name cannot be on a stick: drawn as a plain mark
        return tag("circle", cx=cx, cy=cy, r=8 * scale, fill="#888888", class_=classes, data_kind=kind)
    transform = f"translate({cx:.1f} {cy:.1f})" + (f" scale({scale})" if scale != 1 else "")
    return tag(
        "use",
        href=f"#fish-{kinds.index(kind)}-{facing}",
        transform=transform,
        class_=classes,
        data_kind=kind,
        data_facing=facing,
    )


def draw_svg(state, viewer: int | None = None) -> str:
    view = state.view(viewer)
    kinds = list(state.kinds)
    hues = dict(zip(kinds, palette(kinds)))
    tags = dict(zip(kinds, letters(kinds)))
    # The sticks on the table, in the order played ("layout" in older views).
    placed = view["grid"] if "grid" in view else view["layout"]
    cells: dict[tuple[int, int], tuple[str, str]] = {}
    for placement in placed:
        for k, fish in enumerate(_parse(placement["fish"])):
            cells[(placement["column"], placement["row"] + k)] = fish
    columns = [c for c, _ in cells] or [0]
    rows = [r for _, r in cells] or [0]
    left, right, top, bottom = min(columns), max(columns), min(rows), max(rows)
    grid_x, grid_y = 70, 90
    grid_w = (right - left + 1) * CELL_W
    grid_h = (bottom - top + 1) * CELL_H
    panel_x = grid_x + grid_w + 50
    hands = view["hands"]
    # Wide enough for every kind's column and the total, and for the longest hand (house rules vary both).
    longest_hand = max((len(h) for h in hands if not isinstance(h, dict)), default=0)
    # The names' column of the points: as wide as the longest name, up to a point (then shortened).
    name_w = max(150, min(320, max(text_width(n, 14) for n in state.names) + 24))
    panel_w = max(590, name_w + len(kinds) * COL_W + 60, longest_hand * (CELL_W + 12) + 20)
    # A hand the viewer may not see is one line, not the room of a hand shown.
    shown = sum(200 if isinstance(h, list) else 26 for h in hands)
    height = max(grid_y + grid_h + 90, 110 + 34 * len(hands) + 60 + shown)
    if view["over"]:
        if view["winner"] is not None:
            status = f"game over: {state.names[view['winner']]} has {state.target} in every kind"
        else:
            status = "game over: the sticks have run out"
    else:
        status = f"{state.names[view['to_move']]} to play"
    heading = f"Fish Stix - {status}; pile: {counted(view['pile']['sticks'], 'stick')}"
    last = placed[-1] if len(placed) > 1 else None
    runs = _runs(last, cells) if last is not None else []
    caption = []  # what the red outline and the dashed runs mean, under the grid if it fits
    if last is not None:
        who = "the start" if last["seat"] is None else state.names[last["seat"]]
        scored = ", ".join(f"{kind} {c2 - c1 + 1}" for _, c1, c2, kind in runs) or "no run"
        caption = [
            f"red outline: {who}'s last stick (column {last['column']}, rows {last['row']} to {last['row'] + 3})",
            f"dashed: runs it scored ({scored})",
        ]
    under_grid = max((text_width(line, 13) for line in caption), default=0) <= grid_w + 30
    if not under_grid:  # a narrow grid: above the legend, clear of the hands
        height += 46
    elif caption:  # under a tall grid: the legend below the caption's two lines
        height = max(height, grid_y + grid_h + 105)
    width = max(panel_x + panel_w, 40 + text_width(heading, 18))
    # The legend: as many columns as fit, each as wide as the longest name; its rows add to the height.
    legend = [(_legend_fish(kinds, k), f"{tags[k]} {k}") for k in kinds]
    across, column_w = legend_columns([words for _, words in legend], width - 40, 120, min(6, len(legend)))
    extra = (-(-len(legend) // across) - 1) * 23
    height += extra
    d = Drawing(width, height, f"Fish Stix, {status}")
    d.add(_defs(kinds, hues, tags))
    d.text(20, 30, heading, size=18, weight="bold")

    def xy(column, row):
        return grid_x + (column - left) * CELL_W, grid_y + (row - top) * CELL_H

    # Column and row numbers, as the players name places.
    for c in range(left, right + 1):
        d.text(xy(c, top)[0] + CELL_W / 2, grid_y - 10, c, size=11, anchor="middle", fill="#777777")
    for r in range(top, bottom + 1):
        d.text(grid_x - 12, xy(left, r)[1] + CELL_H / 2 + 4, r, size=11, anchor="end", fill="#777777")

    for n, placement in enumerate(placed):
        x, y = xy(placement["column"], placement["row"])
        is_last = placement is last
        # Drawn at its own origin and moved into place by an inner group (the outer one
        # keeps the picture's coordinates): the grid moves as it grows, and the replay
        # page keeps a stick drawn alike at every step once.
        parts = [
            tag(
                "rect",
                x=3,
                y=2,
                width=CELL_W - 6,
                height=4 * CELL_H - 4,
                rx=10,
                fill=WOOD,
                stroke="#c00000" if is_last else WOOD_EDGE,
                stroke_width=4 if is_last else 2,
            )
        ]
        for k, (kind, facing) in enumerate(_parse(placement["fish"])):
            parts.append(_use(kinds, CELL_W / 2, k * CELL_H + CELL_H / 2, kind, facing))
        seat = placement["seat"]
        d.add(
            group(
                [group(parts, transform=f"translate({x} {y})")],
                class_="stick" + (" last" if is_last else ""),
                data_seat="start" if seat is None else seat,
                data_order=n,
            )
        )

    # The runs the last stick scored: the same kind facing the same way, 2 or more in a line.
    for row, c1, c2, kind in runs:
        x1, y1 = xy(c1, row)
        x2, _ = xy(c2, row)
        d.add(
            tag(
                "rect",
                x=x1 + 6,
                y=y1 + 4,
                width=x2 - x1 + CELL_W - 12,
                height=CELL_H - 8,
                rx=14,
                fill="none",
                stroke="#c00000",
                stroke_width=3,
                stroke_dasharray="7 4",
                class_="run",
                data_kind=kind,
                data_length=c2 - c1 + 1,
            )
        )
    caption_x, caption_y = (grid_x, grid_y + grid_h + 30) if under_grid else (20, height - 86 - extra)
    for n, line in enumerate(caption):
        d.text(caption_x, caption_y + 20 * n, line, size=13, fill="#444444", class_="caption")

    # The tracks: every player's points per kind, capped at the target.
    px, py = panel_x, 70
    d.text(px, py, f"points (each kind stops at {state.target})", size=15, weight="bold")
    for k, kind in enumerate(kinds):
        d.add(_use(kinds, px + name_w + k * COL_W + 20, py + 30, kind, "right", 0.8, "track-fish"))
    d.text(px + name_w + len(kinds) * COL_W + 20, py + 34, "total", size=12, anchor="middle", fill="#555555")
    py += 72
    for seat, track in enumerate(view["tracks"]):
        mine = seat == view["to_move"]
        d.add(
            tag(
                "rect",
                x=px - 6,
                y=py - 18,
                width=panel_w - 20,
                height=28,
                rx=5,
                fill="#fff7d6" if mine else "#ffffff",
                stroke="#bbbbbb",
            )
        )
        d.text(px, py, fit(state.names[seat], 14, name_w - 24), size=14, weight="bold" if mine else None)
        for k, kind in enumerate(kinds):
            n = track[kind]
            d.text(
                px + name_w + k * COL_W + 20,
                py,
                n,
                size=14,
                anchor="middle",
                weight="bold" if n >= state.target else None,
                class_="track",
                data_seat=seat,
                data_kind=kind,
            )
        d.text(
            px + name_w + len(kinds) * COL_W + 20,
            py,
            sum(track.values()),
            size=14,
            anchor="middle",
            weight="bold",
            class_="total",
            data_seat=seat,
        )
        py += 32

    # The hands the viewer may see, each stick upright as it would be played.
    py += 20
    for seat, hand in enumerate(hands):
        if isinstance(hand, dict):
            d.text(
                px,
                py,
                f"{state.names[seat]}: {counted(hand['sticks'], 'stick')} in hand, unseen",
                size=13,
                fill="#555555",
            )
            py += 26
            continue
        d.text(px, py, f"{state.names[seat]}'s hand", size=13, weight="bold")
        for n, stick in enumerate(hand):
            x = px + n * (CELL_W + 12)
            parts = [
                tag(
                    "rect",
                    x=x + 3,
                    y=py + 8,
                    width=CELL_W - 6,
                    height=4 * CELL_H * 0.8,
                    rx=8,
                    fill=WOOD,
                    stroke=WOOD_EDGE,
                    stroke_width=1.5,
                )
            ]
            for k, (kind, facing) in enumerate(_parse(stick)):
                parts.append(
                    _use(
                        kinds,
                        x + CELL_W / 2,
                        py + 8 + (k + 0.5) * CELL_H * 0.8,
                        kind,
                        facing,
                        0.8,
                        "hand-fish",
                    )
                )
            d.add(group(parts, class_="hand-stick", data_seat=seat))
        if not hand:
            d.text(px, py + 24, "played out", size=12, fill="#777777")
        py += (4 * CELL_H * 0.8 + 30) if hand else 40
    d.legend(20, height - 40 - extra, legend, columns=across, column_width=column_w)
    return d.svg()


def _legend_fish(kinds, kind):
    return lambda x, y: _use(kinds, x + 12, y + 7, kind, "right", 0.7, "legend-fish")


def _runs(last: dict, cells: dict) -> list[tuple[int, int, int, str]]:
    """(row, first column, last column, kind) of each run of 2+ through a fish of `last`."""
    runs = []
    column = last["column"]
    for k in range(4):
        row = last["row"] + k
        fish = cells.get((column, row))
        if fish is None:
            continue
        c1 = column
        while cells.get((c1 - 1, row)) == fish:
            c1 -= 1
        c2 = column
        while cells.get((c2 + 1, row)) == fish:
            c2 += 1
        if c2 > c1:
            runs.append((row, c1, c2, fish[0]))
    return runs


def move_text(state, move: dict) -> str:
    """Where the stick went (column, top row, r when turned round), its fish
    top to bottom as played, and the points it scored. The draw is left out."""
    turned = " r" if move.get("turned") else ""
    points = move.get("points") or {}
    scored = ", ".join(f"{kind} {n}" for kind, n in points.items()) or "no points"
    return f"{move.get('column')} {move.get('row')}{turned}: {move.get('stick')}; {scored}"
