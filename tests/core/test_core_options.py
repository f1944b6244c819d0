"""One way to say things across commands: seats and bots, folders of logs,
positions in a corpus, --quiet with --json, --debug anywhere, --to past the end."""

import json

import click
import pytest

from stixxcli.errors import StixxError
from stixxcli.seats import seat_players
from stixxcli.sources import log_files, position


class _Game:
    name = title = "demo"

    def __init__(self, counts=range(2, 5)):
        self.counts = counts

    def player_counts(self, rules):
        return self.counts


def test_seats_follow_the_typed_order_and_numbered_bots_take_their_seat():
    typed = [("bot", "2:greedy"), ("human", "Ann"), ("bot", "Bob:random"), ("bot", "greedy")]
    players = seat_players(_Game(), {}, typed)
    assert players == [
        {"name": "Ann"},
        {"name": "Bob", "bot": "random"},
        {"name": "greedy-2", "bot": "greedy"},
        {"name": "greedy-3", "bot": "greedy"},
    ]
    # Empty seats up to --players get the random bot; the fewest seats by default.
    assert seat_players(_Game(), {}, [("bot", "1:greedy")], 3) == [
        {"name": "random-0", "bot": "random"},
        {"name": "greedy-1", "bot": "greedy"},
        {"name": "random-2", "bot": "random"},
    ]
    assert len(seat_players(_Game(range(1, 7)), {}, [("bot", "greedy")])) == 2


@pytest.mark.parametrize(
    "typed, count, message",
    [
        ([("bot", "0:greedy"), ("bot", "0:random")], None, "two bots at seat 0"),
        ([("bot", "5:greedy")], 3, "seat 5 is beyond 3 players (seats 0-2)"),
        ([("bot", ":greedy")], None, "is not BOT, NAME:BOT or SEAT:BOT"),
        ([("bot", "Ann:")], None, "is not BOT, NAME:BOT or SEAT:BOT"),
        ([("human", "A"), ("human", "B"), ("human", "C")], 2, "3 players named for 2 seats"),
    ],
)
def test_seats_that_cannot_be(typed, count, message):
    with pytest.raises(click.BadParameter) as refused:
        seat_players(_Game(), {}, typed, count)
    assert message in refused.value.message


def test_a_player_count_the_game_does_not_allow(stixx):
    with pytest.raises(StixxError, match="takes 2-4 players, not 6"):
        seat_players(_Game(), {}, [], 6)
    # From the command line, a usage error (exit 2), as two players of one name are.
    for args in (["play", "sixto", "--bot", "7:greedy"], ["simulate", "sixto", "-p", 9, "-n", 3]):
        r = stixx(*args)
        assert r.exit_code == 2 and "takes 1-6 players" in r.stderr, r.output


def test_a_folder_is_its_logs_recursively_in_a_stable_order(tmp_path):
    for name in (
        "b.json",
        "a/z.jsonl",
        "a/b/c.json",
        ".hidden/x.json",
        "a/.g.json.tmp",
        "notes.txt",
        "c.ndjson",
    ):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("{}")
    found = [p[len(str(tmp_path)) + 1 :] for p in log_files([tmp_path])]
    assert found == ["a/b/c.json", "a/z.jsonl", "b.json", "c.ndjson"]
    assert list(log_files(["-", "x.json"])) == ["-", "x.json"]
    (tmp_path / "empty").mkdir()
    with pytest.raises(StixxError, match="no game logs") as empty:
        list(log_files([tmp_path / "empty"]))
    assert empty.value.exit_code == 2  # as a missing file: a usage error


def test_positions_of_a_corpus():
    assert position("club.jsonl:41") == 41 and position("game.json") is None
    assert position("C:/logs/x.jsonl:3") == 3


# Through the command line --------------------------------------------------------


def _nim_logs(count, seed=0):
    from stixxcli.table import play_bots

    return [play_bots("nim", ["random", "random"], seed=seed + s) for s in range(count)]


def _corpus(path, logs):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(log) + "\n" for log in logs))
    return path


