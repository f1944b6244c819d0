"""Many seeded bot games: what a house rule changes."""

from __future__ import annotations

import os

import click

from ..errors import StixxError, plugin_call
from ..text import counted, plain
from . import (
    TYPED,
    completes,
    echo_json,
    executor_option,
    jobs_for,
    jobs_option,
    json_option,
    rules_for,
    rules_option,
    scheduler_option,
    variant_option,
)

# simulate -----------------------------------------------------------------------


@click.command()
@click.argument("game_name", metavar="GAME", shell_complete=completes("games"))
@variant_option
@rules_option
@click.option(
    "--players",
    "-p",
    type=click.IntRange(min=1),
    metavar="N",  # as in play
    help="Number of seats (default: the fewest the game allows, at least 2 where it can).",
)
@click.option(
    "--bot",
    "bots",
    multiple=True,
    type=TYPED,
    metavar="[NAME:|SEAT:]BOT",
    shell_complete=completes("bots"),
    help="A bot, in seat order as in play: greedy, Ann:greedy or 2:greedy (seat 2, from 0) "
    "(repeat; other seats: random).",
)
@click.option(
    "--games", "-n", "count", type=click.IntRange(min=1), metavar="N", required=True, help="How many games."
)
@click.option(
    "--seed", type=TYPED, default="0", show_default=True, help="Game i is played with the seed SEED-i."
)
@click.option(
    "--compare",
    metavar="VARIANT",
    shell_complete=completes("variants"),
    help="Play the same seeds under a second variant (a name or a rule file), side by side, with the "
    "change and its interval.",
)
@click.option(
    "--rotate",
    is_flag=True,
    help="Turn the seats by one each game, so that every bot starts as often as the others.",
)
@click.option(
    "--out", type=click.Path(dir_okay=False), metavar="FILE.jsonl", help="Write every game log, one a line."
)
@jobs_option
@executor_option
@scheduler_option
@json_option
def simulate(game_name, variant, rules_file, players, bots, count, seed, compare, rotate, out, jobs,
             executor, scheduler, as_json):  # fmt: skip
    """Play many seeded bot games and report, per seat and per bot, the win
    rate with its 95% interval, the mean and spread of scores, and the game length.

    The figures depend only on the seed, not on --jobs.

    \b
    Examples:
      stixx simulate sixto --players 3 --bot 0:greedy --games 500 --jobs 0
      stixx simulate stixx -p 4 --bot 0:reasoning -n 1000 --compare dutch-edition
      stixx simulate fishstix --bot greedy --bot random -n 400 --rotate
      stixx simulate trixo --variant teams -n 200 --out games.jsonl --json
    """
    from .. import catalogue
    from .. import simulate as simulation
    from ..plugins import get_game
    from ..progress import on_terminal, progress

    game = get_game(game_name)
    rules = rules_for(game, variant, rules_file)
    from ..seats import seat_players

    seated = seat_players(game, rules.values, [("bot", b) for b in bots], players)
    seats = [p["bot"] for p in seated]
    runs = [rules]
    labels = None
    if compare:
        other = catalogue.variant(game, compare)  # a name or a rule file, as `stixx variants` takes
        if os.path.realpath(other.files[0]) == os.path.realpath(rules.files[0]):
            raise click.UsageError(f"--compare needs a variant other than {plain(rules.variant)}")
        if other.variant == rules.variant:  # ./solo.yaml against the bundled solo: told apart as typed
            labels = [rules_file or rules.variant, compare]
        runs.append(other)
    for other in runs[1:]:
        if len(seats) not in plugin_call(
            game, "player_counts", game.player_counts, other.values, gives=range
        ):
            raise StixxError(f"{other.variant} does not allow {len(seats)} players")
    logs = None
    if out is not None:  # --out "" too: refused, not taken as no --out
        from ..saving import AtomicLines, holds_something, writable

        if out == "-":  # not a file named "-"
            raise click.UsageError("--out - : name a file for the logs; the report goes to standard output")

        if holds_something(out):  # as play --out
            raise click.UsageError(
                f"--out {plain(out)} exists: the games are never written over a file (it may hold "
                "games no seed plays again); remove it or name another file"
            )
        writable(out, "--out")  # before the first game, not after the last
        logs = AtomicLines(out)
    with progress(on_terminal() and not as_json, count * len(runs), "simulating") as bar:
        report = simulation.run(game, runs, seats, count, seed, logs=logs, jobs=jobs_for(jobs),
                                executor=executor, scheduler=scheduler, advance=bar.advance, rotate=rotate,
                                names=[p["name"] for p in seated], labels=labels)  # fmt: skip
    stopped = report.pop("exit_code", None)  # Ctrl-C or SIGTERM: 130 or 143
    if logs is not None:
        if stopped:
            logs.abort()  # a part of the games is not what --out asked for
        else:
            logs.commit()
    report["seat_names"] = [p["name"] for p in seated]
    if as_json:
        echo_json(simulation.rounded(report))
    else:
        from ..show import show_simulation

        show_simulation(report)
    if stopped:
        played = next(iter(report["variants"].values()))["games"]
        click.echo(
            f"stixx: stopped ({report['stopped']}) after {played} of {counted(count, 'game')}: the figures are "
            f"theirs{'; ' + plain(out) + ' not written' if out else ''}",
            err=True,
        )
        raise SystemExit(stopped)
    if out and not as_json:
        click.echo(f"{counted(count * len(runs), 'log')} written to {plain(out)}", err=True)


COMMANDS = [simulate]
