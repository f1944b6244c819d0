"""Shell completion of values: games, variants, bots and the players of a log.

Each function is a click `shell_complete` callback. They run when the shell
asks (TAB), never when a command runs, and import plugins only then. A value
that cannot be completed (no game named yet, an unreadable log) completes to
nothing rather than to an error: a traceback in the middle of a command line
helps no one.
"""

from __future__ import annotations

from click.shell_completion import CompletionItem


def _items(names, incomplete: str, prefix: str = "", help_of=None) -> list[CompletionItem]:
    return [
        CompletionItem(prefix + name, help=help_of(name) if help_of else None)
        for name in names
        if name.startswith(incomplete)
    ]


def _game_named(ctx):
    """The game this command line is about: its GAME argument or --game."""
    from .plugins import get_plugins

    for key in ("game_name", "game"):
        name = ctx.params.get(key)
        if isinstance(name, str):
            entry = get_plugins().games().get(name)
            return entry.game if entry else None
    return None


def games(ctx, param, incomplete: str) -> list[CompletionItem]:
    """The installed games, with their titles."""
    try:
        from .plugins import get_plugins

        found = get_plugins().games()
        return _items(sorted(found), incomplete, help_of=lambda n: found[n].game.title or None)
    except Exception:  # noqa: BLE001 (a broken plugin must not break the shell)
        return []


def variants(ctx, param, incomplete: str) -> list[CompletionItem]:
    """The variant names of the game named earlier on the line."""
    try:
        from .rules import variant_files

        game = _game_named(ctx)
        if game is None:
            return []
        return _items(sorted(variant_files(game.name)), incomplete)
    except Exception:  # noqa: BLE001
        return []


def bots(ctx, param, incomplete: str) -> list[CompletionItem]:
    """Bot names of the game, after the NAME: or SEAT: a --bot value may start with."""
    try:
        from .plugins import bot_names, get_plugins

        game = _game_named(ctx)
        if game is None:
            return []
        who, colon, partial = incomplete.rpartition(":")
        described = {}
        for (name_of_game, bot), cls in get_plugins().bots().items():
            if name_of_game in (game.name, "*"):
                described.setdefault(bot, getattr(cls, "description", "") or None)
        return _items(bot_names(game.name), partial, who + colon, help_of=described.get)
    except Exception:  # noqa: BLE001
        return []


def players(ctx, param, incomplete: str) -> list[CompletionItem]:
    """The player names of the log named earlier on the line (a file, or one log of a corpus)."""
    try:
        from .gamelog import load_logs

        source = ctx.params.get("log")
        if not isinstance(source, str) or source == "-":
            return []
        pick = ctx.params.get("pick")
        names: list[str] = []
        for where, log in load_logs(source):
            if isinstance(log, dict) and (pick is None or where.endswith(f":{pick}")):
                names += [p["name"] for p in log.get("players", []) if isinstance(p, dict) and "name" in p]
            if names:
                break
        return _items(list(dict.fromkeys(names)), incomplete)
    except Exception:  # noqa: BLE001
        return []
