"""Validation names the first illegal move or the broken setup, with the rule."""

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stixxcli.check import check_log
from stixxcli.errors import IllegalMove
from stixxcli.gamelog import rules_digest
from stixxcli.table import play_bots


def take(seat, *stixx, option="A"):
    return {"seat": seat, "option": option, "takes": list(stixx)}


def refused(log, index, *words):
    verdict = check_log(log)
    assert not verdict.valid
    assert verdict.index == index, verdict.line()
    for word in words:
        assert word in verdict.error, verdict.error
    return verdict


def test_hand_made_log_is_valid(kit):
    t = kit.board.touches
    moves = [take(0, 0), take(1, t[0][0]), take(2, t[t[0][0]][1])]
    verdict = check_log(kit.log(moves))
    assert verdict.valid, verdict.line()
    assert verdict.warnings == []


# The refusals of the issue ------------------------------------------------------------


def test_take_that_does_not_touch_the_marker(kit):
    far = next(s for s in range(42) if s not in kit.board.touches[0] and s != 0)
    refused(kit.log([take(0, 0), take(1, far)]), 1, f"stixx {far} does not touch the marker (on 0)")


def test_taken_place_that_is_empty(kit):
    nxt = kit.board.touches[0][0]
    refused(
        kit.log([take(0, 0), take(1, nxt), take(2, 0)]),
        2,
        "stixx 0 was already taken by Ann at turn 1",
        "place is empty",
    )


def test_b_by_a_player_already_revealed(kit):
    t = kit.board.touches
    a, b = 0, t[0][0]
    c = next(s for s in t[b] if s != a)
    d = next(s for s in t[c] if s not in (a, b))
    e = next(s for s in t[d] if s not in (a, b, c))
    moves = [
        take(0, a, b, option="B"),
        take(1, c),
        take(2, d),
        take(0, e, next(s for s in t[e] if s not in (a, b, c, d)), option="B"),
    ]
    refused(kit.log(moves), 3, "Ann's colour was already revealed at turn 1", "reveal_once")


def test_b_by_a_player_revealed_by_a_challenge(kit):
    t = kit.board.touches
    a, b = 0, t[0][0]
    c = next(s for s in t[b] if s != a)
    moves = [
        {"seat": 0, "option": "C", "target": 1, "colour": "orange", "correct": True, "takes": [a, b]},
        take(1, c, next(s for s in t[c] if s not in (a, b)), option="B"),
    ]
    refused(kit.log(moves), 1, "Bob's colour was already revealed at turn 1")


def test_challenge_of_a_revealed_player(kit):
    t = kit.board.touches
    a, b = 0, t[0][0]
    moves = [
        take(0, a, b, option="B"),
        {
            "seat": 1,
            "option": "C",
            "target": 0,
            "colour": "red",
            "correct": True,
            "takes": [next(s for s in t[b] if s != a)],
        },
    ]
    refused(kit.log(moves), 1, "Ann's colour was already revealed", "challenge_revealed")


def test_challenge_outcome_that_contradicts_the_secret_colours(kit):
    wrong_but_says_right = {
        "seat": 0,
        "option": "C",
        "target": 1,
        "colour": "blue",
        "correct": True,
        "takes": [0, kit.board.touches[0][0]],
    }
    refused(
        kit.log([wrong_but_says_right]),
        0,
        "contradicts the secret colours",
        "Bob's colour is blue, but the setup says it is not",
    )
    right_but_says_wrong = {"seat": 0, "option": "C", "target": 1, "colour": "orange", "correct": False}
    refused(kit.log([right_but_says_wrong]), 0, "contradicts the secret colours")


def test_wrong_player_to_move(kit):
    refused(kit.log([take(1, 0)]), 0, "wrong player", "Ann's turn")


def test_wrong_player_after_a_failed_challenge(kit):
    moves = [{"seat": 0, "option": "C", "target": 2, "colour": "red", "correct": False}, take(1, 0)]
    refused(kit.log(moves), 1, "wrong player", "Cas's turn (seat 2)")
    moves[1] = take(2, 0)
    assert check_log(kit.log(moves)).valid


def test_move_after_the_end(kit):
    log = play_bots("stixx", ["random", "random"], 5)
    assert check_log(log).valid
    seat = len(log["moves"]) % 2
    log["moves"].append(take(seat, 0))
    refused(log, len(log["moves"]) - 1, "already over")


