"""A game of Trixo in progress: hands, reserve, the layout, collections; the turn
that asks for a play and a draw, and `apply`, which checks and plays a move."""

from __future__ import annotations

from itertools import repeat

from stixxcli.errors import IllegalMove
from stixxcli.game import Chance, Choice, Result, State, places
from stixxcli.text import counted

from . import board
from .board import ARROW, FIRST_CELL, STEPS, SYMBOLS, TILES, in_order, team_of
from .notation import (
    PLAY_PROMPT,
    announcement,
    discard_help,
    discard_prompt,
    draw_prompt,
    hand_text,
    parse_discard,
    parse_draw,
    parse_play,
    play_help,
    play_text,
    play_words,
)
from .torus import BLOCK, EVERY, NEAR, STREAKS, TOUCH, cells_of, inside_of, streak_bits

NONE = dict.fromkeys(SYMBOLS, 0)  # for each symbol: no tile, no cell


class TrixoState(State):
    def __init__(self, rules: dict, names: list[str], hands: list[list[str]], reserve: dict | None = None):
        """`reserve`: the tiles the hands leave, in TILES order, when the caller has counted them."""
        self.names = names
        self.max_stack = rules["max_stack"]
        self.teams = rules["teams"]
        self.hands = [list(hand) for hand in hands]  # in no order: each shows it in_order
        if reserve is None:
            reserve = {tile: rules["tiles"].get(tile, 0) for tile in TILES}
            for hand in hands:
                for tile in hand:
                    reserve[tile] -= 1
        self.reserve = reserve
        self.reserve_size = sum(reserve.values())
        self.layout: dict[tuple, tuple] = {}
        # The layout as masks (torus.py), kept by every move: the stacks, the
        # symbols they show, and the cells that keep the layout in one 3x3
        # window. `anchor`: a cell two rows and two columns or less from every
        # stack (while there is any), so that the cells within three of it
        # have bits of their own.
        self.occupied, self.show, self.inside = 0, NONE.copy(), EVERY
        self.anchor = FIRST_CELL
        self.collected = [NONE.copy() for _ in names]
        self.set_aside: list[str] = []  # discarded tiles and used arrows, out of the game
        self.seat = 0
        self.after = (*range(1, len(names)), 0)  # the seat clockwise after each
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
                seat,
                "play",
                options,
                PLAY_PROMPT,
                lambda text: self._typed_play(text, options),
                play_text,
                told=self._play_words,
            )
        else:
            discards = [{"seat": seat, "discard": tile} for tile in TILES if tile in hand]
            move = yield Choice(
                seat,
                "discard",
                discards,
                lambda: discard_prompt([d["discard"] for d in discards]),  # made for a person only
                lambda text: parse_discard(text, seat),
                play_text,
                told=self._play_words,
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
        if checked is not None and checked[0] == ARROW:
            # `apply` need not work out the slide again if it gets this very
            # move (a placement's check is quicker than the comparison).
            self._checked = (move, dict(move), checked)
        return move

    def _play_words(self, move: dict) -> str:
        stack = self.layout.get(tuple(move["cell"])) if "cell" in move else None
        return play_words(move, stack[-1] if stack else None)

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
        return play_help(choice.options, self.max_stack, everything=all)

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
        return parse_draw(text, self.reserve, self._in_sight)

    def _in_sight(self, tile: str) -> bool:
        """Whether no hand holds the kind, with the reserve out of it: then every
        tile of it is in sight, and saying so tells no one's hand."""
        return not self.reserve[tile] and not any(tile in hand for hand in self.hands)

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
        if checked is not None:
            self._checked = None
            if checked[0] is move and checked[1] == move:
                self._play(seat, move, *checked[2])
                return
        if "cell" not in move:  # a set-aside or a slide (the schema gives a placement alone a cell)
            self._play(seat, move, *self._checked_play(move))
            return
        # A placement, most moves of a log: the hot path of validation, with
        # `_checked_play`, `_placement` and `_play` written out. A placement
        # the quick check of the masks leaves in doubt goes to `_check_place`,
        # which says which rule it breaks (or lets the first tile of an
        # empty table by).
        tile = move["tile"]
        hand = self.hands[seat]
        if tile not in hand:
            raise IllegalMove(f"no {tile} tile in the hand ({hand_text(hand)})")
        r, c = move["cell"]
        cell = (r, c)
        i = (r & 7) << 3 | c & 7  # torus.index
        layout = self.layout
        below = layout.get(cell)
        if below is None:
            ar, ac = self.anchor
            if (r - ar + 3 | c - ac + 3) & -8 or not (self.inside >> i & 1 and self.occupied & TOUCH[i]):
                self._check_place(tile, cell, i, below)
        elif len(below) >= self.max_stack or below[-1] == tile:
            self._check_place(tile, cell, i, below)
        show = self.show
        won = STREAKS[i][show[tile] & NEAR[i]]  # (`streak_bits`)
        count = 0
        if won:
            cells = cells_of(won, cell)
            count = 1
            for other in cells:
                stack = layout.get(other)
                if stack is not None:
                    count += len(stack)
        if move.get("collected", count) != count:
            raise IllegalMove(
                f"the move records {counted(move['collected'], 'tile')} collected, but its streaks collect {count}"
            )
        # The draw, the last check: the reserve lacks it, or it is missing
        # (a tile is drawn while the reserve holds any), or there is no tile to
        # draw (then every count is 0). Once it passes, the move is played.
        draw = move.get("draw")
        if draw is None:
            if self.reserve_size:
                self._refuse_draw(draw)
            hand.remove(tile)
        else:
            reserve = self.reserve
            if not reserve[draw]:
                self._refuse_draw(draw)
            reserve[draw] -= 1
            self.reserve_size -= 1
            hand[hand.index(tile)] = draw
        self.last_play = (seat, move, count)
        bit = 1 << i
        if below is None:
            self.last_covered = None
            layout[cell] = (tile,)
            if not won:  # the masks, kept
                self.occupied |= bit
                self.inside &= BLOCK[i]
                self.anchor = cell
        else:
            covered = self.last_covered = below[-1]
            layout[cell] = below + (tile,)
            if not won:
                show[covered] ^= bit
        if won:
            self._collect(seat, cells, won)  # the tile placed with the rest
        else:
            show[tile] |= bit
        # The next seat clockwise that still holds a tile (`_next_seat`).
        after = self.after[seat]
        if self.hands[after]:
            self.seat = after
        else:
            self._next_seat(seat)

    def _refuse_draw(self, draw) -> None:
        """Why the draw of a move is refused (the reserve is empty, or lacks it)."""
        if not self.reserve_size:
            raise IllegalMove("the reserve is empty: there is no tile to draw")
        if draw is None:
            raise IllegalMove("the move has no 'draw': a tile is drawn while the reserve holds any")
        left = ", ".join(f"{n} {t}" for t, n in self.reserve.items() if n)
        raise IllegalMove(f"drew {draw}, but no {draw} tile is left in the reserve ({left})")

    def _play(self, seat: int, move: dict, tile: str, place, won, count: int) -> None:
        """Play a set-aside or a slide `_checked_play` has checked and found does this."""
        draw = move.get("draw")
        if (draw is None or not self.reserve[draw]) if self.reserve_size else draw is not None:
            self._refuse_draw(draw)
        self.last_play = (seat, move, count)
        self.last_covered = None
        hand = self.hands[seat]
        hand.remove(tile)
        self.set_aside.append(tile)  # the tile set aside, or the arrow used
        if place is not None:  # a slide: the layout after it, and its masks
            self.layout, self.occupied, self.show, self.anchor = place
            if won:
                self._collect(seat, *won)
            else:
                self.inside = inside_of(self.occupied)
        if draw is not None:
            self.reserve[draw] -= 1
            self.reserve_size -= 1
            hand.append(draw)
        self._next_seat(seat)

    def _collect(self, seat: int, cells: list, bits: int) -> None:
        """Take the stacks on `cells` (`bits` on the masks) into the seat's collection."""
        mine = self.collected[seat]
        pop = self.layout.pop
        for cell in cells:
            for kind in pop(cell):
                mine[kind] += 1
        kept = ~bits
        self.occupied &= kept
        show = self.show
        for symbol in SYMBOLS:
            show[symbol] &= kept
        self.inside = inside_of(self.occupied)

    def _checked_play(self, move: dict) -> tuple:
        """The play or set-aside of `move` checked against the rules, without
        changing anything: (tile; for a slide, the layout after it and its
        masks, for a placement its cell, for a set-aside None; the cells of
        the stacks collected and their bits, or None; tiles collected).
        IllegalMove says which rule it breaks."""
        seat = move["seat"]
        hand = self.hands[seat]
        if "discard" in move:
            tile = move["discard"]
            if tile not in hand:
                raise IllegalMove(f"cannot set aside {tile}: the hand holds {hand_text(hand)}")
            plays = board.Plays(self.layout, hand, seat, self.max_stack)
            if plays:
                raise IllegalMove(
                    f"a tile is set aside only when no play is legal, but {play_text(plays[0])} is legal"
                )
            return tile, None, None, 0
        tile = move["tile"]
        if tile not in hand:
            raise IllegalMove(f"no {tile} tile in the hand ({hand_text(hand)})")
        outcome = self._outcome(move)
        if "collected" in move and move["collected"] != outcome[3]:
            raise IllegalMove(
                f"the move records {counted(move['collected'], 'tile')} collected, but its streaks collect {outcome[3]}"
            )
        return outcome

    def _outcome(self, move: dict) -> tuple:
        """What a placement or slide does, as `_checked_play` gives it; IllegalMove
        if the rules forbid it."""
        if move["tile"] == ARROW:
            return self._slide(move["line"], move["index"], move["direction"])
        return self._placement(move["tile"], move["cell"])

    def _slide(self, line: str, index: int, direction: str) -> tuple:
        """A slide checked, and what it does (as `board.slide`, on the masks)."""
        layout = self.layout
        occupied, show = self.occupied, self.show.copy()
        dr, dc = STEPS[direction]
        # The line's cells two or less from the anchor (every stack is), the leading end first.
        ar, ac = self.anchor
        if line == "row":
            along = range(ac + 2, ac - 3, -1) if dc > 0 else range(ac - 2, ac + 3)
            cells = zip(repeat(index), along) if -2 <= index - ar <= 2 else ()
        else:
            along = range(ar + 2, ar - 3, -1) if dr > 0 else range(ar - 2, ar + 3)
            cells = zip(along, repeat(index)) if -2 <= index - ac <= 2 else ()
        after, moved, landed = dict(layout), [], []
        held = False  # whether the line holds a stack
        for r, c in cells:
            i = (r & 7) << 3 | c & 7
            if not occupied >> i & 1:
                continue
            held = True
            to = (r + dr & 7) << 3 | c + dc & 7
            # It stays when the cell ahead is still occupied, or beyond the
            # window of the other stacks (those ahead already moved).
            if occupied >> to & 1 or not inside_of(occupied ^ 1 << i) >> to & 1:
                continue
            occupied ^= 1 << i | 1 << to
            target = (r + dr, c + dc)
            stack = after[target] = after.pop((r, c))
            show[stack[-1]] ^= 1 << i | 1 << to
            moved.append(target)
            landed.append((to, stack[-1]))
        if not moved:
            if not held:
                raise IllegalMove(f"{line} {index} holds no tile to slide")
            raise IllegalMove(
                f"sliding {line} {index} {direction} moves nothing: every tile is "
                f"blocked by the tile ahead or by the 3x3 window"
            )
        # Between moves the layout holds no streak: a new one runs through a moved stack.
        won = 0
        for to, top in landed:
            won |= streak_bits(show[top], to)
        if not won:
            return ARROW, (after, occupied, show, moved[0]), None, 0
        cells = cells_of(won, moved[0])
        return ARROW, (after, occupied, show, moved[0]), (cells, won), sum(len(after[cell]) for cell in cells)

    def _placement(self, tile: str, where: list) -> tuple:
        """A placement of a symbol tile checked (`board.can_place`, on the
        masks), and what it does (as the hot path of `apply` works it out)."""
        r, c = where
        cell = (r, c)
        i = (r & 7) << 3 | c & 7  # torus.index
        layout = self.layout
        self._check_place(tile, cell, i, layout.get(cell))
        # Streaks through the cell as it will show `tile`, found on the layout
        # as it is: the other cells of a streak are untouched by the placement.
        won = streak_bits(self.show[tile], i)
        if not won:
            return tile, cell, None, 0
        cells = cells_of(won, cell)
        return tile, cell, (cells, won), 1 + sum(len(layout.get(other, ())) for other in cells)

    def _check_place(self, tile: str, cell: tuple, i: int, stack) -> None:
        """Refuse a placement of `tile` on `cell` (torus index `i`, holding
        `stack`) that breaks a rule (`board.can_place`, on the masks)."""
        if stack is not None:
            if len(stack) >= self.max_stack or stack[-1] == tile:
                raise IllegalMove(board.placement_problem(self.layout, tile, cell, self.max_stack))
            return
        if not self.occupied:
            if cell != FIRST_CELL:
                raise IllegalMove(board.placement_problem(self.layout, tile, cell, self.max_stack))
            return
        # It touches a tile and keeps the layout inside one 3x3 window. On the
        # torus, a cell within three of the anchor is itself (further ones
        # alias cells near the layout, but none of them is legal).
        r, c = cell
        ar, ac = self.anchor
        if (r - ar + 3 | c - ac + 3) & -8 or not (self.inside >> i & 1 and self.occupied & TOUCH[i]):
            raise IllegalMove(board.placement_problem(self.layout, tile, cell, self.max_stack))

    # Scores ----------------------------------------------------------------------

    def result(self) -> Result:
        own, trixo, breakdown = [], [], []
        for taken in self.collected:
            total = taken["x"] + taken["o"] + taken["trixo"]
            own.append(total)
            trixo.append(taken["trixo"])
            breakdown.append({"collected": total, **taken})
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
        layout = self.layout
        hands = [
            in_order(hand) if viewer is None or viewer == seat else {"tiles": len(hand)}
            for seat, hand in enumerate(self.hands)
        ]
        out = {
            # (sorting the cells alone, and unpacking them, is quicker: a bot asks every turn)
            "table": [{"cell": [*cell], "stack": [*layout[cell]]} for cell in sorted(layout)],
            "hands": hands,
            "reserve": self.reserve_size,
            "collected": [*map(dict, self.collected)],
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
