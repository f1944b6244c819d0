"""Trixo as a stixxcli plugin: the game, its `greedy` bot and its rule files.
The game modules are imported inside the hooks, when a command needs them."""

from stixxcli.hookspecs import hookimpl


@hookimpl
def stixx_games(register):
    from .game import Trixo

    register(Trixo())


@hookimpl
def stixx_bots(register):
    from .bots import GreedyBot

    register("trixo", GreedyBot)


@hookimpl
def stixx_rule_dirs(register):
    from stixxcli_games import bundled_rules

    register(bundled_rules())
