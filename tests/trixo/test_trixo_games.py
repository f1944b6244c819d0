"""Whole Trixo games: seeded bot games validate for every player count and
variant, replay to their recorded result, satisfy the declared schemas; the
greedy bot beats random; notation, chance input, views and the plugin load."""

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from rich.console import Console
from stixxcli_games.trixo import board
from stixxcli_games.trixo.board import TILES
from stixxcli_games.trixo.notation import parse_discard, parse_play, play_text
from trixo_helpers import Script, game, rulebook_diagonal

from stixxcli.check import check_log
from stixxcli.plugins import get_bot
from stixxcli.replays import replay
from stixxcli.rules import resolve
from stixxcli.table import Table, play_bots

ROOT = Path(__file__).parents[2]
EXAMPLES = sorted((ROOT / "examples" / "trixo").glob("*.json"))

GAMES = [
    (variant, bots, seed)
    for variant, lineups in (
        (
            "standard",
            (
                ["random", "random"],
                ["greedy", "random", "random"],
                ["random", "greedy", "random", "greedy"],
                ["greedy", "greedy"],
            ),
        ),
        ("teams", (["greedy", "random", "random", "greedy"], ["random"] * 4)),
    )
    for bots in lineups
    for seed in range(6)
]


@pytest.mark.parametrize("variant, bots, seed", GAMES)
def test_seeded_bot_games_validate_and_replay_to_their_result(variant, bots, seed):
    log = play_bots("trixo", bots, seed, variant=variant)
    verdict = check_log(log)
    assert verdict.valid, verdict.line()
    assert verdict.finished and verdict.result == log["result"]
    *_, last = replay(log)
    assert last.state.over and last.state.result().to_json() == log["result"]
    # Every tile of the rules ends collected, set aside, or left on the table.
    state = last.state
    counted = {
        t: sum(c.get(t, 0) for c in state.collected)
        + state.set_aside.count(t)
        + sum(stack.count(t) for stack in state.layout.values())
        for t in TILES
    }
    assert counted == log["rules"]["tiles"]
    assert log["moves"] and all(m["seat"] == s for m, s in zip(log["moves"], seats_of(log)))


def seats_of(log):
    seats, count = [], len(log["players"])
    for index in range(len(log["moves"])):
        seats.append(index % count)  # every hand empties in the same round
    return seats


def test_logs_satisfy_the_declared_schemas():
    trixo = game()
    setups = jsonschema.Draft202012Validator(trixo.setup_schema)
    moves = jsonschema.Draft202012Validator(trixo.move_schema)
    for bots, variant in (
        (["random"] * 3, "standard"),
        (["greedy"] * 4, "teams"),
        (["greedy", "random"], "standard"),
    ):
        for seed in range(3):
            log = play_bots("trixo", bots, seed, variant=variant)
            setups.validate(log["setup"])
            for move in log["moves"]:
                moves.validate(move)
    s = Script([["arrow"], ["x"]]).play("discard arrow")
    moves.validate(s.log["moves"][0])
    with pytest.raises(jsonschema.ValidationError):
        moves.validate({"seat": 0, "tile": "arrow", "cell": [0, 0]})


def test_greedy_beats_random():
    wins = 0
    for seed in range(40):
        bots = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        result = play_bots("trixo", bots, f"duel-{seed}")["result"]
        wins += result["winners"] == [bots.index("greedy")]
    assert wins >= 36, f"greedy won {wins} of 40"


def test_greedy_beats_random_at_a_full_table():
    wins = sum(
        play_bots("trixo", ["random", "greedy", "random", "random"], f"four-{seed}")["result"]["winners"]
        == [1]
        for seed in range(12)
    )
    assert wins >= 9, f"greedy won {wins} of 12"


def greedy_pick(script: Script) -> dict:
    choice = next(script.state.turn())
    bot = get_bot("trixo", "greedy")(game(), script.log["rules"], script.state.seat, random.Random(1))
    return bot.choose(script.state.view(script.state.seat), choice)


def test_greedy_completes_a_streak():
    s = Script([["x", "x", "trixo", "x"], ["o", "trixo", "o", "o"]])
    s.play("x 0 0", "o 1 0", "x 0 1", "o 1 1", "trixo 2 2")
    assert play_text(greedy_pick(s)) == "o 1 2"


def test_greedy_blocks_an_open_pair():
    # Row 1 shows o o, open at both ends, and the next player holds only o:
    # covering one of the pair is the only block.
    s = Script([["x", "trixo", "trixo", "trixo"], ["o", "o", "o", "o"]])
    s.play("x 0 0", "o 1 0", "trixo 0 1", "o 1 1")
    pick = greedy_pick(s)
    assert pick["tile"] == "trixo" and pick["cell"] in ([1, 0], [1, 1])


def test_greedy_slides_when_it_collects():
    s = rulebook_diagonal()  # sliding row 1 or row 2 right makes a streak of three
    pick = greedy_pick(s)
    assert play_text(pick) in ("arrow row 2 right", "arrow row 1 right")
    assert len(board.collect(*board.play(s.state.layout, pick))) == 3


