"""At the table: the board typed in, help, what the table hears, the standing
that explains itself, lazy choices, and bots that see only their seat."""

import json
import random
from collections.abc import Mapping

import pytest
from stixxcli_games.stixx.board import board
from stixxcli_games.stixx.layout import conflicts
from stixxcli_games.stixx.notation import numbering, parse_layout
from stixxcli_games.stixx.state import Options

from stixxcli.check import check_log
from stixxcli.game import Bot, State
from stixxcli.table import play_bots

COLOURS = ["red", "orange", "yellow", "green", "blue", "purple"]


# The real board typed in ------------------------------------------------------------


def parse(text, colours=COLOURS):
    return parse_layout(text, colours, board(2), 7, True)


def test_layout_as_letters_in_groups_or_as_names(kit):
    letters = "".join(c[0] for c in kit.layout)
    grouped = " ".join(letters[i : i + 7] for i in range(0, 42, 7)).upper()
    assert parse(letters) == parse(grouped) == parse(", ".join(kit.layout)) == kit.layout
    assert parse(" ".join(c[:2] for c in kit.layout)) == kit.layout  # first letters of names


@pytest.mark.parametrize(
    "change, reason",
    [
        (lambda s: s[:-1], "42 colour letters are needed, one per stixx, not 41"),
        (lambda s: s + "r", "42 colour letters are needed, one per stixx, not 43"),
        (lambda s: "red orange", "42 colours are needed, one per stixx, not 2"),
        (lambda s: "r" + s[1:] if s[0] != "r" else "o" + s[1:], "stixx_per_colour"),
        (lambda s: s[:20] + "x" + s[21:], r"'x' \(stixx 20\) is not a colour letter: r o y g b p"),
    ],
)
def test_layout_typed_wrong_is_refused_with_the_reason(kit, change, reason):
    letters = "".join(c[0] for c in kit.layout)
    with pytest.raises(ValueError, match=reason):
        parse(change(letters))


def test_layout_with_a_broken_centre_star_is_refused(kit):
    layout = list(kit.layout)
    star, outer = kit.board.centre_star[0], next(s for s in range(42) if s not in kit.board.centre_star)
    other = next(s for s in kit.board.centre_star if layout[s] == layout[outer])
    layout[star], layout[outer] = layout[outer], layout[star]  # two of one colour in the star now
    assert layout[star] == layout[other]
    with pytest.raises(ValueError, match="centre star"):
        parse("".join(c[0] for c in layout))


def test_touching_colours_typed_in_are_a_warning_not_an_error(kit):
    layout = list(kit.layout)
    a = next(s for s in range(42) if s not in kit.board.centre_star)
    b = next(t for t in kit.board.touches[a] if t not in kit.board.centre_star and layout[t] != layout[a])
    c = next(s for s in range(42) if s not in kit.board.centre_star and s != a and layout[s] == layout[a])
    layout[b], layout[c] = layout[c], layout[b]
    assert parse("".join(x[0] for x in layout)) == layout  # accepted
    state = kit.start(layout_=layout)
    pairs = conflicts(kit.board, [COLOURS.index(x) for x in layout])
    assert pairs and len(state.warnings) == len(pairs)
    assert f"stixx {min(a, b)} and {max(a, b)} touch" in " ".join(state.warnings)


def test_layout_warnings_are_listed_at_the_start_then_counted_in_a_line(kit):
    # A typed-in board may hold many touching pairs: listed every turn, they
    # pushed the board off the screen at each prompt.
    from rich.console import Console

    layout = [kit.colours[s % 6] for s in range(42)]
    for star, colour in zip(kit.board.centre_star, kit.colours):  # a full centre star
        other = next(s for s in range(42) if s not in kit.board.centre_star and layout[s] == colour)
        layout[star], layout[other] = layout[other], layout[star]
    state = kit.start(layout_=layout)
    assert len(state.warnings) > 2

    def shown(state):
        console = Console(record=True, width=100, color_system=None)
        console.print(state.render(0))
        return [line for line in console.export_text().splitlines() if "layout warning" in line]

    assert len(shown(state)) == len(state.warnings)
    state.apply({"seat": 0, "option": "A", "takes": [0]})
    assert shown(state) == [
        f"layout warning: {len(state.warnings)} pairs of touching stixx share a colour (listed at the start)"
    ]


