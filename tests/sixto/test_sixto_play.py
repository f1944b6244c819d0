"""Playing Sixto: seeded bot games, the turn's chance and choices, the notation
humans type, the bots, and what replay shows."""

import itertools
import json
import random
import statistics
from pathlib import Path

import jsonschema
import pytest
from rich.console import Console
from sixto_logs import COLOURS, bot_logs, game, make_log, play, roll, standard_rules, turn
from stixxcli_games.sixto import notation
from stixxcli_games.sixto.state import CrossOptions

from stixxcli.check import check_log
from stixxcli.engine import drive, open_game
from stixxcli.errors import RuleError
from stixxcli.game import Chance, Choice
from stixxcli.plugins import get_bot
from stixxcli.random_bot import RandomBot
from stixxcli.replays import replay
from stixxcli.table import Table


def test_seeded_bot_games_validate_for_every_player_count_and_variant():
    counts = set()
    for log in bot_logs():
        verdict = check_log(log)
        assert verdict.valid, verdict.line()
        assert log["finished"] and verdict.finished
        counts.add((log["variant"], len(log["players"])))
    assert counts == {("standard", n) for n in range(1, 7)} | {("solo", 1)}


def test_replay_result_equals_the_recorded_result():
    for log in bot_logs():
        *_, last = replay(log)
        assert last.state.over
        assert last.state.result().to_json() == log["result"]


def test_logs_satisfy_the_schemas():
    sixto = game()
    for log in bot_logs():
        jsonschema.validate(log["setup"], sixto.setup_schema)
        for move in log["moves"]:
            jsonschema.validate(move, sixto.move_schema)


def test_both_end_conditions_happen_in_bot_games():
    ends = []
    for seed in range(12):
        log = play(["random", "greedy", "random"][: 1 + seed % 3], seed)
        *_, last = replay(log)
        ends.append(last.state.end)
    assert any("can no longer cross any box" in end for end in ends)
    assert any("dice have left the game" in end for end in ends)


def test_player_counts():
    sixto, rules = game(), standard_rules()
    assert sixto.player_counts(rules) == range(1, 7)
    assert sixto.player_counts(dict(rules, solo_unused_dice_end=2)) == range(1, 2)
    two_sheets = {k: rules["sheets"][k] for k in "AB"}
    assert sixto.player_counts(dict(rules, sheets=two_sheets)) == range(1, 3)
    with pytest.raises(RuleError, match="takes 1 players, not 2"):
        play(["random", "random"], 1, variant="solo")


def test_greedy_beats_random():
    greedy, random_ = [], []
    wins = 0
    for seed in range(40):
        bots = ["greedy", "random"] if seed % 2 else ["random", "greedy"]
        log = play(bots, f"bench-{seed}")
        g = bots.index("greedy")
        scores = log["result"]["scores"]
        greedy.append(scores[g])
        random_.append(scores[1 - g])
        wins += log["result"]["places"][g] == 1
    assert statistics.mean(greedy) > statistics.mean(random_) + 80
    assert wins >= 36


def test_greedy_beats_random_alone_in_the_solo_game():
    def mean(bot):
        return statistics.mean(play([bot], s, variant="solo")["result"]["scores"][0] for s in range(40))

    assert mean("greedy") > mean("random") + 10


# One turn, step by step -------------------------------------------------------------


def start(players=2, **rules):
    return open_game(make_log([], players=players, **rules))


def test_the_turn_asks_roll_reroll_then_every_seat_from_the_active_one():
    sixto, state = start(players=3)
    state.seat = 1
    asked = []

    def chance(ask):
        asked.append(("chance", ask.name))
        return ask.parse("1 2 3 4 5 6") if ask.name == "roll 1" else ask.parse("654321")

    def choose(ask):
        asked.append((ask.name, ask.seat))
        if ask.name == "reroll":
            assert list(ask.options) == [False, True]
            return ask.parse("r")
        return ask.options[0]

    move = drive(state.turn(), chance, choose)
    assert asked == [
        ("chance", "roll 1"),
        ("reroll", 1),
        ("chance", "roll 2"),
        ("crosses", 1),
        ("crosses", 2),
        ("crosses", 0),
    ]
    assert move == {
        "seat": 1,
        "rolls": [roll(1, 2, 3, 4, 5, 6), roll(6, 5, 4, 3, 2, 1)],
        "crosses": [[], [], []],
    }


def test_no_reroll_question_without_rerolls():
    sixto, state = start(rerolls=0)
    kinds = []

    def choose(ask):
        kinds.append(ask.name)
        return []

    drive(state.turn(), lambda ask: ask.draw(random.Random(1)), choose)
    assert kinds == ["crosses", "crosses"]


