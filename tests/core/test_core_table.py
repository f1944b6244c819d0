"""At the table: the prompt people play at (help, quit, typed-in chance, every
move told) and `replay --step`. The line editing and the 80 columns are
checked at a real terminal (a pty), the rest through the command line."""

import json
import os
import re
import sys

import pytest

from stixxcli.prompt import WIDTH, fit


def test_a_prompt_fits_in_80_columns_or_its_question_goes_above():
    lines, prompt = fit("Ann, ", "how many sticks to take, 1-3", "Ann")
    assert lines == [] and prompt == "Ann, how many sticks to take, 1-3: "
    # A question that fits but leaves no room for the answer goes above too (the answer would wrap).
    question = "red 5 yellow 3 green 6 blue 3 purple 6: crosses? (e.g. r4 b7, or -)"
    lines, prompt = fit("Ann, ", question, "Ann")
    assert len(f"Ann, {question}: ") < WIDTH and lines == [question] and prompt == "Ann> "
    long = "crosses for the dice: a colour letter and a box for each die you use, e.g. r5 b9 " * 3
    lines, prompt = fit("Ann, ", long, "Ann")
    assert prompt == "Ann> " and len(lines) >= 3
    assert all(len(line) < WIDTH for line in lines)
    assert " ".join(line.strip() for line in lines) == long.strip()
    # A question of several lines (a picture of the numbering) keeps its lines.
    lines, prompt = fit("chance: ", "copy the numbers:\n 1 2 3\n 4 5 6", "board")
    assert lines == ["copy the numbers:", " 1 2 3", " 4 5 6"] and prompt == "board> "


def _nim_game(stixx, tmp_path, *players, input, extra=()):
    out = tmp_path / "g.json"
    r = stixx("play", "nim", *players, "--seed", 1, "--out", out, *extra, input=input)
    return r, out


def test_help_shows_the_games_own_help_and_help_all_asks_for_everything(stixx, nim, tmp_path, monkeypatch):
    asked = []

    def help(self, choice, all=False):
        asked.append(all)
        return f"take 1-{min(self.max_take, self.pile)} sticks, e.g. 2 ({'every' if all else 'some'} choices)"

    monkeypatch.setattr(nim.NimState, "help", help, raising=False)
    r, _ = _nim_game(stixx, tmp_path, "--player", "Ann", "--bot", "Bob:random", input="help\nhelp all\nq\n")
    assert "take 1-3 sticks, e.g. 2 (some choices)" in r.stdout
    assert "(every choices)" in r.stdout and asked == [False, True]


def test_help_is_read_whatever_its_spaces_and_case(stixx, nim, tmp_path, monkeypatch):
    asked = []
    monkeypatch.setattr(
        nim.NimState, "help", lambda self, choice, all=False: asked.append(all) or "?", raising=False
    )
    _nim_game(
        stixx, tmp_path, "--player", "Ann", "--bot", "Bob:random", input=" Help \nhelp  all\nH ALL\nq\n"
    )
    assert asked == [False, True, True]  # `help  all` was taken for a move


def test_help_without_the_games_help_lists_the_choices(stixx, nim, tmp_path):
    r, _ = _nim_game(stixx, tmp_path, "--player", "Ann", "--bot", "Bob:random", input="?\nq\n")
    assert "how many sticks to take, 1-3" in r.stdout and "  1 | 2 | 3" in r.stdout


def test_a_move_that_does_not_read_is_asked_again_with_the_reason(stixx, nim, tmp_path):
    # The ValueError of the game's parse_move is the reason shown (Nim: not Python's int() words).
    r, out = _nim_game(stixx, tmp_path, "--player", "Ann", "--bot", "Bob:random", input="abc\n1\nq\n")
    assert "type how many sticks to take, 1-3" in r.stdout + r.stderr and "invalid literal" not in r.stdout
    assert len(json.loads(out.read_text())["moves"]) == 2


def test_q_saves_and_stops_at_a_move(stixx, nim, tmp_path):
    r, out = _nim_game(stixx, tmp_path, "--player", "Ann", "--bot", "Bob:random", input="1\nq\n")
    assert r.exit_code == 130
    log = json.loads(out.read_text())
    assert not log["finished"] and len(log["moves"]) == 2
    assert "go on with: stixx play --resume" in r.stderr


