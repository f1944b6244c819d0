"""Replaying a log: the state after each move, checked as it goes."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .engine import apply_move, open_game
from .errors import StixxError
from .game import State


@dataclass
class Step:
    """One point of a replay: the state after `index` moves (the same object,
    updated in place; take `state.view()` to keep a copy)."""

    index: int
    move: dict | None
    seat: int | None
    state: State


def replay(log: dict) -> Iterator[Step]:
    """The start and then every move with the state it leads to. Raises
    StixxError (with `where` naming the move) at the first illegal move."""
    game, state = open_game(log)
    yield Step(0, None, None, state)
    for index, move in enumerate(log["moves"]):
        seat = state.seat
        try:
            apply_move(game, state, move)
        except StixxError as e:
            e.where = f"move {index}"
            raise
        yield Step(index + 1, move, seat, state)
