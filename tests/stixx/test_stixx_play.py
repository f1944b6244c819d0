"""Whole games: seeded bot games validate, the bots, the prompts, and what each
player may see."""

import json
import math
import random

import jsonschema
import pytest

from stixxcli.check import check_log
from stixxcli.plugins import get_bot
from stixxcli.replays import replay
from stixxcli.rules import resolve
from stixxcli.table import Table, play_bots

BOTS = ["reasoning", "random"]


@pytest.mark.parametrize("variant", ["standard", "dutch-edition"])
@pytest.mark.parametrize("players", range(2, 7))
def test_seeded_bot_games_validate(kit, variant, players, tmp_path, stixx):
    for seed in range(2):
        bots = [BOTS[(seat + seed) % 2] for seat in range(players)]
        log = play_bots("stixx", bots, f"{variant}-{players}-{seed}", variant=variant)
        verdict = check_log(json.loads(json.dumps(log)))
        assert verdict.valid and verdict.finished, verdict.line()
        assert verdict.result == log["result"]
        *_, last = replay(log)
        assert last.state.over and last.state.result().to_json() == log["result"]
        for move in log["moves"]:
            jsonschema.validate(move, kit.game.move_schema)
        jsonschema.validate(log["setup"], kit.game.setup_schema)
        options_from = resolve(kit.game, variant).values["options_from_turn"]
        assert all(m["option"] == "A" for m in log["moves"][: options_from - 1])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log))
    scored = stixx("score", "--json", path)
    assert scored.exit_code == 0, scored.output
    out = json.loads(scored.output)
    assert {k: out[k] for k in ("scores", "places", "breakdown")} == {
        k: log["result"][k] for k in ("scores", "places", "breakdown")
    }


def test_schemas_refuse_what_apply_refuses(kit):
    bad_moves = [
        {"seat": 0, "option": "D", "takes": [1]},
        {"seat": 0, "option": "A", "takes": [1, 2]},
        {"seat": 0, "option": "C", "target": 1, "colour": "red", "correct": False, "takes": [3]},
        {"seat": 0, "option": "C", "target": 1, "colour": "red"},
        {"seat": 0, "option": "B"},
        {"seat": 0, "option": "A", "takes": [1], "extra": 1},
    ]
    for move in bad_moves:
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(move, kit.game.move_schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"layout": [], "secret_colours": ["red", "red"]}, kit.game.setup_schema)


def wins(bots, games, variant="standard"):
    """How often the reasoning seat comes first, its seat rotating."""
    first = 0
    for seed in range(games):
        seat = seed % len(bots)
        seats = bots[-seat:] + bots[:-seat] if seat else list(bots)
        log = play_bots("stixx", seats, f"duel-{seed}", variant=variant)
        first += log["result"]["places"][seats.index("reasoning")] == 1
    return first / games


def test_reasoning_beats_random_head_to_head():
    assert wins(["reasoning", "random"], 60) >= 0.85


def test_reasoning_beats_three_random_players():
    assert wins(["reasoning", "random", "random", "random"], 60, "dutch-edition") >= 0.6  # fair share 0.25


def test_reasoning_bot_sees_only_what_its_seat_knows(kit):
    """Swapping the secret colours of hidden opponents (in any way the bot's
    knowledge allows) never changes what the bot chooses."""
    bot_class = get_bot("stixx", "reasoning")
    checked = 0
    for seed in range(6):
        log = play_bots("stixx", ["reasoning", "reasoning", "random", "reasoning"], seed)
        for stop in range(0, len(log["moves"]), 3):
            short = dict(log, moves=log["moves"][:stop], finished=False)
            table = Table.resume(short)
            state = table.state
            seat = state.seat
            hidden = [s for s in range(4) if s != seat and state.revealed_at[s] is None]
            excluded = {(target, colour) for _, _, target, colour, correct in state.challenges if not correct}
            spare = [c for c in range(6) if c not in state.secret]
            for other in hidden:
                for colour in spare:
                    if (other, kit.colours[colour]) in excluded:
                        continue
                    choice = next(state.turn())
                    answers = []
                    for secret in (list(state.secret), None):
                        if secret is None:
                            secret = list(state.secret)
                            secret[other] = colour
                        real, state.secret = state.secret, secret
                        bot = bot_class(table.game, log["rules"], seat, random.Random(7))
                        answers.append(bot.choose(state.view(seat), choice))
                        state.secret = real
                    assert answers[0] == answers[1]
                    checked += 1
    assert checked > 50


