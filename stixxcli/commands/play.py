"""Playing at this terminal."""

from __future__ import annotations

import click

from . import TYPED, completes, rules_for, rules_option, variant_option

# play ---------------------------------------------------------------------------


class KeepsArgs(click.Command):
    """Remembers the raw arguments: seats follow --player and --bot as typed."""

    def parse_args(self, ctx, args):
        ctx.meta["stixx.args"] = list(args)
        return super().parse_args(ctx, args)


@click.command(cls=KeepsArgs)
@click.argument("game_name", metavar="GAME", required=False, shell_complete=completes("games"))
@variant_option
@rules_option
@click.option(
    "--player",
    "humans",
    multiple=True,
    type=TYPED,
    metavar="NAME",
    help="A person at this terminal (repeat).",
)
@click.option(
    "--bot",
    "bots",
    multiple=True,
    type=TYPED,
    metavar="[NAME:|SEAT:]BOT",
    shell_complete=completes("bots"),
    help="A computer player: greedy, Ann:greedy or 2:greedy (seat 2, from 0) (repeat).",
)
@click.option(
    "--players",
    "-p",
    "count",
    type=click.IntRange(min=1),
    metavar="N",
    help="Number of seats; the seats no one takes get the random bot.",
)
@click.option("--seed", type=TYPED, help="Seed of the random source (dice, deals, bots). Default: a new one.")
@click.option(
    "--out",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="Where to write the game log, a new file or an empty one (default: GAME-DATE.json here; "
    "- for standard output, bots alone).",
)
@click.option(
    "--chance",
    type=click.Choice(["random", "manual"]),
    help="manual: type in the dice, draws and setup of a real table. Default: random; "
    "with --resume, manual when the game's setup was typed in.",
)
@click.option(
    "--resume",
    type=click.Path(exists=True, dir_okay=False, allow_dash=True),
    metavar="FILE",
    help="Go on with an unfinished game log (and write it back there; - reads a game of bots from "
    "standard input).",
)
@click.option(
    "--pick",
    type=click.IntRange(min=1),
    metavar="N",
    help="With --resume: the log at line N of a JSON Lines file (the N of FILE:N).",
)
@click.pass_context
def play(ctx, game_name, variant, rules_file, humans, bots, count, seed, out, chance, resume, pick):
    """Play a game at this terminal: people and bots, in seat order.

    Seats follow the order of --player and --bot on the command line; a bot
    given as SEAT:BOT takes that seat (from 0), and --players N fills the seats
    left with random bots, as in `stixx simulate`. A game of bots only runs to
    the end without asking anything. At the prompt: `help` explains the
    notation and lists the choices, arrows and Ctrl-R recall earlier lines,
    `q` saves and stops (also Ctrl-C); --resume goes on from the saved game.

    \b
    Examples:
      stixx play sixto --player Ann --bot Bob:greedy
      stixx play stixx --bot A:reasoning --players 3 --seed 1 --out g.json
      stixx play sixto --player Ann --player Bob --chance manual --out table.json
      stixx play --resume table.json      # the game above, after q
      stixx play --resume unfinished.jsonl --pick 3 --out game3.json
    """
    from ..terminal import play_game, resume_game

    if resume:
        if game_name or humans or bots or variant or rules_file or count:
            raise click.UsageError("--resume takes the game, rules and players from the log")
        return resume_game(resume, out=out, chance=chance, pick=pick)
    if pick is not None:
        raise click.UsageError("--pick chooses the game to go on with: give it with --resume FILE")
    if not game_name:
        raise click.UsageError("name a GAME (see stixx games), or --resume FILE")
    from ..plugins import get_game
    from ..seats import seat_players, typed_order

    game = get_game(game_name)
    rules = rules_for(game, variant, rules_file)
    typed = typed_order(ctx.meta.get("stixx.args", []), humans, bots)
    players = seat_players(game, rules.values, typed, count) if typed or count else []
    play_game(game, rules, players, seed=seed, out=out, chance=chance or "random")


COMMANDS = [play]
