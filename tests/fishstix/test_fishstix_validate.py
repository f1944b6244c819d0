"""Validation: hand-made logs with one wrong move each, malformed moves and
setups, and the JSON schemas. The first illegal move is named with a reason."""

import copy

import jsonschema
import pytest
from fishstix_helpers import FILLER, game, log_of, rules_with_deck

from stixxcli.check import check_log
from stixxcli.table import play_bots

START = "blue> green> school> orange>"
MINE = "blue> green> pink> <purple"  # scores blue 2, green 2 at column 1, row 0
THEIRS = "green> <pink <orange purple>"  # seat 1's
OTHER = "<green <green <green <green"
SETUP = {
    "start": START,
    "hands": [
        [MINE, OTHER, "<blue <blue <blue <blue"],
        [THEIRS, "green> green> green> green>", "blue> blue> blue> blue>"],
    ],
}
RULES = rules_with_deck([START] + SETUP["hands"][0] + SETUP["hands"][1] + FILLER)
FIRST = {
    "seat": 0,
    "stick": MINE,
    "turned": False,
    "column": 1,
    "row": 0,
    "points": {"blue": 2, "green": 2},
    "draw": "<orange <orange <orange <orange",
}
SECOND = {
    "seat": 1,
    "stick": THEIRS,
    "turned": False,
    "column": 2,
    "row": 1,
    "points": {"green": 3},
    "draw": "<pink <pink <pink <pink",
}


def verdict_of(moves, setup=SETUP, rules=RULES, **kw):
    return check_log(log_of(rules, setup, moves, **kw))


def refused(moves, index, *reason_parts, **kw):
    verdict = verdict_of(moves, **kw)
    assert not verdict.valid
    assert verdict.index == index, verdict.line()
    for part in reason_parts:
        assert part in verdict.error, verdict.error
    assert "plugin" not in verdict.error  # a reason, never a crash
    return verdict


def test_the_hand_made_log_is_valid():
    verdict = verdict_of([FIRST, SECOND])
    assert verdict.valid, verdict.line()
    assert verdict.result["scores"] == [4, 3]


def test_a_stick_not_in_the_players_hand():
    verdict = refused([dict(FIRST, stick=THEIRS, column=-1, points={})], 0, "p0 has no", "in hand")
    assert verdict.seat == 0 and verdict.player == "p0"
    # A stick of the deck that nobody holds, and one played twice.
    refused([dict(FIRST, stick=FILLER[0], points={})], 0, "has no 'school> school> school> school>' in hand")
    again = dict(FIRST, seat=0, column=-1, row=0, points={}, draw="<pink <pink <pink <pink")
    refused([FIRST, SECOND, again], 2, f"p0 has no '{MINE}' in hand")


def test_a_stick_not_in_the_deck_or_written_turned_round():
    refused([dict(FIRST, stick="blue> blue> blue> <nemo")], 0, "'<nemo' is not one of the kinds")
    refused([dict(FIRST, stick="purple> <pink <green <blue")], 0, "written turned round", f"{MINE!r}")
    refused([dict(FIRST, stick="blue>  green> pink> <purple")], 0, "must be written like")


def test_a_stick_written_turned_round_is_told_how_to_write_it():
    # The deck's writing gives the same fish with the other "turned"; a draw
    # or a dealt stick has no way up to say.
    turned_mine = "purple> <pink <green <blue"
    refused([dict(FIRST, stick=turned_mine)], 0, f"the deck writes it {MINE!r}", '"turned": true')
    verdict = refused([dict(FIRST, stick=turned_mine, turned=True)], 0, '"turned": false')
    assert '"turned": true' not in verdict.error
    verdict = refused([dict(FIRST, draw="<purple orange> pink> <green")], 0, "draw:", f"{THEIRS!r}")
    assert "a log writes every stick as the deck does" in verdict.error and '"turned"' not in verdict.error
    for setup in (
        {**SETUP, "start": "<orange <school <green <blue"},
        {**SETUP, "hands": [[turned_mine, *SETUP["hands"][0][1:]], SETUP["hands"][1]]},
    ):
        verdict = verdict_of([FIRST], setup=setup)
        assert "written turned round" in verdict.error and '"turned"' not in verdict.error, verdict.error


