"""Sixto from the command line: scoring paper sheets, validating, replaying and
playing, through the `stixx` fixture of tests/conftest.py."""

import json
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "sixto"
RULEBOOK = EXAMPLES / "rulebook-example.txt"


def test_score_the_rulebook_example(stixx):
    result = stixx("score", "--sheet", RULEBOOK)
    assert result.exit_code == 0, result.output
    assert "rulebook-example: 151 points" in result.output
    out = json.loads(stixx("score", "--sheet", RULEBOOK, "--json").output)
    assert out["total"] == 151 and out["rows_total"] == 105 and out["columns_total"] == 46


def test_score_from_standard_input(stixx):
    result = stixx("score", "--sheet", "-", "--json", input=RULEBOOK.read_text())
    assert result.exit_code == 0 and json.loads(result.output)["total"] == 151


def test_score_a_table_of_four_sheets(stixx):
    files = sorted((EXAMPLES / "table").glob("*.txt"))
    result = stixx("score", "--sheet", *files)
    assert result.exit_code == 0 and "Ranking" in result.output
    out = json.loads(stixx("score", "--sheet", *files, "--json").output)
    assert [entry["name"] for entry in out["ranking"]] == ["anna", "dan", "cleo", "ben"]


def test_a_sheet_against_the_rules_fails(stixx, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text(
        RULEBOOK.read_text().replace(
            "yellow: x . . x x . . . .  | . . .", "yellow: x . . x x . . . .  | x . ."
        )
    )
    result = stixx("score", "--sheet", bad)
    assert result.exit_code == 1
    assert "bad.txt:6" in result.output and "row 2 (yellow), box 10" in result.output


def test_validate_and_replay_the_examples(stixx):
    logs = sorted(EXAMPLES.glob("*.json"))
    result = stixx("validate", *logs)
    assert result.exit_code == 0 and result.output.count("valid sixto game") == len(logs)
    lines = stixx("replay", EXAMPLES / "2-players.json", "--json").output.splitlines()
    last = json.loads(lines[-1])["state"]
    log = json.loads((EXAMPLES / "2-players.json").read_text())
    assert last["over"] and [p["score"]["total"] for p in last["players"]] == log["result"]["scores"]


def test_play_bots_and_score_the_log(stixx, tmp_path):
    out = tmp_path / "game.json"
    result = stixx("play", "sixto", "--bot", "A:greedy", "--bot", "B:random", "--seed", 9, "--out", out)
    assert result.exit_code == 0, result.output
    assert stixx("validate", out).exit_code == 0


def test_a_human_types_crosses(stixx, tmp_path):
    out = tmp_path / "table.json"
    # Sheets and dice typed in (a real table), keep the roll, help, two refused
    # answers, then crosses. Sheet A: red 2 5 6 4 6 2 1 3 5 ..., yellow 4 1 6 2 ...
    # Then the bot's turn: its dice (twice, should it re-roll).
    typed = "A B\n1 2 3 4 5 6\nk\nhelp\nzz9\nr9\nr7 y4\n6 5 4 3 2 1\n6 5 4 3 2 1\n"
    result = stixx(
        "play",
        "sixto",
        "--player",
        "Ann",
        "--bot",
        "B:greedy",
        "--chance",
        "manual",
        "--out",
        out,
        input=typed,
    )
    assert "  red 1: box 7" in result.output and "  yellow 2: box 4" in result.output  # help, per die
    assert (
        "no colour 'zz'" in result.output and "box 9 of red shows 5, but the red die shows 1" in result.output
    )
    assert "Ann crosses red 7 and yellow 4." in result.output  # told to the table
    log = json.loads(out.read_text())
    assert log["moves"][0]["seat"] == 0 and log["moves"][0]["crosses"][0] == [["red", 7], ["yellow", 4]]
    assert not log["finished"]
