"""The Stixx board: the points of a hexagon on a triangular lattice, the stixx
on the segments between neighbouring points, and which stixx touch.

Canonical numbering (docs/games/stixx.md, The board): points row by row, r from -R
to R, q ascending within a row; a stixx is the pair (i, j) of its end points
with i < j, and its id is the pair's index in the sorted list of pairs.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

# Axial neighbour offsets; each segment is found once from its lower-numbered end.
NEIGHBOUR_OFFSETS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


@dataclass(frozen=True)
class Board:
    radius: int
    points: tuple[tuple[int, int], ...]  # (q, r) of each point, by point number
    stixx: tuple[tuple[int, int], ...]  # (i, j) end points of each stixx, i < j
    touches: tuple[tuple[int, ...], ...]  # the stixx sharing an end point with each stixx
    centre_star: tuple[int, ...]  # the stixx at the centre point
    at_point: tuple[tuple[int, ...], ...]  # the stixx ending at each point
    size: int  # how many stixx
    touching: tuple[frozenset[int], ...]  # `touches` as sets: quick to ask "does t touch s?"


@cache
def board(radius: int = 2) -> Board:
    """The board of a given radius, built once per process."""
    points = tuple(
        (q, r) for r in range(-radius, radius + 1) for q in range(-radius, radius + 1) if abs(q + r) <= radius
    )
    number = {p: i for i, p in enumerate(points)}
    pairs = set()
    for i, (q, r) in enumerate(points):
        for dq, dr in NEIGHBOUR_OFFSETS:
            j = number.get((q + dq, r + dr))
            if j is not None:
                pairs.add((min(i, j), max(i, j)))
    stixx = tuple(sorted(pairs))
    at_point = [[] for _ in points]
    for s, (i, j) in enumerate(stixx):
        at_point[i].append(s)
        at_point[j].append(s)
    touches = tuple(
        tuple(sorted({t for end in ends for t in at_point[end] if t != s})) for s, ends in enumerate(stixx)
    )
    centre = number[(0, 0)]
    return Board(
        radius,
        points,
        stixx,
        touches,
        tuple(at_point[centre]),
        tuple(tuple(a) for a in at_point),
        len(stixx),
        tuple(frozenset(t) for t in touches),
    )


def segment_count(radius: int) -> int:
    """How many stixx a board of this radius holds (42 for radius 2)."""
    return 3 * radius * (3 * radius + 1)