def test_colours_sharing_an_initial_are_typed_as_names():
    colours = ["red", "rose", "yellow", "green", "blue", "purple"]
    layout = [colours[s % 6] for s in range(42)]  # counts right, the star aside
    with pytest.raises(ValueError, match="could be red or rose"):
        parse_layout(" ".join(c[0] for c in layout), colours, board(2), 7, False)
    assert parse_layout(" ".join(layout), colours, board(2), 7, False) == layout


def test_the_layout_prompt_shows_the_numbering_and_the_letters(kit):
    questions = kit.game.setup(kit.rules(), ["Ann", "Bob"])
    layout = next(questions)
    assert layout.seat is None and numbering(board(2)) in layout.prompt
    assert "r red, o orange, y yellow, g green, b blue, p purple" in layout.prompt
    assert all(len(line) < 80 for line in layout.prompt.splitlines())
    ann = questions.send(kit.layout)
    assert ann.seat == 0 and "Ann" in ann.prompt  # a private outcome: only Ann sees it
    bob = questions.send(ann.parse("p"))
    # Bob's prompt names every colour: the tokens left would give Ann's away.
    assert bob.seat == 1 and bob.prompt == ann.prompt.replace("Ann", "Bob")
    assert all(colour in bob.prompt for colour in COLOURS)
    with pytest.raises(ValueError, match="cannot be drawn now: check the token you drew") as refused:
        bob.parse("purple")
    assert "left" not in str(refused.value) and "another player" not in str(refused.value)


def test_a_game_with_its_board_and_tokens_typed_in_plays_to_the_end(stixx, tmp_path):
    drawn = play_bots("stixx", ["reasoning", "random"], 3)
    letters = " ".join("".join(c[0] for c in drawn["setup"]["layout"][i : i + 7]) for i in range(0, 42, 7))
    typed = "\n".join([letters, *drawn["setup"]["secret_colours"]]) + "\n"
    out = tmp_path / "table.json"
    args = ("play", "stixx", "--bot", "A:reasoning", "--bot", "B:random", "--chance", "manual")
    played = stixx(*args, "--seed", 3, "--out", out, input=typed)
    assert played.exit_code == 0, played.output
    log = json.loads(out.read_text())
    assert log["setup"] == drawn["setup"] and log["finished"]
    assert check_log(log).valid


# Help and notation ------------------------------------------------------------------


def test_help_explains_and_groups_the_choices_within_80_columns(kit):
    state = kit.start(players=6, secret=COLOURS)
    state.apply({"seat": 0, "option": "A", "takes": [12]})
    choice = next(state.turn())
    short, everything = state.help(choice), state.help(choice, all=True)
    for text in (short, everything):
        assert all(len(line) < 80 for line in text.splitlines())
        assert "e.g. A " in text and "e.g. C " in text
        assert "A  take one of: " + " ".join(map(str, choice.options.takes)) in " ".join(
            text.split("\n     ")
        )
    assert "challenge 0 (Ann) or 2 (Cas) or 3 (Dee) or 4 (Eve) or 5 (Fay)" in " ".join(short.split())
    listed = " ".join(everything.split())
    challenges = [o for o in choice.options if o["option"] == "C"]
    assert len(challenges) == 30
    assert all(choice.notation(o) in listed for o in challenges)
    assert "help all" in short and "help all" not in everything