def test_reasoning_bot_reading_kept_between_turns_is_exact(kit):
    """What the bot keeps from turn to turn (its reading of the takes, the
    stixx left of each colour) equals a reading made afresh from its view."""
    from stixxcli_games.stixx.bots import Reading

    players = [{"name": f"r{seat}", "bot": "reasoning"} for seat in range(4)]
    table = Table.new(kit.game, kit.rules(), "standard", players, "reading")
    checked = 0
    while not table.over:
        seat = table.state.seat
        view = table.state.view(seat)  # what the bot reads at the start of its turn
        table.play_turn()
        kept = table.bots[seat].reading
        fresh = Reading(kept.touches, view["layout"], 4, kit.colours)
        fresh.update(view["takes"], seat)
        assert (kept.score, kept.held, kept.on_board) == (fresh.score, fresh.held, fresh.on_board)
        assert kept.left_of == [
            sum(1 for s in view["on_board"] if fresh.layout[s] == c) for c in range(len(kit.colours))
        ]
        checked += 1
    assert checked > 10


def _near_afresh(state) -> list[list[int]]:
    """The stixx on the board touching each stixx, by colour, counted from the state."""
    counts = [[0] * len(state.colours) for _ in range(state.board.size)]
    for s, near in enumerate(counts):
        for t in state.board.touches[s]:
            if state.on_board[t]:
                near[state.layout[t]] += 1
    return counts


def _reading_follows(log, seat=0) -> int:
    """A Reading kept over the whole of a game, asked at every turn: its counts of
    the stixx touching each stixx equal those made afresh. Returns the turns checked."""
    from stixxcli_games.stixx.bots import Reading

    reading, checked = None, 0
    for step in replay(log):
        view = step.state.view(seat)
        if reading is None:
            reading = Reading(
                step.state.board.touches, view["layout"], len(view["players"]), log["rules"]["colours"]
            )
        reading.update(view["takes"], seat)
        assert reading.near == _near_afresh(step.state)
        assert reading.left_of == [
            sum(1 for s in view["on_board"] if reading.layout[s] == c) for c in range(6)
        ]
        checked += 1
    return checked


def test_reasoning_bot_near_counts_follow_random_games():
    for players in (2, 3, 4, 6):
        for seed in range(3):
            log = play_bots("stixx", ["random"] * players, f"near-{players}-{seed}")
            assert _reading_follows(log, seed % players) > 5


def test_reasoning_bot_near_counts_follow_a_hand_made_game(kit):
    # A take, a wrong challenge, a reveal with two takes, a right challenge with two takes, a take.
    touches = kit.board.touches
    first = kit.board.centre_star[0]
    second, third = touches[first][0], touches[touches[first][0]][1]
    fourth = next(t for t in touches[third] if t not in (first, second))
    fifth = next(t for t in touches[fourth] if t not in (first, second, third))
    sixth = next(t for t in touches[fifth] if t not in (first, second, third, fourth))
    moves = [
        {"seat": 0, "option": "A", "takes": [first]},
        {"seat": 1, "option": "C", "target": 2, "colour": "red", "correct": False},
        {"seat": 2, "option": "B", "takes": [second, third]},
        {
            "seat": 0,
            "option": "C",
            "target": 1,
            "colour": "orange",
            "correct": True,
            "takes": [fourth, fifth],
        },
        {"seat": 1, "option": "A", "takes": [sixth]},
    ]
    log = kit.log(moves)
    assert check_log(json.loads(json.dumps(log))).valid
    assert _reading_follows(log, 0) == len(moves) + 1
    assert _reading_follows(log, 2) == len(moves) + 1


def test_reasoning_bot_challenges_and_reveals():
    options = {"B": 0, "C": 0, "right": 0}
    for seed in range(20):
        log = play_bots("stixx", ["reasoning", "reasoning", "reasoning"], seed)
        for move in log["moves"]:
            options[move["option"]] = options.get(move["option"], 0) + 1
            options["right"] += move.get("correct", False)
    assert options["C"] > 20 and options["B"] > 5
    assert options["right"] / options["C"] > 0.8  # it challenges when it is confident


