"""A throwaway plugin of games that fail on purpose, one place each.

`fault-<where>` is a tiny pile game (take 1 or 2, the last stick wins) whose
code raises in `where`: setup, start, turn, apply (only for a take of 2),
result, render, view, announce, over, or where the core reads its `seat` or
`names` (the game itself keeps `to_move` and `players`). `fault-wrong-<where>`
gives a value of the wrong type from start, result, player_counts or standing;
`fault-far-seat`'s seat is one it does not have; `fault-eager-turn` raises in
turn() before it makes a generator; in `fault-endless` a take takes nothing,
so the game never ends. `fault-set-view`'s view is a set and
`fault-odd-view`'s a dict holding a set, neither of them JSON, nor are
`fault-nan-view`'s view, `fault-nan-move-view`'s move_view, `fault-nan-move`'s
moves (NaN) or `fault-nan-result`'s breakdown (Infinity) and standing (NaN);
`looks` is a bot that reads its view. `fault-flood` says 2 MB of text, with
escape sequences, in every text it gives people, and in the first of 201
warnings on a log; `fault-rich-flood`'s picture is rich's (a Text, a Table, a
Panel, a clear screen) with escape sequences, and 140,000 characters long. `calm` is the same game
without a fault, and `bot-fault` is a bot that raises. A second module,
`grumpy`, raises in every hook it implements.
"""

from __future__ import annotations

from pathlib import Path

from stixxcli.game import Bot, Chance, Game, IllegalMove, Result, State, places, require
from stixxcli.hookspecs import hookimpl

FAULTS = (
    "setup",
    "start",
    "turn",
    "apply",
    "result",
    "render",
    "view",
    "announce",
    "over",
    "seat",
    "names",
    "warnings",
)
WRONG = ("start", "result", "player_counts", "standing")  # each gives text instead
ODD = ("set-view", "odd-view", "nan-view", "nan-move-view", "nan-result", "nan-move", "nan-score")  # not JSON
ALL_FAULTS = (
    *FAULTS,
    *(f"wrong-{where}" for where in WRONG),
    *ODD,
    "flood",
    "rich-flood",
    "eager-turn",
    "endless",
    "far-seat",
)
FLOOD = "\x1b[2J\x1b]0;owned\x07" + "sticks " * 300_000


class Oops(RuntimeError):
    pass


class PileState(State):
    def __init__(self, fault, names, pile):
        self.fault, self.players, self.pile = fault, names, pile
        self.to_move, self.winner = 0, None

    @property
    def over(self):
        self._maybe("over")
        return self.pile == 0

    @property
    def seat(self):
        self._maybe("seat")
        return 7 if self.fault == "far-seat" else self.to_move

    @property
    def names(self):
        self._maybe("names")
        return self.players

    @property
    def warnings(self):
        self._maybe("warnings")
        return [FLOOD, *(f"stick {n} leans" for n in range(200))] if self.fault == "flood" else ()

    def _maybe(self, where):
        if self.fault == where:
            raise Oops(f"{where} went wrong on purpose")

    def turn(self):
        self._maybe("turn")
        return (yield from super().turn())

    def legal_moves(self):
        if self.fault == "nan-move":
            return [{"seat": self.seat, "take": n, "odds": float("nan")} for n in (1, 2) if n <= self.pile]
        return [{"seat": self.seat, "take": n} for n in (1, 2) if n <= self.pile]

    def move_prompt(self):
        return FLOOD if self.fault == "flood" else super().move_prompt()

    def help(self, choice, all=False):
        return FLOOD if self.fault == "flood" else None

    def move_text(self, move):
        return FLOOD if self.fault == "flood" else super().move_text(move)

    def move_view(self, move, viewer=None):
        return {**move, "odds": float("nan")} if self.fault == "nan-move-view" else move

    def parse_move(self, text):
        return {"seat": self.seat, "take": int(text)}

    def notation(self, move):
        return str(move["take"])

    def apply(self, move):
        take = require(move, "take", int)
        if take not in (1, 2) or take > self.pile:
            raise IllegalMove(f"take 1 or 2 of the {self.pile} sticks, not {take}")
        if take == 2:
            self._maybe("apply")
        if self.fault == "endless":
            return
        self.pile -= take
        if self.pile == 0:
            self.winner, self.to_move = self.to_move, None
        else:
            self.to_move = (self.to_move + 1) % len(self.players)

    def announce(self, move):
        self._maybe("announce")
        if self.fault == "flood":
            return FLOOD
        return f"{self.players[move['seat']]} takes {move['take']}"

    def result(self):
        self._maybe("result")
        if self.fault == "wrong-result":
            return "a result"
        scores = [int(seat == self.winner) for seat in range(len(self.players))]
        if self.fault == "nan-score":
            scores[0] = float("nan")
        if self.fault == "nan-result":
            return Result(scores, places(scores), [{"odds": float("inf")} for _ in scores])
        return Result(scores, places(scores), [{} for _ in scores])

    def view(self, viewer=None):
        self._maybe("view")
        if self.fault == "set-view":
            return {self.pile, self.to_move}
        if self.fault == "odd-view":
            return {"pile": self.pile, "seen": {self.pile}}
        if self.fault == "nan-view":
            return {"pile": self.pile, "odds": float("nan")}
        return {"pile": self.pile, "to_move": self.to_move}

    def render(self, viewer=None):
        self._maybe("render")
        if self.fault == "flood":
            return FLOOD
        if self.fault == "rich-flood":
            return rich_flood()
        return f"pile: {self.pile}"

    def standing(self, viewer=None):
        if self.fault == "nan-result":
            return [float("nan") for _ in self.players]
        return "a standing" if self.fault == "wrong-standing" else super().standing(viewer)


