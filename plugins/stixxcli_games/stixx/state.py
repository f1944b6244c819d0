"""A game of Stixx in progress: takes, the options A, B and C, the end and the
result, as docs/games/stixx.md rules them.

A recorded move is one of
  {"seat": 0, "option": "A", "takes": [12]}
  {"seat": 0, "option": "B", "takes": [12, 7]}
  {"seat": 1, "option": "C", "target": 2, "colour": "red", "correct": false}
  {"seat": 1, "option": "C", "target": 2, "colour": "red", "correct": true, "takes": [3, 9]}
B and C hold one take only when the game ended after the first.
"""

from __future__ import annotations

from functools import cached_property
from itertools import compress

from stixxcli.errors import IllegalMove
from stixxcli.game import Choice, Result, State, places
from stixxcli.game import Options as LazyOptions

from . import notation
from .board import Board

# Why a game ended, as `view()` and the breakdown say it.
FULL_COLOUR, ISOLATED, EMPTY = "full colour", "marker isolated", "board empty"

# The rules that order the places (docs/games/stixx.md, The result), in turn.
TIE_BREAKS = ("own colour", "most of another colour", "revealed last")


class StixxState(State):
    # The takes as `view` shows them, made when first viewed (not in __init__:
    # validation makes a state per log and never views it).
    _taken_views: list[dict] | None = None

    def __init__(
        self,
        rules: dict,
        names: list[str],
        board: Board,
        layout: list[int],
        secret: list[int],
        starts: int,
        touching: list[tuple[int, int]],
    ):
        self.names = names
        self.players = len(names)
        self.next_seat = (*range(1, len(names)), 0)  # who plays after each seat, clockwise
        self.board = board
        self.touches, self.touching = board.touches, board.touching  # read at every take
        self.colours: list[str] = list(rules["colours"])
        self.per_colour: int = rules["stixx_per_colour"]
        self.reveal_once: bool = rules["reveal_once"]
        self.challenge_revealed: bool = rules["challenge_revealed"]
        self.options_from_turn: int = rules["options_from_turn"]
        self.end_on_full_colour: bool = rules["end_on_full_colour"]
        # How many stixx of their own colour end the game for a player (-1: never).
        self.full_at = self.per_colour if self.end_on_full_colour else -1
        self.layout = layout  # colour number of each stixx, by id
        self.secret = secret  # colour number of each seat: read it only through colour_seen_by()
        self.starts = starts
        self.on_board = [True] * board.size
        self.left = board.size  # stixx still on the board
        self.marker: int | None = None  # the place (stixx id) the marker lies on
        self.takes: list[tuple[int, int]] = []  # (seat, stixx) in order: public
        self.held = [[0] * len(self.colours) for _ in names]  # stixx held per seat and colour
        self.taken_at: list[int | None] = [None] * board.size  # the turn each stixx was taken
        self.revealed_at: list[int | None] = [None] * len(names)  # turn of each seat's reveal
        self.reveal_order: list[int] = []  # seats, in the order their colours were revealed
        self.reveals: list[dict | None] = [None] * len(names)  # each seat's reveal: turn and how
        # Every challenge, public: (turn, seat, target, colour, correct), a
        # tuple rather than the dict `view` shows, which validation never asks for.
        self.challenges: list[tuple[int, int, int, str, bool]] = []
        self.turns = 0  # turns played
        self.seat: int | None = starts
        self.over = False
        self.end: str | None = None
        # Touching same-colour stixx in a recorded layout (`touching`, the
        # pairs `layout.conflicts` finds) are a warning, not an error
        # (docs/games/stixx.md, Setup).
        self.warnings = [
            f"stixx {a} and {b} touch and are both {self.colours[layout[a]]}" for a, b in touching
        ]

    # What the rules allow ------------------------------------------------------

    def takeable(self, marker: int | None, gone: int | None = None) -> list[int]:
        """The stixx a take may pick up with the marker on `marker` (None: the
        first take of the game, anywhere), `gone` taken earlier this turn."""
        on_board = self.on_board
        near = range(self.board.size) if marker is None else self.board.touches[marker]
        if gone is None:
            return [s for s in near if on_board[s]]
        return [s for s in near if on_board[s] and s != gone]

    def options_allowed(self) -> bool:
        """Whether the turn to play may choose B or C (`options_from_turn`)."""
        return self.turns + 1 >= self.options_from_turn

    def may_reveal(self, seat: int) -> bool:
        return not (self.reveal_once and self.revealed_at[seat] is not None)

    def may_challenge(self, seat: int, target: int) -> bool:
        return target != seat and (self.challenge_revealed or self.revealed_at[target] is None)

    def ends_after(self, seat: int, stixx: int, gone: int | None = None) -> str | None:
        """Why the game would end if `seat` took `stixx` now (after taking `gone`
        earlier this turn), or None. The three ends of docs/games/stixx.md, The end."""
        own = self.secret[seat]
        if self.end_on_full_colour:
            held = (
                self.held[seat][own]
                + (self.layout[stixx] == own)
                + (gone is not None and self.layout[gone] == own)
            )
            if held == self.per_colour:
                return FULL_COLOUR
        if self.left - 1 - (gone is not None) == 0:
            return EMPTY
        on_board = self.on_board
        for t in self.board.touches[stixx]:
            if on_board[t] and t != gone:
                return None
        return ISOLATED

    def colour_seen_by(self, seat: int, viewer: int | None) -> str | None:
        """The colour of `seat` as `viewer` knows it (None: still secret to them)."""
        if viewer is None or viewer == seat or self.revealed_at[seat] is not None:
            return self.colours[self.secret[seat]]
        return None

    # A turn ----------------------------------------------------------------------

    def turn(self):
        # A bot's context holds plain values (the marker's stixx id, None off
        # the board); prompts are made only when a person is asked.
        seat, marker = self.seat, self.marker
        first = self.takeable(marker)
        if not self.options_allowed():
            take = yield Choice(
                seat,
                "take",
                first,
                lambda: notation.take_prompt(first, marker),
                notation.take_parser(self, first),
                str,
                {"turn": self.turns + 1, "marker": marker, "option": "A", "plain take": True},
            )
            return {"seat": seat, "option": "A", "takes": [take]}
        revealed = self.revealed_at
        if self.challenge_revealed:
            targets = [t for t in range(len(self.names)) if t != seat]
        else:
            targets = [t for t in range(len(self.names)) if t != seat and revealed[t] is None]
        options = Options(seat, first, self.may_reveal(seat), targets, self.colours)
        pick = yield Choice(
            seat,
            "option",
            options,
            lambda: notation.option_prompt(options, self.colours),
            notation.option_parser(self, options),
            notation.option_notation,
            {"turn": self.turns + 1, "marker": marker},
        )
        if pick["option"] == "A":
            return {"seat": seat, "option": "A", "takes": [pick["take"]]}
        option = pick["option"]
        move: dict = {"seat": seat, "option": option}
        said = "your colour is revealed; "
        if option == "C":
            target, colour = pick["target"], pick["colour"]
            correct = self.colours[self.secret[target]] == colour
            move.update(target=target, colour=colour, correct=correct)
            if not correct:
                return move
            said = f"right, {self.names[target]} is {colour}! "
        one = yield Choice(
            seat,
            "take",
            first,
            lambda: said + notation.take_prompt(first, marker, "1 of 2"),
            notation.take_parser(self, first),
            str,
            {"turn": self.turns + 1, "option": option, "take": 1, "marker": marker},
        )
        move["takes"] = [one]
        if self.ends_after(seat, one) is None:
            second = self.takeable(one, gone=one)
            two = yield Choice(
                seat,
                "take",
                second,
                lambda: notation.take_prompt(second, one, "2 of 2", True),
                notation.take_parser(self, second, one),
                str,
                {"turn": self.turns + 1, "option": option, "take": 2, "first take": one, "marker": one},
            )
            move["takes"].append(two)
        return move

    def help(self, choice, all: bool = False) -> str:
        """The notation explained, and the legal choices grouped."""
        return notation.help_text(self, choice, all)

    def announce(self, move: dict) -> str:
        return notation.announce(self, move)

    # Applying a recorded move ----------------------------------------------------

    def apply(self, move: dict) -> None:
        # The quick path, for a legal move: each rule checked with a plain
        # test, no message built. A move it doubts goes to `_apply_checked`,
        # which checks every rule again in order and says why it is refused;
        # nothing changes here before the move is known to be legal.
        seat = move["seat"]
        if seat != self.seat:  # the wrong seat, or any once the game is over (seat None)
            return self._apply_checked(move)
        option = move["option"]
        if option == "A":
            # Most moves take one stixx: written out here, from the checks of
            # `_check_takes` to the end of `ends_after` and the changes of `_take`.
            takes = move["takes"]
            if len(takes) != 1:
                return self._apply_checked(move)
            stixx, on_board, marker = takes[0], self.on_board, self.marker
            if not (
                (stixx in self.touching[marker] if marker is not None else stixx < self.board.size)
                and on_board[stixx]
            ):
                return self._apply_checked(move)
            own, held = self.secret[seat], self.held[seat]
            colour = self.layout[stixx]
            if held[own] + (colour == own) == self.full_at:
                end = FULL_COLOUR
            elif self.left == 1:
                end = EMPTY
            else:
                end = ISOLATED
                for t in self.touches[stixx]:
                    if on_board[t]:
                        end = None
                        break
            turn = self.turns = self.turns + 1
            on_board[stixx] = False
            held[colour] += 1
            self.taken_at[stixx] = turn
            self.takes.append((seat, stixx))
            self.left -= 1
            self.marker = stixx
            if end:
                self.over, self.end, self.seat = True, end, None
            else:
                self.seat = self.next_seat[seat]
            return
        if self.turns < self.options_from_turn - 1:
            return self._apply_checked(move)
        target = None
        if option == "C":
            target, colour, correct = move["target"], move["colour"], move["correct"]
            if (
                target >= self.players
                or target == seat
                or (self.revealed_at[target] is not None and not self.challenge_revealed)
                or colour not in self.colours
                or correct != (self.colours[self.secret[target]] == colour)
            ):
                return self._apply_checked(move)
            if not correct:  # `_challenge` of a wrong one, written out: a third of all moves
                turn = self.turns = self.turns + 1
                self.challenges.append((turn, seat, target, colour, False))
                self.seat = target
                return
        elif option != "B" or (self.reveal_once and self.revealed_at[seat] is not None):
            return self._apply_checked(move)
        takes = move.get("takes")
        end = self._quick_takes(seat, takes) if takes else False
        if end is False:
            return self._apply_checked(move)
        if target is not None:
            self._challenge(seat, target, colour, True)
        elif self.revealed_at[seat] is None:
            self._reveal(seat, self.turns + 1, {"how": "B"})
        self._take(seat, takes, end)

    def _quick_takes(self, seat: int, takes: list[int]) -> str | None | bool:
        """Why the game ends after the two takes of B or a right C (None: it
        goes on) when they are legal; False when `_check_takes` has to look
        closer. `ends_after` of each take, written out."""
        on_board, marker, first = self.on_board, self.marker, takes[0]
        if not (
            (first in self.touching[marker] if marker is not None else first < self.board.size)
            and on_board[first]
        ):
            return False
        own, layout, touches = self.secret[seat], self.layout, self.touches
        held = self.held[seat][own] + (layout[first] == own)
        if held == self.full_at:
            end = FULL_COLOUR
        elif self.left == 1:
            end = EMPTY
        else:
            end = ISOLATED
            for t in touches[first]:
                if on_board[t]:
                    end = None
                    break
        if len(takes) == 1:
            # B and C take a second stixx unless the game ended after the first.
            return end or False
        if end or len(takes) != 2:
            return False
        second = takes[1]
        if not (second in self.touching[first] and on_board[second]):
            return False
        if held + (layout[second] == own) == self.full_at:
            return FULL_COLOUR
        if self.left == 2:
            return EMPTY
        for t in touches[second]:
            if on_board[t] and t != first:
                return None
        return ISOLATED

    def _apply_checked(self, move: dict) -> None:
        """`apply`, one rule after another, refusing the move with the first
        rule it breaks."""
        if self.over:
            raise IllegalMove(f"the game is already over ({self.end})")
        # The core has checked the move's shape (Stixx.move_schema): its keys and
        # their types. What follows are the rules.
        seat = move["seat"]
        if seat != self.seat:
            raise IllegalMove(
                f"wrong player: it is {self.names[self.seat]}'s turn (seat {self.seat}), not seat {seat}"
            )
        option = move["option"]
        turn = self.turns + 1
        if option != "A" and not self.options_allowed():
            raise IllegalMove(
                f"turn {turn} may only take one stixx (option A): options B and C "
                f"start at turn {self.options_from_turn} (options_from_turn)"
            )
        if option == "A":
            end = self._check_takes(move, seat, 1)
        elif option == "B":
            if not self.may_reveal(seat):
                raise IllegalMove(
                    f"{self.names[seat]}'s colour was already revealed at turn "
                    f"{self.revealed_at[seat]}: B reveals only once (reveal_once)"
                )
            end = self._check_takes(move, seat, 2)
        else:
            target = move["target"]
            if target >= len(self.names):
                raise IllegalMove(f"there is no seat {target} to challenge: seats 0-{len(self.names) - 1}")
            if target == seat:
                raise IllegalMove("a player cannot challenge themselves")
            if not self.may_challenge(seat, target):
                raise IllegalMove(
                    f"{self.names[target]}'s colour was already revealed at turn "
                    f"{self.revealed_at[target]}: only hidden colours may be "
                    "challenged (challenge_revealed)"
                )
            colour = move["colour"]
            if colour not in self.colours:
                raise IllegalMove(f"{colour!r} is not a colour of these rules ({', '.join(self.colours)})")
            correct = move["correct"]
            truth = self.colours[self.secret[target]] == colour
            if correct != truth:
                raise IllegalMove(
                    f"a challenge outcome that contradicts the secret colours: the move says "
                    f"{self.names[target]}'s colour {'is' if correct else 'is not'} {colour}, "
                    f"but the setup says it {'is' if truth else 'is not'}"
                )
            if not correct:
                self._challenge(seat, target, colour, False)
                return
            end = self._check_takes(move, seat, 2)
            self._challenge(seat, target, colour, True)
        if option == "B" and self.revealed_at[seat] is None:
            self._reveal(seat, turn, {"how": "B"})
        self._take(seat, move["takes"], end)

    def _check_takes(self, move: dict, seat: int, count: int) -> str | None:
        """The move's takes, each checked against the board before anything
        changes; the end the last one brings (None: the game goes on)."""
        takes = move["takes"]  # one or two stixx ids (0-41), as the schema says
        marker, gone, end = self.marker, None, None
        for n, stixx in enumerate(takes):
            if stixx >= self.board.size:
                raise IllegalMove(f"there is no stixx {stixx}: ids run from 0 to {self.board.size - 1}")
            if not self.on_board[stixx] or stixx == gone:
                turn = self.taken_at[stixx]
                if turn is None:
                    when = " earlier this turn"
                else:
                    who = next(by for by, s in self.takes if s == stixx)
                    when = f" by {self.names[who]} at turn {turn}"
                raise IllegalMove(f"take {n + 1}: stixx {stixx} was already taken{when}; its place is empty")
            if marker is not None and stixx not in self.board.touches[marker]:
                raise IllegalMove(
                    f"take {n + 1}: stixx {stixx} does not touch the marker (on "
                    f"{marker}); a take must touch the marker where it lies"
                )
            end = self.ends_after(seat, stixx, gone)
            if end and n == 0 and len(takes) > 1:
                raise IllegalMove(
                    f"the game ended after take 1 ({self._end_words(end, seat)}), so there is no second take"
                )
            marker, gone = stixx, stixx
        if len(takes) < count and end is None:
            raise IllegalMove(
                f'option {move["option"]} takes two stixx in sequence, but "takes" holds one '
                "and the game did not end after it"
            )
        return end

    def _end_words(self, end: str, seat: int) -> str:
        if end == FULL_COLOUR:
            return f"{self.names[seat]} holds all {self.per_colour} stixx of their colour"
        if end == ISOLATED:
            return "the marker touches no stixx"
        return "the board is empty"

    def _challenge(self, seat: int, target: int, colour: str, correct: bool) -> None:
        """Record a challenge; a wrong one ends the turn, and play goes on
        clockwise from the challenged player (docs/games/stixx.md, A turn)."""
        turn = self.turns + 1
        self.challenges.append((turn, seat, target, colour, correct))
        if not correct:
            self.turns, self.seat = turn, target
        elif self.revealed_at[target] is None:
            self._reveal(target, turn, {"how": "challenge", "by": seat})

    def _reveal(self, seat: int, turn: int, how: dict) -> None:
        self.revealed_at[seat] = turn
        self.reveal_order.append(seat)
        self.reveals[seat] = {"turn": turn, "order": len(self.reveal_order), **how}

    def _take(self, seat: int, takes: list[int], end: str | None) -> None:
        """The checked takes of `seat`'s turn, and the turn's end: `end` is why
        the game ended after the last take, or None."""
        turn = self.turns = self.turns + 1
        on_board, held, layout = self.on_board, self.held[seat], self.layout
        for stixx in takes:
            on_board[stixx] = False
            held[layout[stixx]] += 1
            self.taken_at[stixx] = turn
            self.takes.append((seat, stixx))
        self.left -= len(takes)
        self.marker = stixx
        if end:
            self.over, self.end, self.seat = True, end, None
        else:
            self.seat = self.next_seat[seat]

    # The result ----------------------------------------------------------------

    def result(self) -> Result:
        """Scores, places and, per seat, where they come from: the colour, the
        score (`own`), the first tie-break (`most_of_another`), the reveal as
        text (`revealed`, `revealed_by`) and as data (`reveal`: turn, order,
        and how: option B or a right challenge and by whom; null while
        hidden), and which rule decided the place (`decided_by`). The keys
        logs recorded before (colour, own, most_of_another, revealed, held)
        keep their values."""
        colours, names, held_by = self.colours, self.names, self.held
        # Colours still hidden are revealed together at the end, after every
        # colour revealed in play: they share the latest rank.
        hidden_rank = len(self.reveal_order) + 1
        scores, firsts, keys = [], [], []
        for seat, own in enumerate(self.secret):
            others = held_by[seat].copy()
            score, others[own] = others[own], 0  # held counts are never below 0
            best_other = max(others)
            reveal = self.reveals[seat]
            scores.append(score)
            firsts.append((score, best_other))
            keys.append((score, best_other, hidden_rank if reveal is None else reveal["order"]))
        breakdown = []
        for seat, own in enumerate(self.secret):
            # Which rule set this seat apart from every other player (TIE_BREAKS):
            # the last one on which some other player still ties with it decides;
            # "shared" when one ties on all.
            score, best_other, rank = key = keys[seat]
            if keys.count(key) > 1:
                decided_by = "shared"
            elif firsts.count(firsts[seat]) > 1:
                decided_by = TIE_BREAKS[2]
            elif scores.count(score) > 1:
                decided_by = TIE_BREAKS[1]
            else:
                decided_by = TIE_BREAKS[0]
            reveal = self.reveals[seat]
            if reveal is None:
                revealed, revealed_by = "at the end" if self.over else "hidden", None
            else:
                # The words logs have always recorded: "turn 5 (2nd)".
                revealed = f"turn {reveal['turn']} ({notation.ordinal(rank)})"
                revealed_by = (
                    "option B" if reveal["how"] == "B" else f"{names[reveal['by']]}'s right challenge"
                )
                reveal = dict(reveal)
            held = held_by[seat]
            breakdown.append(
                {
                    "colour": colours[own],
                    "own": score,
                    "most_of_another": best_other,
                    "revealed": revealed,
                    "revealed_by": revealed_by,
                    "held": dict(compress(zip(colours, held), held)),  # the colours held, by name
                    "decided_by": decided_by,
                    "reveal": reveal,
                }
            )
        return Result(scores, places(keys), breakdown)

    # What a viewer sees ------------------------------------------------------------

    def view(self, viewer: int | None = None) -> dict:
        # Made for every question a bot is asked: built from plain lists, quickly.
        players = []
        colours, names = self.colours, self.layout_names
        for seat, name in enumerate(self.names):
            colour = self.colour_seen_by(seat, viewer)
            held = self.held[seat]
            players.append(
                {
                    "seat": seat,
                    "name": name,
                    "colour": colour,
                    "revealed_at": self.revealed_at[seat],
                    "held": {colours[c]: k for c, k in enumerate(held) if k},
                    "score": held[self.secret[seat]] if colour is not None else None,
                }
            )
        out = {
            "turn": self.turns,
            "to_move": self.seat,
            "options_from_turn": self.options_from_turn,
            "over": self.over,
            "end": self.end,
            "marker": self.marker,
            "layout": list(names),
            "on_board": list(compress(range(self.board.size), self.on_board)),
            "takes": list(map(dict.copy, self._take_views())),
            "players": players,
            "reveal_order": list(self.reveal_order),
            "challenges": [
                {"turn": turn, "seat": seat, "target": target, "colour": colour, "correct": correct}
                for turn, seat, target, colour, correct in self.challenges
            ],
            "layout_warnings": list(self.warnings),
        }
        if viewer is not None:
            out["viewer"] = viewer
        return out

    @cached_property
    def layout_names(self) -> list[str]:
        """The colour of each stixx, by name: made when first viewed."""
        return list(map(self.colours.__getitem__, self.layout))

    def _take_views(self) -> list[dict]:
        """Every take as the view shows it, made once: takes are only ever added,
        and a bot reads the view at every turn (each view gets copies)."""
        made, takes = self._taken_views, self.takes
        if made is None or len(made) > len(takes):  # a first view, or not this game's takes
            made = self._taken_views = []
        names = self.layout_names
        made += [{"seat": seat, "stixx": s, "colour": names[s]} for seat, s in takes[len(made) :]]
        return made

    def render(self, viewer: int | None = None):
        from .render import render_state

        return render_state(self, viewer)

    def draw_svg(self, viewer: int | None = None) -> str:
        from .drawing import draw_svg

        return draw_svg(self, viewer)

    def move_text(self, move: dict) -> str:
        from .drawing import move_text

        return move_text(self, move)

    def standing(self, viewer: int | None = None) -> list:
        # A score is the stixx held of one's own colour: unknown while that colour is secret.
        return [p["score"] for p in self.view(viewer)["players"]]


