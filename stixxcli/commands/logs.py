"""Game logs and paper sheets: validate, score, replay."""

from __future__ import annotations

import sys

import click

from ..errors import IllegalMove, StixxError
from ..text import counted, for_shell, plain
from . import (
    completes,
    echo_json,
    executor_option,
    jobs_option,
    json_option,
    one_rule_option,
    rules_option,
    scheduler_option,
    variant_option,
)

# A log, a JSON Lines corpus, - (standard input), or a folder of them (see sources.py).
logs_argument = click.Path(exists=True, allow_dash=True)


def _sheet_hint(path: str) -> None:
    """A paper score sheet given as a LOG (without --sheet) is refused with the
    command it needs. Only a file that is not JSON and that the sheet game
    reads as a sheet: anything else gets the usual verdict of a bad log."""
    import os

    from ..validation import file_head, opens_json

    if path == "-" or not os.path.isfile(path):
        return
    head, cut = file_head(path)
    if opens_json(head) or (cut and b"\n" not in head):
        return  # JSON, or a first line of 4 KB (no sheet's): the log's own error says what it is
    from ..rules import resolve
    from ..sheets import read_sheets, score_sheets, sheet_game

    try:
        game = sheet_game(None)
    except Exception:  # noqa: BLE001 (no one game reads sheets: no hint to give)
        return
    try:
        score_sheets(game, read_sheets([path]), resolve(game, None).values)
    except Exception:  # noqa: BLE001 (--sheet will say what is wrong with a sheet)
        try:
            sheet = game.looks_like_sheet(head.decode("utf-8", "replace"))
        except Exception:  # noqa: BLE001 (a plugin's fault here costs only the hint)
            return
        if sheet is not True:
            return  # not a sheet either: the log's own error will say why
    # (The CLI shows a usage error plain: the name needs only quoting for the shell.)
    raise click.UsageError(
        f"{path} is a paper score sheet, not a game log: stixx score --sheet {for_shell(path)}"
    )


@click.command()
@click.argument("logs", nargs=-1, required=True, type=logs_argument)
@click.option(
    "--quiet", "-q", is_flag=True, help="Print only the invalid logs (and, without --json, the count)."
)
@jobs_option
@executor_option
@scheduler_option
@json_option
def validate(logs, quiet, jobs, executor, scheduler, as_json):
    """Check game logs: the envelope, the rules and their digest, the setup,
    every move in order, the end and the recorded result.

    Each LOG is a JSON file, a JSON Lines corpus (one log a line, read in
    constant memory), - for standard input, or a folder: its logs and corpora,
    recursively, in path order. A log of a corpus is named FILE:N, N its line
    (from 1), as replay --pick N takes it. The first illegal move of a log
    is named with its index (from 0), player, the move and the reason. Verdicts
    come in input order, whatever --jobs. With --json, a line per log: source,
    valid, game, moves, finished, then error (and index, seat, player, move)
    or result. A game handed in twice (the same log in two files, or twice
    in a corpus) stays valid: a note on standard error names both copies.
    Exit 0 when every log is valid, 1 otherwise.

    \b
    Examples:
      stixx validate examples/*/*.json
      stixx validate club-2026.jsonl --jobs 0 --quiet
      cat corpus.jsonl | stixx validate - --json
      stixx validate huge.jsonl --executor dask --scheduler tcp://10.0.0.5:8786
    """
    from ..validation import validate as run

    for path in logs:
        _sheet_hint(path)  # as score says it: not "invalid JSON" of a sheet given by mistake
    sys.exit(run(logs, quiet=quiet, jobs=jobs, executor=executor, scheduler=scheduler, as_json=as_json))


