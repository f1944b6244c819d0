"""A tight pure-Python random playout of standard Sixto, for the benchmark's
ratio: the same rules and the same random player as the plugin (a roll, a
random re-roll answer, then every seat picks one legal set of crosses
uniformly at random), in plain lists and ints. It imports nothing of the
plugin on purpose. Rulings: docs/games/sixto.md.
"""

from __future__ import annotations

import random

BOXES, TARGETS, TARGET_MIN, CLOSE_AFTER, END_AFTER = 12, 3, 4, 2, 3
FIRST_TARGET = BOXES - TARGETS
ROWS = 6
# Twelve sheets of 6 rows of 12 numbers; the plugin's samples are one such
# set, but any sheets with each number twice a row play alike.
_SHEET_RNG = random.Random("reference sheets")
SHEETS = [
    [_SHEET_RNG.sample([n for n in range(1, 7) for _ in (0, 1)], BOXES) for _ in range(ROWS)]
    for _ in range(12)
]


def playout(rng: random.Random, players: int) -> int:
    """One random game from the setup to the end; returns the number of moves (turns)."""
    sheets = [SHEETS[i] for i in rng.sample(range(len(SHEETS)), players)]
    rightmost = [[-1] * ROWS for _ in range(players)]
    count = [[0] * ROWS for _ in range(players)]
    targets = [[0] * ROWS for _ in range(players)]
    grids = [[[False] * BOXES for _ in range(ROWS)] for _ in range(players)]
    closed = [False] * ROWS
    removed = 0
    active = 0
    moves = 0
    randint, randrange = rng.randint, rng.randrange
    while True:
        dice = [row for row in range(ROWS) if not closed[row]]
        roll = [randint(1, 6) for _ in dice]
        if randrange(2):  # the random bot's re-roll answer
            roll = [randint(1, 6) for _ in dice]
        moves += 1
        closing = []
        for k in range(players):
            seat = (active + k) % players
            numbers, right, cnt = sheets[seat], rightmost[seat], count[seat]
            # For each die, the boxes it may cross; one answer among the product.
            choices = []
            size = 1
            for row, value in zip(dice, roll):
                last = BOXES if cnt[row] >= TARGET_MIN else FIRST_TARGET
                line = numbers[row]
                boxes = [box for box in range(right[row] + 1, last) if line[box] == value]
                if boxes:
                    choices.append((row, boxes))
                    size *= len(boxes) + 1
            pick = randrange(size)
            for row, boxes in choices:
                pick, which = divmod(pick, len(boxes) + 1)
                if which:
                    box = boxes[which - 1]
                    grids[seat][row][box] = True
                    right[row] = box
                    cnt[row] += 1
                    if box >= FIRST_TARGET:
                        targets[seat][row] += 1
                        if targets[seat][row] >= CLOSE_AFTER and row not in closing:
                            closing.append(row)
        for row in closing:
            closed[row] = True
            removed += 1
        if removed >= END_AFTER:
            break
        if any(_stuck(rightmost[s], count[s], closed) for s in range(players)):
            break
        active = (active + 1) % players
    _scores(grids)
    return moves


def _stuck(right, cnt, closed) -> bool:
    for row in range(ROWS):
        if closed[row] or right[row] == BOXES - 1:
            continue
        if right[row] >= FIRST_TARGET - 1 and cnt[row] < TARGET_MIN:
            continue
        return False
    return True


TABLE = [0, -5, 0, 5, 10, 15, 21, 28, 36, 45, 55, 66]


def _scores(grids) -> list[int]:
    out = []
    for grid in grids:
        rows = sum(TABLE[sum(row)] for row in grid)
        columns = 0
        for box in range(FIRST_TARGET):
            n = sum(1 for row in grid if row[box])
            columns += TABLE[n] if n else 0
        out.append(rows + columns)
    return out


if __name__ == "__main__":
    import time

    rng = random.Random(1)
    start, n = time.perf_counter(), 2000
    moves = sum(playout(rng, 4) for _ in range(n))
    took = time.perf_counter() - start
    print(f"{n / took:.0f} games/s, {moves / n:.1f} moves a game")
