"""The rules on hand-made positions: the rulebook's four examples, placement,
the cap at target_points, both ends of the game (docs/games/fishstix.md)."""

import pytest
from fishstix_helpers import game, move, position, standard_rules
from stixxcli_games.fishstix.board import turned_round
from stixxcli_games.fishstix.notation import stick_text

from stixxcli.errors import IllegalMove

# The rulebook's examples, rebuilt on one growing layout (its pictures are not
# in the text, so the sticks are made up to show the same situations).
START = "blue> green> school> orange>"
TURN_1 = "blue> green> pink> <purple"
TURN_2 = "green> <pink <orange purple>"
TURN_3 = "blue> school> purple> <orange"
GAP = "<green <green <school blue>"
HANDS = [[TURN_1, TURN_3, "<green <green <green <green"], [TURN_2, GAP, "<blue <blue <blue <blue"]]


def examples_position():
    return position(START, HANDS)


def test_turn_1_scores_two_kinds_at_once():
    _, state = examples_position()
    state.apply(move(state, TURN_1, 1, 0, points={"blue": 2, "green": 2}))
    assert state.tracks[0][:2] == [2, 2]
    assert state.result().scores == [4, 0]


def test_turn_2_a_run_of_three_and_fish_facing_each_other_score_nothing():
    _, state = examples_position()
    state.apply(move(state, TURN_1, 1, 0, points={"blue": 2, "green": 2}))
    # Row 2 reads school> pink> <pink: the pink fish face each other.
    assert state.grid.points(state.deck.fish[TURN_2], 2, 1, state.kinds) == {"green": 3}
    with pytest.raises(IllegalMove, match="records green 3, pink 2, but the stick scores green 3"):
        state.apply(move(state, TURN_2, 2, 1, points={"green": 3, "pink": 2}))
    state.apply(move(state, TURN_2, 2, 1, points={"green": 3}))
    assert state.result().breakdown[1]["green"] == 3


def test_turn_3_a_broken_line_scores_only_its_own_part():
    _, state = examples_position()
    state.apply(move(state, TURN_1, 1, 0, points={"blue": 2, "green": 2}))
    state.apply(move(state, TURN_2, 2, 1, points={"green": 3}))
    # Row 0 reads blue> blue> . blue>: the gap at column 2 breaks the blue line.
    with pytest.raises(IllegalMove, match="records blue 3, orange 2, but the stick scores orange 2"):
        state.apply(move(state, TURN_3, 3, 0, points={"blue": 3, "orange": 2}))
    state.apply(move(state, TURN_3, 3, 0, points={"orange": 2}))
    assert state.result().breakdown[0] == {
        "blue": 2,
        "green": 2,
        "pink": 0,
        "orange": 2,
        "purple": 0,
        "school": 0,
        "beyond_target": 0,
        "all_kinds_full": False,
    }


def test_closing_a_gap_joins_the_line_on_both_sides():
    _, state = examples_position()
    state.apply(move(state, TURN_1, 1, 0, points={"blue": 2, "green": 2}))
    state.apply(move(state, TURN_2, 2, 1, points={"green": 3}))
    state.apply(move(state, TURN_3, 3, 0, points={"orange": 2}))
    # The stick between columns 1 and 3 fills row 0: blue> blue> blue> blue>.
    state.apply(move(state, GAP, 2, -3, points={"blue": 4}))


# Turn 4: a stick played between sticks, into a slot with fish on both sides
# and a stick right below it.
SLOT_START = "purple> green> <blue school>"
BELOW = "<pink <orange green> blue>"
RIGHT = "school> <green orange> <school"
BETWEEN = "pink> blue> purple> <pink"


def slot_position():
    rules, state = position(
        SLOT_START,
        [
            [BELOW, BETWEEN, "<green <green <green <green"],
            [RIGHT, "green> green> green> green>", "<blue <blue <blue <blue"],
        ],
    )
    state.apply(move(state, BELOW, 1, 2))
    state.apply(move(state, RIGHT, 2, -1))
    return state


def test_turn_4_a_stick_played_between_sticks():
    state = slot_position()
    with pytest.raises(IllegalMove, match="column 1, row 2 already holds a fish"):
        state.apply(move(state, BETWEEN, 1, -1, points={"purple": 2}))
    state.apply(move(state, BETWEEN, 1, -2, points={"purple": 2}))
    assert state.grid.cells[(1, 1)] == state.deck.fish[BETWEEN][3]


