"""Laying out the stixx: a random layout with the centre star holding every
colour once and no two touching stixx of one colour (docs/games/stixx.md, Setup).

A layout is a list of colour numbers (indexes into the rules' `colours`), one
per stixx id.
"""

from __future__ import annotations

import random
from operator import getitem, lshift

from .board import Board

# The fast search: a depth-first fill in a fixed order (outwards from the
# centre star) with random colour choices, restarted after NODE_BUDGET steps
# since its rare slow runs are long ones. On the standard board one try almost
# always succeeds (about 0.2 ms).
NODE_BUDGET = 250
TRIES = 40
# Then a walk among zero-conflict layouts: the fill alone slightly favours
# some layouts; a few hundred swaps spread the draw (measured on the number
# of same-colour stixx two steps apart, which the walk settles within 300).
WANDER_STEPS = 400
# The fallback, for rule sets where no zero-conflict layout exists: a
# min-conflicts search that keeps the best layout it finds.
SEARCH_STEPS = 200_000
STALL_STEPS = 40_000  # tries without a better layout: the fewest conflicts are found


def conflicts(board: Board, layout: list[int]) -> list[tuple[int, int]]:
    """The touching pairs of stixx (a < b) that share a colour."""
    # Asked of every recorded layout, which almost never has such a pair: a
    # quick test first. Two stixx touch when they share an end point. Give
    # each point a field of `width` bits, and let each stixx add bit <its
    # colour> to the fields of its two end points: distinct bits add up
    # without a carry, while a bit added twice (two stixx of one colour at
    # one point) carries and loses a one. So with every bit set there is no
    # such pair; only otherwise are the pairs looked at.
    width = max(layout) + 1
    if sum(map(lshift, _end_bits(board, width), layout)).bit_count() == 2 * board.size:
        return []
    return _one_colour_pairs(board, layout)


def _one_colour_pairs(board: Board, layout: list[int]) -> list[tuple[int, int]]:
    return [(a, b) for a, b in _touching_pairs(board) if layout[a] == layout[b]]


_PAIRS: dict[int, list[tuple[int, int]]] = {}


def _touching_pairs(board: Board) -> list[tuple[int, int]]:
    """Every pair of touching stixx (a < b), in order: made once per board."""
    if board.radius not in _PAIRS:
        _PAIRS[board.radius] = [(a, b) for a in range(board.size) for b in board.touches[a] if a < b]
    return _PAIRS[board.radius]


_END_BITS: dict[tuple[int, int], list[int]] = {}


def _end_bits(board: Board, width: int) -> list[int]:
    """For each stixx, bit 0 of the fields of its two end points, each point
    a field of `width` bits (`conflicts`): made once per board and width."""
    key = board.radius, width
    if key not in _END_BITS:
        _END_BITS[key] = [(1 << width * i) | (1 << width * j) for i, j in board.stixx]
    return _END_BITS[key]


def _conflicts_at(board: Board, layout: list[int], s: int, colour: int, skip: int) -> int:
    return sum(1 for t in board.touches[s] if t != skip and layout[t] == colour)


_FILL_ORDERS: dict[int, tuple[int, ...]] = {}


def _fill_order(board: Board) -> tuple[int, ...]:
    """Every stixx, the centre star first, then outwards ring by ring: each
    stixx is coloured while many of its neighbours already are, so dead ends
    show early."""
    if board.radius in _FILL_ORDERS:
        return _FILL_ORDERS[board.radius]
    order = list(board.centre_star)
    seen = set(order)
    for s in order:  # grows while it is read: a breadth-first walk
        for t in board.touches[s]:
            if t not in seen:
                seen.add(t)
                order.append(t)
    order += [s for s in range(board.size) if s not in seen]
    _FILL_ORDERS[board.radius] = tuple(order)
    return _FILL_ORDERS[board.radius]


