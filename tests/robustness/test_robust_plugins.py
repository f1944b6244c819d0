"""Plugin faults: a plugin that raises in a hook, in setup, in start, in a turn,
in applying a move, in the result, in drawing or showing the table, or in a
bot is named in one line; other games keep working; `validate` on a corpus
goes on with the next log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import robust_faulty

from stixxcli.gamelog import new_log
from stixxcli.hookspecs import hookimpl
from stixxcli.table import play_bots

CRASH_WORDS = ("Traceback", "internal error")
EXAMPLES = Path(__file__).parents[2] / "examples"


@pytest.fixture
def faulty(fresh_plugins, tmp_path):
    """The faulty games and a grumpy plugin, registered in-process."""
    robust_faulty.write_rules(tmp_path / "faulty-rules")
    fresh_plugins.pm.register(robust_faulty, name="faulty")
    fresh_plugins.pm.register(robust_faulty.Grumpy(), name="grumpy")
    yield robust_faulty
    robust_faulty.RULES.clear()


def log_of(game: str, takes: list[int], pile: int = 5) -> dict:
    log = new_log(game, "standard", {}, [{"name": "Ann"}, {"name": "Bob"}], {"pile": pile})
    log["moves"] = [{"seat": i % 2, "take": t} for i, t in enumerate(takes)]
    log["finished"] = sum(takes) == pile
    return log


def run_on_a_log(stixx, tmp_path, game: str, command: tuple, input=None):
    """`stixx COMMAND` with LOG a log of `game`, GAME its name and OUT a new file."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log_of(game, [1, 2, 2])))
    named = {"LOG": path, "GAME": game, "OUT": tmp_path / "out.json"}
    return stixx(*[named.get(part, part) if isinstance(part, str) else part for part in command], input=input)


def error_line(r) -> str:
    lines = r.stderr.splitlines()
    errors = [l for l in lines if l.startswith("stixx: error: ")]
    assert len(errors) == 1, r.stderr
    assert not any(word in r.output for word in CRASH_WORDS), r.output
    return errors[0]


def test_a_plugin_failing_in_every_hook_is_named_and_the_others_work(faulty, stixx):
    r = stixx("games", "--json")
    assert r.exit_code == 0, r.output
    names = {g["name"] for g in json.loads(r.stdout)}
    assert {"sixto", "stixx", "fishstix", "trixo", "calm", "fault-apply"} <= names
    warnings = [l for l in r.stderr.splitlines() if l.startswith("stixx: warning: ")]
    assert any("plugin 'grumpy' failed in stixx_games: Oops: no games today" in w for w in warnings), r.stderr
    assert any("plugin 'grumpy' failed in stixx_rule_dirs: Oops: no rules today" in w for w in warnings)
    assert any("plugin 'grumpy' failed in stixx_bots: Oops: no bots today" in w for w in warnings)
    r = stixx("play", "trixo", "--bot", "a:random", "--bot", "b:greedy", "--seed", 1, "--out", "-")
    assert r.exit_code == 0 and json.loads(r.stdout)["finished"] is True
    assert "Traceback" not in r.output


def test_validate_names_the_game_and_goes_on_with_the_next_log(faulty, stixx, tmp_path):
    corpus = [
        ("calm", log_of("calm", [1, 2, 2])),
        ("fault-start", log_of("fault-start", [1])),
        ("fault-apply", log_of("fault-apply", [1, 1, 2, 1])),
        ("fault-result", log_of("fault-result", [2, 2, 1])),
        ("calm", log_of("calm", [2, 2, 1])),
        ("trixo", play_bots("trixo", ["random", "random"], 5)),
        ("fault-turn", log_of("fault-turn", [2, 2, 1])),  # a turn is not needed to check a log
        ("fault-over", log_of("fault-over", [1, 2])),
        ("fault-over", log_of("fault-over", [])),  # read once the moves are checked, none here
    ]
    path = tmp_path / "corpus.jsonl"
    path.write_text("".join(json.dumps(log) + "\n" for _, log in corpus))
    for jobs in ("1", "2"):
        r = stixx("validate", path, "--jobs", jobs)
        assert r.exit_code == 1
        lines = r.stdout.splitlines()
        assert [l.split(": ", 1)[0] for l in lines] == [f"{path}:{n}" for n in range(1, len(corpus) + 1)]
        assert "valid calm game" in lines[0] and "valid calm game" in lines[4]
        assert "valid trixo game" in lines[5] and "valid fault-turn game" in lines[6]
        assert "the fault-start plugin failed in start: Oops: start went wrong on purpose" in lines[1]
        assert (
            "move 2 by Ann (seat 0) is illegal: the fault-apply plugin failed in apply: "
            "Oops: apply went wrong on purpose"
        ) in lines[2]
        assert "the fault-result plugin failed in result: Oops: result went wrong on purpose" in lines[3]
        for line in lines[7:]:
            assert "the fault-over plugin failed in over: Oops: over went wrong on purpose" in line, line
        assert not any(word in r.output for word in CRASH_WORDS)
        assert r.stderr.endswith("9 logs: 4 valid, 5 invalid\n")


