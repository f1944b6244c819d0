"""Whole numbers too long to write out: Python refuses to turn an int of more than
4300 digits into text, and adding to one of 4300 makes it 4301. Rules holding
such numbers are refused as rules errors, and a move holding one gets the
verdict any other illegal move gets; no message writes one out.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stixxcli.gamelog import rules_digest
from stixxcli.params import Param, shown

EXAMPLES = Path(__file__).parent.parent.parent / "examples"
BIG = int("9" * 4300)  # the longest a JSON reader accepts, as the fuzzed logs hold
CRASH_WORDS = ("Traceback", "internal error", "plugin failed", "Exceeds the limit")
TABLE_ERROR = "rules: score_table item 1 must be at most 1000000000, not a number of 4300 digits"


def example(game: str, name: str = "2-players") -> dict:
    return json.loads((EXAMPLES / game / f"{name}.json").read_text("utf-8"))


def sixto_with_table(table: list[int], result: bool = True) -> dict:
    log = example("sixto")
    log["rules"]["score_table"] = table
    log["rules_digest"] = rules_digest(log["rules"])
    if not result:
        del log["result"]
    return log


def write(path: Path, log: dict) -> Path:
    path.write_text(json.dumps(log), encoding="utf-8")
    return path


def refused(run, words: str) -> str:
    """The one error line of a refusal, exit 1, with `words` in it."""
    assert run.exit_code == 1, run.output[-500:]
    out = run.stdout + run.stderr
    assert not any(word in out for word in CRASH_WORDS), out[-500:]
    line = (run.stderr if "error:" in run.stderr else run.stdout).splitlines()[-1]
    assert words in line and len(line) < 600, line[:300]
    return line


# Rules in a log ------------------------------------------------------------------


@pytest.mark.parametrize("result", [False, True], ids=["no-result", "result"])
@pytest.mark.parametrize(
    "command",
    [
        ["validate"],
        ["validate", "--json"],
        ["score"],
        ["score", "--json"],
        ["replay"],
        ["replay", "--json"],
        ["replay", "--svg", "{tmp}/game.svg"],
        ["replay", "--html", "{tmp}/game.html"],
    ],
    ids=" ".join,
)
def test_a_score_table_of_huge_numbers_is_a_rules_error(stixx, tmp_path, command, result):
    log = write(tmp_path / "big.json", sixto_with_table([BIG] * 12, result))
    run = stixx(*[part.format(tmp=tmp_path) for part in command], log)
    refused(run, TABLE_ERROR)


def test_a_corpus_goes_on_past_rules_of_huge_numbers(stixx, tmp_path):
    good = json.dumps(example("sixto"))
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("\n".join([good, json.dumps(sixto_with_table([BIG] * 12)), good]) + "\n", "utf-8")
    for jobs in ("1", "2"):
        run = stixx("validate", "-j", jobs, corpus)
        assert run.exit_code == 1, run.output
        lines = run.stdout.splitlines()
        assert lines == [
            f"{corpus}:1: valid sixto game, 15 moves, finished",
            f"{corpus}:2: {TABLE_ERROR}",
            f"{corpus}:3: valid sixto game, 15 moves, finished",
        ]
        assert run.stderr.splitlines()[-1] == "3 logs: 2 valid, 1 invalid"


def test_a_number_a_param_does_not_bound_stays_within_a_billion(stixx, tmp_path):
    table = [0, -5, 0, 5, 10, 15, 21, 28, 36, 45, 55, 66]
    for at, number, said in ((11, 10**9 + 1, "1000000001"), (1, -(10**12), "-1000000000000")):
        log = write(tmp_path / "big.json", sixto_with_table([*table[:at], number, *table[at + 1 :]]))
        bound = "at most 1000000000" if number > 0 else "at least -1000000000"
        refused(stixx("validate", log), f"rules: score_table item {at + 1} must be {bound}, not {said}")
    # A billion itself is a rule like any other.
    log = write(tmp_path / "billion.json", sixto_with_table([*table[:11], 10**9], result=False))
    assert stixx("validate", log).exit_code == 0


def test_a_json_parameter_holds_no_huge_number(stixx, tmp_path):
    log = example("sixto")
    log["rules"]["sheets"]["A"][0][3] = -BIG
    log["rules_digest"] = rules_digest(log["rules"])
    refused(
        stixx("validate", write(tmp_path / "big.json", log)),
        "sheets: sheet A, row 1 (red), box 4: a box shows 1 to 6, not a negative number of 4300 digits",
    )


# Rule files ----------------------------------------------------------------------


def sheet_with(first: str) -> str:
    """A rule file's line: sheet A, its first box `first`, every other box 1."""
    rows = [[first] + ["1"] * 11] + [["1"] * 12] * 5
    return "sheets: {A: [" + ", ".join("[" + ", ".join(row) + "]" for row in rows) + "]}"