def random_layout(board: Board, colours: int, per_colour: int, star: bool, rng: random.Random) -> list[int]:
    """A random layout with no two touching stixx of one colour (and the
    centre star holding every colour once when `star`); where no such layout
    exists, the one with the fewest touching pairs the search finds."""
    # The stixx at one point all touch each other: fewer colours than that, and
    # a conflict cannot be avoided.
    possible = colours >= max(len(ends) for ends in board.at_point)
    for _ in range(TRIES if possible else 0):
        layout = _fill(board, colours, per_colour, star, rng)
        if layout is not None:
            return _wander(board, layout, star, rng, WANDER_STEPS, clean=True)
    layout = _fewest_conflicts(board, colours, per_colour, star, rng)
    return _wander(board, layout, star, rng, 3_000, clean=not conflicts(board, layout))


def _fill(board: Board, colours: int, per_colour: int, star: bool, rng: random.Random) -> list[int] | None:
    """One depth-first try: each stixx in `_fill_order` gets a colour still in
    the pool that none of its coloured neighbours has, tried in random order;
    None when NODE_BUDGET steps were not enough."""
    touches = board.touches
    layout = [-1] * board.size
    left = [per_colour] * colours
    order = _fill_order(board)
    if star:
        star_colours = list(range(colours))
        rng.shuffle(star_colours)
        for s, c in zip(board.centre_star, star_colours):
            layout[s] = c
            left[c] -= 1
        order = order[len(board.centre_star) :]
    palette = range(colours)
    shuffle = rng.shuffle
    n, k, steps = len(order), 0, 0
    untried: list[list[int] | None] = [None] * n  # the colours still to try at each depth
    while 0 <= k < n:
        s = order[k]
        if untried[k] is None:
            near = {layout[t] for t in touches[s]}
            untried[k] = options = [c for c in palette if left[c] and c not in near]
            if len(options) > 1:  # shuffling fewer draws nothing: the same layouts, sooner
                shuffle(options)
        else:  # back from a dead end: undo this stixx's colour, try its next one
            left[layout[s]] += 1
            layout[s] = -1
        options = untried[k]
        if options:
            c = options.pop()
            layout[s] = c
            left[c] -= 1
            k += 1
            steps += 1
            if steps > NODE_BUDGET:
                return None
        else:
            untried[k] = None
            k -= 1
    return layout if k == n else None


def _wander(
    board: Board, layout: list[int], star: bool, rng: random.Random, steps: int, clean: bool
) -> list[int]:
    """A uniform random swap kept only when it adds no touching pair and keeps
    the star full. The proposal is symmetric, so the walk spreads evenly over
    the layouts it can reach. `clean`: the layout has no touching pair."""
    size = board.size
    in_star = [star and s in board.centre_star for s in range(size)]
    rnd = rng.random
    if not clean:
        for _ in range(steps):
            a, b = int(rnd() * size), int(rnd() * size)
            if in_star[a] == in_star[b] and (_swap_delta(board, layout, a, b) or 0) <= 0:
                layout[a], layout[b] = layout[b], layout[a]
        return layout
    # No conflict yet: a swap is kept when neither stixx meets its new colour
    # among its neighbours (the other one aside). near[s][c] counts the
    # neighbours of s that have colour c, so the test is two look-ups.
    touches = board.touches
    colours = max(layout) + 1
    near = [[0] * colours for _ in range(size)]
    for s in range(size):
        counts = near[s]
        for t in touches[s]:
            counts[layout[t]] += 1
    touching = board.touching
    # A star stixx swaps only with a star stixx (or the star would repeat a
    # colour), an outer one with an outer one: b is drawn from a's group.
    outer = tuple(s for s in range(size) if not in_star[s])
    group = [board.centre_star if in_star[s] else outer for s in range(size)]
    for _ in range(steps):
        a = int(rnd() * size)
        mates = group[a]
        b = mates[int(rnd() * len(mates))]
        ca, cb = layout[a], layout[b]
        if ca == cb:
            continue
        both = b in touching[a]
        if near[a][cb] - both or near[b][ca] - both:
            continue
        layout[a], layout[b] = cb, ca
        for t in touches[a]:
            near[t][ca] -= 1
            near[t][cb] += 1
        for t in touches[b]:
            near[t][cb] -= 1
            near[t][ca] += 1
    return layout