# Notation and chance typed at the table ----------------------------------------------


def test_every_option_reads_back_from_its_notation():
    log = play_bots("trixo", ["random"] * 3, 5)
    for step in replay(log):
        state = step.state
        if state.over:
            break
        for option in state.legal_moves():
            assert parse_play(play_text(option), state.seat) == option


@pytest.mark.parametrize(
    "text, move",
    [
        ("x 0 1", {"seat": 2, "tile": "x", "cell": [0, 1]}),
        ("T -1 2", {"seat": 2, "tile": "trixo", "cell": [-1, 2]}),
        ("arrow col 1 up", {"seat": 2, "tile": "arrow", "line": "column", "index": 1, "direction": "up"}),
        ("row -1 left", {"seat": 2, "tile": "arrow", "line": "row", "index": -1, "direction": "left"}),
        ("a column 0 down", {"seat": 2, "tile": "arrow", "line": "column", "index": 0, "direction": "down"}),
    ],
)
def test_notation(text, move):
    assert parse_play(text, 2) == move


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "type a play"),
        ("y 0 1", "not a tile"),
        ("x 0", "tile row column"),
        ("x a 1", "whole number"),
        ("arrow row 0 up", "slides left or right"),
        ("arrow diag 0 up", "arrow row|col"),
    ],
)
def test_notation_errors(text, words):
    with pytest.raises(ValueError, match=words):
        parse_play(text, 0)


def test_a_typed_play_that_breaks_a_rule_says_which():
    s = Script([["x", "o"], ["o", "x"]]).play("x 0 0")
    choice = next(s.state.turn())
    assert choice.parse("o 0 0") == {"seat": 1, "tile": "o", "cell": [0, 0]}
    with pytest.raises(ValueError, match="touches no tile"):
        choice.parse("o 2 2")
    with pytest.raises(ValueError, match="no trixo tile in the hand"):
        choice.parse("trixo 0 1")
    assert [choice.notation(o) for o in choice.options][:2] == ["x -1 -1", "x -1 0"]


def test_discard_notation():
    assert parse_discard("discard o", 1) == {"seat": 1, "discard": "o"}
    assert parse_discard("arrow", 1) == {"seat": 1, "discard": "arrow"}
    with pytest.raises(ValueError):
        parse_discard("discard", 1)


def test_the_set_aside_question_names_a_tile_the_hand_holds():
    from stixxcli_games.trixo.state import TrixoState

    # An empty table: an arrow slides nothing, so a hand of arrows has no play.
    state = TrixoState(resolve(game(), "standard").values, ["Ann", "Bob"], [["arrow", "arrow"], ["x"]])
    choice = next(state.turn())
    assert choice.name == "discard" and choice.question().endswith("(discard arrow)")


def test_a_game_typed_in_at_a_real_table():
    """Hands and draws typed as text (--chance manual) make the same log."""
    trixo = game()
    rules = resolve(trixo, "standard").values
    seeded = play_bots("trixo", ["greedy", "random"], 9)
    typed_hands = iter(" ".join(hand) for hand in seeded["setup"]["hands"])
    typed_draws = iter(move.get("draw") for move in seeded["moves"])
    players = [{"name": p["name"], "bot": p["bot"]} for p in seeded["players"]]
    table = Table.new(trixo, rules, "standard", players, 9, chance=lambda ask: ask.parse(next(typed_hands)))
    assert table.log["setup"] == seeded["setup"]
    while not table.over:
        table.play_turn(chance=lambda ask: ask.parse(next(typed_draws)))
    assert table.finish()["moves"] == seeded["moves"]


def test_typed_chance_is_checked():
    trixo = game()
    rules = resolve(trixo, "standard").values
    deal = trixo.setup(rules, ["ann", "bob"])
    ask = next(deal)
    assert ask.seat == 0
    with pytest.raises(ValueError, match="holds 4 tiles, not 3"):
        ask.parse("x o trixo")
    with pytest.raises(ValueError, match="only 3 arrow"):
        ask.parse("arrow arrow arrow arrow")
    assert ask.parse("a, t, x, o") == ["x", "o", "trixo", "arrow"]
    s = Script([["x"], ["o"]], reserve=["x"])
    turn = s.state.turn()
    next(turn)
    draw = turn.send({"seat": 0, "tile": "x", "cell": [0, 0]})
    assert draw.seat == 0  # only the drawer sees the draw
    with pytest.raises(ValueError, match="^no o tile can be drawn now: check the tile you drew$"):
        draw.parse("o")
    with pytest.raises(StopIteration) as done:
        turn.send(draw.parse("x"))
    assert done.value.value == {"seat": 0, "tile": "x", "cell": [0, 0], "collected": 0, "draw": "x"}


# What each player sees ---------------------------------------------------------------------


def shown(renderable) -> str:
    console = Console(record=True, width=100)
    console.print(renderable)
    return console.export_text()


