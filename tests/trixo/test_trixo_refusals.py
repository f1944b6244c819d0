"""Validation names the first illegal move and the rule it breaks; malformed
moves and setups are refused with a reason, never a traceback."""

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from trixo_helpers import Script, refusal

from stixxcli.check import check_log
from stixxcli.table import play_bots


def opening() -> Script:
    return Script([["x", "x", "o", "arrow"], ["o", "o", "trixo", "x"]])


# The refusals the issue lists ------------------------------------------------------


def test_a_tile_not_in_hand():
    index, reason = refusal(opening(), "trixo 0 0")
    assert index == 0 and "no trixo tile in the hand (x, x, o, arrow)" in reason


def test_a_cell_that_touches_nothing():
    index, reason = refusal(opening().play("x 0 0"), "o 0 2")
    assert index == 1 and "cell 0,2 touches no tile" in reason


def test_a_layout_beyond_the_3x3_window():
    s = opening().play("x 0 0", "o 0 1", "x 0 2")
    index, reason = refusal(s, "o 0 3")
    assert index == 3 and "beyond one 3x3 window" in reason


def test_a_stack_of_four():
    s = opening().play("x 0 0", "o 0 0", "x 0 0")
    index, reason = refusal(s, "trixo 0 0")
    assert index == 3 and "already holds 3 tiles" in reason and "at most 3" in reason


def test_a_tile_on_the_same_symbol():
    s = opening().play("x 0 0")
    s.play("o 0 1")
    index, reason = refusal(s, "o 0 1")
    assert index == 2 and "shows o on top" in reason and "different symbol" in reason


def test_a_slide_that_moves_nothing():
    s = opening().play("x 0 0", "o 0 1", "o 0 2", "x 1 1")
    index, reason = refusal(s, "arrow row 0 right")
    assert index == 4 and "moves nothing" in reason


def test_an_arrow_used_as_a_symbol():
    s = opening().play("x 0 0")
    s.play("o 0 1")
    move = {"seat": 0, "tile": "arrow", "cell": [1, 0]}
    index, reason = refusal(s, move)
    assert index == 2 and "'tile' must be one of x, o, trixo, not 'arrow'" in reason


def test_the_wrong_player():
    s = opening().play("x 0 0")
    index, reason = refusal(s, {"seat": 0, "tile": "x", "cell": [0, 1]})
    assert index == 1 and "wrong player" in reason


def test_a_move_after_the_end():
    s = Script([["x"], ["o"]]).play("x 0 0", "o 0 1")
    assert s.state.over
    index, reason = refusal(s, {"seat": 0, "tile": "x", "cell": [1, 1]})
    assert index == 2 and "already over" in reason


# Further rules and rulings ------------------------------------------------------------


def test_the_first_tile_goes_on_0_0():
    index, reason = refusal(opening(), "x 1 1")
    assert index == 0 and "first tile on an empty table goes on cell 0,0, not cell 1,1" in reason


def test_a_slide_of_an_empty_line():
    s = opening().play("x 0 0", "o 0 1")
    index, reason = refusal(s, "arrow col 3 up")
    assert index == 2 and "column 3 holds no tile" in reason


def test_a_row_slides_left_or_right_only():
    s = opening().play("x 0 0", "o 0 1")
    index, reason = refusal(s, {"seat": 0, "tile": "arrow", "line": "row", "index": 0, "direction": "up"})
    assert index == 2 and "'direction' must be one of left, right, not 'up'" in reason


def test_a_draw_from_an_empty_reserve():
    s = Script([["x"], ["o"]])
    index, reason = refusal(s, {"seat": 0, "tile": "x", "cell": [0, 0], "draw": "o"})
    assert index == 0 and "reserve is empty" in reason


def test_a_draw_the_reserve_does_not_hold():
    s = Script([["x"], ["o"]], reserve=["x", "trixo"])
    index, reason = refusal(s, {"seat": 0, "tile": "x", "cell": [0, 0], "draw": "arrow"})
    assert index == 0 and "no arrow tile is left in the reserve (1 x, 1 trixo)" in reason
    index, reason = refusal(s, {"seat": 0, "tile": "x", "cell": [0, 0]})
    assert index == 0 and "no 'draw'" in reason


