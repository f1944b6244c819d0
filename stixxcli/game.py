"""The game contract: what a game plugin implements, and nothing more.

A game is a `Game` (name, players, parameters, setup, start) and a `State` (one
game in progress). The core drives both through the methods below and knows
nothing else about any game. Moves, setups and chance outcomes are plain JSON
values, so a log is the whole story of a game and checks without a random source.

A turn is a generator: it yields `Chance` (an outcome the table produces: dice,
a draw) and `Choice` (a decision of one seat) and returns the move to record.
The core answers each question (random source or typed-in chance; a bot or a
human for choices) and then applies the returned move with `State.apply`, the
same code that checks a recorded log. Legal play and validation cannot drift.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Generator, Mapping, Sequence
from operator import index
from typing import TYPE_CHECKING, Any

from .errors import IllegalMove
from .params import Param
from .params import value_kind as _kind
from .record import Record

if TYPE_CHECKING:  # only named in annotations: a log checks without a random source
    import random

__all__ = [
    "Bot",
    "Chance",
    "Choice",
    "Game",
    "Options",
    "IllegalMove",
    "Param",
    "Result",
    "State",
    "places",
    "require",
]


def _to_json(answer: Any) -> str:
    return json.dumps(answer, separators=(",", ":"))


def _from_json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        raise ValueError(f"not JSON: {text!r}") from None


_MISSING = object()


def require(obj: Any, key: str, kind: type | tuple, what: str = "the move") -> Any:
    """obj[key], or IllegalMove naming what is missing or of the wrong type.

    Use it on every field a recorded move or setup carries: logs are typed by
    hand and the first wrong field must give a reason, not a traceback.
    `int` never accepts true/false.
    """
    if type(obj) is dict:
        value = obj.get(key, _MISSING)
        if type(value) is kind:  # the common case, and the fast one: validation calls this a lot
            return value
    if not isinstance(obj, dict):
        raise IllegalMove(f"{what} must be a JSON object, not {_kind(obj)}")
    if key not in obj:
        raise IllegalMove(f"{what} has no {key!r}")
    value = obj[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        ok = False
    else:
        ok = isinstance(value, kinds)
    if not ok:
        names = " or ".join(_kind(k()) if k is not type(None) else "empty" for k in kinds)
        raise IllegalMove(f"{what}: {key!r} must be {names}, not {_kind(value)} ({value!r})")
    return value


class Chance(Record):
    """A chance outcome the game needs: dice, a draw, a deal, a secret colour.

    `draw(rng)` produces one from a random source; `parse(text)` reads one typed
    in at a real table (raise ValueError with a reason). `seat` is the player
    who alone may see it (None: everyone sees it).
    """

    def __init__(
        self,
        name: str,
        prompt: str,
        draw: Callable[[random.Random], Any],
        parse: Callable[[str], Any] = _from_json,
        seat: int | None = None,
    ):
        self.name = name
        self.prompt = prompt
        self.draw = draw
        self.parse = parse
        self.seat = seat


class Options(Sequence):
    """Legal answers made one at a time, when asked for: a bot that picks one
    by its index never builds the others. A game gives `__len__` and
    `answer(i)` for 0 <= i < len; indexing from the end, slices and the bounds
    are handled here. A game may add a faster `__contains__`."""

    __slots__ = ()

    @abstractmethod
    def answer(self, i: int) -> Any:
        """The i-th answer, 0 <= i < len(self)."""

    def __getitem__(self, i):
        if type(i) is int and 0 <= i < len(self):  # a bot's pick: the common case, first
            return self.answer(i)
        n = len(self)
        if isinstance(i, slice):
            return [self.answer(j) for j in range(*i.indices(n))]
        i = index(i)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(f"no answer {i} among {n}")
        return self.answer(i)


class Choice(Record):
    """A decision of one seat among `options`, every legal answer (JSON values).

    `options` may be lazy (any Sequence: `len` and indexing), so a bot that
    samples one never builds them all. `prompt` explains the short notation a
    human types; it may be a function of no arguments, called only when a
    human is asked. `parse(text)` turns that text into an answer (raise
    ValueError with a reason) and `notation(answer)` gives the text back, for
    the `help` listing. `context` is what a bot may want to know about the
    turn so far. `told(answer)` says a bot's answer in words, after its name
    (`re-rolls all dice`), for a table that makes it with real pieces before
    typing in chance later in the turn (default: `plays` and the notation).
    """

    def __init__(
        self,
        seat: int,
        name: str,
        options: Sequence[Any],
        prompt: str | Callable[[], str] = "a move as JSON",
        parse: Callable[[str], Any] = _from_json,
        notation: Callable[[Any], str] = _to_json,
        context: dict | None = None,
        told: Callable[[Any], str] | None = None,
    ):
        self.seat = seat
        self.name = name
        self.options = options
        self.prompt = prompt
        self.parse = parse
        self.notation = notation
        self.context = {} if context is None else context
        self.told = told

    def question(self) -> str:
        """The prompt's text, built now if it was deferred."""
        return self.prompt() if callable(self.prompt) else self.prompt

    def said(self, answer) -> str:
        """An answer in words, after the name of the seat that gave it."""
        return self.told(answer) if self.told is not None else f"plays {self.notation(answer)}"


