"""The hooks a stixxcli plugin may implement.

A plugin is a module named by an entry point in the ``stixxcli`` group. Its
module level imports nothing heavy: the core calls each hook only when a
command needs what it gives, so import game code inside the hook.
Every hook receives a ``register`` callback (or the click group) by keyword.
"""

import pluggy

hookspec = pluggy.HookspecMarker("stixxcli")
hookimpl = pluggy.HookimplMarker("stixxcli")


@hookspec
def stixx_games(register):
    """Register games. Called the first time a command needs a game.

    Call ``register(game)`` with a ``stixxcli.game.Game`` instance for each
    game the plugin provides. Returns nothing.
    """


@hookspec
def stixx_bots(register):
    """Register computer players. Called when a command needs a bot.

    Call ``register(game_name, bot_class)`` for each bot: ``bot_class`` is a
    ``stixxcli.game.Bot`` subclass with a ``name``; ``game_name`` is the game
    it plays, or ``"*"`` for a bot that plays any game. Returns nothing.
    """


@hookspec
def stixx_rule_dirs(register):
    """Contribute rule folders. Called when a command reads rule variants.

    Call ``register(path)`` with a folder laid out as
    ``<game>/<variant>.yaml``. Returns nothing.
    """


@hookspec
def stixx_commands(cli):
    """Add commands to the ``stixx`` command line.

    Receives the root ``click.Group`` as ``cli``; call ``cli.add_command`` for
    each command. Called once when the command line starts, so keep it cheap.
    Returns nothing.
    """
