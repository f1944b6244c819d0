"""Trixo (FlexiQ): rule parameters, the deal of the hands, and the log formats."""

from __future__ import annotations

from stixxcli.errors import IllegalMove, IllegalSetup, RuleError
from stixxcli.game import Chance, Game, Param, require

from .board import DIRECTIONS, STEPS, SYMBOLS, TILES, shown
from .notation import tiles_text

TILE = {"type": "string", "enum": list(TILES)}
SEAT = {"type": "integer", "minimum": 0}
DRAW = {"type": "string", "enum": list(TILES)}
COLLECTED = {"type": "integer", "minimum": 0}


class Trixo(Game):
    name = "trixo"
    title = "Trixo"
    min_players = 2
    max_players = 4
    hidden_information = True  # hands are held upright, unseen by the others
    params = [
        Param(
            "tiles",
            "dict[str,int]",
            {"x": 14, "o": 14, "trixo": 5, "arrow": 3},
            "how many tiles of each kind: x, o, trixo (symbols) and arrow (slides)",
            choices=TILES,
            min=0,
            max=100,
        ),
        Param("hand_size", "int", 4, "tiles in each hand", min=1, max=10),
        Param("max_stack", "int", 3, "most tiles in one stack (1: no stacking)", min=1, max=10),
        Param(
            "teams",
            "bool",
            False,
            "4 players in two teams, seats 0 and 2 against 1 and 3, collections pooled",
        ),
    ]
    move_schema = {
        "oneOf": [
            {
                "type": "object",
                "title": "place or stack a symbol tile",
                "required": ["seat", "tile", "cell"],
                "additionalProperties": False,
                "properties": {
                    "seat": SEAT,
                    "tile": {"enum": list(SYMBOLS)},
                    "cell": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
                    "collected": COLLECTED,
                    "draw": DRAW,
                },
            },
            {
                "type": "object",
                "title": "slide a row or column with an arrow tile",
                "required": ["seat", "tile", "line", "index", "direction"],
                "additionalProperties": False,
                "properties": {
                    "seat": SEAT,
                    "tile": {"const": "arrow"},
                    "line": {"enum": list(DIRECTIONS)},
                    "index": {"type": "integer"},
                    "direction": {"enum": list(STEPS)},
                    "collected": COLLECTED,
                    "draw": DRAW,
                },
            },
            {
                "type": "object",
                "title": "set a tile aside when no play is legal",
                "required": ["seat", "discard"],
                "additionalProperties": False,
                "properties": {"seat": SEAT, "discard": TILE, "draw": DRAW},
            },
        ]
    }
    setup_schema = {
        "type": "object",
        "required": ["hands"],
        "additionalProperties": False,
        "properties": {"hands": {"type": "array", "items": {"type": "array", "items": TILE}}},
    }

    def check_rules(self, rules: dict) -> None:
        need = (4 if rules["teams"] else self.min_players) * rules["hand_size"]
        if sum(rules["tiles"].values()) < need:
            raise RuleError(
                f"tiles: {sum(rules['tiles'].values())} tiles cannot fill "
                f"{need // rules['hand_size']} hands of {rules['hand_size']}"
            )

    def player_counts(self, rules: dict) -> range:
        if rules["teams"]:
            return range(4, 5)
        total = sum(rules["tiles"].values())
        most = min(self.max_players, total // rules["hand_size"])
        return range(self.min_players, max(most, self.min_players - 1) + 1)

    def setup(self, rules: dict, players: list[str]):
        from .board import in_order

        pool = {tile: rules["tiles"].get(tile, 0) for tile in TILES}
        size = rules["hand_size"]
        hands = []
        for seat, name in enumerate(players):

            def deal(rng):
                return in_order(rng.sample([t for t in TILES for _ in range(pool[t])], size))

            def parse(text):
                hand = tiles_text(text)
                if len(hand) != size:
                    raise ValueError(f"a hand holds {size} tiles, not {len(hand)}")
                for tile in TILES:
                    if hand.count(tile) > pool[tile]:
                        raise ValueError(f"only {pool[tile]} {tile} tiles are left to deal")
                return in_order(hand)

            hand = yield Chance(
                f"hand {seat}", f"the {size} tiles {name} picks, e.g. x o trixo arrow", deal, parse, seat
            )
            for tile in hand:
                pool[tile] -= 1
            hands.append(hand)
        return {"hands": hands}

    def start(self, rules: dict, players: list[str], setup: dict):
        try:
            hands = require(setup, "hands", list, "the setup")
        except IllegalMove as e:
            raise IllegalSetup(e.message) from None
        extra = sorted(set(setup) - {"hands"}, key=str)
        if extra:
            raise IllegalSetup(f"unknown key {shown(extra[0])} in the setup (keys: hands)")
        if len(hands) != len(players):
            raise IllegalSetup(f"the setup deals {len(hands)} hands to {len(players)} players")
        pool = {tile: rules["tiles"].get(tile, 0) for tile in TILES}
        size = rules["hand_size"]
        for seat, hand in enumerate(hands):
            if not isinstance(hand, list) or len(hand) != size:
                raise IllegalSetup(f"hand {seat} must be a list of {size} tiles, not {shown(hand)}")
            for tile in hand:
                if not isinstance(tile, str) or tile not in TILES:
                    raise IllegalSetup(
                        f"hand {seat}: {shown(tile)} is not a tile (tiles: {', '.join(TILES)})"
                    )
                if not pool[tile]:
                    raise IllegalSetup(
                        f"hand {seat} holds one {tile} tile too many: the rules have "
                        f"{rules['tiles'].get(tile, 0)} and the hands up to it take more"
                    )
                pool[tile] -= 1
        from .state import TrixoState  # the rules engine loads only when a game starts

        return TrixoState(rules, players, hands)
