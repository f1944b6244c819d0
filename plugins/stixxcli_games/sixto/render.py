"""Sixto sheets for the terminal: each row in its colour, crosses, lost boxes,
the target area and closed colours; and paper sheets with their points.

Drawn with stixxcli.styled, not rich: `stixx score --sheet` is run many times
an evening, and rich's import alone would cost more than the whole command.
Replays and play print the same picture through rich (Styled.__rich__).
"""

from __future__ import annotations

from stixxcli.colours import terminal_style
from stixxcli.styled import Banded, Styled, columns
from stixxcli.text import cells, counted

TARGET_BACKGROUND = "#303030"  # the target area's boxes: a dark grey behind the number


def colour_style(name: str, row: int = 0, names=None) -> str:
    # The shared hues (stixxcli.colours); every row also names its colour, so colour is never needed.
    return terminal_style(name, row, bold=False, names=names)


def _sheet(
    title: str,
    labels: list[str],
    colours: list[str],
    score: dict,
    counts: list[int],
    boxes: int,
    first_target: int,
    box,
    width: int | None = None,
):
    """One sheet as a grid: a row per colour, named by its label in its hue,
    `box(row, index, style)` giving each box's (text, style); then the
    columns' points and the total. Wider than `width`, in bands of boxes."""
    blank = ("", "")
    wide = len(str(boxes))
    header = [blank]
    for index in range(boxes):
        if index == first_target:
            header.append(("|", "dim"))  # the line before the target area
        header.append((str(index + 1), "bold reverse" if index >= first_target else "bold"))
    header += [("x", "bold"), ("pts", "bold")]
    rows = [header]
    for row, (colour, label) in enumerate(zip(colours, labels)):
        style = colour_style(colour, row, colours)
        cells = [(label, f"bold {style}")]
        for index in range(boxes):
            if index == first_target:
                cells.append(("|", "dim"))
            text, box_style = box(row, index, style)
            cells.append((text.rjust(wide), box_style))  # as wide as a number: a cross fills its box
        points = score["rows"][row]
        cells += [(str(counts[row]), ""), (str(points), "red" if points < 0 else "")]
        rows.append(cells)
    empty = [blank] * (boxes - first_target + 1)
    footer = [("columns", "bold")]
    footer += [(str(p), "red" if p < 0 else "") for p in score["columns"]] + empty
    rows.append([("rows", "bold")] + [blank] * (boxes + 2) + [(str(score["rows_total"]), "bold")])
    rows.append(footer + [blank, (str(score["columns_total"]), "bold")])
    rows.append(
        [("total", "bold")]
        + [blank] * (boxes + 1)
        + [(str(score["crosses"]), ""), (str(score["total"]), "bold")]
    )
    grid = "".join("|=" if index == first_target else "=" for index in range(boxes))
    align, same = "l" + "r" * (boxes + 1) + "rr", f" {grid}  "
    out = Styled().add(title, "bold").end_line()
    for n, band in enumerate(_bands(rows, width)):
        shown = [[row[i] for i in band] for row in rows]
        sums = [row for row in shown[len(colours) + 1 :] if any(text for text, _ in row[1:])]
        shown = shown[: len(colours) + 1] + sums  # without the sums' rows a band leaves empty
        if n:
            out.end_line()  # a line between bands
        laid = columns(shown, "".join(align[i] for i in band), same="".join(same[i] for i in band))
        out.rows(laid, rules=(1, len(colours) + 1))  # a rule under the header, and one above the sums
    return out


def _bands(rows, width: int | None) -> list[list[int]]:
    """The columns of each band: the row names, then as many boxes as fit in
    `width`; the crosses and the points in the last band. One band where it fits."""
    widths = [max(cells(row[i][0]) for row in rows) for i in range(len(rows[0]))]
    *boxes, crosses, points = range(1, len(widths))
    bands, band, used = [], [0], widths[0]
    for i in boxes:
        if width is not None and len(band) > 1 and used + 1 + widths[i] > width:
            bands.append(band)
            band, used = [0], widths[0]
        band.append(i)
        used += 1 + widths[i]
    if width is not None and len(band) > 1 and used + 2 + widths[crosses] + widths[points] > width:
        bands.append(band)
        band = [0]
    return [*bands, band + [crosses, points]]


def render_state(state, viewer: int | None = None):
    # In bands where the terminal is narrower than the sheets (a house rule's 40 boxes a row).
    return Banded(draw_state, state)