def test_fish_facing_left_make_runs_too_and_a_turned_stick_flips_every_fish():
    rules, state = position(
        "<blue green> <pink orange>",
        [
            ["<orange pink> <green blue>", "<blue <blue <blue <blue", "<green <green <green <green"],
            [
                "green> green> green> green>",
                "<orange <orange <orange <orange",
                "<school <school <school <school",
            ],
        ],
    )
    stick = "<orange pink> <green blue>"
    # Turned round it reads <blue green> <pink orange>, like the start stick.
    assert stick_text(turned_round(state.deck.fish[stick]), state.kinds) == "<blue green> <pink orange>"
    state.apply(
        move(state, stick, -1, 0, turned=True, points={"blue": 2, "green": 2, "pink": 2, "orange": 2})
    )


def test_two_fish_of_one_kind_on_the_stick_add_up():
    _, state = position(
        "blue> green> blue> green>",
        [
            ["blue> <pink blue> <pink", "<green <green <green <green", "<blue <blue <blue <blue"],
            [
                "green> green> green> green>",
                "<orange <orange <orange <orange",
                "<purple <purple <purple <purple",
            ],
        ],
    )
    state.apply(move(state, "blue> <pink blue> <pink", 1, 0, points={"blue": 4}))
    assert state.result().breakdown[0]["blue"] == 4


def test_a_kind_stops_at_target_points():
    rules, state = position(
        "blue> blue> blue> blue>",
        [
            ["blue> blue> blue> blue>", "<green <green <green <green", "<pink <pink <pink <pink"],
            [
                "blue> blue> green> green>",
                "<orange <orange <orange <orange",
                "<purple <purple <purple <purple",
            ],
        ],
        target_points=5,
    )
    state.apply(move(state, "blue> blue> blue> blue>", 1, 0, points={"blue": 8}))
    assert state.tracks[0][0] == 5
    result = state.result()
    assert result.scores == [5, 0]
    assert result.breakdown[0]["beyond_target"] == 3
    assert result.breakdown[0]["all_kinds_full"] is False


TWO_KINDS = {"kinds": ["blue", "green"], "target_points": 2}


def two_kind_position():
    return position(
        "blue> green> blue> green>",
        [
            ["blue> green> <blue <blue", "<green <green <green <green", "<blue <blue <blue <blue"],
            ["green> <blue <blue <blue", "<green <blue <green <blue", "blue> <green <green <green"],
        ],
        pile=["<blue <blue <green <green", "<green <green <blue <blue"],
        **TWO_KINDS,
    )


def test_target_points_in_every_kind_ends_the_game_at_once_without_a_draw():
    _, state = two_kind_position()
    with pytest.raises(IllegalMove, match='"draw" must be null: the game ends at once'):
        state.apply(move(state, "blue> green> <blue <blue", 1, 0, points={"blue": 2, "green": 2}))
    state.apply(move(state, "blue> green> <blue <blue", 1, 0, points={"blue": 2, "green": 2}, draw=None))
    assert state.over and state.seat is None and state.winner == 0
    result = state.result()
    assert result.places == [1, 2] and result.breakdown[0]["all_kinds_full"] is True
    assert state.pile_size == 2


def test_the_pile_runs_out_and_the_hands_are_played_out():
    # hand_size 1 and one stick in the pile: p0 plays and draws the last stick,
    # then p1, p0 play on without drawing.
    _, state = position(
        "blue> green> school> orange>",
        [["<pink <pink <pink <pink"], ["<purple <purple <purple <purple"]],
        pile=["<orange <orange <orange <orange"],
        hand_size=1,
    )
    state.apply(move(state, "<pink <pink <pink <pink", 1, 0))
    assert state.pile_size == 0 and state.hands[0] == ["<orange <orange <orange <orange"]
    with pytest.raises(IllegalMove, match='"draw" must be null: the pile is empty'):
        state.apply(
            move(state, "<purple <purple <purple <purple", -1, 0, draw="<orange <orange <orange <orange")
        )
    state.apply(move(state, "<purple <purple <purple <purple", -1, 0))
    assert not state.over and state.seat == 0
    state.apply(move(state, "<orange <orange <orange <orange", 2, 0))
    assert state.over and state.winner is None
    assert state.result().places == [1, 1]  # nobody scored: a shared first place