def brute_force_options(state, seat, dice):
    """Every set of crosses of `seat` that apply() accepts, found the slow way."""
    legal = []
    per_row = []
    for row, colour in enumerate(COLOURS):
        boxes = [None] + [
            b
            for b in range(1, 13)
            if row not in state.closed and state.cross_problem(seat, row, b - 1, dice[colour]) is None
        ]
        per_row.append([(colour, b) for b in boxes])
    for pick in itertools.product(*per_row):
        legal.append(sorted([[c, b] for c, b in pick if b is not None], key=lambda x: COLOURS.index(x[0])))
    return legal


@pytest.mark.parametrize("seed", range(6))
def test_cross_options_are_exactly_the_legal_answers(seed):
    rng = random.Random(seed)
    log = play(["random", "random"], seed)
    partial = make_log([], players=2)
    partial.update(
        rules=log["rules"],
        rules_digest=log["rules_digest"],
        setup=log["setup"],
        moves=log["moves"][: rng.randrange(len(log["moves"]))],
    )
    sixto, state = open_game(partial)
    dice = roll(*[rng.randint(1, 6) for _ in COLOURS])
    dice = {c: v for c, v in dice.items() if COLOURS.index(c) not in state.closed}
    for seat in range(2):
        options = CrossOptions(state.candidates(seat, dice))
        as_list = options.as_list()
        expected = brute_force_options(state, seat, dice)
        assert sorted(map(json.dumps, as_list)) == sorted(map(json.dumps, expected))
        assert [options[i] for i in range(len(options))] == as_list
        for answer in as_list:
            assert answer in options
            assert (
                notation.parse_crosses(notation.crosses_notation(answer, state.colours), state.colours)
                == answer
            )


def test_huge_option_sets_stay_lazy_and_random_still_picks():
    # Sheet C shows 2 in every box: each row offers 9 boxes, so 10**6 answers.
    sixto, state = start(players=1, setup={"sheets": ["C"]})
    options = CrossOptions(state.candidates(0, roll(2)))
    assert len(options) == 10**6
    assert options[-1] == [[c, 9] for c in COLOURS]
    assert (
        [["red", 3]] in options and [["red", 10]] not in options and [["red", 3], ["red", 4]] not in options
    )
    bot = RandomBot(sixto, state.rules, 0, random.Random(3))
    pick = bot.choose(state.view(0), Choice(0, "crosses", options))
    state.apply({"seat": 0, "rolls": [roll(2)], "crosses": [pick]})


def test_human_notation():
    colours = notation.Colours(COLOURS)
    assert colours.short == ["r", "y", "g", "b", "p", "o"]
    assert notation.parse_crosses("r4 b7", colours) == [["red", 4], ["blue", 7]]
    assert notation.parse_crosses("Blue 7, RED:4", colours) == [["red", 4], ["blue", 7]]
    assert notation.parse_crosses("pu2 or3", colours) == [["purple", 2], ["orange", 3]]
    roses = notation.Colours(["red", "rose", "green", "blue", "pink", "orange"])
    assert roses.short == ["re", "ro", "g", "b", "p", "o"]
    with pytest.raises(ValueError, match="could be red or rose"):
        notation.parse_crosses("r3", roses)
    for none in ("-", "", "none"):
        assert notation.parse_crosses(none, colours) == []
    for bad, words in [
        ("x3", "no colour 'x'"),
        ("r4 r5", "one box at most"),
        ("r", "cannot read"),
        ("4r", "cannot read"),
    ]:
        with pytest.raises(ValueError, match=words):
            notation.parse_crosses(bad, colours)
    assert notation.parse_reroll("R") is True and notation.parse_reroll("keep") is False
    with pytest.raises(ValueError, match="r to re-roll"):
        notation.parse_reroll("maybe")
    assert notation.crosses_notation([["purple", 2], ["orange", 3]], colours) == "p2 o3"


def test_parsed_crosses_are_checked_against_the_rules():
    sixto, state = start()
    for text, words in [
        ("r9", "shows 3, but the red die shows 1"),
        ("r13", "boxes 1 to 12"),
        ("r10", "target area"),
    ]:
        with pytest.raises(ValueError, match=words):
            state._parse_crosses(text, 0, roll(1 if words != "target area" else 4))


def test_manual_chance():
    dice = COLOURS[1:]
    assert notation.parse_roll("3 5 1 2 6", dice) == dict(zip(dice, [3, 5, 1, 2, 6]))
    assert notation.parse_roll("35126", dice) == dict(zip(dice, [3, 5, 1, 2, 6]))
    for bad, words in [
        ("3 5 1 2", "5 dice are in play"),
        ("3 5 1 2 7", "the orange die shows 1 to 6"),
        ("a 5 1 2 3", "the yellow die shows 1 to 6"),
    ]:
        with pytest.raises(ValueError, match=words):
            notation.parse_roll(bad, dice)
    letters = list("ABCDEFGHIJKL")
    assert notation.parse_sheet_letters("a c f", letters, 3) == ["A", "C", "F"]
    for bad, words in [("A A", "given twice"), ("A Z", "no sheet 'Z'"), ("A", "one sheet per player")]:
        with pytest.raises(ValueError, match=words):
            notation.parse_sheet_letters(bad, letters, 2)


