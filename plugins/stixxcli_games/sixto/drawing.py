"""Sixto sheets as an SVG drawing, as printed: six coloured rows of numbered
boxes (twelve in the published game), the target area set off, crosses, lost boxes struck through,
closed colours, row points at the right and column points below; every sheet
with its boxes at the same positions. Above them, the dice of the last turn.

Drawn from `state.view(viewer)` (Sixto has no secrets: every sheet is open).
"""

from __future__ import annotations

from stixxcli.colours import INK, hue, letters, palette, text_on
from stixxcli.svg import Drawing, fit, group, tag, text_width
from stixxcli.text import counted

BOX = 34  # a box's side
LABEL = 96  # the colour names left of the boxes, at least
GAP = 14  # the line between the scored boxes and the target area
RIGHT = 110  # the crosses and points right of the boxes
PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def _box_x(box: int, first_target: int, label: float = LABEL) -> float:
    # Every sheet puts box n at the same place: the columns line up across sheets.
    return label + box * BOX + (GAP if box >= first_target else 0)


def _cross_ink(background: str) -> str:
    """Crosses are drawn in ink, but in white on a row as dark as ink (a house
    rule's black or navy), where ink would not show."""
    r, g, b = (int(background[i : i + 2], 16) for i in (1, 3, 5))
    return "#ffffff" if 0.299 * r + 0.587 * g + 0.114 * b < 60 else INK


def _label_width(colours, tags) -> float:
    """Room for the longest "t name" left of the boxes (a house rule's names may be long)."""
    return max([LABEL] + [20 + text_width(f"{tags[c]} {c}", 13) for c in colours])


def _die(x, y, colour_hue: str, value: int, size=34) -> str:
    parts = [
        tag("rect", x=x, y=y, width=size, height=size, rx=6, fill=colour_hue, stroke=INK, stroke_width=1.5)
    ]
    pip = text_on(colour_hue)
    for dx, dy in PIPS.get(value, []):
        parts.append(
            tag(
                "circle",
                cx=x + size / 2 + dx * size * 0.27,
                cy=y + size / 2 + dy * size * 0.27,
                r=3.2,
                fill=pip,
            )
        )
    return group(parts, class_="die", data_value=value)