@pytest.mark.parametrize(
    "fault, command",
    [
        ("setup", ("play", "fault-setup", "--bot", "a:random", "--bot", "b:random", "--out", "-")),
        ("turn", ("play", "fault-turn", "--bot", "a:random", "--bot", "b:random", "--out", "-")),
        (
            "apply",
            ("play", "fault-apply", "--bot", "a:random", "--bot", "b:random", "--seed", 1, "--out", "-"),
        ),
        ("result", ("play", "fault-result", "--bot", "a:random", "--bot", "b:random", "--out", "-")),
        ("bot", ("play", "calm", "--bot", "a:random", "--bot", "b:bot-fault", "--out", "-")),
        ("start", ("replay", "LOG")),
        ("render", ("replay", "LOG")),
        ("view", ("replay", "LOG", "--json")),
        ("result", ("score", "LOG")),
        ("apply", ("simulate", "fault-apply", "-n", 4)),
        ("over", ("play", "fault-over", "--bot", "a:random", "--bot", "b:random", "--out", "-")),
        ("over", ("simulate", "fault-over", "-n", 2)),
        ("over", ("replay", "LOG")),
        ("over", ("replay", "LOG", "--json")),
        ("over", ("replay", "LOG", "--html", "-")),
        ("over", ("score", "LOG")),
        ("seat", ("play", "fault-seat", "--bot", "a:random", "--bot", "b:random", "--out", "-")),
        ("seat", ("simulate", "fault-seat", "-n", 2)),
        ("seat", ("replay", "LOG")),
        ("seat", ("replay", "LOG", "--json")),
        ("seat", ("replay", "LOG", "--html", "-")),
        ("seat", ("score", "LOG")),
    ],
)
def test_each_fault_is_named_in_one_line(faulty, stixx, tmp_path, fault, command):
    game = "calm" if fault == "bot" else f"fault-{fault}"
    r = run_on_a_log(stixx, tmp_path, game, command)
    assert r.exit_code == 1, r.output
    line = error_line(r)
    if fault == "bot":
        assert "the calm plugin failed in bot bot-fault: Oops: the bot went wrong on purpose" in line
    else:
        assert f"the {game} plugin failed in" in line and f"{fault} went wrong on purpose" in line, line
    # and the other games keep working in the same process
    assert stixx("play", "calm", "--bot", "a:random", "--bot", "b:random", "--out", "-").exit_code == 0
    assert stixx("validate", tmp_path / "game.json").exit_code in (0, 1)


@pytest.mark.parametrize(
    "game, takes, command, said",
    [
        (
            "fault-seat",
            [1, 2, 2],
            ("validate", "LOG"),
            "move 0 is illegal: the fault-seat plugin failed in seat",
        ),
        ("fault-seat", [1, 2, 2], ("validate", "LOG", "--json"), "the fault-seat plugin failed in seat"),
        # `names` is read to say who made a move refused by the game, or one after the end
        (
            "fault-names",
            [1, 3],
            ("validate", "LOG"),
            "move 1 is illegal: the fault-names plugin failed in names",
        ),
        (
            "fault-names",
            [1, 3],
            ("score", "LOG"),
            "move 1 is illegal: the fault-names plugin failed in names",
        ),
        (
            "fault-names",
            [1, 2, 2, 1],
            ("validate", "LOG"),
            "move 3 is illegal: the fault-names plugin failed in",
        ),
        (
            "fault-names",
            [1, 2, 2, 1],
            ("validate", "LOG", "--json"),
            "the fault-names plugin failed in names",
        ),
        (
            "fault-names",
            [1, 2, 2, 1],
            ("score", "LOG"),
            "move 3 is illegal: the fault-names plugin failed in",
        ),
        ("fault-names", [1, 2, 2, 1], ("replay", "LOG"), "move 3: the fault-names plugin failed in names"),
        (
            "fault-names",
            [1, 2, 2, 1],
            ("replay", "LOG", "--json"),
            "move 3: the fault-names plugin failed in",
        ),
        ("fault-far-seat", [1], ("validate", "LOG"), "the fault-far-seat plugin's seat gave 7, not one of 2"),
    ],
)
def test_a_seat_or_names_that_fail_are_named_in_one_line(faulty, stixx, tmp_path, game, takes, command, said):
    # They were the core's internal error: "internal error while checking this log: Oops: ...".
    log = tmp_path / "game.json"
    log.write_text(json.dumps(log_of(game, takes)))
    r = stixx(*[log if part == "LOG" else part for part in command])
    assert r.exit_code == 1, r.output
    told = r.stdout if command[0] == "validate" else error_line(r)  # a log's verdict, on standard output
    assert said in told, told
    assert not any(word in r.output for word in CRASH_WORDS), r.output


