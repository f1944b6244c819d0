"""At the table: every move told in plain words, `help` that explains and
groups, `discard` refused while a play is legal, a real box's hands and draws
typed in (checked against what the reserve can still hold), and a whole game
played at a terminal with every chance typed in."""

import json
import os
import random
import sys

import pytest
from trixo_helpers import Script, game, rulebook_diagonal

from stixxcli.check import check_log
from stixxcli.replays import replay
from stixxcli.rules import resolve
from stixxcli.table import play_bots

# Every move told ------------------------------------------------------------------


def told(script: Script, text: str, draw=None) -> str:
    move = script.move(text, draw)
    script.play(text, draw=draw)
    return script.state.announce(move)


def test_placements_stacks_and_collections_are_told():
    s = Script([["x", "x", "x", "x"], ["o", "o", "trixo", "o"]], reserve=["o"])
    assert told(s, "x 0 0", draw="o") == "ann places x at 0,0."
    assert told(s, "o 0 0") == "bob stacks o on the x at 0,0."
    assert told(s, "x 0 1") == "ann places x at 0,1."
    assert told(s, "o 1 0") == "bob places o at 1,0."
    assert told(s, "x 0 0") == "ann stacks x on the o at 0,0."
    assert told(s, "o 1 1") == "bob places o at 1,1."
    # Row 0 shows x x, then x: ann collects the stack x-o-x and two single tiles.
    assert told(s, "x 0 2") == "ann places x at 0,2 and collects 5 tiles."


def test_a_slide_and_a_set_aside_are_told_and_the_end_with_the_winner():
    s = Script([["arrow", "arrow"], ["x", "o"]])
    assert told(s, "discard arrow") == "ann has no legal play and sets an arrow tile aside."
    assert told(s, "x 0 0") == "bob places x at 0,0."
    assert told(s, "arrow row 0 right") == "ann slides row 0 right with an arrow."
    assert told(s, "o 0 0") == "bob places o at 0,0. The game is over: ann and bob win with 0 tiles."
    log = play_bots("trixo", ["greedy", "random", "greedy", "random"], 3, variant="teams")
    *_, last = replay(log)
    news = last.state.announce(last.move)
    winners = " and ".join(
        "+".join(log["players"][s]["name"] for s in (t, t + 2))
        for t in (0, 1)
        if log["result"]["places"][t] == 1
    )
    assert news.endswith(
        f"The game is over: {winners} win with {log['result']['scores'][0 if 'greedy-0' in winners else 1]} tiles."
    )


def test_no_announcement_names_the_tile_drawn():
    log = play_bots("trixo", ["random"] * 3, 21)
    for step in replay(log):
        if step.move:
            news = step.state.announce(step.move)
            assert news.endswith(".") and "draw" not in news
            if "discard" not in step.move:
                assert step.move["tile"] in news


def test_a_replayed_move_names_what_it_collects_when_the_log_does_not_record_it():
    # `collected` is optional in a log: a log typed by hand said nothing of the
    # tiles the rulebook's slide collects in `replay` and the replay page.
    s = rulebook_diagonal().play("arrow row 2 right")
    assert "collected" not in s.log["moves"][-1]
    texts = [step.state.move_text(step.move) for step in replay(s.log) if step.move]
    assert texts[0] == "x 0 0" and texts[-1] == "arrow row 2 right, collects 3"


# help --------------------------------------------------------------------------------


def test_help_explains_the_notation_and_groups_the_plays_within_80_columns():
    s = Script([["x", "arrow", "o", "o"], ["o", "x", "trixo", "x"]]).play("x 0 0", "o 0 1", "o -1 0", "x 1 1")
    choice = next(s.state.turn())
    text = s.state.help(choice)
    lines = text.splitlines()
    assert all(len(line) < 80 for line in lines)
    assert "x 0 1" in text and "arrow row 0 left" in text  # examples of the notation
    grouped = {line.split()[0]: line for line in lines if line.startswith("  ") and line[2] != " "}
    assert set(grouped) == {"arrow", "o"}  # one group per tile in hand, arrows as slides
    assert "row 0 left" in grouped["arrow"] and "0,0" in grouped["o"]
    everything = s.state.help(choice, all=True)
    listed = " | ".join(
        line.strip().rstrip(" |") for line in everything.split("Your legal plays:")[1].splitlines()[1:]
    )
    assert listed.split(" | ") == [choice.notation(o) for o in choice.options]
    assert all(len(line) < 80 for line in everything.splitlines())


