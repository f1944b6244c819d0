"""Driving games through the contract: opening a log, checking it move by move,
replaying it, and playing turns with bots, humans and chance.
"""

from __future__ import annotations

import collections
import hashlib
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalMove, IllegalSetup, LogError, PluginError, RuleError, StixxError
from .game import Chance, Choice, State
from .gamelog import canonical, check_envelope, new_log

_checked_rules: dict[tuple[str, bytes], tuple[str, dict]] = {}


def log_rules(game, log: dict) -> dict:
    """The log's rules, checked against the game and the digest, completed with
    the defaults of parameters the log does not name."""
    from .rules import check_log_rules

    # A corpus repeats the same few rules: check each set once, hash it once.
    key = (game.name, canonical(log["rules"]))
    known = _checked_rules.get(key)
    if known is None:
        known = (hashlib.sha256(key[1]).hexdigest(), check_log_rules(game, log["rules"]))
        if len(_checked_rules) < 64:
            _checked_rules[key] = known
    if known[0] != log["rules_digest"]:
        raise LogError("rules_digest does not match the rules (were the rules edited?)", where="rules_digest")
    return dict(known[1])


def open_game(log: dict):
    """The game and its state before the first move, after checking the envelope,
    the rules against the game's parameters and digest, the players and the setup."""
    from .plugins import get_game

    check_envelope(log)
    game = get_game(log["game"])
    rules = log_rules(game, log)
    names = [p["name"] for p in log["players"]]
    counts = game.player_counts(rules)
    if len(names) not in counts:
        raise RuleError(
            f"{len(names)} players, but these rules of {game.name} allow {_span(counts)}", where="players"
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
        return plugin_call(game, "setup", game.start, rules, names, setup)
    except IllegalMove as e:
        raise IllegalSetup(e.message, where=e.where) from None


def _span(counts: range) -> str:
    return str(counts.start) if len(counts) == 1 else f"{counts.start} to {counts.stop - 1}"


def plugin_call(game, what: str, function: Callable, *args):
    """Call into a game plugin; anything but a StixxError is the plugin's fault."""
    try:
        return function(*args)
    except StixxError:
        raise
    except Exception as e:
        raise PluginError(f"the {game.name} plugin failed in {what}: {type(e).__name__}: {e}") from e


def apply_move(game, state: State, move: Any) -> None:
    """Apply one recorded move after the checks every game shares."""
    if state.over:
        raise IllegalMove("the game is already over")
    if not isinstance(move, dict):
        raise IllegalMove("a move must be a JSON object")
    claimed = move.get("seat")
    # A seat that is not a whole number is the game's to refuse, with its own words.
    if type(claimed) is int and state.seat is not None and claimed != state.seat:
        raise IllegalMove(
            f"wrong player: it is {state.names[state.seat]}'s turn (seat {state.seat}), not seat {claimed}"
        )
    made = _shapes.get(game.name)
    (made[2] if made is not None and made[0] is game else shapes(game)[1])(move)
    try:  # inline rather than plugin_call: this is the hot path of validation
        state.apply(move)
    except StixxError:
        raise
    except Exception as e:
        raise PluginError(f"the {game.name} plugin failed in apply: {type(e).__name__}: {e}") from e


@dataclass
class Verdict:
    """What `validate` says of one log."""

    where: str
    valid: bool
    game: str | None = None
    moves: int = 0
    finished: bool | None = None
    error: str | None = None
    index: int | None = None  # the first illegal move, counted from 0
    seat: int | None = None
    player: str | None = None
    move: Any = None
    result: dict | None = None
    warnings: list[str] = field(default_factory=list)

    def line(self) -> str:
        if self.valid:
            state = "finished" if self.finished else "unfinished"
            warned = "".join(f"; warning: {w}" for w in self.warnings)
            return f"{self.where}: valid {self.game} game, {self.moves} moves, {state}{warned}"
        if self.index is not None:
            who = f" by {clip(self.player, 60)} (seat {self.seat})" if self.player is not None else ""
            shown = canonical(self.move).decode()
            if len(shown) > 120:
                shown = shown[:117] + "..."
            return f"{self.where}: move {self.index}{who} is illegal: {clip(self.error)}; move: {shown}"
        return f"{self.where}: {clip(self.error)}"

    def to_json(self) -> dict:
        out = {
            "source": self.where,
            "valid": self.valid,
            "game": self.game,
            "moves": self.moves,
            "finished": self.finished,
        }
        if not self.valid:
            out["error"] = self.error
            if self.index is not None:
                out.update(index=self.index, seat=self.seat, player=self.player, move=self.move)
        if self.result is not None:
            out["result"] = self.result
        if self.warnings:
            out["warnings"] = self.warnings
        return out


def clip(message: str, width: int = 300) -> str:
    """A message cut to one readable line: a reason quoting a value of ten
    thousand characters shows its start and its length."""
    if len(message) <= width:
        return message
    return f"{message[: width - 40]}... ({len(message)} characters)"


def check_log(log: Any, where: str = "<log>") -> Verdict:
    """Check a log: envelope, rules and digest, setup, every move in order, the
    end and the recorded result. Never raises for bad content."""
    verdict = Verdict(where, False)
    if isinstance(log, dict) and isinstance(log.get("game"), str):
        verdict.game = log["game"]
    try:
        game, state = open_game(log)
    except StixxError as e:
        verdict.error = str(e)
        return verdict
    verdict.finished = log["finished"]
    verdict.warnings = list(getattr(state, "warnings", []))
    moves = log["moves"]
    for index, move in enumerate(moves):
        seat = state.seat
        try:
            apply_move(game, state, move)
        except StixxError as e:
            verdict.error, verdict.index, verdict.move = e.message, index, move
            if seat is not None:
                verdict.seat, verdict.player = seat, state.names[seat]
            verdict.moves = index
            return verdict
    verdict.moves = len(moves)
    if log["finished"] and not state.over:
        verdict.error = f"the log says the game is over, but after its {len(moves)} moves it is not"
        return verdict
    if state.over and not log["finished"]:
        verdict.error = (
            f'the game ended at its last move (move {len(moves) - 1}), but the log says "finished": false'
        )
        return verdict
    try:
        computed = plugin_call(game, "result", state.result).to_json()
    except StixxError as e:
        verdict.error = str(e)
        return verdict
    recorded = log.get("result")
    if recorded is not None and canonical(recorded) != canonical(computed):
        verdict.error = "the recorded result differs from the game: " + _result_difference(recorded, computed)
        return verdict
    verdict.valid, verdict.result = True, computed
    return verdict


def check_texts(items: list[tuple], full: bool = True) -> list[tuple[dict, str]]:
    """Verdicts, as JSON and as a line, for (where, text) pairs of raw logs (text
    as str, or UTF-8 bytes); a (where, message, False) item is a log that could
    not even be read. With full=False the JSON holds only "valid": less to send
    back from a worker when nobody reads the rest."""
    from .gamelog import decoded, parse_json

    out = []
    for where, text, *unreadable in items:
        if not unreadable and isinstance(text, bytes):
            text = decoded(text, where)
            if isinstance(text, StixxError):
                text, unreadable = str(text), [True]
        if unreadable:
            out.append(({"source": where, "valid": False, "error": text}, text))
            continue
        try:
            log = parse_json(text, where)
        except LogError as e:
            out.append(({"source": where, "valid": False, "error": e.message}, str(e)))
            continue
        verdict = check_log(log, where)
        out.append((verdict.to_json() if full else {"valid": verdict.valid}, verdict.line()))
    return out


def scored(log: dict, result: dict) -> dict:
    """What `score` reports of a log: the game, its players and the result."""
    return {
        "game": log["game"],
        "variant": log["variant"],
        "finished": log["finished"],
        "moves": len(log["moves"]),
        "players": [p["name"] for p in log["players"]],
        **result,
    }


def _result_difference(recorded: dict, computed: dict) -> str:
    for key in ("scores", "places", "winners", "breakdown"):
        said, found = canonical(recorded.get(key)).decode(), canonical(computed.get(key)).decode()
        if said != found:
            return f"{key} recorded {said[:80]}, computed {found[:80]}"
    extra = sorted(set(recorded) - set(computed))
    return f"unknown key {extra[0]!r} in result" if extra else "they differ"


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


# Playing ---------------------------------------------------------------------

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


def rng_for(seed, *parts) -> random.Random:
    """A random source derived from the game's seed, so that every turn (and a
    resumed game) draws the same whatever happened before."""
    return random.Random(":".join(map(str, (seed, *parts))))


class PlayerView(Mapping):
    """`state.view(seat)`, made when a bot first reads it: a bot that never
    looks (the random one) costs nothing, and no bot holds the state itself."""

    __slots__ = ("_game", "_state", "_seat", "_view")

    def __init__(self, game, state: State, seat: int):
        self._game, self._state, self._seat, self._view = game, state, seat, None

    def _made(self) -> dict:
        if self._view is None:
            self._view = plugin_call(self._game, "view", self._state.view, self._seat)
        return self._view

    def __getitem__(self, key):
        return self._made()[key]

    def __iter__(self):
        return iter(self._made())

    def __len__(self) -> int:
        return len(self._made())


@dataclass
class Table:
    """A game being played: the log so far and the state it has reached."""

    game: Any
    log: dict
    state: State
    bots: dict = field(default_factory=dict)  # seat -> Bot

    @classmethod
    def new(
        cls, game, rules_values: dict, variant: str, players: list[dict], seed, chance: Answer | None = None
    ) -> Table:
        counts = game.player_counts(rules_values)
        if len(players) not in counts:
            raise RuleError(
                f"{game.title or game.name} with these rules takes {_span(counts)} "
                f"players, not {len(players)}"
            )
        names = [p["name"] for p in players]
        rng = rng_for(seed, "setup")
        chance = chance or (lambda ask: ask.draw(rng))
        setup = plugin_call(game, "setup", lambda: drive(game.setup(rules_values, names), chance, None))
        log = new_log(game.name, variant, rules_values, players, setup, seed=seed)
        return cls.resume(log)

    @classmethod
    def resume(cls, log: dict) -> Table:
        from .plugins import get_bot, get_game

        step = collections.deque(replay(log), maxlen=1)[0]  # the last step: the state now
        game = get_game(log["game"])
        table = cls(game, log, step.state)
        rules = log_rules(game, log)
        for seat, player in enumerate(log["players"]):
            if player.get("bot"):
                table.bots[seat] = get_bot(game.name, player["bot"])(game, rules, seat, random.Random())
        return table

    @property
    def over(self) -> bool:
        return self.state.over

    def play_turn(self, chance: Answer | None = None, choose: Answer | None = None) -> dict:
        """Play one turn: chance from the seed unless `chance` answers; bots choose
        for their seats, `choose` for the others. Returns the recorded move."""
        turn = len(self.log["moves"])
        seed = self.log.get("seed")
        rng = rng_for(seed, "turn", turn)

        def default_chance(ask: Chance):
            return ask.draw(rng)

        def pick(ask: Choice):
            bot = self.bots.get(ask.seat)
            if bot is not None:
                bot.rng.seed(f"{seed}:bot:{ask.seat}:{turn}")
                view = PlayerView(self.game, self.state, ask.seat)
                return plugin_call(self.game, f"bot {type(bot).name}", bot.choose, view, ask)
            if choose is None:
                raise StixxError(f"seat {ask.seat} has no bot and no one to ask")
            return choose(ask)

        move = plugin_call(
            self.game, "turn", lambda: drive(self.state.turn(), chance or default_chance, pick)
        )
        apply_move(self.game, self.state, move)
        self.log["moves"].append(move)
        return move

    def finish(self) -> dict:
        """Mark the log finished (when the game is over) and record the result."""
        self.log["finished"] = self.state.over
        self.log["result"] = plugin_call(self.game, "result", self.state.result).to_json()
        return self.log


def play_bots(
    game_name: str,
    bots: list[str],
    seed,
    *,
    variant: str = "standard",
    rules: dict | None = None,
    max_turns: int = 100_000,
) -> dict:
    """A whole game among bots; returns its finished log."""
    from .plugins import get_game
    from .rules import resolve

    game = get_game(game_name)
    if rules is None:
        rules = resolve(game, variant).values
    players = [{"name": f"{bot}-{seat}", "bot": bot} for seat, bot in enumerate(bots)]
    table = Table.new(game, rules, variant, players, seed)
    for _ in range(max_turns):
        if table.over:
            break
        table.play_turn()
    else:
        raise PluginError(f"{game_name}: no end after {max_turns} turns")
    return table.finish()