def test_views_hide_the_other_hands():
    s = Script([["x", "x"], ["o", "trixo"]], reserve=["arrow"]).play("x 0 0", draw="arrow")
    s.play("o 0 0")
    everything = s.state.view()
    assert everything["hands"] == [["x", "arrow"], ["trixo"]] and everything["reserve"] == 0
    assert everything["table"] == [{"cell": [0, 0], "stack": ["x", "o"]}]
    seat1 = s.state.view(1)
    assert seat1["hands"] == [{"tiles": 2}, ["trixo"]] and "reserve_tiles" not in seat1
    json.dumps(everything)

    text = shown(s.state.render(1))
    assert "trixo" in text and "arrow" not in text and "2 hidden tiles" in text
    assert "O ×2" in text and "-2,-2" in text and "2,2" in text  # the cells a tile may reach, labelled
    assert "last play: bob: o 0 0" in text and seat1["last_play"] == {
        "seat": 1,
        "play": "o 0 0",
        "collected": 0,
    }
    assert "arrow" in shown(s.state.render(None))


def test_the_tiles_out_of_the_game_are_counted_by_kind():
    # One by one, a house rule's 100 arrows ran over many lines of the board.
    s = Script([["x", "x"], ["o", "trixo"]])
    s.state.set_aside = ["arrow", "x", "arrow", "arrow"]
    assert "out of the game: 3 arrows, 1 x" in shown(s.state.render(None))  # as the picture counts them


def test_the_team_game_shows_team_totals():
    s = Script([["x", "o"], ["o", "o"], ["x", "x"], ["trixo", "trixo"]], variant="teams")
    s.play("x 0 0", "o 1 0", "x 0 1", "trixo 1 1", "o 1 2", "o -1 0", "x 0 2")
    text = shown(s.state.render(0))
    assert "cat (team 0+2)" in text and "3 (3, 0, 0); team 3" in text and "0 (0, 0, 0); team 3" in text


def test_the_plugin_module_imports_nothing_heavy():
    code = (
        "import sys, stixxcli_games.trixo.plugin; "
        "print(any(m in sys.modules for m in ('rich', 'stixxcli_games.trixo.state')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_are_valid_finished_games(path):
    log = json.loads(path.read_text(encoding="utf-8"))
    verdict = check_log(log, str(path))
    assert verdict.valid and verdict.finished, verdict.line()


def test_there_are_examples():
    assert len(EXAMPLES) >= 2


def test_the_rules_page_examples_are_real():
    page = (ROOT / "docs" / "games" / "trixo.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", page, flags=re.S)
    setup, moves = json.loads(blocks[0]), [json.loads(line) for line in blocks[1].splitlines()]
    jsonschema.validate(setup, game().setup_schema)
    assert len(moves) == 3
    for move in moves:
        jsonschema.validate(move, game().move_schema)
    for typed in re.findall(r"^\| `([^`]+)` \|", page, flags=re.M):
        if typed in ("tiles", "hand_size", "max_stack", "teams"):
            continue
        parsed = parse_discard(typed, 0) if typed.startswith("discard") else parse_play(typed, 0)
        assert play_text(parsed) == typed


def test_replay_as_a_player_hides_the_others_draws(stixx):
    import json as _json
    from pathlib import Path

    example = Path(__file__).parents[2] / "examples" / "trixo" / "2-players.json"
    lines = [
        _json.loads(l) for l in stixx("replay", example, "--json", "--as-player", "0").stdout.splitlines()
    ]
    moves = [l["move"] for l in lines[1:]]
    assert any("draw" in m for m in moves if m["seat"] == 0)
    assert not any("draw" in m for m in moves if m["seat"] == 1)
    everything = [_json.loads(l)["move"] for l in stixx("replay", example, "--json").stdout.splitlines()[1:]]
    assert any("draw" in m for m in everything if m["seat"] == 1)


def test_the_greedy_bot_cannot_read_a_secret():
    """Its choices stay the same when the hands it cannot see and the reserve's
    make-up change: it decides from its seat's view, which hides both."""
    from stixxcli.table import PlayerView

    log = play_bots("trixo", ["greedy", "random", "random"], "secret")
    trixo = game()
    bot = get_bot("trixo", "greedy")(trixo, log["rules"], 0, random.Random())
    checked = 0
    for step in replay(log):
        state = step.state
        if state.over or state.seat != 0:
            continue
        choice = next(state.turn())
        bot.rng.seed(step.index)
        before = bot.choose(PlayerView(trixo, state, 0), choice)
        # Swap what seats 1 and 2 hold for other tiles, as many, from the reserve.
        hidden = {"hands": [list(h) for h in state.hands], "reserve": dict(state.reserve)}
        pool = [t for t in TILES for _ in range(state.reserve[t])] + state.hands[1] + state.hands[2]
        random.Random(step.index).shuffle(pool)
        for seat in (1, 2):
            state.hands[seat] = [pool.pop() for _ in state.hands[seat]]
        state.reserve = {t: pool.count(t) for t in TILES}
        assert state.hands[1:] != hidden["hands"][1:] or state.reserve != hidden["reserve"] or not pool
        bot.rng.seed(step.index)
        assert bot.choose(PlayerView(trixo, state, 0), choice) == before
        state.hands, state.reserve = hidden["hands"], hidden["reserve"]
        checked += 1
    assert checked >= 8
