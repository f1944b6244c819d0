"""Paper score sheets: which game reads them, and the sheet files' text."""

from __future__ import annotations

from .errors import StixxError
from .limits import read_bounded


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
            texts.append(("<stdin>" if path == "-" else path, raw.decode("utf-8-sig")))
        except UnicodeDecodeError:
            raise StixxError("not a text file (not UTF-8)", where=path) from None
        except OSError as e:
            raise StixxError(f"cannot read: {e.strerror}", where=path) from None
    return texts


def score_sheets(game, texts: list[tuple[str, str]], rules: dict):
    """The game's scores of paper sheets (an object with to_json() and render())."""
    from .errors import plugin_call

    return plugin_call(game, "score_sheets", game.score_sheets, texts, rules)
