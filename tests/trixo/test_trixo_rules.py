"""Every rule and ruling of Trixo on hand-made positions (docs/games/trixo.md)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stixxcli_games.trixo import board
from trixo_helpers import Script, game, rulebook_diagonal

from stixxcli.check import check_log
from stixxcli.errors import RuleError
from stixxcli.rules import resolve


def tops(state) -> dict:
    return {cell: stack[-1] for cell, stack in state.layout.items()}


# The parameters ------------------------------------------------------------------


def test_the_standard_parameters_are_the_rulings():
    # 36 tiles (14 x, 14 o, 5 trixo, 3 arrow), hands of 4, stacks of 3, no teams,
    # in rules/trixo/standard.yaml and as the parameters' defaults alike.
    ruled = {
        "tiles": {"x": 14, "o": 14, "trixo": 5, "arrow": 3},
        "hand_size": 4,
        "max_stack": 3,
        "teams": False,
    }
    assert {p.name: p.default for p in game().params} == ruled
    standard = dict(resolve(game(), "standard").values)
    assert standard == ruled and resolve(game(), "teams").values == dict(ruled, teams=True)


# Placing and stacking ------------------------------------------------------------


def test_first_tile_goes_on_0_0_and_later_tiles_touch_edge_or_corner():
    s = Script([["x", "x"], ["o", "o"]])
    assert s.state.legal_moves() == [{"seat": 0, "tile": "x", "cell": [0, 0]}]
    s.play("x 0 0", "o 1 1")  # corner to corner
    assert tops(s.state) == {(0, 0): "x", (1, 1): "o"}
    cells = {tuple(m["cell"]) for m in s.state.legal_moves()}
    # Every empty cell touching a tile (all inside a 3x3 window with both), and
    # the stack on (1,1); not (0,0): it shows x, and a stack needs another symbol.
    assert cells == {
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (0, 2),
        (1, 2),
        (2, 0),
        (2, 1),
        (2, 2),
        (1, 1),
    }


def test_a_table_emptied_by_a_streak_starts_again_on_0_0():
    # The layout slid right, then a streak took every tile: the next first tile
    # goes on 0,0 again, not beside where the last tiles stood.
    s = Script([["x", "arrow", "o"], ["x", "x", "o"]])
    s.play("x 0 0", "x 0 1", "arrow row 0 right", "x 0 3")
    assert s.state.layout == {} and s.state.collected[1]["x"] == 3
    assert s.state.legal_moves() == [{"seat": 0, "tile": "o", "cell": [0, 0]}]
    verdict = s.refused("o 0 3")
    assert verdict.index == 4 and "goes on cell 0,0, not cell 0,3" in verdict.error
    s.play("o 0 0", "o 0 1")
    assert tops(s.state) == {(0, 0): "o", (0, 1): "o"}


def test_stack_up_to_three_on_a_different_symbol():
    s = Script([["x", "x", "trixo"], ["o", "o", "o"]])
    s.play("x 0 0", "o 0 0", "x 0 0")
    assert s.state.layout[(0, 0)] == ("x", "o", "x")
    assert {"seat": 1, "tile": "o", "cell": [0, 0]} not in s.state.legal_moves()


def test_max_stack_one_means_no_stacking():
    s = Script([["x", "x"], ["o", "o"]], max_stack=1)
    s.play("x 0 0")
    assert [0, 0] not in [m["cell"] for m in s.state.legal_moves()]
    verdict = s.refused("o 0 0")
    assert verdict.index == 1 and "holds at most 1" in verdict.error


# Streaks -------------------------------------------------------------------------


def test_a_streak_of_stacks_is_collected_whole():
    s = Script([["x", "x", "x", "x"], ["o", "o", "o", "trixo"]])
    s.play(
        "x 0 0",
        "o 0 0",
        "x 0 0",  # (0,0): x o x
        "o 0 1",
        "x 0 1",  # (0,1): o x
        "o 1 0",
    )
    assert s.state.collected[0] == {"x": 0, "o": 0, "trixo": 0}
    s.play("x 0 2")  # x x x along row 0: 3 + 2 + 1 tiles
    assert s.state.collected[0] == {"x": 4, "o": 2, "trixo": 0}
    assert tops(s.state) == {(1, 0): "o"}
    assert s.state.result().scores == [6, 0]


def test_two_streaks_at_once_are_both_collected():
    s = Script([["x"] * 5, ["o", "o", "o", "trixo", "trixo"]])
    s.play("x 0 0", "o 1 0", "x 0 1", "o 1 1", "x 1 2", "o 2 0", "x 2 2", "trixo 2 1")
    assert board.streaks(s.state.layout) == []
    s.play("x 0 2")  # completes row 0 and column 2
    assert s.state.collected[0]["x"] == 5
    assert tops(s.state) == {(1, 0): "o", (1, 1): "o", (2, 0): "o", (2, 1): "trixo"}


def test_streaks_in_every_line_direction():
    for cells in (
        [(0, 0), (0, 1), (0, 2)],
        [(0, 0), (1, 0), (2, 0)],
        [(0, 0), (1, 1), (2, 2)],
        [(0, 2), (1, 1), (2, 0)],
    ):
        layout = {cell: ("o",) for cell in cells}
        assert [set(streak) for streak in board.streaks(layout)] == [set(cells)]
        # The cell played last may be any of the three: all eight directions from it.
        for played in cells:
            assert board.streak_cells_through(layout, played, "o") == set(cells)


def test_a_covered_symbol_does_not_count_only_the_top():
    layout = {(0, 0): ("x",), (0, 1): ("x", "o"), (0, 2): ("x",)}
    assert board.streaks(layout) == []


def test_a_trixo_streak():
    s = Script([["trixo"] * 3, ["x", "o", "x"]])
    s.play("trixo 0 0", "x 0 1", "trixo 1 0", "o 1 1", "trixo 2 0")
    assert s.state.collected[0] == {"x": 0, "o": 0, "trixo": 3}
    assert s.state.result().breakdown[0] == {"collected": 3, "x": 0, "o": 0, "trixo": 3}


def test_a_trixo_tile_is_no_wild_card_it_blocks():
    # x x trixo and x trixo x: a trixo tile stands for no other symbol.
    s = Script([["x", "x", "x"], ["o", "trixo", "o"]])
    s.play("x 0 0", "o 1 0", "x 0 1", "trixo 0 2")
    assert s.state.collected == [{"x": 0, "o": 0, "trixo": 0}] * 2 and len(s.state.layout) == 4
    s = Script([["x", "x", "x"], ["o", "trixo", "o"]])
    s.play("x 0 0", "trixo 0 1", "x 0 2")
    assert s.state.collected == [{"x": 0, "o": 0, "trixo": 0}] * 2 and len(s.state.layout) == 3
    assert board.streaks(s.state.layout) == []


def test_the_move_may_record_what_it_collects_and_it_is_checked():
    s = Script([["trixo"] * 3, ["x", "o", "x"]])
    s.play("trixo 0 0", "x 0 1", "trixo 1 0", "o 1 1")
    good = dict(s.move("trixo 2 0"), collected=3)
    assert s.refused(good, finished=False).valid
    bad = dict(s.move("trixo 2 0"), collected=2)
    verdict = s.refused(bad)
    assert (
        verdict.index == 4 and "records 2 tiles collected" in verdict.error and "collect 3" in verdict.error
    )


# Slides --------------------------------------------------------------------------


def test_a_slide_makes_the_rulebooks_diagonal_streak():
    s = rulebook_diagonal()
    assert board.streaks(s.state.layout) == []
    s.play("arrow row 2 right")
    assert s.state.collected[1] == {"x": 3, "o": 0, "trixo": 0}
    assert tops(s.state) == {(0, 1): "o", (0, 2): "o", (1, 0): "o", (2, 1): "o"}
    assert s.state.set_aside == ["arrow"]  # the arrow leaves the game
    assert s.state.over and s.state.result().places == [2, 1]
    assert check_log(dict(s.log, finished=True)).valid


def test_a_slide_closes_a_gap():
    for direction, expected in (
        ("left", {(0, 0): "x", (0, 1): "o", (1, 1): "o"}),
        ("right", {(0, 1): "x", (0, 2): "o", (1, 1): "o"}),
    ):
        s = Script([["x", "o"], ["o", "arrow"]])
        s.play("x 0 0", "o 1 1", "o 0 2")
        s.play(f"arrow row 0 {direction}")
        assert tops(s.state) == expected, direction


def test_slide_moves_each_stack_one_cell_from_the_leading_end():
    # A lone column slides whole; stacks move with all their tiles.
    layout = {(0, 0): ("x", "o"), (1, 0): ("x",)}
    after, moved = board.slide(layout, "column", 0, "down")
    assert after == {(1, 0): ("x", "o"), (2, 0): ("x",)} and sorted(moved) == [(1, 0), (2, 0)]
    after, moved = board.slide(layout, "column", 0, "up")
    assert after == {(-1, 0): ("x", "o"), (0, 0): ("x",)}
    # A tile that would break the window stays; the one behind moves up to it.
    layout = {(0, 0): ("x",), (2, 0): ("o",), (2, 2): ("o",)}
    after, moved = board.slide(layout, "row", 2, "right")
    assert after == {(0, 0): ("x",), (2, 1): ("o",), (2, 2): ("o",)} and moved == [(2, 1)]


def test_a_slide_that_moves_nothing_is_refused():
    s = Script([["x", "o"], ["o", "arrow"]])
    s.play("x 0 0", "o 0 1", "o 0 2")
    assert [m for m in s.state.legal_moves() if m["tile"] == "arrow" and m["line"] == "row"] == []
    verdict = s.refused("arrow row 0 left")
    assert verdict.index == 3 and "moves nothing" in verdict.error


def test_slides_offered_are_exactly_those_that_move_something():
    s = Script([["x", "o"], ["o", "arrow"]])
    s.play("x 0 0", "o 1 1", "o 0 2")
    offered = {(m["line"], m["index"], m["direction"]) for m in s.state.legal_moves() if m["tile"] == "arrow"}
    for line in ("row", "column"):
        for index in (-1, 0, 1, 2, 3):
            for direction in board.DIRECTIONS[line]:
                moves = bool(board.line_cells(s.state.layout, line, index)) and bool(
                    board.slide(s.state.layout, line, index, direction)[1]
                )
                assert ((line, index, direction) in offered) == moves


# No legal play, the end ------------------------------------------------------------


def test_a_player_with_no_legal_play_sets_a_tile_aside():
    s = Script([["arrow"], ["x"]])  # an arrow cannot slide on an empty table
    turn = s.state.turn()
    choice = next(turn)
    assert choice.name == "discard" and choice.options == [{"seat": 0, "discard": "arrow"}]
    assert s.state.legal_moves() == choice.options
    verdict = s.refused("arrow row 0 left")
    assert verdict.index == 0 and "holds no tile" in verdict.error
    s.play("discard arrow", "x 0 0")
    assert s.state.over and s.state.set_aside == ["arrow"]


def test_a_tile_set_aside_counts_as_the_play_and_the_player_draws():
    s = Script([["arrow"], ["x"]], reserve=["o"])
    verdict = s.refused("discard arrow")  # no draw while the reserve holds a tile
    assert verdict.index == 0 and "a tile is drawn while the reserve holds any" in verdict.error
    s.play("discard arrow", draw="o")
    assert s.state.hands == [["o"], ["x"]] and s.state.reserve_size == 0
    assert s.state.set_aside == ["arrow"] and s.state.seat == 1  # the turn passes


def test_setting_aside_is_refused_while_a_play_is_legal():
    s = Script([["x"], ["o"]])
    verdict = s.refused("discard x")
    assert verdict.index == 0 and "only when no play is legal" in verdict.error and "x 0 0" in verdict.error


def test_no_play_for_symbols_on_a_full_window():
    # Every cell of the window is taken and every stack is full or shows x.
    layout = {(r, c): ("x",) if (r + c) % 2 else ("o", "x", "o") for r in range(3) for c in range(3)}
    layout = {cell: ("o", "x") if stack == ("x",) else stack for cell, stack in layout.items()}
    assert board.legal_plays(layout, ["x", "x"], 0, 3) == []
    assert board.legal_plays(layout, ["o"], 0, 3) == [
        {"seat": 0, "tile": "o", "cell": [r, c]} for r in range(3) for c in range(3) if (r + c) % 2
    ]


def test_draws_come_from_the_reserve_and_the_game_ends_when_all_is_played():
    s = Script([["x"], ["o"]], reserve=["trixo", "x"])
    s.play("x 0 0", draw="trixo")
    assert s.state.hands[0] == ["trixo"] and s.state.reserve_size == 1
    s.play("o 0 1", draw="x")
    assert s.state.reserve_size == 0 and not s.state.over
    s.play("trixo 1 0", "x 1 1")
    assert s.state.over and s.state.seat is None


# Result and teams --------------------------------------------------------------------


def with_collections(collected, variant="standard"):
    hands = [["x", "o", "trixo", "arrow"] for _ in collected]
    s = Script(hands, variant=variant)
    for seat, (x, o, trixo) in enumerate(collected):
        s.state.collected[seat] = {"x": x, "o": o, "trixo": trixo}
    return s.state.result()


def test_most_collected_tiles_wins():
    result = with_collections([(3, 3, 0), (2, 2, 1), (1, 0, 0)])
    assert result.scores == [6, 5, 1] and result.places == [1, 2, 3]


def test_tie_broken_by_most_trixo_tiles():
    result = with_collections([(3, 3, 0), (3, 2, 1), (0, 0, 0)])
    assert result.scores == [6, 6, 0] and result.places == [2, 1, 3]


def test_still_tied_is_shared():
    result = with_collections([(2, 3, 1), (3, 2, 1)])
    assert result.places == [1, 1] and result.to_json()["winners"] == [0, 1]


def test_teams_pool_their_collections():
    result = with_collections([(3, 0, 0), (2, 2, 0), (1, 1, 0), (0, 0, 0)], variant="teams")
    assert result.scores == [5, 4, 5, 4] and result.places == [1, 2, 1, 2]
    assert result.breakdown[2] == {
        "collected": 2,
        "x": 1,
        "o": 1,
        "trixo": 0,
        "team": [0, 2],
        "team_collected": 5,
        "team_trixo": 0,
    }


def test_team_tie_broken_by_the_teams_trixo_tiles():
    result = with_collections([(2, 0, 0), (1, 0, 1), (1, 0, 0), (1, 0, 0)], variant="teams")
    assert result.scores == [3, 3, 3, 3] and result.places == [2, 1, 2, 1]
    tied = with_collections([(2, 0, 1), (1, 0, 1), (0, 0, 0), (1, 0, 0)], variant="teams")
    assert tied.places == [1, 1, 1, 1]


def test_a_streak_in_the_team_game_counts_for_the_team():
    s = Script([["x", "o"], ["o", "o"], ["x", "x"], ["trixo", "trixo"]], variant="teams")
    s.play("x 0 0", "o 1 0", "x 0 1", "trixo 1 1", "o 1 2", "o -1 0", "x 0 2")
    assert s.state.collected[2] == {"x": 3, "o": 0, "trixo": 0}
    assert s.state.result().scores == [3, 0, 3, 0]


def test_the_team_variant_takes_four_players():
    rules = resolve(game(), "teams").values
    assert rules["teams"] is True and game().player_counts(rules) == range(4, 5)
    assert game().player_counts(resolve(game(), "standard").values) == range(2, 5)


def test_too_few_tiles_for_the_hands_is_a_rule_error():
    rules = dict(resolve(game(), "standard").values, tiles={"x": 3, "o": 4})
    with pytest.raises(RuleError, match="cannot fill 2 hands of 4"):
        game().check_rules(rules)
    assert game().player_counts(dict(rules, tiles={"x": 6, "o": 6})) == range(2, 4)


def test_tiles_given_in_part_say_the_kinds_left_out_have_none(tmp_path):
    # A variant's `tiles` replaces the whole mapping: `tiles: {arrow: 6}` is 6 tiles
    # in all, which "cannot fill 2 hands of 4" left unexplained.
    house = tmp_path / "arrows.yaml"
    house.write_text("extends: standard\ntiles: {arrow: 6}\n", encoding="utf-8")
    with pytest.raises(
        RuleError, match=r"of 4 \(tiles replaces the whole mapping: x, o and trixo, left out, have none\)"
    ) as e:
        resolve(game(), path=house)
    assert e.value.where == f"{house}:2"


# The quick paths validation takes agree with the plain rules -------------------------

cells3 = st.tuples(st.integers(-1, 3), st.integers(-1, 3))
stacks = st.lists(st.sampled_from(board.SYMBOLS), min_size=1, max_size=3).map(tuple)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.dictionaries(cells3, stacks, max_size=9), st.sampled_from(board.SYMBOLS), cells3)
def test_quick_placement_check_agrees_with_the_reasons(layout, tile, cell):
    assert board.can_place(layout, tile, cell, 3) == (board.placement_problem(layout, tile, cell, 3) is None)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.dictionaries(cells3, stacks, max_size=9), st.sampled_from(board.SYMBOLS), cells3)
def test_streaks_through_the_played_cell_are_all_the_streaks(layout, tile, cell):
    board.collect(layout)  # a layout between moves holds no streak
    after = dict(layout)
    after[cell] = after.get(cell, ()) + (tile,)
    everywhere = {c for streak in board.streaks(after) for c in streak}
    assert board.streak_cells_through(after, cell, tile) == everywhere
