"""What a person types at the table and hears from it: tiles, plays and
set-asides, the hands and draws of a real table, `help`, and each move told.

x 0 1              place (or stack) an x tile on row 0, column 1
arrow row 0 left   slide row 0 one cell left (also: row 0 left)
arrow col 1 up     slide column 1 one cell up (col or column)
discard o          set an o tile aside, when no play is legal
"""

from __future__ import annotations

from stixxcli.text import counted

from .board import ARROW, DIRECTIONS, TILES, in_order

# Short names a person may type for a tile.
TILE_NAMES = {"x": "x", "o": "o", "t": "trixo", "trixo": "trixo", "a": ARROW, "arrow": ARROW}
LINE_NAMES = {"row": "row", "col": "column", "column": "column"}
PLAY_PROMPT = "a tile and its cell (x 0 1), or a slide (arrow row 0 left)"


def discard_prompt(tiles: list[str]) -> str:
    """The question when no play is legal, its example a tile the hand holds."""
    return f"no play is legal: set a tile aside (discard {tiles[0]})"


DISCARD_REFUSED = "you have a legal play: a tile is set aside only when none is legal"
WIDTH = 79  # help lines fit an 80-column terminal
PLAY_HELP = """\
Place a symbol tile: its name, then the row and column of a cell, as the
table labels them (row,column): x 0 1, o -1 2, t 1 1 (t is trixo). On a
{stacking}
Slide a row or column with an arrow: arrow row 0 left, arrow col 1 down
(row goes left or right, col up or down); a stack ahead blocks, and so does
the 3x3 window. Three equal symbols in a line are collected."""
# How high a stack goes is a rule (`max_stack`): help tells the rules in play.
STACKING = "tile already there it stacks: at most {} high, never on the same symbol."
NO_STACKING = "tile already there none goes: these rules have no stacking (max_stack 1)."
DISCARD_HELP = """\
No play is legal: no free cell or stack takes your symbols, and no slide
moves anything. Set one tile of your hand aside, out of the game: discard
followed by the tile, e.g. discard o (or just o). Then you draw."""


def tile_name(text: str) -> str:
    """A tile from its name or first letter; ValueError naming the tiles otherwise."""
    name = TILE_NAMES.get(text.strip().lower())
    if name is None:
        shown = text if len(text) <= 40 else text[:37] + "..."  # a long paste, not repeated whole
        raise ValueError(f"{shown!r} is not a tile (tiles: {', '.join(TILES)})")
    return name


def tiles_text(text: str) -> list[str]:
    """Tiles separated by spaces or commas, e.g. "x o trixo arrow"."""
    return [tile_name(word) for word in text.replace(",", " ").split()]


def hand_prompt(name: str, size: int) -> str:
    return f"the {size} tiles {name} picks (e.g. x o t a)"


def parse_hand(text: str, size: int, pool: dict, tiles: dict) -> list[str]:
    """A hand typed at a real table, checked against the tiles still to deal.
    A refusal tells only what the whole table knows (the game's `tiles`): how
    many of a kind are left to deal would tell what the hands before took."""
    hand = tiles_text(text)
    if len(hand) != size:
        raise ValueError(f"a hand holds {size} tiles, not {len(hand)}")
    for tile in TILES:
        picked = hand.count(tile)
        if picked > tiles.get(tile, 0):
            has = f"only {counted(tiles[tile], tile + ' tile')}" if tiles.get(tile) else f"no {tile} tiles"
            raise ValueError(f"the game has {has}, not {picked}")
        if picked > pool[tile]:
            raise ValueError(
                f"{counted(picked, tile + ' tile')} cannot be dealt now: check the tiles you picked"
            )
    return in_order(hand)


def draw_prompt(name: str) -> str:
    return f"the tile {name} draws: x, o, trixo or arrow"


