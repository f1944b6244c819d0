"""The Stixx plugin: its game, its bots and its rule files. The game modules are
imported inside the hooks, so loading the plugin costs nothing."""

from stixxcli.hookspecs import hookimpl
from stixxcli_games import bundled_rules


@hookimpl
def stixx_games(register):
    from .game import Stixx

    register(Stixx())


@hookimpl
def stixx_bots(register):
    from .bots import ReasoningBot

    register("stixx", ReasoningBot)


@hookimpl
def stixx_rule_dirs(register):
    register(bundled_rules())
