"""Terminal output with rich: tables, results and replays. Imported only by
commands that print for people."""

from __future__ import annotations

import json
import os

from rich.console import Console, Group
from rich.rule import Rule
from rich.table import Column, Table
from rich.text import Text

from .styled import WIDEST
from .text import clip, counted, is_plain, picture, plain

_console = None


class PlainConsole(Console):
    """A console that cannot send terminal control from content. Renderers wrap
    content as Text(plain(s)) (see text.py); this is the net under them: every
    segment a renderable yields, a game plugin's included, has its text passed
    through plain() (line ends kept), except rich's own control segments."""

    def __init__(self, **options):
        columns = os.environ.get("COLUMNS", "")
        if "width" not in options and columns.isdigit() and int(columns) > WIDEST:
            options["width"] = WIDEST  # as styled.width: never wider than a screen could be
        super().__init__(**options)

    def render(self, renderable, options=None):
        from rich.segment import Segment

        for segment in super().render(renderable, options):
            if segment.control or is_plain(segment.text.replace("\n", "")):
                yield segment
            else:
                text = "\n".join(plain(part) for part in segment.text.split("\n"))
                yield Segment(text, segment.style)

    def on_broken_pipe(self) -> None:
        """The reader went away (| head): rich would exit 1, as for invalid content;
        the command's own handling exits 141 (128 + SIGPIPE), as a shell reports it."""
        self.quiet = True
        raise BrokenPipeError


def console() -> Console:
    global _console
    if _console is None:
        # rich leaves colour out when NO_COLOR is set; `stixx --no-color` sets it.
        _console = PlainConsole(highlight=False, no_color=bool(os.environ.get("NO_COLOR")) or None)
    return _console


def table(headers: list[str], rows: list[list], title: str | None = None) -> None:
    """A table of content: every cell printed as plain text, never as markup."""
    # Headers too: a variant's column is named by its file (`[red]x.yaml` was read as markup).
    columns = [Column(Text(plain(h))) for h in headers]
    t = Table(*columns, title=Text(plain(title)) if title else None, show_edge=False, header_style="bold")
    for row in rows:
        t.add_row(*[cell if isinstance(cell, Text) else Text(plain(cell)) for cell in row])
    console().print(t)


def show_result(out: dict) -> None:
    """The scores and places of a scored log, with the breakdown."""
    state = (
        "final result" if out["finished"] else f"standing after {counted(out['moves'], 'move')} (unfinished)"
    )
    t = Table(
        "place",
        "player",
        "score",
        "breakdown",
        show_edge=False,
        header_style="bold",
        title=Text(plain(f"{out['game']} ({out['variant']}): {state}")),
    )
    shown, worded = _shown_breakdown(out["game"])
    order = sorted(range(len(out["players"])), key=lambda s: (out["places"][s], s))
    for seat in order:
        place = out["places"][seat]
        name = Text(plain(out["players"][seat]), style="bold" if place == 1 else "")
        breakdown = Text(plain(_breakdown(out["breakdown"][seat], shown, worded)))
        t.add_row(str(place), name, Text(plain(out["scores"][seat])), breakdown)
    if "source" in out:  # which log, as validate names it (FILE:N for a corpus's line N)
        console().print(Text(plain(out["source"]), style="bold"))
    console().print(t)


def _shown_breakdown(name: str):
    """The breakdown keys the game's table shows, and those it reads as words (None: all)."""
    from .plugins import get_game

    game = get_game(name)  # (a game need not subclass Game)
    return getattr(game, "shown_breakdown", None), getattr(game, "worded_breakdown", None)


def _breakdown(parts: dict, keys=None, worded=None) -> str:
    """A player's breakdown in words: `rows_total 147` reads `rows total 147`
    (a key not in `worded`, when given, as written), a list or an object its
    items (`held red 2, blue 1`), true and false yes and no; what has no value
    (null) is left out."""
    shown = []
    for key in parts if keys is None else [k for k in keys if k in parts]:
        value = parts[key]
        if value is not None:
            said = key.replace("_", " ") if worded is None or key in worded else key
            shown.append(f"{said} {_words(value)}")
    return "; ".join(shown)


def _words(value) -> str:
    if value == {} or value == []:
        return "none"  # "held none", not "held ;"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_words(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_words(v) for v in value)
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


class ReplayPrinter:
    """Prints replay steps; keeps the last one shown for a picture."""

    def __init__(self):
        self.console = console()
        self.last = None
        self.last_step = None
        self.viewer = None

    def show(self, step, move, names, viewer) -> None:
        if move is None:
            title = Text("start")
        else:
            who = names[step.seat] if step.seat is not None else "table"
            shown = step.state.move_text(move)
            title = Text(f"after {counted(step.index, 'move')} - move {step.index - 1} by ")
            title.append(plain(who)).append(": ").append(plain(clip(str(shown))))
        if viewer is not None:  # first: a long move's text is cut off at the end, in 80 columns
            title = Text("[as ").append(plain(names[viewer])).append("] ").append(title)
        title.stylize("bold")
        if self.last is not None:
            self.console.print()
        self.last = Group(Rule(title, align="left"), picture(step.state.render(viewer)))
        self.last_step, self.viewer = step, viewer
        self.console.print(self.last)


