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


def test_a_sheet_named_twice_is_scored_once(stixx, tmp_path):
    # `score --sheet S --sheet S` scored S twice and ranked it against itself, as two players.
    ann = tmp_path / "ann.txt"
    ann.write_text(RULEBOOK.read_text())
    (tmp_path / "same.txt").symlink_to(ann)
    ben = EXAMPLES / "table" / "ben.txt"
    r = stixx("score", "--sheet", ann, "--sheet", ben, ann, tmp_path / "same.txt", "--json")
    assert r.exit_code == 0, r.output
    assert [sheet["name"] for sheet in json.loads(r.stdout)["sheets"]] == ["ann", "ben"]
    assert r.stderr.splitlines() == [
        f"stixx: note: {ann} is named twice: read once",
        f"stixx: note: {tmp_path / 'same.txt'} is the same file as {ann}: read once",
    ]
    r = stixx("score", "--sheet", "-", "-", input=RULEBOOK.read_text())  # the second would read nothing
    assert r.exit_code == 0 and "151 points" in r.stdout, r.output
    assert r.stderr == "stixx: note: standard input (-) is named twice: read once\n"


def test_a_sheet_named_twice_is_scored_once_on_the_quick_path(tmp_path):
    """`stixx score --sheet FILE...` alone on the line runs without click (__main__)."""
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-m", "stixxcli", "score", "--sheet", RULEBOOK, RULEBOOK, "--json"],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["total"] == 151  # one sheet, scored as one
    assert run.stderr == f"stixx: note: {RULEBOOK} is named twice: read once\n"


def test_a_folder_of_sheets_is_its_txt_files(stixx, tmp_path):
    """`--sheet FOLDER`: the table's sheets, without a glob (a shell that has
    none, or a folder of photos' readings), in name order; hidden files left out."""
    import subprocess
    import sys

    table = EXAMPLES / "table"
    files = sorted(table.glob("*.txt"))
    one_by_one = json.loads(stixx("score", "--sheet", *files, "--json").stdout)
    r = stixx("score", "--sheet", table, "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout) == one_by_one
    quick = subprocess.run(  # the quick path, without click
        [sys.executable, "-m", "stixxcli", "score", "--sheet", str(table), "--json"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert quick.returncode == 0 and json.loads(quick.stdout) == one_by_one, quick.stderr
    # A sheet named and in the folder too is scored once.
    r = stixx("score", "--sheet", files[0], "--sheet", table, "--json")
    assert json.loads(r.stdout) == one_by_one and "read once" in r.stderr
    (tmp_path / ".hidden.txt").write_text("not a sheet")
    (tmp_path / "notes.md").write_text("not a sheet")
    r = stixx("score", "--sheet", tmp_path)
    assert r.exit_code == 2 and f"{tmp_path}: no paper sheets (*.txt) in it" in r.stderr, r.output


def test_a_folder_of_sheets_that_cannot_be_read_is_one_line(stixx, tmp_path, monkeypatch):
    def refused(path):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("stixxcli.sheets.os.listdir", refused)
    r = stixx("score", "--sheet", tmp_path)
    assert r.exit_code == 1 and r.stderr == f"stixx: error: {tmp_path}: cannot read: Permission denied\n", (
        r.output
    )