def test_a_folder_validates_and_scores_and_its_positions_are_what_pick_takes(stixx, nim, tmp_path):
    logs = _nim_logs(3)
    logs[2]["result"]["scores"] = [5, 5]
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "a.json").write_text(json.dumps(logs[0], indent=1))  # one document: no :N
    _corpus(tmp_path / "club" / "may" / "b.jsonl", logs[1:])
    r = stixx("validate", tmp_path / "club", "--json")
    verdicts = [json.loads(line) for line in r.stdout.splitlines()]
    club = str(tmp_path / "club")
    assert [v["source"] for v in verdicts] == [
        f"{club}/a.json",
        f"{club}/may/b.jsonl:1",
        f"{club}/may/b.jsonl:2",
    ]
    assert [v["valid"] for v in verdicts] == [True, True, False] and r.exit_code == 1
    # --quiet holds with --json: only the invalid verdict.
    quiet = stixx("validate", tmp_path / "club", "--json", "-q").stdout.splitlines()
    assert [json.loads(line)["source"] for line in quiet] == [f"{club}/may/b.jsonl:2"]
    # The N of FILE:N is what replay --pick N and play --resume --pick N take.
    file, _, n = verdicts[2]["source"].rpartition(":")
    states = stixx("replay", file, "--pick", n, "--json").stdout.splitlines()
    assert len(states) == len(logs[2]["moves"]) + 1
    r = stixx("score", tmp_path / "club", "--json")
    assert len(r.stdout.splitlines()) == 2 and f"{club}/may/b.jsonl:2" in r.stderr


def test_resume_one_game_of_a_corpus_by_its_position(stixx, nim, tmp_path):
    r = stixx("play", "nim", "--player", "Ann", "--bot", "Bob:random", "--seed", 1, "--out", tmp_path / "u.json",
              input="1\nq\n")  # fmt: skip
    unfinished = json.loads((tmp_path / "u.json").read_text())
    corpus = _corpus(tmp_path / "u.jsonl", [*_nim_logs(1), unfinished])
    r = stixx("play", "--resume", corpus, "--pick", 2, input="1\n" * 20)
    assert r.exit_code == 2 and "--out" in r.stderr  # never written back over a whole corpus
    r = stixx("play", "--resume", corpus, "--pick", 2, "--out", tmp_path / "done.json", input="1\n" * 20)
    assert r.exit_code == 0, r.output
    assert json.loads((tmp_path / "done.json").read_text())["finished"]


def test_replay_of_a_folder_of_one_log_and_of_more(stixx, nim, tmp_path):
    one = tmp_path / "one"
    one.mkdir()
    (one / "g.json").write_text(json.dumps(_nim_logs(1)[0]))
    assert stixx("replay", one, "--to", 0).exit_code == 0
    (one / "h.json").write_text(json.dumps(_nim_logs(1, seed=5)[0]))
    r = stixx("replay", one)
    assert r.exit_code == 2 and "holds 2 log files" in r.stderr


def test_to_past_the_end_is_a_usage_error(stixx, nim, tmp_path):
    log = _nim_logs(1)[0]
    (tmp_path / "g.json").write_text(json.dumps(log))
    r = stixx("replay", tmp_path / "g.json", "--to", len(log["moves"]) + 1)
    assert r.exit_code == 2 and f"the log has {len(log['moves'])} moves" in r.stderr
    assert stixx("replay", tmp_path / "g.json", "--to", len(log["moves"])).exit_code == 0


def test_score_of_a_text_sheet_says_to_use_sheet(stixx, tmp_path):
    sheet = "examples/sixto/rulebook-example.txt"
    r = stixx("score", sheet)
    assert (
        r.exit_code == 2
        and f"is a paper score sheet, not a game log: stixx score --sheet {sheet}" in r.stderr
    )
    assert stixx("score", "--sheet", sheet).exit_code == 0
    (tmp_path / "notes.txt").write_text("hello, not a log\n")  # neither: the usual verdict
    r = stixx("score", tmp_path / "notes.txt")
    assert r.exit_code == 1 and "--sheet" not in r.stderr


def test_debug_after_the_command(stixx, tmp_path):
    from click.testing import CliRunner

    from stixxcli.cli import cli

    (tmp_path / "x.json").write_text("[]")
    with pytest.raises(StixxError):
        CliRunner().invoke(cli, ["replay", str(tmp_path / "x.json"), "--debug"], catch_exceptions=False)
    assert "--debug" in stixx("validate", "--help").output
    assert stixx("validate", tmp_path / "x.json").exit_code == 1  # without it: one line


