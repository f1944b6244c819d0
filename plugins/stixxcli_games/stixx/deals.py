"""The reasoning bot's colour chances for the hidden seats: every way of
dealing them distinct colours still free, each deal weighed by the product
of the seats' likelihoods of their colours.

Worked out in C (itemgetter, map, reduce) with the float arithmetic of the
plain loop it replaces, so the chances are the same to the last bit:

    for deal in permutations(free, len(likes)):
        weight = prod(map(getitem, likes, deal), start=1.0)
        total += weight; rows[i][deal[i]] += weight for each seat i

the same products, taken in the same order, and every sum added up in the
order of the deals (a deal of weight 0 adds nothing either way).
"""

from __future__ import annotations

from functools import cache, reduce
from itertools import permutations
from math import perm
from operator import add, itemgetter, mul

# The most deals worked out one by one. A house rule may have many colours
# (42 of one stixx each): 5 hidden seats then have 41*40*39*38*37 deals, and
# listing them filled the memory. Beyond this each seat is read on its own.
MAX_DEALS = 100_000


def dealt_chances(likes: list[list[float]], free: tuple[int, ...]) -> list[list[float]] | None:
    """For each hidden seat (a row of `likes` each, by colour), the chance of
    each colour; None when every deal weighs nothing."""
    if perm(len(free), len(likes)) > MAX_DEALS:
        return _each_on_its_own(likes)
    picks, by_colour, slices = _deals(free, len(likes))
    weights = picks[0](likes[0])  # prod(start=1.0) starts with 1.0 * x, which is x
    for pick, like in zip(picks[1:], likes[1:]):
        weights = tuple(map(mul, weights, pick(like)))
    total = reduce(add, weights, 0.0)
    if not total:
        return None
    colours = len(likes[0])
    rows = []
    for order in by_colour:
        ordered = order(weights)  # the deals giving this seat each colour, one colour after another
        row = [0.0] * colours
        for c, start, end in slices:
            row[c] = reduce(add, ordered[start:end], 0.0) / total
        rows.append(row)
    return rows


def _each_on_its_own(likes: list[list[float]]) -> list[list[float]] | None:
    """The chances with each seat's likelihoods alone, as if two seats could
    hold one colour: close to the deals when the free colours far outnumber
    the hidden seats, as they do whenever there are too many deals to list."""
    rows = []
    for like in likes:
        total = sum(like)
        if not total:
            return None
        rows.append([x / total for x in like])
    return rows


@cache
def _deals(free: tuple[int, ...], seats: int) -> tuple[list, list, list]:
    """The deals of `free` to `seats` seats, in the order of `permutations`:
    by seat, what picks each deal's colour for it from a row of likes; by
    seat, what puts the deals in order of the colour they give it (in the
    order of `free`, then of the deals); and where each colour's deals lie
    in that order (as many for each colour)."""
    deals = list(permutations(free, seats))
    picks = [_getter([deal[i] for deal in deals]) for i in range(seats)]
    rank = {c: n for n, c in enumerate(free)}
    by_colour = [
        _getter(sorted(range(len(deals)), key=lambda n, i=i: (rank[deals[n][i]], n))) for i in range(seats)
    ]
    each = len(deals) // len(free)
    slices = [(c, n * each, (n + 1) * each) for n, c in enumerate(free)]
    return picks, by_colour, slices


def _getter(indexes: list[int]):
    """The items at `indexes`, as a tuple (itemgetter gives a bare item for one index)."""
    if len(indexes) > 1:
        return itemgetter(*indexes)
    return lambda items: tuple(items[n] for n in indexes)