@click.command()
@click.argument("files", nargs=-1, type=logs_argument, metavar="[LOG... | SHEET...]")
@click.option(
    "--sheet",
    "sheets",
    multiple=True,
    type=click.Path(exists=True, allow_dash=True),
    metavar="FILE",
    help="Score paper score sheets: this FILE and every other FILE given (- reads standard input; "
    "a folder, its .txt files).",
)
@click.option(
    "--game",
    "game_name",
    metavar="GAME",
    shell_complete=completes("games"),
    help="The game of the sheets (default: the one that has sheets).",
)
@click.option(
    "--photo",
    "photos",
    multiple=True,
    type=click.Path(exists=True, dir_okay=False),
    metavar="IMG",
    help="Score a photo of a printed sheet (stixx sheet); repeat for each. Needs the photo extra.",
)
@click.option(
    "--save-text", metavar="FILE", help="With --photo: write what was read as a sheet that --sheet reads."
)
@click.option(
    "--debug-image", metavar="FILE", help="With --photo: write the photo with the boxes found drawn on it."
)
@variant_option
@rules_option
@json_option
def score(files, sheets, game_name, photos, save_text, debug_image, variant, rules_file, as_json):
    """Score game logs, or paper score sheets.

    For a log: scores, places after tie-breaks and where each score comes from
    (the standing, for an unfinished game). A LOG may be a corpus (a line
    each) or a folder (its logs, recursively, in path order). With --json, a
    line per valid log: source, game, variant, finished, moves, players, and
    scores, places, winners and breakdown by seat; an invalid log's error goes
    to standard error (exit 1). A game handed in twice (the same log in two
    files, or twice in a corpus) is scored once, with a note on standard
    error naming both copies. With --sheet: each sheet's rows, columns and
    total, and the ranking of several.

    \b
    Examples:
      stixx score game.json
      stixx score club-2026.jsonl --json       # one line per game
      stixx score logs/                        # every log under the folder
      stixx score --sheet examples/sixto/rulebook-example.txt
      stixx score --sheet examples/sixto/table/*.txt --json
      stixx score --sheet examples/sixto/table/   # its .txt files, in name order
      stixx score --photo ann.jpg --photo bob.jpg --save-text read.txt
    """
    for option, value in (("--save-text", save_text), ("--debug-image", debug_image)):
        if value is not None and not value.strip():  # not taken as no option at all
            raise click.UsageError(f"{option} needs a file name, not an empty one")
    if photos:
        from .sheets import score_photos

        sheet_files = list(sheets) + list(files)
        return score_photos(
            photos, sheet_files, game_name, variant, rules_file, save_text, debug_image, as_json
        )
    if save_text or debug_image:
        raise click.UsageError("--save-text and --debug-image go with --photo IMG")
    if sheets:
        return _score_sheets(list(sheets) + list(files), game_name, variant, rules_file, as_json)
    if not files:
        raise click.UsageError("give a LOG, or paper sheets with --sheet FILE")
    from ..check import Copies, scored_logs
    from ..limits import each_once
    from ..show import show_result
    from ..sources import log_files

    paths, notes = each_once(log_files(files))
    for path in paths:
        _sheet_hint(path)
    for note in notes:
        click.echo(note, err=True)
    bad, copies = 0, Copies()
    for path in paths:
        for out, error, digest in scored_logs(path):  # one log, or each of a JSON Lines corpus
            if error is not None:
                bad += 1
                click.echo(f"stixx: error: {plain(error)}", err=True)
            elif first := copies.first_of(out["source"], digest):  # the standings count a game once
                click.echo(
                    f"stixx: note: {plain(out['source'])} is the same game as {plain(first)}: scored once",
                    err=True,
                )
            elif as_json:
                echo_json(out)
            else:
                show_result(out)
    sys.exit(1 if bad else 0)


def _score_sheets(paths, game_name, variant, rules_file, as_json):
    from ..sheets import NoSheetGame, score_paper

    one_rule_option(variant, rules_file)
    try:
        score_paper(paths, game_name, variant, rules_file, as_json)
    except NoSheetGame as e:
        raise click.UsageError(f"say which game with --game ({e})") from None