def test_end_when_pile_empty_stops_at_the_last_draw():
    _, state = position(
        "blue> green> school> orange>",
        [["<pink <pink <pink <pink"], ["<purple <purple <purple <purple"]],
        pile=["<orange <orange <orange <orange"],
        hand_size=1,
        end_when_pile_empty=True,
    )
    state.apply(move(state, "<pink <pink <pink <pink", 1, 0))
    assert state.over and state.seat is None
    assert state.hands == [["<orange <orange <orange <orange"], ["<purple <purple <purple <purple"]]


def test_the_highest_total_wins_and_a_tie_is_shared():
    _, state = examples_position()
    state.tracks = [[2, 2, 0, 0, 0, 0], [0, 3, 0, 0, 0, 1]]
    assert state.result().places == [1, 1]
    state.tracks[1][5] = 2
    assert state.result().places == [2, 1]
    assert state.result().scores == [4, 5]


def test_the_places_offered_are_exactly_the_legal_ones():
    state = slot_position()
    left, right, top, bottom = state.grid.bounds()
    legal = set()
    for column in range(left - 3, right + 4):
        for row in range(top - 6, bottom + 6):
            if state.place_problem(state.deck.fish[BETWEEN], column, row) is None:
                legal.add((column, row))
    assert set(state.grid.places()) == legal
    assert (1, -2) in legal and (1, -1) not in legal
    options = state.legal_moves()
    # Three different sticks in hand, each either way up, at every place.
    assert len(options) == 3 * 2 * len(legal)


def test_a_place_needs_a_fish_directly_beside_not_diagonally():
    _, state = examples_position()
    # Column 1, rows 4-7 only touches the start stick's corner (column 0, row 3).
    assert "directly left or right" in state.place_problem(state.deck.fish[TURN_1], 1, 4)
    assert state.place_problem(state.deck.fish[TURN_1], 1, 3) is None
    # Above and below the start stick, in its own column, nothing lies beside.
    assert "directly left or right" in state.place_problem(state.deck.fish[TURN_1], 0, -4)


def _scanned_places(cells) -> set:
    """Every legal place found the slow way: each empty run of 4 beside a fish."""
    found = set()
    for c, r in cells:
        for column in (c - 1, c + 1):
            for top in range(r - 3, r + 1):
                if all((column, x) not in cells for x in range(top, top + 4)):
                    found.add((column, top))
    return found


def test_the_grid_keeps_its_places_as_a_full_scan_finds_them_with_work_that_does_not_grow(monkeypatch):
    import random
    from bisect import bisect_left

    from stixxcli_games.fishstix import grid as grid_module
    from stixxcli_games.fishstix.grid import Grid

    searches = 0

    def counted(*args):
        nonlocal searches
        searches += 1
        return bisect_left(*args)

    monkeypatch.setattr(grid_module, "bisect_left", counted)
    rng = random.Random(4)
    grid = Grid()
    grid.place("s", False, 0, 0, None, (0, 3, 4, 9))
    looked = []
    for n in range(600):
        before = searches
        column, row = rng.choice(grid.places())  # takes the stick placed last into the places
        looked.append(searches - before)
        grid.place("s", False, column, row, 0, (rng.randrange(12),) * 4)
        if n % 60 == 0:
            assert set(grid.places()) == _scanned_places(grid.cells)
            assert grid.places() == sorted(grid.places())
    assert set(grid.places()) == _scanned_places(grid.cells)
    # A placement searches the sorted places for the same few slices (its own
    # column and the two beside it, a few rows each) however big the table is.
    assert max(looked) <= 3 and sum(looked[-100:]) <= sum(looked[:100]) * 1.2


def _check_kept_places(grid):
    """The grid's legal places as kept (a sorted list, and bits a column, with
    each column's rows holding a fish) are the ones a full scan finds."""
    from stixxcli_games.fishstix.grid import place_of

    scanned = sorted(_scanned_places(grid.cells))
    assert grid.places() == scanned
    assert [place_of(key) for key in grid.sorted_open] == scanned
    bits = [(column, grid.first_row + k) for column, bits in enumerate(grid.open, start=grid.first_column)
            for k in range(bits.bit_length()) if bits >> k & 1]  # fmt: skip
    assert bits == scanned
    for column, bits in enumerate(grid.filled, start=grid.first_column):
        rows = {row for c, row in grid.cells if c == column}
        assert {grid.first_row + k for k in range(bits.bit_length()) if bits >> k & 1} == rows
    left, right, top, bottom = grid.bounds()
    for column in range(left - 2, right + 3):
        for row in range(top - 5, bottom + 3):
            assert grid.fits(column, row) == ((column, row) in scanned)


