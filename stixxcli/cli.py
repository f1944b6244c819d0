"""The `stixx` command line. It knows no game: every game comes from a plugin.

Each command's module is imported when that command runs, and imports stay
inside the commands, so that `stixx --help` and `stixx --version` load no
command, no game code, no rich and no yaml.
"""

from __future__ import annotations

import os

import click

from . import __version__
from .errors import report

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}

# Each command: its module in stixxcli.commands, and the line `stixx --help`
# shows for it (its docstring's first sentence; a test keeps the two equal).
COMMANDS = {
    "completion": ("about", "Print the shell completion script: commands and options, and their values: "
                   "game names, variant names of the game on the line, bot names (after NAME: or SEAT: "
                   "too) and the players of the log being replayed."),
    "games": ("about", "List the installed games, with their variants and bots."),
    "play": ("play", "Play a game at this terminal: people and bots, in seat order."),
    "plugins": ("about", "List the loaded plugins with their versions and hooks."),
    "replay": ("logs", "Replay a game log move by move, as the table or as one player saw it."),
    "schema": ("about", "Print the JSON Schema of the game log, or of a game's rules, setup and moves."),
    "score": ("logs", "Score game logs, or paper score sheets."),
    "sheet": ("sheets", "Print paper score sheets to play on and to photograph after the game."),
    "simulate": ("simulate", "Play many seeded bot games and report, per seat and per bot, the win rate "
                 "with its 95% interval, the mean and spread of scores, and the game length."),
    "validate": ("logs", "Check game logs: the envelope, the rules and their digest, the setup, every "
                 "move in order, the end and the recorded result."),
    "variants": ("about", "List rule variants (of every game, or of GAME), or show one's resolved rules."),
}  # fmt: skip


class StixxGroup(click.Group):
    """The root group: commands and plugin commands on demand, and errors as one line."""

    _plugin_commands_added = False

    def _add_plugin_commands(self):
        if not self._plugin_commands_added:
            self._plugin_commands_added = True
            from .plugins import external_plugins, get_plugins, loaded

            # The bundled games add no command: with no other plugin installed,
            # `stixx --help` need not load any (the entry points come from a cache).
            if loaded() or external_plugins():
                get_plugins().call("stixx_commands", cli=self)

    def list_commands(self, ctx):
        self._add_plugin_commands()
        return sorted({*COMMANDS, *self.commands})

    def format_commands(self, ctx, formatter):
        # click's own listing, with the lines of commands not imported from the table above.
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(map(len, names))
        rows = []
        for name in names:
            command = self.commands.get(name)
            if command is None:
                rows.append((name, click.Command(name, help=COMMANDS[name][1]).get_short_help_str(limit)))
            elif not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def add_command(self, cmd, name=None):
        # --debug after the command too (`stixx replay x.json --debug`), for every
        # command, a plugin's included; --no-color likewise.
        if not any(param.name == "debug" for param in cmd.params):
            cmd.params.append(_debug_option())
        if not any(param.name == "no_color" for param in cmd.params):
            cmd.params.append(_no_color_option())
        super().add_command(cmd, name)

    def _main_shell_completion(self, ctx_args, prog_name, complete_var=None):
        # Only when the shell asks (TAB): bash then completes "Ann:gr" as one word.
        from click.shell_completion import add_completion_class

        from .completion import bash_class

        add_completion_class(bash_class(), "bash")
        return super()._main_shell_completion(ctx_args, prog_name, complete_var)

    def get_command(self, ctx, name):
        if name in COMMANDS and name not in self.commands:
            import importlib

            module = importlib.import_module(f".commands.{COMMANDS[name][0]}", __package__)
            self.add_command(getattr(module, name))
        command = super().get_command(ctx, name)
        if command is None:
            self._add_plugin_commands()
            command = super().get_command(ctx, name)
        return command

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.exceptions.Abort):
            raise
        except click.ClickException as e:
            from .text import plain

            # A usage error may quote content (a file's name): shown, never obeyed by the terminal.
            e.message = plain(e.message)
            raise
        except BrokenPipeError as e:
            ctx.exit(report(e))
        except (Exception, KeyboardInterrupt) as e:
            if ctx.meta.get("stixx.debug"):
                raise
            ctx.exit(report(e))


def _debug(ctx, param, value):
    if value or "stixx.debug" not in ctx.meta:  # meta is shared: a later default must not undo it
        ctx.meta["stixx.debug"] = value


def _debug_option() -> click.Option:
    return click.Option(
        ["--debug"],
        is_flag=True,
        expose_value=False,
        callback=_debug,
        is_eager=True,
        help="Show the full traceback of an error.",
    )


def _no_color(ctx, param, value):
    # Through the environment, as NO_COLOR: every console made later (replay, play,
    # progress bars) leaves colour out without knowing of this option.
    if value:
        os.environ["NO_COLOR"] = "1"


def _no_color_option() -> click.Option:
    return click.Option(
        ["--no-color", "--no-colour"],
        is_flag=True,
        expose_value=False,
        callback=_no_color,
        is_eager=True,
        help="No colour in the output (as NO_COLOR=1); every board still reads without it.",
    )


@click.group(cls=StixxGroup, context_settings=CONTEXT)
@click.version_option(__version__, "-V", "--version", prog_name="stixx")
@click.option(
    "--debug",
    is_flag=True,
    expose_value=False,
    callback=_debug,
    is_eager=True,
    help="Show the full traceback of an error.",
)
@click.option(
    "--no-color",
    "--no-colour",
    is_flag=True,
    expose_value=False,
    callback=_no_color,
    is_eager=True,
    help="No colour in the output (as NO_COLOR=1); every board still reads without it.",
)
def cli():
    """Score, check, replay and play Stixx, Sixto, Fish Stix and Trixo.

    \b
    Examples:
      stixx score --sheet examples/sixto/rulebook-example.txt
      stixx play sixto --bot Ann:greedy --bot Bob:random --seed 7 --out game.json
      stixx validate game.json
      stixx replay game.json --to 10 --as-player Ann
      stixx variants sixto solo --diff
    """
