"""A Sixto game in progress: every player's sheet, the dice still in play, and
one turn (roll, maybe re-roll, everyone crosses) as one recorded move.

The move of a turn:
  {"seat": 2,
   "rolls": [{"red": 3, "yellow": 5, ...}, {...the re-roll, if any...}],
   "crosses": [[["red", 4], ["blue", 7]], [], [["green", 2]]]}
`crosses[s]` holds the crosses of seat s as [colour, box] pairs, boxes
numbered 1-12 as printed; the last roll is the one they use. The move's shape
is `Sixto.move_schema` (game.py), checked by the core before `apply`; the
rules are checked here. Rulings: docs/games/sixto.md.
"""

from __future__ import annotations

import itertools

from stixxcli.game import Chance, Choice, IllegalMove, Options, Result, State, places
from stixxcli.text import counted

from . import notation
from .board import first_target_box, score_counts

DIE_FACES = 6
_FACES = frozenset(range(1, DIE_FACES + 1))
_INT = {int}
# A row with no box left to cross (closed, or crossed as far as it can be): no
# box for any die value. Shared and never changed; `is _NO_BOXES` tells a dead row.
_NO_BOXES = [[]] * (DIE_FACES + 1)
HELP_ALL_LIMIT = 10_000  # answers `help all` lists; a transcribed sheet could allow millions


_ROW_TABLES: dict[tuple, list] = {}


def _row_table(numbers: list[int], first_target: int) -> list:
    """For a row of numbers: [first box open][target area open][die value] ->
    the boxes (from 1) showing that value, from the first open box on. Made
    once per distinct row and kept (the sample sheets have 72 rows); the lists
    are shared and never changed."""
    key = (tuple(numbers), first_target)
    table = _ROW_TABLES.get(key)
    if table is None:
        table = []
        for start in range(len(numbers) + 1):
            both = []
            for last in (first_target, len(numbers)):
                by_value: list[list[int]] = [[] for _ in range(DIE_FACES + 1)]
                for box in range(start, last):
                    by_value[numbers[box]].append(box + 1)
                both.append(by_value if start < last else _NO_BOXES)
            table.append(both)
        if len(_ROW_TABLES) < 10_000:  # typed-in sheets add rows; keep the memory bounded
            _ROW_TABLES[key] = table
    return table


_SHEET_STARTS: dict[tuple, tuple] = {}


def _sheet_start(sheet: list[list[int]], colours: notation.Colours, first_target: int, target_min: int):
    """A sheet's row tables (see _row_table), and for each colour the boxes open
    before the first cross: made once per sheet and rules, as a corpus deals
    the same twelve sample sheets thousands of times. Found by the sheet's id
    and then checked to hold the same numbers, so a changed sheet or a reused
    id is never mistaken for it. Shared: the caller copies the open boxes."""
    key = (id(sheet), first_target, target_min)
    made = _SHEET_STARTS.get(key)
    if made is not None and made[0] is colours and made[1] == sheet:
        return made[2], made[3]
    tables = [_row_table(line, first_target) for line in sheet]
    targets_open = target_min <= 0
    open_ = {colour: tables[row][0][targets_open] for row, colour in enumerate(colours.names)}
    if len(_SHEET_STARTS) < 1000:  # typed-in sheets are new every game; keep the memory bounded
        _SHEET_STARTS[key] = (colours, [list(line) for line in sheet], tables, open_)
    return tables, open_


class CrossOptions(Options):
    """Every legal set of crosses of one seat for one roll: for each row, no
    cross or one of its candidate boxes. The i-th answer is decoded from i, so
    the set is never built (a bot picks one by its index)."""

    __slots__ = ("candidates", "size")

    def __init__(self, candidates: list[tuple[str, list[int]]], size: int | None = None):
        self.candidates = candidates  # (colour, boxes from 1 it may cross) in row order
        if size is None:
            size = 1
            for _, boxes in candidates:
                size *= len(boxes) + 1
        self.size = size  # the product of (boxes + 1) over the candidates

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i):
        # A bot's pick is a plain index in range: decode it at once. Everything
        # else (from the end, slices, out of range) is the core's Options.
        if type(i) is int and 0 <= i < self.size:
            return self.answer(i)
        return Options.__getitem__(self, i)

    def answer(self, i: int) -> list:
        crosses = []
        for colour, boxes in self.candidates:
            i, pick = divmod(i, len(boxes) + 1)
            if pick:
                crosses.append([colour, boxes[pick - 1]])
        return crosses

    def __contains__(self, answer) -> bool:
        if not isinstance(answer, list):
            return False
        allowed = dict(self.candidates)
        seen = set()
        for cross in answer:
            if not (
                isinstance(cross, list)
                and len(cross) == 2
                and cross[0] in allowed
                and cross[0] not in seen
                and cross[1] in allowed[cross[0]]
                and not isinstance(cross[1], bool)
            ):
                return False
            seen.add(cross[0])
        return True

    def as_list(self) -> list:
        """Every answer, in index order (for tests and `help all`; never for bots)."""
        rows = [[None, *boxes] for _, boxes in self.candidates]
        colours = [colour for colour, _ in self.candidates]
        return [
            [[colour, box] for colour, box in zip(colours, reversed(picks)) if box is not None]
            for picks in itertools.product(*reversed(rows))
        ]