@pytest.mark.parametrize(
    ("max_stack", "said", "not_said"),
    [(3, "at most 3 high", "no stacking"), (5, "at most 5 high", "3 high"), (1, "no stacking", "3 high")],
)
def test_help_tells_the_stacking_of_these_rules(max_stack, said, not_said):
    # A house rule's max_stack: help told "at most 3 high" whatever the rules said.
    s = Script([["x", "o"], ["o", "x"]], max_stack=max_stack).play("x 0 0")
    choice = next(s.state.turn())
    text = s.state.help(choice)
    assert said in text and not_said not in text
    assert all(len(line) < 80 for line in text.splitlines())


def test_help_when_a_tile_must_be_set_aside():
    s = Script([["arrow", "x"], ["o", "o"]])
    s.state.hands[0] = ["arrow"]  # an empty table: no slide moves anything
    choice = next(s.state.turn())
    assert choice.name == "discard"
    text = s.state.help(choice)
    assert "No play is legal" in text and "discard o" in text and "You may set aside: arrow" in text


# discard at the play prompt -------------------------------------------------------------


def test_discard_typed_while_a_play_is_legal_is_refused_with_the_rule():
    s = Script([["x", "o"], ["o", "x"]])
    choice = next(s.state.turn())
    with pytest.raises(ValueError) as refused:
        choice.parse("discard o")
    assert str(refused.value) == "you have a legal play: a tile is set aside only when none is legal"
    assert choice.parse("x 0 0") == {"seat": 0, "tile": "x", "cell": [0, 0]}


def test_a_cell_is_typed_as_the_table_labels_it_too():
    # The board and help label cells 0,0: `x 0,0` was refused ("a placement is: tile row column").
    s = Script([["x", "o"], ["o", "x"]])
    choice = next(s.state.turn())
    for typed in ("x 0,0", "x 0, 0", "X 0 0"):
        assert choice.parse(typed) == {"seat": 0, "tile": "x", "cell": [0, 0]}, typed


def test_prompts_fit_in_80_columns():
    s = Script([["x", "o"], ["o", "x"]], reserve=["x"])
    turn = s.state.turn()
    choice = next(turn)
    assert len(f"ann, {choice.question()}: ") < 80
    draw = turn.send(choice.options[0])
    assert len(f"chance: {draw.prompt} (for ann alone to see): ") < 80
    deal = game().setup(resolve(game(), "standard").values, ["Annabel", "Bob"])
    assert len(f"chance: {next(deal).prompt} (for Annabel alone to see): ") < 80


# A real box's hands and draws -------------------------------------------------------------


def test_typed_hands_and_draws_are_checked_against_what_is_left():
    trixo = game()
    deal = trixo.setup(resolve(trixo, "standard").values, ["ann", "bob"])
    first = next(deal)
    with pytest.raises(ValueError, match="the game has only 3 arrow tiles, not 4"):
        first.parse("a a a a")
    second = deal.send(first.parse("arrow arrow arrow x"))
    # How many are left to deal is not said: that would tell ann's hand to bob.
    with pytest.raises(ValueError, match="^1 arrow tile cannot be dealt now: check the tiles you picked$"):
        second.parse("arrow o o o")
    with pytest.raises(ValueError, match="'q' is not a tile"):
        second.parse("q o o o")
    s = Script([["x"], ["o"]], reserve=["trixo", "x"])
    turn = s.state.turn()
    draw = turn.send(next(turn).options[0])
    # No hand holds an arrow, and the reserve none: every arrow is in sight.
    with pytest.raises(
        ValueError, match="^no arrow tile is left to draw: every one is on the table, collected"
    ):
        draw.parse("arrow")
    assert draw.parse("T") == "trixo"


