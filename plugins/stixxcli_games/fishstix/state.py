"""One game of Fish Stix in progress: hands, pile, layout and score tracks.

A turn plays one stick from the hand, scores it, and draws one stick if the
pile is not empty (RULINGS.md, Fish Stix, A turn). The drawn stick is a chance
outcome private to the drawer, recorded in the move, so a log checks without
knowing the pile's order.
"""

from __future__ import annotations

from stixxcli.game import Chance, Choice, IllegalMove, Result, State, places, require

from .layout import Layout, Placement
from .sticks import FISH_PER_STICK, fish_text, turned_round

MOVE_KEYS = ("seat", "stick", "turned", "column", "row", "points", "draw")
MOVE_KEY_SET = frozenset(MOVE_KEYS)
MOVE_TYPES = (int, str, bool, int, int, dict, (str, type(None)))  # "draw" is text or null
PLACE_PROMPT = "place: hand number, r to turn it round, column, top row (e.g. 2 r 3 -1)"


class FishStixState(State):
    def __init__(
        self, rules: dict, names: list[str], deck, start: str, hands: list[list[str]], pile: dict[str, int]
    ):
        self.names = names
        self.deck = deck
        self.kinds = deck.kinds
        self.target = rules["target_points"]
        self.end_when_pile_empty = rules["end_when_pile_empty"]
        self.hands = hands
        self.pile = pile  # stick text -> how many are left; the order is not known
        self.pile_size = sum(pile.values())
        self.layout = Layout()
        self.layout.place(Placement(start, False, 0, 0, None, deck.fish[start]))
        kinds = len(self.kinds)
        self.tracks = [[0] * kinds for _ in names]  # capped at target_points
        self.scored = [[0] * kinds for _ in names]  # every point the rule gave
        self.full = [0] * len(names)  # how many tracks of each seat reached target_points
        self.seat: int | None = 0
        self.over = False
        self.winner: int | None = None  # the seat that filled all its tracks
        self.turns = 0
        self._check_end()

    # Asking for a turn ----------------------------------------------------------

    def turn(self):
        seat = self.seat
        options = self.legal_moves()
        answer = yield Choice(seat, "place", options, PLACE_PROMPT, self.parse_move, self.notation)
        stick, fish = self._answer_stick(seat, answer)
        column, row = answer["column"], answer["row"]
        points = self.layout.points(fish, column, row, self.kinds)
        draw = None
        if not self.fills_all(seat, points) and self.pile_size:
            draw = yield Chance(
                "draw",
                f"the stick {self.names[seat]} draws from the pile, "
                f"top to bottom, e.g. {self.deck.sticks[0]}",
                self._draw,
                self._read_draw,
                seat=seat,
            )
        return {
            "seat": seat,
            "stick": stick,
            "turned": answer["turned"],
            "column": column,
            "row": row,
            "points": points,
            "draw": draw,
        }

    def legal_moves(self) -> list[dict]:
        """Every (hand stick, way up, place); a stick held twice is offered once."""
        if self.over:
            return []
        spots = self.layout.places()
        options = []
        seen = set()
        for number, stick in enumerate(self.hands[self.seat], start=1):
            if stick in seen:
                continue
            seen.add(stick)
            for turned in (False, True):
                options.extend({"hand": number, "turned": turned, "column": c, "row": r} for c, r in spots)
        return options

    def parse_move(self, text: str) -> dict:
        words = text.lower().replace(",", " ").split()
        turned = False
        if len(words) == 4 and words[1] in ("r", "t"):
            turned = True
            del words[1]
        if len(words) != 3:
            raise ValueError(
                "type the hand number, r if turned round, the column and the top row, e.g. 2 r 3 -1"
            )
        try:
            number, column, row = (int(w) for w in words)
        except ValueError:
            raise ValueError(f"{text!r}: hand number, column and row are whole numbers") from None
        hand = self.hands[self.seat]
        if not 1 <= number <= len(hand):
            raise ValueError(f"your hand holds sticks 1 to {len(hand)}, not {number}")
        fish = self.deck.fish[hand[number - 1]]
        problem = self.place_problem(turned_round(fish) if turned else fish, column, row)
        if problem:
            raise ValueError(problem)
        # A stick held twice is offered under its first number (see legal_moves).
        return {"hand": hand.index(hand[number - 1]) + 1, "turned": turned, "column": column, "row": row}

    def notation(self, answer: dict) -> str:
        way = " r" if answer["turned"] else ""
        return f"{answer['hand']}{way} {answer['column']} {answer['row']}"

    def _answer_stick(self, seat: int, answer) -> tuple[str, tuple]:
        number = require(answer, "hand", int, "the answer")
        hand = self.hands[seat]
        if not 1 <= number <= len(hand):
            raise IllegalMove(f"the hand holds sticks 1 to {len(hand)}, not {number}")
        turned = require(answer, "turned", bool, "the answer")
        require(answer, "column", int, "the answer")
        require(answer, "row", int, "the answer")
        stick = hand[number - 1]
        fish = self.deck.fish[stick]
        return stick, (turned_round(fish) if turned else fish)

    def _draw(self, rng) -> str:
        return rng.choice([s for s, n in sorted(self.pile.items()) for _ in range(n)])

    def _read_draw(self, text: str) -> str:
        stick = self.deck.read(text)
        if not self.pile.get(stick):
            raise ValueError(f"no {stick!r} is left in the pile")
        return stick

    # Rules -------------------------------------------------------------------------

    def place_problem(self, fish: tuple, column: int, row: int) -> str | None:
        """Why the stick may not stand at (column, row), or None."""
        taken = self.layout.taken(column, row)
        if taken is not None:
            there = fish_text(self.layout.cells[(column, taken)], self.kinds)
            return (
                f"column {column}, row {taken} already holds a fish ({there}): "
                f"a stick needs 4 empty cells, nothing is stacked"
            )
        if not self.layout.touches(column, row):
            return (
                f"no fish of the stick at column {column}, rows {row} to {row + FISH_PER_STICK - 1} "
                f"would have a fish directly left or right of it: a stick must line up "
                f"with a fish on the board"
            )
        return None

    def fills_all(self, seat: int, points: dict[str, int]) -> bool:
        """Whether these points bring every track of `seat` to target_points."""
        track, index, target = self.tracks[seat], self.deck.index, self.target
        newly = sum(1 for kind, n in points.items() if track[index[kind]] < target <= track[index[kind]] + n)
        return self.full[seat] + newly == len(track)

    def _fields(self, move: dict) -> tuple:
        """The move's fields, each of the right type, or IllegalMove naming the first wrong one."""
        if len(move) == len(MOVE_KEYS):
            get = move.get
            fields = (
                get("seat"),
                get("stick"),
                get("turned"),
                get("column"),
                get("row"),
                get("points"),
                get("draw"),
            )
            # Exact types: JSON gives no subclasses, and true/false is not a number.
            if (
                type(fields[0]) is int
                and type(fields[1]) is str
                and type(fields[2]) is bool
                and type(fields[3]) is int
                and type(fields[4]) is int
                and type(fields[5]) is dict
                and (fields[6] is None or type(fields[6]) is str)
            ):
                return fields
        for key in move:
            if key not in MOVE_KEY_SET:
                raise IllegalMove(f"unknown key {key!r} in the move (keys: {', '.join(MOVE_KEYS)})")
        return tuple(require(move, key, kind) for key, kind in zip(MOVE_KEYS, MOVE_TYPES))

    def apply(self, move: dict) -> None:
        seat = self.seat
        claimed, stick, turned, column, row, recorded, draw = self._fields(move)
        if claimed != seat:
            raise IllegalMove(
                f"wrong player: it is {self.names[seat]}'s turn (seat {seat}), not seat {claimed}"
            )
        fish = (self.deck.turned if turned else self.deck.fish).get(stick)
        if fish is None:
            raise IllegalMove(self.deck.unknown_stick(stick))
        hand = self.hands[seat]
        if stick not in hand:
            raise IllegalMove(
                f"{self.names[seat]} has no {stick!r} in hand (the hand holds: {'; '.join(hand)})"
            )
        if not self.layout.fits(column, row):
            raise IllegalMove(self.place_problem(fish, column, row))
        points = self.layout.points(fish, column, row, self.kinds)
        self._check_points(recorded, points)
        fills_all = bool(points) and self.fills_all(seat, points)
        if fills_all or not self.pile_size:
            if draw is not None:
                why = (
                    "the game ends at once when a player has target points in every kind"
                    if fills_all
                    else "the pile is empty"
                )
                raise IllegalMove(f'"draw" must be null: {why}')
        elif draw is None:
            raise IllegalMove(
                f'"draw" is null, but the pile still holds {self.pile_size} '
                f"stick(s): after playing, the player draws one"
            )
        elif not self.pile.get(draw):
            if draw not in self.deck.fish:
                raise IllegalMove("draw: " + self.deck.unknown_stick(draw))
            raise IllegalMove(
                f"drew {draw!r}, but no such stick is left in the pile "
                f"(every one of them is dealt, played or drawn)"
            )

        # Every check passed: change the state.
        hand.remove(stick)
        self.layout.place(Placement(stick, turned, column, row, seat, fish))
        track, scored, index = self.tracks[seat], self.scored[seat], self.deck.index
        for kind, n in points.items():
            k = index[kind]
            scored[k] += n
            if track[k] < self.target <= track[k] + n:
                self.full[seat] += 1
            track[k] = min(self.target, track[k] + n)
        if draw is not None:
            hand.append(draw)
            self.pile[draw] -= 1
            if not self.pile[draw]:
                del self.pile[draw]
            self.pile_size -= 1
        self.turns += 1
        if fills_all:
            self.winner, self.over, self.seat = seat, True, None
            return
        self._check_end()

    def _check_points(self, recorded: dict, points: dict[str, int]) -> None:
        if recorded == points and all(type(n) is int for n in recorded.values()):
            return
        for kind, n in recorded.items():
            if kind not in self.deck.index:
                raise IllegalMove(f"points: {kind!r} is not a kind of fish ({', '.join(self.kinds)})")
            if isinstance(n, bool) or not isinstance(n, int):
                raise IllegalMove(f"points: {kind} must be a whole number, not {n!r}")
            if n <= 0:
                raise IllegalMove(f"points: {kind} {n}: list only the kinds that scored")
        if recorded != points:
            raise IllegalMove(
                f"the move records {describe(recorded)}, but the stick scores "
                f"{describe(points)} (a run of 2 or more fish of one kind facing "
                f"one way scores its length)"
            )

    def _check_end(self) -> None:
        """After a move (or the deal): the game ends, or the next seat plays.

        Everyone draws after playing until the pile is empty, so from then on the
        hands shrink together: when the next seat's hand is played out, all are.
        """
        if not self.pile_size and (self.end_when_pile_empty or not any(self.hands)):
            self.over, self.seat = True, None
            return
        self.seat = 0 if self.turns == 0 else (self.seat + 1) % len(self.names)

    # Reading the state -------------------------------------------------------------

    def result(self) -> Result:
        totals = [sum(track) for track in self.tracks]
        keys = [(seat == self.winner, totals[seat]) for seat in range(len(self.names))]
        breakdown = []
        for seat, track in enumerate(self.tracks):
            # The six tracks, then the points lost to the cap.
            parts = dict(zip(self.kinds, track))
            parts["beyond_target"] = sum(self.scored[seat]) - totals[seat]
            parts["all_kinds_full"] = seat == self.winner
            breakdown.append(parts)
        return Result(totals, places(keys), breakdown)

    def view(self, viewer: int | None = None) -> dict:
        hands = []
        for seat, hand in enumerate(self.hands):
            hands.append(list(hand) if viewer is None or viewer == seat else {"sticks": len(hand)})
        pile: dict = {"sticks": self.pile_size}
        if viewer is None:
            pile["contents"] = sorted(s for s, n in self.pile.items() for _ in range(n))
        return {
            "layout": [
                {
                    "stick": p.stick,
                    "turned": p.turned,
                    "column": p.column,
                    "row": p.row,
                    "seat": p.seat,
                    "fish": self.deck.text(p.fish),
                }
                for p in self.layout.placements
            ],
            "tracks": [dict(zip(self.kinds, track)) for track in self.tracks],
            "hands": hands,
            "pile": pile,
            "to_move": self.seat,
            "over": self.over,
            "winner": self.winner,
        }

    def move_view(self, move: dict, viewer: int | None = None) -> dict:
        # The stick drawn is seen by its drawer alone; that nothing was drawn is public.
        if viewer is None or move.get("seat") == viewer or move.get("draw") is None:
            return move
        return {key: value for key, value in move.items() if key != "draw"}

    def render(self, viewer: int | None = None):
        from .render import render_state

        return render_state(self, viewer)

    def draw_svg(self, viewer: int | None = None) -> str:
        from .drawing import draw_svg

        return draw_svg(self, viewer)

    def move_text(self, move: dict) -> str:
        from .drawing import move_text

        return move_text(self, move)


def describe(points: dict) -> str:
    if not points:
        return "no points"
    return ", ".join(f"{kind} {n}" for kind, n in points.items())