def test_an_occupied_cell():
    refused([dict(FIRST, column=0, row=2, points={})], 0, "column 0, row 2 already holds a fish (school>)")
    refused([FIRST, dict(SECOND, column=1, row=3)], 1, "column 1, row 3 already holds a fish")


def test_a_placement_with_no_horizontal_neighbour():
    refused([dict(FIRST, column=2, row=0, points={})], 0, "directly left or right")
    refused([dict(FIRST, column=1, row=4, points={})], 0, "directly left or right")
    refused([dict(FIRST, column=10**30, row=-(10**30), points={})], 0, "directly left or right")


def test_the_wrong_player():
    refused([dict(FIRST, seat=1)], 0, "wrong player", "p0's turn")
    refused([FIRST, dict(SECOND, seat=0)], 1, "wrong player", "p1's turn")


def test_moves_after_the_end():
    # Two kinds and target_points 2: the first stick fills both tracks.
    start = "blue> green> blue> green>"
    hands = [
        ["blue> green> <blue <blue", "<green <green <green <green", "<blue <blue <blue <blue"],
        ["green> <blue <blue <blue", "<green <blue <green <blue", "blue> <green <green <green"],
    ]
    pile = ["<blue <blue <green <green", "<green <green <blue <blue"]
    rules = rules_with_deck([start] + hands[0] + hands[1] + pile, kinds=["blue", "green"], target_points=2)
    setup = {"start": start, "hands": hands}
    win = {
        "seat": 0,
        "stick": hands[0][0],
        "turned": False,
        "column": 1,
        "row": 0,
        "points": {"blue": 2, "green": 2},
        "draw": None,
    }
    assert verdict_of([win], setup=setup, rules=rules, finished=True).valid
    after = {
        "seat": 1,
        "stick": hands[1][0],
        "turned": False,
        "column": -1,
        "row": 0,
        "points": {},
        "draw": pile[0],
    }
    refused([win, after], 1, "the game is already over", setup=setup, rules=rules, finished=True)
    # The log must also say how it stands.
    verdict = verdict_of([win], setup=setup, rules=rules, finished=False)
    assert not verdict.valid and "finished" in verdict.error


def test_a_recorded_score_that_differs():
    refused([dict(FIRST, points={"blue": 2})], 0, "records blue 2, but the stick scores blue 2, green 2")
    refused(
        [dict(FIRST, points={"blue": 2, "green": 2, "pink": 2})], 0, "but the stick scores blue 2, green 2"
    )
    refused([dict(FIRST, points={})], 0, "records no points, but the stick scores blue 2, green 2")
    refused([dict(FIRST, points={"blue": 10, "green": 2})], 0, "records blue 10, green 2")


def test_draws_checked_against_the_pile():
    refused([dict(FIRST, draw=None)], 0, '"draw" is null, but the pile still holds 6 stick(s)')
    refused([dict(FIRST, draw=THEIRS)], 0, "no such stick is left in the pile")
    refused([dict(FIRST, draw="blue> blue> blue> <nemo")], 0, "draw:", "not one of the kinds")
    # The pile holds one of each filler: the same one cannot be drawn twice.
    twice = dict(SECOND, draw=FIRST["draw"])
    refused([FIRST, twice], 1, f"drew {FIRST['draw']!r}, but no such stick is left")


BAD_FIELDS = [
    ("seat", "0"),
    ("seat", True),
    ("seat", None),
    ("seat", -1),
    ("seat", 10**40),
    ("stick", 5),
    ("stick", ""),
    ("stick", ["blue>"] * 4),
    ("stick", "blue>"),
    ("stick", None),
    ("turned", 1),
    ("turned", "yes"),
    ("turned", None),
    ("column", "1"),
    ("column", True),
    ("column", 1.0),
    ("column", None),
    ("column", [1]),
    ("row", "0"),
    ("row", False),
    ("row", 0.5),
    ("row", {}),
    ("points", []),
    ("points", None),
    ("points", {"blue": True, "green": 2}),
    ("points", {"blue": "2", "green": 2}),
    ("points", {"red": 2}),
    ("points", {"blue": 0, "green": 2}),
    ("points", {"blue": -2, "green": 2}),
    ("points", {"blue": 2.0, "green": 2}),
    ("draw", 5),
    ("draw", ["<pink <pink <pink <pink"]),
    ("draw", ""),
    ("draw", True),
]