def test_second_take_after_the_game_ended(kit):
    # On the small board two stixx make a colour: Ann completes red with the
    # first take of B, and the game ends there.
    from stixxcli_games.stixx.board import board
    from stixxcli_games.stixx.layout import random_layout

    rules = kit.rules(board_radius=1, stixx_per_colour=2)
    grid = board(1)
    layout = [kit.colours[c] for c in random_layout(grid, 6, 2, True, random.Random(1))]
    red, other = [s for s in range(12) if layout[s] == "red"]
    between = next(x for x in grid.touches[red] if other in grid.touches[x])
    after = next(s for s in grid.touches[other] if s not in (red, between))
    opening = [take(0, red), take(1, between)]
    log = kit.log(opening + [take(0, other, after, option="B")], players=2, layout_=layout, rules_=rules)
    refused(log, 2, "the game ended after take 1 (Ann holds all 2 stixx of their colour)", "no second take")
    log = kit.log(
        opening + [take(0, other, option="B")], players=2, layout_=layout, rules_=rules, finished=True
    )
    verdict = check_log(log)
    assert verdict.valid, verdict.line()
    assert verdict.result["scores"] == [2, 0]


def test_options_before_options_from_turn(kit):
    rules = kit.rules(options_from_turn=3)
    refused(
        kit.log([take(0, 0, kit.board.touches[0][0], option="B")], rules_=rules),
        0,
        "turn 1 may only take one stixx",
        "options_from_turn",
    )


# Setups ------------------------------------------------------------------------------


def setup_error(log):
    verdict = check_log(log)
    assert not verdict.valid and verdict.index is None
    return verdict.error


def test_layout_with_wrong_colour_counts(kit):
    layout = list(kit.layout)
    outer = next(s for s in range(42) if s not in kit.board.centre_star and layout[s] != "red")
    layout[outer] = "red"
    assert "holds 8 red stixx" in setup_error(kit.log(layout_=layout))
    assert "stixx_per_colour" in setup_error(kit.log(layout_=layout))


def test_layout_with_a_broken_centre_star(kit):
    layout = list(kit.layout)
    star = kit.board.centre_star[0]
    outer = next(s for s in range(42) if s not in kit.board.centre_star and layout[s] != layout[star])
    layout[star], layout[outer] = layout[outer], layout[star]
    error = setup_error(kit.log(layout_=layout))
    assert "centre star (stixx 13, 15, 21, 24, 25, 26)" in error and "centre_star_all_colours" in error
    twice, gone = layout[star], layout[outer]  # one colour twice, one missing: said in the singular
    assert f"but {twice} appears more than once and {gone} not at all" in error, error
    # Without the star rule the same layout is accepted.
    rules = kit.rules(centre_star_all_colours=False)
    assert check_log(kit.log(layout_=layout, rules_=rules)).valid


def test_touching_colours_in_a_recorded_layout_are_a_warning(kit):
    layout = list(kit.layout)
    a = next(s for s in range(42) if s not in kit.board.centre_star)
    b = next(t for t in kit.board.touches[a] if t not in kit.board.centre_star and layout[t] != layout[a])
    c = next(
        s
        for s in range(42)
        if s not in kit.board.centre_star
        and layout[s] == layout[a]
        and s != a
        and s not in kit.board.touches[b]
    )
    layout[b], layout[c] = layout[c], layout[b]  # b now has a's colour and touches it
    verdict = check_log(kit.log(layout_=layout))
    assert verdict.valid
    assert any(f"stixx {min(a, b)} and {max(a, b)} touch" in w for w in verdict.warnings)


def test_secret_colours_that_repeat(kit):
    error = setup_error(kit.log(secret=["red", "blue", "red"]))
    assert "'secret_colours' holds 'red' twice" in error  # one token of each colour


@pytest.mark.parametrize(
    "change, words",
    [
        ({"layout": "red"}, "'layout' must be a list"),
        ({"layout": ["red"] * 41}, "42 colours"),
        ({"layout": None}, "'layout' must be a list"),
        ({"secret_colours": ["red", "blue"]}, "one colour per player: 3, not 2"),
        ({"secret_colours": ["red", "blue", "pink"]}, "'pink', not a colour"),
        ({"secret_colours": ["red", "blue", 3]}, "'secret_colours'[2] must be text"),
        ({"starts": 3}, "starts must be a seat 0-2"),
        ({"starts": True}, "'starts' must be a whole number"),
        ({"starts": 6}, "'starts' must be at most 5"),
        ({"layout": ["red"] * 43}, "'layout' must hold at most 42"),
        ({"deck": []}, "unknown key 'deck'"),
    ],
)
def test_malformed_setups(kit, change, words):
    log = kit.log()
    log["setup"].update(change)
    assert words in setup_error(log)


def test_setup_not_an_object(kit):
    log = kit.log()
    log["setup"] = [1, 2]
    assert "JSON object" in setup_error(log)


def test_starts_seat(kit):
    moves = [take(2, 0), take(0, kit.board.touches[0][0])]
    assert check_log(kit.log(moves, starts=2)).valid
    refused(kit.log(moves, starts=1), 0, "wrong player")