def _fewest_conflicts(
    board: Board, colours: int, per_colour: int, star: bool, rng: random.Random
) -> list[int]:
    """Min-conflicts search from a random layout: swap a conflicting free
    stixx with any free stixx of another colour when that does not add
    conflicts (now and then even when it does, to leave a local minimum)."""
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
    bad = len(conflicts(board, layout))
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
    return best if bad > best_bad else layout


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
    return recorded_layout(board, layout, colour_names, per_colour, star)[0]


def recorded_layout(
    board: Board, layout: list[int], colour_names: list[str], per_colour: int, star: bool
) -> tuple[str | None, list[tuple[int, int]]]:
    """Why a recorded layout breaks the rules (colour counts, centre star), or
    None; and its touching pairs of one colour (a warning, as `conflicts`)."""
    # Asked of every log validated: read from one sum, counted in C, of a term
    # per stixx and colour (`_layout_terms`), whose fields count the stixx of
    # each colour, hold the star's colours and tell whether two touching
    # stixx share one. Only a layout found wrong is looked at again.
    terms, star_at, count_at, touch_mask = _layout_terms(board, len(colour_names))
    total = sum(map(getitem, terms, layout))
    if total >> count_at != per_colour * _ONE_EACH[len(colour_names)]:
        counts = list(map(bytes(layout).count, range(len(colour_names))))
        c = next(c for c, n in enumerate(counts) if n != per_colour)
        return (
            f"the layout holds {counts[c]} {colour_names[c]} stixx, but these rules put "
            f"{per_colour} of each colour on the board (stixx_per_colour)"
        ), []
    star_colours = total >> star_at & ~(-1 << len(colour_names) + 3)
    if star and star_colours.bit_count() != len(board.centre_star):
        seen = list(map(layout.__getitem__, board.centre_star))
        twice = sorted({colour_names[c] for c in seen if seen.count(c) > 1})
        missing = sorted(colour_names[c] for c in range(len(colour_names)) if c not in seen)
        ids = ", ".join(map(str, board.centre_star))
        return (
            f"the centre star (stixx {ids}) must hold every colour once "
            f"(centre_star_all_colours), but {' and '.join(twice)} {'appear' + 's' * (len(twice) == 1)} "
            f"more than once and {' and '.join(missing)} not at all"
        ), []
    if (total & touch_mask).bit_count() == 2 * board.size:
        return None, []
    return None, _one_colour_pairs(board, layout)


# For each number of colours, one stixx of each: the count fields of a layout that holds `per_colour` of each.
_ONE_EACH = [sum(1 << 8 * c for c in range(n)) for n in range(43)]
_TERMS: dict[tuple[int, int], tuple] = {}


def _layout_terms(board: Board, colours: int) -> tuple[list[tuple[int, ...]], int, int, int]:
    """For each stixx, its term of `recorded_layout`'s sum for each colour c;
    where the fields of the centre star and of the counts begin; the mask of
    the touching field. Made once per board and number of colours.

    Touching field (bits from 0): `conflicts`' sum, a field of `colours` bits
    per point, with 7 bits above it for the carries of up to 84 ends. Star
    field: bit c for each stixx of the centre star (3 bits above for carries),
    distinct colours only when no bit carried. Count fields: 8 bits per
    colour, at most 42 in each."""
    key = board.radius, colours
    if key not in _TERMS:
        star_at = colours * len(board.points) + 7
        count_at = star_at + colours + 3
        terms = [
            tuple(
                (1 << colours * i + c)
                + (1 << colours * j + c)
                + (s in board.centre_star) * (1 << star_at + c)
                + (1 << count_at + 8 * c)
                for c in range(colours)
            )
            for s, (i, j) in enumerate(board.stixx)
        ]
        _TERMS[key] = terms, star_at, count_at, (1 << star_at) - 1
    return _TERMS[key]