def test_the_command_to_go_on_names_the_file_as_typed_and_never_as_terminal_control(stixx, nim, tmp_path):
    # A name with a space was told unquoted (two words to the shell); one holding an
    # escape sequence reached the terminal raw.
    for name, told in [
        ("club night.json", "club night.json'"),
        ("g\x1b]0;x\x07.json", "g\\x1b]0;x\\x07.json'"),
    ]:
        out = tmp_path / name
        r = stixx("play", "nim", "--player", "Ann", "--bot", "Bob:random", "--out", out, input="1\nq\n")
        assert r.exit_code == 130 and "\x1b" not in r.stderr and "\x07" not in r.stderr
        assert r.stderr.rstrip().endswith(f"go on with: stixx play --resume '{tmp_path}/{told}"), r.stderr
        assert not json.loads(out.read_text())["finished"]


def test_chance_typed_in_is_asked_again_until_it_reads_and_q_stops_the_setup(stixx, nim, tmp_path):
    r, out = _nim_game(
        stixx,
        tmp_path,
        "--bot",
        "Ann:random",
        "--bot",
        "Bob:random",
        input="six\n9\nhelp\n3\n",  # a word, then a number no die shows: each asked again
        extra=("--chance", "manual"),
    )
    assert r.exit_code == 0, r.output
    assert r.stderr.count("a die shows 1 to 6") == 2 and r.stderr.count("one die, 1-6") >= 2
    assert json.loads(out.read_text())["setup"] == {"roll": 3}
    out.unlink()
    r, out = _nim_game(
        stixx,
        tmp_path,
        "--bot",
        "A:random",
        "--bot",
        "B:random",
        input="quit\n",
        extra=("--chance", "manual"),
    )
    assert r.exit_code == 130 and "Stopped during the setup; no game was saved." in r.stderr
    assert "Traceback" not in r.output and not out.exists()


def test_during_the_setup_q_is_not_said_to_save(stixx, nim, tmp_path):
    # No game exists until the setup is typed in: q there stops without one.
    r, out = _nim_game(stixx, tmp_path, "--bot", "A:random", "--bot", "B:random", input="help\nq\n",
                       extra=("--chance", "manual"))  # fmt: skip
    assert r.exit_code == 130 and "saves the game" not in r.stderr and "no game to save yet" in r.stderr
    r = stixx("play", "stixx", "--player", "Ann", "--player", "Bob", "--chance", "manual",
              "--out", tmp_path / "s.json", input="ybgrpoboopgrbygpybpyboprrgbgopoorpybrygygr\nq\n")  # fmt: skip
    assert r.exit_code == 130 and "Pass the terminal to Ann" in r.stderr, r.output
    assert "save and stop" not in r.stderr and "no game to save yet" in r.stderr
    # Once the game has begun, q saves it, at a pass screen too.
    r = stixx("play", "stixx", "--player", "Ann", "--player", "Bob", "--seed", 2, "--out", tmp_path / "t.json",
              input="q\n")  # fmt: skip
    assert r.exit_code == 130 and "(q: save and stop)" in r.stderr


def test_a_bots_secret_typed_in_is_not_said_to_be_for_its_eyes_alone(stixx, tmp_path):
    # Whoever holds a bot's pieces types its token: "for random-0 alone to see" made no sense.
    r = stixx("play", "stixx", "--bot", "0:random", "--player", "Ann", "--player", "Bob", "--chance", "manual",
              "--out", tmp_path / "s.json", input="ybgrpoboopgrbygpybpyboprrgbgopoorpybrygygr\nq\n")  # fmt: skip
    assert "(for the bot random-0)" in r.stderr and "random-0 alone" not in r.stderr, r.stderr


def test_q_at_the_pass_screen_of_a_hidden_game(stixx, tmp_path):
    out = tmp_path / "s.json"
    r = stixx("play", "stixx", "--player", "Ann", "--player", "Bob", "--seed", 2, "--out", out, input="q\n")
    assert r.exit_code == 130 and "Pass the terminal to Ann" in r.stderr
    assert json.loads(out.read_text())["moves"] == []