def test_a_whole_game_typed_in_at_a_real_table():
    def chance(ask: Chance):
        if ask.name == "sheets":
            return ask.parse("b D")
        # The dice a table reports, typed in: 1 2 3 ..., moving on by one each turn.
        turn = len(table.log["moves"])
        return ask.parse(" ".join(str((turn + i) % 6 + 1) for i in range(len(table.state.dice()))))

    def human(ask: Choice):
        return ask.parse("k") if ask.name == "reroll" else ask.options[-1]

    players = [{"name": "Ann"}, {"name": "Bo", "bot": "greedy"}]
    table = Table.new(game(), standard_rules(), "standard", players, 7, chance)
    assert table.log["setup"] == {"sheets": ["B", "D"]}
    for _ in range(100):
        if table.over:
            break
        move = table.play_turn(chance, human)
        turn = len(table.log["moves"]) - 1
        assert list(move["rolls"][-1].values())[0] == turn % 6 + 1
    assert table.over and check_log(table.finish()).valid


def test_setup_deals_different_sheets():
    for seed in range(20):
        setup = drive(
            game().setup(standard_rules(), ["a"] * 6), lambda ask: ask.draw(random.Random(seed)), None
        )
        assert len(set(setup["sheets"])) == 6 and set(setup["sheets"]) <= set("ABCDEFGHIJKL")


def test_greedy_is_registered_and_answers_from_the_options():
    assert get_bot("sixto", "greedy").name == "greedy"
    sixto, state = start()
    bot = get_bot("sixto", "greedy")(sixto, state.rules, 0, random.Random(1))
    dice = roll(1, 2, 3, 4, 5, 6)
    options = CrossOptions(state.candidates(0, dice)).as_list()
    answer = bot.choose(state.view(0), Choice(0, "crosses", options, context={"roll": dice}))
    assert answer in options and answer  # it crosses boxes next to the start
    reroll = Choice(0, "reroll", [False, True], context={"roll": dice})
    assert bot.choose(state.view(0), reroll) in (False, True)


# What replay shows -----------------------------------------------------------------


def test_view_carries_sheets_and_running_scores():
    moves = [turn(0, roll(5), "red5", "red2"), turn(1, roll(3), "", "")]
    *_, last = replay(make_log(moves))
    view = last.state.view()
    json.dumps(view)
    ann = view["players"][0]
    assert ann["sheet"] == "A" and ann["rows"][0]["numbers"][:6] == [1, 2, 3, 4, 5, 6]
    assert ann["rows"][0]["crossed"] == [5] and ann["rows"][0]["lost"] == [1, 2, 3, 4]
    assert ann["score"]["total"] == -10 and view["players"][1]["score"]["total"] == -10
    assert view["active"] == 0 and view["turn"] == 2 and view["target_area"] == [10, 11, 12]
    assert view == last.state.view(1)  # no secrets in Sixto


def test_render_shows_every_sheet_closed_colours_and_the_end():
    moves = [turn(k % 2, roll(k + 1), f"red{k + 1}", "") for k in range(4)]
    moves += [turn(0, roll(4), "red10", ""), turn(1, roll(5), "red11", "red2")]
    *_, last = replay(make_log(moves))
    console = Console(record=True, width=140, color_system="truecolor")
    console.print(last.state.render())
    text = console.export_text()
    assert "Ada (to roll)" in text and "Bo, sheet B" in text
    assert "red closed" in text and "Closed: red (turn 6)" in text and "Dice removed: 1 of 3" in text
    assert "/" in text  # lost boxes
    html = console.export_html()
    assert "color" in html  # rows are drawn in colour


def test_example_logs_are_seeded_bot_games():
    # examples/sixto: made with play_bots; docs/games/sixto.md, "Examples", names the seeds.
    examples = Path(__file__).resolve().parents[2] / "examples" / "sixto"
    for name, bots, seed, variant in [
        ("2-players.json", ["greedy", "random"], 3, "standard"),
        ("4-players.json", ["greedy", "random", "greedy", "greedy"], 4, "standard"),
        ("solo.json", ["greedy"], 2, "solo"),
    ]:
        recorded = json.loads((examples / name).read_text())
        again = play(bots, seed, variant=variant)
        # Logs written before a parameter existed do not name it (and their digest
        # covers what they name); the game itself must be the same.
        for key in set(again["rules"]) - set(recorded["rules"]):
            assert (
                again["rules"].pop(key) == game().params[[p.name for p in game().params].index(key)].default
            )
        if again["rules"] == recorded["rules"]:
            again["rules_digest"] = recorded["rules_digest"]
        assert recorded == again, name