@pytest.mark.parametrize(
    ("line", "words"),
    [
        (f"score_table: [0, -5, 0, 5, 10, 15, 21, 28, 36, 45, 55, {10**12}]", "must be at most 1000000000"),
        (
            f"score_table: [0, -5, 0, 5, 10, 15, 21, 28, 36, 45, 55, {'9' * 300}]",
            "not a number of 300 digits",
        ),
        # A "json" value is the game's to check: Sixto's sheets hold boxes of 1 to 6.
        (sheet_with(".nan"), "box 1: a box shows 1 to 6, not nan"),
        (sheet_with("9" * 300), "box 1: a box shows 1 to 6, not a number of 300 digits"),
        (f"{'9' * 300}: 1", "unknown key a number of 300 digits for sixto"),
        (f"boxes_per_row: {'9' * 300}", "boxes_per_row must be at most 40, not a number of 300 digits"),
    ],
    ids=["trillion", "300-digits", "nan", "sheets", "key", "bounded"],
)
def test_a_rule_file_with_a_huge_number_is_refused(stixx, tmp_path, line, words):
    rules = tmp_path / "big.yaml"
    rules.write_text(f"extends: standard\n{line}\n", encoding="utf-8")
    for command in (["variants", "sixto", rules], ["simulate", "sixto", "--rules", rules, "--games", "1"]):
        refused(stixx(*command), words)


def test_shown_never_writes_out_a_long_number():
    assert shown(10**100 - 1) == "9" * 100
    assert shown(10**100) == "a number of 101 digits"
    assert shown(-BIG) == "a negative number of 4300 digits"
    assert shown(BIG * 10) == "a number of 4301 digits"
    assert shown([BIG * 10]) == "a list holding a number too long to show"
    assert shown("row") == "'row'"
    # A bound the parameter sets replaces the default one on its side only.
    assert (
        Param("n", "int", 1, "an n", min=0).problem(BIG)
        == "must be at most 1000000000, not a number of 4300 digits"
    )
    assert Param("n", "int", 1, "an n", max=10**12).problem(10**11) is None


# Moves ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "number", "words"),
    [
        ("row", BIG, "no fish of the stick at column 1, the 4 rows from a number of 4300 digits down"),
        (
            "row",
            -BIG,
            "no fish of the stick at column 1, the 4 rows from a negative number of 4300 digits down",
        ),
        ("column", BIG, "no fish of the stick at column a number of 4300 digits, rows -1 to 2"),
        ("points", {"green": BIG, "school": 2}, "the move records green a number of 4300 digits, school 2"),
    ],
    ids=["row", "negative-row", "column", "points"],
)
def test_a_fish_stix_move_of_huge_numbers_is_illegal(stixx, tmp_path, key, number, words):
    log = example("fishstix")
    log["moves"][0][key] = number
    path = write(tmp_path / "big.json", log)
    line = refused(stixx("validate", path), words)
    assert line.startswith(f"{path}: move 0 by greedy-0 (seat 0) is illegal: ")
    for command in (["replay", "--json"], ["replay", "--svg", tmp_path / "game.svg"]):
        refused(stixx(*command, path), f"move 0 by greedy-0 (seat 0) is illegal: {words}")
