"""The `stixx` command line. It knows no game: every game comes from a plugin.

Imports stay inside the commands so that `stixx --help` and `stixx --version`
load no game code, no rich and no yaml.
"""

from __future__ import annotations

import os
import sys

import click

from . import __version__
from .errors import StixxError

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


class StixxGroup(click.Group):
    """The root group: plugin commands on demand, and errors as one line."""

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
        return super().list_commands(ctx)

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
        command = super().get_command(ctx, name)
        if command is None:
            self._add_plugin_commands()
            command = super().get_command(ctx, name)
        return command

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except StixxError as e:
            if ctx.meta.get("stixx.debug"):
                raise
            from .check import clip
            from .text import plain

            click.echo(f"stixx: error: {plain(clip(str(e), 400))}", err=True)
            ctx.exit(e.exit_code)
        except KeyboardInterrupt as e:  # Ctrl-C, or SIGTERM during a long job (parallel.Stopped)
            if ctx.meta.get("stixx.debug"):
                raise
            click.echo(f"\nstixx: stopped ({getattr(e, 'args', None) and e.args[0] or 'SIGINT'})", err=True)
            ctx.exit(getattr(e, "exit_code", 130))
        except BrokenPipeError:
            sys.stderr.close()  # the reader went away (| head); nothing more to say
            ctx.exit(0)
        except OSError as e:  # a disk full, a folder gone mid-write: one line, not an internal error
            if ctx.meta.get("stixx.debug"):
                raise
            from .text import plain

            where = f"{plain(e.filename)}: " if e.filename else ""
            click.echo(f"stixx: error: {where}{plain(e.strerror or e)}", err=True)
            ctx.exit(1)
        except Exception as e:
            if ctx.meta.get("stixx.debug"):
                raise
            from .text import plain

            click.echo(
                f"stixx: internal error: {type(e).__name__}: {plain(e)} (run with --debug for the traceback)",
                err=True,
            )
            ctx.exit(1)


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


def _add_commands() -> None:
    from .commands import about, logs, play, sheets, simulate

    for module in (about, logs, simulate, play, sheets):
        for command in module.COMMANDS:
            cli.add_command(command)


_add_commands()
