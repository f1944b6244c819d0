"""Every rule and ruling of a Sixto turn, and every refusal, on hand-made logs."""

import random

import pytest
from sixto_logs import COLOURS, game, make_log, play, roll, turn

from stixxcli.check import check_log
from stixxcli.engine import open_game
from stixxcli.replays import replay


def verdict_of(moves, **kwargs):
    return check_log(make_log(moves, **kwargs))


def refused(moves, index, *words, **kwargs):
    verdict = verdict_of(moves, **kwargs)
    assert not verdict.valid
    assert verdict.index == index, verdict.line()
    for word in words:
        assert word in verdict.error, verdict.error
    return verdict


def final_state(moves, **kwargs):
    *_, last = replay(make_log(moves, **kwargs))
    return last.state


def ada_reaches_four_in(colours):
    """Four turns in which Ada (sheet A) crosses boxes 1-4 of the given rows."""
    return [turn(k % 2, roll(k + 1), " ".join(f"{c}{k + 1}" for c in colours), "") for k in range(4)]


# Legal play -----------------------------------------------------------------


def test_everyone_uses_the_active_players_roll():
    moves = [
        turn(0, roll(1, 2, 3, 4, 5, 6), "red1 yellow2 green3", "orange1"),
        turn(1, roll(6), "red6", "red1 yellow1"),
    ]
    state = final_state(moves)
    assert state.crossed[0][0][:6] == [True, False, False, False, False, True]
    assert state.crossed[1][5][0] and state.crossed[1][0][0] and state.crossed[1][1][0]
    assert state.seat == 0 and state.turns == 2 and not state.over
    assert verdict_of(moves).valid


def test_nobody_has_to_cross():
    state = final_state([turn(0, roll(1), "", ""), turn(1, roll(2), "", "")])
    assert state.result().to_json()["scores"] == [0, 0]


def test_skipped_boxes_are_lost():
    state = final_state([turn(0, roll(5), "red5", "")])
    assert state.lost(0, 0) == [0, 1, 2, 3]
    assert state.view()["players"][0]["rows"][0]["lost"] == [1, 2, 3, 4]


def test_the_last_roll_counts_after_a_reroll():
    moves = [turn(0, [roll(1), roll(2)], "red2", "")]
    assert verdict_of(moves).valid
    refused([turn(0, [roll(1), roll(2)], "red1", "")], 0, "box 1 of red shows 1, but the red die shows 2")


def test_target_box_after_four_crosses():
    moves = ada_reaches_four_in(["red"]) + [turn(0, roll(4), "red10", "")]
    state = final_state(moves)
    assert state.target_count[0][0] == 1 and state.count[0][0] == 5


# Closing colours and the end -----------------------------------------------------


def closing_red():
    """Ada crosses red 1-4, then target boxes 10 and 11: red closes at the end of turn 6,
    in which Bo still crosses red box 2 (it shows 5 on sheet B)."""
    return ada_reaches_four_in(["red"]) + [turn(0, roll(4), "red10", ""), turn(1, roll(5), "red11", "red2")]


def test_a_colour_closes_at_the_end_of_the_turn_for_everyone():
    state = final_state(closing_red())
    assert state.closed == {0: 6}
    assert state.crossed[1][0][1]  # Bo's cross in the closing turn stands
    assert state.dice() == COLOURS[1:]
    assert not state.over


def test_the_removed_die_is_not_rolled():
    moves = closing_red() + [turn(0, roll(3), "", "")]
    refused(moves, 6, "the red die left the game", "closed at the end of turn 6")
    assert verdict_of(closing_red() + [turn(0, roll(3, dice=COLOURS[1:]), "", "")]).valid


def test_no_cross_in_a_closed_colour():
    moves = closing_red() + [turn(0, roll(3, dice=COLOURS[1:]), "", "red4")]
    refused(moves, 6, "Bo (seat 1)", "red closed at the end of turn 6", "no one may cross in it")


