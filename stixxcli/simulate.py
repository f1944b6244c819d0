"""Many seeded bot games, summed up per seat and per bot.

Game i of a run with seed S is played with the seed "S-i", so any game can be
played again on its own (`stixx play GAME --seed S-i ...`) and the figures are
the same whatever the number of jobs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Batch:
    """The work of one chunk: everything a worker needs, nothing it must look up."""

    game: str
    variant: str
    rules: dict
    bots: tuple[str, ...]
    seeds: tuple[str, ...]
    keep_logs: bool


def play_batch(batch: Batch) -> list[dict]:
    """Play the batch's games; a short summary of each (and its log, if kept)."""
    from .table import play_bots

    out = []
    for seed in batch.seeds:
        log = play_bots(batch.game, list(batch.bots), seed, variant=batch.variant, rules=batch.rules)
        summary = {
            "seed": seed,
            "scores": log["result"]["scores"],
            "places": log["result"]["places"],
            "moves": len(log["moves"]),
        }
        if batch.keep_logs:
            summary["log"] = log
        out.append(summary)
    return out


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate: sound for rates near 0 or 1."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


class Moments:
    """Count, sum and sum of squares of a series, kept exactly (integers, or
    fractions for scores with decimals): the mean and spread of a billion
    games in constant memory, equal to statistics.fmean and pstdev."""

    __slots__ = ("n", "total", "squares", "low", "high")

    def __init__(self):
        self.n, self.total, self.squares, self.low, self.high = 0, 0, 0, None, None

    def add(self, x) -> None:
        if not isinstance(x, int):
            x = Fraction(x)
        self.n += 1
        self.total += x
        self.squares += x * x
        self.low = x if self.low is None or x < self.low else self.low
        self.high = x if self.high is None or x > self.high else self.high

    def __add__(self, other: Moments) -> Moments:
        both = Moments()
        both.n, both.total, both.squares = self.n + other.n, self.total + other.total, self.squares + other.squares
        lows = [x for x in (self.low, other.low) if x is not None]
        highs = [x for x in (self.high, other.high) if x is not None]
        both.low, both.high = min(lows, default=None), max(highs, default=None)
        return both

    def mean(self) -> float:
        return float(Fraction(self.total) / self.n)

    def sd(self) -> float:
        mean = Fraction(self.total) / self.n
        return math.sqrt(float(Fraction(self.squares) / self.n - mean * mean))


class Tally:
    """Running sums of a simulation, added to one game at a time, in constant memory."""

    def __init__(self, bots: list[str]):
        self.bots = bots
        self.games = 0
        self.wins = [0] * len(bots)
        self.scores = [Moments() for _ in bots]
        self.lengths = Moments()

    def add(self, game: dict) -> None:
        self.games += 1
        self.lengths.add(game["moves"])
        for seat, (score, place) in enumerate(zip(game["scores"], game["places"])):
            self.wins[seat] += place == 1
            self.scores[seat].add(score)

    def _line(self, wins: int, n: int, scores: Moments) -> dict:
        lo, hi = wilson(wins, n)
        return {
            "games": n,
            "wins": wins,
            "win_rate": round(wins / n, 4) if n else 0.0,
            "win_rate_95": [round(lo, 4), round(hi, 4)],
            "mean_score": round(scores.mean(), 3) if scores.n else None,
            "sd_score": round(scores.sd(), 3) if scores.n else None,
        }

    def to_json(self) -> dict:
        seats = [
            {"seat": seat, "bot": bot, **self._line(self.wins[seat], self.games, self.scores[seat])}
            for seat, bot in enumerate(self.bots)
        ]
        by_bot = {}
        for bot in dict.fromkeys(self.bots):
            mine = [s for s, b in enumerate(self.bots) if b == bot]
            by_bot[bot] = self._line(
                sum(self.wins[s] for s in mine),
                self.games * len(mine),
                sum((self.scores[s] for s in mine), Moments()),
            )
        lengths = self.lengths
        return {
            "games": self.games,
            "seats": seats,
            "bots": by_bot,
            "length": {
                "mean": round(lengths.mean(), 2) if lengths.n else 0.0,
                "sd": round(lengths.sd(), 2) if lengths.n else 0.0,
                "min": lengths.low if lengths.n else 0,
                "max": lengths.high if lengths.n else 0,
            },
        }


class SeatError(ValueError):
    """A --bot SEAT:BOT that does not name a seat of this game."""


def bot_seats(game, rules: dict, players: int | None, bots) -> list[str]:
    """The bot of every seat from SEAT:BOT specs (other seats: random), and the player count."""
    from .errors import StixxError

    chosen = {}
    for spec in bots:
        seat, sep, bot = spec.partition(":")
        if not sep or not (seat.isascii() and seat.isdigit()) or not bot:
            raise SeatError(f"{spec!r} is not SEAT:BOT (e.g. 0:greedy)")
        chosen[int(seat)] = bot
    counts = game.player_counts(rules)
    if players is None:
        players = max([counts.start, 2 if 2 in counts else counts.start] + [s + 1 for s in chosen])
    if players not in counts:
        raise StixxError(
            f"{game.name} with these rules takes {counts.start}-{counts.stop - 1} players, not {players}"
        )
    if chosen and max(chosen) >= players:
        raise SeatError(f"seat {max(chosen)} is beyond {players} players (seats 0-{players - 1})")
    return [chosen.get(seat, "random") for seat in range(players)]


def run(
    game,
    runs: list,
    seats: list[str],
    count: int,
    seed: str,
    *,
    logs=None,
    jobs=1,
    executor="local",
    scheduler=None,
    advance=lambda n: None,
) -> dict:
    """Play `count` seeded games under each of `runs` (resolved rules); the report.

    Every game's log goes to `logs.write` when given; `advance(n)` hears of
    each finished chunk of games.
    """
    from .parallel import Stopped, chunked, ordered_map
    from .plugins import get_bot

    for bot in set(seats):
        get_bot(game.name, bot)
    seeds = (f"{seed}-{i}" for i in range(count))  # made as played: -n 1000000000 starts at once

    def batches():
        for part in chunked(seeds, 8):
            for rules in runs:
                yield Batch(
                    game.name, rules.variant, rules.values, tuple(seats), tuple(part), logs is not None
                )

    tallies = [Tally(seats) for _ in runs]
    chunks = ordered_map(play_batch, batches(), jobs=jobs, executor=executor, scheduler=scheduler)
    stopped = None
    try:
        for index, games in enumerate(chunks):
            if len(runs) > 1 and index % len(runs) == 0:
                pending = games  # a seed's chunk counts once every variant has played it
                continue
            for one in (pending if len(runs) > 1 else []):
                tallies[0].add(one)
                if logs is not None:
                    logs.write(one["log"])
            for one in games:
                tallies[index % len(runs)].add(one)
                if logs is not None:
                    logs.write(one["log"])
            advance(len(games) * len(runs))
    except Stopped as e:  # Ctrl-C or SIGTERM: the report of the games played so far
        stopped = e
    return {
        "game": game.name,
        "seed": seed,
        "players": len(seats),
        "seat_bots": seats,
        "variants": {rules.variant: tally.to_json() for rules, tally in zip(runs, tallies)},
        # Stopped by a signal: the figures are those of the games played so far.
        **({"stopped": stopped.args[0], "exit_code": stopped.exit_code} if stopped else {}),
    }
