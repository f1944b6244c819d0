"""Laying out the stixx: a random layout with the centre star holding every
colour once and no two touching stixx of one colour (docs/games/stixx.md, Setup).

A layout is a list of colour numbers (indexes into the rules' `colours`), one
per stixx id.
"""

from __future__ import annotations

import random

from .board import Board

# Enough tries for the search to reach a zero-conflict layout on boards of
# radius 1 to 3 (radius 2 needs a few thousand); then a walk among such layouts.
SEARCH_STEPS = 200_000
STALL_STEPS = 40_000  # tries without a better layout: the fewest conflicts are found
WANDER_STEPS = 3_000


def conflicts(board: Board, layout: list[int]) -> list[tuple[int, int]]:
    """The touching pairs of stixx (a < b) that share a colour."""
    return [(a, b) for a in range(board.size) for b in board.touches[a] if a < b and layout[a] == layout[b]]


def _conflicts_at(board: Board, layout: list[int], s: int, colour: int, skip: int) -> int:
    return sum(1 for t in board.touches[s] if t != skip and layout[t] == colour)


def random_layout(board: Board, colours: int, per_colour: int, star: bool, rng: random.Random) -> list[int]:
    """A layout with the fewest same-colour touches the search finds (zero on
    the standard board), then a random walk of swaps that keep it as good, so
    that the result is spread over all such layouts rather than the first found.
    """
    size = board.size
    fixed = set(board.centre_star) if star else set()
    layout = [0] * size
    pool = [c for c in range(colours) for _ in range(per_colour)]
    if star:
        star_colours = list(range(colours))
        rng.shuffle(star_colours)
        for s, c in zip(board.centre_star, star_colours):
            layout[s] = c
            pool.remove(c)
    free = [s for s in range(size) if s not in fixed]
    rng.shuffle(pool)
    for s, c in zip(free, pool):
        layout[s] = c

    # Min-conflicts search: swap a conflicting free stixx with any free stixx
    # of another colour when that does not add conflicts.
    bad = sum(1 for a, b in conflicts(board, layout))
    best, best_bad, since_best = list(layout), bad, 0
    for _ in range(SEARCH_STEPS):
        since_best += 1
        if bad == 0 or since_best > STALL_STEPS:
            break
        a = rng.choice(free)
        if not _conflicts_at(board, layout, a, layout[a], -1):
            continue
        b = rng.choice(free)
        delta = _swap_delta(board, layout, a, b)
        if delta is None:
            continue
        if delta <= 0 or rng.random() < 0.02:
            layout[a], layout[b] = layout[b], layout[a]
            bad += delta
            if bad < best_bad:
                best, best_bad, since_best = list(layout), bad, 0
    layout = best if bad > best_bad else layout
    bad = min(bad, best_bad)

    # Wander: a uniform random swap kept only when it adds no conflict and
    # keeps the star full. The proposal is symmetric, so the walk spreads
    # evenly over the layouts it can reach.
    movable = list(range(size))
    for _ in range(WANDER_STEPS):
        a, b = rng.choice(movable), rng.choice(movable)
        if star and (a in fixed) != (b in fixed):
            continue  # a star stixx swapped with an outer one would repeat a colour in the star
        delta = _swap_delta(board, layout, a, b)
        if delta is not None and delta <= 0:
            layout[a], layout[b] = layout[b], layout[a]
    return layout


def _swap_delta(board: Board, layout: list[int], a: int, b: int) -> int | None:
    """How the number of conflicts changes when stixx a and b swap colours
    (None when the swap changes nothing)."""
    ca, cb = layout[a], layout[b]
    if a == b or ca == cb:
        return None
    before = _conflicts_at(board, layout, a, ca, b) + _conflicts_at(board, layout, b, cb, a)
    after = _conflicts_at(board, layout, a, cb, b) + _conflicts_at(board, layout, b, ca, a)
    return after - before


def layout_problem(
    board: Board, layout: list[int], colour_names: list[str], per_colour: int, star: bool
) -> str | None:
    """Why a recorded layout breaks the rules (colour counts, centre star), or None."""
    counts = [0] * len(colour_names)
    for c in layout:
        counts[c] += 1
    for c, n in enumerate(counts):
        if n != per_colour:
            return (
                f"the layout holds {n} {colour_names[c]} stixx, but these rules put "
                f"{per_colour} of each colour on the board (stixx_per_colour)"
            )
    if star:
        seen = [layout[s] for s in board.centre_star]
        if len(set(seen)) != len(seen):
            twice = sorted({colour_names[c] for c in seen if seen.count(c) > 1})
            missing = sorted(colour_names[c] for c in range(len(colour_names)) if c not in seen)
            ids = ", ".join(map(str, board.centre_star))
            return (
                f"the centre star (stixx {ids}) must hold every colour once "
                f"(centre_star_all_colours), but {' and '.join(twice)} appear(s) more than once "
                f"and {' and '.join(missing)} not at all"
            )
    return None