def test_game_ends_after_the_turn_the_third_die_leaves():
    # Ada closes red and yellow in turn 6, green in turn 8.
    moves = ada_reaches_four_in(["red", "yellow", "green"])
    moves += [
        turn(0, roll(4), "red10 yellow10 green10", ""),
        turn(1, roll(5), "red11 yellow11", ""),
        turn(0, roll(6, dice=COLOURS[2:]), "", ""),
        turn(1, roll(5, dice=COLOURS[2:]), "green11", ""),
    ]
    state = final_state(moves[:7])
    assert len(state.closed) == 2 and not state.over
    verdict = verdict_of(moves, finished=True)
    assert verdict.valid, verdict.line()
    state = final_state(moves)
    assert state.over and state.seat is None and "3 dice have left" in state.end
    # moves after the end
    refused(moves + [turn(0, roll(1, dice=COLOURS[3:]), "", "")], 8, "already over")


def test_one_die_gone_ends_the_game_with_end_after_removed_dice_1():
    # A house rule: the first die that leaves ends the game (and the end says "die", not "dice").
    moves = ada_reaches_four_in(["red"]) + [turn(0, roll(4), "red10", ""), turn(1, roll(5), "red11", "")]
    state = final_state(moves, end_after_removed_dice=1)
    assert state.over and len(state.closed) == 1, state.end
    assert state.end == "1 die has left the game (end_after_removed_dice: 1)"


def test_a_game_declared_over_too_early():
    moves = closing_red()
    verdict = verdict_of(moves, finished=True)
    assert not verdict.valid and "the log says the game is over" in verdict.error


def test_an_unfinished_game_that_has_ended():
    verdict = verdict_of([turn(0, roll(3), "red9 yellow9 green9 blue9 purple9 orange9", "")])
    assert not verdict.valid and '"finished": false' in verdict.error


def test_game_ends_when_a_player_can_no_longer_cross():
    # Box 9 shows 3 on sheet A: with one cross per row, only target boxes are left.
    moves = [turn(0, roll(3), "red9 yellow9 green9 blue9 purple9 orange9", "")]
    state = final_state(moves)
    assert state.over and "Ada can no longer cross any box" in state.end
    assert verdict_of(moves, finished=True).valid


def test_a_player_with_crossable_boxes_left_is_not_stuck():
    moves = [turn(0, roll(3), "red9 yellow9 green9 blue9 purple9", "")]
    assert not final_state(moves).over


def test_a_finished_row_counts_as_blocked():
    state = final_state(ada_reaches_four_in(["red"]))
    state.rightmost[0] = [11, 11, 11, 11, 11, 7]
    assert not state.stuck(0)
    state.rightmost[0][5] = 11
    assert state.stuck(0)


def test_solo_game_ends_when_two_usable_dice_are_declined():
    # docs/games/sixto.md, The end (the revised ruling): a declined die counts
    # only when its row had a box showing its number that could be crossed.
    solo = dict(players=1, solo_unused_dice_end=2, variant="solo")
    one_declined = [turn(0, roll(1), "red1 yellow1 green1 blue1 purple1")]
    state = final_state(one_declined, **solo)
    assert not state.over and state.seat == 0
    two_declined = one_declined + [turn(0, roll(2), "red2 yellow2 green2 blue2")]
    state = final_state(two_declined, **solo)
    assert state.over and "declined 2 dice they could have used" in state.end
    assert verdict_of(two_declined, finished=True, **solo).valid
    refused(two_declined + [turn(0, roll(3), "")], 2, "the game is already over", **solo)


def unusable_red():
    """Ada crosses red box 9 (it shows 3), so red holds one cross and only its
    target boxes are left: no red die can be used until the end. Then a roll
    of 1s: she crosses box 7 in four rows and declines yellow (usable) and red
    (unusable)."""
    return [
        turn(0, roll(3), "red9 yellow3 green3 blue3 purple3 orange3"),
        turn(0, roll(1), "green7 blue7 purple7 orange7"),
    ]


def test_a_die_with_no_box_to_cross_is_not_declined():
    solo = dict(players=1, solo_unused_dice_end=2, variant="solo")
    state = final_state(unusable_red(), **solo)
    assert state.usable_dice(0, roll(1)) == 1  # only yellow (box 7 shows 1) is left to use
    assert not state.over and state.turns == 2
    assert verdict_of(unusable_red(), **solo).valid
    assert not verdict_of(unusable_red(), finished=True, **solo).valid


