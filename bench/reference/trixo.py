"""A tight pure-Python random playout of standard Trixo, for the benchmark's
ratio: the same rules and the same random player as the plugin (each turn one
of the legal plays, one per distinct tile and place, uniformly at random; a
tile set aside when none is legal; then a draw), in plain dicts, tuples and
ints. It imports nothing of the plugin on purpose. Rulings:
docs/games/trixo.md.
"""

from __future__ import annotations

import random

X, O, TRIXO, ARROW = 0, 1, 2, 3
TILES = (14, 14, 5, 3)  # x, o, trixo, arrow
HAND, MAX_STACK, WINDOW = 4, 3, 3
AROUND = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)
LINES = ((0, 1), (1, 0), (1, 1), (1, -1))
# (axis the line is fixed on, step): row left/right, column up/down.
SLIDES = ((0, (0, -1)), (0, (0, 1)), (1, (-1, 0)), (1, (1, 0)))


def _fits(cells) -> bool:
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return max(rows) - min(rows) < WINDOW and max(cols) - min(cols) < WINDOW


def _won(table: dict, cell: tuple, top: int) -> set:
    """The cells of every streak through `cell` showing `top`."""
    r, c = cell
    won = set()
    for dr, dc in LINES:
        run = [cell]
        for sign in (1, -1):
            k = 1
            while True:
                other = (r + sign * k * dr, c + sign * k * dc)
                stack = table.get(other)
                if stack is None or stack[-1] != top:
                    break
                run.append(other)
                k += 1
        if len(run) >= 3:
            won.update(run)
    return won


def _slide(table: dict, axis: int, index: int, step: tuple) -> tuple[dict, list]:
    dr, dc = step
    line = sorted((cell for cell in table if cell[axis] == index), key=lambda p: p[0] * dr + p[1] * dc)
    after = dict(table)
    moved = []
    for cell in reversed(line):
        target = (cell[0] + dr, cell[1] + dc)
        if target in after:
            continue
        stack = after.pop(cell)
        after[target] = stack
        if _fits(after):
            moved.append(target)
        else:
            del after[target]
            after[cell] = stack
    return after, moved


def _moves(table: dict, axis: int, index: int, step: tuple) -> bool:
    """Whether a slide moves a stack: the first one from the leading end whose
    cell ahead is empty and that stays inside the window (nothing moved yet)."""
    dr, dc = step
    line = sorted((cell for cell in table if cell[axis] == index), key=lambda p: -(p[0] * dr + p[1] * dc))
    for cell in line:
        target = (cell[0] + dr, cell[1] + dc)
        if target not in table and _fits([other for other in table if other != cell] + [target]):
            return True
    return False


def _plays(table: dict, hand: list) -> list:
    """Every legal play: (tile, cell) or (ARROW, (axis, index, step))."""
    if not table:
        empty = [(0, 0)]
    else:
        rows = [r for r, _ in table]
        cols = [c for _, c in table]
        rmin, rmax, cmin, cmax = min(rows), max(rows), min(cols), max(cols)
        # Cells next to a tile, inside every 3x3 window that holds the table.
        ra, rb = max(rmax - WINDOW + 1, rmin - 1), min(rmin + WINDOW - 1, rmax + 1)
        ca, cb = max(cmax - WINDOW + 1, cmin - 1), min(cmin + WINDOW - 1, cmax + 1)
        empty = [
            (r, c)
            for r in range(ra, rb + 1)
            for c in range(ca, cb + 1)
            if (r, c) not in table and any((r + dr, c + dc) in table for dr, dc in AROUND)
        ]
    plays = []
    for tile in (X, O, TRIXO):
        if tile in hand:
            plays += [(tile, cell) for cell in empty]
            plays += [(tile, cell) for cell, s in table.items() if len(s) < MAX_STACK and s[-1] != tile]
    if ARROW in hand:
        for axis, step in SLIDES:
            for index in {cell[axis] for cell in table}:
                if _moves(table, axis, index, step):
                    plays.append((ARROW, (axis, index, step)))
    return plays


def playout(rng: random.Random, players: int) -> int:
    """One random game from the deal to the end; returns the number of moves."""
    bag = [tile for tile, n in enumerate(TILES) for _ in range(n)]
    rng.shuffle(bag)
    hands = [[bag.pop() for _ in range(HAND)] for _ in range(players)]
    table: dict = {}
    collected = [0] * players
    moves, seat = 0, 0
    randrange = rng.randrange
    while True:
        hand = hands[seat]
        plays = _plays(table, hand)
        if plays:
            tile, where = plays[randrange(len(plays))]
            if tile == ARROW:
                table, moved = _slide(table, *where)
                won = set()
                for cell in moved:
                    won |= _won(table, cell, table[cell][-1])
            else:
                table[where] = table.get(where, ()) + (tile,)
                won = _won(table, where, tile)
            for cell in won:
                collected[seat] += len(table.pop(cell))
        else:
            distinct = sorted(set(hand))
            tile = distinct[randrange(len(distinct))]
        hand.remove(tile)
        if bag:
            hand.append(bag.pop())
        moves += 1
        for step in range(1, players + 1):
            if hands[(seat + step) % players]:
                seat = (seat + step) % players
                break
        else:
            return moves


if __name__ == "__main__":
    import sys
    import time

    players = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    rng = random.Random(1)
    start = time.perf_counter()
    games = moves = 0
    while time.perf_counter() - start < 2:
        moves += playout(rng, players)
        games += 1
    elapsed = time.perf_counter() - start
    print(f"{games / elapsed:.0f} games/s, {moves / games:.1f} moves a game")
