"""A tight pure-Python random playout of standard Fish Stix, for the benchmark's
ratio: the same rules and the same random player as the plugin (each turn one
of the distinct sticks in hand, one way up and one legal place, uniformly), in
plain tuples, dicts and ints. It imports nothing of the plugin on purpose.
Rulings: docs/games/fishstix.md.
"""

from __future__ import annotations

import random

KINDS, TARGET, HAND = 6, 10, 3
# The project's 72 sticks: twelve groups of six, each group a pattern of kind
# steps and facings started from every kind (a fish: kind * 2 + 1 if facing right).
STEPS = (
    (0, 1, 2, 3),
    (0, 2, 4, 1),
    (0, 3, 1, 4),
    (0, 4, 2, 5),
    (0, 5, 3, 2),
    (0, 1, 3, 5),
    (0, 2, 5, 4),
    (0, 3, 5, 1),
    (0, 0, 2, 4),
    (0, 1, 0, 3),
    (0, 4, 1, 1),
    (0, 5, 2, 0),
)
FACINGS = ("><><", "<><>", ">><<", "<<>>", "><<>", "<>><") * 2
DECK = [
    tuple(((first + s) % KINDS) * 2 + (f == ">") for s, f in zip(steps, facings))
    for steps, facings in zip(STEPS, FACINGS)
    for first in range(KINDS)
]


def playout(rng: random.Random, players: int) -> int:
    """One random game from the deal to the end; returns the number of moves."""
    pile = DECK[:]
    rng.shuffle(pile)  # drawing from a shuffled pile = a uniform draw each turn
    cells: dict = {}
    places: list = []  # legal (column, top row), in any order
    where: dict = {}  # place -> its index in `places`
    tracks = [[0] * KINDS for _ in range(players)]
    full = [0] * players
    hands = [[pile.pop() for _ in range(HAND)] for _ in range(players)]
    randrange = rng.randrange

    def put(fish, column, top):
        for i in range(4):
            cells[(column, top + i)] = fish[i]
        for t in range(top - 3, top + 4):  # places now holding a fish
            i = where.pop((column, t), None)
            if i is not None:
                last = places.pop()
                if i < len(places):
                    places[i] = last
                    where[last] = i
        for side in (column - 1, column + 1):  # empty runs of 4 beside the new fish
            empty = 0
            for r in range(top - 3, top + 7):
                if (side, r) in cells:
                    empty = 0
                    continue
                empty += 1
                if empty >= 4 and (side, r - 3) not in where:
                    where[(side, r - 3)] = len(places)
                    places.append((side, r - 3))

    put(pile.pop(), 0, 0)
    seat = moves = 0
    while True:
        hand = hands[seat]
        distinct = list(dict.fromkeys(hand))
        pick = randrange(len(distinct) * 2 * len(places))
        way, spot = divmod(pick, len(places))
        stick = distinct[way >> 1]
        fish = tuple(f ^ 1 for f in reversed(stick)) if way & 1 else stick
        column, top = places[spot]
        gained = [0] * KINDS
        for i in range(4):
            f, row = fish[i], top + i
            n, c = 1, column - 1
            while cells.get((c, row)) == f:
                n, c = n + 1, c - 1
            c = column + 1
            while cells.get((c, row)) == f:
                n, c = n + 1, c + 1
            if n >= 2:
                gained[f >> 1] += n
        hand.remove(stick)
        put(fish, column, top)
        moves += 1
        track = tracks[seat]
        for k in range(KINDS):
            if gained[k]:
                if track[k] < TARGET <= track[k] + gained[k]:
                    full[seat] += 1
                track[k] = min(TARGET, track[k] + gained[k])
        if full[seat] == KINDS:
            return moves
        if pile:
            hand.append(pile.pop())
        seat = (seat + 1) % players
        if not pile and not hands[seat]:
            return moves


if __name__ == "__main__":
    import time

    rng = random.Random(1)
    start = time.perf_counter()
    games = 300
    total = sum(playout(rng, 3) for _ in range(games))
    took = time.perf_counter() - start
    print(f"{games / took:.0f} 3-player games/s, {total / games:.1f} moves a game")
