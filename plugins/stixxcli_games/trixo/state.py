"""A game of Trixo in progress: hands, reserve, the layout, collections; the turn
that asks for a play and a draw, and `apply`, which checks and plays a move."""

from __future__ import annotations

from stixxcli.game import Chance, Choice, IllegalMove, Result, State, places, require

from . import board
from .board import ARROW, SYMBOLS, TILES, in_order, shown, team_of
from .notation import DISCARD_PROMPT, PLAY_PROMPT, hand_text, parse_discard, parse_play, play_text, tile_name

PLAY_KEYS = {"seat", "tile", "cell", "collected", "draw"}
SYMBOL_SET = frozenset(SYMBOLS)
SLIDE_KEYS = {"seat", "tile", "line", "index", "direction", "collected", "draw"}
DISCARD_KEYS = {"seat", "discard", "draw"}


class TrixoState(State):
    def __init__(self, rules: dict, names: list[str], hands: list[list[str]]):
        self.names = names
        self.max_stack = rules["max_stack"]
        self.teams = rules["teams"]
        self.hands = [in_order(hand) for hand in hands]
        self.reserve = {tile: rules["tiles"].get(tile, 0) for tile in TILES}
        for hand in hands:
            for tile in hand:
                self.reserve[tile] -= 1
        self.reserve_size = sum(self.reserve.values())
        self.layout: dict[tuple, tuple] = {}
        self.collected = [{symbol: 0 for symbol in SYMBOLS} for _ in names]
        self.set_aside: list[str] = []  # discarded tiles and used arrows, out of the game
        self.seat = 0
        self.over = False
        self.last_play = None  # (seat, move, tiles collected), for the players to see
        self._next_seat(-1)

    # Whose turn ----------------------------------------------------------------

    def _next_seat(self, after: int) -> None:
        """The next seat clockwise that still holds a tile; none when every hand is empty."""
        count = len(self.names)
        if self.hands[(after + 1) % count]:
            self.seat = (after + 1) % count
            return
        for step in range(1, count + 1):
            seat = (after + step) % count
            if self.hands[seat]:
                self.seat = seat
                return
        self.seat, self.over = None, True

    # Asking for a turn ---------------------------------------------------------

    def turn(self):
        seat = self.seat
        options = self._options(seat)
        if "discard" not in options[0]:
            move = yield Choice(
                seat, "play", options, PLAY_PROMPT, lambda text: self._typed_play(text, options), play_text
            )
        else:
            move = yield Choice(
                seat, "discard", options, DISCARD_PROMPT, lambda text: parse_discard(text, seat), play_text
            )
        move = dict(move)
        if "discard" not in move and move in options:
            move["collected"] = len(board.collect(*board.play(self.layout, move)))
        if self.reserve_size:
            move["draw"] = yield Chance(
                "draw",
                f"the tile {self.names[seat]} draws from the reserve: x, o, trixo or arrow",
                self._draw_tile,
                self._parse_draw,
                seat,
            )
        return move

    def _typed_play(self, text: str, options: list[dict]) -> dict:
        """A play typed at the table; one that is not legal says which rule it breaks."""
        move = parse_play(text, self.seat)
        if move not in options:
            try:
                self._play(move, self.hands[self.seat])
            except IllegalMove as e:
                raise ValueError(e.message) from None
        return move

    def _draw_tile(self, rng) -> str:
        return rng.choice([tile for tile in TILES for _ in range(self.reserve[tile])])

    def _parse_draw(self, text: str) -> str:
        tile = tile_name(text)
        if not self.reserve[tile]:
            raise ValueError(f"no {tile} tile is left in the reserve")
        return tile

    def legal_moves(self) -> list[dict]:
        """Every play of the seat to act; the tiles it may set aside when it has none."""
        return self._options(self.seat)

    def _options(self, seat: int) -> list[dict]:
        hand = self.hands[seat]
        plays = board.legal_plays(self.layout, hand, seat, self.max_stack)
        return plays or [{"seat": seat, "discard": tile} for tile in TILES if tile in hand]

    # Checking and playing a move -----------------------------------------------

    def apply(self, move: dict) -> None:
        seat = require(move, "seat", int)
        if seat != self.seat:
            raise IllegalMove(f"wrong player: it is seat {self.seat}'s turn, not seat {seat}")
        hand = self.hands[seat]
        layout = self.layout
        tile, cell = move.get("tile"), move.get("cell")
        # The short path: a well-formed legal placement, nearly every move of a
        # log. Anything else goes the long way, which names what is wrong.
        if (
            type(tile) is str
            and tile in SYMBOL_SET
            and tile in hand
            and type(cell) is list
            and len(cell) == 2
            and type(cell[0]) is int
            and type(cell[1]) is int
            and move.keys() <= PLAY_KEYS
            and board.can_place(layout, tile, (cell[0], cell[1]), self.max_stack)
        ):
            cell = (cell[0], cell[1])
            after = dict(layout)
            after[cell] = layout.get(cell, ()) + (tile,)
            won = board.streak_cells_through(after, cell, tile)
            taken = board.take(after, won) if won else ()
            if "collected" in move and (
                type(move["collected"]) is not int or move["collected"] != len(taken)
            ):
                after, taken = self._play(move, hand)
        elif "discard" in move:
            tile = self._tile(move, "discard", DISCARD_KEYS)
            if tile not in hand:
                raise IllegalMove(f"cannot set aside {tile}: the hand holds {hand_text(hand)}")
            plays = board.legal_plays(layout, hand, seat, self.max_stack)
            if plays:
                raise IllegalMove(
                    f"a tile is set aside only when no play is legal, but {play_text(plays[0])} is legal"
                )
            after, taken = None, ()
        elif "tile" in move:
            after, taken = self._play(move, hand)
        else:
            raise IllegalMove("the move has neither 'tile' (a play) nor 'discard' (a tile set aside)")
        draw = move.get("draw")
        if not (self.reserve_size and type(draw) is str and self.reserve.get(draw)):
            draw = self._draw(move)  # none to draw, or a reason to refuse
        # Everything is checked: now the move changes the game.
        self.last_play = (seat, move, len(taken))
        if after is None:
            hand.remove(tile)
            self.set_aside.append(tile)
        else:
            hand.remove(tile)
            if tile == ARROW:
                self.set_aside.append(ARROW)
            self.layout = after
            if taken:
                mine = self.collected[seat]
                for kind in taken:
                    mine[kind] += 1
        if draw is not None:
            self.reserve[draw] -= 1
            self.reserve_size -= 1
            hand.append(draw)
        self._next_seat(seat)

    def _tile(self, move: dict, key: str, allowed: set) -> str:
        if not move.keys() <= allowed:
            unknown = sorted(move.keys() - allowed, key=str)
            raise IllegalMove(
                f"unknown key {shown(unknown[0])} in this move (keys: {', '.join(sorted(allowed))})"
            )
        tile = require(move, key, str)
        if tile not in TILES:
            raise IllegalMove(f"{shown(tile)} is not a tile (tiles: {', '.join(TILES)})")
        return tile

    def _play(self, move: dict, hand: list[str]) -> tuple[dict, list[str]]:
        """The layout after a placement or slide, and the tiles it collects."""
        is_slide = move.get("tile") == ARROW
        if is_slide and "cell" in move:
            raise IllegalMove(
                "an arrow tile shows no symbol: it cannot be placed, only slide a row or column"
            )
        tile = self._tile(move, "tile", SLIDE_KEYS if is_slide else PLAY_KEYS)
        if tile not in hand:
            raise IllegalMove(f"no {tile} tile in the hand ({hand_text(hand)})")
        if is_slide:
            line = require(move, "line", str)
            if line not in board.DIRECTIONS:
                raise IllegalMove(f"an arrow slides a 'row' or a 'column', not {shown(line)}")
            index = require(move, "index", int)
            direction = require(move, "direction", str)
            if direction not in board.DIRECTIONS[line]:
                raise IllegalMove(
                    f"a {line} slides {' or '.join(board.DIRECTIONS[line])}, not {shown(direction)}"
                )
            if not board.line_cells(self.layout, line, index):
                raise IllegalMove(f"{line} {index} holds no tile to slide")
            after, changed = board.slide(self.layout, line, index, direction)
            if not changed:
                raise IllegalMove(
                    f"sliding {line} {index} {direction} moves nothing: every tile is "
                    f"blocked by the tile ahead or by the 3x3 window"
                )
        else:
            cell = require(move, "cell", list)
            if len(cell) != 2 or type(cell[0]) is not int or type(cell[1]) is not int:
                raise IllegalMove(f"'cell' must be [row, column], two whole numbers, not {shown(cell)}")
            cell = (cell[0], cell[1])
            problem = board.placement_problem(self.layout, tile, cell, self.max_stack)
            if problem:
                raise IllegalMove(problem)
            after = dict(self.layout)
            after[cell] = after.get(cell, ()) + (tile,)
            changed = [cell]
        taken = board.collect(after, changed)
        if "collected" in move:
            recorded = require(move, "collected", int)
            if recorded != len(taken):
                raise IllegalMove(
                    f"the move records {recorded} tiles collected, but its streaks collect {len(taken)}"
                )
        return after, taken

    def _draw(self, move: dict) -> str | None:
        """The tile drawn: one is drawn exactly when the reserve is not empty."""
        if not self.reserve_size:
            if "draw" in move:
                raise IllegalMove("the reserve is empty: there is no tile to draw")
            return None
        tile = require(move, "draw", str)
        if tile not in TILES:
            raise IllegalMove(f"drew {shown(tile)}, which is not a tile (tiles: {', '.join(TILES)})")
        if not self.reserve[tile]:
            left = ", ".join(f"{n} {t}" for t, n in self.reserve.items() if n)
            raise IllegalMove(f"drew {tile}, but no {tile} tile is left in the reserve ({left})")
        return tile

    # Scores ----------------------------------------------------------------------

    def result(self) -> Result:
        own = [sum(c.values()) for c in self.collected]
        trixo = [c["trixo"] for c in self.collected]
        breakdown = [{"collected": own[s], **self.collected[s]} for s in range(len(self.names))]
        if self.teams:
            # Places among the two teams: the losing team is second, not third.
            team_keys = [(own[t] + own[t + 2], trixo[t] + trixo[t + 2]) for t in (0, 1)]
            team_places = places(team_keys)
            for seat, entry in enumerate(breakdown):
                total, team_trixo = team_keys[seat % 2]
                entry.update(team=list(team_of(seat)), team_collected=total, team_trixo=team_trixo)
            scores = [team_keys[seat % 2][0] for seat in range(len(self.names))]
            return Result(scores, [team_places[seat % 2] for seat in range(len(self.names))], breakdown)
        keys = list(zip(own, trixo))
        return Result(own, places(keys), breakdown)

    # Showing the table -------------------------------------------------------------

    def view(self, viewer: int | None = None) -> dict:
        hands = [
            in_order(hand) if viewer is None or viewer == seat else {"tiles": len(hand)}
            for seat, hand in enumerate(self.hands)
        ]
        out = {
            "table": [
                {"cell": [r, c], "stack": list(stack)} for (r, c), stack in sorted(self.layout.items())
            ],
            "hands": hands,
            "reserve": self.reserve_size,
            "collected": [dict(c) for c in self.collected],
            "set_aside": list(self.set_aside),
            "to_move": self.seat,
            "over": self.over,
            "last_play": None
            if self.last_play is None
            else {
                "seat": self.last_play[0],
                "play": play_text(self.last_play[1]),
                "collected": self.last_play[2],
            },
        }
        if viewer is None:
            out["reserve_tiles"] = {tile: n for tile, n in self.reserve.items() if n}
        return out

    def move_view(self, move: dict, viewer: int | None = None) -> dict:
        # A draw is seen by its drawer alone.
        if viewer is None or move.get("seat") == viewer or "draw" not in move:
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
