"""Playing at this terminal."""

from __future__ import annotations

import click

from . import rules_for, rules_option, variant_option

# play ---------------------------------------------------------------------------


class KeepsArgs(click.Command):
    """Remembers the raw arguments: seats follow --player and --bot as typed."""

    def parse_args(self, ctx, args):
        ctx.meta["stixx.args"] = list(args)
        return super().parse_args(ctx, args)


@click.command(cls=KeepsArgs)
@click.argument("game_name", metavar="GAME", required=False)
@variant_option
@rules_option
@click.option("--player", "humans", multiple=True, metavar="NAME", help="A human at this terminal (repeat).")
@click.option(
    "--bot", "bots", multiple=True, metavar="NAME:BOT", help="A computer player, e.g. Ann:greedy (repeat)."
)
@click.option("--seed", help="Seed of the random source (dice, deals, bots). Default: a new one.")
@click.option(
    "--out",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="Where to write the game log (default: GAME-DATE.json here; - for standard output).",
)
@click.option(
    "--chance",
    type=click.Choice(["random", "manual"]),
    default="random",
    show_default=True,
    help="manual: type in the dice and draws of a real table.",
)
@click.option(
    "--resume",
    type=click.Path(exists=True, dir_okay=False),
    metavar="FILE",
    help="Go on with an unfinished game log (and write it back there).",
)
@click.pass_context
def play(ctx, game_name, variant, rules_file, humans, bots, seed, out, chance, resume):
    """Play a game at this terminal: humans in seat order, bots for the rest.

    Seats follow the order of --player and --bot on the command line. A game of
    bots only runs to the end without asking anything. Ctrl-C saves the game so
    far ("finished": false); --resume goes on from it.

    \b
    Examples:
      stixx play sixto --player Ann --bot Bob:greedy
      stixx play stixx --bot A:reasoning --bot B:random --bot C:random --seed 1 --out g.json
      stixx play sixto --player Ann --player Bob --chance manual --out table.json
      stixx play --resume g.json
    """
    from ..terminal import play_game, resume_game, seats_in_order

    if resume:
        if game_name or humans or bots or variant or rules_file:
            raise click.UsageError("--resume takes the game, rules and players from the log")
        return resume_game(resume, out=out, chance=chance)
    if not game_name:
        raise click.UsageError("name a GAME (see stixx games), or --resume FILE")
    from ..plugins import get_game

    game = get_game(game_name)
    players = seats_in_order(ctx, humans, bots)
    play_game(game, rules_for(game, variant, rules_file), players, seed=seed, out=out, chance=chance)


COMMANDS = [play]
