"""Every rule and ruling of Stixx on hand-made positions and logs."""

import random

import pytest
from stixxcli_games.stixx.state import EMPTY, FULL_COLOUR, ISOLATED

from stixxcli.check import check_log
from stixxcli.engine import drive
from stixxcli.errors import IllegalMove, RuleError
from stixxcli.params import check_log_rules
from stixxcli.replays import replay
from stixxcli.rules import resolve


def take(seat, *stixx, option="A"):
    return {"seat": seat, "option": option, "takes": list(stixx)}


def touching(kit, stixx, colour=None, avoid=()):
    return [
        t for t in kit.board.touches[stixx] if t not in avoid and (colour is None or kit.layout[t] == colour)
    ]


# Takes ------------------------------------------------------------------------


def test_first_take_anywhere_then_touching_the_marker(kit):
    state = kit.start()
    state.apply(take(0, 30))  # any stixx at all
    assert state.marker == 30 and not state.on_board[30]
    nxt = touching(kit, 30)[0]
    state.apply(take(1, nxt))
    assert state.marker == nxt
    assert state.held[1][kit.colours.index(kit.layout[nxt])] == 1
    assert state.takes == [(0, 30), (1, nxt)]
    assert state.seat == 2


def test_taker_keeps_any_colour(kit):
    state = kit.start(secret=["red", "blue", "green"])
    s = kit.of("purple")[0]
    state.apply(take(0, s))
    assert state.held[0][kit.colours.index("purple")] == 1
    assert state.result().scores == [0, 0, 0]


def test_option_b_reveals_and_takes_twice(kit):
    state = kit.start()
    one = 12
    two = touching(kit, one)[0]
    state.apply(take(0, one, two, option="B"))
    assert state.reveal_order == [0] and state.revealed_at[0] == 1
    assert state.marker == two and state.seat == 1
    assert state.colour_seen_by(0, 1) == kit.colours[0]
    with pytest.raises(IllegalMove, match="already revealed.*reveal_once"):
        state.seat = 0
        state.apply(take(0, touching(kit, two, avoid=(one,))[0], option="A") | {"option": "B"})


def test_second_take_touches_the_new_marker_place(kit):
    state = kit.start()
    one = 0
    far = next(s for s in range(42) if s not in kit.board.touches[one] and s != one)
    with pytest.raises(IllegalMove, match=f"take 2: stixx {far} does not touch the marker \\(on {one}\\)"):
        state.apply(take(0, one, far, option="B"))
    with pytest.raises(IllegalMove, match="already taken earlier this turn"):
        state.apply(take(0, one, one, option="B"))
    assert state.turns == 0 and state.on_board[one]  # a refused move changes nothing


def test_right_challenge_reveals_target_and_takes_twice(kit):
    state = kit.start(secret=["red", "blue", "green"])
    move = {
        "seat": 0,
        "option": "C",
        "target": 2,
        "colour": "green",
        "correct": True,
        "takes": [12, touching(kit, 12)[0]],
    }
    state.apply(move)
    assert state.revealed_at[2] == 1 and state.reveal_order == [2]
    assert state.seat == 1 and sum(map(sum, state.held)) == 2
    assert state.challenges == [(1, 0, 2, "green", True)]


def test_wrong_challenge_passes_the_turn_to_the_challenged_player(kit):
    state = kit.start(players=4, secret=["red", "blue", "green", "yellow"])
    state.apply({"seat": 0, "option": "C", "target": 2, "colour": "red", "correct": False})
    assert state.seat == 2  # Bob (seat 1) is skipped
    assert state.revealed_at == [None] * 4 and state.marker is None
    assert sum(map(sum, state.held)) == 0
    state.apply(take(2, 5))
    assert state.seat == 3  # clockwise from the challenged player
    state.apply(take(3, touching(kit, 5)[0]))
    assert state.seat == 0