def draw_state(state, width: int | None = None) -> Styled:
    rules = state.rules
    boxes, first_target = state.boxes, state.first_target
    out = _summary(state)
    for seat, name in enumerate(state.names):
        score = state.score(seat)
        active = (" (rolled)" if _rolled(state) else " (to roll)") if seat == state.seat else ""
        crossed, numbers, rightmost = state.crossed[seat], state.numbers[seat], state.rightmost[seat]

        def box(row, index, style, crossed=crossed, numbers=numbers, rightmost=rightmost):
            background = f" on {TARGET_BACKGROUND}" if index >= first_target else ""
            if crossed[row][index]:
                return "X", f"bold black on {style}"
            if index < rightmost[row]:
                return "/", f"dim{background}"  # lost: skipped, as crossed out on paper
            if row in state.closed:
                return "-", f"dim{background}"
            return str(numbers[row][index]), f"{style}{background}"

        colours = state.colours.names
        labels = [f"{colour} closed" if row in state.closed else colour for row, colour in enumerate(colours)]
        title = f"{name}{active}, sheet {state.letters[seat]}: {counted(score['total'], 'point')}"
        out.end_line().extend(
            _sheet(title, labels, colours, score, state.count[seat], boxes, first_target, box, width)
        )
    out.add(
        f"X crossed, / lost (skipped), - closed, boxes {first_target + 1}-{boxes} "
        f"the target area (needs {counted(rules['target_min_crosses'], 'cross', 'crosses')} in the row first)",
        "dim",
    )
    return out


def _rolled(state) -> list | None:
    """The rolls of the turn being played at the table, once its dice are rolled."""
    rolling = state.rolling
    return rolling[1] if rolling is not None and rolling[0] == state.turns else None


def _summary(state) -> Styled:
    text = Styled()
    if state.over:
        text.add(f"Game over after turn {state.turns}: {state.end}.", "bold")
    else:
        text.add(f"Turn {state.turns + 1}: {state.names[state.seat]} rolls.", "bold")
    text.add("  Dice in play: ")
    index = state.colours.index
    for colour in state.dice():
        text.add(colour, f"bold {colour_style(colour, index[colour], state.colours.names)}").add(" ")
    if state.closed:
        text.add(" Closed: ")
        text.add(", ".join(f"{state.colours.names[row]} (turn {turn})" for row, turn in state.closed.items()))
    text.add(f"  Dice removed: {len(state.closed)} of {state.rules['end_after_removed_dice']}.")
    # At the table, the roll of the turn being played; in a replay, the last move's.
    rolled = _rolled(state)
    rolls, label = (rolled, "This roll: ") if rolled else (state.last_rolls, "Last roll: ")
    if rolls:
        text.end_line().add(label)
        for colour, value in rolls[-1].items():
            text.add(
                f"{colour} {value}", colour_style(colour, index.get(colour, 0), state.colours.names)
            ).add("  ")
        if len(rolls) > 1:
            text.add("(re-rolled)", "dim")
    return text.end_line()


def render_paper(scores):
    """The scored paper sheets and their ranking, in bands where the terminal is narrower."""
    return Banded(draw_paper, scores)


def draw_paper(scores, width: int | None = None) -> Styled:
    rules = scores.rules
    boxes = rules["boxes_per_row"]
    first_target = boxes - rules["target_boxes"]
    out = Styled()
    for number, sheet in enumerate(scores.sheets):
        grid = sheet.grid

        def box(row, index, style, grid=grid):
            if grid[row][index]:
                return "X", f"bold black on {style}"
            return ".", f"dim on {TARGET_BACKGROUND}" if index >= first_target else "dim"

        colours = rules["colours"]
        counts = [sum(row) for row in grid]
        if number:
            out.end_line()
        out.extend(
            _sheet(
                f"{sheet.name}: {counted(sheet.score['total'], 'point')}",
                colours,
                colours,
                sheet.score,
                counts,
                boxes,
                first_target,
                box,
                width,
            )
        )
    if len(scores.sheets) > 1:
        rows = [[("place", "bold"), ("sheet", "bold"), ("points", "bold"), ("crosses", "bold")]]
        for entry in scores.ranking():
            rows.append(
                [
                    (str(entry["place"]), ""),
                    (entry["name"], ""),
                    (str(entry["total"]), ""),
                    (str(entry["crosses"]), ""),
                ]
            )
        out.end_line().add("Ranking", "bold").end_line()
        out.rows(columns(rows, "rlrr", gap="  "), rules=(1,))
        out.add("tie: most crosses; still tied: shared place", "dim").end_line()
    return out