def test_reasoning_bot_takes_its_own_colour(kit):
    state = kit.start(secret=["red", "blue", "green"])
    mine = kit.of("red")[0]
    marker = kit.board.touches[mine][0]
    others = [t for t in kit.board.touches[marker] if t != mine]
    kit.position(state, on_board={mine, *others, *range(20, 42)}, marker=marker)
    state.seat = 0
    bot = get_bot("stixx", "reasoning")(kit.game, kit.rules(), 0, random.Random(1))
    choice = next(state.turn())
    answer = bot.choose(state.view(0), choice)
    assert answer in choice.options
    assert mine in bot.plan + [answer.get("take")]  # taken now, or in its two takes


# Prompts at the terminal ----------------------------------------------------------


def test_notation_round_trip_and_parse(kit):
    log = play_bots("stixx", ["random", "random", "random"], 4)
    for step in list(replay(log))[:6]:
        state = step.state
        if state.over:
            break
        choice = next(state.turn())
        for option in choice.options:
            assert choice.parse(choice.notation(option)) == option
    state = kit.start()
    choice = next(state.turn())
    assert choice.parse("a 12") == {"option": "A", "take": 12}
    assert choice.parse("b") == {"option": "B"}
    assert choice.parse("C Bob y") == {"option": "C", "target": 1, "colour": "yellow"}
    assert choice.parse("c 2 purple") == {"option": "C", "target": 2, "colour": "purple"}
    for text, reason in [
        ("D", "A, B or C"),
        ("A", "A and its id"),
        ("A 99", "no stixx 99"),
        ("C 0 red", "that is you"),
        ("C 9 red", "no player"),
        ("C 1 pink", "not a colour"),
        ("C 1", "names a player"),
    ]:
        with pytest.raises(ValueError, match=reason):
            choice.parse(text)
    state.apply({"seat": 0, "option": "A", "takes": [12]})
    choice = next(state.turn())
    far = next(s for s in range(42) if s not in kit.board.touches[12] and s != 12)
    with pytest.raises(ValueError, match="does not touch the marker"):
        choice.parse(f"A {far}")
    with pytest.raises(ValueError, match="already taken"):
        choice.parse("A 12")


def test_a_human_turn_by_typed_notation(kit):
    state = kit.start(secret=["red", "blue", "green"])
    turn = state.turn()
    ask = next(turn)
    assert ask.question() == "option A, B or C, e.g. A 0 | B | C 1 red"
    ask = turn.send(ask.parse("B"))
    assert ask.name == "take" and ask.context["take"] == 1
    ask = turn.send(ask.parse("12"))
    assert ask.context["first take"] == 12 and 12 not in ask.options
    second = ask.options[0]
    with pytest.raises(StopIteration) as stop:
        turn.send(ask.parse(str(second)))
    move = stop.value.value
    assert move == {"seat": 0, "option": "B", "takes": [12, second]}
    state.apply(move)
    turn = state.turn()
    turn_ask = next(turn)
    with pytest.raises(ValueError, match="already revealed"):
        turn_ask.parse("C 0 red")
    with pytest.raises(StopIteration) as stop:
        turn.send(turn_ask.parse("C Cas red"))
    # The turn asks no one whether the challenge is right: the secret colours say so.
    assert stop.value.value == {"seat": 1, "option": "C", "target": 2, "colour": "red", "correct": False}


def test_play_at_the_command_line(stixx, tmp_path):
    out = tmp_path / "g.json"
    played = stixx(
        "play", "stixx", "--bot", "Ann:reasoning", "--bot", "Bob:random", "--seed", "9", "--out", out
    )
    assert played.exit_code == 0, played.output
    assert stixx("validate", out).exit_code == 0
    shown = stixx("replay", out, "--to", "3", "--as-player", "Bob")
    assert shown.exit_code == 0 and "Ann" in shown.output
    log = json.loads(out.read_text())
    ann = log["setup"]["secret_colours"][0]
    steps = stixx("replay", out, "--json", "--as-player", "1")
    for line in steps.output.splitlines():
        step = json.loads(line)
        colours = [p["colour"] for p in step["state"]["players"]]
        assert colours[1] == log["setup"]["secret_colours"][1]
        assert colours[0] in (None, ann)
        assert (colours[0] == ann) == (step["state"]["players"][0]["revealed_at"] is not None)


