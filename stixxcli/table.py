"""A game being played: the table of players and bots, turn by turn, with its log.

Bots see their seat's player view, never the state; chance comes from the
game's seed, or from the table when it is typed in.
"""

from __future__ import annotations

import collections
import contextlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .engine import Answer, apply_move, drive, game_over, log_rules, player_span, start
from .errors import PluginError, RuleError, StixxError, plugin_call, plugin_fault, plugin_json
from .game import Chance, Choice, Result, State
from .gamelog import new_log
from .replays import replay


def rng_for(seed, *parts) -> random.Random:
    """A random source derived from the game's seed: the same seed plays the
    same game, and a game resumed at the same move goes on the same way."""
    return random.Random(":".join(map(str, (seed, *parts))))


def _deal(game, rules: dict, names: list[str], seed, chance: Answer | None = None, checked: bool = True):
    """A game's setup: its chance outcomes drawn from the seed, unless `chance`
    answers them (a real table typing them in); `checked`, as for Table.finish."""
    rng = rng_for(seed, "setup")
    answer = chance or (lambda ask: ask.draw(rng))
    setup = plugin_call(game, "setup", lambda: drive(game.setup(rules, names), answer, None))
    if checked:  # the log holds it: no NaN
        plugin_json(game, "setup", setup)
    return setup


class PlayerView(Mapping):
    """`state.view(seat)`, made when a bot first reads it: a bot that never
    looks (the random one) costs nothing, and no bot holds the state itself."""

    __slots__ = ("_game", "_state", "_seat", "_view")

    def __init__(self, game, state: State, seat: int):
        self._game, self._state, self._seat, self._view = game, state, seat, None

    def _made(self) -> dict:
        if self._view is None:
            self._view = plugin_call(self._game, "view", self._state.view, self._seat, gives=dict)
        return self._view

    def __getitem__(self, key):
        view = self._view  # (made once: a bot reads a few keys a turn)
        if view is None:
            view = self._made()
        return view[key]

    def __iter__(self):
        return iter(self._made())

    def __len__(self) -> int:
        return len(self._made())


MAX_TURNS = 100_000  # a game of bots that has not ended by then never will: its plugin is at fault


def no_end(game, turns: int) -> PluginError:
    return PluginError(f"the {game.name} plugin's game has no end after {turns} turns of bots")