def draw_svg(state, viewer: int | None = None) -> str:
    view = state.view(viewer)
    players = view["players"]
    colours = [row["colour"] for row in players[0]["rows"]] if players else []
    hues = dict(zip(colours, palette(colours)))
    tags = dict(zip(colours, letters(colours)))
    boxes = len(players[0]["rows"][0]["numbers"]) if players else 12
    first_target = view["target_area"][0] - 1 if view["target_area"] else boxes
    sheet_h = 70 + len(colours) * BOX + 60
    # As wide as the rule's boxes and names: a house rule may have 40 boxes a row.
    label = _label_width(colours, tags)
    sheet_w = label + boxes * BOX + GAP + RIGHT
    across = 1 if len(players) == 1 or sheet_w > 1000 else 2
    top = 130
    height = top + ((len(players) + across - 1) // across) * (sheet_h + 20) + 30
    if view["over"]:
        status = f"game over after turn {view['turn']}: {view['end']}"
    else:
        status = f"turn {view['turn'] + 1}: {state.names[view['active']]} rolls"
    dice = view["dice"]
    closed = ", ".join(f"{c} (turn {t})" for c, t in view["closed"].items()) or "none"
    heading, dice_line = f"Sixto - {status}", f"dice in play: {', '.join(dice)}; closed: {closed}"
    shaded = f"box {boxes}" if first_target + 1 == boxes else f"boxes {first_target + 1}-{boxes}"
    caption = (
        f"X crossed (bold: the last turn's), struck: lost, shaded {shaded}: "
        "the target area; a closed colour is greyed"
    )
    # As wide as the sheets, or as the heading and the dice line (a solo game's ending is long).
    width = max(
        across * (sheet_w + 30) + 40,
        760,
        40 + text_width(heading, 18),
        40 + text_width(dice_line, 13),
    )
    d = Drawing(width, height, f"Sixto, {status}")
    d.text(20, 30, heading, size=18, weight="bold")

    # The dice of the last turn (the last roll stands).
    if view["last_rolls"]:
        last = view["last_rolls"][-1]
        again = " (after a re-roll)" if len(view["last_rolls"]) > 1 else ""
        d.text(20, 62, f"last roll{again}:", size=14)
        x = 200
        for colour, value in last.items():
            d.add(_die(x, 40, hues.get(colour, hue(colour)), value))
            d.text(x + 17, 90, f"{tags.get(colour, colour[:1])}{value}", size=12, anchor="middle")
            x += 46
    else:
        d.text(20, 62, "no dice rolled yet", size=14)
    d.text(20, 112, dice_line, size=13, fill="#444444")

    last_crosses = view.get("last_crosses") or []
    for n, p in enumerate(players):
        x = 20 + (n % across) * (sheet_w + 30)
        y = top + (n // across) * (sheet_h + 20)
        fresh = {(c, b) for c, b in last_crosses[n]} if n < len(last_crosses) else set()
        d.add(_sheet(p, x, y, hues, tags, first_target, boxes, view, fresh, label, sheet_w))
    d.text(
        20,
        height - 20,
        caption,
        size=13,
        fill="#444444",
    )
    return d.svg()


def _sheet(p, x, y, hues, tags, first_target, boxes, view, fresh, label, sheet_w) -> str:
    score = p["score"]
    active = view["active"] == p["seat"]
    rows = p["rows"]
    height = 70 + len(rows) * BOX + 50
    total = f"sheet {p['sheet']}: {counted(score['total'], 'point')}"
    rolls = " (rolls)" if active else ""
    # The name ends before the sheet's total: a long one is shortened, never drawn over it.
    room = sheet_w - 40 - text_width(total, 15) - text_width(rolls, 16)
    parts = [
        tag(
            "rect",
            x=x,
            y=y,
            width=sheet_w,
            height=height,
            rx=10,
            fill="#ffffff",
            stroke=INK if active else "#999999",
            stroke_width=2.5 if active else 1,
        ),
        tag(
            "text",
            f"{fit(p['name'], 16, room)}{rolls}",
            x=x + 12,
            y=y + 24,
            font_size=16,
            font_weight="bold",
            fill=INK,
        ),
        tag(
            "text",
            total,
            x=x + sheet_w - 12,
            y=y + 24,
            font_size=15,
            font_weight="bold",
            text_anchor="end",
            fill=INK,
            class_="total",
        ),
    ]
    gy = y + 36
    # Box numbers above the columns, the target columns set off.
    for box in range(boxes):
        bx = x + _box_x(box, first_target, label)
        parts.append(
            tag(
                "text",
                str(box + 1),
                x=bx + BOX / 2,
                y=gy + 12,
                font_size=11,
                text_anchor="middle",
                fill="#666666",
                font_weight="bold" if box >= first_target else None,
            )
        )
    parts.append(
        tag(
            "text",
            "x",
            x=x + _box_x(boxes, first_target, label) + 18,
            y=gy + 12,
            font_size=11,
            fill="#666666",
        )
    )
    parts.append(
        tag("text", "pts", x=x + sheet_w - 14, y=gy + 12, font_size=11, text_anchor="end", fill="#666666")
    )
    gy += 18
    target_x = x + _box_x(first_target, first_target, label) - 3
    parts.append(
        tag(
            "rect",
            x=target_x,
            y=gy - 3,
            width=(boxes - first_target) * BOX + 6,
            height=len(rows) * BOX + 6,
            rx=5,
            fill="#e6e0d0",
            stroke=INK,
            stroke_width=1.5,
            class_="target-area",
        )
    )
    for r, row in enumerate(rows):
        colour = row["colour"]
        h = hues[colour]
        ry = gy + r * BOX
        crossed, lost = set(row["crossed"]), set(row["lost"])
        parts.append(
            tag(
                "text",
                f"{tags[colour]} {colour}",
                x=x + 10,
                y=ry + BOX / 2 + (0 if row["closed"] else 5),
                font_size=13,
                font_weight="bold",
                fill="#888888" if row["closed"] else INK,
            )
        )
        if row["closed"]:
            parts.append(
                tag(
                    "text",
                    f"closed (turn {view['closed'][colour]})",
                    x=x + 10,
                    y=ry + BOX / 2 + 12,
                    font_size=10,
                    fill="#888888",
                    class_="closed",
                )
            )
        for box in range(boxes):
            bx = x + _box_x(box, first_target, label)
            number = row["numbers"][box]
            state = (
                "crossed"
                if box + 1 in crossed
                else "lost"
                if box + 1 in lost
                else "closed"
                if row["closed"]
                else "open"
            )
            cell = [
                tag(
                    "rect",
                    x=bx + 2,
                    y=ry + 2,
                    width=BOX - 4,
                    height=BOX - 4,
                    rx=4,
                    fill="#d0d0d0" if row["closed"] and state != "crossed" else h,
                    stroke=INK,
                    stroke_width=1,
                    fill_opacity=0.35 if state == "lost" else 1,
                )
            ]
            cell.append(
                tag(
                    "text",
                    str(number),
                    x=bx + BOX / 2,
                    y=ry + BOX / 2 + 6,
                    font_size=16,
                    font_weight="bold",
                    text_anchor="middle",
                    fill="#777777" if state == "lost" else INK if state == "closed" else text_on(h),
                )
            )
            if state == "crossed":
                bold = (colour, box + 1) in fresh
                w = 4.5 if bold else 3
                ink = _cross_ink(h)
                cell.append(
                    group(
                        [
                            tag(
                                "line",
                                x1=bx + 6,
                                y1=ry + 6,
                                x2=bx + BOX - 6,
                                y2=ry + BOX - 6,
                                stroke=ink,
                                stroke_width=w,
                                stroke_linecap="round",
                            ),
                            tag(
                                "line",
                                x1=bx + BOX - 6,
                                y1=ry + 6,
                                x2=bx + 6,
                                y2=ry + BOX - 6,
                                stroke=ink,
                                stroke_width=w,
                                stroke_linecap="round",
                            ),
                        ],
                        class_="cross",
                        data_colour=colour,
                        data_fresh="yes" if bold else None,
                    )
                )
            elif state == "lost":
                cell.append(
                    tag(
                        "line",
                        x1=bx + 5,
                        y1=ry + BOX - 5,
                        x2=bx + BOX - 5,
                        y2=ry + 5,
                        stroke="#555555",
                        stroke_width=2,
                    )
                )
            parts.append(group(cell, class_="box", data_state=state, data_colour=colour, data_box=box + 1))
        parts.append(
            tag(
                "text",
                str(len(crossed)),
                x=x + _box_x(boxes, first_target, label) + 22,
                y=ry + BOX / 2 + 5,
                font_size=13,
                text_anchor="end",
                fill=INK,
            )
        )
        points = score["rows"][r]
        parts.append(
            tag(
                "text",
                str(points),
                x=x + sheet_w - 14,
                y=ry + BOX / 2 + 5,
                font_size=14,
                text_anchor="end",
                font_weight="bold",
                fill="#c00000" if points < 0 else INK,
                class_="row-points",
            )
        )
    cy = gy + len(rows) * BOX + 20
    parts.append(tag("text", "columns", x=x + 10, y=cy, font_size=12, font_weight="bold", fill=INK))
    for box, points in enumerate(score["columns"]):
        parts.append(
            tag(
                "text",
                str(points),
                x=x + _box_x(box, first_target, label) + BOX / 2,
                y=cy,
                font_size=13,
                text_anchor="middle",
                fill="#c00000" if points < 0 else INK,
                class_="column-points",
            )
        )
    parts.append(
        tag(
            "text",
            f"rows {score['rows_total']} + columns {score['columns_total']}",
            x=x + sheet_w - 14,
            y=cy + 20,
            font_size=12,
            text_anchor="end",
            fill="#444444",
        )
    )
    return group(parts, class_="sheet", data_seat=p["seat"])


def move_text(state, move: dict) -> str:
    """The roll that stood (colour letter and pips, "r3 y5"), then each
    player's crosses as colour letter and box ("Ann y5 b4")."""
    colours = list(state.colours.names)
    tags = dict(zip(colours, letters(colours)))
    rolls = move.get("rolls") or []
    parts = []
    if rolls:
        again = " (re-rolled)" if len(rolls) > 1 else ""
        parts.append("roll " + " ".join(f"{tags.get(c, c)}{v}" for c, v in rolls[-1].items()) + again)
    for seat, crosses in enumerate(move.get("crosses") or []):
        shown = " ".join(f"{tags.get(c, c)}{box}" for c, box in crosses) or "-"
        parts.append(f"{state.names[seat]} {shown}")
    return "; ".join(parts)