def test_help_at_the_prompt_keeps_to_a_60_column_terminal(stixx, tmp_path):
    """The help is laid out for 80 columns; a 60-column terminal broke its lines
    mid-word (`e` / `.g. A 0`). Each line too long is broken between words,
    going on under its own text with the lines that went on with it, and every
    word is still there."""
    answers = {}
    for columns in ("80", "60"):
        args = ("play", "stixx", "--player", "Ann", "--bot", "Bob:random", "--seed", 3)
        played = stixx(
            *args, "--out", tmp_path / f"{columns}.json", input="help\nq\n", env={"COLUMNS": columns}
        )
        asked = played.output[played.output.index("(help: how to answer") :]
        answers[columns] = asked[asked.index("A id") : asked.index("Type 'help all'")]
    lines = answers["60"].splitlines()
    assert max(len(line) for line in lines) <= 60, answers["60"]
    assert answers["60"].split() == answers["80"].split()
    assert "A id           take one stixx touching the marker e.g. A 0" in lines
    at = lines.index("C seat colour  challenge a player (seat or name) to be a")
    assert lines[at + 1 : at + 4] == [  # its sentence goes on under its text, as one
        "               colour: if right, their colour is revealed",
        "               and you take two; if wrong, the turn passes",
        "               to them e.g. C 1 red",
    ]


def test_help_of_a_take_names_the_marker_and_the_stixx(kit):
    state = kit.start()
    turn = state.turn()
    next(turn)
    first = turn.send({"option": "B"})
    assert "may be any stixx" in state.help(first)
    second = turn.send(12)
    text = state.help(second)
    assert "now on 12" in text and " ".join(map(str, second.options)) in text
    revealed = kit.start(players=2)
    revealed.apply({"seat": 0, "option": "B", "takes": [12, revealed.takeable(12, 12)[0]]})
    revealed.apply({"seat": 1, "option": "A", "takes": [revealed.takeable(revealed.marker)[0]]})
    text = revealed.help(next(revealed.turn()))
    assert "B  no: your colour is already revealed" in text
    assert "C  challenge 1 (Bob), naming one of:" in text
    revealed.apply({"seat": 0, "option": "A", "takes": [revealed.takeable(revealed.marker)[0]]})
    one = revealed.takeable(revealed.marker)[0]
    revealed.apply({"seat": 1, "option": "B", "takes": [one, revealed.takeable(one, one)[0]]})
    assert not revealed.over
    assert "C  no one: every opponent's colour is revealed" in revealed.help(next(revealed.turn()))


def test_prompts_fit_a_line_and_are_built_only_when_asked(kit):
    state = kit.start()
    turn = state.turn()
    option = next(turn)
    assert len(f"Cas, {option.question()} ('help' lists the choices)") < 80
    first = turn.send({"option": "B"})
    assert callable(first.prompt)  # made for a person only
    assert len(first.question()) < 60


# What the table hears ----------------------------------------------------------------


def test_every_kind_of_move_is_told_and_no_secret_is(kit):
    state = kit.start(secret=["red", "blue", "green"])
    heard = []

    def play(move):
        state.apply(move)
        heard.append(state.announce(move))

    one = kit.board.touches[0][0]
    play({"seat": 0, "option": "A", "takes": [0]})
    play({"seat": 1, "option": "C", "target": 2, "colour": "purple", "correct": False})
    play({"seat": 2, "option": "B", "takes": [one, kit.board.touches[one][1]]})
    marker = state.marker
    first = next(t for t in kit.board.touches[marker] if state.on_board[t])
    second = next(t for t in kit.board.touches[first] if state.on_board[t] and t != first)
    play({"seat": 0, "option": "C", "target": 1, "colour": "blue", "correct": True, "takes": [first, second]})
    assert heard[0] == f"Ann takes 0 ({kit.layout[0]})."
    assert heard[1] == "Bob challenges Cas with purple: wrong; Cas plays next."
    assert heard[2].startswith("Cas reveals green and takes ")
    assert heard[3].startswith(f"Ann challenges Bob with blue: right, and takes {first} (")
    # Ann's colour, red, is secret: nothing said so far names it as hers.
    assert all("Ann reveals" not in h and "is red" not in h for h in heard)
    ending = kit.start(secret=["red", "blue", "green"])
    kit.position(ending, on_board={0, 41}, marker=None)
    ending.seat = 0
    ending.apply({"seat": 0, "option": "A", "takes": [0]})
    said = ending.announce({"seat": 0, "option": "A", "takes": [0]})
    assert said == f"Ann takes 0 ({kit.layout[0]}). The game is over: marker isolated."


