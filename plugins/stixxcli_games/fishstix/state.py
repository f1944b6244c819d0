"""One game of Fish Stix in progress: hands, pile, grid and score tracks.

A turn plays one stick from the hand, scores it, and draws one stick if the
pile is not empty (docs/games/fishstix.md, The grid). The drawn stick is a
chance outcome private to the drawer, recorded in the move, so a log checks
without knowing the pile's order.

With an open deck (a game followed at a real table, docs/games/fishstix.md,
Playing along with a real box) the pile's contents are unknown: any
well-written stick may be dealt or drawn, and only the pile's size counts.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from stixxcli.errors import IllegalMove
from stixxcli.game import Chance, Choice, Options, Result, State, places, require

from . import notation
from .board import FISH_PER_STICK, turned_round
from .grid import PLACE_STRIDE, ROW_LIMIT, Grid, place_key, place_of


class PlaceOptions(Options):
    """Every (hand stick, way up, place) of a turn, made one at a time when asked
    for: the random bot picks one by its index and never builds the others.

    In order: each distinct stick by hand number, as it is then turned round,
    each at every legal place in (column, top row) order.
    """

    __slots__ = ("numbers", "keys", "size", "_key_set")

    def __init__(self, numbers: list[int], keys: list[int]):
        self.numbers, self.keys, self._key_set = numbers, keys, None  # keys: the places' place_keys
        self.size = 2 * len(numbers) * len(keys)

    @property
    def spots(self) -> list[tuple[int, int]]:
        """Every legal (column, top row), in order."""
        return list(map(place_of, self.keys))

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i):
        if type(i) is int and 0 <= i < self.size:  # a bot's pick, the common case: answer(i) inline
            keys = self.keys
            way, spot = divmod(i, len(keys))
            key = keys[spot]
            column = (key + ROW_LIMIT) // PLACE_STRIDE  # place_of, written out
            return {
                "hand": self.numbers[way >> 1],
                "turned": way & 1 == 1,
                "column": column,
                "row": key - column * PLACE_STRIDE,
            }
        return super().__getitem__(i)  # from the end, slices, out of bounds

    def answer(self, i: int) -> dict:
        way, spot = divmod(i, len(self.keys))
        number, turned = divmod(way, 2)
        column, row = place_of(self.keys[spot])
        return {"hand": self.numbers[number], "turned": bool(turned), "column": column, "row": row}

    def __contains__(self, answer) -> bool:
        if not isinstance(answer, dict) or set(answer) != {"hand", "turned", "column", "row"}:
            return False
        if self._key_set is None:
            self._key_set = set(self.keys)
        hand, turned, column, row = answer["hand"], answer["turned"], answer["column"], answer["row"]
        return (
            type(hand) is int  # true is not 1 here
            and type(turned) is bool
            and type(column) is int
            and type(row) is int
            and hand in self.numbers
            and -ROW_LIMIT < row < ROW_LIMIT
            and place_key(column, row) in self._key_set
        )


def _rows(row: int) -> str:
    """The four rows a stick at top row `row` covers, as a message names them:
    a row typed with thousands of digits by its length (it cannot be written out)."""
    from stixxcli.params import shown

    text = shown(row)
    if not text.lstrip("-").isdigit():
        return f"the {FISH_PER_STICK} rows from {text} down"
    return f"rows {row} to {row + FISH_PER_STICK - 1}"


class FishStixState(State):
    def __init__(
        self,
        rules: dict,
        names: list[str],
        deck,
        start: str,
        hands: list[list[str]],
        pile: dict[str, int] | None,
        pile_size: int | None = None,
    ):
        self.names = names
        self.players = len(names)
        self.deck = deck
        self.kinds = deck.kinds
        self.target = rules["target_points"]
        self.end_when_pile_empty = rules["end_when_pile_empty"]
        self.hands = hands
        # Stick text -> how many are left (the order is not known); None with an
        # open deck, whose contents are not known either.
        self.pile = pile
        self.open_deck = pile is None
        self.pile_size = sum(pile.values()) if pile is not None else pile_size
        # The pile listed in text order, for a draw by its index: made at the
        # first draw (checking a log never draws), then kept up to date.
        self._pile_list: list[str] | None = None
        self._scored = None  # (fish, column, row, points) worked out by turn(), for apply
        # Every stick that can be met, by its text: the deck's, and with an open
        # deck every stick dealt or drawn so far.
        self.fish = deck.fish if pile is not None else dict(deck.fish)
        self.turned_fish = deck.turned if pile is not None else dict(deck.turned)
        if self.open_deck:
            for stick in [start, *(s for hand in hands for s in hand)]:
                self._learn(stick)
        self.grid = Grid(len(self.kinds), deck.codes)
        self._grid_view: list[dict] = []  # the grid as the view shows it, made when first asked
        self.grid.place(start, False, 0, 0, None, self.fish[start])
        kinds = len(self.kinds)
        self.tracks = [[0] * kinds for _ in names]  # capped at target_points
        self.scored = [[0] * kinds for _ in names]  # every point the rule gave
        self.full = [0] * len(names)  # how many tracks of each seat reached target_points
        self.seat: int | None = 0
        self.over = False
        self.winner: int | None = None  # the seat that filled all its tracks
        # Each seat's draw is the same question every turn: made at the first
        # turn (checking a log asks none), not once a turn.
        self._draws: list[Chance] | None = None
        self._check_end()

    @property
    def turns(self) -> int:
        """The turns played: every stick on the grid but the start stick."""
        return len(self.grid.placed) - 1

    def _learn(self, stick: str) -> None:
        """With an open deck: remember the fish of a (well-written) stick met in play."""
        if stick not in self.fish:
            fish = notation.read_exact(stick, self.deck.index)
            self.fish[stick] = fish
            self.turned_fish[stick] = turned_round(fish)

    # Asking for a turn ----------------------------------------------------------

    def turn(self):
        seat = self.seat
        answer = yield Choice(
            seat,
            "place",
            self.legal_moves(),
            notation.PLACE_PROMPT,
            self.parse_move,
            notation.place_text,
            told=self._placing_words,
        )
        stick, turned, column, row = self._answer_stick(seat, answer)
        fish = (self.turned_fish if turned else self.fish)[stick]
        points = self.grid.scored(fish, column, row, self.kinds)
        if points is None:  # no place for it: apply refuses the move, saying why
            points = self.grid.points(fish, column, row, self.kinds)
            fills_all = False
        else:
            # No points, no track filled (a seat with every track full has won already).
            fills_all = bool(points) and self.fills_all(seat, points)
            self._scored = (fish, column, row, points, fills_all)
        draw = None
        if self.pile_size and not fills_all:
            draw = yield (self._draws or self._draw_questions())[seat]
        return {
            "seat": seat,
            "stick": stick,
            "turned": turned,
            "column": column,
            "row": row,
            "points": points,
            "draw": draw,
        }

    def _placing_words(self, answer: dict) -> str:
        stick, turned, column, row = self._answer_stick(self.seat, answer)
        fish = (self.turned_fish if turned else self.fish)[stick]
        return notation.placing_words(fish, self.kinds, column, row)

    def _draw_questions(self) -> list[Chance]:
        prompt = f"the stick drawn from the pile, top to bottom, e.g. {self.deck.sticks[0]}"
        self._draws = [
            Chance("draw", prompt, self._draw, self._read_draw, seat=s) for s in range(self.players)
        ]
        return self._draws

    def legal_moves(self) -> Sequence[dict]:
        """Every (hand stick, way up, place); a stick held twice is offered once."""
        if self.over:
            return []
        hand = self.hands[self.seat]
        if len(set(hand)) == len(hand):  # the common case: every stick is offered
            numbers = list(range(1, len(hand) + 1))
        else:
            numbers = [
                number for number, stick in enumerate(hand, start=1) if hand.index(stick) == number - 1
            ]
        return PlaceOptions(numbers, self.grid.place_keys())

    def parse_move(self, text: str) -> dict:
        hand = self.hands[self.seat]
        number, turned, column, row = notation.read_place(text, len(hand))
        fish = self.fish[hand[number - 1]]
        problem = self.place_problem(turned_round(fish) if turned else fish, column, row)
        if problem:
            raise ValueError(problem)
        # A stick held twice is offered under its first number (see legal_moves).
        return {"hand": hand.index(hand[number - 1]) + 1, "turned": turned, "column": column, "row": row}

    def notation(self, answer: dict) -> str:
        return notation.place_text(answer)

    def help(self, choice: Choice, all: bool = False) -> str:
        """The notation, the legal places, and per stick in hand the choices that
        score; `all` lists every choice too."""
        seat = choice.seat
        hand = self.hands[seat]
        options = choice.options
        spots = options.spots if isinstance(options, PlaceOptions) else self.grid.places()
        numbers = (
            options.numbers if isinstance(options, PlaceOptions) else sorted({o["hand"] for o in options})
        )
        grouped = []
        for number in numbers:
            stick = hand[number - 1]
            scoring = []
            for turned in (False, True):
                fish = self.turned_fish[stick] if turned else self.fish[stick]
                for column, row in spots:
                    points = self.grid.points(fish, column, row, self.kinds)
                    if points:
                        answer = {"hand": number, "turned": turned, "column": column, "row": row}
                        scoring.append((notation.place_text(answer), points))
            grouped.append((number, stick, scoring))
        if all:
            ordered = sorted(options, key=lambda o: (o["hand"], o["turned"], o["column"], o["row"]))
            every = [notation.place_text(o) for o in ordered]
        else:
            every = None
        return notation.help_text(grouped, spots, every)

    def _answer_stick(self, seat: int, answer) -> tuple[str, bool, int, int]:
        """The stick, way up and place of an answer, once its shape is checked."""
        hand = self.hands[seat]
        if type(answer) is dict and len(answer) == 4:  # the common case, in one look
            try:
                number, turned, column, row = (
                    answer["hand"],
                    answer["turned"],
                    answer["column"],
                    answer["row"],
                )
            except KeyError:
                pass  # the checks below say which key is missing
            else:
                if (
                    type(number) is int
                    and type(turned) is bool
                    and type(column) is int
                    and type(row) is int
                    and 0 < number <= len(hand)
                ):
                    return hand[number - 1], turned, column, row
        number = require(answer, "hand", int, "the answer")
        if not 1 <= number <= len(hand):
            raise IllegalMove(f"the hand holds sticks 1 to {len(hand)}, not {number}")
        turned = require(answer, "turned", bool, "the answer")
        column = require(answer, "column", int, "the answer")
        row = require(answer, "row", int, "the answer")
        return hand[number - 1], turned, column, row

    def _draw(self, rng) -> str:
        if self.open_deck:
            # Resumed without typed chance: a stick of the rules' deck stands in.
            return rng.choice(self.deck.sticks)
        return (self._pile_list or self.pile_list())[rng.randrange(self.pile_size)]

    def pile_list(self) -> list[str]:
        """The sticks left in the pile, in text order (a closed deck only)."""
        if self._pile_list is None:
            self._pile_list = sorted(s for s, n in self.pile.items() for _ in range(n))
        return self._pile_list

    def _read_draw(self, text: str) -> str:
        stick = notation.read_stick(self.deck, text, self.open_deck)
        if not self.open_deck and not self.pile.get(stick):
            # Held or on the table: only the table is said, a hand is no one else's business.
            placed = sum(put[0] == stick for put in self.grid.placed)
            if placed == self.deck.counts.get(stick, 0):
                raise ValueError(f"stick {stick!r} stands on the table already: check the stick you drew")
            raise ValueError(f"stick {stick!r} cannot be drawn now: check the stick you drew")
        return stick

    # Rules -------------------------------------------------------------------------

    def place_problem(self, fish: tuple, column: int, row: int) -> str | None:
        """Why the stick may not stand at (column, row), or None."""
        taken = self.grid.taken(column, row)
        if taken is not None:
            there = notation.fish_text(self.grid.fish_at(column, taken), self.kinds)
            return (
                f"column {column}, row {taken} already holds a fish ({there}): "
                f"a stick needs 4 empty cells, nothing is stacked"
            )
        if not self.grid.touches(column, row):
            from stixxcli.params import shown

            return (
                f"no fish of the stick at column {shown(column)}, {_rows(row)} "
                f"would have a fish directly left or right of it: a stick must line up "
                f"with a fish on the board"
            )
        return None

    def fills_all(self, seat: int, points: dict[str, int]) -> bool:
        """Whether these points bring every track of `seat` to target_points."""
        track = self.tracks[seat]
        if self.full[seat] + len(points) < len(track):
            return False  # each kind fills one track at most: too few (most turns)
        index, target = self.deck.index, self.target
        newly = sum(1 for kind, n in points.items() if track[index[kind]] < target <= track[index[kind]] + n)
        return self.full[seat] + newly == len(track)

    def apply(self, move: dict) -> None:
        # The core has checked the move against move_schema (every key, every
        # type) and that it is this seat's turn: what is left are the rules.
        seat = self.seat
        stick, turned, column, row = move["stick"], move["turned"], move["column"], move["row"]
        hand = self.hands[seat]
        fish = (self.turned_fish if turned else self.fish).get(stick)
        if fish is None or stick not in hand:
            self._refuse_stick(seat, stick, turned, fish)
        scored = self._scored
        self._scored = None
        grid = self.grid
        if scored is not None and scored[0] is fish and scored[1] == column and scored[2] == row:
            # The same stick at the same place on the same grid: turn() found it fits and scored it.
            points, fills_all = scored[3], scored[4]
            grid.place(stick, turned, column, row, seat, fish)
        else:
            # Scored and placed in one look at its cells; taken back if the move is refused below.
            points = grid.scored(fish, column, row, self.kinds, (stick, turned, column, row, seat, fish))
            if points is None:
                raise IllegalMove(self.place_problem(fish, column, row))
            fills_all = self.fills_all(seat, points) if points else False
        try:
            if move["points"] != points:
                self._check_points(move["points"], points)
            draw = move["draw"]
            pile = self.pile
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
            elif pile is None:  # an open deck
                problem = notation.stick_problem(draw, self.kinds, self.deck.index)
                if problem:
                    raise IllegalMove(f"draw: stick {draw!r}: {problem}")
            else:
                left = pile.get(draw)
                if not left:
                    if draw not in self.deck.fish:
                        raise IllegalMove("draw: " + notation.unknown_stick(self.deck, draw))
                    raise IllegalMove(
                        f"drew {draw!r}, but no such stick is left in the pile "
                        f"(every one of them is dealt, played or drawn)"
                    )
        except BaseException:
            grid.take_back()  # the move is refused: the state stays as it was
            raise
        # Every check passed: change the state.
        hand.remove(stick)
        if points:
            track, scored, index, target = self.tracks[seat], self.scored[seat], self.deck.index, self.target
            for kind, n in points.items():
                k = index[kind]
                scored[k] += n
                if track[k] < target <= track[k] + n:
                    self.full[seat] += 1
                track[k] = min(target, track[k] + n)
        if draw is not None:
            hand.append(draw)
            if pile is None:
                self._learn(draw)
            else:
                if left > 1:
                    pile[draw] = left - 1
                else:
                    del pile[draw]
                if self._pile_list is not None:
                    del self._pile_list[bisect_left(self._pile_list, draw)]
            self.pile_size -= 1
        if fills_all:
            self.winner, self.over, self.seat = seat, True, None
        elif not self.pile_size and (self.end_when_pile_empty or not any(self.hands)):
            self.over, self.seat = True, None  # _check_end, written out
        else:
            self.seat = (seat + 1) % self.players

    def _refuse_stick(self, seat: int, stick: str, turned: bool, fish: tuple | None) -> None:
        """Why the played stick is refused: not a stick, or not in the hand."""
        if fish is None:
            if self.open_deck:
                problem = notation.stick_problem(stick, self.kinds, self.deck.index)
                if problem:
                    raise IllegalMove(f"stick {stick!r}: {problem}")
            else:
                raise IllegalMove(notation.unknown_stick(self.deck, stick, turned))
        hand = self.hands[seat]
        if stick not in hand:
            raise IllegalMove(
                f"{self.names[seat]} has no {stick!r} in hand (the hand holds: {'; '.join(hand)})"
            )

    def _check_points(self, recorded: dict, points: dict[str, int]) -> None:
        """Why the recorded points differ from what the stick scores (numbers of
        at least 1 are move_schema's to check)."""
        for kind in recorded:
            if kind not in self.deck.index:
                raise IllegalMove(f"points: {kind!r} is not a kind of fish ({', '.join(self.kinds)})")
        if recorded != points:
            raise IllegalMove(
                f"the move records {notation.points_text(recorded)}, but the stick scores "
                f"{notation.points_text(points)} (a run of 2 or more fish of one kind facing "
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

    def announce(self, move: dict) -> str:
        """What the table hears of a move just applied: never the stick drawn."""
        placed = self.grid.placements[-1]
        said = notation.announcement(
            self.names[move["seat"]],
            placed.fish,
            self.kinds,
            placed.column,
            placed.row,
            move["points"],
            self.winner == move["seat"],
        )
        if self.over and self.winner is None:  # the end, told as the other games tell theirs
            said += (
                "; the pile is empty: the game is over"
                if any(self.hands)
                else "; every stick is played: the game is over"
            )
        return said

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
        if viewer is None and not self.open_deck:
            pile["contents"] = list(self.pile_list())
        # The sticks on the table, in the order played. Each entry is made once (a
        # bot reads the view every turn, validation never), so readers must not change them.
        shown = self._grid_view
        for p in self.grid.placements[len(shown) :]:
            shown.append(
                {
                    "stick": p.stick,
                    "turned": p.turned,
                    "column": p.column,
                    "row": p.row,
                    "seat": p.seat,
                    "fish": notation.stick_text(p.fish, self.kinds),
                }
            )
        return {
            "grid": list(shown),
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