def test_solo_strict_counts_every_unused_die():
    strict = dict(players=1, solo_unused_dice_end=2, solo_count_unusable_dice=True, variant="solo-strict")
    state = final_state(unusable_red(), **strict)
    assert state.over and "left 2 rolled dice unused" in state.end
    assert verdict_of(unusable_red(), finished=True, **strict).valid


def test_a_solo_end_of_one_die_says_die():
    # solo_unused_dice_end: 1 in a house variant: "1 die", never "1 dice".
    one = dict(players=1, solo_unused_dice_end=1, variant="solo-1")
    state = final_state([turn(0, roll(1), "red1 yellow1 green1 blue1 purple1")], **one)
    assert state.over and "declined 1 die they could have used" in state.end, state.end
    strict = dict(one, solo_count_unusable_dice=True)
    state = final_state([turn(0, roll(1), "red1 yellow1 green1 blue1 purple1")], **strict)
    assert state.over and "left 1 rolled die unused" in state.end, state.end


def test_solo_rules_files():
    from stixxcli.rules import resolve

    solo, strict = (resolve(game(), name).values for name in ("solo", "solo-strict"))
    assert solo["solo_unused_dice_end"] == 2 and solo["solo_count_unusable_dice"] is False
    assert strict["solo_unused_dice_end"] == 2 and strict["solo_count_unusable_dice"] is True
    assert game().player_counts(strict) == range(1, 2)


def test_a_solo_log_from_before_the_ruling_checks_with_the_default(tmp_path):
    # Written when the literal reading was the only one; its rules do not name
    # solo_count_unusable_dice, so it is checked with the default (false) and
    # its end after 4 turns, with usable dice not declined, is no end.
    import json
    from pathlib import Path

    old = json.loads((Path(__file__).parent / "solo-literal-ruling.json").read_text())
    assert "solo_count_unusable_dice" not in old["rules"]
    verdict = check_log(old)
    assert not verdict.valid
    assert "the log says the game is over, but after its 4 moves it is not" in verdict.error


def test_solo_declined_dice_are_counted_at_the_final_roll_of_the_turn():
    # RULINGS, Sixto solo end: a die counts when its row had a box showing its
    # number "at the final roll of the turn", not at the roll before a re-roll.
    # Turn 1 leaves red, yellow and green with target boxes only (1 cross each)
    # and blue, purple and orange with boxes 8 (2) and 9 (3) to cross.
    solo = dict(players=1, solo_unused_dice_end=2, variant="solo")
    start = [turn(0, roll(3, 3, 3, 1, 1, 1), "red9 yellow9 green9 blue7 purple7 orange7")]
    # 2s: three usable dice, all declined; re-rolled to 5s: none usable.
    state = final_state(start + [turn(0, [roll(2), roll(5)], "")], **solo)
    assert not state.over and state.turns == 2, state.end
    # 5s re-rolled to 2s: the three usable dice of the final roll are declined.
    state = final_state(start + [turn(0, [roll(5), roll(2)], "")], **solo)
    assert state.over and "declined 3 dice they could have used" in state.end, state.end
    # Two of them used, one declined: no end.
    state = final_state(start + [turn(0, [roll(5), roll(2)], "blue8 purple8")], **solo)
    assert not state.over


def test_a_player_who_is_not_active_can_end_the_game_by_being_stuck():
    # RULINGS, Sixto end: after the turn in which *some* player can no longer
    # cross any box. Box 9 of sheet B shows 4: Bo, not the active player, is
    # left with target boxes only in every row.
    moves = [turn(0, roll(4), "", "red9 yellow9 green9 blue9 purple9 orange9")]
    state = final_state(moves)
    assert state.over and state.end == "Bo can no longer cross any box"
    assert verdict_of(moves, finished=True).valid


def test_solo_end_is_off_in_the_standard_rules():
    state = final_state([turn(0, roll(2), "")], players=1)
    assert not state.over


# Refusals ------------------------------------------------------------------------