def test_every_move_is_told_bots_and_humans_alike(stixx, nim, tmp_path, monkeypatch):
    monkeypatch.setattr(
        nim.NimState,
        "announce",
        lambda self, move: f"{self.names[move['seat']]} takes {move['take']}, {self.pile} left",
        raising=False,
    )
    r, out = _nim_game(stixx, tmp_path, "--bot", "Ann:random", "--bot", "Bob:random", input="")
    log = json.loads(out.read_text())
    told = [line for line in r.stdout.splitlines() if " takes " in line]
    assert len(told) == len(log["moves"]) and told[0].startswith("Ann takes ")
    out.unlink()
    r, out = _nim_game(stixx, tmp_path, "--player", "Ann", "--bot", "Bob:random", input="1\n" * 20)
    assert "Ann takes 1," in r.stdout and "Bob takes " in r.stdout
    # With the log on standard output, the table talks on standard error.
    r = stixx("play", "nim", "--bot", "A:random", "--bot", "B:random", "--seed", 1, "--out", "-")
    assert json.loads(r.stdout)["finished"] and " takes " in r.stderr


# At a real terminal ---------------------------------------------------------------

pexpect = pytest.importorskip("pexpect")


def spawn(*args, cwd, env=None):
    env = dict(os.environ, NO_COLOR="1", TERM="xterm", COLUMNS="80", LINES="40", **(env or {}))
    return pexpect.spawn(
        sys.executable,
        ["-m", "stixxcli", *map(str, args)],
        cwd=str(cwd),
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 80),
    )


def test_the_prompt_edits_lines_remembers_them_and_fits_80_columns(tmp_path):
    child = spawn(
        "play",
        "sixto",
        "--player",
        "Ann",
        "--bot",
        "Bob:greedy",
        "--seed",
        3,
        "--out",
        "g.json",
        cwd=tmp_path,
    )
    prompt = "Ann> |Ann, [^\r\n]*: "
    child.expect(prompt)
    assert len(child.after) <= WIDTH
    child.sendline("help")
    child.expect(prompt)
    helped = [line for line in child.before.splitlines() if line.strip()][-1]
    child.send("\x10\r")  # Ctrl-P: the line before, from the history
    child.expect(prompt)
    assert helped in child.before
    # Ctrl-A goes to the start of the line: "uit" becomes "quit". Without line
    # editing the terminal would pass "uit^Aq" on, which is no answer.
    child.send("uit\x01q\r")
    child.expect("Game saved unfinished after 0 moves")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert json.loads((tmp_path / "g.json").read_text())["finished"] is False


def test_replay_step_goes_back_jumps_and_quits(tmp_path):
    from stixxcli.table import play_bots

    log = play_bots("trixo", ["random", "random"], seed=4)
    (tmp_path / "t.json").write_text(json.dumps(log))
    child = spawn("replay", "t.json", "--step", cwd=tmp_path)
    child.expect(r"\[0/\d+\] Enter: next, b: back, N: after N moves, q: quit> ")
    child.sendline("")
    child.expect(r"after 1 move - move 0 by ")
    child.expect(r"\[1/")
    child.sendline("b")
    child.expect(r"\[0/")
    child.sendline("5")
    child.expect(r"after 5 moves - move 4 by ")
    child.expect(r"\[5/")
    child.sendline("999")
    child.expect(f"the game has {len(log['moves'])} moves")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_replay_step_with_to_starts_there(tmp_path):
    # --to N with --step: step from move N, not only show it (--step was ignored).
    from stixxcli.table import play_bots

    (tmp_path / "t.json").write_text(json.dumps(play_bots("trixo", ["random", "random"], seed=4)))
    child = spawn("replay", "t.json", "--step", "--to", 5, cwd=tmp_path)
    child.expect(r"after 5 moves - move 4 by ")
    child.expect(r"\[5/\d+\] Enter: next")
    child.sendline("")
    child.expect(r"\[6/")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


# A real table: every chance typed in at the prompt, played to the end -------------