class Result(Record):
    """The outcome of a game, or the standing of one in progress.

    `scores[seat]` is what the game counts; `places[seat]` is 1 for first,
    after every tie-break, with players still tied sharing a place;
    `breakdown[seat]` says where the score came from.
    """

    def __init__(self, scores: list, places: list[int], breakdown: list[dict]):
        self.scores = scores
        self.places = places
        self.breakdown = breakdown

    def to_json(self) -> dict:
        return {
            "scores": list(self.scores),
            "places": list(self.places),
            "winners": [s for s, p in enumerate(self.places) if p == 1],
            "breakdown": list(self.breakdown),
        }


def places(keys: Sequence[Any]) -> list[int]:
    """Places from one sort key per seat, higher is better; equal keys share a place.

    >>> places([(5, 1), (7, 0), (5, 1)])
    [2, 1, 2]
    """
    return [1 + sum(1 for other in keys if other > key) for key in keys]


class State(ABC):
    """One game in progress. Subclasses keep whatever they need, and mutate it
    in `apply`: moves are applied in place, never by copying the whole state.

    Attributes the core reads: `names` (one per seat), `seat` (who is to act
    next, None when the game is over), `over`, and `warnings`: things worth
    saying about a recorded game that do not make it illegal.
    """

    names: list[str]
    seat: int | None
    over: bool
    warnings: Sequence[str] = ()  # a game sets its own list

    def turn(self) -> Generator[Chance | Choice, Any, dict]:
        """Ask what this turn needs and return the move to record.

        The default asks `self.seat` to pick one of `legal_moves()`.
        """
        move = yield Choice(
            self.seat, "move", self.legal_moves(), self.move_prompt(), self.parse_move, self.notation
        )
        return move

    def legal_moves(self) -> list[dict]:
        """Every move the player to act may make (used by the default `turn`)."""
        raise NotImplementedError(f"{type(self).__name__} must define legal_moves() or turn()")

    def move_prompt(self) -> str:
        """The notation a human types for a move, in a few words."""
        return "a move as JSON"

    def parse_move(self, text: str) -> dict:
        """A move from what a human typed; raise ValueError with a reason."""
        return _from_json(text)

    def notation(self, move: dict) -> str:
        """The short text a human would type for `move`."""
        return _to_json(move)

    @abstractmethod
    def apply(self, move: dict) -> None:
        """Play `move` (a recorded log entry) or raise IllegalMove saying which rule it breaks.

        Must check everything: the move may come from a hand-typed log.
        """

    def announce(self, move: dict) -> str | None:
        """What the whole table hears of `move`, just applied ("Bob challenged
        Ann with red: wrong"), or None. Never a secret."""
        return None

    def move_view(self, move: dict, viewer: int | None = None) -> dict:
        """A recorded move as `viewer` may see it (another's private draw left out)."""
        return move

    @abstractmethod
    def result(self) -> Result:
        """Scores, places and breakdown now (final once `over`)."""

    @abstractmethod
    def render(self, viewer: int | None = None):
        """A rich renderable of the table as `viewer` sees it (None: everything)."""

    @abstractmethod
    def view(self, viewer: int | None = None) -> dict:
        """The state as JSON for scripts, hiding what `viewer` must not see."""

    # Pictures (optional): `stixx replay --svg/--html`.

    def draw_svg(self, viewer: int | None = None) -> str | None:
        """The table as `viewer` sees it, drawn as one self-contained SVG
        document (no external font or image), or None: then the core draws the
        text of `render`. Another player's secret must be absent from it,
        not merely hidden: draw from `view(viewer)`."""
        return None

    def move_text(self, move: dict) -> str:
        """`move` (as `move_view` gave it) in the game's short notation, for a
        move list; called on the state just after the move. Never a secret."""
        return self.announce(move) or _to_json(move)

    def standing(self, viewer: int | None = None) -> list:
        """Each seat's score now as `viewer` may know it (None for a score
        that would give away a secret). A game whose scores hide a secret
        must override this; the default shows `result().scores`."""
        return list(self.result().scores)


