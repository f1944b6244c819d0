"""Many seeded bot games, summed up per seat and per bot.

Game i of a run with seed S is played with the seed "S-i", so any game can be
played again on its own (`stixx play GAME --seed S-i ...`) and the figures are
the same whatever the number of jobs.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass


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


class Tally:
    """Running sums of a simulation, added to one game at a time."""

    def __init__(self, bots: list[str]):
        self.bots = bots
        self.games = 0
        self.wins = [0] * len(bots)
        self.scores: list[list[float]] = [[] for _ in bots]
        self.lengths: list[int] = []

    def add(self, game: dict) -> None:
        self.games += 1
        self.lengths.append(game["moves"])
        for seat, (score, place) in enumerate(zip(game["scores"], game["places"])):
            self.wins[seat] += place == 1
            self.scores[seat].append(score)

    def _line(self, wins: int, n: int, scores: list) -> dict:
        lo, hi = wilson(wins, n)
        return {
            "games": n,
            "wins": wins,
            "win_rate": round(wins / n, 4) if n else 0.0,
            "win_rate_95": [round(lo, 4), round(hi, 4)],
            "mean_score": round(statistics.fmean(scores), 3) if scores else None,
            "sd_score": round(statistics.pstdev(scores), 3) if scores else None,
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
                [x for s in mine for x in self.scores[s]],
            )
        lengths = self.lengths or [0]
        return {
            "games": self.games,
            "seats": seats,
            "bots": by_bot,
            "length": {
                "mean": round(statistics.fmean(lengths), 2),
                "sd": round(statistics.pstdev(lengths), 2),
                "min": min(lengths),
                "max": max(lengths),
            },
        }