def test_wrong_challenge_turn_in_a_log(kit):
    moves = [{"seat": 0, "option": "C", "target": 2, "colour": "red", "correct": False}, take(1, 5)]
    verdict = check_log(kit.log(moves, players=4, secret=["red", "blue", "green", "yellow"]))
    assert not verdict.valid and verdict.index == 1
    assert "wrong player" in verdict.error and "seat 2" in verdict.error


def test_options_from_turn_dutch_edition(kit):
    rules = resolve(kit.game, "dutch-edition").values
    assert rules["options_from_turn"] == 3
    state = kit.start(rules_=rules)
    turn = state.turn()
    first = next(turn)
    assert first.name == "take"  # turn 1: a plain take, no option to choose
    for typed in ("B", "c 1 red"):  # an option typed too soon is told why, not only what to type
        with pytest.raises(
            ValueError, match="options B and C start at turn 3 .options_from_turn.: take one stixx"
        ):
            first.parse(typed)
    with pytest.raises(StopIteration) as stop:
        turn.send(7)
    assert stop.value.value == take(0, 7)
    with pytest.raises(IllegalMove, match="turn 1 may only take one stixx.*options_from_turn"):
        state.apply(take(0, 7, touching(kit, 7)[0], option="B"))
    state.apply(take(0, 7))
    with pytest.raises(IllegalMove, match="turn 2 may only"):
        state.apply(
            {
                "seat": 1,
                "option": "C",
                "target": 0,
                "colour": "red",
                "correct": True,
                "takes": [touching(kit, 7)[0]],
            }
        )
    state.apply(take(1, touching(kit, 7)[0]))
    assert next(state.turn()).name == "option"  # turn 3: A, B or C


def test_standard_options_from_the_first_turn(kit):
    state = kit.start()
    choice = next(state.turn())
    assert choice.name == "option"
    assert {"option": "B"} in choice.options
    assert {"option": "C", "target": 1, "colour": "purple"} in choice.options
    assert not any(o.get("target") == 0 for o in choice.options)  # not yourself
    assert sum(1 for o in choice.options if o["option"] == "A") == 42


# The end ------------------------------------------------------------------------


def test_end_when_a_player_holds_all_of_their_colour(kit):
    state = kit.start(secret=["red", "blue", "green"])
    last = kit.of("red")[0]
    kit.position(
        state,
        on_board=set(range(42)) - set(kit.of("red")[1:]),
        marker=touching(kit, last)[0],
        held={0: {"red": 6}},
    )
    state.on_board[state.marker] = False
    state.apply(take(0, last))
    assert state.over and state.end == FULL_COLOUR and state.seat is None
    assert state.result().scores[0] == 7


def test_full_colour_may_be_switched_off(kit):
    state = kit.start(secret=["red", "blue", "green"], rules_=kit.rules(end_on_full_colour=False))
    last = kit.of("red")[0]
    kit.position(state, on_board=set(range(42)), marker=touching(kit, last)[0], held={0: {"red": 6}})
    state.on_board[state.marker] = False
    state.apply(take(0, last))
    assert not state.over


def test_end_when_the_marker_is_isolated(kit):
    state = kit.start()
    stixx = 0
    far = next(s for s in range(42) if s not in kit.board.touches[stixx] and s != stixx)
    marker = touching(kit, stixx)[0]
    kit.position(state, on_board={stixx, far}, marker=marker)
    state.apply(take(state.seat, stixx))
    assert state.over and state.end == ISOLATED and state.on_board[far]


def test_end_when_the_board_is_empty(kit):
    state = kit.start()
    kit.position(state, on_board={3}, marker=touching(kit, 3)[0])
    state.apply(take(state.seat, 3))
    assert state.over and state.end == EMPTY and state.left == 0