class Table:
    """`stixx play ... --chance manual` at a pty. Each prompt is read whole (the
    output has stopped and ends in ': ' or '> '), then answered."""

    def __init__(self, tmp_path, *args):
        self.home = tmp_path / "home"
        self.child = spawn(
            *args, cwd=tmp_path, env={"HOME": str(self.home), "XDG_CONFIG_HOME": str(self.home)}
        )
        self.prompts = 0

    def prompt(self) -> str | None:
        """The text up to the next prompt, or None at the end of the game."""
        text = ""
        while True:
            waiting = text.endswith((": ", "> "))
            try:
                text += self.child.read_nonblocking(65536, timeout=0.1 if waiting else 60)
            except pexpect.TIMEOUT:
                if waiting:
                    self.prompts += 1
                    return text
                raise
            except pexpect.EOF:
                self.output = text
                return None

    def answer(self, text: str) -> None:
        self.child.sendline(text)

    def end(self) -> int:
        self.child.close()
        return self.child.exitstatus


def _validates(path):
    from stixxcli.check import check_log
    from stixxcli.gamelog import read_one

    log = read_one(str(path))
    verdict = check_log(log, str(path))
    assert verdict.valid and log["finished"], verdict.line()
    return log


def test_a_sixto_game_with_sheets_typed_in_to_the_end_then_kept_as_a_variant(tmp_path):
    import random

    rng = random.Random(5)
    table = Table(tmp_path, "play", "sixto", "--bot", "Ann:greedy", "--bot", "Bob:greedy", "--seed", 5,
                  "--chance", "manual", "--out", "s.json")  # fmt: skip
    rows, rolls = [], []
    while (text := table.prompt()) is not None:
        last = text.splitlines()[-1]
        if last.startswith("sheets") and not rows:
            table.answer("C *")  # Ann plays sheet C; Bob types in his own printed sheet
        elif "Bob's sheet" in last or last.startswith("sheet of Bob"):
            row = rng.sample(range(1, 7), 6) + rng.sample(range(1, 7), 6)
            rows.append(row)
            table.answer(" ".join(map(str, row)))
        elif last.startswith("Its name"):
            # A bundled variant's name is refused: the file would hide it (and extend itself).
            table.answer("club-sheets" if "standard.yaml exists; choose another name" in text else "standard")
        else:
            rolls.append(text)
            # "the roll: red yellow green, in this order" (the dice in play, named)
            dice = re.search(r"roll: (?:the )?([a-z ]+?)(?: dice?)?,? in this order", " ".join(text.split()))
            assert dice, text[-400:]
            table.answer(" ".join(str(rng.randint(1, 6)) for _ in dice.group(1).split()))
    assert table.end() == 0, table.output[-2000:]
    log = _validates(tmp_path / "s.json")
    assert log["setup"]["sheets"] == ["C", rows] and len(rows) == 6
    # Each turn is told before the next roll is typed in.
    turns = [text for text in rolls if text.endswith("roll 1> ")]
    assert len(turns) > 5 and all(" crosses " in text for text in turns[1:])
    # A bot's re-roll is told in words before the dice are rolled again.
    again = [text for text in rolls if text.endswith("roll 2> ")]
    assert again and all(re.search(r"\n(Ann|Bob) re-rolls all dice\.\r?\n", text) for text in again)
    assert "plays r" not in table.output
    assert "Saved; next time: stixx play sixto --variant club-sheets" in table.output
    kept = list(table.home.rglob("club-sheets.yaml"))
    assert len(kept) == 1 and "extends: standard" in kept[0].read_text()
    assert not list(table.home.rglob("standard.yaml"))
    # The next game night: the same table, Bob's sheet by his name, Ann's sheet C still there.
    again = Table(tmp_path, "play", "sixto", "--variant", "club-sheets", "--bot", "Ann:greedy",
                  "--bot", "Bob:greedy", "--chance", "manual", "--out", "again.json")  # fmt: skip
    while (text := again.prompt()) is not None:
        if text.splitlines()[-1].startswith("sheets"):
            again.answer("C Bob")
        else:
            dice = re.search(r"roll: (?:the )?([a-z ]+?)(?: dice?)?,? in this order", " ".join(text.split()))
            again.answer(" ".join(str(rng.randint(1, 6)) for _ in dice.group(1).split()) if dice else "")
    assert again.end() == 0, again.output[-2000:]
    assert _validates(tmp_path / "again.json")["setup"]["sheets"] == ["C", "Bob"]