@pytest.mark.parametrize(
    "fault, command, said",
    [
        ("wrong-start", ("replay", "LOG"), "start gave str, not State"),
        (
            "wrong-start",
            ("play", "GAME", "--bot", "a:random", "--bot", "b:random", "--out", "-"),
            "start gave str",
        ),
        ("wrong-result", ("score", "LOG"), "result gave str, not Result"),
        ("wrong-result", ("simulate", "GAME", "-n", 2), "result gave str, not Result"),
        ("wrong-player_counts", ("validate", "LOG"), "player_counts gave str, not range"),
        ("wrong-player_counts", ("simulate", "GAME", "-n", 2), "player_counts gave str, not range"),
        ("wrong-standing", ("replay", "LOG", "--html", "-"), "standing gave str, not list or tuple"),
        (
            "eager-turn",
            ("simulate", "GAME", "-n", 2),
            "failed in turn: Oops: turn went wrong before it began",
        ),
    ],
)
def test_a_value_of_the_wrong_type_is_blamed_on_the_plugin(faulty, stixx, tmp_path, fault, command, said):
    # The core checks what the contract promises, not met later as its own internal error.
    game = f"fault-{fault}"
    r = run_on_a_log(stixx, tmp_path, game, command)
    assert r.exit_code == 1, r.output
    if command[0] == "validate":  # a log's verdict, on standard output
        assert f"the {game} plugin's {said}" in r.stdout and "internal error" not in r.output, r.output
    else:
        line = error_line(r)
        assert f"the {game} plugin" in line and said in line, line


@pytest.mark.parametrize(
    "fault, command, said",
    [
        ("set-view", ("replay", "LOG", "--json"), "view gave set, not dict"),
        ("set-view", ("play", "GAME", "--bot", "a:looks", "--bot", "b:looks", "--out", "-"), "view gave set"),
        ("set-view", ("simulate", "GAME", "-n", 2, "--bot", "looks"), "view gave set, not dict"),
        ("odd-view", ("replay", "LOG", "--json"), "view is not JSON: Object of type set is not JSON"),
        ("odd-view", ("replay", "LOG", "--json", "--as-player", "Bob"), "view is not JSON"),
        # NaN and Infinity, which json.dumps writes and JSON has not
        ("nan-view", ("replay", "LOG", "--json"), "view is not JSON: it holds NaN or Infinity"),
        (
            "nan-move-view",
            ("replay", "LOG", "--json", "--as-player", "Bob"),
            "move_view is not JSON: it holds NaN",
        ),
        ("nan-result", ("score", "LOG", "--json"), "result is not JSON: it holds NaN or Infinity"),
        ("nan-result", ("replay", "LOG", "--html", "-"), "standing is not JSON: it holds NaN or Infinity"),
        # simulate tells only the scores, and checks its logs as it writes them
        ("nan-score", ("simulate", "GAME", "-n", 2, "--json"), "result is not JSON: it holds NaN"),
        ("nan-result", ("simulate", "GAME", "-n", 2, "--out", "OUT"), "game log is not JSON: it holds NaN"),
        (
            "nan-result",
            ("play", "GAME", "--bot", "a:random", "--bot", "b:random", "--out", "-"),
            "result is not",
        ),
        (
            "nan-move",
            ("play", "GAME", "--bot", "a:random", "--bot", "b:random", "--out", "-"),
            "turn is not JSON",
        ),
        ("nan-move", ("simulate", "GAME", "-n", 2, "--out", "OUT"), "game log is not JSON: it holds NaN"),
    ],
)
def test_a_view_that_is_not_json_is_blamed_on_the_plugin(faulty, stixx, tmp_path, fault, command, said):
    # Not met as the core's internal error, nor blamed on the bot that reads it, nor written as NaN.
    game = f"fault-{fault}"
    r = run_on_a_log(stixx, tmp_path, game, command)
    assert r.exit_code == 1, r.output
    line = error_line(r)
    assert f"the {game} plugin's {said}" in line, line
    # the start was written whole before: every line that is written is JSON (a log so far, to -, too)
    assert all(strict_json(l) for l in r.stdout.splitlines() if command[-1] == "--json")
    if command[-1] == "-" and command[0] == "play":
        assert strict_json(r.stdout)["finished"] is False
    assert not (tmp_path / "out.json").exists()  # simulate --out: no file of invalid JSON


