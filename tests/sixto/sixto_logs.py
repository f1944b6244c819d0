"""Hand-made Sixto logs for the tests: simple sheets whose numbers are easy to
follow, and short helpers to write a turn."""

import functools

from stixxcli.gamelog import new_log
from stixxcli.plugins import get_game
from stixxcli.rules import resolve

COLOURS = ["red", "yellow", "green", "blue", "purple", "orange"]
# Sheet A: every row shows 1 2 3 4 5 6 1 2 3 4 5 6, so box b shows ((b - 1) % 6) + 1.
# Sheet B: every row shows 6 5 4 3 2 1 6 5 4 3 2 1.
SHEETS = {
    "A": [[1, 2, 3, 4, 5, 6] * 2 for _ in COLOURS],
    "B": [[6, 5, 4, 3, 2, 1] * 2 for _ in COLOURS],
    "C": [[2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2] for _ in COLOURS],
}
NAMES = ["Ada", "Bo", "Cy"]
# The rulebook's example sheet (examples/sixto/rulebook-example.txt), a row a string: 151 points.
RULEBOOK_ROWS = [
    "x.xxx....x..",
    "x..xx.......",
    "x..x.xxx.xx.",
    "x..x...xxx..",
    "...x..xxxxx.",
    "x..x..xxxx..",
]


def game():
    return get_game("sixto")


@functools.cache
def standard_rules():
    return variant_rules("standard")


@functools.cache
def variant_rules(variant):
    return resolve(game(), variant).values


def play(bots, seed, variant="standard"):
    """play_bots with the variant's rules read once per test session."""
    from stixxcli.table import play_bots

    return play_bots("sixto", bots, seed, variant=variant, rules=variant_rules(variant))


def rules(**changes):
    values = dict(standard_rules())
    values["sheets"] = SHEETS
    values.update(changes)
    return values


def make_log(moves, *, players=2, finished=False, setup=None, variant="standard", **rule_changes):
    log = new_log(
        "sixto",
        variant,
        rules(**rule_changes),
        [{"name": n} for n in NAMES[:players]],
        setup if setup is not None else {"sheets": ["A", "B", "C"][:players]},
    )
    log["moves"] = list(moves)
    log["finished"] = finished
    return log


def roll(*values, dice=COLOURS):
    """A roll of the dice in play, in row order; one number means all show it."""
    if len(values) == 1:
        values = values * len(dice)
    return dict(zip(dice, values))


def crosses(text):
    """[["red", 4], ["blue", 7]] from "red4 blue7" ("" for none)."""
    out = []
    for word in text.split():
        colour = word.rstrip("0123456789")
        out.append([colour, int(word[len(colour) :])])
    return out


def turn(seat, rolls, *per_seat):
    """A move: the active seat, its roll or rolls, then each seat's crosses as text."""
    if isinstance(rolls, dict):
        rolls = [rolls]
    return {"seat": seat, "rolls": rolls, "crosses": [crosses(t) for t in per_seat]}


@functools.cache
def bot_logs():
    """Seeded bot games: 1 to 6 players with the standard rules, and the solo game."""
    lineups = [
        ["greedy"],
        ["greedy", "random"],
        ["random", "greedy", "greedy"],
        ["greedy", "random", "greedy", "random"],
        ["random"] * 2 + ["greedy"] * 3,
        ["greedy", "random"] * 3,
    ]
    logs = []
    for seed in range(3):
        for bots in lineups:
            logs.append(play(bots, seed))
        logs.append(play(["greedy" if seed % 2 else "random"], seed, variant="solo"))
    return tuple(logs)