# The standing explains itself --------------------------------------------------------


def test_reveals_are_data_and_text_and_hidden_until_the_end(kit):
    state = kit.start(secret=["red", "blue", "green"])
    state.apply({"seat": 0, "option": "B", "takes": [0, kit.board.touches[0][0]]})
    nxt = next(t for t in kit.board.touches[state.marker] if state.on_board[t])
    after = next(t for t in kit.board.touches[nxt] if state.on_board[t] and t != nxt)
    state.apply(
        {"seat": 1, "option": "C", "target": 2, "colour": "green", "correct": True, "takes": [nxt, after]}
    )
    breakdown = state.result().breakdown
    assert breakdown[0]["reveal"] == {"turn": 1, "order": 1, "how": "B"}
    assert (breakdown[0]["revealed"], breakdown[0]["revealed_by"]) == ("turn 1 (1st)", "option B")
    assert breakdown[2]["reveal"] == {"turn": 2, "order": 2, "how": "challenge", "by": 1}
    assert (breakdown[2]["revealed"], breakdown[2]["revealed_by"]) == (
        "turn 2 (2nd)",
        "Bob's right challenge",
    )
    assert breakdown[1]["reveal"] is None and breakdown[1]["revealed_by"] is None
    assert breakdown[1]["revealed"] == "hidden"  # unfinished
    state.over = True
    assert state.result().breakdown[1]["revealed"] == "at the end"


def test_each_place_says_which_rule_decided_it(kit):
    state = kit.start(players=4, secret=["red", "blue", "green", "yellow"])
    kit.position(
        state,
        on_board=set(range(42)),
        marker=None,
        held={
            0: {"red": 4},  # first on its own score
            1: {"blue": 2, "red": 3},  # tied with seat 2 on 2; more of another colour
            2: {"green": 2, "red": 1},  # tied with seat 3 on 2 and 1: revealed later
            3: {"yellow": 2, "red": 1},
        },
    )
    state._reveal(3, 4, {"how": "B"})
    result = state.result()
    assert result.places == [1, 2, 3, 4]
    assert [b["decided_by"] for b in result.breakdown] == [
        "own colour",
        "most of another colour",
        "revealed last",
        "revealed last",
    ]
    state.reveals[3], state.reveal_order = None, []  # both hidden: a shared place
    assert [b["decided_by"] for b in state.result().breakdown][2:] == ["shared", "shared"]


def test_a_log_scored_before_the_new_keys_keeps_every_value_it_recorded():
    """examples/stixx/2-players.json as it was before `revealed_by`,
    `reveal` and `decided_by`: the game gives the same scores and places,
    and the same value for every breakdown key the log recorded."""
    from pathlib import Path

    from stixxcli.engine import apply_move, open_game

    log = json.loads((Path(__file__).parent / "logs" / "2-players-scored-before-decided-by.json").read_text())
    game, state = open_game(log)
    for move in log["moves"]:
        apply_move(game, state, move)
    now = state.result().to_json()
    recorded = log["result"]
    assert [now[k] for k in ("scores", "places", "winners")] == [
        recorded[k] for k in ("scores", "places", "winners")
    ]
    for old, new in zip(recorded["breakdown"], now["breakdown"]):
        assert {k: new[k] for k in old} == old
        assert set(new) - set(old) == {"revealed_by", "decided_by", "reveal"}