class Game(ABC):
    """A game: what the core needs to know to set up, check and play it.

    Set the class attributes; implement `setup` and `start`. Import nothing
    heavy at module level: the core loads a game only when a command needs it.
    """

    name: str = ""
    title: str = ""
    min_players: int = 1
    max_players: int = 1
    params: Sequence[Param] = ()
    hidden_information: bool = False  # at one screen, hide the table between humans
    move_schema: dict = {}
    setup_schema: dict = {}
    sheets: bool = False  # True when `score_sheets` reads paper sheets
    # The breakdown keys, in order, that the table of a result shows to people
    # (None: every key); the rest are for scripts, in --json and the log.
    shown_breakdown: Sequence[str] | None = None
    # The breakdown keys whose `_` that table reads as a space (`beyond_target`:
    # "beyond target"), None: every key. A game whose keys are also names from
    # its rules (Fish Stix's kinds of fish) lists the others, so that a name shows as written.
    worded_breakdown: Sequence[str] | None = None

    def check_rules(self, rules: dict) -> None:  # noqa: B027 (optional: most games need no check)
        """Refuse (RuleError) rules whose parameters contradict each other.

        Each value has already passed its own `Param` check.
        """

    def player_counts(self, rules: dict) -> range:
        """The numbers of players these rules allow."""
        return range(self.min_players, self.max_players + 1)

    @abstractmethod
    def setup(self, rules: dict, players: list[str]) -> Generator[Chance, Any, dict]:
        """Yield the chance outcomes of setting up; return the setup to record."""

    @abstractmethod
    def start(self, rules: dict, players: list[str], setup: dict) -> State:
        """The state before the first move. Refuse a bad setup with IllegalSetup."""

    def score_sheets(self, sheets: list[tuple[str, str]], rules: dict):
        """Score paper sheets given as (name, text). Only when `sheets` is True.

        Returns an object with `to_json()` and `render()` (what rich can print;
        a `stixxcli.styled.Styled` is written without importing rich, which
        keeps `stixx score --sheet` quick); raises StixxError naming the sheet
        and line of anything unreadable or against the rules.
        """
        raise NotImplementedError(f"{self.name} has no paper sheets")

    def looks_like_sheet(self, text: str) -> bool:
        """Whether a text `score_sheets` refuses is a paper sheet all the same,
        with a mistake in it, so that `validate` given it as a log names
        `score --sheet`. Optional; only when `sheets` is True."""
        return False

    def print_sheets(self, rules: dict, which: str, paper: str) -> list[tuple[str, str]]:
        """Printable sheets as (name, SVG text): sheet `which` or "all", on
        `paper` ("a4" or "letter"). Optional; only when `sheets` is True."""
        raise NotImplementedError(f"{self.name} has no printable sheets")

    def read_photos(self, photos: list[str], rules: dict, options: dict):
        """Read photographed paper sheets (image paths). Optional.

        Returns a list of readings, each with `name`, `text` (the sheet as the
        text `score_sheets` reads), `doubtful` (boxes to confirm, as text) and
        `to_json()`; `options` may hold `debug_image` (a path). Raises
        StixxError (exit 2) when the photo extra is not installed.
        """
        raise NotImplementedError(f"{self.name} reads no photos")


class Bot(ABC):
    """A computer player for one seat; one instance per seat and game.

    Register the class with the `stixx_bots` hook. It sees what its seat may
    see, and nothing more: the player view, the choice, the rules.
    """

    name: str = ""
    description: str = ""

    def __init__(self, game: Game, rules: dict, seat: int, rng: random.Random):
        self.game, self.rules, self.seat, self.rng = game, rules, seat, rng

    @abstractmethod
    def choose(self, view: Mapping, choice: Choice) -> Any:
        """One of `choice.options`.

        `view` is the table as this bot's seat sees it: `state.view(seat)`,
        what `stixx replay --as-player` shows, made only when first read. A
        bot never holds the state itself, so it cannot read another's secret.
        """