# Malformed moves ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "move, words",
    [
        ({"seat": 0, "option": "D", "takes": [0]}, "'option' must be one of A, B, C"),
        ({"seat": 0, "takes": [0]}, "has no 'option'"),
        ({"seat": 0, "option": "A"}, "has no 'takes'"),
        ({"seat": 0, "option": "A", "takes": 0}, "'takes' must be a list"),
        ({"seat": 0, "option": "A", "takes": []}, "'takes' must hold at least 1 item"),
        ({"seat": 0, "option": "A", "takes": [0, 1]}, "'takes' must hold at most 1 item"),
        ({"seat": 0, "option": "A", "takes": [True]}, "'takes'[0] must be a whole number"),
        ({"seat": 0, "option": "A", "takes": ["3"]}, "'takes'[0] must be a whole number"),
        ({"seat": 0, "option": "A", "takes": [42]}, "'takes'[0] must be at most 41"),
        ({"seat": 0, "option": "A", "takes": [-1]}, "'takes'[0] must be at least 0"),
        ({"seat": 0, "option": "A", "takes": [10**30]}, "'takes'[0] must be at most 41"),
        ({"seat": 0, "option": "A", "takes": [1.5]}, "'takes'[0] must be a whole number"),
        ({"seat": 0, "option": "A", "takes": [0], "target": 1}, "'target' is not allowed"),
        ({"seat": 0, "option": "B", "takes": [0, 1, 2]}, "'takes' must hold at most 2 items"),
        (
            {"seat": 0, "option": "C", "target": 0, "colour": "red", "correct": True, "takes": [0, 1]},
            "themselves",
        ),
        (
            {"seat": 0, "option": "C", "target": 3, "colour": "red", "correct": True, "takes": [0, 1]},
            "no seat 3 to challenge",
        ),
        (
            {"seat": 0, "option": "C", "target": 7, "colour": "red", "correct": True},
            "'target' must be at most 5",
        ),
        ({"seat": 0, "option": "C", "target": "1", "colour": "red", "correct": True}, "'target' must be"),
        (
            {"seat": 0, "option": "C", "target": 1, "colour": "pink", "correct": False},
            "'pink' is not a colour",
        ),
        ({"seat": 0, "option": "C", "target": 1, "colour": "red", "correct": 0}, "'correct' must be true"),
        (
            {"seat": 0, "option": "C", "target": 1, "colour": "red", "correct": False, "takes": [0]},
            "'takes' must hold at most 0 items",
        ),
        ({"seat": 0, "option": "C", "target": 1, "colour": "orange", "correct": True}, "has no 'takes'"),
        ({"seat": "0", "option": "A", "takes": [0]}, "'seat' must be a whole number"),
        ({"seat": None, "option": "A", "takes": [0]}, "'seat' must be"),
        ({"option": "A", "takes": [0]}, "has no 'seat'"),
    ],
)
def test_malformed_moves(kit, move, words):
    refused(kit.log([move]), 0, words)


def test_wrong_challenge_with_empty_takes_is_accepted(kit):
    move = {"seat": 0, "option": "C", "target": 1, "colour": "red", "correct": False, "takes": []}
    assert check_log(kit.log([move])).valid


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.sampled_from(["A", "B", "C", "red", "blue", "", "takes"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["seat", "option", "takes", "target", "colour", "correct", "x"]),
            inner,
            max_size=6,
        )
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    move=st.fixed_dictionaries(
        {},
        optional={
            "seat": json_values,
            "option": st.sampled_from(["A", "B", "C"]) | json_values,
            "takes": st.lists(st.integers(-3, 45) | json_values, max_size=3) | json_values,
            "target": st.integers(-1, 4) | json_values,
            "colour": st.sampled_from(["red", "orange"]) | json_values,
            "correct": json_values,
        },
    )
)
def test_no_malformed_move_breaks_the_plugin(kit, move):
    log = kit.log([take(0, 0), move])
    verdict = check_log(log)
    if not verdict.valid:
        assert verdict.index == 1 or verdict.index is None
        assert "plugin failed" not in verdict.error, verdict.error


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    setup=st.fixed_dictionaries(
        {},
        optional={
            "layout": st.lists(
                st.sampled_from(["red", "orange", "yellow", "green", "blue", "purple"]) | json_values,
                min_size=40,
                max_size=43,
            )
            | json_values,
            "secret_colours": st.lists(st.sampled_from(["red", "blue", "green"]) | json_values, max_size=4)
            | json_values,
            "starts": json_values,
        },
    )
)
def test_no_malformed_setup_breaks_the_plugin(kit, setup):
    log = kit.log()
    log["setup"] = setup
    verdict = check_log(log)
    assert verdict.valid or "plugin failed" not in verdict.error, verdict.error