def test_each_turn_is_told_before_the_next_roll_is_typed_in(tmp_path):
    import random

    rng = random.Random(5)
    table = Table(tmp_path, "play", "sixto", "--player", "Ann", "--bot", "Bob:greedy", "--seed", 5,
                  "--chance", "manual", "--out", "s.json")  # fmt: skip
    turns = []
    while (text := table.prompt()) is not None:
        lines = text.splitlines()
        if lines[-1].startswith("sheets"):
            table.answer("C A")
        elif lines[-1].startswith("roll"):
            turns += [text] if lines[-1] == "roll 1> " else []
            dice = re.search(r"roll: (?:the )?([a-z ]+?),? in this order", lines[-2])
            table.answer(
                "q" if len(turns) > 4 else " ".join(str(rng.randint(1, 6)) for _ in dice.group(1).split())
            )
        else:  # Ann keeps the roll and crosses nothing
            table.answer("k" if "re-roll all" in lines[-2] else "-")
    assert table.end() == 130
    assert len(turns) == 5 and all(" crosses " in text for text in turns[1:]), turns


def _typed_like(game, bots, seed, answers_of):
    """A seeded game of bots played as `play --chance manual` plays it (each
    bot's play told, so seeded from the move reached), and what a person types
    for each of its chance outcomes: the typed-in game must come out the same,
    move for move."""
    from stixxcli.plugins import get_game
    from stixxcli.rules import resolve
    from stixxcli.table import Table as Played
    from stixxcli.table import rng_for

    played = get_game(game)
    players = [{"name": f"{b}-{i}", "bot": b} for i, b in enumerate(bots)]
    table = Played.new(played, resolve(played, "standard").values, "standard", players, seed)
    rng = rng_for(seed, "chance")
    while not table.over:
        table.play_turn(chance=lambda ask: ask.draw(rng), chosen=lambda ask, answer: None)
    log = table.finish()
    return log, answers_of(log)


def _same_game(tmp_path, game, bots, seed, answers_of):
    log, answers = _typed_like(game, bots, seed, answers_of)
    players = [arg for i, b in enumerate(bots) for arg in ("--bot", f"{b}-{i}:{b}")]
    table = Table(tmp_path, "play", game, *players, "--seed", seed, "--chance", "manual", "--out", "t.json")
    typed = iter(answers)
    asked = []
    before = []  # what the table was told before each question
    while (text := table.prompt()) is not None:
        asked.append(text.splitlines()[-1])
        before.append(text)
        table.answer(next(typed))
    assert table.end() == 0, table.output[-2000:]
    assert next(typed, None) is None, f"{len(answers) - len(asked)} outcomes were never asked"
    played = _validates(tmp_path / "t.json")
    assert played["moves"] == log["moves"]
    return asked, played["setup"], log["setup"], before


def _told_before_each_draw(before: list[str], played: str) -> None:
    """A bot's draw is typed in after its play of that turn is told in words
    (the table makes the play with the real pieces first), and after the turn
    before it was told in full."""
    # (A line told in several lines of under 80 columns goes on indented.)
    draws = [re.sub(r"\r?\n  ", " ", text).splitlines() for text in before if text.endswith("draw> ")]
    assert len(draws) > 5
    for turn, lines in enumerate(draws):
        question = next(i for i, line in enumerate(lines) if line.startswith("the "))
        assert re.fullmatch(rf"\S+({played}).+\.", lines[question - 1]), lines[-6:]
        if turn:
            assert re.search(played, lines[question - 2]), lines[-6:]


def test_a_fishstix_game_with_its_sticks_typed_in_to_the_end(tmp_path):
    def answers(log):
        setup = log["setup"]
        sticks = [setup["start"], *(", ".join(hand) for hand in setup["hands"])]
        return sticks + [move["draw"] for move in log["moves"] if move.get("draw")]

    asked, typed, drawn, before = _same_game(tmp_path, "fishstix", ["greedy", "random"], 3, answers)
    assert len(asked) > 10
    _told_before_each_draw(before, " places the stick .+ at column -?\\d+, rows ")
    # Typed in, the deck is open (any well-formed stick of a real box), and the log says so.
    assert typed == {**drawn, "open_deck": True}


