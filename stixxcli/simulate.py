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
    shifts: tuple[int, ...] = ()  # with --rotate: how far each game's seats turn
    names: tuple[str, ...] = ()  # the players' names in the given order (default: BOT-SEAT)


def play_batch(batch: Batch) -> list[dict]:
    """Play the batch's games; a short summary of each (and its log, if kept).

    With shifts, the player given at seat k sits at seat k + shift (around
    the table) and the summary gives scores and places back in the given order,
    so each row of the report follows one player whatever seat it started at."""
    from .errors import plugin_json
    from .gamelog import rules_digest
    from .params import check_log_rules
    from .plugins import get_game
    from .table import play_bots

    # The rules are checked and digested once for the batch, not once a game.
    game = get_game(batch.game)
    check_log_rules(game, batch.rules)
    digest = rules_digest(batch.rules)
    out = []
    n = len(batch.bots)
    for index, seed in enumerate(batch.seeds):
        shift = batch.shifts[index] if batch.shifts else 0
        seated = [batch.bots[(seat - shift) % n] for seat in range(n)]
        names = [batch.names[(seat - shift) % n] for seat in range(n)] if batch.names else None
        log = play_bots(
            batch.game, seated, seed, variant=batch.variant, rules=batch.rules, digest=digest, names=names
        )
        result = log["result"]
        plugin_json(game, "result", result["scores"])  # the report's figures: no NaN (the rest is the log's)
        summary = {
            "seed": seed,
            "scores": [result["scores"][(k + shift) % n] for k in range(n)],
            "places": [result["places"][(k + shift) % n] for k in range(n)],
            "moves": len(log["moves"]),
        }
        if batch.keep_logs:
            summary["log"] = log
        out.append(summary)
    return out


def seats_of(bots: list[str]) -> dict[str, list[int]]:
    """Each bot's seats, the bots in the order they first sit: a bot's row pools them."""
    seats: dict[str, list[int]] = {}
    for seat, bot in enumerate(bots):
        seats.setdefault(bot, []).append(seat)
    return seats


def worth(n: int, games: int, seat_var: float, game_var: float, apart: bool = False) -> float:
    """How many independent results the n results of a bot's seats over
    `games` games are worth (Kish's design effect): judged from the spread of
    each game's total over those seats, `game_var`, against one result's,
    `seat_var`. Partners of a team win and lose together: their 2 results a
    game are worth 1. Seats that play against each other are counted as
    independent, which makes their interval, if anything, too wide; `apart`:
    the seats finished in different places in some game, so they are not partners."""
    if n == games:
        return n
    if not game_var:  # every game alike (say no seat ever won): partners only if never apart
        return n if seat_var or apart else games
    return max(games, min(n, n / games * n * seat_var / game_var))


def wilson(wins: float, n: float, z: float = 1.96) -> tuple[float, float]:
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
        both.n, both.total, both.squares = (
            self.n + other.n,
            self.total + other.total,
            self.squares + other.squares,
        )
        lows = [x for x in (self.low, other.low) if x is not None]
        highs = [x for x in (self.high, other.high) if x is not None]
        both.low, both.high = min(lows, default=None), max(highs, default=None)
        return both

    def mean(self) -> float:
        return float(Fraction(self.total) / self.n)

    def var(self) -> float:
        mean = Fraction(self.total) / self.n
        return float(Fraction(self.squares) / self.n - mean * mean)

    def sd(self) -> float:
        return math.sqrt(self.var())