def test_edited_bot_logs_name_the_edited_move(kit):
    rng = random.Random(3)
    for seed in range(30):
        log = play_bots("stixx", ["reasoning", "random", "random"], seed)
        index = rng.randrange(len(log["moves"]))
        bad = copy.deepcopy(log)
        move = bad["moves"][index]
        if move.get("takes"):
            move["takes"][0] = move["takes"][0] + 42  # off the board
        else:
            move["correct"] = True
        verdict = check_log(bad)
        assert not verdict.valid and verdict.index == index, verdict.line()


def test_rules_digest_still_guards_the_rules(kit):
    log = kit.log()
    log["rules"]["options_from_turn"] = 2
    assert "rules_digest" in check_log(log).error
    log["rules_digest"] = rules_digest(log["rules"])
    assert check_log(log).valid


# The quick path of apply -----------------------------------------------------------


def _trials(state, rng):
    """Moves to try at a position: mostly near-legal ones, some not."""
    size, players = state.board.size, len(state.names)
    near = list(state.board.touches[state.marker]) if state.marker is not None else list(range(size))
    taken = [s for s in range(size) if not state.on_board[s]]

    def some_take():
        return rng.choice(near if rng.random() < 0.6 or not taken else taken)

    for _ in range(4):
        move = {
            "seat": state.seat if rng.random() < 0.9 else rng.randrange(players),
            "option": rng.choice("ABC"),
        }
        if move["option"] == "C":
            move.update(
                target=rng.randrange(players), colour=rng.choice(state.colours), correct=rng.random() < 0.5
            )
        if move["option"] != "C" or move["correct"]:
            first = some_take()
            move["takes"] = [first] if move["option"] == "A" or rng.random() < 0.2 else [first, some_take()]
            if len(move["takes"]) == 2 and rng.random() < 0.6:
                move["takes"][1] = rng.choice(state.board.touches[first])
        yield move


def _outcome(apply, move):
    try:
        apply(move)
    except IllegalMove as e:
        return e.message
    return None


def _seen(state):
    return state.view(), state.result().to_json(), state.seat, state.turns, state.taken_at


@pytest.mark.parametrize(
    "rules",
    [
        {},
        {"options_from_turn": 3},
        {"challenge_revealed": True, "reveal_once": False},
        {"end_on_full_colour": False},
    ],
)
def test_the_quick_path_agrees_with_the_checked_one(kit, rules):
    """apply's quick path and _apply_checked refuse the same moves with the same
    words and leave the same state, at every move of seeded games; and the turn
    each stixx was taken is the one the log says."""
    rng = random.Random(11)
    for seed in range(8):
        log = play_bots(
            "stixx",
            ["reasoning", "random", "random"][: 2 + seed % 2],
            f"quick-{seed}",
            rules=kit.rules(**rules),
        )
        state = kit.game.start(log["rules"], [p["name"] for p in log["players"]], log["setup"])
        turn_of = {}
        for turn, move in enumerate([*log["moves"], None], 1):
            for trial in _trials(state, rng) if state.seat is not None else ():
                quick, checked = copy.deepcopy(state), copy.deepcopy(state)
                said = _outcome(quick.apply, trial), _outcome(checked._apply_checked, trial)
                assert said[0] == said[1], (trial, said)
                assert _seen(quick) == _seen(checked), trial
            if move is None:
                break
            state.apply(move)
            turn_of.update((s, turn) for s in move.get("takes", ()))
            assert state.taken_at == [turn_of.get(s) for s in range(state.board.size)]


def test_the_quick_path_agrees_at_the_ends_of_hand_made_positions(kit):
    """The ends a take or two may bring (full colour, empty board, isolated
    marker), tried with every take or pair of takes from small positions."""
    t = kit.board.touches
    a = 0
    b = t[a][0]
    c = next(s for s in t[b] if s != a)
    red = kit.of("red")
    for left in ([a, b], [a, b, c], [a, c], [b, c], [b]):
        for held in (None, {0: {"red": 7 - sum(kit.layout[s] == "red" for s in left)}}, {0: {"red": 6}}):
            for marker in (None, *[s for s in t[b] if s not in left][:1], red[0]):
                for takes in [[x] for x in left] + [[x, y] for x in left for y in left]:
                    for option in "AB":
                        move = {"seat": 0, "option": option, "takes": takes}
                        quick = kit.position(kit.start(), set(left), marker, held)
                        checked = kit.position(kit.start(), set(left), marker, held)
                        said = _outcome(quick.apply, move), _outcome(checked._apply_checked, move)
                        assert said[0] == said[1], (left, held, marker, move, said)
                        assert _seen(quick) == _seen(checked), (left, held, marker, move)