def rich_flood():
    """Rich's own renderables, each with an escape sequence rich prints as it is."""
    from rich.console import Group
    from rich.control import Control
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    table = Table("pile")
    table.add_row("\x1b[2Jtable")
    return Group(
        Text("\x1b]0;owned\x07text"), table, Panel("\x1b[31mpanel"), Control.clear(), "sticks " * 20_000
    )


class EagerTurnState(PileState):
    def turn(self):  # a plain function that would return a generator: it fails before one exists
        raise Oops("turn went wrong before it began")


class PileGame(Game):
    min_players, max_players = 2, 3

    def __init__(self, fault):
        self.fault = fault
        self.name = self.title = f"fault-{fault}" if fault else "calm"

    def setup(self, rules, players):
        if self.fault == "setup":
            raise Oops("setup went wrong on purpose")
        pile = yield Chance("pile", "sticks, 3-9", lambda rng: rng.randint(3, 9), int)
        return {"pile": pile}

    def start(self, rules, players, setup):
        if self.fault == "start":
            raise Oops("start went wrong on purpose")
        if self.fault == "wrong-start":
            return "a state"
        pile = require(setup, "pile", int, "the setup")
        if not 3 <= pile <= 9:
            raise IllegalMove(f"a pile of 3-9 sticks, not {pile}")
        return (EagerTurnState if self.fault == "eager-turn" else PileState)(self.fault, players, pile)

    def player_counts(self, rules):
        return "2 or 3" if self.fault == "wrong-player_counts" else super().player_counts(rules)


class FaultyBot(Bot):
    name = "bot-fault"

    def choose(self, state, choice):
        raise Oops("the bot went wrong on purpose")


RULES: list[Path] = []  # the folder of the games' standard rules, made by the test


@hookimpl
def stixx_games(register):
    register(PileGame(None))
    for fault in ALL_FAULTS:
        register(PileGame(fault))


class LookingBot(Bot):
    name = "looks"

    def choose(self, view, choice):
        return choice.options[min(view["pile"], 2) - 1]


@hookimpl
def stixx_bots(register):
    register("*", FaultyBot)
    register("*", LookingBot)


@hookimpl
def stixx_rule_dirs(register):
    for folder in RULES:
        register(folder)


def write_rules(folder: Path) -> None:
    for fault in (None, *ALL_FAULTS):
        game = f"fault-{fault}" if fault else "calm"
        (folder / game).mkdir(parents=True, exist_ok=True)
        (folder / game / "standard.yaml").write_text("description: the only rules\n")
    RULES[:] = [folder]


class Grumpy:
    """A plugin that raises in every hook."""

    @hookimpl
    def stixx_games(self, register):
        raise Oops("no games today")

    @hookimpl
    def stixx_bots(self, register):
        raise Oops("no bots today")

    @hookimpl
    def stixx_rule_dirs(self, register):
        raise Oops("no rules today")