class Tally:
    """Running sums of a simulation, added to one game at a time, in constant memory."""

    def __init__(self, bots: list[str]):
        self.bots = bots
        self.games = 0
        self.wins = [0] * len(bots)
        self.scores = [Moments() for _ in bots]
        self.lengths = Moments()
        self.seats_of = seats_of(bots)
        self.totals = {bot: Moments() for bot in self.seats_of}  # each game's wins of the bot's seats
        self.apart = dict.fromkeys(self.seats_of, False)  # some game placed the bot's seats differently

    def add(self, game: dict) -> None:
        self.games += 1
        self.lengths.add(game["moves"])
        places = game["places"]
        for seat, (score, place) in enumerate(zip(game["scores"], places)):
            self.wins[seat] += place == 1
            self.scores[seat].add(score)
        for bot, seats in self.seats_of.items():
            self.totals[bot].add(sum(places[s] == 1 for s in seats))
            self.apart[bot] |= len({places[s] for s in seats}) > 1

    def _line(self, wins: int, n: int, scores: Moments, totals: Moments | None = None, apart=False) -> dict:
        # A bot's row over several seats: the interval of the results they are worth.
        p = wins / n if n else 0.0
        m = worth(n, self.games, p * (1 - p), totals.var(), apart) if totals and n else n
        lo, hi = wilson(p * m, m)
        line = {
            "games": n,
            "wins": wins,
            "win_rate": wins / n if n else 0.0,
            "win_rate_95": [lo, hi],
            "mean_score": scores.mean() if scores.n else None,
            "sd_score": scores.sd() if scores.n else None,
        }
        if len(self.bots) == 1:  # alone at the table, first every game: no win rate to speak of
            line.update(wins=None, win_rate=None, win_rate_95=None)
        return line

    def to_json(self) -> dict:
        """The figures as `--json` gives them (rounded)."""
        return rounded(self.figures())

    def figures(self) -> dict:
        """The report of one variant, unrounded: the table rounds each figure once, from these."""
        seats = [
            {"seat": seat, "bot": bot, **self._line(self.wins[seat], self.games, self.scores[seat])}
            for seat, bot in enumerate(self.bots)
        ]
        by_bot = {}
        for bot, mine in self.seats_of.items():
            by_bot[bot] = self._line(
                sum(self.wins[s] for s in mine),
                self.games * len(mine),
                sum((self.scores[s] for s in mine), Moments()),
                self.totals[bot],
                self.apart[bot],
            )
        lengths = self.lengths
        return {
            "games": self.games,
            "seats": seats,
            "bots": by_bot,
            "length": {
                "mean": lengths.mean() if lengths.n else 0.0,
                "sd": lengths.sd() if lengths.n else 0.0,
                "min": lengths.low if lengths.n else 0,
                "max": lengths.high if lengths.n else 0,
            },
        }


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
    rotate: bool = False,
    names: list[str] | None = None,
    labels: list[str] | None = None,
) -> dict:
    """Play `count` seeded games under each of `runs` (resolved rules); the report.

    Every game's log goes to `logs.write` when given; `advance(n)` hears of
    each finished chunk of games; `names` are the players' (a player keeps its
    name in the logs wherever it sits); `labels` name the runs in the report
    when two variant names are alike. With `rotate`, game i turns the seats by i,
    so every player starts as often as the others (the first seat's edge
    shared out instead of given to one bot).
    """
    from .parallel import Stopped, chunked, ordered_map
    from .plugins import get_bot

    for bot in set(seats):
        get_bot(game.name, bot)
    seeds = (f"{seed}-{i}" for i in range(count))  # made as played: -n 1000000000 starts at once

    def batches():
        for start, part in zip(range(0, count, 8), chunked(seeds, 8)):
            shifts = tuple((start + i) % len(seats) for i in range(len(part))) if rotate else ()
            for rules in runs:
                yield Batch(
                    game.name,
                    rules.variant,
                    rules.values,
                    tuple(seats),
                    tuple(part),
                    logs is not None,
                    shifts,
                    tuple(names or ()),
                )

    tallies = [Tally(seats) for _ in runs]
    pairs = Pairs(seats)
    chunks = ordered_map(play_batch, batches(), jobs=jobs, executor=executor, scheduler=scheduler)
    stopped = None
    try:
        for index, games in enumerate(chunks):
            if len(runs) > 1 and index % len(runs) == 0:
                pending = games  # a seed's chunk counts once every variant has played it
                continue
            for one in pending if len(runs) > 1 else []:
                tallies[0].add(one)
                if logs is not None:
                    logs.write(one["log"])
            for first, second in zip(pending, games) if len(runs) == 2 else []:
                pairs.add(first, second)  # the same seed and seats under both variants
            for one in games:
                tallies[index % len(runs)].add(one)
                if logs is not None:
                    logs.write(one["log"])
            advance(len(games) * len(runs))
    except Stopped as e:  # Ctrl-C or SIGTERM: the report of the games played so far
        stopped = e
    report = {
        "game": game.name,
        "seed": seed,
        "players": len(seats),
        "seat_bots": seats,
        "rotate": rotate,
        "variants": {
            label: tally.figures() for label, tally in zip(labels or [r.variant for r in runs], tallies)
        },
        # Stopped by a signal: the figures are those of the games played so far.
        **({"stopped": stopped.args[0], "exit_code": stopped.exit_code} if stopped else {}),
    }
    if len(runs) == 2 and pairs.games:
        report["change"] = paired_change(pairs, seats)
    return report