class ProgressBar:
    """A progress bar on standard error; lines printed through it stay above it."""

    def __init__(self, total: int | None, label: str, unit: str | None = None):
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        columns = [TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn()]
        if unit == "bytes":  # files read: "3.1/200.0 MB", and the time it will take yet
            from rich.progress import DownloadColumn, TimeRemainingColumn

            columns[2:] = [DownloadColumn(), TimeElapsedColumn(), TimeRemainingColumn()]
        if total is None:
            columns = [TextColumn(label), TextColumn("{task.completed}"), TimeElapsedColumn()]
        self.progress = Progress(*columns, console=PlainConsole(stderr=True), transient=True)
        self.task = self.progress.add_task(label, total=total)

    def __enter__(self):
        self.progress.__enter__()
        return self

    def __exit__(self, *exc):
        return self.progress.__exit__(*exc)

    def advance(self, n: int = 1) -> None:
        self.progress.advance(self.task, n)

    def print(self, line: str) -> None:
        self.progress.console.print(line, markup=False, highlight=False, soft_wrap=True)


def show_simulation(report: dict) -> None:
    """Two tables, the win rates and the scores: a row per seat, then a row per
    bot; a column per variant and, with two, the change with its interval.
    Every number with one decimal; the last line says what the signs mean.
    Names (the seed, seats, bots, variants: typed, or a rule file's name) are
    shown as Text, never read as markup: `[/]` would fail, `[link=...]` link."""
    names = list(report["variants"])
    variants = [report["variants"][n] for n in names]
    change = report.get("change")
    seat_names = report.get("seat_names") or [None] * report["players"]
    rotate = report.get("rotate")

    def who(seat, bot):
        name = seat_names[seat]
        return f"{seat} {name}" if name and name != f"{bot}-{seat}" else str(seat)

    rows = [
        (who(seat, bot), bot, [v["seats"][seat] for v in variants], change and change["seats"][seat])
        for seat, bot in enumerate(report["seat_bots"])
    ]
    # A bot at several seats gets a row of its own that sums them up.
    shared = [b for b in variants[0]["bots"] if report["seat_bots"].count(b) > 1]
    if shared:
        rows.append(None)
        rows += [("all", b, [v["bots"][b] for v in variants], change and change["bots"][b]) for b in shared]
    head = "player" if rotate else "seat"
    turned = "; seats turned each game, a row follows one player" if rotate else ""
    where = f"{report['game']}, {counted(report['players'], 'player')}, seed {report['seed']}{turned}"
    console().print(Text(plain(where), style="bold"))
    console().print(_figures("Win rate, % (95% interval)", head, names, rows, _rate, _rate_change))
    console().print(_figures("Score, mean ± sd", head, names, rows, _score, _score_change))
    for n, v in zip(names, variants):
        length = v["length"]
        console().print(
            Text(
                plain(n)
                + f": {counted(v['games'], 'game')} of {length['mean']:.1f} ± {length['sd']:.1f} moves "
                f"({length['min']}-{length['max']})"
            )
        )
    said = "± is the standard deviation over the games; (a-b): a 95% interval (Wilson's)"
    if change:
        said += (
            f". change: {plain(names[1])} minus {plain(names[0])} (win rates in points), with a 95% "
            "interval over the games paired by seed (Newcombe's for rates, normal for means)"
        )
    console().print(Text(said, style="dim"))


def _figures(title, head, names, rows, cell, change_cell):
    columns = [Column(Text(plain(n))) for n in names]
    t = Table(head, "bot", *columns, *(["change"] if len(names) == 2 else []), title=title,
              title_justify="left", show_edge=False, header_style="bold")  # fmt: skip
    for row in rows:
        if row is None:
            t.add_section()
            continue
        label, bot, lines, change = row
        t.add_row(
            Text(plain(label)),
            Text(plain(bot)),
            *map(cell, lines),
            *([change_cell(change)] if change else []),
        )
    return t


def _rate(line: dict) -> str:
    if line["win_rate"] is None:  # one player: no one to beat
        return "-"
    lo, hi = line["win_rate_95"]
    return f"{100 * line['win_rate']:.1f} ({100 * lo:.1f}-{100 * hi:.1f})"


def _score(line: dict) -> str:
    if line["mean_score"] is None:
        return "-"
    return f"{line['mean_score']:.1f} ± {line['sd_score']:.1f}"


def _signed(x: float) -> str:
    return f"{round(x, 1) or 0.0:+.1f}"  # never "-0.0"


def _rate_change(line: dict) -> str:
    if line["win_rate"] is None:
        return "-"
    lo, hi = line["win_rate_95"]
    return f"{_signed(100 * line['win_rate'])} ({_signed(100 * lo)} to {_signed(100 * hi)})"


def _score_change(line: dict) -> str:
    if "mean_score" not in line:
        return "-"
    if line.get("mean_score_95") is None:  # one game: a change, but no spread to judge it by
        return _signed(line["mean_score"])
    lo, hi = line["mean_score_95"]
    return f"{_signed(line['mean_score'])} ({_signed(lo)} to {_signed(hi)})"