def test_a_drawn_tile_leaves_the_reserve():
    s = Script([["x"], ["o"]], reserve=["x", "trixo"]).play("x 0 0", draw="trixo")
    index, reason = refusal(s, {"seat": 1, "tile": "o", "cell": [0, 1], "draw": "trixo"})
    assert index == 1 and "no trixo tile is left in the reserve (1 x)" in reason


def test_setting_aside_a_tile_not_in_hand():
    s = Script([["arrow"], ["x"]])
    index, reason = refusal(s, {"seat": 0, "discard": "x"})
    assert index == 0 and "cannot set aside x" in reason


@pytest.mark.parametrize(
    "move, words",
    [
        ({"seat": 0, "tile": "y", "cell": [0, 0]}, "'tile' must be one of x, o, trixo, not 'y'"),
        ({"seat": 0, "tile": 3, "cell": [0, 0]}, "'tile' must be text"),
        ({"seat": 0, "tile": "arrow", "line": "row", "index": 0, "cell": [0, 0]}, "must be one of x, o"),
        ({"seat": 0, "tile": "x", "cell": [0]}, "'cell' must hold at least 2 items, not 1"),
        ({"seat": 0, "tile": "x", "cell": [0, 0, 0]}, "'cell' must hold at most 2 items, not 3"),
        ({"seat": 0, "tile": "x", "cell": [True, 0]}, "'cell'[0] must be a whole number, not true/false"),
        ({"seat": 0, "tile": "x", "cell": [0, 0.0]}, "'cell'[1] must be a whole number, not a number"),
        ({"seat": 0, "tile": "x", "cell": "0 0"}, "'cell' must be a list"),
        ({"seat": 0, "tile": "x", "cell": [10**30, -(10**30)]}, "first tile on an empty table"),
        ({"seat": 0, "tile": "x" * 10_000, "cell": [0, 0]}, "'xxxxxxxxxxxx"),
        ({"seat": 0, "tile": "x"}, "has no 'cell'"),
        ({"seat": 0, "tile": "x", "cell": [0, 0], "where": 1}, "unknown key 'where'"),
        ({"seat": 0, "tile": "x", "cell": [0, 0], "collected": "0"}, "'collected' must be a whole number"),
        ({"seat": 0, "tile": "x", "cell": [0, 0], "collected": True}, "'collected' must be a whole number"),
        ({"seat": "0", "tile": "x", "cell": [0, 0]}, "must be a whole number"),
        ({"seat": 0.0, "tile": "x", "cell": [0, 0]}, "'seat' must be a whole number"),
        ({"tile": "x", "cell": [0, 0]}, "has no 'seat'"),
        ({"seat": 0}, "has no 'tile'"),
        ({"seat": 4, "tile": "x", "cell": [0, 0]}, "wrong player"),
        ({"seat": -1, "tile": "x", "cell": [0, 0]}, "wrong player"),
        ({"seat": 0, "tile": "x", "cell": [0, 0], "collected": -1}, "'collected' must be at least 0"),
        (
            {"seat": 0, "tile": "arrow", "line": "diagonal", "index": 0, "direction": "left"},
            "'line' must be one of row, column, not 'diagonal'",
        ),
        ({"seat": 0, "tile": "arrow", "line": "row", "index": False, "direction": "left"}, "'index' must be"),
        ({"seat": 0, "tile": "arrow", "line": "row", "index": 0}, "has no 'direction'"),
        (
            {"seat": 0, "tile": "arrow", "line": "column", "index": 0, "direction": "left"},
            "'direction' must be one of up, down, not 'left'",
        ),
        (
            {"seat": 0, "tile": "arrow", "line": "row", "index": 0, "direction": "left", "cell": [0, 0]},
            "'tile' must be one of x, o, trixo, not 'arrow'",
        ),
        ({"seat": 0, "discard": ["x"]}, "'discard' must be text"),
        ({"seat": 0, "discard": "x", "tile": "x"}, "unknown key 'tile'"),
        ({"seat": 0, "tile": "x", "cell": [0, 0], "draw": 1}, "'draw' must be text"),
        ({"seat": 0, "tile": "x", "cell": [0, 0], "draw": "x"}, "reserve is empty"),
    ],
)
def test_malformed_moves_are_refused_with_a_reason(move, words):
    index, reason = refusal(opening(), move)
    assert index == 0 and words in reason


