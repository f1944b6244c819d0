"""Printed paper sheets: `stixx sheet` prints them, `stixx score --photo` reads
photos of them. The game plugin does the drawing and the reading
(Game.print_sheets, Game.read_photos); this module only talks to the person.
"""

from __future__ import annotations

import sys

import click

from ..errors import StixxError
from . import echo_json, rules_for, rules_option, variant_option

PHOTO_HINT = "confirm them at a terminal, or correct the --save-text FILE and score it with --sheet"


def _sheet_game(game_name):
    from ..sheets import NoSheetGame, sheet_game

    try:
        return sheet_game(game_name)
    except NoSheetGame as e:
        raise click.UsageError(f"say which game with --game ({e})") from None


def _call(game, what: str, *args):
    from ..errors import plugin_call

    method = getattr(game, what)
    try:
        return plugin_call(game, what, method, *args)
    except StixxError as e:
        if isinstance(e.__cause__, NotImplementedError):
            raise StixxError(f"{game.name} has no {what.replace('_', ' ')}") from None
        raise


def _targets(path: str, names: list[str], option: str) -> list[str]:
    """Where each of `names` (sheets, photos) is written for `option` FILE:
    FILE itself for one, FILE-NAME.ext for several; each checked before any
    is written (exit 2), as every command checks its outputs."""
    from ..saving import numbered, writable

    targets = [path] if len(names) == 1 else [numbered(path, name) for name in names]
    # FILE itself too (an empty name, a folder, a missing or read-only folder), once.
    for target in dict.fromkeys([path, *targets]):
        writable(target, option)
    return targets


def _write(path: str, text: str) -> None:
    """Write a page or a text sheet whole, or not at all (a full disk leaves the old file)."""
    from ..saving import write_atomic

    if path == "-":
        click.echo(text, nl=False)
        return
    try:
        write_atomic(path, text)
    except OSError as e:
        raise StixxError(f"cannot write: {e.strerror}", where=path) from None


@click.command()
@click.argument("game_name", metavar="GAME")
@click.argument("which", metavar="[LETTER|all]", default="all")
@click.option(
    "--svg", "svg", required=True, metavar="FILE", help="Write the sheet as SVG (- for standard output)."
)
@click.option(
    "--paper",
    type=click.Choice(["a4", "letter"]),
    default="a4",
    show_default=True,
    help="The page the sheet is laid out on (landscape).",
)
@variant_option
@rules_option
def sheet(game_name, which, svg, paper, variant, rules_file):
    """Print paper score sheets to play on and to photograph after the game.

    Each sheet carries corner markers and a code that `stixx score --photo`
    reads. With several sheets (all, the default), FILE-A.svg, FILE-B.svg ...
    are written, one page each.

    \b
    Examples:
      stixx sheet sixto C --svg sheet-C.svg
      stixx sheet sixto all --svg sheets.svg --paper letter
      stixx sheet sixto A --rules house.yaml --svg house-A.svg
    """
    from ..plugins import get_game
    from ..text import plain

    game = get_game(game_name)
    if not game.sheets:
        raise StixxError(f"{game.name} has no paper sheets")
    rules = rules_for(game, variant, rules_file).values
    pages = _call(game, "print_sheets", rules, which, paper)
    if len(pages) > 1 and svg == "-":
        raise click.UsageError("several sheets need a FILE (each is written as FILE-LETTER.svg), not -")
    for target, (name, text) in zip(_targets(svg, [name for name, _ in pages], "--svg"), pages):
        _write(target, text)
        if target != "-":
            click.echo(plain(f"{target}: sheet {name} ({paper})"), err=True)


def _confirm(reading) -> bool:
    """Have a person settle a reading's doubtful boxes at the terminal, with the
    prompt every command uses (line editing, 80 columns). `q` or the end of
    input leaves this sheet and the rest unsettled: listed and not scored, as
    in a script (False), with --save-text still written. Ctrl-C stops (130)."""
    from ..prompt import Interrupted, ask_line, fit, wrapped

    def ask(question: str) -> str:
        above, prompt = fit("", question, reading.name)
        for line in above:
            click.echo(line)
        return ask_line(prompt) or "ok"  # Enter keeps the reading, as the question says

    try:
        reading.confirm(ask=ask, say=lambda text: click.echo("\n".join(wrapped(text))))
    except Interrupted:
        click.echo()
        return False
    return True


def score_photos(photos, sheet_files, game_name, variant, rules_file, save_text, debug_image, as_json):
    """`stixx score --photo`: read each photo, have doubtful boxes confirmed (at
    a terminal) or refuse them (exit 1), then score like --sheet."""
    from ..limits import each_once
    from ..saving import writable
    from ..sheets import read_sheets, score_sheets, show_scores
    from ..sheets import sheet_files as sheet_files_in
    from ..text import plain

    game = _sheet_game(game_name)
    rules = rules_for(game, variant, rules_file).values
    photos, notes = each_once(photos)  # a photo named twice would be asked about and ranked twice
    sheet_files, more = each_once(sheet_files_in(sheet_files))
    for note in notes + more:
        click.echo(note, err=True)
    if save_text:
        writable(save_text, "--save-text")  # before the photos are read, as well as after
    readings = _call(game, "read_photos", list(photos), rules, {"debug_image": debug_image})
    at_terminal = sys.stdin.isatty() and sys.stdout.isatty() and not as_json
    for reading in readings:
        for note in reading.notes:
            click.echo(plain(f"stixx: {reading.name}: {note}"), err=True)  # a note may quote a file's name
        if reading.doubtful and at_terminal:
            at_terminal = _confirm(reading)
    if save_text:
        for target, reading in zip(_targets(save_text, [r.name for r in readings], "--save-text"), readings):
            _write(target, reading.text)
    unsettled = [r for r in readings if r.doubtful]
    if unsettled:
        for reading in unsettled:
            for line in reading.doubtful:
                click.echo(plain(f"stixx: {reading.name}: doubtful: {line}"), err=True)  # and a colour's
        if as_json:
            echo_json({"scores": None, "readings": [r.to_json() for r in readings]})
        click.echo(f"stixx: error: {len(unsettled)} photographed sheet(s) not scored: {PHOTO_HINT}", err=True)
        sys.exit(1)
    texts = read_sheets(sheet_files) + [(r.name, r.text) for r in readings]
    scored = score_sheets(game, texts, rules)
    if as_json:
        from ..errors import plugin_call, plugin_json

        scores = plugin_call(game, "score_sheets", scored.to_json)
        return click.echo(
            plugin_json(game, "score_sheets", {"scores": scores, "readings": [r.to_json() for r in readings]})
        )
    show_scores(game, scored, as_json=False)


COMMANDS = [sheet]