# Hidden information ---------------------------------------------------------------


def test_view_and_render_hide_other_colours(kit):
    from rich.console import Console

    state = kit.start(secret=["purple", "blue", "green"])
    state.apply({"seat": 0, "option": "A", "takes": [0]})
    view = state.view(1)
    assert [p["colour"] for p in view["players"]] == [None, "blue", None]
    assert [p["score"] for p in view["players"]] == [None, 0, None]
    assert "purple" not in json.dumps(view["players"]) and "green" not in json.dumps(view["players"])
    assert [p["colour"] for p in state.view()["players"]] == ["purple", "blue", "green"]

    def text(viewer):
        console = Console(width=100, record=True, file=open("/dev/null", "w"))
        console.print(state.render(viewer))
        return console.export_text()

    seen = text(1)
    rows = {name: next(line for line in seen.splitlines() if f" {name} " in line) for name in ("Ann", "Cas")}
    assert "blue (yours, secret)" in seen
    assert all("?" in row and "purple" not in row and "green" not in row for row in rows.values())
    everything = text(None)
    assert (
        "p purple" in everything.split("M the marker")[1] and "g green" in everything.split("M the marker")[1]
    )
    for s in range(1, 42):
        assert f"{kit.layout[s][0]}{s}" in seen  # every stixx on the board: its colour letter and id
    # A right challenge reveals to all.
    move = {
        "seat": 1,
        "option": "C",
        "target": 0,
        "colour": "purple",
        "correct": True,
        "takes": [kit.board.touches[0][0], kit.board.touches[kit.board.touches[0][0]][1]],
    }
    state.apply(move)
    assert state.view(2)["players"][0]["colour"] == "purple"
    assert [p["colour"] for p in state.view(1)["players"]] == ["purple", "blue", None]


def test_a_colour_hidden_to_the_end_is_told_revealed_at_the_end(kit, stixx, tmp_path):
    # Colours still hidden at the end are revealed together at the end (the
    # score and the picture say "at the end"); the table said "hidden" beside them.
    layout = ["red", "orange", "red", "orange", "yellow", "yellow"]
    layout += ["green", "green", "blue", "purple", "blue", "purple"]
    rules = kit.rules(board_radius=1, stixx_per_colour=2)
    # Stixx 1, 2, 3 and 4 taken, 0 touches none of the stixx left: the marker is isolated.
    moves = [{"seat": n % 2, "option": "A", "takes": [s]} for n, s in enumerate([1, 2, 3, 4, 0])]
    log = tmp_path / "g.json"
    log.write_text(json.dumps(kit.log(moves, players=2, layout_=layout, rules_=rules, finished=True)))

    def rows(*viewer):
        shown = stixx("replay", log, "--to", "5", "--no-color", *viewer)
        assert shown.exit_code == 0 and "marker isolated" in shown.output
        return {
            name: next(r for r in shown.output.splitlines() if f" {name} " in r) for name in ("Ann", "Bob")
        }

    table = rows()
    assert "r red" in table["Ann"] and "at the end" in table["Ann"] and "hidden" not in table["Ann"]
    assert "o orange" in table["Bob"] and "at the end" in table["Bob"]
    ann = rows("--as-player", "Ann")  # Bob's colour stays hidden from Ann's view
    assert "?" in ann["Bob"] and "orange" not in ann["Bob"] and "at the end" not in ann["Bob"]


def test_render_empties_taken_places(kit):
    from rich.console import Console
    from stixxcli_games.stixx.render import draw_board

    from stixxcli.colours import marker_style

    state = kit.start()
    before = draw_board(state).plain
    state.apply({"seat": 0, "option": "A", "takes": [41]})
    state.apply({"seat": 1, "option": "A", "takes": [40]})
    after = draw_board(state).plain
    assert "41" in before and "41" not in after  # taken: its place is empty
    assert "40" in after  # the marker lies there, drawn grey
    marker_spans = [span for span in draw_board(state).spans if str(span.style) == marker_style()]
    assert marker_spans
    assert "•" in after and after.count("\n") == before.count("\n")
    Console(file=open("/dev/null", "w")).print(state.render(None))