class Pairs:
    """Two variants game by game over the same seeds, per seat: how often the
    seat won under both, the first only, the second only, neither; and the
    change of its score. The games of one seed are alike, so the change is
    judged on these pairs (treated as independent samples, the interval was
    too narrow whenever the two variants' results are negatively correlated)."""

    def __init__(self, bots: list[str]):
        self.games = 0
        self.won = [[0, 0, 0, 0] for _ in bots]
        self.diffs = [Moments() for _ in bots]
        self.seats_of = seats_of(bots)
        # Each game's change over the bot's seats: of wins, and of the score.
        self.totals = {bot: (Moments(), Moments()) for bot in self.seats_of}
        self.apart = dict.fromkeys(self.seats_of, False)  # as Tally's, under either variant

    def add(self, first: dict, second: dict) -> None:
        self.games += 1
        wins, scores = [], []
        for seat, (p1, p2, s1, s2) in enumerate(
            zip(first["places"], second["places"], first["scores"], second["scores"])
        ):
            self.won[seat][2 * (p1 != 1) + (p2 != 1)] += 1
            wins.append((p2 == 1) - (p1 == 1))
            scores.append(_exact(s2) - _exact(s1))
            self.diffs[seat].add(scores[-1])
        for bot, seats in self.seats_of.items():
            won, score = self.totals[bot]
            won.add(sum(wins[s] for s in seats))
            score.add(sum(scores[s] for s in seats))
            places = {(first["places"][s], second["places"][s]) for s in seats}
            self.apart[bot] |= len(places) > 1


def _exact(x):
    return x if isinstance(x, int) else Fraction(x)


def change(pairs: Pairs, seats: list[str]) -> dict:
    """paired_change as `--json` gives it (rounded)."""
    return rounded(paired_change(pairs, seats))


def paired_change(pairs: Pairs, seats: list[str]) -> dict:
    """What the second variant changes, per seat and per bot, with 95% intervals
    for paired results (game i of both variants has the same seed): the win
    rate in percentage points (Newcombe 1998, paired data, method 10: the two
    Wilson intervals and the correlation of the wins) and the mean score (normal
    interval of the mean of the differences; none from a single game). A
    bot's row over several seats is judged on the results they are worth (`worth`)."""
    games = pairs.games

    def line(
        won: list[int], diffs: Moments, totals: tuple[Moments, Moments] | None = None, apart=False
    ) -> dict:
        both, first, second, neither = won
        n = both + first + second + neither
        p1, p2 = (both + first) / n, (both + second) / n
        d, m = p2 - p1, diffs.mean()
        if totals is None:
            kept, spread = 1, n
        else:  # a bot's seats, worth fewer results: the same rates from fewer (the counts scaled down)
            kept = worth(n, games, (first + second) / n - d * d, totals[0].var(), apart) / n
            spread = worth(n, games, diffs.var(), totals[1].var(), apart)
        both, first, second, neither = (kept * k for k in won)
        n *= kept
        (l1, u1), (l2, u2) = wilson(both + first, n), wilson(both + second, n)
        margins = (both + first) * (second + neither) * (both + second) * (first + neither)
        cross = both * neither - first * second
        if cross > 0:  # Newcombe's continuity correction of phi, applied to positive phi only
            cross = max(cross - n / 2, 0)
        phi = cross / math.sqrt(margins) if margins else 0.0
        below = (p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1) ** 2
        above = (u2 - p2) ** 2 - 2 * phi * (u2 - p2) * (p1 - l1) + (p1 - l1) ** 2
        out = {
            "games": sum(won),
            "win_rate": d,
            "win_rate_95": [d - math.sqrt(max(below, 0)), d + math.sqrt(max(above, 0))],
            "mean_score": m,
            "mean_score_95": None,
        }
        if len(seats) == 1:  # a solo game is always won: nothing to compare
            out.update(win_rate=None, win_rate_95=None)
        if games > 1:  # the sample sd of the differences: one game has no spread to go on
            half = 1.96 * diffs.sd() / math.sqrt(spread - 1)
            out["mean_score_95"] = [m - half, m + half]
        return out

    by_bot = {}
    for bot, mine in pairs.seats_of.items():
        won = [sum(pairs.won[s][k] for s in mine) for k in range(4)]
        by_bot[bot] = line(
            won, sum((pairs.diffs[s] for s in mine), Moments()), pairs.totals[bot], pairs.apart[bot]
        )
    return {
        "seats": [line(won, diffs) for won, diffs in zip(pairs.won, pairs.diffs)],
        "bots": by_bot,
    }


DIGITS = {"win_rate": 4, "win_rate_95": 4, "mean_score": 3, "mean_score_95": 3, "sd_score": 3}
DIGITS.update(mean=2, sd=2)  # a game's length


def rounded(report, digits: int | None = None):
    """A report (or part of one) as `--json` gives it: each figure rounded, by
    its key. Only here: the table rounds the unrounded figures itself, once
    (rounded twice, a mean of 20.652 moves was 20.65, then 20.6)."""
    if isinstance(report, dict):
        return {key: rounded(value, DIGITS.get(key)) for key, value in report.items()}
    if isinstance(report, list):
        return [rounded(value, digits) for value in report]
    return round(report, digits) if digits is not None and isinstance(report, float) else report