def test_end_between_the_two_takes_of_b(kit):
    state = kit.start()
    first, far = 0, 41
    kit.position(state, on_board={first, far}, marker=touching(kit, first)[0])
    seat = state.seat
    with pytest.raises(
        IllegalMove,
        match="the game ended after take 1 \\(the marker touches no stixx\\), so there is no second take",
    ):
        state.apply(take(seat, first, far, option="B"))
    # The turn generator stops after the first take too.
    turn = state.turn()
    assert next(turn).name == "option"
    assert turn.send({"option": "B"}).name == "take"
    with pytest.raises(StopIteration) as stop:
        turn.send(first)
    assert stop.value.value == take(seat, first, option="B")
    state.apply(stop.value.value)
    assert state.over and state.revealed_at[seat] == state.turns


def test_end_between_the_two_takes_of_a_right_challenge(kit):
    state = kit.start(secret=["red", "blue", "green"])
    last = kit.of("red")[0]
    kit.position(state, on_board=set(range(42)), marker=touching(kit, last)[0], held={0: {"red": 6}})
    state.seat = 0
    state.on_board[state.marker] = False
    move = {"seat": 0, "option": "C", "target": 1, "colour": "blue", "correct": True, "takes": [last]}
    state.apply(move)
    assert state.over and state.end == FULL_COLOUR


def test_b_with_one_take_when_the_game_goes_on(kit):
    state = kit.start()
    with pytest.raises(IllegalMove, match="takes two stixx in sequence.*did not end after it"):
        state.apply(take(0, 5, option="B"))


# The result ------------------------------------------------------------------------


def standing(kit, players, held, revealed=(), secret=None, over=True):
    state = kit.start(players=players, secret=secret)
    for seat, counts in held.items():
        for colour, n in counts.items():
            state.held[seat][kit.colours.index(colour)] = n
    for turn, seat in enumerate(revealed, start=1):
        state._reveal(seat, turn, {"how": "B"})
    state.over = over
    return state.result()


def test_score_is_own_colour_held(kit):
    result = standing(kit, 3, {0: {"red": 3, "blue": 4}, 1: {"orange": 4}, 2: {"yellow": 1}})
    assert result.scores == [3, 4, 1]
    assert result.places == [2, 1, 3]
    assert result.breakdown[0]["held"] == {"red": 3, "blue": 4}
    assert result.breakdown[0]["colour"] == "red"


def test_tie_break_most_of_another_colour(kit):
    result = standing(
        kit,
        3,
        {0: {"red": 3, "blue": 2, "green": 1}, 1: {"orange": 3, "green": 3}, 2: {"yellow": 3, "blue": 2}},
    )
    assert result.scores == [3, 3, 3]
    assert result.places == [2, 1, 2]  # seats 0 and 2: 2 of another colour; go to the reveals
    assert result.breakdown[1]["most_of_another"] == 3


def test_tie_break_revealed_last_wins(kit):
    held = {0: {"red": 3, "blue": 2}, 1: {"orange": 3, "blue": 2}, 2: {"yellow": 3, "purple": 2}}
    result = standing(kit, 3, held, revealed=[1, 0, 2])
    assert result.places == [2, 3, 1]
    assert result.breakdown[2]["revealed"] == "turn 3 (3rd)"
    assert result.breakdown[2]["revealed_by"] == "option B"
    assert result.breakdown[2]["reveal"] == {"turn": 3, "order": 3, "how": "B"}
    assert [b["decided_by"] for b in result.breakdown] == ["revealed last"] * 3


def test_hidden_colours_count_as_revealed_after_all_revealed_in_play(kit):
    held = {0: {"red": 3, "blue": 2}, 1: {"orange": 3, "blue": 2}, 2: {"yellow": 3, "purple": 2}}
    result = standing(kit, 3, held, revealed=[2])
    # Seats 0 and 1 are still hidden: revealed together at the end, after seat 2; tied between them.
    assert result.places == [1, 1, 3]
    assert result.breakdown[0]["revealed"] == "at the end"
    assert [b["decided_by"] for b in result.breakdown] == ["shared", "shared", "revealed last"]
    # The same standing before the end: their colours are hidden, not yet revealed.
    assert standing(kit, 3, held, revealed=[2], over=False).breakdown[0]["revealed"] == "hidden"