@pytest.mark.parametrize("key, value", BAD_FIELDS)
def test_malformed_fields_are_refused_with_a_reason(key, value):
    verdict = refused([dict(FIRST, **{key: value})], 0)
    assert verdict.error


@pytest.mark.parametrize("key", ["seat", "stick", "turned", "column", "row", "points", "draw"])
def test_a_missing_field_is_named(key):
    bad = {k: v for k, v in FIRST.items() if k != key}
    refused([bad], 0, repr(key))


def test_an_unknown_key_is_named():
    refused([dict(FIRST, score=4)], 0, "unknown key 'score'")


BAD_SETUPS = [
    ([], "JSON object"),
    ({"start": START}, "no 'hands'"),
    ({"hands": SETUP["hands"]}, "no 'start'"),
    ({**SETUP, "pile": []}, "unknown key 'pile'"),
    ({**SETUP, "start": 7}, "'start' must be text"),
    ({**SETUP, "start": "blue> green> school> <nemo"}, "not one of the kinds"),
    ({**SETUP, "start": MINE}, "the hand of seat 0: the deck holds 1"),
    ({**SETUP, "hands": SETUP["hands"][:1]}, "deals 1 hands to 2 players"),
    ({**SETUP, "hands": [SETUP["hands"][0], SETUP["hands"][1][:2]]}, "must be a list of 3 sticks, not 2"),
    ({**SETUP, "hands": [SETUP["hands"][0], "three sticks"]}, "'hands'[1] must be a list"),
    ({**SETUP, "hands": [SETUP["hands"][0], [THEIRS, THEIRS, OTHER]]}, "already"),
    # Where the stick was dealt is named (worded only when a setup is refused).
    ({**SETUP, "start": "blue> green> school> <nemo"}, "the start stick: "),
    ({**SETUP, "hands": [SETUP["hands"][0], [THEIRS, THEIRS, OTHER]]}, "the hand of seat 1: the deck holds"),
    ({**SETUP, "hands": [SETUP["hands"][0], [THEIRS, 3, OTHER]]}, "'hands'[1][1] must be text"),
    ({**SETUP, "hands": "none"}, "'hands' must be a list"),
]


@pytest.mark.parametrize("setup, reason", BAD_SETUPS)
def test_a_bad_setup_is_refused(setup, reason):
    verdict = verdict_of([], setup=setup)
    assert not verdict.valid and verdict.index is None
    assert reason in verdict.error, verdict.error
    assert "plugin" not in verdict.error


def test_rules_with_a_bad_deck_are_refused():
    for deck, reason in [
        ([START[:-8]] + FILLER * 2, "4 fish separated by single spaces"),
        (["blue> green> school> <nemo"] + FILLER * 2, "not one of the kinds"),
        (["blue> green> school> orange"] + FILLER * 2, "must be written kind>"),
        (FILLER, "too small"),
    ]:
        rules = dict(RULES, deck=deck)
        verdict = verdict_of([], rules=rules)
        assert not verdict.valid and reason in verdict.error, verdict.error


def test_bot_logs_satisfy_the_schemas():
    fishstix = game()
    for seed, bots in enumerate([["greedy", "random"], ["random", "greedy", "random", "greedy"]]):
        log = play_bots("fishstix", bots, seed)
        jsonschema.validate(log["setup"], fishstix.setup_schema)
        for move in log["moves"]:
            jsonschema.validate(move, fishstix.move_schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(dict(FIRST, extra=1), fishstix.move_schema)


def test_editing_one_move_of_a_bot_game_names_that_move():
    log = play_bots("fishstix", ["greedy", "greedy", "random"], 7)
    assert check_log(log).valid
    broken = copy.deepcopy(log)
    broken["moves"][5]["points"] = {"blue": 1}
    verdict = check_log(broken)
    assert not verdict.valid and verdict.index == 5 and "records blue 1" in verdict.error
    broken = copy.deepcopy(log)
    broken["moves"][3]["column"] += 1000
    verdict = check_log(broken)
    assert not verdict.valid and verdict.index == 3 and "directly left or right" in verdict.error
