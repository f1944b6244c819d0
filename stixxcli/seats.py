"""Who sits where: one way to name seats and bots, for `play` and `simulate`.

`--player NAME` is a person at this terminal (play only). `--bot` is `BOT`,
`NAME:BOT` or `SEAT:BOT`: a bot by its name, a bot with a player name, or a
bot at a seat (seats count from 0, as everywhere in stixx). Seats named by
number are taken first; the others follow in the order typed, and seats still
empty up to `--players N` get the random bot.

At the table, `Seated` keeps which person the terminal is with.
"""

from __future__ import annotations

import click

from .errors import plugin_call
from .limits import UsageProblem


def typed_order(args: list[str], humans, bots) -> list[tuple[str, str]]:
    """("human", NAME) and ("bot", SPEC) in the order --player and --bot were typed."""
    typed = []
    for i, arg in enumerate(args):
        for flag, kind in (("--player", "human"), ("--bot", "bot")):
            if arg == flag and i + 1 < len(args):
                typed.append((kind, args[i + 1]))
            elif arg.startswith(flag + "="):
                typed.append((kind, arg.split("=", 1)[1]))

    def values(kind):
        return sorted(v for k, v in typed if k == kind)

    if values("human") != sorted(humans) or values("bot") != sorted(bots):  # a form the scan missed
        typed = [("human", h) for h in humans] + [("bot", b) for b in bots]
    return typed


def _bot_spec(spec: str) -> tuple[int | None, str | None, str]:
    """(seat, name, bot) of a --bot value."""
    who, colon, bot = spec.rpartition(":")
    if not bot.strip() or (colon and not who.strip()):
        raise click.BadParameter(
            f"{spec!r} is not BOT, NAME:BOT or SEAT:BOT (e.g. Ann:greedy)", param_hint="--bot"
        )
    if who.isascii() and who.isdigit():
        return int(who), None, bot
    if who.isdigit():  # "²" or "١": a seat typed in other digits, not a name
        raise click.BadParameter(f"{who!r} is not a seat: write seats with 0-9 (from 0)", param_hint="--bot")
    return None, who or None, bot


def seat_players(game, rules: dict, typed: list[tuple[str, str]], count: int | None = None) -> list[dict]:
    """The players of every seat, as a log lists them: {"name"} or {"name", "bot"}."""
    placed: dict[int, dict] = {}
    following = []
    for kind, value in typed:
        if kind == "human":
            following.append({"name": value})
            continue
        seat, name, bot = _bot_spec(value)
        player = {"name": name, "bot": bot}
        if seat is None:
            following.append(player)
        elif seat in placed:
            raise click.BadParameter(f"two bots at seat {seat}", param_hint="--bot")
        else:
            placed[seat] = player
    counts = plugin_call(game, "player_counts", game.player_counts, rules, gives=range)
    chosen = count is not None
    if count is None:
        fewest = counts.start if counts.start > 1 or 1 not in counts else 2 if 2 in counts else 1
        count = max([fewest, len(placed) + len(following)] + [s + 1 for s in placed])
    if count not in counts:
        span = f"{counts.start}-{counts.stop - 1}" if len(counts) > 1 else str(counts.start)
        players = "player" if counts == range(1, 2) else "players"
        raise UsageProblem(f"{game.title or game.name} with these rules takes {span} {players}, not {count}")
    if placed and max(placed) >= count:
        raise click.BadParameter(
            f"seat {max(placed)} is beyond {count} players (seats 0-{count - 1})", param_hint="--bot"
        )
    if len(placed) + len(following) > count:
        raise click.BadParameter(f"{len(placed) + len(following)} players named for {count} seats")
    free = iter(seat for seat in range(count) if seat not in placed)
    for player in following:
        placed[next(free)] = player
    players = []
    filled = [seat for seat in range(count) if seat not in placed]
    if filled and typed and not chosen:  # seats beside those named that no one asked for: say who sits there
        *others, last = map(str, filled)
        which = f"seats {', '.join(others)} and {last} get" if others else f"seat {last} gets"
        click.echo(
            f"stixx: note: {which} the random bot ({count} players; --players N sets the count)", err=True
        )
    for seat in range(count):
        player = placed.get(seat) or {"name": None, "bot": "random"}
        if player.get("bot") and not player["name"]:
            player = {"name": f"{player['bot']}-{seat}", "bot": player["bot"]}
        players.append(player)
    names_apart(players)
    return players


def names_apart(players: list[dict]) -> None:
    """Two players of one name, or a name too long for a log, are refused by
    `play` and `simulate` alike, as validate refuses such a log."""
    from .text import NAME_MOST, looks

    for player in players:
        if len(player["name"]) > NAME_MOST:
            raise click.UsageError(f"a name has at most {NAME_MOST} characters, not {len(player['name'])}")
    seen = [looks(p["name"]) for p in players]  # "Ann" and "Ann" with a zero-width space look the same
    for player, look in zip(players, seen):
        if seen.count(look) > 1:
            raise click.UsageError(f"two players are called {player['name']!r}; give each a different name")


class Seated:
    """Which person the terminal is with, for chance typed in private: the
    seats of the people at it, and the one who typed the last private outcome."""

    def __init__(self, humans: list[int], seat: int | None = None):
        self.humans, self.seat = humans, seat

    def hidden(self, chance) -> bool:
        """Whether the outcome is for one player's eyes, with others at the terminal:
        typed in private, and cleared from the screen once typed."""
        return chance.seat is not None and len(self.humans) > 1

    def hands_over(self, chance) -> bool:
        """Whether the terminal is first passed to the player the outcome is for."""
        return self.hidden(chance) and chance.seat in self.humans and self.seat != chance.seat