@click.command()
@click.argument("log", type=logs_argument)
@click.option(
    "--to",
    "to",
    type=click.IntRange(min=0),
    metavar="N",
    help="Show only the state after the first N moves (0: the start).",
)
@click.option(
    "--step",
    is_flag=True,
    help="One move at a time (from --to N): Enter the next, b back, N the table after N moves, q quit.",
)
@click.option(
    "--as-player",
    "as_player",
    metavar="P",
    shell_complete=completes("players"),
    help="See only what player P (name or seat) knows.",
)
@click.option(
    "--svg",
    "svg",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="Save the drawing of the last state shown (SVG; - for standard output).",
)
@click.option(
    "--html",
    "html",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="Save a replay page of the whole game: one HTML file that opens offline in any browser "
    "(- for standard output).",
)
@click.option(
    "--pick",
    type=click.IntRange(min=1),
    metavar="N",
    help="The log at line N of a JSON Lines file: the N of FILE:N that validate and score print.",
)
@json_option
def replay(log, to, step, as_player, svg, html, pick, as_json):
    """Replay a game log move by move, as the table or as one player saw it.

    Without --to, every move in turn; --json writes one state per line:
    {"index", "move", "seat", "player", "state"}.

    \b
    Examples:
      stixx replay game.json --to 12
      stixx replay game.json --as-player Ann --step
      stixx replay game.json --json | jq .state
      stixx replay game.json --svg final.svg
      stixx replay game.json --to 5 --svg - | rsvg-convert > move5.png
      stixx replay game.json --html game.html --as-player Ann
      stixx replay corpus.jsonl --pick 41 --to 10   # corpus.jsonl:41, as validate names it
    """
    from ..gamelog import read_one
    from ..replays import viewer_seat
    from ..saving import writable

    for path, option in ((svg, "--svg"), (html, "--html")):
        if path is not None:
            writable(path, option)  # before any work: an empty name, a folder, a read-only place
    if (svg == "-") + (html == "-") + bool(as_json) > 1 and "-" in (svg, html):
        raise click.UsageError("only one of --svg -, --html - and --json may write to standard output")
    source = _one_file(log)
    _sheet_hint(source)
    data = read_one(source, pick)
    moves = len(data["moves"])
    if to is not None and to > moves:
        raise click.BadParameter(
            f"the log has {counted(moves, 'move')}; {to} is past its end", param_hint="--to"
        )
    names = [p.get("name") for p in data.get("players", []) if isinstance(p, dict)]
    viewer = viewer_seat(as_player, names)
    try:
        _show(data, names, viewer, to, step, svg, html, as_json)
    except StixxError as e:  # an illegal move, an unknown game: named with the log, as validate names it
        where = f"{source}:{pick}" if pick else source
        if isinstance(e, IllegalMove):  # and told as validate tells it: who made the move, and the move
            from ..check import check_log

            verdict = check_log(data, where)
            if verdict.index is not None:
                raise StixxError(verdict.said(), where=where) from None
        e.where = f"{where}: {e.where}" if e.where else where
        raise


def _show(data, names, viewer, to, step, svg, html, as_json):
    """replay's work on a log read and checked: the page, the moves, the picture."""
    from ..errors import plugin_call
    from ..replays import frame_json, frames

    if html:
        from ..replay_page import build

        _save(html, build(data, viewer, start=to or 0), f"replay page of {len(data['moves'])} moves")
        if not (svg or as_json):
            return  # the page is what was asked for, not every move on the terminal too
    printer = None
    if not as_json and "-" not in (svg, html):  # standard output holds the picture or the page alone
        from ..show import ReplayPrinter

        printer = ReplayPrinter()
    last = None
    if step and printer is not None and sys.stdin.isatty():
        frame = _step_through(data, printer, names, viewer, start=to or 0)  # --to N: step from there
        last = frame.step
    else:
        for frame in frames(data, viewer, to):
            if as_json:
                click.echo(frame_json(frame, names, viewer))
            elif printer is not None:
                # The game's own code draws the table: a failure there names it.
                plugin_call(frame.game, "render", printer.show, frame.step, frame.move, names, viewer)
            last = frame.step
    if svg:
        from ..pictures import draw

        game = frame.game
        title = f"{game.title or game.name} after {counted(last.index, 'move')}"
        _save(svg, draw(game, last.state, viewer, title), f"picture after {counted(last.index, 'move')}")


def _save(path: str, text: str, what: str) -> None:
    """A picture or a page written whole to FILE, or to standard output for -."""
    from ..saving import write_atomic

    if path == "-":
        click.echo(text, nl=False)
        return
    write_atomic(path, text)
    click.echo(f"{what} saved to {plain(path)}", err=True)


def _one_file(path: str) -> str:
    """The log file of a LOG argument: itself, or the one log file of a folder."""
    from ..sources import log_files

    files = list(log_files([path]))
    if len(files) > 1:
        shown = ", ".join(files[:3]) + (", ..." if len(files) > 3 else "")
        raise click.UsageError(f"{path} holds {len(files)} log files ({shown}): replay one of them")
    return files[0]


def _step_through(data, printer, names, viewer, start=0):
    """--step at a terminal: the reader moves on, back or to a move (prompt.step_through)."""
    from ..errors import plugin_call
    from ..plugins import get_game
    from ..prompt import step_through
    from ..replays import Frame

    game = get_game(data["game"])

    def show(at):
        move = at.move
        if move is not None and viewer is not None:
            move = plugin_call(game, "move_view", at.state.move_view, move, viewer)
        plugin_call(game, "render", printer.show, at, move, names, viewer)

    return Frame(step_through(data, show, start), None, game)


COMMANDS = [validate, score, replay]
