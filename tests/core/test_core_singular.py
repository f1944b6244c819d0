"""One of a thing is said in the singular, wherever a count reaches a person:
"1 move", never "1 moves"."""

import json

from stixxcli.check import check_log
from stixxcli.table import play_bots
from stixxcli.text import counted


def one_move_log() -> dict:
    log = play_bots("trixo", ["random", "random"], seed=1)
    log["moves"] = log["moves"][:1]
    del log["result"]
    return log


def test_counted_takes_an_irregular_plural():
    assert counted(1, "cross", "crosses") == "1 cross"
    assert counted(3, "cross", "crosses") == "3 crosses"
    assert counted(0, "move") == "0 moves"


def test_a_log_of_one_move_claiming_the_end():
    verdict = check_log(one_move_log())
    assert verdict.error == "the log says the game is over, but after its 1 move it is not"


def test_replay_past_the_end_of_one_move(stixx, tmp_path):
    path = tmp_path / "one.json"
    log = one_move_log()
    log["finished"] = False
    path.write_text(json.dumps(log))
    for extra in ((), ("--html", str(tmp_path / "one.html"))):
        result = stixx("replay", str(path), "--to", "5", *extra)
        assert result.exit_code == 2 and "the log has 1 move; 5 is past its end" in result.output


def test_simulate_one_game(stixx, tmp_path):
    out = tmp_path / "one.jsonl"
    result = stixx("--no-color", "simulate", "trixo", "-n", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "standard: 1 game of 36.0" in result.stdout
    assert "1 log written to" in result.stderr


def test_counts_are_named_n_in_every_help(stixx):
    # play and simulate take the same --players; simulate's --games is a count too.
    for command in ("play", "simulate"):
        assert "-p, --players N " in stixx(command, "--help").output
    assert "-n, --games N " in stixx("simulate", "--help").output