def test_reasons_quote_huge_values_cut_short():
    index, reason = refusal(opening(), {"seat": 0, "tile": "x", "cell": list(range(10_000))})
    assert index == 0 and len(reason) < 120 and "at most 2 items, not 10000" in reason
    s = opening().play("x 0 0")
    index, reason = refusal(s, {"seat": 1, "tile": "o", "cell": [10**300, 0]})
    assert index == 1 and "touches no tile" in reason and len(reason) < 120


def test_a_malformed_draw_is_refused_with_a_reason():
    s = Script([["x"], ["o"]], reserve=["x", "trixo"])
    index, reason = refusal(s, {"seat": 0, "tile": "x", "cell": [0, 0], "draw": None})
    assert index == 0 and "'draw' must be text" in reason
    index, reason = refusal(s, {"seat": 0, "tile": "x", "cell": [0, 0], "draw": "joker"})
    assert index == 0 and "'draw' must be one of x, o, trixo, arrow, not 'joker'" in reason


# Setups --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "setup, words",
    [
        ([], "the setup must be a JSON object"),
        ({}, "has no 'hands'"),
        ({"hands": [["x", "x", "o", "arrow"]]}, "'hands' must hold at least 2 items, not 1"),
        ({"hands": [["x"], ["o"], ["x"]]}, "the setup deals 3 hands to 2 players"),
        ({"hands": [["x", "x", "o"], ["o", "o", "trixo", "x"]]}, "hand 0 must be a list of 4 tiles"),
        ({"hands": ["xxoa", ["o", "o", "trixo", "x"]]}, "'hands'[0] must be a list, not text"),
        ({"hands": [["x", "x", "o", "joker"], ["o", "o", "trixo", "x"]]}, "'hands'[0][3] must be one of x"),
        ({"hands": [["x", "x", "o", 1], ["o", "o", "trixo", "x"]]}, "'hands'[0][3] must be text"),
        (
            {"hands": [["x", "x", "o", "arrow"], ["o", "o", "arrow", "x"]]},
            "hand 1 holds one arrow tile too many",
        ),
        (
            {"hands": [["x", "x", "o", "arrow"], ["o", "o", "trixo", "x"]], "reserve": []},
            "unknown key 'reserve'",
        ),
    ],
)
def test_a_bad_setup_is_refused(setup, words):
    log = copy.deepcopy(opening().log)
    log["setup"] = setup
    verdict = check_log(log)
    assert not verdict.valid and verdict.index is None and words in verdict.error


def test_a_log_for_five_players_is_refused():
    log = play_bots("trixo", ["random"] * 4, 1)
    log["players"].append({"name": "eve"})
    verdict = check_log(log)
    assert not verdict.valid and "allow 2 to 4" in verdict.error


# Anything at all as a move: a reason or acceptance, never a crash -----------------------

values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.sampled_from(["x", "o", "trixo", "arrow", "row", "column", "left", "up", "", "é"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)
BASE_LOG = play_bots("trixo", ["random", "random", "random"], 11)
keys = st.sampled_from(["seat", "tile", "cell", "line", "index", "direction", "discard", "draw", "collected"])


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(keys, values, max_size=6), st.integers(0, 30))
def test_any_move_gets_a_verdict(move, at):
    log = BASE_LOG
    at = min(at, len(log["moves"]))
    broken = dict(log, moves=log["moves"][:at] + [move], finished=False, result=None)
    verdict = check_log(broken)
    assert verdict.valid or verdict.index == at and verdict.error


def test_one_tile_is_said_in_the_singular():
    flat = Script([["x", "x", "o", "arrow"], ["o", "o", "trixo", "x"]], max_stack=1).play("x 0 0")
    assert (
        "the stack on cell 0,0 already holds 1 tile, and a stack holds at most 1" in refusal(flat, "o 0 0")[1]
    )
    move = opening().play("x 0 0").move("o 0 1")
    move["collected"] = 1
    assert (
        "the move records 1 tile collected, but its streaks collect 0"
        in refusal(opening().play("x 0 0"), move)[1]
    )
