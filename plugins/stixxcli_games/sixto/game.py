"""Sixto (Benndorf & Benndorf, KENDi 2023): roll six coloured dice, and every
player crosses boxes on their own sheet, left to right, one box per die.

Read with the project's rulings: docs/games/sixto.md.
"""

from __future__ import annotations

from stixxcli.errors import IllegalSetup, RuleError
from stixxcli.game import Chance, Game, Param

from . import notation
from .board import MAX_LETTER, SAMPLE_SHEETS, is_sheet_letter

ROWS = 6  # six colours, six dice, six rows
TYPED_SHEET = "own"  # the sheet "letter" shown for a printed sheet typed in at the setup
FACES = frozenset(range(1, 7))
_INT = {int}

# The shapes of a move and a setup, declared once: the core checks every
# recorded move and setup against them before the rules below look at it.
_roll = {
    "type": "object",
    "minProperties": 1,
    "maxProperties": ROWS,
    "additionalProperties": {"type": "integer", "minimum": 1, "maximum": 6},
}
_cross = {
    "type": "array",
    "prefixItems": [{"type": "string"}, {"type": "integer", "minimum": 1}],
    "minItems": 2,
    "maxItems": 2,
}
# A sheet typed in at the table (--chance manual): its rows of numbers, top row first.
_typed_sheet = {
    "type": "array",
    "minItems": ROWS,
    "maxItems": ROWS,
    "items": {
        "type": "array",
        "minItems": 2,
        "maxItems": 40,
        "items": {"type": "integer", "minimum": 1, "maximum": 6},
    },
}