class SixtoState(State):
    def __init__(self, rules: dict, names: list[str], letters: list[str], numbers: list[list[list[int]]]):
        self.rules, self.names, self.letters = rules, list(names), list(letters)
        self.colours = notation.colours_of(rules["colours"])
        self.boxes = rules["boxes_per_row"]
        self.first_target = first_target_box(rules)
        self.target_min = rules["target_min_crosses"]
        # The rules a turn reads, looked up once.
        self.rerolls = rules["rerolls"]
        self.close_after = rules["close_after_target"]
        self.end_after = rules["end_after_removed_dice"]
        self.solo_end = rules["solo_unused_dice_end"]
        self.numbers = numbers  # seat -> rows -> box numbers
        rows, players = len(self.colours.names), len(names)
        self.crossed = [[[False] * self.boxes for _ in range(rows)] for _ in range(players)]
        self.rightmost = [[-1] * rows for _ in range(players)]  # index of each row's rightmost cross
        self.count = [[0] * rows for _ in range(players)]
        self.target_count = [[0] * rows for _ in range(players)]
        # A row "lives" while it has a box left to cross: a seat with no live row is stuck.
        self._live_rows = [rows] * players
        self.closed: dict[int, int] = {}  # row -> the turn (from 1) at whose end it closed
        self.turns = 0
        self.seat: int | None = 0
        self.over = False
        self.end = None  # why the game ended, in words
        self.last_rolls: list[dict] = []
        self.rolling: tuple[int, list] | None = None  # (turn, its rolls so far) while a turn is asked for
        self.last_crosses: list[list] = []
        self._dice = list(self.colours.names)
        self._in_play = frozenset(self._dice)
        # seat -> colour -> die value -> the boxes (from 1) the seat may cross now:
        # kept up to date as boxes are crossed and colours close, so a turn's
        # choices and a recorded cross are a lookup, not a scan of the row.
        self._row_tables = []
        self.open = []
        for sheet in numbers:
            tables, open_ = _sheet_start(sheet, self.colours, self.first_target, self.target_min)
            self._row_tables.append(tables)
            self.open.append(dict(open_))
        # Made when first asked for, and again after a die leaves the game (a
        # log being checked never asks).
        self._roll_chances: dict[int, tuple[Chance, Chance]] | None = None  # per active seat
        self._view: tuple[int, dict] | None = None
        # seat -> row -> that row's part of the view, or None once the row got a
        # cross or closed: a turn's view remakes only those (views are never changed).
        self._row_views: list[list[dict | None]] = [[None] * rows for _ in range(players)]

    # What a seat may do ---------------------------------------------------------

    def dice(self) -> list[str]:
        """The colours whose die is still in play, in row order."""
        return list(self._dice)

    def cross_problem(self, seat: int, row: int, box: int, value) -> str | None:
        """Why `seat` may not cross `box` (from 0) of `row` with a die showing
        `value`, or None when the cross is legal."""
        colour = self.colours.names[row]
        if row in self.closed:
            return f"{colour} closed at the end of turn {self.closed[row]}: no one may cross in it any more"
        if not 0 <= box < self.boxes:
            return f"{colour} has boxes 1 to {self.boxes}, not {box + 1}"
        rightmost = self.rightmost[seat][row]
        if box == rightmost:
            return f"box {box + 1} of {colour} is already crossed"
        if box < rightmost:
            return (
                f"box {box + 1} of {colour} lies left of the cross in box {rightmost + 1}: "
                f"a row is crossed from left to right, skipped boxes are lost"
            )
        shown = self.numbers[seat][row][box]
        if shown != value:
            return f"box {box + 1} of {colour} shows {shown}, but the {colour} die shows {value}"
        if box >= self.first_target and self.count[seat][row] < self.target_min:
            return (
                f"box {box + 1} of {colour} is in the target area, but the row holds only "
                f"{counted(self.count[seat][row], 'cross', 'crosses')} ({self.target_min} needed: target_min_crosses)"
            )
        return None

    def _open_boxes(self, seat: int, row: int) -> list[list[int]]:
        """For each die value, the boxes (from 1) of `row` that `seat` may cross with it."""
        if row in self.closed:
            return _NO_BOXES
        targets_open = self.count[seat][row] >= self.target_min
        return self._row_tables[seat][row][self.rightmost[seat][row] + 1][targets_open]

    def candidates(self, seat: int, roll: dict) -> list[tuple[str, list[int]]]:
        """For each die of the roll, the boxes (from 1) `seat` may cross with it."""
        return self.cross_options(seat, roll).candidates

    def cross_options(self, seat: int, roll: dict) -> CrossOptions:
        """Every legal set of crosses of `seat` for `roll`, as a lazy sequence."""
        open_ = self.open[seat]
        candidates = []
        size = 1
        for colour, value in roll.items():
            boxes = open_[colour][value]
            if boxes:
                candidates.append((colour, boxes))
                size *= len(boxes) + 1
        return CrossOptions(candidates, size)

    def usable_dice(self, seat: int, roll: dict) -> int:
        """How many dice of `roll` have a box `seat` could legally cross."""
        open_ = self.open[seat]
        return sum(1 for colour, value in roll.items() if open_[colour][value])

    def stuck(self, seat: int) -> bool:
        """True when `seat` can no longer cross any box: every row is closed,
        has its last box crossed, or has only target boxes left while holding
        fewer than `target_min_crosses` crosses."""
        rightmost, count = self.rightmost[seat], self.count[seat]
        for row in range(len(self.colours.names)):
            if row in self.closed or rightmost[row] == self.boxes - 1:
                continue
            if rightmost[row] >= self.first_target - 1 and count[row] < self.target_min:
                continue
            return False
        return True

    # A turn ---------------------------------------------------------------------

    def roll_chances(self) -> tuple[Chance, Chance]:
        """The roll and the re-roll of the dice in play, by the active player."""
        made = self._roll_chances
        if made is None:
            made = self._roll_chances = {}
        chances = made.get(self.seat)
        if chances is None:
            chances = made[self.seat] = self._make_roll_chances(self.names[self.seat])
        return chances

    def _make_roll_chances(self, roller: str) -> tuple[Chance, Chance]:
        in_play = list(self._dice)
        example = "351264"[: len(in_play)]
        what = f"{' '.join(in_play)}, in this order, e.g. {example}"

        def draw(rng):
            # randint(1, 6) is 1 + _randbelow(6): the same numbers, two calls fewer a die.
            below = getattr(rng, "_randbelow", None)
            if below is None:
                randint = rng.randint
                return {colour: randint(1, DIE_FACES) for colour in in_play}
            return {colour: below(DIE_FACES) + 1 for colour in in_play}

        def parse(text):
            return notation.parse_roll(text, in_play)

        return (
            # Named: a table typing in a bot's dice is told whose turn it is.
            Chance("roll 1", f"{roller}'s roll: {what}", draw, parse),
            Chance("roll 2", f"{roller}'s re-roll: {what}", draw, parse),
        )

    def turn(self):
        active = self.seat
        first, again_chance = self.roll_chances()
        roll = yield first
        rolls = [roll]
        self.rolling = (self.turns, rolls)  # for the board; a re-roll is appended below
        for number in range(self.rerolls):
            again = yield Choice(
                active,
                "reroll",
                (False, True),
                lambda roll=roll: f"{notation.roll_text(roll, ' ')}: r = re-roll all, k = keep",
                notation.parse_reroll,
                notation.reroll_notation,
                {"roll": roll, "rolls": list(rolls), "turn": self.turns},
                notation.reroll_told,
            )
            if not again:
                break
            chance = again_chance
            if number:  # a second re-roll, when the rules allow one
                chance = Chance(f"roll {number + 2}", chance.prompt, chance.draw, chance.parse)
            roll = yield chance
            rolls.append(roll)
        players = len(self.names)
        crosses = [[]] * players  # every seat's answer replaces its place
        context = {"roll": roll, "rolls": rolls, "turn": self.turns}
        crosses_notation = self._crosses_notation

        def prompt():
            return (
                f"{notation.roll_text(roll, ' ')}: crosses? "
                f"(e.g. {self.colours.short[0]}4 {self.colours.short[3]}7, or -)"
            )

        for k in range(players):
            seat = (active + k) % players
            crosses[seat] = yield Choice(
                seat,
                "crosses",
                self.cross_options(seat, roll),
                prompt,
                lambda text, seat=seat: self._parse_crosses(text, seat, roll),
                crosses_notation,
                context,
            )
        return {"seat": active, "rolls": rolls, "crosses": crosses}

    def _crosses_notation(self, answer: list) -> str:
        return notation.crosses_notation(answer, self.colours)

    def _parse_crosses(self, text: str, seat: int, roll: dict) -> list:
        crosses = notation.parse_crosses(text, self.colours)
        for colour, box in crosses:
            row = self.colours.index[colour]
            if colour not in roll:
                raise ValueError(
                    f"{colour} closed at the end of turn {self.closed.get(row)}: its die is not rolled"
                )
            problem = self.cross_problem(seat, row, box - 1, roll[colour])
            if problem:
                raise ValueError(problem)
        return crosses

    # Checking and applying a recorded turn ----------------------------------------

    def apply(self, move: dict) -> None:
        # The move's shape (keys, types, die values 1-6, [colour, box] pairs) is
        # checked by the core against Sixto.move_schema; the rules are checked here.
        seat = move["seat"]
        if seat != self.seat:
            raise IllegalMove(f"it is seat {self.seat}'s turn, not seat {seat}'s")
        rolls = move["rolls"]
        allowed = self.rerolls
        if len(rolls) > allowed + 1:
            if not allowed:
                raise IllegalMove(f"{len(rolls)} rolls, but these rules allow no re-roll (rerolls: 0)")
            times = "once" if allowed == 1 else f"{allowed} times"
            raise IllegalMove(
                f"{len(rolls)} rolls, but the active player may re-roll only {times} (rerolls: {allowed})"
            )
        dice = self._dice
        for number, roll in enumerate(rolls, start=1):
            if roll.keys() != self._in_play:
                self._roll_problem(roll, number, dice)
        roll = rolls[-1]
        crosses = move["crosses"]
        if len(crosses) != len(self.names):
            raise IllegalMove(f"'crosses' holds one list per seat ({len(self.names)}), not {len(crosses)}")
        planned = []  # (seat, colour, box from 1); applied only once every cross is checked
        open_of = self.open
        for player, marks in enumerate(crosses):
            if not marks:
                continue
            open_ = open_of[player]
            # The usual legal cross is a lookup (a colour not rolled has no value);
            # _marks_problem names what is wrong, in the order a reader checks.
            for colour, box in marks:
                value = roll.get(colour)
                if value is None or box not in open_[colour][value]:
                    self._marks_problem(player, marks, roll)
                planned.append((player, colour, box))
            if len(marks) > 1 and len({colour for colour, _ in marks}) < len(marks):
                self._marks_problem(player, marks, roll)  # a die used twice
        declined = None
        if self.solo_end:
            # docs/games/sixto.md, The end: a die counts only when its row had a box
            # the player could cross, unless solo_count_unusable_dice reads it literally.
            if self.rules.get("solo_count_unusable_dice", False):
                usable = len(dice)
            else:
                usable = self.usable_dice(seat, roll)
            declined = usable - len(crosses[seat])
        self._cross(planned)
        self.last_rolls, self.last_crosses = rolls, crosses
        self._end_turn(seat, declined)

    def _marks_problem(self, player: int, marks: list, roll: dict) -> None:
        """Raise IllegalMove for the first of `player`'s crosses that breaks a rule."""
        index = self.colours.index
        used = {}
        for colour, box in marks:
            row = index.get(colour)
            if row is None:
                raise IllegalMove(
                    f"{self._who(player)}: there is no colour {colour!r} "
                    f"(colours: {', '.join(self.colours.names)})"
                )
            if row in used:
                raise IllegalMove(
                    f"{self._who(player)} uses the {colour} die twice (boxes {used[row]} and {box}): "
                    f"each die crosses at most one box per player"
                )
            used[row] = box
            value = roll.get(colour)
            if value is None or box not in self.open[player][colour][value]:
                problem = self.cross_problem(player, row, box - 1, value)
                raise IllegalMove(f"{self._who(player)}: {problem}")
        raise AssertionError(f"no rule broken by the crosses {marks!r} of seat {player}")

    def _who(self, seat: int) -> str:
        return f"{self.names[seat]} (seat {seat})"

    def _roll_problem(self, roll: dict, number: int, dice: list[str]) -> None:
        what = "the roll" if number == 1 else f"roll {number} (re-roll {number - 1})"
        for colour in roll:
            row = self.colours.index.get(colour)
            if row is None:
                raise IllegalMove(
                    f"{what}: there is no {colour!r} die (dice: {', '.join(self.colours.names)})"
                )
            if row in self.closed:
                raise IllegalMove(
                    f"{what}: the {colour} die left the game when {colour} closed at the "
                    f"end of turn {self.closed[row]}, so it is not rolled"
                )
        missing = next(c for c in dice if c not in roll)
        raise IllegalMove(f"{what} has no value for the {missing} die: every die in play is rolled")

    def _cross(self, planned: list[tuple[int, str, int]]) -> None:
        """Cross the planned boxes (from 1) and close the colours they close."""
        first_target, target_min = self.first_target, self.target_min
        index, names = self.colours.index, self.colours.names
        crossed, rightmost, counts, row_views = self.crossed, self.rightmost, self.count, self._row_views
        open_of, tables, live = self.open, self._row_tables, self._live_rows
        self.turns += 1
        newly_closed = []
        for seat, colour, box in planned:
            row = index[colour]
            crossed[seat][row][box - 1] = True
            rightmost[seat][row] = box - 1
            seat_counts = counts[seat]
            count = seat_counts[row] = seat_counts[row] + 1
            if box > first_target:  # a target box (boxes from 1 here)
                targets = self.target_count[seat]
                targets[row] += 1
                if targets[row] >= self.close_after and row not in newly_closed:
                    newly_closed.append(row)
            row_views[seat][row] = None
            # _open_boxes, inline: validation runs this for every cross of a corpus.
            left = open_of[seat][colour] = tables[seat][row][box][count >= target_min]
            if left is _NO_BOXES:
                live[seat] -= 1
        # A colour closes at the end of the turn, so everyone could still cross in it.
        if newly_closed:
            for row in newly_closed:
                self.closed[row] = self.turns
            self._dice = [c for row, c in enumerate(names) if row not in self.closed]
            self._in_play = frozenset(self._dice)
            self._roll_chances = None  # remade, for the dice left, when asked for
            for seat, (open_, seat_views) in enumerate(zip(open_of, row_views)):
                for row in newly_closed:
                    if open_[names[row]] is not _NO_BOXES:
                        live[seat] -= 1
                    open_[names[row]] = _NO_BOXES
                    seat_views[row] = None

    def _end_turn(self, active: int, declined: int | None) -> None:
        ending, solo_end = self.end_after, self.solo_end
        if len(self.closed) >= ending:
            gone = len(self.closed)
            self.end = f"{gone} {'die has' if gone == 1 else 'dice have'} left the game (end_after_removed_dice: {ending})"
        elif 0 in self._live_rows:  # a seat is stuck (see stuck, which names it)
            seat = next(s for s in range(len(self.names)) if self.stuck(s))
            self.end = f"{self.names[seat]} can no longer cross any box"
        elif solo_end and declined >= solo_end:
            dice = "die" if declined == 1 else "dice"  # solo_unused_dice_end: 1 in a house variant
            if self.rules.get("solo_count_unusable_dice", False):
                why = f"left {declined} rolled {dice} unused"
            else:
                why = f"declined {declined} {dice} they could have used"
            self.end = f"{self.names[active]} {why} (solo_unused_dice_end: {solo_end})"
        if self.end:
            self.over, self.seat = True, None
        else:
            self.seat = (active + 1) % len(self.names)

    # What the table hears, and help at the prompt ------------------------------------

    def announce(self, move: dict) -> str:
        """The turn just applied in plain words, one line per event."""
        names = self.names
        active = move["seat"]
        rolls = move["rolls"]
        lines = [f"{names[active]} rolls {notation.roll_text(rolls[0])}."]
        for again in rolls[1:]:
            lines.append(f"{names[active]} re-rolls all dice: {notation.roll_text(again)}.")
        players = len(names)
        for k in range(players):
            seat = (active + k) % players
            marks = move["crosses"][seat]
            if marks:
                lines.append(f"{names[seat]} crosses {notation.and_list([f'{c} {b}' for c, b in marks])}.")
            else:
                lines.append(f"{names[seat]} crosses nothing.")
        for row, turn in self.closed.items():
            if turn == self.turns:
                colour = self.colours.names[row]
                lines.append(f"{colour.capitalize()} closes: its die leaves the game.")
        if self.over:
            lines.append(f"The game ends: {self.end}.")
        return "\n".join(lines)

    def help(self, choice: Choice, all: bool = False) -> str:  # noqa: A002 (the core's `help all`)
        """The notation of `choice`, with examples, and its legal answers
        grouped per die (every answer with `all`); lines under 80 columns."""
        return notation.help_text(self, choice, all, HELP_ALL_LIMIT)

    # Standing -------------------------------------------------------------------

    def score(self, seat: int) -> dict:
        # board.score of the seat's grid: the rows' counts are kept as boxes are
        # crossed, the columns are counted here (once a game, not at every cross).
        columns = [sum(column) for column in zip(*self.crossed[seat])]
        del columns[self.first_target :]
        return score_counts(self.count[seat], columns, self.rules)

    def result(self) -> Result:
        breakdown = [self.score(seat) for seat in range(len(self.names))]
        totals = [b["total"] for b in breakdown]
        return Result(totals, places([(b["total"], b["crosses"]) for b in breakdown]), breakdown)

    def lost(self, seat: int, row: int) -> list[int]:
        """Boxes (from 0) skipped in a row: left of its rightmost cross, never crossed."""
        crossed = self.crossed[seat][row]
        return [box for box in range(self.rightmost[seat][row]) if not crossed[box]]

    def sheet_text(self, seat: int) -> str:
        """The seat's sheet in the paper text form that `stixx score --sheet` reads."""
        lines = [f"# {self.names[seat]}, sheet {self.letters[seat]}"]
        width = max(len(colour) for colour in self.colours.names) + 1
        for row, colour in enumerate(self.colours.names):
            cells = " ".join("x" if c else "." for c in self.crossed[seat][row])
            split = 2 * self.first_target
            lines.append(f"{colour + ':':<{width}} {cells[:split]}| {cells[split:]}")
        return "\n".join(lines) + "\n"

    def view(self, viewer: int | None = None) -> dict:
        """The table as JSON. Sixto has no secrets, so every viewer gets the same
        view; it is made once per turn and shared (callers must not change it)."""
        if self._view is not None and self._view[0] == self.turns:
            return self._view[1]
        players = []
        for seat, name in enumerate(self.names):
            row_views = self._row_views[seat]
            for row, made in enumerate(row_views):
                if made is None:
                    row_views[row] = self._row_view(seat, row)
            players.append(
                {
                    "seat": seat,
                    "name": name,
                    "sheet": self.letters[seat],
                    "rows": list(row_views),
                    "score": self.score(seat),
                }
            )
        view = {
            "turn": self.turns,
            "active": self.seat,
            "over": self.over,
            "end": self.end,
            "dice": self.dice(),
            "closed": {self.colours.names[row]: turn for row, turn in self.closed.items()},
            "removed_dice": len(self.closed),
            "target_area": list(range(self.first_target + 1, self.boxes + 1)),
            "last_rolls": self.last_rolls,
            "last_crosses": self.last_crosses,
            "players": players,
        }
        self._view = (self.turns, view)
        return view

    def _row_view(self, seat: int, row: int) -> dict:
        crossed = self.crossed[seat][row]
        rightmost = self.rightmost[seat][row]
        return {
            "colour": self.colours.names[row],
            "numbers": list(self.numbers[seat][row]),
            "crossed": [b + 1 for b in range(rightmost + 1) if crossed[b]],
            "lost": [b + 1 for b in range(rightmost) if not crossed[b]],
            "closed": row in self.closed,
        }

    def render(self, viewer: int | None = None):
        from .render import render_state

        return render_state(self, viewer)

    def draw_svg(self, viewer: int | None = None) -> str:
        from .drawing import draw_svg

        return draw_svg(self, viewer)

    def move_text(self, move: dict) -> str:
        from .drawing import move_text

        return move_text(self, move)
