"""Paper score sheets: which game reads them, the sheet files' text, and
`stixx score --sheet`'s work without click: the click command runs it with
the options it parsed, and `stixx score --sheet FILE...` with nothing else on
the line (but --json) runs it straight from __main__ (see `quick_sheets`)."""

from __future__ import annotations

import os
import sys

from .errors import StixxError
from .limits import each_once, read_bounded


class NoSheetGame(Exception):
    """No single installed game reads paper sheets: the user must name one."""


def sheet_game(name: str | None):
    """The game whose paper sheets are scored: the one named, or the only one that has sheets."""
    from .plugins import get_game, get_plugins

    if name is None:
        with_sheets = [n for n, e in get_plugins().games().items() if e.game.sheets]
        if len(with_sheets) != 1:
            raise NoSheetGame(", ".join(with_sheets) or "none has sheets")
        name = with_sheets[0]
    game = get_game(name)
    if not game.sheets:
        raise StixxError(f"{game.name} has no paper sheets to score")
    return game


def read_sheets(paths) -> list[tuple[str, str]]:
    """(name, text) of each sheet file; - is standard input."""
    texts = []
    for path in paths:
        try:
            raw = read_bounded(path)  # /dev/zero or an endless pipe: refused at the limit
            text = raw.decode("utf-8-sig")
            if "\x00" in text[:64] and (wide := wide_text(raw)):  # ASCII in UTF-16 or UTF-32 reads as UTF-8
                raise StixxError(wide, where=path)
            texts.append(("<stdin>" if path == "-" else path, text))
        except UnicodeDecodeError:
            raise StixxError(wide_text(raw) or "not a text file (not UTF-8)", where=path) from None
        except OSError as e:
            raise StixxError(f"cannot read: {e.strerror}", where=path) from None
    return texts


# A text file's encodings other than UTF-8 that Windows writes ("Unicode"):
# (bytes a character, the byte that holds an ASCII one, the byte-order mark).
WIDE = {
    "UTF-32": [(4, 3, b"\0\0\xfe\xff"), (4, 0, b"\xff\xfe\0\0")],
    "UTF-16": [(2, 1, b"\xfe\xff"), (2, 0, b"\xff\xfe")],
}


def wide_text(raw: bytes) -> str | None:
    """Why a sheet that does not read as UTF-8 is refused, when it is UTF-16 or
    UTF-32 text: by its byte-order mark, or by the NULs between its ASCII
    characters (in the words a log is told in: text.wide_said)."""
    from .text import wide_said

    head = raw[:64]
    for name, kinds in WIDE.items():
        for size, at, mark in kinds:
            if head.startswith(mark):
                return wide_said(name, True)
            whole = head[: len(head) // size * size]
            if whole and all(whole[at::size]) and not whole.translate(None, whole[at::size]).strip(b"\0"):
                return wide_said(name, False)
    return None


def score_sheets(game, texts: list[tuple[str, str]], rules: dict):
    """The game's scores of paper sheets (an object with to_json() and render())."""
    from .errors import plugin_call

    return plugin_call(game, "score_sheets", game.score_sheets, texts, rules)


def show_scores(game, scored, as_json: bool) -> None:
    """Print scored sheets: a line of JSON, or the game's picture of them."""
    from .errors import plugin_call

    if as_json:
        from .errors import plugin_json

        print(
            plugin_json(game, "score_sheets", plugin_call(game, "score_sheets", scored.to_json)), flush=True
        )
        return
    from .styled import Styled
    from .text import TOLD_MOST, picture

    drawn = plugin_call(game, "score_sheets", scored.render)
    if isinstance(drawn, Styled):  # as wide as rich would print it (a house rule's wide sheets in bands)
        from .styled import width

        drawn = plugin_call(game, "score_sheets", drawn.fit, width(sys.stdout))
    # A Styled's text is plain as it is added; one too long to show whole is cut as rich shows it.
    if isinstance(drawn, Styled) and sum(len(text) for line in drawn.lines for text, _ in line) <= TOLD_MOST:
        drawn.write(sys.stdout)  # without importing rich: quick
    else:  # a plugin's rich renderable: plain and cut (text.Told)
        from .show import console

        console().print(picture(drawn))


class NoSheets(StixxError):
    """A folder given for sheets that holds none: named by mistake, a usage error."""

    exit_code = 2


def sheets_in(folder: str) -> list[str]:
    """A folder's sheets: its .txt files in name order (a table's sheets side
    by side), hidden ones left out. OSError when it cannot be listed."""
    names = sorted(n for n in os.listdir(folder) if n.endswith(".txt") and not n.startswith("."))
    return [path for path in (os.path.join(folder, n) for n in names) if os.path.isfile(path)]


def sheet_files(paths) -> list[str]:
    """Each path as given, a folder replaced by its sheets (`sheets_in`)."""
    files = []
    for path in paths:
        if path != "-" and os.path.isdir(path):
            try:
                found = sheets_in(path)
            except OSError as e:
                raise StixxError(f"cannot read: {e.strerror}", where=path) from None
            if not found:
                raise NoSheets("no paper sheets (*.txt) in it", where=path)
            files += found
        else:
            files.append(path)
    return files


def score_paper(paths, game_name=None, variant=None, rules_file=None, as_json=False) -> None:
    """`stixx score --sheet`: score the sheet files and print them (NoSheetGame
    when no game is named and not exactly one installed game has sheets)."""
    from .rules import resolve

    game = sheet_game(game_name)
    # After sheet_game: on a NoSheetGame __main__ hands the line to click, which would note them again.
    paths, notes = each_once(sheet_files(paths))
    for note in notes:
        print(note, file=sys.stderr)
    show_scores(
        game, score_sheets(game, read_sheets(paths), resolve(game, variant, rules_file).values), as_json
    )


def quick_sheets(args: list[str]) -> tuple[list[str], bool] | None:
    """The sheets of `stixx score --sheet FILE... [--json]` and whether --json
    was given, when the line holds nothing click would read differently: at
    least one --sheet, no other option, every FILE - or a readable file or
    folder (click's own checks). None otherwise."""
    paths, as_json, rest = [], False, list(args)
    sheet = False
    while rest:
        arg = rest.pop(0)
        if arg == "--json":
            as_json = True
            continue
        if arg == "--sheet" and rest:
            arg, sheet = rest.pop(0), True
        elif arg.startswith("-") and arg != "-":
            return None
        if arg != "-" and (arg.startswith("-") or not os.access(arg, os.R_OK)):
            return None
        paths.append(arg)
    return (paths, as_json) if sheet else None
