"""Nim: one pile, take 1 to `max_take` sticks, whoever takes the last one wins.

The pile starts at 10 plus a die roll: a chance outcome, written into the log.
"""

from pathlib import Path

from stixxcli.errors import IllegalMove
from stixxcli.game import Chance, Game, Param, Result, State, places
from stixxcli.hookspecs import hookimpl


def read_die(text):
    # A roll typed in at a real table, checked as it is read: a wrong one is asked again.
    if text.strip() not in ("1", "2", "3", "4", "5", "6"):
        raise ValueError("a die shows 1 to 6")
    return int(text)


class NimState(State):
    def __init__(self, rules, players, pile):
        self.names, self.max_take, self.pile = players, rules["max_take"], pile
        self.seat, self.winner = 0, None

    @property
    def over(self):
        return self.pile == 0

    def legal_moves(self):
        return [{"seat": self.seat, "take": n} for n in range(1, min(self.max_take, self.pile) + 1)]

    def move_prompt(self):
        return f"how many sticks to take, 1-{min(self.max_take, self.pile)}"

    def parse_move(self, text):
        # The reason in a ValueError is shown at the prompt, and the move asked again.
        if not text.strip().isdecimal():
            raise ValueError(f"type how many sticks to take, 1-{min(self.max_take, self.pile)}")
        return {"seat": self.seat, "take": int(text)}

    def notation(self, move):
        return str(move["take"])

    def apply(self, move):
        take = move["take"]  # the core checked the move against move_schema
        if take > min(self.max_take, self.pile):
            raise IllegalMove(f"can take 1 to {min(self.max_take, self.pile)} sticks, not {take}")
        self.pile -= take
        if self.pile == 0:
            self.winner, self.seat = self.seat, None
        else:
            self.seat = (self.seat + 1) % len(self.names)

    def result(self):
        scores = [int(seat == self.winner) for seat in range(len(self.names))]
        return Result(scores, places(scores), [{"last_stick": s == 1} for s in scores])

    def view(self, viewer=None):
        return {"pile": self.pile, "to_move": self.seat, "winner": self.winner}

    def render(self, viewer=None):
        return f"pile: {'|' * self.pile} ({self.pile})"


class Nim(Game):
    name, title, min_players, max_players = "nim", "Nim", 2, 4
    params = [Param("max_take", "int", 3, "most sticks one turn may take", min=1, max=10)]
    move_schema = {
        "type": "object",
        "required": ["take"],
        "properties": {"seat": {"type": "integer"}, "take": {"type": "integer", "minimum": 1}},
    }
    setup_schema = {
        "type": "object",
        "required": ["roll"],
        "properties": {"roll": {"type": "integer", "minimum": 1, "maximum": 6}},
    }

    def setup(self, rules, players):
        roll = yield Chance("roll", "one die, 1-6", lambda rng: rng.randint(1, 6), read_die)
        return {"roll": roll}

    def start(self, rules, players, setup):
        # The core has checked the setup against setup_schema: the roll is 1-6.
        return NimState(rules, players, 10 + setup["roll"])


@hookimpl
def stixx_games(register):
    register(Nim())


@hookimpl
def stixx_rule_dirs(register):
    register(Path(__file__).parent / "rules")