def test_play_and_simulate_seat_players_alike(stixx, nim, tmp_path):
    out = tmp_path / "g.json"
    r = stixx("play", "nim", "--bot", "2:random", "--player", "Ann", "--players", 3, "--seed", 1, "--out", out,
              input="1\n" * 30)  # fmt: skip
    assert r.exit_code == 0, r.output
    players = json.loads(out.read_text())["players"]
    assert players == [
        {"name": "Ann"},
        {"name": "random-1", "bot": "random"},
        {"name": "random-2", "bot": "random"},
    ]
    report = json.loads(stixx("simulate", "nim", "--bot", "Cid:random", "--bot", "2:random", "-p", 3, "-n", 4,
                              "--json").stdout)  # fmt: skip
    assert report["seat_names"] == ["Cid", "random-1", "random-2"] and report["seat_bots"] == ["random"] * 3
    r = stixx("simulate", "nim", "--bot", "0:random", "--bot", "0:random", "-n", 2)
    assert r.exit_code == 2 and "two bots at seat 0" in r.stderr


def test_rotate_turns_the_seats_and_each_row_follows_one_player(stixx, tmp_path):
    from stixxcli.simulate import Batch, play_batch

    out = tmp_path / "games.jsonl"
    r = stixx(
        "simulate", "trixo", "--bot", "greedy", "--bot", "random", "-n", 4, "--rotate", "--out", out, "--json"
    )
    assert json.loads(r.stdout)["rotate"] is True
    firsts = [json.loads(line)["players"][0]["bot"] for line in out.read_text().splitlines()]
    assert firsts == ["greedy", "random", "greedy", "random"]
    from stixxcli.plugins import get_game
    from stixxcli.rules import resolve

    rules = resolve(get_game("trixo"), "standard").values
    (game,) = play_batch(Batch("trixo", "standard", rules, ("greedy", "random"), ("s-1",), True, (1,)))
    seated = [p["bot"] for p in game["log"]["players"]]
    assert seated == ["random", "greedy"]
    assert game["scores"] == game["log"]["result"]["scores"][::-1]  # given order: greedy first


def test_simulated_logs_keep_the_names_the_players_were_given_wherever_they_sit(stixx, tmp_path):
    out = tmp_path / "games.jsonl"
    r = stixx("simulate", "trixo", "--bot", "Ann:greedy", "--bot", "0:random", "-p", 3, "-n", 2, "--out", out)
    assert r.exit_code == 0, r.output
    players = [json.loads(line)["players"] for line in out.read_text().splitlines()]
    assert players[0] == [
        {"name": "random-0", "bot": "random"},
        {"name": "Ann", "bot": "greedy"},
        {"name": "random-2", "bot": "random"},
    ]
    out.unlink()
    stixx(
        "simulate", "trixo", "--bot", "Ann:greedy", "--bot", "Bob:random", "-n", 2, "--rotate", "--out", out
    )
    seated = [[p["name"] for p in json.loads(line)["players"]] for line in out.read_text().splitlines()]
    assert seated == [["Ann", "Bob"], ["Bob", "Ann"]]


def test_the_change_of_a_win_rate_and_of_a_mean_score():
    from stixxcli.simulate import change

    def line(wins, games, mean, sd):
        return {"wins": wins, "games": games, "mean_score": mean, "sd_score": sd}

    before = {"seats": [line(50, 100, 20.0, 5.0)], "bots": {"greedy": line(50, 100, 20.0, 5.0)}}
    after = {"seats": [line(60, 100, 22.0, 5.0)], "bots": {"greedy": line(60, 100, 22.0, 5.0)}}
    seat = change(before, after)["seats"][0]
    # Newcombe's hybrid score interval of 60/100 - 50/100, worked by hand from
    # the Wilson intervals (0.5020, 0.6906) and (0.4038, 0.5962).
    assert seat["win_rate"] == pytest.approx(0.1)
    assert seat["win_rate_95"] == pytest.approx([-0.0373, 0.2321], abs=2e-4)
    # 2 +- 1.96 * sqrt(25/100 + 25/100)
    assert seat["mean_score"] == pytest.approx(2.0)
    assert seat["mean_score_95"] == pytest.approx([2 - 1.386, 2 + 1.386], abs=1e-3)


def test_compare_prints_the_change_and_what_the_signs_mean(stixx):
    r = stixx("simulate", "sixto", "-n", 16, "--compare", "solo-strict", "-p", 1)
    assert r.exit_code == 0, r.output
    text = " ".join(r.stdout.split())
    assert "Win rate, % (95% interval)" in text and "change" in text
    assert "± is the standard deviation over the games" in text and "solo-strict minus standard" in text
