"""The `random` bot: a uniformly random legal choice, for every game."""

from .game import Bot
from .hookspecs import hookimpl


class RandomBot(Bot):
    name = "random"
    description = "picks any legal option at random"

    def choose(self, view, choice):
        # randrange and len, not rng.choice(list(...)): lazy options stay unbuilt.
        options = choice.options
        return options[self.rng.randrange(len(options))]


@hookimpl
def stixx_bots(register):
    register("*", RandomBot)
