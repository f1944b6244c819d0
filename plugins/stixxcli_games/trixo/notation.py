"""What a person types at the table: tiles, plays and set-asides.

x 0 1              place (or stack) an x tile on row 0, column 1
arrow row 0 left   slide row 0 one cell left (also: row 0 left)
arrow col 1 up     slide column 1 one cell up (col or column)
discard o          set an o tile aside, when no play is legal
"""

from __future__ import annotations

from .board import ARROW, DIRECTIONS, TILES, in_order

# Short names a person may type for a tile.
TILE_NAMES = {"x": "x", "o": "o", "t": "trixo", "trixo": "trixo", "a": ARROW, "arrow": ARROW}
LINE_NAMES = {"row": "row", "col": "column", "column": "column"}
PLAY_PROMPT = "place: tile row col (x 0 1); slide: arrow row|col N direction (arrow row 0 left)"
DISCARD_PROMPT = "no play is legal: discard TILE (discard o)"


def tile_name(text: str) -> str:
    """A tile from its name or first letter; ValueError naming the tiles otherwise."""
    name = TILE_NAMES.get(text.strip().lower())
    if name is None:
        raise ValueError(f"{text!r} is not a tile (tiles: {', '.join(TILES)})")
    return name


def tiles_text(text: str) -> list[str]:
    """Tiles separated by spaces or commas, e.g. "x o trixo arrow"."""
    return [tile_name(word) for word in text.replace(",", " ").split()]


def hand_prompt(name: str, size: int) -> str:
    return f"the {size} tiles {name} picks, e.g. x o trixo arrow"


def parse_hand(text: str, size: int, pool: dict) -> list[str]:
    """A hand typed at a real table, checked against the tiles still to deal."""
    hand = tiles_text(text)
    if len(hand) != size:
        raise ValueError(f"a hand holds {size} tiles, not {len(hand)}")
    for tile in TILES:
        if hand.count(tile) > pool[tile]:
            raise ValueError(f"only {pool[tile]} {tile} tiles are left to deal")
    return in_order(hand)


def draw_prompt(name: str) -> str:
    return f"the tile {name} draws from the reserve: x, o, trixo or arrow"


def parse_draw(text: str, reserve: dict) -> str:
    """A draw typed at a real table: one tile the reserve still holds."""
    tile = tile_name(text)
    if not reserve[tile]:
        raise ValueError(f"no {tile} tile is left in the reserve")
    return tile


def _whole(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{what} must be a whole number, not {text!r}") from None


def parse_play(text: str, seat: int) -> dict:
    words = text.lower().split()
    if not words:
        raise ValueError(f"type a play: {PLAY_PROMPT}")
    if words[0] in LINE_NAMES:
        words = [ARROW] + words
    tile = tile_name(words[0])
    if tile == ARROW:
        if len(words) != 4 or words[1] not in LINE_NAMES:
            raise ValueError("a slide is: arrow row|col N direction, e.g. arrow row 0 left")
        line = LINE_NAMES[words[1]]
        index = _whole(words[2], f"the {line} number")
        direction = words[3]
        if direction not in DIRECTIONS[line]:
            raise ValueError(f"a {line} slides {' or '.join(DIRECTIONS[line])}, not {direction!r}")
        return {"seat": seat, "tile": ARROW, "line": line, "index": index, "direction": direction}
    if len(words) != 3:
        raise ValueError(f"a placement is: tile row column, e.g. {tile} 0 1")
    return {"seat": seat, "tile": tile, "cell": [_whole(words[1], "the row"), _whole(words[2], "the column")]}


def parse_discard(text: str, seat: int) -> dict:
    words = text.lower().split()
    if words and words[0] == "discard":
        words = words[1:]
    if len(words) != 1:
        raise ValueError(f"type: {DISCARD_PROMPT}")
    return {"seat": seat, "discard": tile_name(words[0])}


def play_text(move: dict) -> str:
    """The short text of a play or set-aside (draw and collection left out)."""
    if "discard" in move:
        return f"discard {move['discard']}"
    if move["tile"] == ARROW:
        line = "col" if move["line"] == "column" else "row"
        return f"arrow {line} {move['index']} {move['direction']}"
    row, col = move["cell"]
    return f"{move['tile']} {row} {col}"


def hand_text(hand) -> str:
    return ", ".join(in_order(hand)) if hand else "empty"