def parse_draw(text: str, reserve: dict, in_sight) -> str:
    """A draw typed at a real table: one tile the reserve still holds. A
    refusal never lists the reserve, which tells the other hands: it says why
    only when every tile of the kind is in sight (`in_sight(tile)`: on the
    table, collected or out of the game)."""
    tile = tile_name(text)
    if not reserve[tile]:
        if in_sight(tile):
            raise ValueError(
                f"no {tile} tile is left to draw: every one is on the table, collected or out of the game"
            )
        raise ValueError(f"no {tile} tile can be drawn now: check the tile you drew")
    return tile


def _whole(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{what} must be a whole number, not {text!r}") from None


def parse_play(text: str, seat: int) -> dict:
    words = text.lower().replace(",", " ").split()  # x 0,1 as the table labels its cells, or x 0 1
    if not words:
        raise ValueError(f"type a play: {PLAY_PROMPT}")
    if words[0] == "discard":
        raise ValueError(DISCARD_REFUSED)
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
        raise ValueError("type discard and the tile, e.g. discard o")
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


def counted_tiles(tiles) -> str:
    """Tiles counted by kind (`3 arrows, 1 x`): one by one, a house rule's many
    arrows out of the game ran over many lines."""
    return ", ".join(counted(tiles.count(kind), kind) for kind in dict.fromkeys(tiles))


def cell_text(cell) -> str:
    """A cell as the table labels it: row,column."""
    return f"{cell[0]},{cell[1]}"


def play_help(options, max_stack: int, everything: bool = False) -> str:
    """How to type a play, with examples, then the legal plays grouped by tile
    (`everything`: each play as it is typed)."""
    stacking = STACKING.format(max_stack) if max_stack > 1 else NO_STACKING
    lines = PLAY_HELP.format(stacking=stacking).splitlines()
    if everything:
        return "\n".join(
            [*lines, "Your legal plays:", *_packed([play_text(o) for o in options], "  ", " | ")]
        )
    places: dict[str, list[str]] = {}
    for option in options:
        if option["tile"] == ARROW:
            line = "col" if option["line"] == "column" else "row"
            place = f"{line} {option['index']} {option['direction']}"
        else:
            place = cell_text(option["cell"])
        places.setdefault(option["tile"], []).append(place)
    lines.append("Your legal plays (row,column for a cell):")
    for tile, found in places.items():
        lead = f"  {tile:<6}"
        packed = _packed(found, " " * len(lead), ", " if tile == ARROW else "  ")
        lines += [lead + packed[0].lstrip(), *packed[1:]]
    return "\n".join(lines)


def _packed(items: list[str], indent: str, between: str) -> list[str]:
    """Items in lines within WIDTH columns, never one cut in two."""
    lines, line = [], indent
    for item in items:
        if line != indent and len(line) + len(between) + len(item) > WIDTH:
            lines.append(line + between.rstrip())
            line = indent
        line += (between if line != indent else "") + item
    return [*lines, line]


def discard_help(options) -> str:
    tiles = ", ".join(option["discard"] for option in options)
    return f"{DISCARD_HELP}\nYou may set aside: {tiles}"


def announcement(name: str, move: dict, collected: int, covered: str | None) -> str:
    """A move in plain words, for the whole table: never the tile drawn."""
    text = f"{name} {play_words(move, covered)}"
    if collected:
        text += f" and collects {collected} tile{'s' * (collected != 1)}"
    return text + "."


def play_words(move: dict, covered: str | None) -> str:
    """A play or set-aside in words, after the player's name."""
    if "discard" in move:
        return f"has no legal play and sets {_a(move['discard'])} tile aside"
    if move["tile"] == ARROW:
        return f"slides {move['line']} {move['index']} {move['direction']} with an arrow"
    if covered is None:
        return f"places {move['tile']} at {cell_text(move['cell'])}"
    return f"stacks {move['tile']} on the {covered} at {cell_text(move['cell'])}"


def _a(tile: str) -> str:
    return f"an {tile}" if tile[0] in "aeiox" else f"a {tile}"