def test_example_logs_validate_with_the_breakdown_they_record():
    from pathlib import Path

    for path in sorted((Path(__file__).parents[2] / "examples" / "stixx").glob("*.json")):
        log = json.loads(path.read_text())
        verdict = check_log(log)
        assert verdict.valid, verdict.line()
        assert all("decided_by" in b and "reveal" in b for b in log["result"]["breakdown"])


def test_the_result_table_tells_the_breakdown_in_words_without_the_reveal_data(stixx):
    # The score table a game night ends on: `reveal` repeats as data what
    # `revealed` and `revealed_by` say, and `held` reads as colours and counts.
    from pathlib import Path

    path = Path(__file__).parents[2] / "examples" / "stixx" / "2-players.json"
    log = json.loads(path.read_text())
    text = stixx("score", path, "--no-color", env={"COLUMNS": "400"}).stdout
    for seat, parts in enumerate(log["result"]["breakdown"]):
        held = ", ".join(f"{colour} {n}" for colour, n in parts["held"].items())
        assert (
            f"colour {parts['colour']}; own {parts['own']}; most of another {parts['most_of_another']}"
            in text
        )
        assert (
            f"revealed {parts['revealed']}" in text
            and f"held {held}; decided by {parts['decided_by']}" in text
        )
    assert "{" not in text and '"' not in text and "reveal turn" not in text and "how" not in text
    assert json.loads(stixx("score", path, "--json").stdout)["breakdown"] == log["result"]["breakdown"]


# Lazy choices ------------------------------------------------------------------------


def test_options_index_slice_and_contain_like_the_list_they_stand_for():
    options = Options(0, [3, 5, 9], True, [1, 2], ["red", "blue"])
    built = [{"option": "A", "take": s} for s in (3, 5, 9)] + [{"option": "B"}]
    built += [{"option": "C", "target": t, "colour": c} for t in (1, 2) for c in ("red", "blue")]
    assert len(options) == len(built) == 8
    assert [options[i] for i in range(8)] == built == list(options)
    assert options[-1] == built[-1] and options[2:5] == built[2:5]
    assert all(o in options for o in built)
    for stranger in (
        {"option": "A", "take": True},
        {"option": "A", "take": 4},
        {"option": "C", "target": 0, "colour": "red"},
        {"option": "B", "x": 1},
        "B",
    ):
        assert stranger not in options
    with pytest.raises(IndexError):
        options[8]
    no_reveal = Options(0, [3], False, [], ["red"])
    assert list(no_reveal) == [{"option": "A", "take": 3}] and {"option": "B"} not in no_reveal


# Bots see their seat only ------------------------------------------------------------


def test_bots_are_handed_the_player_view_not_the_state(monkeypatch):
    from stixxcli_games.stixx.bots import ReasoningBot

    seen = []
    choose = ReasoningBot.choose

    def spy(self, view, choice):
        seen.append((self.seat, view))
        assert isinstance(view, Mapping) and not isinstance(view, State)
        return choose(self, view, choice)

    monkeypatch.setattr(ReasoningBot, "choose", spy)
    log = play_bots("stixx", ["reasoning", "reasoning", "random"], 11)
    assert len(seen) > 10
    secret = log["setup"]["secret_colours"]
    for seat, view in seen:
        for p in view["players"]:
            if p["seat"] != seat and p["revealed_at"] is None:
                assert p["colour"] is None and p["score"] is None
        assert view["players"][seat]["colour"] == secret[seat]
    assert issubclass(ReasoningBot, Bot)


