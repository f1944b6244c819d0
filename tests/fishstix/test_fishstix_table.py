"""At the table: what everyone hears of a move, the help at the prompt, and an
open deck (sticks typed in from a real box) in play and in validation."""

import copy

import pytest
from fishstix_helpers import FILLER, game, log_of, move, position, rules_with_deck
from test_fishstix_scoring import TWO_KINDS

from stixxcli.check import check_log
from stixxcli.errors import IllegalMove, IllegalSetup

START = "blue> green> school> orange>"
MINE = "blue> green> pink> <purple"  # scores blue 2, green 2 at column 1, row 0
HANDS = [
    [MINE, "<green <green <green <green", "<blue <blue <blue <blue"],
    ["green> <pink <orange purple>", "green> green> green> green>", "blue> blue> blue> blue>"],
]


# What the table hears ------------------------------------------------------------------


def test_every_move_is_told_with_its_place_and_points_and_never_the_draw():
    _, state = position(START, HANDS)
    first = move(state, MINE, 1, 0, points={"blue": 2, "green": 2})
    state.apply(first)
    said = state.announce(first)
    assert (
        said
        == "p0 places the stick blue-green-pink-purple (blue> green> pink> <purple) at column 1, rows 0 to 3, "
        "scoring 4 (blue 2, green 2)"
    )
    assert first["draw"] not in said and "draw" not in said
    # Turned round, the stick is told as it stands, top to bottom, each fish facing its way.
    second = move(state, "green> green> green> green>", 2, 1, turned=True)
    state.apply(second)
    assert state.announce(second) == (
        "p1 places the stick green-green-green-green (<green <green <green <green) at column 2, rows 1 to 4, "
        "scoring nothing"
    )


def test_the_winning_move_is_told_as_a_win():
    from test_fishstix_scoring import two_kind_position

    _, state = two_kind_position()
    won = move(state, "blue> green> <blue <blue", 1, 0, points={"blue": 2, "green": 2}, draw=None)
    state.apply(won)
    assert state.announce(won).endswith("scoring 4 (blue 2, green 2); p0 has filled every kind and wins")
    assert TWO_KINDS["target_points"] == 2


@pytest.mark.parametrize(
    ("variant", "end"),
    [
        ("pile-empty", "; the pile is empty: the game is over"),
        ("standard", "; every stick is played: the game is over"),
    ],
)
def test_the_end_by_the_sticks_running_out_is_told(variant, end):
    # As the other games tell theirs; a win was told, the sticks running out was not.
    from stixxcli.replays import replay
    from stixxcli.table import play_bots

    steps = replay(play_bots("fishstix", ["random", "random"], 1, variant=variant))
    told = [step.state.announce(step.move) for step in steps if step.move is not None]  # each as it is made
    assert told[-1].endswith(end) and not any("game is over" in said for said in told[:-1])


# Help at the prompt ----------------------------------------------------------------------


def test_help_explains_the_notation_groups_places_and_shows_what_each_stick_scores():
    _, state = position(START, HANDS)
    ask = next(state.turn())
    text = state.help(ask)
    lines = text.splitlines()
    assert all(len(line) < 80 for line in lines)
    assert "2 r 3 -1   stick 2 turned round, in column 3, rows -1 to 2" in text
    # The start stick alone: columns -1 and 1, top rows -3 to 3 each.
    assert "Every stick fits at the same 14 places (column: top rows):" in text
    assert "  column -1: -3 to 3 | column 1: -3 to 3" in lines
    # Stick 1 scores blue 2 and green 2 beside the start stick, on either side.
    stick_1 = text.split("  1 blue> green> pink> <purple: ", 1)[1].split("\n  2 ", 1)[0]
    assert "1 1 0 (blue 2, green 2)" in stick_1 and "1 -1 0 (blue 2, green 2)" in stick_1
    assert "Type 'help all' to list every choice." in text
    assert "Every choice" not in text