def test_still_tied_share_the_place(kit):
    held = {0: {"red": 2, "green": 1}, 1: {"orange": 2, "green": 1}, 2: {"yellow": 1}}
    result = standing(kit, 3, held)
    assert result.places == [1, 1, 3]
    assert result.to_json()["winners"] == [0, 1]


def test_neutral_colours_are_other_colours(kit):
    # Two players: four colours are neutral; they still count for the first tie-break.
    result = standing(kit, 2, {0: {"red": 2, "purple": 3}, 1: {"orange": 2, "green": 2}})
    assert result.places == [1, 2]


def test_result_after_replay_equals_recorded(kit):
    from stixxcli.table import play_bots

    log = play_bots("stixx", ["reasoning", "random", "reasoning"], 11)
    *_, last = replay(log)
    assert last.state.result().to_json() == log["result"]


# Rule parameters ----------------------------------------------------------------


def test_rule_files_and_parameters(kit):
    standard = resolve(kit.game, "standard").values
    assert standard == {
        "board_radius": 2,
        "colours": kit.colours,
        "stixx_per_colour": 7,
        "centre_star_all_colours": True,
        "reveal_once": True,
        "challenge_revealed": False,
        "options_from_turn": 1,
        "end_on_full_colour": True,
    }
    assert kit.game.player_counts(standard) == range(2, 7)
    dutch = resolve(kit.game, "dutch-edition")
    assert dutch.values == {**standard, "options_from_turn": 3}


@pytest.mark.parametrize(
    "change, reason",
    [
        ({"stixx_per_colour": 6}, "must equal the 42 stixx"),
        ({"colours": ["red", "red", "yellow", "green", "blue", "purple"]}, "must all differ"),
        # typed at the prompt in any case: Red would always be read as red
        ({"colours": ["red", "Red", "yellow", "green", "blue", "purple"]}, "'red' and 'Red'.*typed"),
        ({"colours": ["red", "light blue", "yellow", "green", "blue", "purple"]}, "one word"),
        # c1 on stixx 12 and c11 on stixx 2 would both be drawn c112
        (
            {
                "colours": [f"c{i}" for i in range(14)],
                "stixx_per_colour": 3,
                "centre_star_all_colours": False,
            },
            "'c0' must hold no digit",
        ),
        ({"colours": ["red", "blue", "green"], "stixx_per_colour": 14}, "exactly 6 colours"),
    ],
)
def test_contradicting_rules_are_refused(kit, change, reason):
    with pytest.raises(RuleError, match=reason):
        check_log_rules(kit.game, kit.rules(**change))


def test_three_colours_without_star(kit):
    rules = kit.rules(colours=["red", "blue", "green"], stixx_per_colour=14, centre_star_all_colours=False)
    check_log_rules(kit.game, rules)
    assert kit.game.player_counts(rules) == range(2, 4)
    setup = drive(kit.game.setup(rules, ["A", "B", "C"]), lambda ask: ask.draw(random.Random(1)), None)
    state = kit.game.start(rules, ["A", "B", "C"], setup)
    assert state.warnings  # three colours on this board cannot avoid touching


def test_challenge_revealed_variant(kit):
    rules = kit.rules(challenge_revealed=True, reveal_once=False)
    state = kit.start(rules_=rules)
    one = 12
    two = touching(kit, one)[0]
    state.apply(take(0, one, two, option="B"))
    three = touching(kit, two, avoid=(one,))[0]
    four = touching(kit, three, avoid=(one, two))[0]
    state.apply(
        {"seat": 1, "option": "C", "target": 0, "colour": "red", "correct": True, "takes": [three, four]}
    )
    assert state.reveal_order == [0]  # revealed once, at turn 1
    five = touching(kit, four, avoid=(one, two, three))[0]
    six = touching(kit, five, avoid=(one, two, three, four))[0]
    state.apply(take(2, five))
    state.apply(take(0, six, touching(kit, six, avoid=(one, two, three, four, five))[0], option="B"))
    assert state.revealed_at[0] == 1
