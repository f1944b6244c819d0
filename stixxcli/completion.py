"""Shell completion of values: games, variants, bots and the players of a log.

Each function is a click `shell_complete` callback. They run when the shell
asks (TAB), never when a command runs, and import plugins only then. A value
that cannot be completed (no game named yet, an unreadable log) completes to
nothing rather than to an error: a traceback in the middle of a command line
helps no one.
"""

from __future__ import annotations

from click.shell_completion import CompletionItem

from .text import is_plain, plain


def _items(names, incomplete: str, prefix: str = "", help_of=None) -> list[CompletionItem]:
    """The names that start with `incomplete`. A name holding a control, a bidi
    mark or a byte that is not UTF-8 (a file name) is left out: the shell would
    print it raw, and no one could type it back anyway."""
    return [
        CompletionItem(prefix + name, help=_help(help_of(name)) if help_of else None)
        for name in names
        if isinstance(name, str) and name.startswith(incomplete) and is_plain(prefix + name)
    ]


def _help(text) -> str | None:
    # zsh and fish print the help beside the value: shown, never obeyed.
    return plain(text) if text else None


def _game_named(ctx):
    """The game this command line is about: its GAME argument or --game."""
    from .plugins import get_plugins

    games = get_plugins().games()
    for key in ("game_name", "game"):
        name = ctx.params.get(key)
        if isinstance(name, str):
            entry = games.get(name)
            return entry.game if entry else None
    # While an option waits for its value (TAB after --variant), click leaves
    # the arguments unread: the game is then among them.
    for arg in ctx.args:
        if arg in games:
            return games[arg].game
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
        import os

        from .gamelog import load_logs

        source = ctx.params.get("log")
        if not isinstance(source, str):  # unread while --as-player waits for its value
            source = next((arg for arg in ctx.args if os.path.exists(arg)), None)
        if source is not None and os.path.isdir(source):  # a folder of one log, as replay takes it
            from .sources import log_files

            files = list(log_files([source]))
            source = files[0] if len(files) == 1 else None
        if source is None or not os.path.isfile(source):
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


def bash_class():
    """Bash completion that sees `Ann:gr` as one word.

    Bash splits words at the colons of COMP_WORDBREAKS, so `--bot Ann:gr`
    reached click as three words and could not complete. This script sends the
    line as typed up to the cursor, and the answers lose the part before the
    last colon that bash will keep of the word (as bash-completion's
    __ltrim_colon_completions does)."""
    import os

    from click.shell_completion import BashComplete, split_arg_string

    class StixxBash(BashComplete):
        source_template = BashComplete.source_template.replace(
            'COMP_WORDS="${COMP_WORDS[*]}" COMP_CWORD=$COMP_CWORD',
            'COMP_WORDS="${COMP_LINE:0:COMP_POINT}" COMP_CWORD=line COMP_WORDBREAKS="$COMP_WORDBREAKS"',
        )
        kept = ""  # what bash keeps of the word being completed

        def get_completion_args(self):
            if os.environ.get("COMP_CWORD") != "line":  # an older script, still installed
                return super().get_completion_args()
            line = os.environ["COMP_WORDS"]
            words = split_arg_string(line)
            if words and line and not line[-1].isspace():
                args, incomplete = words[1:-1], words[-1]
            else:
                args, incomplete = words[1:], ""
            if ":" in os.environ.get("COMP_WORDBREAKS", "") and ":" in incomplete:
                self.kept = incomplete.rpartition(":")[0] + ":"
            return args, incomplete

        def format_completion(self, item):
            value = item.value
            if self.kept and value.startswith(self.kept):
                value = value[len(self.kept) :]
            return f"{item.type},{value}"

    return StixxBash