def test_help_all_lists_every_choice_in_the_notation():
    _, state = position(START, HANDS)
    ask = next(state.turn())
    text = state.help(ask, all=True)
    assert all(len(line) < 80 for line in text.splitlines())
    listed = text.split(f"Every choice ({len(ask.options)}):\n", 1)[1]
    choices = [c.strip() for line in listed.splitlines() for c in line.split("|") if c.strip()]
    assert sorted(choices) == sorted(ask.notation(o) for o in ask.options)
    assert len(choices) == 3 * 2 * 14


def test_a_place_between_sticks_groups_into_spans():
    from stixxcli_games.fishstix.notation import places_text

    assert places_text([(2, 5), (-1, 0), (2, 1), (2, 2), (2, 3), (-1, 1)]) == [
        "column -1: 0 to 1",
        "column 2: 1 to 3, 5",
    ]


# An open deck ----------------------------------------------------------------------------

BOX = ["blue> blue> blue> blue>", "<nemo <nemo <nemo <nemo"]  # not in the rules' deck


def open_log(rules, hands, moves=()):
    setup = {"start": START, "hands": copy.deepcopy(hands), "open_deck": True}
    return log_of(rules, setup, list(moves))


def test_an_open_deck_takes_any_well_written_stick_in_the_setup_and_the_draws():
    rules = rules_with_deck([START, *HANDS[0], *HANDS[1], *FILLER])
    hands = [[MINE, MINE, MINE], [BOX[0], BOX[0], "<pink <pink <pink <pink"]]  # more than the deck holds
    first = {
        "seat": 0,
        "stick": MINE,
        "turned": False,
        "column": 1,
        "row": 0,
        "points": {"blue": 2, "green": 2},
        "draw": "purple> purple> purple> purple>",  # not in the deck either
    }
    verdict = check_log(open_log(rules, hands, [first]))
    assert verdict.valid, verdict.line()
    # The same log without the open deck is refused at its setup.
    closed = open_log(rules, hands, [first])
    del closed["setup"]["open_deck"]
    assert "dealt already" in check_log(closed).error


def test_an_open_deck_still_refuses_a_malformed_stick():
    rules = rules_with_deck([START, *HANDS[0], *HANDS[1], *FILLER])
    verdict = check_log(open_log(rules, [HANDS[0], [BOX[1], *HANDS[1][1:]]]))
    assert not verdict.valid and "'<nemo' is not one of the kinds" in verdict.error
    verdict = check_log(open_log(rules, [HANDS[0], ["blue>  blue> blue> blue>", *HANDS[1][1:]]]))
    assert not verdict.valid and "must be written like '<pink school> green> <orange'" in verdict.error
    first = {
        "seat": 0,
        "stick": MINE,
        "turned": False,
        "column": 1,
        "row": 0,
        "points": {"blue": 2, "green": 2},
        "draw": "purple> purple> purple> <nemo",
    }
    verdict = check_log(open_log(rules, HANDS, [first]))
    assert not verdict.valid and verdict.index == 0 and "not one of the kinds" in verdict.error
    log = open_log(rules, HANDS)
    log["setup"]["open_deck"] = "yes"
    assert "'open_deck' must be true or false" in check_log(log).error


def test_an_open_deck_holds_as_many_sticks_as_the_rules_deck():
    rules = rules_with_deck([START, *HANDS[0], *HANDS[1], *FILLER])  # 13 sticks: 6 left to draw
    state = game().start(
        rules, ["p0", "p1"], {"start": START, "hands": copy.deepcopy(HANDS), "open_deck": True}
    )
    assert state.open_deck and state.pile_size == len(FILLER)
    assert "contents" not in state.view(None)["pile"]
    # Drawing a stick nobody can know the pile holds is fine; playing one not in hand is not.
    state.apply(move(state, MINE, 1, 0, points={"blue": 2, "green": 2}, draw="school> school> <blue <blue"))
    assert "school> school> <blue <blue" in state.hands[0]
    with pytest.raises(IllegalMove, match="has no 'purple> purple> purple> purple>' in hand"):
        state.apply(move(state, "purple> purple> purple> purple>", 2, 0, draw=None))


