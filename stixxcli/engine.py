"""Driving games through the contract: opening a log, applying moves after the
checks every game shares, and answering a turn's questions.

Checking a whole log is check.py, replaying one replay.py, playing table.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import (
    IllegalMove,
    IllegalSetup,
    LogError,
    PluginError,
    RuleError,
    StixxError,
    plugin_call,
    plugin_fault,
)
from .game import Chance, State
from .gamelog import check_envelope, read_fingerprint, rules_digest
from .plugins import get_game
from .text import clip, counted

_checked_rules: dict[tuple[str, bytes], tuple[str, dict]] = {}


def log_rules(game, log: dict) -> dict:
    """The log's rules, checked against the game and the digest, completed with
    the defaults of parameters the log does not name."""
    # A corpus repeats the same few rules: check each set once, hash it once.
    # They are known by their fingerprint, quicker to make than the canonical
    # JSON the digest is taken of (Sixto's rules hold twelve sample sheets).
    quick = read_fingerprint(log["rules"])
    known = _checked_rules.get((game.name, quick)) if quick is not None else None
    if known is None:
        from .params import check_log_rules  # only here: an import statement costs every log it runs for

        known = (rules_digest(log["rules"]), check_log_rules(game, log["rules"]))
        if quick is not None and len(_checked_rules) < 64:
            _checked_rules[game.name, quick] = known
    if known[0] != log["rules_digest"]:
        raise LogError("does not match the rules (were the rules edited?)", where="rules_digest")
    return dict(known[1])


def open_game(log: dict):
    """The game and its state before the first move, after checking the envelope,
    the rules against the game's parameters and digest, the players and the setup."""
    check_envelope(log)
    game = get_game(log["game"])
    rules = log_rules(game, log)
    names = [p["name"] for p in log["players"]]
    counts = plugin_call(game, "player_counts", game.player_counts, rules, gives=range)
    if len(names) not in counts:
        raise RuleError(
            f"{counted(len(names), 'player')}, but these rules of {game.name} allow {player_span(counts)}",
            where="players",
        )
    state = start(game, rules, names, log["setup"])
    return game, state


def shapes(game):
    """The game's setup and move checks, made once from its schemas."""
    made = _shapes.get(game.name)
    if made is None or made[0] is not game:
        from .shapes import checker

        made = _shapes[game.name] = (
            game,
            checker(game.setup_schema, IllegalSetup, "the setup"),
            checker(game.move_schema, IllegalMove, "the move"),
        )
    return made[1], made[2]


_shapes: dict = {}


def start(game, rules: dict, names: list[str], setup) -> State:
    """The state before the first move, once the setup fits the game's schema.

    A rule the setup breaks is an IllegalSetup, whichever error the game raised.
    """
    shapes(game)[0](setup)
    try:
        return plugin_call(game, "start", game.start, rules, names, setup, gives=State)
    except IllegalMove as e:
        raise IllegalSetup(e.message, where=e.where) from None


def game_over(game, state: State) -> bool:
    """`state.over`, read where a call costs nothing next to the work around it
    (the loops of moves read it inline); a property that fails is the plugin's fault."""
    return plugin_call(game, "over", lambda: bool(state.over))


def names_of(game, state: State) -> list:
    """`state.names`, read off the hot path (a move refused, a result told);
    a property that fails is the plugin's fault."""
    return plugin_call(game, "names", lambda: state.names, gives=(list, tuple))


def player_at(game, state: State, seat) -> str:
    """The name of the player at `seat`; a seat the names do not have is the plugin's fault."""
    names = names_of(game, state)
    if type(seat) is not int or not 0 <= seat < len(names):
        raise PluginError(
            f"the {game.name} plugin's seat gave {clip(repr(seat), 40)}, not one of {len(names)}"
        )
    return names[seat]


def player_span(counts: range) -> str:
    return str(counts.start) if len(counts) == 1 else f"{counts.start} to {counts.stop - 1}"


def apply_move(game, state: State, move: Any) -> None:
    """Apply one recorded move after the checks every game shares."""
    refused = apply_moves(game, state, (move,))
    if refused is not None:
        raise refused[2]


def apply_moves(game, state: State, moves) -> tuple[int, int | None, StixxError] | None:
    """Apply recorded moves in order, each after the checks every game shares:
    None when all were legal, else (index, seat, error) of the first that
    was not, the seat being the one that made it: the seat to play, or the
    seat a move by the wrong player or after the end claims (None when the
    game has no such seat). The hot path of validation: what is the same for
    every move of a log is looked up once."""
    refuse = shapes(game)[1]
    # The generated checks of moves, by their count of keys (fits.py): asked
    # here, without the call into `fits` that would find them. None from one
    # means the move has other keys, and `refuse` asks `fits` itself.
    by_size = getattr(refuse.fits, "by_size", {})
    play = state.apply
    for index, move in enumerate(moves):
        try:
            try:  # (a try costs nothing until it catches: no call per move)
                seat = state.seat
            except Exception as e:
                seat = None  # no seat is known to have made the move
                raise plugin_fault(game, "seat", e)  # noqa: B904 (the cause is set there)
            try:
                over = state.over
            except Exception as e:
                raise plugin_fault(game, "over", e)  # noqa: B904 (the cause is set there)
            if over:
                # No seat is to play: the move is by the seat it claims, as for a wrong player.
                claimed = move.get("seat") if isinstance(move, dict) else None
                seated = type(claimed) is int and 0 <= claimed < len(names_of(game, state))
                seat = claimed if seated else None
                raise IllegalMove("the game is already over")
            if not isinstance(move, dict):
                raise IllegalMove("a move must be a JSON object")
            claimed = move.get("seat")
            # A seat that is not a whole number is the game's to refuse, with its own words.
            # (The right seat, the usual move, is told by the first test alone.)
            if claimed != seat and type(claimed) is int and seat is not None:
                wrong = IllegalMove(
                    f"wrong player: it is {player_at(game, state, seat)}'s turn (seat {seat}), not seat {claimed}"
                )
                seat = claimed if 0 <= claimed < len(names_of(game, state)) else None
                raise wrong
            fits = by_size.get(len(move))
            if fits is None or not fits(move):
                refuse(move)
            try:
                play(move)
            except Exception as e:
                raise plugin_fault(game, "apply", e)  # noqa: B904 (the cause is set there)
        except StixxError as e:
            return index, seat, e
    return None


Answer = Callable[[Any], Any]


def drive(questions, chance: Answer, choose: Answer):
    """Run a setup or turn generator: answer each Chance and Choice; return its value."""
    try:
        ask = next(questions)
        while True:
            answer = chance(ask) if isinstance(ask, Chance) else choose(ask)
            ask = questions.send(answer)
    except StopIteration as stop:
        return stop.value
