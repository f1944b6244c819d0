"""A tight pure-Python random playout of standard Stixx, for the benchmark's
ratio: the same setup (a random layout with a full centre star and no two
touching stixx of one colour, one secret token per player) and the same random
player as the plugin (every turn one answer drawn uniformly among the A takes,
B and the C challenges, then each take uniformly among the stixx touching the
marker), in plain lists and ints. It imports nothing of the plugin on purpose.
Rulings: docs/games/stixx.md.
"""

from __future__ import annotations

import random

RADIUS, COLOURS, PER_COLOUR = 2, 6, 7


def _board():
    points = [
        (q, r) for r in range(-RADIUS, RADIUS + 1) for q in range(-RADIUS, RADIUS + 1) if abs(q + r) <= RADIUS
    ]
    number = {p: i for i, p in enumerate(points)}
    pairs = sorted(
        {
            (min(i, j), max(i, j))
            for i, (q, r) in enumerate(points)
            for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
            if (j := number.get((q + dq, r + dr))) is not None
        }
    )
    at = [[s for s, ends in enumerate(pairs) if p in ends] for p in range(len(points))]
    touches = [sorted({t for e in ends for t in at[e] if t != s}) for s, ends in enumerate(pairs)]
    star = at[number[(0, 0)]]
    order = list(star)  # outwards from the centre, ring by ring
    for s in order:
        order += [t for t in touches[s] if t not in order]
    return touches, star, order


TOUCHES, STAR, ORDER = _board()
SIZE = len(TOUCHES)
TOUCH_SETS = [set(t) for t in TOUCHES]
OUTER = [s for s in range(SIZE) if s not in STAR]


def layout(rng: random.Random) -> list[int]:
    """Depth-first fill with random colours (restarted when long), then a
    400-swap walk among zero-conflict layouts."""
    while True:
        colour = [-1] * SIZE
        left = [PER_COLOUR] * COLOURS
        for s, c in zip(STAR, rng.sample(range(COLOURS), COLOURS)):
            colour[s] = c
            left[c] -= 1
        todo = ORDER[len(STAR) :]
        untried = [None] * len(todo)
        k = steps = 0
        while 0 <= k < len(todo) and steps <= 250:
            s = todo[k]
            if untried[k] is None:
                near = {colour[t] for t in TOUCHES[s]}
                untried[k] = [c for c in range(COLOURS) if left[c] and c not in near]
                rng.shuffle(untried[k])
            else:
                left[colour[s]] += 1
                colour[s] = -1
            if untried[k]:
                c = untried[k].pop()
                colour[s] = c
                left[c] -= 1
                k += 1
                steps += 1
            else:
                untried[k] = None
                k -= 1
        if k == len(todo):
            break
    near = [[0] * COLOURS for _ in range(SIZE)]
    for s in range(SIZE):
        for t in TOUCHES[s]:
            near[s][colour[t]] += 1
    rnd = rng.random
    for _ in range(400):
        a = int(rnd() * SIZE)
        group = STAR if a in STAR else OUTER
        b = group[int(rnd() * len(group))]
        ca, cb = colour[a], colour[b]
        both = b in TOUCH_SETS[a]
        if ca == cb or near[a][cb] - both or near[b][ca] - both:
            continue
        colour[a], colour[b] = cb, ca
        for t in TOUCHES[a]:
            near[t][ca] -= 1
            near[t][cb] += 1
        for t in TOUCHES[b]:
            near[t][cb] -= 1
            near[t][ca] += 1
    return colour


def playout(rng: random.Random, players: int) -> int:
    """One random game from the setup to the end; returns the number of moves (turns)."""
    colour = layout(rng)
    secret = rng.sample(range(COLOURS), players)
    on_board = [True] * SIZE
    left = SIZE
    held = [[0] * COLOURS for _ in range(players)]
    revealed = [False] * players
    marker = -1
    seat = 0
    moves = 0
    randrange = rng.randrange

    def take(stixx: int) -> bool:
        """Take one stixx; True when the game ends with it."""
        nonlocal left, marker
        on_board[stixx] = False
        left -= 1
        marker = stixx
        own = colour[stixx] == secret[seat]
        held[seat][colour[stixx]] += 1
        if own and held[seat][secret[seat]] == PER_COLOUR:
            return True
        return left == 0 or not any(on_board[t] for t in TOUCHES[stixx])

    while True:
        moves += 1
        takeable = [s for s in (range(SIZE) if marker < 0 else TOUCHES[marker]) if on_board[s]]
        targets = [t for t in range(players) if t != seat and not revealed[t]]
        reveal = not revealed[seat]
        pick = randrange(len(takeable) + reveal + len(targets) * COLOURS)
        if pick < len(takeable):
            if take(takeable[pick]):
                return moves
            seat = (seat + 1) % players
            continue
        pick -= len(takeable)
        if reveal and pick == 0:
            revealed[seat] = True
        else:
            target, named = divmod(pick - reveal, COLOURS)
            target = targets[target]
            if secret[target] != named:  # wrong: the turn passes to the challenged player
                seat = target
                continue
            revealed[target] = True
        if take(takeable[randrange(len(takeable))]):
            return moves
        second = [t for t in TOUCHES[marker] if on_board[t]]
        if take(second[randrange(len(second))]):
            return moves
        seat = (seat + 1) % players