@dataclass
class Table:
    """A game being played: the log so far and the state it has reached."""

    game: Any
    log: dict
    state: State
    bots: dict = field(default_factory=dict)  # seat -> Bot
    # Seeded once for the rest of the game, not every turn: seeding from text
    # costs about as much as a whole turn of a quick game.
    rng: random.Random = field(default_factory=random.Random)

    @classmethod
    def new(
        cls,
        game,
        rules_values: dict,
        variant: str,
        players: list[dict],
        seed,
        chance: Answer | None = None,
        digest: str | None = None,
    ) -> Table:
        """A new game: its setup (from the seed unless `chance` answers) and its
        bots. `digest` is the digest of rules the caller has already checked,
        when it plays many games under them."""
        counts = plugin_call(game, "player_counts", game.player_counts, rules_values, gives=range)
        if len(players) not in counts:
            raise RuleError(
                f"{game.title or game.name} with these rules takes {player_span(counts)} "
                f"player{'s' * (counts != range(1, 2))}, not {len(players)}"
            )
        names = [p["name"] for p in players]
        # A batch (a digest given) checks what it writes: its logs (saving.AtomicLines), its scores.
        setup = _deal(game, rules_values, names, seed, chance, checked=digest is None)
        log = new_log(game.name, variant, rules_values, players, setup, seed=seed, digest=digest)
        if digest is None:  # else the caller checked these rules and made their digest
            rules_values = log_rules(game, log)
        return cls._seated(game, log, start(game, rules_values, names, setup), rules_values)

    @classmethod
    def resume(cls, log: dict) -> Table:
        from .plugins import get_game

        step = collections.deque(replay(log), maxlen=1)[0]  # the last step: the state now
        game = get_game(log["game"])
        return cls._seated(game, log, step.state, log_rules(game, log))

    @classmethod
    def _seated(cls, game, log: dict, state: State, rules: dict) -> Table:
        """The table with its bots, each seeded from the game's seed and the move reached."""
        from .plugins import get_bot

        seed, played = log.get("seed"), len(log["moves"])
        table = cls(game, log, state, rng=rng_for(seed, "turns from", played))
        for seat, player in enumerate(log["players"]):
            if player.get("bot"):
                bot_rng = rng_for(seed, "bot", seat, "from", played)
                bot = get_bot(game.name, player["bot"])
                table.bots[seat] = plugin_call(game, f"bot {bot.name}", bot, game, rules, seat, bot_rng)
        return table

    def dealt_by_seed(self) -> bool:
        """Whether the log's setup is the one its seed deals: not so for a
        setup typed in at a real table (`--chance manual`)."""
        game, log = self.game, self.log
        names = [p["name"] for p in log["players"]]
        try:
            dealt = _deal(game, log_rules(game, log), names, log.get("seed"))
        except StixxError:
            return False
        return dealt == log["setup"]

    @property
    def over(self) -> bool:
        return game_over(self.game, self.state)

    def play_turn(
        self, chance: Answer | None = None, choose: Answer | None = None, chosen: Callable | None = None
    ) -> dict:
        """Play one turn: chance from the seed unless `chance` answers; bots choose
        for their seats, `choose` for the others. `chosen(choice, answer)` hears
        each bot's answer as it is made. Returns the recorded move."""
        rng = self.rng
        if chosen is not None:
            self._bots_seeded_from_here()

        def default_chance(ask: Chance):
            return ask.draw(rng)

        def pick(ask: Choice):
            bot = self.bots.get(ask.seat)
            if bot is not None:
                view = PlayerView(self.game, self.state, ask.seat)
                answer = plugin_call(self.game, f"bot {type(bot).name}", bot.choose, view, ask)
                if chosen is not None:
                    chosen(ask, answer)
                return answer
            if choose is None:
                raise StixxError(f"seat {ask.seat} has no bot and no one to ask")
            return choose(ask)

        move = plugin_call(
            self.game, "turn", lambda: drive(self.state.turn(), chance or default_chance, pick)
        )
        plugin_json(self.game, "turn", move)  # the log holds it: no NaN (simulate's logs: AtomicLines)
        apply_move(self.game, self.state, move)
        self.log["moves"].append(move)
        return move

    def _bots_seeded_from_here(self) -> None:
        """Each bot's random source seeded from the move reached, as a resumed
        table seeds it: a bot's play told to a real table before its draw is
        typed in is the play it makes again when the game is stopped at that
        draw and resumed (the table has already set it down)."""
        seed, played = self.log.get("seed"), len(self.log["moves"])
        for seat, bot in self.bots.items():
            if isinstance(getattr(bot, "rng", None), random.Random):  # a plugin's bot may keep its own
                bot.rng.setstate(rng_for(seed, "bot", seat, "from", played).getstate())

    def play_out(self, max_turns: int | None = None) -> None:
        """Bots play every turn left: the loop of `simulate`. The same turns as
        play_turn, with its helpers made once per game rather than per turn,
        and each move applied without the core's shape check: the game's own
        turn() made it from answers the game offered, and `apply` still checks
        it against the rules. (`validate` checks the shapes of a saved log.)"""
        game, state, bots, rng, moves = self.game, self.state, self.bots, self.rng, self.log["moves"]
        chance = Chance

        def answer(ask):
            if isinstance(ask, chance):
                return ask.draw(rng)
            bot = bots.get(ask.seat)
            if bot is None:
                raise StixxError(f"seat {ask.seat} has no bot and no one to ask")
            try:  # (what plugin_call does, without naming the bot every turn)
                return bot.choose(PlayerView(game, state, ask.seat), ask)
            except Exception as e:
                raise plugin_fault(game, f"bot {type(bot).name}", e)  # noqa: B904 (the cause is set there)

        limit = max_turns or MAX_TURNS
        for _ in range(limit):
            try:  # (a try costs nothing until it catches: no call per turn)
                over = state.over
            except Exception as e:
                raise plugin_fault(game, "over", e)  # noqa: B904 (the cause is set there)
            if over:
                return
            try:  # (drive, written out; a turn() that fails before it makes its generator is the plugin's fault too)
                questions = state.turn()
                ask = next(questions)
                while True:
                    ask = questions.send(answer(ask))
            except StopIteration as stop:
                move = stop.value
            except Exception as e:
                raise plugin_fault(game, "turn", e)  # noqa: B904 (the cause is set there)
            try:
                state.apply(move)
            except Exception as e:
                raise plugin_fault(game, "apply", e)  # noqa: B904 (the cause is set there)
            moves.append(move)
        raise no_end(game, limit)

    def log_so_far(self) -> dict:
        """The log to save when play stops. Stopped after the last move, the game
        is whole: finished, with its result ("finished": false would be refused)."""
        with contextlib.suppress(Exception):  # a failing `over` or result: the caller tells it
            if not self.log.get("finished") and game_over(self.game, self.state):
                self.finish()
        return self.log

    def finish(self, checked: bool = True) -> dict:
        """Mark the log finished (when the game is over) and record the result.
        `checked`: whether the result is checked to be JSON here, for the log
        that holds it and the scores told; a batch of games checks what it writes."""
        # First: it may fail.
        result = plugin_call(self.game, "result", self.state.result, gives=Result).to_json()
        if checked:  # no NaN
            plugin_json(self.game, "result", result)
        self.log["finished"] = game_over(self.game, self.state)
        self.log["result"] = result
        return self.log


def play_bots(
    game_name: str,
    bots: list[str],
    seed,
    *,
    variant: str = "standard",
    rules: dict | None = None,
    max_turns: int | None = None,
    digest: str | None = None,
    names: list[str] | None = None,
) -> dict:
    """A whole game among bots; returns its finished log. `digest`: the rules'
    digest, when a caller playing many games has it already; `names`: the
    players' (default: BOT-SEAT)."""
    from .plugins import get_game
    from .rules import resolve

    game = get_game(game_name)
    if rules is None:
        rules = resolve(game, variant).values
    names = names or [f"{bot}-{seat}" for seat, bot in enumerate(bots)]
    players = [{"name": name, "bot": bot} for name, bot in zip(names, bots)]
    table = Table.new(game, rules, variant, players, seed, digest=digest)
    table.play_out(max_turns)
    # A batch (a digest given) checks what it writes: its logs (saving.AtomicLines), its scores.
    return table.finish(checked=digest is None)
