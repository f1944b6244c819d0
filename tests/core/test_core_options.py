"""One way to say things across commands: seats and bots, folders of logs,
positions in a corpus, --quiet with --json, --debug anywhere, --to past the end."""

import json
import subprocess
import sys
from pathlib import Path

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


def test_seats_filled_without_being_asked_for_are_told(capsys):
    """The fewest seats the rules take, more than the players named: the bots
    that fill them are told (a Trixo team game of two named bots seats four)."""
    seat_players(_Game(range(4, 5)), {}, [("bot", "greedy"), ("bot", "greedy")])
    assert (
        "note: seats 2 and 3 get the random bot (4 players; --players N sets the count)"
        in capsys.readouterr().err
    )
    seat_players(_Game(range(1, 7)), {}, [("human", "Ann")])
    assert (
        "note: seat 1 gets the random bot (2 players; --players N sets the count)" in capsys.readouterr().err
    )
    seat_players(_Game(), {}, [("bot", "greedy")], 3)  # asked for: nothing to tell
    seat_players(_Game(), {}, [("bot", "greedy"), ("bot", "greedy")])
    seat_players(_Game(), {}, [])  # no one named (simulate's every seat random, as its help says)
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    "typed, count, message",
    [
        ([("bot", "0:greedy"), ("bot", "0:random")], None, "two bots at seat 0"),
        ([("bot", "5:greedy")], 3, "seat 5 is beyond 3 players (seats 0-2)"),
        ([("bot", ":greedy")], None, "is not BOT, NAME:BOT or SEAT:BOT"),
        ([("bot", "Ann:")], None, "is not BOT, NAME:BOT or SEAT:BOT"),
        ([("bot", "²:greedy")], None, "'²' is not a seat: write seats with 0-9"),
        ([("bot", "١:greedy")], None, "'١' is not a seat"),
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
    # A seat in other digits ("²") is a usage error too, never a bot's name.
    for args in (
        ["play", "sixto", "--bot", "²:greedy", "--out", "-"],
        ["simulate", "sixto", "--bot", "²:greedy", "-n", 1],
    ):
        r = stixx(*args)
        assert r.exit_code == 2 and "is not a seat" in r.stderr, r.output


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


@pytest.mark.parametrize("command", ["score", "validate"])
def test_a_folder_of_paper_sheets_given_as_logs_names_score_sheet(command):
    """The table's sheets, their folder given as logs: the error says how they are scored."""
    table = Path(__file__).parents[2] / "examples" / "sixto" / "table"
    run = subprocess.run(
        [sys.executable, "-m", "stixxcli", command, str(table)], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 2, run.stderr
    assert "no game logs (*.json, *.jsonl, *.ndjson) in it; its 4 .txt files" in run.stderr
    assert run.stderr.rstrip().endswith(f"stixx score --sheet {table}")


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


def test_score_of_a_text_sheet_with_a_mistake_says_to_use_sheet_too(stixx, tmp_path):
    # A sheet that --sheet refuses is still a sheet: not "invalid JSON".
    rows = Path("examples/sixto/rulebook-example.txt").read_text().splitlines()
    zero = tmp_path / "ann.txt"  # a 0 for a cross: --sheet says why it is refused
    zero.write_text("\n".join(rows[:4] + [rows[4].replace(".", "0", 1)] + rows[5:]) + "\n")
    short = tmp_path / "bob.txt"  # a row of 11 boxes
    short.write_text("\n".join(rows[:5] + [rows[5][:-2]] + rows[6:]) + "\n")
    for sheet in (zero, short):
        r = stixx("score", sheet)
        assert r.exit_code == 2 and f"stixx score --sheet {sheet}" in r.stderr, r.output
        assert "invalid JSON" not in r.stderr
        assert stixx("score", "--sheet", sheet).exit_code == 1


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


def test_simulate_refuses_two_players_of_one_name_as_play_does(stixx, nim, tmp_path):
    # Its logs would be refused by validate: each player needs a different name.
    for bots in (["Ann:random", "Ann:random"], ["random-1:random", "random"]):
        typed = [arg for bot in bots for arg in ("--bot", bot)]
        for command in (["simulate", "nim", "-n", 2, "--out", tmp_path / "g.jsonl"],
                        ["play", "nim", "--seed", 1, "--out", tmp_path / "g.json"]):  # fmt: skip
            r = stixx(*command, *typed)
            twice = bots[0].split(":")[0]
            assert r.exit_code == 2 and f"two players are called {twice!r}" in r.stderr, r.output
    assert not (tmp_path / "g.jsonl").exists() and not (tmp_path / "g.json").exists()


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


def _paired_change(results):
    """The change report of hand-made pairs: (place, score) of one seat under
    the first variant, then the second, the same seed."""
    from stixxcli.simulate import Pairs, change

    pairs = Pairs(["greedy", "random"])  # the other seat only makes it a game of two
    for (p1, s1), (p2, s2) in results:
        pairs.add({"places": [p1, 2], "scores": [s1, 0]}, {"places": [p2, 2], "scores": [s2, 0]})
    return change(pairs, ["greedy", "random"])["seats"][0]


def test_the_change_of_a_win_rate_is_newcombes_interval_for_paired_results():
    # Cavo et al. 2012 (Fagerland, Lydersen & Laake, ch. 8): 59 won under both,
    # 6 under the first only, 16 under the second only, 80 under neither.
    # Newcombe 1998 (paired, method 10): phi = (59*80 - 6*16 - 161/2) / sqrt(65*96*75*86)
    # = 0.7162; Wilson 65/161 (0.3310, 0.4809), 75/161 (0.3905, 0.5428); the
    # difference 10/161 = 0.0621, its interval (0.0046, 0.1186), the book's
    # -0.1186 to -0.0046 for first minus second. Unpaired: (-0.0458, 0.1680).
    both, first, second, neither = (
        [((1, 0), (1, 0))] * 59,
        [((1, 0), (2, 0))] * 6,
        [((2, 0), (1, 0))] * 16,
        [((2, 0), (2, 0))] * 80,
    )
    seat = _paired_change(both + first + second + neither)
    assert seat["win_rate"] == pytest.approx(10 / 161, abs=1e-4)
    assert seat["win_rate_95"] == pytest.approx([0.0046, 0.1186], abs=1e-4)


def test_the_change_of_a_mean_score_is_judged_on_the_paired_differences():
    # Scores 10, 20, 30, 40 under the first variant, 12, 21, 33, 44 under the
    # second: differences 2, 1, 3, 4, mean 2.5, sample sd sqrt(5/3); the
    # interval 2.5 +- 1.96 * sqrt(5/3) / 2. Unpaired it would be +- 12.7.
    seat = _paired_change([((1, a), (1, b)) for a, b in ((10, 12), (20, 21), (30, 33), (40, 44))])
    half = 1.96 * (5 / 3) ** 0.5 / 2
    assert seat["mean_score"] == 2.5
    assert seat["mean_score_95"] == pytest.approx([2.5 - half, 2.5 + half], abs=1e-3)


def test_the_change_of_a_mean_score_is_the_exact_difference_not_of_rounded_means():
    # Means 2/3 and 4/3: the change is 2/3, 0.667; from means rounded first
    # it came out 1.333 - 0.667 = 0.666.
    seat = _paired_change([((1, 0), (1, 1)), ((1, 1), (1, 1)), ((1, 1), (1, 2))])
    assert seat["mean_score"] == 0.667


def test_one_game_gives_a_change_but_no_interval_for_the_mean_score():
    seat = _paired_change([((1, 5), (1, 7))])
    assert seat["mean_score"] == 2 and seat["mean_score_95"] is None


def test_a_solo_game_has_no_win_rate(stixx):
    # Alone at the table the player is first every game: 100% (88.6-100.0)
    # and a change of +0.0 (-11.3 to +11.3) said nothing about the rules.
    r = stixx("simulate", "sixto", "-v", "solo", "-p", 1, "-n", 30, "--compare", "solo-strict", "--json")
    report = json.loads(r.stdout)
    for variant in report["variants"].values():
        assert variant["seats"][0]["win_rate"] is None and variant["seats"][0]["win_rate_95"] is None
        assert variant["seats"][0]["mean_score"] is not None
    assert report["change"]["seats"][0]["win_rate"] is None
    text = stixx("simulate", "sixto", "-v", "solo", "-p", 1, "-n", 3).stdout
    assert "100.0" not in text and "Score, mean ± sd" in text


def test_compare_prints_the_change_and_what_the_signs_mean(stixx):
    r = stixx("simulate", "sixto", "-n", 16, "--compare", "solo-strict", "-p", 1)
    assert r.exit_code == 0, r.output
    text = " ".join(r.stdout.split())
    assert "Win rate, % (95% interval)" in text and "change" in text
    assert "± is the standard deviation over the games" in text and "solo-strict minus standard" in text


def _tally(games):
    """The report of hand-made games of four seats: greedy at 0 and 2 (partners
    in a team game, or opponents), random at 1 and 3; each game (places, scores)."""
    from stixxcli.simulate import Tally

    tally = Tally(["greedy", "random", "greedy", "random"])
    for places, scores in games:
        tally.add({"moves": 10, "places": places, "scores": scores})
    return tally.to_json()


def test_partners_pooled_count_each_game_once():
    # Partners win and lose together: 30 wins of 40 games make the pooled row
    # 60 of 80 seat-games, but it is as sure as 30 of 40 (Wilson: 0.75 +-
    # 1.96 * 0.0727 about 0.7281, so 0.5981 to 0.8581), not 60 of 80 (0.6452 to 0.8319).
    won, lost = ([1, 2, 1, 2], [1] * 4), ([2, 1, 2, 1], [0] * 4)
    report = _tally([won] * 30 + [lost] * 10)
    greedy = report["bots"]["greedy"]
    assert (greedy["games"], greedy["wins"], greedy["win_rate"]) == (80, 60, 0.75)
    assert (
        greedy["win_rate_95"]
        == report["seats"][0]["win_rate_95"]
        == pytest.approx([0.5981, 0.8581], abs=1e-4)
    )


def test_opponents_pooled_are_counted_seat_by_seat():
    # Each game one greedy seat wins and the other loses: the pooled rate is
    # 1/2 whatever happens; the interval stays that of 40 of 80 seat-games
    # (if anything too wide), never one of no width.
    report = _tally([([1, 2, 3, 4], [4, 3, 2, 1]), ([3, 2, 1, 4], [2, 3, 4, 1])] * 20)
    from stixxcli.simulate import wilson

    assert report["bots"]["greedy"]["win_rate_95"] == pytest.approx(wilson(40, 80), abs=1e-4)


def _team_change(results):
    """The change report of hand-made team games, partners greedy at 0 and 2:
    (won, score) of the partners under the first variant, then the second."""
    from stixxcli.simulate import Pairs, change

    pairs = Pairs(["greedy", "random", "greedy", "random"])
    for (w1, s1), (w2, s2) in results:
        first = {"places": [1, 2, 1, 2] if w1 else [2, 1, 2, 1], "scores": [s1, 0, s1, 0]}
        second = {"places": [1, 2, 1, 2] if w2 else [2, 1, 2, 1], "scores": [s2, 0, s2, 0]}
        pairs.add(first, second)
    return change(pairs, ["greedy", "random", "greedy", "random"])


def test_the_change_for_partners_pooled_is_as_sure_as_one_partners():
    # The same games as in the Newcombe test, played by partners: the pooled
    # row doubles every count, but its intervals are those of one partner.
    results = (
        [((1, 10), (1, 12))] * 59
        + [((1, 20), (0, 21))] * 6
        + [((0, 30), (1, 33))] * 16
        + [((0, 40), (0, 44))] * 80
    )
    report = _team_change(results)
    seat, pooled = report["seats"][0], report["bots"]["greedy"]
    assert pooled["games"] == 2 * seat["games"] == 322
    assert pooled["win_rate_95"] == seat["win_rate_95"] == pytest.approx([0.0046, 0.1186], abs=1e-4)
    assert pooled["mean_score_95"] == seat["mean_score_95"]


def test_one_game_of_partners_gives_no_interval_for_the_mean_score():
    report = _team_change([((1, 5), (1, 7))])
    assert report["bots"]["greedy"]["mean_score"] == 2 and report["bots"]["greedy"]["mean_score_95"] is None


def test_opponents_who_never_win_are_still_counted_seat_by_seat():
    # Greedy wins every game; the random seats 1 and 3, opponents, never do:
    # 0 of 80 seat-games is 0.0-4.6%, not 0 of 40 games (0.0-8.8%), which
    # is what partners who never win would be worth.
    from stixxcli.simulate import wilson

    report = _tally([([1, 2, 1, 3], [4, 2, 4, 1]), ([1, 3, 1, 2], [4, 1, 4, 2])] * 20)
    assert report["bots"]["random"]["win_rate_95"] == pytest.approx(wilson(0, 80), abs=1e-4)
    assert report["bots"]["greedy"]["win_rate_95"] == pytest.approx(wilson(40, 40), abs=1e-4)  # partners


def test_the_change_for_opponents_who_never_win_counts_seat_by_seat():
    # Seats 1 and 3 (random) never win under either variant and finish apart.
    from stixxcli.simulate import Pairs, change

    pairs = Pairs(["greedy", "random", "greedy", "random"])
    for _ in range(40):
        pairs.add(
            {"places": [1, 2, 1, 3], "scores": [4, 2, 4, 1]}, {"places": [1, 3, 1, 2], "scores": [4, 1, 4, 2]}
        )
    report = change(pairs, ["greedy", "random", "greedy", "random"])
    lo, hi = report["bots"]["random"]["win_rate_95"]
    assert (lo, hi) == pytest.approx([-wilson_upper(0, 80), wilson_upper(0, 80)], abs=1e-4)


def wilson_upper(wins, n):
    from stixxcli.simulate import wilson

    return wilson(wins, n)[1]


def test_compare_takes_a_rule_file_and_tells_alike_names_apart(stixx, tmp_path):
    # A house rule in a file of its own is compared as its name would be;
    # `--compare ./house.yaml` was an "unknown variant".
    house = tmp_path / "house.yaml"
    house.write_text("extends: standard\nrerolls: 0\n", encoding="utf-8")
    r = stixx("simulate", "sixto", "-p", 2, "-n", 4, "--compare", house, "--json")
    assert r.exit_code == 0, r.output
    assert list(json.loads(r.stdout)["variants"]) == ["standard", "house"]
    # A file named like the variant it is compared with is another rule set, not the same one.
    solo = tmp_path / "solo.yaml"
    solo.write_text("extends: standard\nsolo_unused_dice_end: 3\n", encoding="utf-8")
    r = stixx("simulate", "sixto", "-p", 1, "-n", 4, "--rules", solo, "--compare", "solo", "--json")
    assert r.exit_code == 0, r.output
    assert list(json.loads(r.stdout)["variants"]) == [str(solo), "solo"]
    r = stixx("simulate", "sixto", "-p", 1, "-n", 4, "-v", "solo", "--compare", "solo")
    assert r.exit_code == 2 and "--compare needs a variant other than solo" in r.output


@pytest.mark.parametrize("command", [["validate"], ["replay"], ["validate", "examples/stixx/2-players.json"]])
def test_validate_and_replay_of_a_text_sheet_say_to_use_score_sheet(stixx, command):
    # As score does: they said "invalid JSON: Expecting value (line 1, column 1)".
    sheet = "examples/sixto/rulebook-example.txt"
    r = stixx(*command, sheet)
    assert r.exit_code == 2, r.stderr
    assert f"is a paper score sheet, not a game log: stixx score --sheet {sheet}" in r.stderr


@pytest.mark.parametrize("command", ["score", "validate", "replay"])
def test_a_first_line_of_kilobytes_is_no_sheet(stixx, tmp_path, command):
    # A corpus broken at its first line is not taken for a row of crosses.
    broken = tmp_path / "c.jsonl"
    broken.write_text("x" * 5000 + "\n")
    r = stixx(command, broken)
    assert r.exit_code == 1 and "--sheet" not in r.stderr, r.stderr


def test_the_sheet_hint_asks_the_game_whether_a_text_is_a_sheet(stixx, tmp_path, monkeypatch):
    # The core knows no game's marks: a refused sheet is told apart by the game's looks_like_sheet.
    from stixxcli_games.sixto.game import Sixto

    rows = Path("examples/sixto/rulebook-example.txt").read_text().splitlines()
    short = tmp_path / "bob.txt"  # a row of 11 boxes: refused by --sheet, a sheet all the same
    short.write_text("\n".join(rows[:5] + [rows[5][:-2]] + rows[6:]) + "\n")
    monkeypatch.setattr(Sixto, "looks_like_sheet", lambda self, text: False)
    r = stixx("score", short)
    assert r.exit_code == 1 and "--sheet" not in r.stderr


def test_sixto_tells_a_sheet_with_a_mistake_from_other_text():
    from stixxcli_games.sixto.paper import looks_like_sheet

    assert looks_like_sheet("# Ann\nred: x . x x . . | x . x . . .\nyellow: x\n")
    assert looks_like_sheet("x x . 0 . x . .\n")  # a 0: --sheet says why it is refused
    assert not looks_like_sheet("red: x x\n")  # too short to be a row
    assert not looks_like_sheet("hello, not a log\n")
    assert not looks_like_sheet("")


def test_the_simulate_table_rounds_each_figure_once(stixx, monkeypatch):
    # 250 games of 20.652 moves on average, seat 0 scoring 1.3496 each game:
    # the table rounded the report's figures (20.65, 1.35) again, to 20.6 and
    # 1.4; from the figures themselves they are 20.7 and 1.3. --json is as it was.
    from stixxcli import simulate

    def play_batch(batch):
        games = []
        for seed in batch.seeds:
            i = int(seed.rsplit("-", 1)[1])
            moves = 21 if i < 163 else 20  # 5163 moves in 250 games
            games.append({"seed": seed, "scores": [1.3496, 2], "places": [2, 1], "moves": moves})
        return games

    monkeypatch.setattr(simulate, "play_batch", play_batch)
    r = stixx("simulate", "sixto", "-p", 2, "-n", 250)
    assert r.exit_code == 0, r.output
    assert "250 games of 20.7 ± 0.5 moves (20-21)" in r.stdout
    assert "1.3 ± 0.0" in r.stdout and "1.4" not in r.stdout
    report = json.loads(stixx("simulate", "sixto", "-p", 2, "-n", 250, "--json").stdout)
    standard = report["variants"]["standard"]
    assert standard["length"]["mean"] == 20.65 and standard["seats"][0]["mean_score"] == 1.35
    assert standard["seats"][0]["win_rate_95"] == [0.0, 0.0151]  # 4 digits, as before
