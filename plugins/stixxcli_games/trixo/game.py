"""Trixo (FlexiQ): rule parameters, the deal of the hands, and the log formats."""

from __future__ import annotations

from functools import partial

from stixxcli.errors import IllegalSetup, RuleError
from stixxcli.game import Chance, Game, Param

from .board import ARROW, DIRECTIONS, STEPS, SYMBOLS, TILES
from .notation import hand_prompt, parse_hand

TILE = {"type": "string", "enum": list(TILES)}
SEAT = {"type": "integer", "minimum": 0, "maximum": 3}  # at most 4 players
COLLECTED = {"type": "integer", "minimum": 0}
WHOLE = {"type": "integer"}
CELL = {"type": "array", "prefixItems": [WHOLE, WHOLE], "minItems": 2, "maxItems": 2}
PLACE = {
    "type": "object",
    "title": "place or stack a symbol tile",
    "required": ["seat", "tile", "cell"],
    "additionalProperties": False,
    "properties": {
        "seat": SEAT,
        "tile": {"type": "string", "enum": list(SYMBOLS)},
        "cell": CELL,
        "collected": COLLECTED,
        "draw": TILE,
    },
}
SLIDE = {
    "type": "object",
    "title": "slide a row or column with an arrow tile",
    "required": ["seat", "tile", "line", "index", "direction"],
    "additionalProperties": False,
    "properties": {
        "seat": SEAT,
        "tile": {"const": ARROW},
        "line": {"type": "string", "enum": list(DIRECTIONS)},
        "index": WHOLE,
        "direction": {"type": "string", "enum": list(STEPS)},
        "collected": COLLECTED,
        "draw": TILE,
    },
    # A row slides left or right, a column up or down.
    "if": {"properties": {"line": {"const": "row"}}},
    "then": {"properties": {"direction": {"enum": list(DIRECTIONS["row"])}}},
    "else": {"properties": {"direction": {"enum": list(DIRECTIONS["column"])}}},
}
DISCARD = {
    "type": "object",
    "title": "set a tile aside when no play is legal",
    "required": ["seat", "discard"],
    "additionalProperties": False,
    "properties": {"seat": SEAT, "discard": TILE, "draw": TILE},
}


class Trixo(Game):
    name = "trixo"
    title = "Trixo"
    min_players = 2
    max_players = 4
    hidden_information = True  # hands are held upright, unseen by the others
    engine = None  # state.TrixoState, once a game has started
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
    # A move is told apart by its keys, so a malformed one is measured against
    # the kind it was meant to be: a set-aside names `discard`, a placement a
    # `cell` (an arrow there is refused: it shows no symbol), a slide plays the
    # arrow; anything else is taken for a placement.
    move_schema = {
        "type": "object",
        "if": {"required": ["discard"]},
        "then": DISCARD,
        "else": {
            "if": {"required": ["cell"]},
            "then": PLACE,
            "else": {"if": {"properties": {"tile": {"const": ARROW}}}, "then": SLIDE, "else": PLACE},
        },
    }
    setup_schema = {
        "type": "object",
        "required": ["hands"],
        "additionalProperties": False,
        "properties": {
            "hands": {
                "type": "array",
                "minItems": 2,
                "maxItems": 4,
                "items": {"type": "array", "minItems": 1, "maxItems": 10, "items": TILE},
            }
        },
    }

    def check_rules(self, rules: dict) -> None:
        need = (4 if rules["teams"] else self.min_players) * rules["hand_size"]
        if sum(rules["tiles"].values()) < need:
            # `tiles: {arrow: 6}` replaces the whole mapping: say so, as the kinds left out have none.
            missing = [tile for tile in TILES if tile not in rules["tiles"]]
            named = ", ".join(missing[:-1]) + " and " * (len(missing) > 1) + "".join(missing[-1:])
            left_out = (
                f" (tiles replaces the whole mapping: {named}, left out, ha{'ve' if missing[1:] else 's'} none)"
                if missing
                else ""
            )
            raise RuleError(
                f"tiles: {sum(rules['tiles'].values())} tiles cannot fill "
                f"{need // rules['hand_size']} hands of {rules['hand_size']}{left_out}"
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

            hand = yield Chance(
                f"hand {seat}",
                hand_prompt(name, size),
                deal,
                partial(parse_hand, size=size, pool=pool, tiles=rules["tiles"]),
                seat,
            )
            for tile in hand:
                pool[tile] -= 1
            hands.append(hand)
        return {"hands": hands}

    def start(self, rules: dict, players: list[str], setup: dict):
        # The core has checked the setup against `setup_schema`: what is left
        # are the rules that depend on the players and the parameters.
        hands = setup["hands"]
        if len(hands) != len(players):
            raise IllegalSetup(f"the setup deals {len(hands)} hands to {len(players)} players")
        pool = {tile: rules["tiles"].get(tile, 0) for tile in TILES}
        size = rules["hand_size"]
        for seat, hand in enumerate(hands):
            if len(hand) != size:
                raise IllegalSetup(f"hand {seat} must be a list of {size} tiles, not {len(hand)}")
            for tile in hand:
                if not pool[tile]:
                    raise IllegalSetup(
                        f"hand {seat} holds one {tile} tile too many: the rules have "
                        f"{rules['tiles'].get(tile, 0)} and the hands up to it take more"
                    )
                pool[tile] -= 1
        engine = Trixo.engine
        if engine is None:  # the rules engine loads when a game first starts (an import costs every time)
            from .state import TrixoState as engine

            Trixo.engine = engine
        return engine(rules, players, hands, pool)
