"""Replaying a log: the state after each move, checked as it goes."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .engine import apply_move, open_game
from .errors import StixxError, plugin_call
from .game import State
from .text import counted


@dataclass
class Step:
    """One point of a replay: the state after `index` moves (the same object,
    updated in place; take `state.view()` to keep a copy)."""

    index: int
    move: dict | None
    seat: int | None
    state: State

    def __iter__(self):
        # Unpacks as the (move, state) pair the Python API promises scripts.
        return iter((self.move, self.state))


def replay(log: dict) -> Iterator[Step]:
    """The start and then every move with the state it leads to. Raises
    StixxError (with `where` naming the move) at the first illegal move."""
    game, state = open_game(log)
    yield Step(0, None, None, state)
    for index, move in enumerate(log["moves"]):
        try:
            seat = plugin_call(game, "seat", lambda: state.seat)
            apply_move(game, state, move)
        except StixxError as e:
            e.where = f"move {index}"
            raise
        yield Step(index + 1, move, seat, state)


def viewer_seat(as_player: str | None, names: list) -> int | None:
    """The seat of `--as-player` (a name or a seat number), or None for the whole table."""
    if as_player is None:
        return None
    if as_player.isascii() and as_player.isdigit() and int(as_player) < len(names):  # not "²"
        return int(as_player)
    if as_player in names:
        return names.index(as_player)
    from .text import looks

    # José typed composed, José in the log decomposed: one name to the eye, and
    # names that look the same never share a game.
    seen = [looks(str(name)) for name in names]
    if looks(as_player) in seen:
        return seen.index(looks(as_player))
    from .limits import UsageProblem

    raise UsageProblem(  # a wrong --as-player is a usage error (exit 2), as any bad option value
        f"--as-player: no player {as_player!r} in this game (players: {', '.join(map(str, names))}; "
        f"or a seat 0-{len(names) - 1})"
    )


@dataclass
class Frame:
    """One step of a replay as a viewer sees it: the move shown and the state."""

    step: Step
    move: dict | None  # as the viewer may see it
    game: object


def frames(log: dict, viewer: int | None, to: int | None = None) -> Iterator[Frame]:
    """Every step of `log` (or only the one after `to` moves) as `viewer` sees it."""
    from .plugins import get_game

    moves = log.get("moves", [])
    if to is not None and to > len(moves):
        raise StixxError(f"the log has {counted(len(moves), 'move')}; --to {to} is past its end")
    game = get_game(log["game"])
    for step in replay(log):
        if to is not None and step.index != to:
            continue
        move = step.move
        if move is not None and viewer is not None:
            move = plugin_call(game, "move_view", step.state.move_view, move, viewer)
        yield Frame(step, move, game)
        if to is not None:
            return


def frame_json(frame: Frame, names: list, viewer: int | None) -> str:
    """A frame for scripts, as one line of JSON: {"index", "move", "seat",
    "player", "state"}. A view or move_view that is not JSON is the plugin's fault."""
    from .errors import plugin_json
    from .text import json_line

    state = frame.step.state
    seat = frame.step.seat
    view = plugin_call(frame.game, "view", state.view, viewer, gives=dict)
    shown = {
        "index": frame.step.index,
        "move": frame.move,
        "seat": seat,
        "player": names[seat] if seat is not None else None,
        "state": view,
    }
    try:  # checked as it is written: a walk of every view first would cost as much again
        return json_line(shown, allow_nan=False)
    except (TypeError, ValueError, RecursionError):  # a set, NaN, a dict that holds itself: say whose
        plugin_json(frame.game, "view", view)
        plugin_json(frame.game, "move_view", frame.move)
        raise
