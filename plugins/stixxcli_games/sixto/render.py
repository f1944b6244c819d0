"""Sixto sheets for the terminal: each row in its colour, crosses, lost boxes,
the target area and closed colours; and paper sheets with their points."""

from __future__ import annotations

from rich import box as frames
from rich.console import Group
from rich.table import Table
from rich.text import Text

from stixxcli.colours import terminal_style
from stixxcli.text import plain

TARGET_BACKGROUND = "grey19"


def colour_style(name: str) -> str:
    # The shared hues (stixxcli.colours); every row also names its colour, so colour is never needed.
    return terminal_style(name, bold=False)


def _header(table: Table, boxes: int, first_target: int) -> None:
    table.add_column("", no_wrap=True)
    for box in range(boxes):
        if box == first_target:
            table.add_column("", no_wrap=True, width=1)  # the line before the target area
        target = box >= first_target
        table.add_column(
            Text(str(box + 1), style="bold reverse" if target else "bold"), justify="center", no_wrap=True
        )
    table.add_column("x", justify="right", no_wrap=True)
    table.add_column("pts", justify="right", no_wrap=True)


def _footer(table: Table, score: dict, boxes: int, first_target: int) -> None:
    cells = [Text("columns", style="bold")]
    cells += [Text(str(points), style="red" if points < 0 else "") for points in score["columns"]]
    cells += [Text("") for _ in range(boxes - first_target + 1)]
    cells += [Text(""), Text(str(score["columns_total"]), style="bold")]
    table.add_row(*cells, end_section=True)


def render_state(state, viewer: int | None = None):
    rules = state.rules
    boxes, first_target = state.boxes, state.first_target
    parts = [_summary(state)]
    for seat, name in enumerate(state.names):
        score = state.score(seat)
        active = " (to roll)" if seat == state.seat else ""
        table = Table(
            title=Text(
                f"{plain(name)}{active}, sheet {plain(state.letters[seat])}: {score['total']} points",
                style="bold",
            ),
            box=frames.SIMPLE_HEAD,
            padding=(0, 1),
            pad_edge=False,
            collapse_padding=True,
            title_justify="left",
        )
        _header(table, boxes, first_target)
        for row, colour in enumerate(state.colours.names):
            style = colour_style(colour)
            closed = row in state.closed
            crossed, numbers = state.crossed[seat][row], state.numbers[seat][row]
            rightmost = state.rightmost[seat][row]
            label = Text(plain(colour), style=f"bold {style}")
            if closed:
                label.append(" closed", style="dim")
            cells = [label]
            for box in range(boxes):
                if box == first_target:
                    cells.append(Text("|", style="dim"))
                background = f" on {TARGET_BACKGROUND}" if box >= first_target else ""
                if crossed[box]:
                    cells.append(Text("X", style=f"bold black on {style}"))
                elif box < rightmost:
                    cells.append(
                        Text("/", style=f"dim{background}")
                    )  # lost: skipped, as crossed out on paper
                elif closed:
                    cells.append(Text("-", style=f"dim{background}"))
                else:
                    cells.append(Text(str(numbers[box]), style=f"{style}{background}"))
            cells.append(Text(str(state.count[seat][row])))
            cells.append(Text(str(score["rows"][row]), style="red" if score["rows"][row] < 0 else ""))
            table.add_row(*cells)
        _footer(table, score, boxes, first_target)
        table.add_row(
            Text("total", style="bold"),
            *[Text("")] * (boxes + 1),
            Text(str(score["crosses"])),
            Text(str(score["total"]), style="bold"),
        )
        parts.append(table)
    parts.append(
        Text(
            f"X crossed, / lost (skipped), - closed, boxes {first_target + 1}-{boxes} "
            f"the target area (needs {rules['target_min_crosses']} crosses in the row first)",
            style="dim",
        )
    )
    return Group(*parts)


def _summary(state) -> Text:
    text = Text()
    if state.over:
        text.append(f"Game over after turn {state.turns}: {state.end}.", style="bold")
    else:
        text.append(f"Turn {state.turns + 1}: {plain(state.names[state.seat])} rolls.", style="bold")
    text.append("  Dice in play: ")
    for colour in state.dice():
        text.append(f"{plain(colour)} ", style=f"bold {colour_style(colour)}")
    if state.closed:
        text.append(" Closed: ")
        text.append(
            ", ".join(
                f"{plain(state.colours.names[row])} (turn {turn})" for row, turn in state.closed.items()
            )
        )
    text.append(f"  Dice removed: {len(state.closed)} of {state.rules['end_after_removed_dice']}.")
    if state.last_rolls:
        last = state.last_rolls[-1]
        text.append("\nLast roll: ")
        for colour, value in last.items():
            text.append(f"{plain(colour)} {value}  ", style=colour_style(colour))
        if len(state.last_rolls) > 1:
            text.append("(re-rolled)", style="dim")
    return text


def render_paper(scores):
    rules = scores.rules
    boxes = rules["boxes_per_row"]
    first_target = boxes - rules["target_boxes"]
    parts = []
    for sheet in scores.sheets:
        score = sheet.score
        table = Table(
            title=Text(f"{plain(sheet.name)}: {score['total']} points", style="bold"),
            box=frames.SIMPLE_HEAD,
            padding=(0, 1),
            pad_edge=False,
            collapse_padding=True,
            title_justify="left",
        )
        _header(table, boxes, first_target)
        for row, colour in enumerate(rules["colours"]):
            style = colour_style(colour)
            cells = [Text(plain(colour), style=f"bold {style}")]
            for box in range(boxes):
                if box == first_target:
                    cells.append(Text("|", style="dim"))
                background = f" on {TARGET_BACKGROUND}" if box >= first_target else ""
                if sheet.grid[row][box]:
                    cells.append(Text("X", style=f"bold black on {style}"))
                else:
                    cells.append(Text(".", style=f"dim{background}"))
            cells.append(Text(str(sum(sheet.grid[row]))))
            cells.append(Text(str(score["rows"][row]), style="red" if score["rows"][row] < 0 else ""))
            table.add_row(*cells)
        table.add_row(
            Text("rows", style="bold"),
            *[Text("")] * (boxes + 1),
            Text(""),
            Text(str(score["rows_total"]), style="bold"),
            end_section=True,
        )
        _footer(table, score, boxes, first_target)
        table.add_row(
            Text("total", style="bold"),
            *[Text("")] * (boxes + 1),
            Text(str(score["crosses"])),
            Text(str(score["total"]), style="bold"),
        )
        parts.append(table)
    if len(scores.sheets) > 1:
        ranking = Table(
            title=Text("Ranking", style="bold"),
            caption="tie: most crosses; still tied: shared place",
            box=frames.SIMPLE_HEAD,
            title_justify="left",
            caption_justify="left",
        )
        ranking.add_column("place", justify="right")
        ranking.add_column("sheet")
        ranking.add_column("points", justify="right")
        ranking.add_column("crosses", justify="right")
        for entry in scores.ranking():
            ranking.add_row(
                str(entry["place"]), Text(plain(entry["name"])), str(entry["total"]), str(entry["crosses"])
            )
        parts.append(ranking)
    return Group(*parts)