def strict_json(text: str):
    """json.loads, refusing NaN and Infinity, which it reads."""
    return json.loads(text, parse_constant=lambda word: pytest.fail(f"{word} written as JSON"))


def test_a_result_that_is_not_json_is_a_logs_verdict(faulty, stixx, tmp_path):
    # validate --json wrote {"breakdown": [{"odds": Infinity}, ...]} and called the log valid.
    log = tmp_path / "game.json"
    log.write_text(json.dumps(log_of("fault-nan-result", [1, 2, 2])))
    r = stixx("validate", log, "--json")
    assert r.exit_code == 1, r.output
    verdict = strict_json(r.stdout)
    assert verdict["error"] == "the fault-nan-result plugin's result is not JSON: it holds NaN or Infinity"


@pytest.mark.parametrize(
    "command, typed",
    [
        (("play", "fault-flood", "--bot", "a:random", "--bot", "b:random", "--out", "OUT"), None),
        (("play", "fault-flood", "--player", "Ann", "--bot", "b:random", "--out", "OUT"), "help\n1\nq\n"),
        (("replay", "LOG"), None),
    ],
)
def test_a_plugins_text_is_shown_plain_and_cut(faulty, stixx, tmp_path, command, typed):
    # 2 MB of announcement, picture, help, prompt and move text, each with escape sequences.
    r = run_on_a_log(stixx, tmp_path, "fault-flood", command, input=typed)
    assert r.exit_code in (0, 130), r.output
    assert len(r.output) < 2_000_000, len(r.output)
    assert "\x1b" not in r.output and "\\x1b[2J" in r.output
    assert f"({len(faulty.FLOOD)}" in r.output  # the note that it was cut, as wrapped to the terminal


@pytest.mark.parametrize(
    "command, typed",
    [
        (("replay", "LOG"), None),
        (("replay", "LOG", "--svg", "-"), None),
        (("play", "fault-rich-flood", "--player", "Ann", "--bot", "b:random", "--out", "OUT"), "1\nq\n"),
    ],
)
def test_a_plugins_rich_picture_is_shown_plain_and_cut(faulty, stixx, tmp_path, command, typed, monkeypatch):
    # At a terminal its clear screen was sent (a control segment), and the picture whole; into an
    # SVG, the escape sequences in its Text, Table and Panel as they are.
    monkeypatch.setenv("TTY_COMPATIBLE", "1")  # rich writes a control segment only to a terminal
    r = run_on_a_log(stixx, tmp_path, "fault-rich-flood", command, input=typed)
    assert r.exit_code in (0, 130), r.output
    assert "\x1b[2J" not in r.output and "\x1b]" not in r.output  # (rich's own colours stay)
    if "--svg" in command:
        assert "\x1b" not in r.output  # a picture has no colours of rich's either
    assert "\\x1b]0;owned" in r.output and "\\x1b[2J" in r.output and "\\x1b[31mpanel" in r.output
    assert "... (cut at 100,000 characters)" in r.output  # of 140,000
    assert len(r.output) < 4 * 110_000, len(r.output)  # at most four pictures, cut


