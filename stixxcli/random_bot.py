"""The `random` bot: a uniformly random legal choice, for every game."""

from .game import Bot
from .hookspecs import hookimpl


class RandomBot(Bot):
    name = "random"
    description = "picks any legal option at random"

    def choose(self, state, choice):
        return self.rng.choice(choice.options)


@hookimpl
def stixx_bots(register):
    register("*", RandomBot)