def test_die_value_must_be_one_to_six():
    # The move's shape (move_schema) is checked by the core before the rules.
    for bad, words in [
        (7, "must be at most 6, not 7"),
        (0, "must be at least 1, not 0"),
        (-1, "must be at least 1"),
        (10**30, "must be at most 6"),
        (True, "must be a whole number, not true/false"),
        ("3", "must be a whole number, not text"),
        (2.5, "must be a whole number, not a number"),
        (None, "must be a whole number, not empty"),
    ]:
        r = roll(1)
        r["green"] = bad
        refused([turn(0, r, "", "")], 0, "'rolls'[0]['green']", words)


def test_roll_for_an_unknown_or_missing_die():
    r = roll(1)
    r["pink"] = 3
    refused([turn(0, r, "", "")], 0, "'rolls'[0] must hold at most 6 entries")
    del r["red"]
    refused([turn(0, r, "", "")], 0, "there is no 'pink' die")
    r = roll(1)
    del r["blue"]
    refused([turn(0, r, "", "")], 0, "no value for the blue die")
    refused([turn(0, [roll(1), {}], "", "")], 0, "'rolls'[1] must hold at least 1 entries")


def test_a_second_reroll():
    refused([turn(0, [roll(1), roll(2), roll(3)], "", "")], 0, "3 rolls", "re-roll only once", "rerolls: 1")
    refused([turn(0, [roll(1), roll(2)], "", "")], 0, "no re-roll", rerolls=0)
    assert verdict_of([turn(0, [roll(1), roll(2), roll(3)], "", "")], rerolls=2).valid


def test_no_roll():
    refused([{"seat": 0, "rolls": [], "crosses": [[], []]}], 0, "'rolls' must hold at least 1 item, not 0")


def test_cross_whose_box_does_not_show_the_die():
    refused(
        [turn(0, roll(1, 2, 3, 4, 5, 6), "", "red3")],
        0,
        "Bo (seat 1)",
        "box 3 of red shows 4, but the red die shows 1",
    )


def test_box_left_of_an_earlier_cross():
    moves = [turn(0, roll(5), "red5", ""), turn(1, roll(2), "red2", "")]
    refused(moves, 1, "Ada (seat 0)", "box 2 of red lies left of the cross in box 5", "left to right")
    moves = [turn(0, roll(5), "red5", ""), turn(1, roll(5), "red5", "")]
    refused(moves, 1, "box 5 of red is already crossed")


def test_two_crosses_with_one_die():
    refused([turn(0, roll(1), "red1 red7", "")], 0, "uses the red die twice", "at most one box per player")


def test_target_box_too_early():
    moves = ada_reaches_four_in(["red"])[:3] + [turn(1, roll(4), "red10", "")]
    refused(moves, 3, "box 10 of red is in the target area", "holds only 3 crosses", "4 needed")


def test_box_outside_the_row():
    refused([turn(0, roll(1), "red13", "")], 0, "red has boxes 1 to 12, not 13")
    refused([turn(0, roll(1), "red0", "")], 0, "not 0")
    refused([{"seat": 0, "rolls": [roll(1)], "crosses": [[["red", -4]], []]}], 0, "not -4")


def test_malformed_moves_are_refused_with_a_reason():
    good = turn(0, roll(1), "red1", "")
    cases = [
        ({**good, "crosses": [[["red", 1]]]}, "one list per seat (2), not 1"),
        ({**good, "crosses": [{"red": 1}, []]}, "'crosses'[0] must be a list, not a JSON object"),
        ({**good, "crosses": [[["red"]], []]}, "'crosses'[0][0] must hold at least 2 items, not 1"),
        ({**good, "crosses": [[["red", True]], []]}, "'crosses'[0][0][1] must be a whole number"),
        ({**good, "crosses": [[["red", "1"]], []]}, "'crosses'[0][0][1] must be a whole number, not text"),
        ({**good, "crosses": [[["red", 0]], []]}, "'crosses'[0][0][1] must be at least 1, not 0"),
        ({**good, "crosses": [[[1, 1]], []]}, "'crosses'[0][0][0] must be text"),
        ({**good, "crosses": [[["pink", 1]], []]}, "no colour 'pink'"),
        ({**good, "crosses": "red1"}, "'crosses' must be a list"),
        ({**good, "rolls": roll(1)}, "'rolls' must be a list"),
        ({**good, "rolls": [[1, 2, 3, 4, 5, 6]]}, "'rolls'[0] must be a JSON object, not a list"),
        ({**good, "seat": False}, "'seat' must be a whole number"),
        ({**good, "dice": 3}, "unknown key 'dice'"),
        ({"seat": 0, "crosses": [[], []]}, "has no 'rolls'"),
        ({"seat": 0, "rolls": [roll(1)]}, "has no 'crosses'"),
    ]
    for move, words in cases:
        refused([move], 0, words)


