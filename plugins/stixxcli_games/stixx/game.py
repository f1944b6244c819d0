"""Stixx (Goliath): collect the stixx of your secret colour, bluff, challenge.

The setup is chance: the layout of the stixx on the board, and one secret
colour token per player (each a private outcome). It is recorded as
  {"layout": [42 colour names, by stixx id], "secret_colours": [one per seat],
   "starts": 0}
"""

from __future__ import annotations

from functools import cache

from stixxcli.errors import IllegalSetup, RuleError
from stixxcli.game import Chance, Game, Param

COLOURS = ["red", "orange", "yellow", "green", "blue", "purple"]


class Stixx(Game):
    name = "stixx"
    title = "Stixx"
    min_players = 2
    max_players = 6
    hidden_information = True
    # `reveal` says again, as data for scripts, what `revealed` and `revealed_by` say.
    shown_breakdown = ("colour", "own", "most_of_another", "revealed", "revealed_by", "held", "decided_by")
    params = [
        Param(
            "board_radius",
            "int",
            2,
            "points from the centre to a corner of the hexagonal board",
            min=1,
            max=2,
        ),
        Param("colours", "list[str]", COLOURS, "the stixx colours, one secret token each"),
        Param("stixx_per_colour", "int", 7, "stixx of each colour on the board", min=1, max=42),
        Param(
            "centre_star_all_colours",
            "bool",
            True,
            "the six stixx at the centre point hold every colour once",
        ),
        Param("reveal_once", "bool", True, "option B only while your colour is hidden"),
        Param(
            "challenge_revealed", "bool", False, "option C may name a player whose colour is already revealed"
        ),
        Param(
            "options_from_turn",
            "int",
            1,
            "the first turn of the game that may choose B or C (earlier turns take one stixx)",
            min=1,
            max=1000,
        ),
        Param(
            "end_on_full_colour",
            "bool",
            True,
            "the game ends when a player holds every stixx of their colour",
        ),
    ]
    # The shapes of a move and of the setup, checked by the core before `apply`
    # and `start`; the rules (which stixx, whose turn, which colours) are
    # checked there. Limits hold for every rule set: at most 6 seats, 42 stixx.
    move_schema = {
        "type": "object",
        "required": ["seat", "option"],
        "additionalProperties": False,
        "properties": {
            "seat": {"type": "integer", "minimum": 0, "maximum": 5, "description": "the seat that acts"},
            "option": {
                "enum": ["A", "B", "C"],
                "description": "A take one; B reveal and take two; C challenge",
            },
            "takes": {
                "type": "array",
                "items": {"type": "integer", "minimum": 0, "maximum": 41},
                "maxItems": 2,
                "description": "stixx ids taken in order; B and a right C take two, "
                "or one when the game ended after it",
            },
            "target": {
                "type": "integer",
                "minimum": 0,
                "maximum": 5,
                "description": "C: the challenged seat",
            },
            "colour": {"type": "string", "description": "C: the colour named"},
            "correct": {"type": "boolean", "description": "C: whether the colour was right"},
        },
        "allOf": [
            {
                "if": {"properties": {"option": {"const": "A"}}},
                "then": {
                    "required": ["takes"],
                    "properties": {
                        "takes": {"minItems": 1, "maxItems": 1},
                        "target": False,
                        "colour": False,
                        "correct": False,
                    },
                },
            },
            {
                "if": {"properties": {"option": {"const": "B"}}},
                "then": {
                    "required": ["takes"],
                    "properties": {
                        "takes": {"minItems": 1},
                        "target": False,
                        "colour": False,
                        "correct": False,
                    },
                },
            },
            {
                "if": {"properties": {"option": {"const": "C"}}},
                "then": {
                    "required": ["target", "colour", "correct"],
                    "if": {"properties": {"correct": {"const": True}}},
                    "then": {"required": ["takes"], "properties": {"takes": {"minItems": 1}}},
                    "else": {
                        "properties": {
                            "takes": {"maxItems": 0, "description": "a wrong challenge takes nothing"}
                        }
                    },
                },
            },
        ],
    }
    setup_schema = {
        "type": "object",
        "required": ["layout", "secret_colours"],
        "additionalProperties": False,
        "properties": {
            "layout": {
                "type": "array",
                "items": {"type": "string"},
                "minItems": 12,
                "maxItems": 42,
                "description": "the colour of each stixx, by id (42 on the standard board, 12 on radius 1)",
            },
            "secret_colours": {
                "type": "array",
                "items": {"type": "string"},
                "minItems": 2,
                "maxItems": 6,
                "uniqueItems": True,
                "description": "each seat's secret colour token: one per seat, no colour twice",
            },
            "starts": {
                "type": "integer",
                "minimum": 0,
                "maximum": 5,
                "description": "the seat that plays first (0)",
            },
        },
    }

    def check_rules(self, rules: dict) -> None:
        from .board import segment_count

        colours = rules["colours"]
        if len(colours) < 2:
            raise RuleError("colours must name at least 2 colours")
        if len(set(colours)) != len(colours):
            raise RuleError("colours must all differ")
        # A colour is typed at the prompt in any case (notation.colour_named):
        # of two that differ only in case, the second could never be named.
        seen = {}
        for c in colours:
            if c.lower() in seen:
                raise RuleError(
                    f"colours {seen[c.lower()]!r} and {c!r} differ only in case: "
                    f"a colour is typed at the prompt in any case, so they must differ in letters"
                )
            seen[c.lower()] = c
        for c in colours:
            if not c or c.split() != [c]:
                raise RuleError(f"colour {c!r} must be one word (it is typed at the prompt)")
            # A board writes a stixx as its colour's letters and its id run together:
            # with a digit in a name, c1 on stixx 12 and c11 on stixx 2 both read c112.
            if any(ch.isdigit() for ch in c):
                raise RuleError(
                    f"colour {c!r} must hold no digit: a stixx is written as its colour's "
                    f"letters and its id together ({c}12), which a digit would make ambiguous"
                )
        segments = segment_count(rules["board_radius"])
        if len(colours) * rules["stixx_per_colour"] != segments:
            raise RuleError(
                f"{len(colours)} colours x stixx_per_colour {rules['stixx_per_colour']} "
                f"must equal the {segments} stixx of a board of radius "
                f"{rules['board_radius']}"
            )
        if rules["centre_star_all_colours"] and len(colours) != 6:
            raise RuleError(
                f"centre_star_all_colours needs exactly 6 colours for the 6 stixx of the "
                f"centre star, not {len(colours)}"
            )

    def player_counts(self, rules: dict) -> range:
        # One secret token per colour: never more players than colours.
        return range(self.min_players, min(self.max_players, len(rules["colours"])) + 1)

    def setup(self, rules: dict, players: list[str]):
        from . import notation
        from .board import board
        from .layout import random_layout

        colours = list(rules["colours"])
        grid = board(rules["board_radius"])
        star = rules["centre_star_all_colours"]
        per = rules["stixx_per_colour"]

        def draw_layout(rng):
            return [colours[c] for c in random_layout(grid, len(colours), per, star, rng)]

        layout = yield Chance(
            "layout",
            notation.layout_prompt(grid, colours),
            draw_layout,
            lambda text: notation.parse_layout(text, colours, grid, per, star),
        )
        secret: list[str] = []
        for seat, name in enumerate(players):
            left = [c for c in colours if c not in secret]
            token = yield Chance(
                f"colour of {name}",
                notation.token_prompt(name, colours),
                lambda rng, left=left: rng.choice(left),
                lambda text, left=left: notation.parse_token(text, colours, left),
                seat=seat,
            )
            secret.append(token)
        return {"layout": layout, "secret_colours": secret, "starts": 0}

    def start(self, rules: dict, players: list[str], setup: dict):
        board, recorded_layout, StixxState = _start_parts()
        # The core has checked the setup's shape (setup_schema); these are the rules.
        colours = list(rules["colours"])
        grid = board(rules["board_radius"])
        names = setup["layout"]
        if len(names) != grid.size:
            raise IllegalSetup(f"the layout must give {grid.size} colours, one per stixx, not {len(names)}")
        number = {c: i for i, c in enumerate(colours)}
        try:
            layout = list(map(number.__getitem__, names))
        except KeyError:  # an unknown colour: say which
            layout = [_colour_number(c, colours, f"layout item {i} (stixx {i})") for i, c in enumerate(names)]
        problem, touching = recorded_layout(
            grid, layout, colours, rules["stixx_per_colour"], rules["centre_star_all_colours"]
        )
        if problem:
            raise IllegalSetup(problem)
        tokens = setup["secret_colours"]
        if len(tokens) != len(players):
            raise IllegalSetup(
                f"secret_colours must give one colour per player: {len(players)}, not {len(tokens)}"
            )
        try:
            secret = list(map(number.__getitem__, tokens))
        except KeyError:
            secret = [
                _colour_number(c, colours, f"the secret colour of seat {i}") for i, c in enumerate(tokens)
            ]
        starts = setup.get("starts", 0)
        if starts >= len(players):
            raise IllegalSetup(f"starts must be a seat 0-{len(players) - 1}, not {starts!r}")
        return StixxState(rules, players, grid, layout, secret, starts, touching)


@cache
def _start_parts():
    """What `start` needs, imported by the first game rather than with the
    plugin; kept here since even an import of a loaded module costs
    microseconds, and `start` runs once per log validated."""
    from .board import board
    from .layout import recorded_layout
    from .state import StixxState

    return board, recorded_layout, StixxState


def _colour_number(value: str, colours: list[str], what: str) -> int:
    if value not in colours:
        raise IllegalSetup(f"{what} is {value!r}, not a colour of these rules ({', '.join(colours)})")
    return colours.index(value)
