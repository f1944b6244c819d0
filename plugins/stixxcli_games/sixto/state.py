"""A Sixto game in progress: every player's sheet, the dice still in play, and
one turn (roll, maybe re-roll, everyone crosses) as one recorded move.

The move of a turn:
  {"seat": 2,
   "rolls": [{"red": 3, "yellow": 5, ...}, {...the re-roll, if any...}],
   "crosses": [[["red", 4], ["blue", 7]], [], [["green", 2]]]}
`crosses[s]` holds the crosses of seat s as [colour, box] pairs, boxes
numbered 1-12 as printed; the last roll is the one they use.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from stixxcli.game import Chance, Choice, IllegalMove, Result, State, places, require

from . import notation
from .board import first_target_box, score

MOVE_KEYS = ("seat", "rolls", "crosses")
DIE_FACES = 6
_FACES = frozenset(range(1, DIE_FACES + 1))
_INT = {int}
# Up to this many answers the options of a crosses Choice are a plain list;
# a transcribed sheet with many equal numbers in a row could give millions.
OPTIONS_AS_LIST = 10_000


class CrossOptions(Sequence):
    """Every legal set of crosses of one seat for one roll: for each row, no
    cross or one of its candidate boxes. The i-th answer is decoded from i, so
    a huge set is never built."""

    def __init__(self, candidates: list[tuple[str, list[int]]]):
        self.candidates = candidates  # (colour, boxes it may cross) in row order
        self.size = 1
        for _, boxes in candidates:
            self.size *= len(boxes) + 1

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self.size))]
        if i < 0:
            i += self.size
        if not 0 <= i < self.size:
            raise IndexError(i)
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

    def as_list(self):
        if self.size > OPTIONS_AS_LIST:
            return self
        rows = [[None] + boxes for _, boxes in self.candidates]
        colours = [colour for colour, _ in self.candidates]
        out = []
        for picks in itertools.product(*reversed(rows)):
            out.append([[colour, box] for colour, box in zip(colours, reversed(picks)) if box is not None])
        return out


class SixtoState(State):
    def __init__(self, rules: dict, names: list[str], letters: list[str]):
        self.rules, self.names, self.letters = rules, list(names), list(letters)
        self.colours = notation.Colours(rules["colours"])
        self.boxes = rules["boxes_per_row"]
        self.first_target = first_target_box(rules)
        self.target_min = rules["target_min_crosses"]
        self.numbers = [rules["sheets"][letter] for letter in letters]  # seat -> rows -> box numbers
        rows, players = len(self.colours.names), len(names)
        self.crossed = [[[False] * self.boxes for _ in range(rows)] for _ in range(players)]
        self.rightmost = [[-1] * rows for _ in range(players)]  # index of each row's rightmost cross
        self.count = [[0] * rows for _ in range(players)]
        self.target_count = [[0] * rows for _ in range(players)]
        self.closed: dict[int, int] = {}  # row -> the turn (from 1) at whose end it closed
        self.turns = 0
        self.seat: int | None = 0
        self.over = False
        self.end = None  # why the game ended, in words
        self.last_rolls: list[dict] = []
        self.last_crosses: list[list] = []

    # What a seat may do ---------------------------------------------------------

    def dice(self) -> list[str]:
        """The colours whose die is still in play, in row order."""
        return [c for row, c in enumerate(self.colours.names) if row not in self.closed]

    def cross_problem(self, seat: int, row: int, box: int, value: int) -> str | None:
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
                f"{self.count[seat][row]} crosses ({self.target_min} needed: target_min_crosses)"
            )
        return None

    def candidates(self, seat: int, roll: dict) -> list[tuple[str, list[int]]]:
        """For each die of the roll, the boxes (from 1) `seat` may cross with it."""
        out = []
        numbers, start, count = self.numbers[seat], self.rightmost[seat], self.count[seat]
        for row, colour in enumerate(self.colours.names):
            if row in self.closed:
                continue
            value = roll[colour]
            last = self.boxes if count[row] >= self.target_min else self.first_target
            boxes = [box + 1 for box in range(start[row] + 1, last) if numbers[row][box] == value]
            if boxes:
                out.append((colour, boxes))
        return out

    def stuck(self, seat: int) -> bool:
        """True when `seat` can no longer cross any box: every row is closed,
        has its last box crossed, or has only target boxes left while holding
        fewer than `target_min_crosses` crosses."""
        for row in range(len(self.colours.names)):
            if row in self.closed:
                continue
            rightmost = self.rightmost[seat][row]
            if rightmost == self.boxes - 1:
                continue
            if rightmost >= self.first_target - 1 and self.count[seat][row] < self.target_min:
                continue
            return False
        return True

    # A turn ---------------------------------------------------------------------

    def roll_chance(self, dice: list[str], number: int) -> Chance:
        first = "the roll" if number == 1 else "the re-roll"
        return Chance(
            f"roll {number}",
            f"{first}: the {' '.join(dice)} {'die' if len(dice) == 1 else 'dice'} in this order, "
            f"e.g. {' '.join(str(v) for v in [3, 5, 1, 2, 6, 4][: len(dice)])}",
            lambda rng: {colour: rng.randint(1, DIE_FACES) for colour in dice},
            lambda text: notation.parse_roll(text, dice),
        )

    def turn(self):
        active, dice = self.seat, self.dice()
        roll = yield self.roll_chance(dice, 1)
        rolls = [roll]
        for _ in range(self.rules["rerolls"]):
            again = yield Choice(
                active,
                "reroll",
                [False, True],
                f"roll {' '.join(f'{c}={v}' for c, v in roll.items())}: r = re-roll all dice, k = keep",
                notation.parse_reroll,
                notation.reroll_notation,
                {"roll": roll, "rolls": list(rolls)},
            )
            if not again:
                break
            roll = yield self.roll_chance(dice, len(rolls) + 1)
            rolls.append(roll)
        crosses = [[] for _ in self.names]
        players = len(self.names)
        for k in range(players):
            seat = (active + k) % players
            options = CrossOptions(self.candidates(seat, roll))
            crosses[seat] = yield Choice(
                seat,
                "crosses",
                options.as_list(),
                f"crosses for {' '.join(f'{c}={v}' for c, v in roll.items())}: colour and box, "
                f"e.g. {self.colours.short[0]}4 {self.colours.short[3]}7, or - for none",
                lambda text, seat=seat: self._parse_crosses(text, seat, roll),
                lambda answer: notation.crosses_notation(answer, self.colours),
                {"roll": roll, "rolls": list(rolls)},
            )
        return {"seat": active, "rolls": rolls, "crosses": crosses}

    def _parse_crosses(self, text: str, seat: int, roll: dict) -> list:
        crosses = notation.parse_crosses(text, self.colours)
        for colour, box in crosses:
            row = self.colours.index[colour]
            problem = self.cross_problem(seat, row, box - 1, roll.get(colour))
            if problem:
                raise ValueError(problem)
        return crosses

    # Checking and applying a recorded turn ----------------------------------------

    def apply(self, move: dict) -> None:
        for key in move:
            if key not in MOVE_KEYS:
                raise IllegalMove(f"unknown key {key!r} in the move (keys: {', '.join(MOVE_KEYS)})")
        seat = require(move, "seat", int)
        if seat != self.seat:
            raise IllegalMove(f"it is seat {self.seat}'s turn, not seat {seat}'s")
        rolls = require(move, "rolls", list)
        if not rolls:
            raise IllegalMove("'rolls' is empty: the active player rolls the dice at least once")
        allowed = self.rules["rerolls"]
        if len(rolls) > allowed + 1:
            if not allowed:
                raise IllegalMove(f"{len(rolls)} rolls, but these rules allow no re-roll (rerolls: 0)")
            times = "once" if allowed == 1 else f"{allowed} times"
            raise IllegalMove(
                f"{len(rolls)} rolls, but the active player may re-roll only {times} (rerolls: {allowed})"
            )
        dice = self.dice()
        for number, roll in enumerate(rolls, start=1):
            self._check_roll(roll, number, dice)
        roll = rolls[-1]
        crosses = require(move, "crosses", list)
        if len(crosses) != len(self.names):
            raise IllegalMove(f"'crosses' holds one list per seat ({len(self.names)}), not {len(crosses)}")
        planned = []  # (seat, row, box from 0); applied only once every cross is checked
        for player, marks in enumerate(crosses):
            who = f"{self.names[player]} (seat {player})"
            if not isinstance(marks, list):
                raise IllegalMove(
                    f"the crosses of {who} must be a list of [colour, box] pairs, not {_short(marks)}"
                )
            used = {}
            for mark in marks:
                if not (
                    isinstance(mark, list)
                    and len(mark) == 2
                    and isinstance(mark[0], str)
                    and isinstance(mark[1], int)
                    and not isinstance(mark[1], bool)
                ):
                    raise IllegalMove(
                        f"{who}: a cross is [colour, box number], "
                        f'e.g. ["{self.colours.names[0]}", 4], not {_short(mark)}'
                    )
                colour, box = mark
                row = self.colours.index.get(colour)
                if row is None:
                    raise IllegalMove(
                        f"{who}: there is no colour {colour!r} (colours: {', '.join(self.colours.names)})"
                    )
                if row in used:
                    raise IllegalMove(
                        f"{who} uses the {colour} die twice (boxes {used[row]} and {box}): "
                        f"each die crosses at most one box per player"
                    )
                used[row] = box
                problem = self.cross_problem(player, row, box - 1, roll.get(colour))
                if problem:
                    raise IllegalMove(f"{who}: {problem}")
                planned.append((player, row, box - 1))
        self._cross(planned)
        self.last_rolls, self.last_crosses = rolls, crosses
        self._end_turn(seat, len(dice) - len(crosses[seat]))

    def _check_roll(self, roll, number: int, dice: list[str]) -> None:
        # The usual case in one go; the checks below name what is wrong.
        if (
            type(roll) is dict
            and roll.keys() == set(dice)
            and set(map(type, roll.values())) == _INT
            and _FACES.issuperset(roll.values())
        ):
            return
        what = "the roll" if number == 1 else f"roll {number} (re-roll {number - 1})"
        if not isinstance(roll, dict):
            raise IllegalMove(
                f'{what} must map each die in play to its value, e.g. {{"{dice[0]}": 3}}, not {_short(roll)}'
            )
        for colour, value in roll.items():
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
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= DIE_FACES:
                raise IllegalMove(f"{what}: the {colour} die shows 1 to {DIE_FACES}, not {_short(value)}")
        if len(roll) != len(dice):
            missing = next(c for c in dice if c not in roll)
            raise IllegalMove(f"{what} has no value for the {missing} die: every die in play is rolled")

    def _cross(self, planned: list[tuple[int, int, int]]) -> None:
        closing = self.rules["close_after_target"]
        self.turns += 1
        newly_closed = []
        for seat, row, box in planned:
            self.crossed[seat][row][box] = True
            self.rightmost[seat][row] = box
            self.count[seat][row] += 1
            if box >= self.first_target:
                self.target_count[seat][row] += 1
                if self.target_count[seat][row] >= closing and row not in newly_closed:
                    newly_closed.append(row)
        # A colour closes at the end of the turn, so everyone could still cross in it.
        for row in newly_closed:
            self.closed[row] = self.turns

    def _end_turn(self, active: int, unused: int) -> None:
        ending = self.rules["end_after_removed_dice"]
        solo_end = self.rules["solo_unused_dice_end"]
        if len(self.closed) >= ending:
            self.end = f"{len(self.closed)} dice have left the game (end_after_removed_dice: {ending})"
        elif any(self.stuck(seat) for seat in range(len(self.names))):
            seat = next(s for s in range(len(self.names)) if self.stuck(s))
            self.end = f"{self.names[seat]} can no longer cross any box"
        elif solo_end and unused >= solo_end:
            self.end = (
                f"{self.names[active]} left {unused} rolled dice unused (solo_unused_dice_end: {solo_end})"
            )
        if self.end:
            self.over, self.seat = True, None
        else:
            self.seat = (active + 1) % len(self.names)

    # Standing -------------------------------------------------------------------

    def score(self, seat: int) -> dict:
        return score(self.crossed[seat], self.rules)

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
        # Sixto has no secrets: every sheet is open on the table.
        players = []
        for seat, name in enumerate(self.names):
            rows = []
            for row, colour in enumerate(self.colours.names):
                rows.append(
                    {
                        "colour": colour,
                        "numbers": list(self.numbers[seat][row]),
                        "crossed": [b + 1 for b, c in enumerate(self.crossed[seat][row]) if c],
                        "lost": [b + 1 for b in self.lost(seat, row)],
                        "closed": row in self.closed,
                    }
                )
            players.append(
                {
                    "seat": seat,
                    "name": name,
                    "sheet": self.letters[seat],
                    "rows": rows,
                    "score": self.score(seat),
                }
            )
        return {
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

    def render(self, viewer: int | None = None):
        from .render import render_state

        return render_state(self, viewer)

    def draw_svg(self, viewer: int | None = None) -> str:
        from .drawing import draw_svg

        return draw_svg(self, viewer)

    def move_text(self, move: dict) -> str:
        from .drawing import move_text

        return move_text(self, move)


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