def test_the_reasoning_bot_plays_the_same_whatever_the_hidden_colours(kit):
    """The same seeded game, with the hidden opponents' colours swapped at
    every question of seat 0: its answers never change."""
    from stixxcli_games.stixx.bots import ReasoningBot

    rules = kit.rules()
    for seed in range(3):
        state = kit.start(players=4, secret=["red", "blue", "green", "yellow"])
        bot = ReasoningBot(kit.game, rules, 0, random.Random(seed))
        rng = random.Random(seed)
        while not state.over:
            turn = state.turn()
            ask, move = next(turn), None
            while move is None:
                if ask.seat == 0:
                    answers = []
                    for secret in (["red", "blue", "green", "yellow"], ["red", "purple", "orange", "blue"]):
                        real = state.secret
                        state.secret = [
                            COLOURS.index(c) if state.revealed_at[s] is None else real[s]
                            for s, c in enumerate(secret)
                        ]
                        state.secret[0] = real[0]
                        bot.rng.seed(f"{seed}:{state.turns}:{ask.name}")
                        plan = list(bot.plan)
                        answers.append(bot.choose(state.view(0), ask))
                        state.secret = real
                        if len(answers) == 1:
                            bot.plan, bot.known, bot.reading = plan, None, None
                    assert answers[0] == answers[1]
                    answer = answers[1]
                else:
                    answer = ask.options[rng.randrange(len(ask.options))]
                try:
                    ask = turn.send(answer)
                except StopIteration as stop:
                    move = stop.value
            state.apply(move)


def test_a_board_of_wide_colour_names_keeps_its_points_on_the_grid(kit):
    """A house rule may name colours 紫 or オレンジ: each such character takes
    two terminal columns, so every point of the lattice must still stand where
    the rows above and below put it (the segments and diagonals meet)."""
    from rich.cells import cell_len
    from stixxcli_games.stixx.render import draw_board

    names = ["rot", "gelb", "grün", "青", "紫", "オレンジ"]
    rename = dict(zip(kit.colours, names))
    layout = [rename[c] for c in kit.layout]
    state = kit.start(secret=names[:3], layout_=layout, rules_=kit.rules(colours=names))
    lines = draw_board(state).plain.splitlines()
    points = [[cell_len(line[:i]) for i, ch in enumerate(line) if ch == "•"] for line in lines]
    points = [row for row in points if row]  # the rows of points, not of diagonals
    top = points[0]
    step = top[1] - top[0]  # two half steps between neighbouring points of a row
    for row in points:
        for a, b in zip(row, row[1:]):
            assert (b - a) % step == 0, lines
        assert (row[0] - top[0]) % (step // 2) == 0, lines


def test_a_board_of_long_colour_tags_is_shown_in_bands_that_fit_the_terminal(kit):
    """Colours that share their start ("lightgreen", "lightgrey") are tagged
    `lightgree`, `lightgrey`: the points moved apart and the board ran to 107
    columns, every row broken in two. It is shown in bands, left part above
    right part, cut at the points, so every stixx's label is shown whole, once."""
    from rich.console import Console

    names = ["lightgreen", "lightgrey", "lightblue", "lightpink", "darkgreen", "darkgrey"]
    rename = dict(zip(kit.colours, names))
    layout = [rename[c] for c in kit.layout]
    state = kit.start(secret=names[:3], layout_=layout, rules_=kit.rules(colours=names))
    tags = ["lightgree", "lightgrey", "lightb", "lightp", "darkgree", "darkgrey"]
    for width in (80, 60):
        console = Console(record=True, width=width, color_system=None)
        console.print(state.render(0))
        text = console.export_text()
        assert max(len(line) for line in text.splitlines()) <= width, text
        for line in text.splitlines():  # a row of points is never broken: its segments end at points
            if "━" in line:
                assert line.strip()[0] == line.strip()[-1] == "•", text
        words = text.split()
        for stixx, colour in enumerate(layout):
            assert words.count(f"{tags[names.index(colour)]}{stixx}") == 1, (stixx, text)
        for tag, name in zip(tags, names):
            assert f"{tag} {name}" in text  # the legend, each entry on one line