class Sixto(Game):
    name = "sixto"
    title = "Sixto"
    min_players = 1
    max_players = 6
    sheets = True  # `stixx score --sheet` reads paper Sixto sheets
    hidden_information = False  # every sheet is open on the table

    params = [
        Param(
            "colours",
            "list[str]",
            ["red", "yellow", "green", "blue", "purple", "orange"],
            "the six rows and their dice, top to bottom",
            length=ROWS,
        ),
        Param("boxes_per_row", "int", 12, "boxes in each row", min=2, max=40),
        Param("target_boxes", "int", 3, "the last boxes of a row that form its target area", min=1, max=39),
        Param(
            "target_min_crosses",
            "int",
            4,
            "crosses a row needs before a target box may be crossed",
            min=0,
            max=39,
        ),
        Param(
            "close_after_target",
            "int",
            2,
            "target crosses in one row that close the colour for everyone",
            min=1,
            max=39,
        ),
        Param(
            "end_after_removed_dice",
            "int",
            3,
            "the game ends after the turn in which this many dice have left it",
            min=1,
            max=ROWS,
        ),
        Param("rerolls", "int", 1, "how often the active player may re-roll all dice", min=0, max=10),
        Param(
            "solo_unused_dice_end",
            "int",
            0,
            "0: off; otherwise a 1-player game also ends after a turn in which the player "
            "declined this many dice they could have used (and the rules allow only 1 player)",
            min=0,
            max=ROWS,
        ),
        Param(
            "solo_count_unusable_dice",
            "bool",
            False,
            "solo end: count every unused die, also one whose row had no box showing its number "
            "(the rulebook read literally)",
        ),
        Param(
            "score_table",
            "list[int]",
            [0, -5, 0, 5, 10, 15, 21, 28, 36, 45, 55, 66],
            "points for 0, 1, 2 ... crosses in a row or a scored column",
        ),
        Param(
            "sheets",
            "json",
            SAMPLE_SHEETS,
            "the score sheets by letter: 6 rows of boxes_per_row numbers 1-6 each "
            "(default: the project's own sample layouts A-L)",
            schema={  # the shape _check_sheets refuses; the row length is boxes_per_row's
                "type": "object",
                "minProperties": 1,
                "propertyNames": {"minLength": 1, "maxLength": MAX_LETTER, "pattern": "^[^ ,]+$"},
                "additionalProperties": {
                    "type": "array",
                    "minItems": ROWS,
                    "maxItems": ROWS,
                    "items": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}},
                },
            },
        ),
    ]

    move_schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "required": ["seat", "rolls", "crosses"],
        "additionalProperties": False,
        "properties": {
            "seat": {"type": "integer", "minimum": 0},
            "rolls": {"type": "array", "minItems": 1, "maxItems": 11, "items": _roll},
            "crosses": {
                "type": "array",
                "minItems": 1,
                "maxItems": 6,
                "items": {"type": "array", "maxItems": ROWS, "items": _cross},
            },
        },
    }
    setup_schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "required": ["sheets"],
        "additionalProperties": False,
        "properties": {
            "sheets": {
                "type": "array",
                "minItems": 1,
                "maxItems": 6,
                "uniqueItems": True,
                "items": {"anyOf": [{"type": "string", "minLength": 1}, _typed_sheet]},
            }
        },
    }

    def check_rules(self, rules: dict) -> None:
        colours = rules["colours"]
        for colour in colours:
            if not colour or not colour.isalpha():
                raise RuleError(
                    f"colours: {colour!r} must be a name of letters only "
                    f"(humans type it before a box number, e.g. {colour}4)"
                )
        lower = [c.lower() for c in colours]
        if len(set(lower)) != len(lower):
            raise RuleError(f"colours: every colour needs its own name, not {', '.join(colours)}")
        boxes, targets = rules["boxes_per_row"], rules["target_boxes"]
        if targets >= boxes:
            raise RuleError(
                f"target_boxes ({targets}) must leave scored boxes in a row of {boxes} (boxes_per_row)"
            )
        if rules["target_min_crosses"] > boxes - targets:
            raise RuleError(
                f"target_min_crosses ({rules['target_min_crosses']}) is more than the "
                f"{boxes - targets} boxes before the target area: no target box could be crossed"
            )
        if rules["close_after_target"] > targets:
            raise RuleError(
                f"close_after_target ({rules['close_after_target']}) is more than the "
                f"{targets} target boxes (target_boxes): no colour could close"
            )
        # A row closes at close_after_target target crosses, so it never holds more
        # than its scored boxes and those; a column holds one cross per row.
        most = max(boxes - targets + rules["close_after_target"], ROWS)
        table = rules["score_table"]
        if len(table) < most + 1:
            raise RuleError(
                f"score_table needs points for 0 to {most} crosses ({most + 1} numbers), not {len(table)}"
            )
        self._check_sheets(rules["sheets"], boxes, colours)

    def _check_sheets(self, sheets, boxes: int, colours: list[str]) -> None:
        if not isinstance(sheets, dict) or not sheets:
            raise RuleError("sheets must map each sheet letter to its 6 rows of numbers")
        for letter, rows in sheets.items():
            if not is_sheet_letter(letter):
                raise RuleError(_not_a_letter(letter))
            if not isinstance(rows, list) or len(rows) != ROWS:
                raise RuleError(f"sheets: sheet {letter} must be a list of {ROWS} rows")
            for row, numbers in enumerate(rows):
                # Every log carries the sheets, so the usual case is checked fast.
                if (
                    isinstance(numbers, list)
                    and len(numbers) == boxes
                    and set(map(type, numbers)) == _INT
                    and FACES.issuperset(numbers)
                ):
                    continue
                where = f"sheets: sheet {letter}, row {row + 1} ({colours[row]})"
                if not isinstance(numbers, list) or len(numbers) != boxes:
                    raise RuleError(f"{where} must be a list of {boxes} numbers (boxes_per_row)")
                for box, number in enumerate(numbers):
                    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 6:
                        from stixxcli.params import shown

                        raise RuleError(f"{where}, box {box + 1}: a box shows 1 to 6, not {shown(number)}")

    def player_counts(self, rules: dict) -> range:
        if rules["solo_unused_dice_end"]:
            return range(1, 2)  # the solo end is a rule of the one-player game
        sheets = rules["sheets"] if isinstance(rules["sheets"], dict) else {}
        return range(self.min_players, max(self.min_players, min(self.max_players, len(sheets))) + 1)

    def setup(self, rules: dict, players: list[str]):
        letters = sorted(rules["sheets"])
        chosen = yield Chance(
            "sheets",
            f"each player's sheet, in seat order: {' '.join(letters)}, or {notation.OWN_SHEET} to type it in",
            lambda rng: rng.sample(letters, len(players)),
            lambda text: notation.parse_sheet_letters(text, letters, len(players)),
        )
        # A player with a printed sheet of their own types it in, a row at a time
        # (only at a real table: a random setup deals letters).
        chosen = list(chosen)
        for seat, letter in enumerate(chosen):
            if letter is None:
                rows = []
                for colour in rules["colours"]:
                    row = yield self._typed_row(rules, players, chosen, seat, colour, rows)
                    rows.append(row)
                chosen[seat] = rows
        return {"sheets": chosen}

    def _typed_row(self, rules, players, chosen, seat, colour, rows) -> Chance:
        boxes = rules["boxes_per_row"]
        last = len(rows) == len(rules["colours"]) - 1

        def parse(text: str) -> list[int]:
            row = notation.parse_sheet_row(text, boxes)
            if last:  # the whole sheet is known now: no two players use the same one
                sheet = [*rows, row]
                for other, given in enumerate(chosen):
                    numbers = rules["sheets"][given] if isinstance(given, str) else given
                    if other != seat and numbers == sheet:
                        name = f"sheet {given}" if isinstance(given, str) else "the sheet"
                        raise ValueError(
                            f"this is {name} of {players[other]}: no two players use the same sheet"
                        )
            return row

        def draw(rng) -> list[int]:
            return [rng.randint(1, 6) for _ in range(boxes)]

        return Chance(
            f"sheet of {players[seat]}, {colour} row",
            f"{players[seat]}'s sheet, row {len(rows) + 1} ({colour}): {boxes} numbers 1-6, "
            f"e.g. {('351624416253' * 4)[:boxes]}",
            draw,
            parse,
        )

    def start(self, rules: dict, players: list[str], setup):
        # The setup's shape is checked by the core against setup_schema.
        state_class = _state_class or _load_state_class()
        given = setup["sheets"]
        if len(given) != len(players):
            raise IllegalSetup(
                f"the setup deals {len(given)} sheets to {len(players)} players: one sheet each"
            )
        letters, numbers = [], []
        boxes = rules["boxes_per_row"]
        for seat, sheet in enumerate(given):
            if isinstance(sheet, str):
                if sheet not in rules["sheets"]:
                    raise IllegalSetup(
                        f"seat {seat}: no sheet {sheet!r} in the rules "
                        f"(sheets: {' '.join(sorted(rules['sheets']))})"
                    )
                letters.append(sheet)
                numbers.append(rules["sheets"][sheet])
                continue
            # A printed sheet typed in at the table: its rows of numbers.
            for row, line in enumerate(sheet):
                if len(line) != boxes:
                    raise IllegalSetup(
                        f"seat {seat}: row {row + 1} ({rules['colours'][row]}) of the typed-in sheet "
                        f"holds {len(line)} numbers, but a row has {boxes} (boxes_per_row)"
                    )
            letters.append(TYPED_SHEET)
            numbers.append(sheet)
        for seat, sheet in enumerate(numbers):
            # Letters are all different (setup_schema); a typed-in sheet must differ too.
            if letters[seat] == TYPED_SHEET and sheet in numbers[:seat] + numbers[seat + 1 :]:
                other = next(o for o, n in enumerate(numbers) if n == sheet and o != seat)
                raise IllegalSetup(
                    f"seats {other} and {seat} have the same sheet: no two players use the same sheet"
                )
        return state_class(rules, players, letters, numbers)

    def sheets_variant(self, rules: dict, players: list[str], setup: dict) -> str | None:
        """A variant file (YAML text) that keeps the sheets typed in at this
        game's setup for the next game night, each under its player's name,
        beside the game's own sheets and under its rules; None when no sheet
        was typed in. See board.sheets_variant_text."""
        from .board import sheets_variant_text

        typed = {}
        for name, sheet in zip(players, setup["sheets"]):
            if not isinstance(sheet, str):
                typed[name] = sheet
        if not typed:
            return None
        defaults = {param.name: param.default for param in self.params}
        changed = {
            name: value
            for name, value in rules.items()
            if name != "sheets" and name in defaults and value != defaults[name]
        }
        return sheets_variant_text(typed, rules["colours"], rules["sheets"], changed)

    def score_sheets(self, sheets: list[tuple[str, str]], rules: dict):
        from .paper import score_paper_sheets

        return score_paper_sheets(sheets, rules)

    def looks_like_sheet(self, text: str) -> bool:
        from .paper import looks_like_sheet

        return looks_like_sheet(text)

    def print_sheets(self, rules: dict, which: str, paper: str) -> list[tuple[str, str]]:
        from .printing import print_sheets

        return print_sheets(rules, which, paper)

    def read_photos(self, photos: list[str], rules: dict, options: dict):
        from .photo import read_photos  # OpenCV and numpy load only here

        return read_photos(photos, rules, options)


def _not_a_letter(letter) -> str:
    """Why a sheet's name is refused, the name shown escaped and cut short."""
    from stixxcli.text import clip

    shown = repr(clip(letter, 60)) if isinstance(letter, str) else repr(letter)
    return (
        f"sheets: {shown} is not a sheet letter (a word of at most {MAX_LETTER} printable "
        "characters, no spaces or commas; e.g. A)"
    )


# The state's module, imported at the first game (not when the plugin loads) and
# then kept here: an import statement in `start` costs more than a whole setup.
_state_class = None


def _load_state_class():
    global _state_class
    from .state import SixtoState

    _state_class = SixtoState
    return SixtoState
