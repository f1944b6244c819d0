"""A game of Trixo in progress: hands, reserve, the layout, collections; the turn
that asks for a play and a draw, and `apply`, which checks and plays a move."""

from __future__ import annotations

from stixxcli.errors import IllegalMove
from stixxcli.game import Chance, Choice, Result, State, places

from . import board
from .board import ARROW, SYMBOLS, TILES, in_order, team_of
from .notation import (
    DISCARD_PROMPT,
    PLAY_PROMPT,
    announcement,
    discard_help,
    draw_prompt,
    hand_text,
    parse_discard,
    parse_draw,
    parse_play,
    play_help,
    play_text,
)


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
        self._checked = None  # (move, a copy of it, what _checked_play found), from `turn`
        self.last_covered = None  # the symbol the last play stacked on, if it stacked
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
        hand = self.hands[seat]
        options = board.Plays(self.layout, hand, seat, self.max_stack)
        if options:
            move = yield Choice(
                seat, "play", options, PLAY_PROMPT, lambda text: self._typed_play(text, options), play_text
            )
        else:
            discards = [{"seat": seat, "discard": tile} for tile in TILES if tile in hand]
            move = yield Choice(
                seat, "discard", discards, DISCARD_PROMPT, lambda text: parse_discard(text, seat), play_text
            )
        move = dict(move)
        checked = None
        if move in options:  # else `apply` says what is wrong with it
            checked = self._outcome(move)
            move["collected"] = checked[3]
        if self.reserve_size:
            move["draw"] = yield Chance(
                "draw", draw_prompt(self.names[seat]), self._draw_tile, self._parse_draw, seat
            )
        if checked is not None:
            # `apply` need not check the play again if it gets this very move.
            self._checked = (move, dict(move), checked)
        return move

    def _typed_play(self, text: str, options: list[dict]) -> dict:
        """A play typed at the table; one that is not legal says which rule it breaks."""
        move = parse_play(text, self.seat)
        if move not in options:
            try:
                self._checked_play(move)
            except IllegalMove as e:
                raise ValueError(e.message) from None
        return move

    def help(self, choice, all: bool = False) -> str:  # noqa: A002 (the core's keyword)
        """How to type a play, with examples, and the legal choices by tile."""
        if choice.name == "discard":
            return discard_help(choice.options)
        return play_help(choice.options, everything=all)

    def announce(self, move: dict) -> str:
        """The move just applied, told to the whole table (the draw stays secret)."""
        seat, _, collected = self.last_play
        text = announcement(self.names[seat], move, collected, self.last_covered)
        if self.over:
            result = self.result()
            first = [seat for seat, place in enumerate(result.places) if place == 1]
            if self.teams:
                first = sorted({seat % 2 for seat in first})
                who = " and ".join("+".join(self.names[s] for s in team_of(t)) for t in first)
                verb = "win"
            else:
                who = " and ".join(self.names[s] for s in first)
                verb = "win" if len(first) > 1 else "wins"
            tiles = result.scores[first[0]]
            text += f" The game is over: {who} {verb} with {tiles} tile{'s' * (tiles != 1)}."
        return text

    def _draw_tile(self, rng) -> str:
        # The same tile as rng.choice of the reserve laid out in TILES order,
        # without laying it out.
        i = rng.randrange(self.reserve_size)
        for tile in TILES:
            i -= self.reserve[tile]
            if i < 0:
                return tile
        raise AssertionError("the reserve holds reserve_size tiles")

    def _parse_draw(self, text: str) -> str:
        return parse_draw(text, self.reserve)

    def legal_moves(self) -> list[dict]:
        """Every play of the seat to act; the tiles it may set aside when it has none."""
        seat, hand = self.seat, self.hands[self.seat]
        plays = board.legal_plays(self.layout, hand, seat, self.max_stack)
        return plays or [{"seat": seat, "discard": tile} for tile in TILES if tile in hand]

    # Checking and playing a move -----------------------------------------------

    def apply(self, move: dict) -> None:
        # The core has checked the move against `Trixo.move_schema` (every key
        # known, every value of its kind); what is checked here are the rules.
        seat = move["seat"]
        if seat != self.seat:
            raise IllegalMove(f"wrong player: it is seat {self.seat}'s turn, not seat {seat}")
        checked = self._checked
        if checked is not None and checked[0] is move and checked[1] == move:
            tile, after, won, count = checked[2]
        else:
            tile, after, won, count = self._checked_play(move)
        self._checked = None
        draw = move.get("draw")
        if self.reserve_size:
            if draw is None:
                raise IllegalMove("the move has no 'draw': a tile is drawn while the reserve holds any")
            if not self.reserve[draw]:
                left = ", ".join(f"{n} {t}" for t, n in self.reserve.items() if n)
                raise IllegalMove(f"drew {draw}, but no {draw} tile is left in the reserve ({left})")
        elif draw is not None:
            raise IllegalMove("the reserve is empty: there is no tile to draw")
        # Everything is checked: now the move changes the game, in place.
        self.last_play = (seat, move, count)
        self.last_covered = None
        self.hands[seat].remove(tile)
        if "discard" in move:
            self.set_aside.append(tile)
        else:
            layout = self.layout
            if tile == ARROW:
                self.set_aside.append(ARROW)
                self.layout = layout = after
            else:
                cell = (move["cell"][0], move["cell"][1])
                below = layout.get(cell)
                if below is not None:
                    self.last_covered = below[-1]
                    layout[cell] = below + (tile,)
                else:
                    layout[cell] = (tile,)
            if won:
                mine = self.collected[seat]
                for kind in board.take(layout, won):
                    mine[kind] += 1
        if draw is not None:
            self.reserve[draw] -= 1
            self.reserve_size -= 1
            self.hands[seat].append(draw)
        self._next_seat(seat)

    def _checked_play(self, move: dict) -> tuple:
        """The play or set-aside of `move` checked against the rules, without
        changing anything: (tile, layout after a slide, cells collected, tiles
        collected). IllegalMove says which rule it breaks."""
        seat = move["seat"]
        hand = self.hands[seat]
        layout = self.layout
        if "discard" in move:
            tile = move["discard"]
            if tile not in hand:
                raise IllegalMove(f"cannot set aside {tile}: the hand holds {hand_text(hand)}")
            plays = board.Plays(layout, hand, seat, self.max_stack)
            if plays:
                raise IllegalMove(
                    f"a tile is set aside only when no play is legal, but {play_text(plays[0])} is legal"
                )
            return tile, None, None, 0
        tile = move["tile"]
        if tile not in hand:
            raise IllegalMove(f"no {tile} tile in the hand ({hand_text(hand)})")
        if tile == ARROW:
            line, index, direction = move["line"], move["index"], move["direction"]
            if not board.line_cells(layout, line, index):
                raise IllegalMove(f"{line} {index} holds no tile to slide")
            if not board.slide_moves(layout, line, index, direction):
                raise IllegalMove(
                    f"sliding {line} {index} {direction} moves nothing: every tile is "
                    f"blocked by the tile ahead or by the 3x3 window"
                )
        else:
            cell = (move["cell"][0], move["cell"][1])
            if not board.can_place(layout, tile, cell, self.max_stack):
                raise IllegalMove(board.placement_problem(layout, tile, cell, self.max_stack))
        outcome = self._outcome(move)
        if "collected" in move and move["collected"] != outcome[3]:
            raise IllegalMove(
                f"the move records {move['collected']} tiles collected, but its streaks collect {outcome[3]}"
            )
        return outcome

    def _outcome(self, move: dict) -> tuple:
        """What a legal placement or slide does, as `_checked_play` gives it."""
        layout = self.layout
        tile = move["tile"]
        if tile == ARROW:
            after, moved = board.slide(layout, move["line"], move["index"], move["direction"])
            won = board.streak_cells(after, moved)
            return tile, after, won, sum(len(after[cell]) for cell in won)
        cell = (move["cell"][0], move["cell"][1])
        # Streaks through the cell as it will show `tile`, found on the layout
        # as it is: the other cells of a streak are untouched by the placement.
        won = board.streak_cells_through(layout, cell, tile)
        return tile, None, won, 1 + sum(len(layout.get(other, ())) for other in won) if won else 0

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