def test_typed_draws_in_an_open_game_are_read_either_way_up_and_refused_when_malformed():
    rules = rules_with_deck([START, *HANDS[0], *HANDS[1], *FILLER])
    state = game().start(
        rules, ["p0", "p1"], {"start": START, "hands": copy.deepcopy(HANDS), "open_deck": True}
    )
    turn = state.turn()
    ask = next(turn)
    draw = turn.send(ask.options[0])
    assert draw.name == "draw" and draw.seat == 0
    assert draw.parse("pur> pur> pur> pur>") == "purple> purple> purple> purple>"
    # A stick of the rules' deck keeps the deck's writing, typed either way up.
    assert draw.parse("<orange <orange <orange <orange") == "<orange <orange <orange <orange"
    with pytest.raises(ValueError, match="a stick is 4 fish"):
        draw.parse("blue> blue>")


def test_an_old_log_without_open_deck_is_checked_against_the_deck():
    with pytest.raises(IllegalSetup, match="there is no stick"):
        game().start(
            rules_with_deck([START, *HANDS[0], *HANDS[1], *FILLER]),
            ["p0", "p1"],
            {"start": "purple> purple> purple> purple>", "hands": HANDS},
        )


def test_the_lazy_choices_index_and_contain_like_the_list_they_stand_for():
    _, state = position(START, HANDS)
    options = state.legal_moves()
    listed = list(options)
    assert len(listed) == len(options) == 3 * 2 * 14
    assert listed[0] == {"hand": 1, "turned": False, "column": -1, "row": -3}
    assert options[-1] == listed[-1] and options[10:12] == listed[10:12]
    assert all(o in options for o in listed)
    assert {"hand": True, "turned": False, "column": -1, "row": -3} not in options
    assert {"hand": 1, "turned": 0, "column": -1, "row": -3} not in options
    assert {"hand": 1, "turned": False, "column": 0, "row": 0} not in options
    with pytest.raises(IndexError):
        options[len(options)]


def test_a_typed_start_stick_stands_the_way_it_was_typed():
    rules = rules_with_deck([START, *HANDS[0], *HANDS[1], *FILLER])
    setup = game().setup(rules, ["p0", "p1"])
    start = next(setup)
    # START turned round, as the table stood it: it stays that way up.
    setup.send(start.parse("<ora <sch <gre <blu"))
    setup.send(HANDS[0])
    with pytest.raises(StopIteration) as done:
        setup.send(HANDS[1])
    made = done.value.value
    assert made["start"] == "<orange <school <green <blue" and made["open_deck"] is True
    state = game().start(rules, ["p0", "p1"], made)
    assert state.grid.cells[(0, 0)] == state.deck.index["orange"] * 2  # <orange on top
    assert check_log(log_of(rules, made, [])).valid


def test_a_house_kind_is_named_as_written_in_the_result_table(stixx, tmp_path):
    # The table reads `beyond_target` as words, but a kind is a name: `big_school`, not `big school`.
    import json

    from fishstix_helpers import standard_rules

    rules = standard_rules()
    house = {
        "extends": "standard",
        "description": "a kind of two words",
        "kinds": [k.replace("school", "big_school") for k in rules["kinds"]],
        "deck": [s.replace("school", "big_school") for s in rules["deck"]],
    }
    (tmp_path / "house.yaml").write_text(json.dumps(house))  # JSON is YAML
    played = stixx("play", "fishstix", "--rules", tmp_path / "house.yaml", "--bot", "a:random",
                   "--bot", "b:random", "--seed", 1, "--out", tmp_path / "g.json")  # fmt: skip
    assert played.exit_code == 0, played.output
    r = stixx("score", tmp_path / "g.json")
    assert r.exit_code == 0, r.output
    said = " ".join(r.stdout.replace("│", " ").split())  # the cells as words, wrapped or not
    assert "big_school 4;" in said and "big school" not in said and "beyond target 0;" in said