def test_a_draw_refused_never_lists_the_reserve():
    """bob holds the o tiles the reserve lacks: the refusal says neither
    that nor what the reserve holds (1 x, 1 trixo would tell bob's hand)."""
    s = Script([["x"], ["o"]], reserve=["trixo", "x"])
    turn = s.state.turn()
    draw = turn.send(next(turn).options[0])
    with pytest.raises(ValueError) as refused:
        draw.parse("o")
    assert str(refused.value) == "no o tile can be drawn now: check the tile you drew"


# A whole game at a terminal, every chance typed in ------------------------------------------

pexpect = pytest.importorskip("pexpect")


def test_a_game_with_every_tile_typed_in_at_a_terminal(tmp_path):
    """Ann at the keyboard against a greedy bot, the hands and every draw typed
    from a shuffled real box; Ann tries to discard, asks for help, and plays the
    first legal play it lists."""
    tiles = resolve(game(), "standard").values["tiles"]
    box = [tile for tile, n in tiles.items() for _ in range(n)]
    random.Random(7).shuffle(box)
    env = dict(os.environ, NO_COLOR="1", TERM="xterm", COLUMNS="80", LINES="40")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "stixxcli", "play", "trixo", "--player", "Ann", "--bot", "Bob:greedy", "--seed", "7",
         "--chance", "manual", "--out", "t.json"],
        cwd=str(tmp_path), env=env, encoding="utf-8", timeout=60, dimensions=(40, 80),
    )  # fmt: skip
    output, refused, helped = "", False, 0
    while True:
        text = ""
        while True:
            waiting = text.endswith((": ", "> "))
            try:
                text += child.read_nonblocking(65536, timeout=0.2 if waiting else 60)
            except pexpect.TIMEOUT:
                if waiting:
                    break
                raise
            except pexpect.EOF:
                output += text
                text = None
                break
        if text is None:
            break
        output += text
        # The question: on the prompt's line, or on the line above a short prompt.
        last = " ".join(text.splitlines()[-2:])
        if "picks" in last:
            child.sendline(" ".join(box.pop() for _ in range(4)))
        elif "draws" in last:
            child.sendline(box.pop())
        elif "no play is legal" in last:
            child.sendline("discard " + ("arrow" if "arrow" in text else "x"))
        elif text.endswith(("Ann> ", ": ")) and "Ann" in last:
            if not refused:
                refused = True
                child.sendline("discard x")
                continue
            child.sendline("help all")
            helped += 1
            listing = ""
            while not listing.endswith((": ", "> ")):
                listing += child.read_nonblocking(65536, timeout=60)
            output += listing
            listed = listing.split("Your legal plays:")[1].splitlines()[1:]
            plays = " ".join(line for line in listed if line.startswith(" ")).split(" | ")
            child.sendline(plays[0].strip(" |"))
        else:
            raise AssertionError(f"an unexpected prompt: {text[-300:]}")
    child.close()
    assert child.exitstatus == 0, output[-2000:]
    assert "you have a legal play: a tile is set aside only when none is legal" in output
    assert "Bob places" in output or "Bob stacks" in output
    log = json.loads((tmp_path / "t.json").read_text())
    verdict = check_log(log)
    assert verdict.valid and log["finished"], verdict.line()
    assert not box and helped >= 10 and len(log["moves"]) == 36


def test_a_long_paste_is_not_repeated_whole_in_the_reason():
    from stixxcli_games.trixo.notation import tile_name

    with pytest.raises(ValueError) as refused:
        tile_name("x" * 10_000)
    assert len(str(refused.value)) < 100 and "is not a tile" in str(refused.value)


def test_a_hand_refused_says_the_games_count_in_the_singular():
    trixo = game()
    rules = dict(resolve(trixo, "standard").values, tiles={"x": 14, "o": 14, "trixo": 5, "arrow": 1})
    deal = trixo.setup(rules, ["ann", "bob"])
    with pytest.raises(ValueError, match="the game has only 1 arrow tile, not 2"):
        next(deal).parse("arrow arrow o o")
    without = dict(rules, tiles={"x": 14, "o": 14, "trixo": 5})
    with pytest.raises(ValueError, match="the game has no arrow tiles, not 1"):
        next(trixo.setup(without, ["ann", "bob"])).parse("arrow o o o")