def test_wrong_player():
    refused([turn(1, roll(1), "", "")], 0, "wrong player")


def test_a_refused_move_leaves_the_state_unchanged():
    game, state = open_game(make_log([]))
    with pytest.raises(Exception):
        state.apply(turn(0, roll(1), "red1", "red9"))
    assert not any(state.crossed[0][0]) and state.turns == 0 and state.seat == 0


# Setup ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "setup, words",
    [
        ({"sheets": ["A", "A"]}, "the setup: 'sheets' holds 'A' twice"),
        ({"sheets": ["A", "Z"]}, "no sheet 'Z'"),
        ({"sheets": ["A"]}, "deals 1 sheets to 2 players"),
        ({"sheets": ["A", 1]}, "'sheets'[1] must be text"),
        ({"sheets": ["A", ""]}, "'sheets'[1] must be at least 1 characters long"),
        ({"sheets": "A B"}, "'sheets' must be a list"),
        ({"sheets": ["A", "B"], "first": 1}, "unknown key 'first'"),
        ({"sheets": ["A", [[1] * 12] * 5]}, "'sheets'[1] must hold at least 6 items, not 5"),
        ({"sheets": ["A", [[1] * 12] * 5 + [[1] * 12 + [7]]]}, "'sheets'[1][5][12] must be at most 6, not 7"),
        (
            {"sheets": ["A", [[1] * 12] * 5 + [[1] * 11]]},
            "row 6 (orange) of the typed-in sheet holds 11 numbers",
        ),
        ({"sheets": ["A", [[1, 2, 3, 4, 5, 6] * 2] * 6]}, "seats 0 and 1 have the same sheet"),
        ([], "must be a JSON object"),
    ],
)
def test_bad_setups(setup, words):
    verdict = verdict_of([], setup=setup)
    assert not verdict.valid and verdict.index is None and words in verdict.error


def test_malformed_input_never_breaks_the_plugin():
    junk = [None, True, -1, 0, 7, 10**40, 2.5, "x", "", [], {}, [[]], ["red", 1], {"red": 1}]
    log = play(["random", "random", "random"], 11)
    rng = random.Random(5)
    refusals = 0
    for _ in range(400):
        broken = make_log([], players=3)
        broken["rules"], broken["rules_digest"], broken["setup"] = (
            log["rules"],
            log["rules_digest"],
            log["setup"],
        )
        broken["moves"] = [
            dict(m, rolls=[dict(r) for r in m["rolls"]], crosses=[[list(c) for c in s] for s in m["crosses"]])
            for m in log["moves"]
        ]
        move = rng.choice(broken["moves"])
        where = rng.choice(["seat", "rolls", "roll", "roll value", "crosses", "seat crosses", "cross", "box"])
        value = rng.choice(junk)
        if where == "roll":
            move["rolls"][0] = value
        elif where == "roll value":
            move["rolls"][-1][rng.choice(list(move["rolls"][-1]))] = value
        elif where == "seat crosses":
            move["crosses"][rng.randrange(3)] = value
        elif where == "cross" and any(move["crosses"]):
            marks = next(s for s in move["crosses"] if s)
            marks[0] = value
        elif where == "box" and any(move["crosses"]):
            marks = next(s for s in move["crosses"] if s)
            marks[0][1] = value
        else:
            move[where if where in move else "seat"] = value
        verdict = check_log(broken)
        assert "plugin failed" not in (verdict.error or ""), verdict.line()
        refusals += not verdict.valid
    assert refusals > 300


def test_target_box_after_one_cross_says_one_cross():
    moves = ada_reaches_four_in(["red"])[:1] + [turn(1, roll(4), "red10", "")]
    refused(moves, 1, "but the row holds only 1 cross (4 needed")