def test_a_games_warnings_on_a_log_are_a_line_each_and_counted_past_a_hundred(faulty, stixx, tmp_path):
    # The verdict held 2 MB of the first and all 200 others; a `warnings` that raised was an internal error.
    log = tmp_path / "game.json"
    log.write_text(json.dumps(log_of("fault-flood", [1, 2, 2])))
    r = stixx("validate", log)
    assert r.exit_code == 0 and len(r.stdout) < 10_000, len(r.stdout)
    assert "\x1b" not in r.stdout and "warning: \\x1b[2J\\x1b]0;owned\\x07sticks" in r.stdout
    assert f"({len(faulty.FLOOD)} characters); warning: stick 0 leans" in r.stdout
    assert r.stdout.endswith("; warning: stick 98 leans; warning: and 101 more warnings\n")
    warnings = json.loads(stixx("validate", log, "--json").stdout)["warnings"]
    assert len(warnings) == 101 and max(map(len, warnings)) <= 300
    log.write_text(json.dumps(log_of("fault-warnings", [1, 2, 2])))
    r = stixx("validate", log)
    assert r.exit_code == 1 and r.stdout.endswith(
        ": the fault-warnings plugin failed in warnings: Oops: warnings went wrong on purpose\n"
    )


def test_a_game_of_bots_that_never_ends_is_the_plugins_fault_and_is_saved(
    faulty, stixx, tmp_path, monkeypatch
):
    # A take that takes nothing: play ran for ever (simulate stopped, naming no plugin).
    import stixxcli.table

    monkeypatch.setattr(stixxcli.table, "MAX_TURNS", 40)
    out = tmp_path / "endless.json"
    r = stixx("play", "fault-endless", "--bot", "random", "--bot", "random", "--seed", 1, "--out", out)
    assert r.exit_code == 1 and "the fault-endless plugin's game has no end after 40 turns" in error_line(r)
    saved = json.loads(out.read_text())
    assert len(saved["moves"]) == 40 and not saved["finished"]
    r = stixx("simulate", "fault-endless", "-n", 1)
    assert r.exit_code == 1 and "the fault-endless plugin's game has no end after 40 turns" in error_line(r)


def test_a_fault_in_a_human_game_saves_the_game_so_far(faulty, stixx, tmp_path):
    """A plugin failing when the table is drawn or a move announced, during a
    game with a human: named in one line, and the moves played so far are kept."""
    for fault in ("announce", "render"):
        out = tmp_path / f"{fault}.json"
        r = stixx(
            "play",
            f"fault-{fault}",
            "--player",
            "Ann",
            "--bot",
            "Bob:random",
            "--seed",
            2,
            "--out",
            out,
            input="1\n" * 10,
        )
        assert r.exit_code == 1, r.output
        line = error_line(r)
        assert f"the fault-{fault} plugin failed in {fault}" in line, line
        if fault == "announce":  # Ann's move was played before the announcement failed
            log = json.loads(out.read_text())
            assert log["finished"] is False and len(log["moves"]) == 1
            assert stixx("validate", out).exit_code == 0


def test_moves_of_bots_before_a_fault_are_kept(faulty, stixx, tmp_path):
    """Ann plays (the log is written), Bob's bot plays, Cid's bot fails: the
    log keeps both moves, unfinished, and it validates."""
    out = tmp_path / "calm.json"
    r = stixx(
        "play",
        "calm",
        "--player",
        "Ann",
        "--bot",
        "Bob:random",
        "--bot",
        "Cid:bot-fault",
        "--seed",
        3,
        "--out",
        out,
        input="1\n" * 5,
    )
    assert r.exit_code == 1
    assert "the calm plugin failed in bot bot-fault" in error_line(r)
    log = json.loads(out.read_text())
    assert log["finished"] is False and [m["seat"] for m in log["moves"]] == [0, 1]
    assert stixx("validate", out).exit_code == 0


def test_a_fault_past_the_plugin_calls_is_one_log_s_verdict(monkeypatch):
    """Whatever fails while a log is checked (our code, or a plugin outside
    the calls that name it), that log gets its verdict and the corpus goes on:
    with --jobs 2 an escaped exception lost every verdict of the run."""
    import json
    from pathlib import Path

    from stixxcli import check

    text = (Path(__file__).parents[2] / "examples" / "trixo" / "2-players.json").read_text()
    real = check.check_log

    def faulty(log, where):
        if where == "bad":
            raise ValueError("Exceeds the limit (4300 digits) for integer string conversion")
        return real(log, where)

    monkeypatch.setattr(check, "check_log", faulty)
    got = check.check_texts([("good", text), ("bad", text), ("after", text)])
    assert [verdict["valid"] for verdict, _ in got] == [True, False, True]
    assert (
        got[1][1]
        == "bad: internal error while checking this log: ValueError: Exceeds the limit (4300 digits) for integer string conversion"
    )
    json.dumps(got[1][0])