def test_the_kept_places_match_a_full_scan_at_every_turn_of_bot_games():
    from stixxcli_games.fishstix.state import PlaceOptions

    from stixxcli.table import Table

    rules = standard_rules()
    for seed, bots in enumerate([["random"] * 3, ["greedy", "random"], ["random"] * 4, ["greedy"] * 2]):
        players = [{"name": f"p{seat}", "bot": bot} for seat, bot in enumerate(bots)]
        table = Table.new(game(), rules, "standard", players, f"kept-{seed}")
        while not table.over:
            grid = table.state.grid
            _check_kept_places(grid)
            options = table.state.legal_moves()
            assert isinstance(options, PlaceOptions)
            assert options.spots == sorted(_scanned_places(grid.cells))
            table.play_turn()
        _check_kept_places(table.state.grid)


def test_the_kept_places_match_a_full_scan_at_every_turn_of_hand_made_games():
    from stixxcli_games.fishstix.grid import Grid

    _, state = examples_position()
    _check_kept_places(state.grid)
    for stick, column, row, points in [
        (TURN_1, 1, 0, {"blue": 2, "green": 2}),
        (TURN_2, 2, 1, {"green": 3}),
        (TURN_3, 3, 0, {"orange": 2}),
    ]:
        state.apply(move(state, stick, column, row, points=points))
        _check_kept_places(state.grid)
    # Far to the left and right, up and down, and several sticks taken in at
    # once (as after checking a log), one filling a place beside another.
    grid = Grid()
    grid.place("s", False, 0, 0, None, (0, 1, 2, 3))
    _check_kept_places(grid)
    for column, row in [
        (-1, 2),
        (-2, -1),
        (1, -3),
        (1, 1),
        (2, -6),
        (-3, 4),
        (-4, 7),
        (3, -9),
        (2, -80),
        (-2, 90),
    ]:
        grid.place("s", False, column, row, 0, (4, 5, 6, 7))
        _check_kept_places(grid)
    for steps in [
        [(4, -9), (5, -8), (4, -5)],
        [(-5, 8), (-6, 9)],
        [(0, 4), (0, -4), (-1, -2)],
        [(6, -200), (7, -197), (-7, 10)],
    ]:
        for column, row in steps:
            grid.place("s", False, column, row, 0, (8, 9, 10, 11))
        _check_kept_places(grid)


def test_the_places_stay_right_when_the_grid_grows_far_up_and_down():
    from stixxcli_games.fishstix.grid import Grid

    # Staircases of sticks, each 3 rows above the last in columns 0 and 1, then
    # each 3 rows below the last in columns 2 and 3.
    grid = Grid()
    grid.place("s", False, 0, 0, None, (0, 3, 4, 9))
    for n in range(1, 120):
        column, row = (n % 2, -3 * n) if n < 60 else (2 + n % 2, 3 * (n - 60))
        grid.place("s", False, column, row, 0, (n % 12,) * 4)
        if n % 7 == 0:
            assert set(grid.places()) == _scanned_places(grid.cells)
    assert set(grid.places()) == _scanned_places(grid.cells)
    assert grid.first_row < -3 * 59


def test_scored_is_points_where_a_stick_fits_and_none_elsewhere():
    """Checking a log asks grid.scored once for both: it must agree with fits
    and points at every kind of place, legal or not."""
    import random

    from stixxcli_games.fishstix.grid import Grid

    rng = random.Random(7)
    kinds = ("a", "b", "c")
    for _ in range(20):
        grid = Grid()
        grid.place("s", False, 0, 0, None, tuple(rng.randrange(6) for _ in range(4)))
        for _ in range(40):
            column, row = rng.choice(grid.places())
            grid.place("s", False, column, row, 0, tuple(rng.randrange(6) for _ in range(4)))
        left, right, top, bottom = grid.bounds()
        for column in range(left - 2, right + 3):
            for row in range(top - 5, bottom + 3):
                fish = tuple(rng.randrange(6) for _ in range(4))
                expected = grid.points(fish, column, row, kinds) if grid.fits(column, row) else None
                assert grid.scored(fish, column, row, kinds) == expected
                if expected is not None:
                    assert list(grid.scored(fish, column, row, kinds)) == list(expected)  # in kinds order
                # Cell by cell, as place_problem tells why not, finds the same.
                fits = grid.taken(column, row) is None and grid.touches(column, row)
                assert fits == (expected is not None)