class Options(LazyOptions):
    """The answers to "option": every A take, B when allowed, then C for each
    opponent who may be challenged and each colour, in that order. Made on
    demand, so a bot that picks one by index never builds the list."""

    __slots__ = ("seat", "takes", "reveal", "targets", "colours", "_count")

    def __init__(self, seat: int, takes: list[int], reveal: bool, targets: list[int], colours: list[str]):
        self.seat, self.takes, self.reveal, self.targets, self.colours = seat, takes, reveal, targets, colours
        self._count = len(takes) + reveal + len(targets) * len(colours)  # asked for at every pick

    def __len__(self) -> int:
        return self._count

    def answer(self, i: int) -> dict:
        if i < len(self.takes):
            return {"option": "A", "take": self.takes[i]}
        i -= len(self.takes)
        if self.reveal:
            if i == 0:
                return {"option": "B"}
            i -= 1
        target, colour = divmod(i, len(self.colours))
        return {"option": "C", "target": self.targets[target], "colour": self.colours[colour]}

    def __contains__(self, answer) -> bool:
        if not isinstance(answer, dict):
            return False
        option = answer.get("option")
        if option == "A":
            return len(answer) == 2 and type(answer.get("take")) is int and answer["take"] in self.takes
        if option == "B":
            return len(answer) == 1 and self.reveal
        return (
            option == "C"
            and len(answer) == 3
            and answer.get("target") in self.targets
            and answer.get("colour") in self.colours
        )
