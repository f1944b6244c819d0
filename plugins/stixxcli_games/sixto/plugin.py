"""The Sixto plugin: the game, its greedy bot and its bundled rule variants.

Game code is imported inside the hooks, so `stixx --help` stays fast.
"""

from stixxcli.hookspecs import hookimpl
from stixxcli_games import bundled_rules


@hookimpl
def stixx_games(register):
    from .game import Sixto

    register(Sixto())


@hookimpl
def stixx_bots(register):
    from .bots import GreedyBot

    register("sixto", GreedyBot)


@hookimpl
def stixx_rule_dirs(register):
    register(bundled_rules())