def test_second_take_prompt_follows_the_marker(kit):
    state = kit.start()
    turn = state.turn()
    next(turn)
    first = turn.send({"option": "B"})
    assert "any stixx" in first.question()
    second = turn.send(12)
    assert "touching the marker" in second.question()
    with pytest.raises(ValueError, match="first take: its place is empty"):
        second.parse("12")
    far = next(s for s in range(42) if s not in kit.board.touches[12] and s != 12)
    with pytest.raises(ValueError, match="does not touch the marker"):
        second.parse(str(far))


def test_prompts_say_the_challenge_outcome_and_the_marker(kit):
    state = kit.start(secret=["red", "blue", "green"])
    state.apply({"seat": 0, "option": "A", "takes": [12]})
    turn = state.turn()
    next(turn)
    first = turn.send({"option": "C", "target": 2, "colour": "green"})
    assert first.question().startswith(
        "right, Cas is green! take 1 of 2: a stixx touching the marker (on 12)"
    )
    one = first.options[0]
    second = turn.send(one)
    assert f"take 2 of 2: a stixx touching the marker (now on {one})" in second.question()


def test_the_table_hears_each_move():
    import json
    from pathlib import Path

    from stixxcli.replays import replay

    log = json.loads((Path(__file__).parents[2] / "examples" / "stixx" / "2-players.json").read_text())
    news = [step.state.announce(step.move) for step in replay(log) if step.move]
    assert news[0] == "reasoning-0 takes 18 (purple)."
    assert news[1] == "random-1 challenges reasoning-0 with orange: wrong; reasoning-0 plays next."
    assert news[2] == "reasoning-0 reveals purple and takes 27 (green), 29 (purple)."
    assert news[-1].endswith(".") and "The game is over" in news[-1]


def test_dealt_chances_are_the_plain_loop_to_the_last_bit():
    """The colour chances worked out in C equal, bit for bit, the plain loop
    over every deal they replace (zero likelihoods and all-zero deals too)."""
    import math
    from itertools import permutations
    from operator import getitem

    from stixxcli_games.stixx.deals import dealt_chances

    def plain(likes, free):
        rows = [[0.0] * len(likes[0]) for _ in likes]
        total = 0.0
        for deal in permutations(free, len(likes)):
            weight = math.prod(map(getitem, likes, deal), start=1.0)
            if weight:
                total += weight
                for row, c in zip(rows, deal):
                    row[c] += weight
        return [[x / total for x in row] for row in rows] if total else None

    rng = random.Random(16)
    checked = 0
    for _ in range(400):
        free = tuple(sorted(rng.sample(range(6), rng.randint(1, 6))))
        hidden = rng.randint(1, len(free) + 1)
        likes = [
            [0.0 if c not in free or rng.random() < 0.15 else math.exp(-rng.random() * 8) for c in range(6)]
            for _ in range(hidden)
        ]
        assert dealt_chances(likes, free) == plain(likes, free)
        checked += dealt_chances(likes, free) is not None
    assert checked > 200


def test_the_view_keeps_its_takes_up_to_date_and_hands_out_copies():
    """At every turn of random games, the takes of the view (kept between
    views) equal those made afresh, and changing a view changes no other."""
    for players in (2, 4, 6):
        for seed in range(2):
            log = play_bots("stixx", ["random"] * players, f"takes-{players}-{seed}")
            for step in replay(log):
                state = step.state
                fresh = [
                    {"seat": seat, "stixx": s, "colour": state.layout_names[s]} for seat, s in state.takes
                ]
                view = state.view(0)
                assert view["takes"] == fresh
                for take in view["takes"]:
                    take["colour"] = "scribbled"
                assert state.view(1)["takes"] == fresh


def test_dealt_chances_of_many_colours_are_read_without_listing_every_deal(monkeypatch):
    """42 colours of one stixx each, 5 hidden seats: the 41*40*39*38*37 deals
    once filled the memory. Too many deals: each seat is read on its own."""
    from stixxcli_games.stixx import deals

    def refused(free, seats):
        raise AssertionError(f"listed every deal of {len(free)} colours to {seats} seats")

    monkeypatch.setattr(deals, "permutations", refused)
    free = tuple(range(1, 42))
    likes = [[0.0] + [1.0 + (c == seat) for c in free] for seat in range(5)]
    rows = deals.dealt_chances(likes, free)
    assert all(math.isclose(sum(row), 1.0) for row in rows)
    assert rows[0][0] == 0.0 and rows[2][2] == max(rows[2])
