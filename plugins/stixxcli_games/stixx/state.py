"""A game of Stixx in progress: takes, the options A, B and C, the end and the
result, following RULINGS.md (Stixx).

A recorded move is one of
  {"seat": 0, "option": "A", "takes": [12]}
  {"seat": 0, "option": "B", "takes": [12, 7]}
  {"seat": 1, "option": "C", "target": 2, "colour": "red", "correct": false}
  {"seat": 1, "option": "C", "target": 2, "colour": "red", "correct": true, "takes": [3, 9]}
B and C hold one take only when the game ended after the first.
"""

from __future__ import annotations

from stixxcli.game import Choice, IllegalMove, Result, State, places, require

from .board import Board
from .layout import conflicts

MOVE_KEYS = {
    "A": ("seat", "option", "takes"),
    "B": ("seat", "option", "takes"),
    "C": ("seat", "option", "target", "colour", "correct", "takes"),
}

# Why a game ended, as `view()` and the breakdown say it.
FULL_COLOUR, ISOLATED, EMPTY = "full colour", "marker isolated", "board empty"


class StixxState(State):
    def __init__(
        self, rules: dict, names: list[str], board: Board, layout: list[int], secret: list[int], starts: int
    ):
        self.names = names
        self.board = board
        self.colours: list[str] = list(rules["colours"])
        self.per_colour: int = rules["stixx_per_colour"]
        self.reveal_once: bool = rules["reveal_once"]
        self.challenge_revealed: bool = rules["challenge_revealed"]
        self.options_from_turn: int = rules["options_from_turn"]
        self.end_on_full_colour: bool = rules["end_on_full_colour"]
        self.layout = layout  # colour number of each stixx, by id
        self.secret = secret  # colour number of each seat: read it only through colour_seen_by()
        self.starts = starts
        self.on_board = [True] * board.size
        self.left = board.size  # stixx still on the board
        self.marker: int | None = None  # the place (stixx id) the marker lies on
        self.takes: list[tuple[int, int]] = []  # (seat, stixx) in order: public
        self.held = [[0] * len(self.colours) for _ in names]  # stixx held per seat and colour
        self.taken_by: dict[int, tuple[int, int]] = {}  # stixx -> (seat, turn)
        self.revealed_at: list[int | None] = [None] * len(names)  # turn of each seat's reveal
        self.reveal_order: list[int] = []  # seats, in the order their colours were revealed
        self.challenges: list[dict] = []  # every challenge, public
        self.turns = 0  # turns played
        self.seat: int | None = starts
        self.over = False
        self.end: str | None = None
        # RULINGS: touching same-colour stixx in a recorded layout are a warning, not an error.
        self.warnings = [
            f"stixx {a} and {b} touch and are both {self.colours[layout[a]]}"
            for a, b in conflicts(board, layout)
        ]

    # What the rules allow ------------------------------------------------------

    def takeable(self, marker: int | None, gone: int | None = None) -> list[int]:
        """The stixx a take may pick up with the marker on `marker` (None: the
        first take of the game, anywhere), `gone` taken earlier this turn."""
        if marker is None:
            return [s for s in range(self.board.size) if self.on_board[s] and s != gone]
        return [s for s in self.board.touches[marker] if self.on_board[s] and s != gone]

    def options_allowed(self) -> bool:
        """Whether the turn to play may choose B or C (`options_from_turn`)."""
        return self.turns + 1 >= self.options_from_turn

    def may_reveal(self, seat: int) -> bool:
        return not (self.reveal_once and self.revealed_at[seat] is not None)

    def may_challenge(self, seat: int, target: int) -> bool:
        return target != seat and (self.challenge_revealed or self.revealed_at[target] is None)

    def ends_after(self, seat: int, stixx: int, gone: int | None = None) -> str | None:
        """Why the game would end if `seat` took `stixx` now (after taking `gone`
        earlier this turn), or None. The three end conditions of the rulings."""
        own = self.secret[seat]
        if self.end_on_full_colour:
            held = (
                self.held[seat][own]
                + (self.layout[stixx] == own)
                + (gone is not None and self.layout[gone] == own)
            )
            if held == self.per_colour:
                return FULL_COLOUR
        if self.left - 1 - (gone is not None) == 0:
            return EMPTY
        if not any(self.on_board[t] and t != gone for t in self.board.touches[stixx]):
            return ISOLATED
        return None

    def colour_seen_by(self, seat: int, viewer: int | None) -> str | None:
        """The colour of `seat` as `viewer` knows it (None: still secret to them)."""
        if viewer is None or viewer == seat or self.revealed_at[seat] is not None:
            return self.colours[self.secret[seat]]
        return None

    # A turn ----------------------------------------------------------------------

    def turn(self):
        seat = self.seat
        first = self.takeable(self.marker)
        if not self.options_allowed():
            take = yield Choice(
                seat,
                "take",
                first,
                self._take_prompt(first, self.marker),
                self._parse_take(first),
                str,
                {
                    "turn": self.turns + 1,
                    "marker": self._where(),
                    "option": f"A (plain take: options start at turn {self.options_from_turn})",
                },
            )
            return {"seat": seat, "option": "A", "takes": [take]}
        options: list[dict] = [{"option": "A", "take": s} for s in first]
        if self.may_reveal(seat):
            options.append({"option": "B"})
        for target in range(len(self.names)):
            if self.may_challenge(seat, target):
                options += [{"option": "C", "target": target, "colour": c} for c in self.colours]
        pick = yield Choice(
            seat,
            "option",
            options,
            self._option_prompt(),
            self._parse_option(options),
            self._option_notation,
            {"turn": self.turns + 1, "marker": self._where()},
        )
        if pick["option"] == "A":
            return {"seat": seat, "option": "A", "takes": [pick["take"]]}
        move: dict = {"seat": seat, "option": pick["option"]}
        what, said = "reveal", "your colour is revealed; "
        if pick["option"] == "C":
            target, colour = pick["target"], pick["colour"]
            correct = self.colours[self.secret[target]] == colour
            move.update(target=target, colour=colour, correct=correct)
            if not correct:
                return move
            what = f"right challenge of {self.names[target]}"
            said = f"right, {self.names[target]} is {colour}! "
        one = yield Choice(
            seat,
            "take",
            first,
            said + self._take_prompt(first, self.marker, "1 of 2"),
            self._parse_take(first),
            str,
            {"option": f"{pick['option']} ({what})", "take": "1 of 2", "marker": self._where()},
        )
        move["takes"] = [one]
        if self.ends_after(seat, one) is None:
            second = self.takeable(one, gone=one)
            two = yield Choice(
                seat,
                "take",
                second,
                self._take_prompt(second, one, "2 of 2", True),
                self._parse_take(second, one),
                str,
                {
                    "option": f"{pick['option']} ({what})",
                    "take": "2 of 2",
                    "first take": one,
                    "marker": f"on {one}, where the first take was",
                },
            )
            move["takes"].append(two)
        return move

    def _where(self) -> str:
        return "off the board: take any stixx" if self.marker is None else f"on {self.marker}"

    def _take_prompt(self, legal: list[int], marker: int | None, which: str = "", moved: bool = False) -> str:
        # The prompt says where the marker is: between the two takes of a turn
        # the table on screen still shows it where the turn began.
        head = f"take {which}" if which else "take"
        example = f", e.g. {legal[0]}" if legal else ""
        if marker is None:
            return f"{head}: any stixx on the board{example}"
        where = f"now on {marker}, where your first take was" if moved else f"on {marker}"
        return f"{head}: a stixx touching the marker ({where}){example}"

    def _option_prompt(self) -> str:
        return (
            "option: A and a stixx id (take one), B (reveal your colour, take two) "
            "or C seat colour (challenge), e.g. A 12 | B | C 2 red"
        )

    def _parse_take(self, legal: list[int], gone: int | None = None):
        def parse(text: str) -> int:
            words = text.split()
            if len(words) == 2 and words[0].upper() == "A":
                words = words[1:]
            if len(words) != 1 or not words[0].isdigit():
                raise ValueError(f"type one stixx id, e.g. {legal[0] if legal else 12}")
            stixx = int(words[0])
            if stixx == gone:
                raise ValueError(f"you took stixx {stixx} with your first take: its place is empty")
            if stixx not in legal:
                raise ValueError(self._why_not(stixx, legal))
            return stixx

        return parse

    def _why_not(self, stixx: int, legal: list[int]) -> str:
        if not 0 <= stixx < self.board.size:
            return f"there is no stixx {stixx}: ids run from 0 to {self.board.size - 1}"
        if not self.on_board[stixx]:
            return f"stixx {stixx} was already taken: its place is empty"
        return f"stixx {stixx} does not touch the marker; you may take {', '.join(map(str, legal))}"

    def _parse_option(self, options: list[dict]):
        def parse(text: str) -> dict:
            words = text.split()
            if not words or words[0].upper() not in ("A", "B", "C"):
                raise ValueError("start with A, B or C, e.g. A 12 | B | C 2 red")
            letter = words[0].upper()
            if letter == "A":
                if len(words) != 2 or not words[1].isdigit():
                    raise ValueError("A takes one stixx: A and its id, e.g. A 12")
                stixx = int(words[1])
                answer = {"option": "A", "take": stixx}
                if answer not in options:
                    raise ValueError(self._why_not(stixx, [o["take"] for o in options if o["option"] == "A"]))
                return answer
            if letter == "B":
                if len(words) != 1:
                    raise ValueError("B is typed alone; the two takes are asked next")
                if {"option": "B"} not in options:
                    raise ValueError("your colour is already revealed: B only once (reveal_once)")
                return {"option": "B"}
            if len(words) != 3:
                raise ValueError("C names a player (seat or name) and a colour, e.g. C 2 red")
            target = self._seat_named(words[1])
            answer = {"option": "C", "target": target, "colour": self._colour_named(words[2])}
            if answer not in options:
                raise ValueError(
                    f"you may not challenge {self.names[target]}: "
                    + (
                        "that is you"
                        if target == self.seat
                        else "their colour is already revealed (challenge_revealed)"
                    )
                )
            return answer

        return parse

    def _seat_named(self, word: str) -> int:
        if word.isdigit() and int(word) < len(self.names):
            return int(word)
        if word in self.names:
            return self.names.index(word)
        raise ValueError(f"no player {word!r}: seats 0-{len(self.names) - 1} or {', '.join(self.names)}")

    def _colour_named(self, word: str) -> str:
        return colour_named(word, self.colours)

    def _option_notation(self, answer: dict) -> str:
        if answer["option"] == "A":
            return f"A {answer['take']}"
        if answer["option"] == "B":
            return "B"
        return f"C {answer['target']} {answer['colour']}"

    def announce(self, move: dict) -> str:
        name = self.names[move["seat"]]
        took = ", ".join(f"{t} ({self.colours[self.layout[t]]})" for t in move.get("takes") or [])
        if move["option"] == "B":
            news = f"{name} reveals {self.colours[self.secret[move['seat']]]} and takes {took}"
        elif move["option"] == "C":
            target = self.names[move["target"]]
            news = f"{name} challenges {target} with {move['colour']}: "
            news += f"right, and takes {took}" if move["correct"] else f"wrong; {target} plays next"
        else:
            news = f"{name} takes {took}"
        return f"{news}. The game is over: {self.end}." if self.over else f"{news}."

    # Applying a recorded move ----------------------------------------------------

    def apply(self, move: dict) -> None:
        if self.over:
            raise IllegalMove(f"the game is already over ({self.end})")
        seat = require(move, "seat", int)
        if seat != self.seat:
            raise IllegalMove(
                f"wrong player: it is {self.names[self.seat]}'s turn (seat {self.seat}), not seat {seat}"
            )
        option = require(move, "option", str)
        if option not in MOVE_KEYS:
            raise IllegalMove(f'option must be "A", "B" or "C", not {option!r}')
        extra = [k for k in move if k not in MOVE_KEYS[option]]
        if extra:
            raise IllegalMove(f"option {option} has no {extra[0]!r} (keys: {', '.join(MOVE_KEYS[option])})")
        turn = self.turns + 1
        if option != "A" and not self.options_allowed():
            raise IllegalMove(
                f"turn {turn} may only take one stixx (option A): options B and C "
                f"start at turn {self.options_from_turn} (options_from_turn)"
            )
        passes_to = None
        if option == "A":
            takes = self._check_takes(move, seat, 1)
        elif option == "B":
            if not self.may_reveal(seat):
                raise IllegalMove(
                    f"{self.names[seat]}'s colour was already revealed at turn "
                    f"{self.revealed_at[seat]}: B reveals only once (reveal_once)"
                )
            takes = self._check_takes(move, seat, 2)
        else:
            target = require(move, "target", int)
            if not 0 <= target < len(self.names):
                raise IllegalMove(f"there is no seat {target} to challenge: seats 0-{len(self.names) - 1}")
            if target == seat:
                raise IllegalMove("a player cannot challenge themselves")
            if not self.may_challenge(seat, target):
                raise IllegalMove(
                    f"{self.names[target]}'s colour was already revealed at turn "
                    f"{self.revealed_at[target]}: only hidden colours may be "
                    "challenged (challenge_revealed)"
                )
            colour = require(move, "colour", str)
            if colour not in self.colours:
                raise IllegalMove(f"{colour!r} is not a colour of these rules ({', '.join(self.colours)})")
            correct = require(move, "correct", bool)
            truth = self.colours[self.secret[target]] == colour
            if correct != truth:
                raise IllegalMove(
                    f"a challenge outcome that contradicts the secret colours: the move says "
                    f"{self.names[target]}'s colour {'is' if correct else 'is not'} {colour}, "
                    f"but the setup says it {'is' if truth else 'is not'}"
                )
            if correct:
                takes = self._check_takes(move, seat, 2)
            else:
                if move.get("takes", []) != []:
                    raise IllegalMove(
                        "a wrong challenge takes nothing: the turn passes to "
                        f"{self.names[target]}, so the move holds no takes"
                    )
                takes = []
                passes_to = target
            self.challenges.append(
                {"turn": turn, "seat": seat, "target": target, "colour": colour, "correct": correct}
            )
            if correct and self.revealed_at[target] is None:
                self._reveal(target, turn)
        if option == "B" and self.revealed_at[seat] is None:
            self._reveal(seat, turn)

        for stixx, end in takes:
            self._take(seat, stixx, turn, end)
        self.turns = turn
        if self.over:
            self.seat = None
        elif passes_to is not None:
            self.seat = passes_to  # RULINGS: play goes on clockwise from the challenged player
        else:
            self.seat = (seat + 1) % len(self.names)

    def _check_takes(self, move: dict, seat: int, count: int) -> list[tuple[int, str | None]]:
        """The move's takes, each checked against the board before anything
        changes, with the end each one brings (None: the game goes on)."""
        takes = require(move, "takes", list)
        what = (
            "option A takes one stixx"
            if count == 1
            else f"option {move['option']} takes two stixx in sequence"
        )
        if not takes:
            raise IllegalMove(f'{what}, but "takes" is empty')
        if len(takes) > count:
            raise IllegalMove(f'{what}, but "takes" holds {len(takes)}')
        marker, gone, ends = self.marker, None, []
        for n, stixx in enumerate(takes):
            if not isinstance(stixx, int) or isinstance(stixx, bool):
                raise IllegalMove(f"take {n + 1} must be a stixx id (a whole number), not {stixx!r}")
            if not 0 <= stixx < self.board.size:
                raise IllegalMove(f"there is no stixx {stixx}: ids run from 0 to {self.board.size - 1}")
            if not self.on_board[stixx] or stixx == gone:
                who = self.taken_by.get(stixx)
                when = f" by {self.names[who[0]]} at turn {who[1]}" if who else " earlier this turn"
                raise IllegalMove(f"take {n + 1}: stixx {stixx} was already taken{when}; its place is empty")
            if marker is not None and stixx not in self.board.touches[marker]:
                raise IllegalMove(
                    f"take {n + 1}: stixx {stixx} does not touch the marker (on "
                    f"{marker}); a take must touch the marker where it lies"
                )
            end = self.ends_after(seat, stixx, gone)
            if end and n == 0 and len(takes) > 1:
                raise IllegalMove(
                    f"the game ended after take 1 ({self._end_words(end, seat)}), so there is no second take"
                )
            ends.append(end)
            marker, gone = stixx, stixx
        if len(takes) < count and ends[0] is None:
            raise IllegalMove(f'{what}, but "takes" holds one and the game did not end after it')
        return list(zip(takes, ends))

    def _end_words(self, end: str, seat: int) -> str:
        if end == FULL_COLOUR:
            return f"{self.names[seat]} holds all {self.per_colour} stixx of their colour"
        if end == ISOLATED:
            return "the marker touches no stixx"
        return "the board is empty"

    def _reveal(self, seat: int, turn: int) -> None:
        self.revealed_at[seat] = turn
        self.reveal_order.append(seat)

    def _take(self, seat: int, stixx: int, turn: int, end: str | None) -> None:
        self.on_board[stixx] = False
        self.left -= 1
        self.marker = stixx
        self.held[seat][self.layout[stixx]] += 1
        self.taken_by[stixx] = (seat, turn)
        self.takes.append((seat, stixx))
        if end:
            self.over, self.end = True, end

    # The result ----------------------------------------------------------------

    def result(self) -> Result:
        n = len(self.names)
        # Colours still hidden are revealed together at the end, after every
        # colour revealed in play: they share the latest rank.
        rank = [
            self.reveal_order.index(s) + 1 if s in self.reveal_order else len(self.reveal_order) + 1
            for s in range(n)
        ]
        scores, keys, breakdown = [], [], []
        for seat in range(n):
            own = self.secret[seat]
            held = self.held[seat]
            others = [(held[c], c) for c in range(len(self.colours)) if c != own]
            best_other = max(others)[0] if others else 0
            scores.append(held[own])
            keys.append((held[own], best_other, rank[seat]))
            breakdown.append(
                {
                    "colour": self.colours[own],
                    "own": held[own],
                    "most_of_another": best_other,
                    "revealed": (
                        f"turn {self.revealed_at[seat]} ({_ordinal(rank[seat])})"
                        if self.revealed_at[seat] is not None
                        else "at the end"
                    ),
                    "held": {self.colours[c]: held[c] for c in range(len(self.colours)) if held[c]},
                }
            )
        return Result(scores, places(keys), breakdown)

    # What a viewer sees ------------------------------------------------------------

    def view(self, viewer: int | None = None) -> dict:
        players = []
        for seat, name in enumerate(self.names):
            colour = self.colour_seen_by(seat, viewer)
            players.append(
                {
                    "seat": seat,
                    "name": name,
                    "colour": colour,
                    "revealed_at": self.revealed_at[seat],
                    "held": {self.colours[c]: k for c, k in enumerate(self.held[seat]) if k},
                    "score": self.held[seat][self.colours.index(colour)] if colour is not None else None,
                }
            )
        out = {
            "turn": self.turns,
            "to_move": self.seat,
            "options_from_turn": self.options_from_turn,
            "over": self.over,
            "end": self.end,
            "marker": self.marker,
            "layout": [self.colours[c] for c in self.layout],
            "on_board": [s for s in range(self.board.size) if self.on_board[s]],
            "takes": [
                {"seat": seat, "stixx": s, "colour": self.colours[self.layout[s]]} for seat, s in self.takes
            ],
            "players": players,
            "reveal_order": list(self.reveal_order),
            "challenges": [dict(c) for c in self.challenges],
            "layout_warnings": list(self.warnings),
        }
        if viewer is not None:
            out["viewer"] = viewer
        return out

    def render(self, viewer: int | None = None):
        from .render import render_state

        return render_state(self, viewer)


def colour_named(word: str, colours: list[str]) -> str:
    """A colour from its name or its first letters, as a person types it."""
    low = word.lower()
    for c in colours:
        if c.lower() == low:
            return c
    matches = [c for c in colours if c.lower().startswith(low)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise ValueError(f"{word!r} could be {' or '.join(matches)}: type more of the name")
    raise ValueError(f"{word!r} is not a colour: {', '.join(colours)}")


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