class Misnamed:
    """A plugin whose game and bot have names that are not text."""

    @hookimpl
    def stixx_games(self, register):
        game = robust_faulty.PileGame(None)
        game.name = 42
        register(game)

    @hookimpl
    def stixx_bots(self, register):
        class Nameless(robust_faulty.FaultyBot):
            name = None

        register("*", Nameless)


def test_a_game_or_bot_whose_name_is_not_text_is_named_and_the_others_work(fresh_plugins, stixx):
    """The listings sort the names: a number or None among them stopped
    `stixx games` (and an unknown bot's message) with an internal error that
    named no plugin, for every game."""
    fresh_plugins.pm.register(Misnamed(), name="misnamed")
    r = stixx("games", "--json")
    assert r.exit_code == 0, r.output
    assert {"sixto", "stixx", "fishstix", "trixo"} <= {g["name"] for g in json.loads(r.stdout)}
    assert (
        "plugin 'misnamed' failed in stixx_games: TypeError: registered a game named 42, not text" in r.stderr
    )
    assert "plugin 'misnamed' failed in stixx_bots: TypeError: registered a bot without a name" in r.stderr
    r = stixx("play", "sixto", "--bot", "nope", "--bot", "random", "--out", "-")
    assert r.exit_code == 1 and "no bot 'nope' for sixto (bots: greedy, random)" in r.output, r.output


class RulesFault(robust_faulty.PileGame):
    """The pile game, failing where it checks its rules or counts its players."""

    def __init__(self, where):
        super().__init__(None)
        self.where = self.name = self.title = where

    def check_rules(self, rules):
        if self.where == "check_rules":
            raise robust_faulty.Oops("check_rules went wrong on purpose")

    def player_counts(self, rules):
        if self.where == "player_counts":
            raise robust_faulty.Oops("player_counts went wrong on purpose")
        return range(2, 4)


@pytest.mark.parametrize("where", ["check_rules", "player_counts"])
def test_a_fault_in_checking_rules_or_counting_players_is_named(fresh_plugins, stixx, tmp_path, where):
    """It was an internal error that named no plugin (`validate`: "internal
    error while checking this log"), for a log as for a game to play."""
    (tmp_path / where).mkdir()
    (tmp_path / where / "standard.yaml").write_text("description: the only rules\n")

    class Plugin:
        @hookimpl
        def stixx_games(self, register):
            register(RulesFault(where))

        @hookimpl
        def stixx_rule_dirs(self, register):
            register(tmp_path)

    fresh_plugins.pm.register(Plugin(), name="rules-fault")
    said = f"the {where} plugin failed in {where}: Oops: {where} went wrong on purpose"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log_of(where, [1, 2, 2]), indent=1))
    r = stixx("validate", path)
    assert r.exit_code == 1 and r.stdout == f"{path}: {said}\n", r.output
    for args in (("play", where, "--bot", "a:random", "--bot", "b:random", "--out", "-"), ("replay", path)):
        r = stixx(*args)
        assert r.exit_code == 1 and said in error_line(r), r.output
    assert stixx("validate", EXAMPLES / "trixo" / "2-players.json").exit_code == 0  # the others keep working


class Unready(robust_faulty.FaultyBot):
    name = "unready"

    def __init__(self, game, rules, seat, rng):
        raise robust_faulty.Oops("the bot could not start on purpose")


@pytest.mark.parametrize("how", ["play", "simulate"])
def test_a_bot_failing_as_it_sits_down_is_named(faulty, fresh_plugins, stixx, how):
    """A bot whose constructor raises: named as a bot failing in its choice is
    (it was an internal error naming no plugin)."""

    class Plugin:
        @hookimpl
        def stixx_bots(self, register):
            register("*", Unready)

    fresh_plugins.pm.register(Plugin(), name="unready")
    args = {
        "play": ("play", "calm", "--bot", "a:random", "--bot", "b:unready", "--out", "-"),
        "simulate": ("simulate", "calm", "--bot", "unready", "-n", 2),
    }[how]
    r = stixx(*args)
    assert r.exit_code == 1, r.output
    assert "the calm plugin failed in bot unready: Oops: the bot could not start on purpose" in error_line(r)
