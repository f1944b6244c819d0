"""Fish Stix as a stixxcli plugin. Hooks only: the game loads when a command needs it."""

from stixxcli.hookspecs import hookimpl
from stixxcli_games import bundled_rules


@hookimpl
def stixx_games(register):
    from .game import FishStix

    register(FishStix())


@hookimpl
def stixx_bots(register):
    from .bots import GreedyBot

    register("fishstix", GreedyBot)


@hookimpl
def stixx_rule_dirs(register):
    register(bundled_rules())