def test_a_stixx_game_with_its_board_typed_in_to_the_end(tmp_path):
    def answers(log):
        setup = log["setup"]
        layout = "".join(colour[0] for colour in setup["layout"])
        return [layout, *setup["secret_colours"]]

    asked, typed, drawn, _ = _same_game(tmp_path, "stixx", ["reasoning", "random", "random"], 2, answers)
    assert asked[0] == "layout> " and typed == drawn


def test_a_trixo_game_with_its_draws_typed_in_to_the_end(tmp_path):
    def answers(log):
        hands = [" ".join(hand) for hand in log["setup"]["hands"]]
        return hands + [move["draw"] for move in log["moves"] if move.get("draw")]

    asked, typed, drawn, before = _same_game(tmp_path, "trixo", ["greedy", "random"], 3, answers)
    assert typed == drawn and len(asked) > 10
    _told_before_each_draw(before, " places | stacks | slides | sets ")


def test_a_game_whose_setup_was_typed_in_resumes_with_chance_typed_in(stixx, nim, tmp_path):
    """`play --resume` goes on as the game was played: a setup its seed did not
    deal was typed in at a real table, and so is the chance after it."""
    from stixxcli.table import rng_for

    dealt = rng_for(1, "setup").randint(1, 6)
    typed = dealt % 6 + 1
    r, out = _nim_game(
        stixx,
        tmp_path,
        "--player",
        "Ann",
        "--bot",
        "Bob:random",
        input=f"{typed}\n1\nq\n",
        extra=("--chance", "manual"),
    )
    assert r.exit_code == 130 and json.loads(out.read_text())["setup"] == {"roll": typed}
    assert f"go on with: stixx play --resume {out} --chance manual" in r.stderr
    r = stixx("play", "--resume", out, input="q\n")
    assert "its setup was typed in: chance is typed in too" in r.stderr
    # The game played with the seed's own setup resumes with chance from the seed, as before.
    out.unlink()
    r, out = _nim_game(stixx, tmp_path, "--player", "Ann", "--bot", "Bob:random", input="1\nq\n")
    assert "--chance manual" not in r.stderr
    r = stixx("play", "--resume", out, input="q\n")
    assert "typed in" not in r.stderr and "Resuming" in r.stderr


def test_a_fish_stix_game_with_sticks_typed_in_asks_for_the_draws_when_resumed(stixx, tmp_path):
    from stixxcli.plugins import get_game
    from stixxcli.rules import resolve
    from stixxcli.table import Table, rng_for

    game = get_game("fishstix")
    rules = resolve(game, "standard")
    box = rng_for("the real box")  # the sticks the table drew, not the ones the seed deals
    players = [{"name": "Ann", "bot": "random"}, {"name": "Bob", "bot": "random"}]
    table = Table.new(game, rules.values, rules.variant, players, 5, chance=lambda ask: ask.draw(box))
    for _ in range(3):
        table.play_turn(chance=lambda ask: ask.draw(box))
    out = tmp_path / "table.json"
    out.write_text(json.dumps(table.log), encoding="utf-8")
    r = stixx("play", "--resume", out, input="")  # end of input at the first draw asked: saved
    assert r.exit_code == 130, r.output
    assert "its setup was typed in" in r.stderr and "draw" in r.output
    assert json.loads(out.read_text())["moves"] == table.log["moves"]
    r = stixx("play", "--resume", out, "--chance", "random")  # said otherwise: the seed draws
    assert r.exit_code == 0 and json.loads(out.read_text())["finished"]


def test_lines_are_broken_between_words_never_at_a_hyphen(monkeypatch):
    # `orange-purple-orange-blue` and `solo-strict` were broken after a hyphen, as textwrap does by default.
    from stixxcli import prompt

    monkeypatch.setattr(prompt, "width", lambda: 43)
    news = "Ann places the stick orange-purple-orange-blue (<orange <purple orange> blue>) at column -1"
    assert prompt.wrapped(news) == [
        "Ann places the stick",
        "  orange-purple-orange-blue (<orange",
        "  <purple orange> blue>) at column -1",
    ]
    shown = ["solo-strict", "pink-school-green-orange", "blue-blue-pink-school"] * 2
    lines = prompt.choices_listed(shown).splitlines()
    assert [word for line in lines for word in line.split() if word != "|"] == shown
    assert all(len(line) < 43 for line in lines)
