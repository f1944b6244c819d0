"""Paper sheets as people type them, and as they should not: every text gets a
score or one clear refusal, never a crash."""

import string
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stixxcli.errors import StixxError
from stixxcli.plugins import get_game
from stixxcli.rules import resolve

ROWS = ["x . x x . x . . x x . .", "red: . x x | x . x . . x . . .", "# a comment", "", "|||", "X-o_ x"]
CHARS = string.ascii_letters + string.digits + " .xX-o_|#:[]{},\n\t\"'!&*\\\u00e9\ufeff"


def score(text: str):
    game = get_game("sixto")
    try:
        return game.score_sheets([("sheet.txt", text)], resolve(game).values).to_json()
    except StixxError as e:
        assert "\n" not in str(e) and str(e).startswith("sheet.txt")
        return None


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(ROWS), st.text(CHARS, max_size=40)), max_size=9))
def test_any_text_gets_a_score_or_one_clear_line(lines):
    result = score("\n".join(lines))
    if result is not None:
        assert result["total"] == result["rows_total"] + result["columns_total"]


@settings(max_examples=200, derandomize=True, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=12),
        lambda inner: st.lists(inner, max_size=13) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
        max_leaves=80,
    )
)
def test_any_json_gets_a_score_or_one_clear_line(value):
    import json

    game = get_game("sixto")
    try:
        game.score_sheets([("sheet.json", json.dumps(value))], resolve(game).values)
    except StixxError as e:
        assert "\n" not in str(e)


def test_a_byte_order_mark_is_no_obstacle(stixx, tmp_path):
    from pathlib import Path

    sheet = Path(__file__).parents[2] / "examples" / "sixto" / "rulebook-example.txt"
    marked = tmp_path / "marked.txt"
    marked.write_bytes(b"\xef\xbb\xbf" + sheet.read_bytes())
    r = stixx("score", "--sheet", marked, "--json")
    assert r.exit_code == 0 and '"total": 151' in r.output


def test_a_key_twice_in_a_sheet_is_refused_as_in_a_log(stixx, tmp_path):
    """`rows` twice: a reader that keeps the first shows rows other than those
    stixx scored (it kept the last), as a log's second `finished` would."""
    import json

    rows = ["x . . . . . . . . | . . ."] * 6
    for suffix, text in [
        (
            ".json",
            f'{{"name": "Ann", "rows": {json.dumps(rows)}, "rows": {json.dumps(["x x x x x x x x x | x x x"] * 6)}}}',
        ),
        (".yaml", f"name: Ann\nname: Bob\nrows: {json.dumps(rows)}\n"),
    ]:
        sheet = tmp_path / f"twice{suffix}"
        sheet.write_text(text)
        r = stixx("score", "--sheet", sheet)
        assert r.exit_code == 1, r.output
        assert "appears twice in one mapping" in r.stderr and len(r.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    "codec, says",
    [
        ("utf-16", "is UTF-16 (it starts with a byte-order mark)"),
        ("utf-16-le", "looks like UTF-16 without a byte-order mark"),
        ("utf-32-be", "looks like UTF-32 without a byte-order mark"),
    ],
)
def test_a_sheet_saved_as_utf16_or_utf32_is_named_so(stixx, tmp_path, codec, says):
    # Notepad's "Unicode": it said `not a text file (not UTF-8)`, where a log is told so.
    path = tmp_path / "ann.txt"
    path.write_bytes(open("examples/sixto/rulebook-example.txt", encoding="utf-8").read().encode(codec))
    told = f"{path}: the file {says}; save it as UTF-8"
    run = stixx("score", "--sheet", path, "--game", "sixto")  # through click
    assert run.exit_code == 1 and told in run.stderr, run.output
    quick = subprocess.run(
        [sys.executable, "-m", "stixxcli", "score", "--sheet", path], capture_output=True, text=True
    )
    assert quick.returncode == 1 and told in quick.stderr, quick.stderr


def test_a_sheet_given_as_a_log_is_told_as_a_command_to_type(stixx, tmp_path):
    # A name with a blank was told unquoted: `stixx score --sheet club night.txt` scores two files.
    path = tmp_path / "club night.txt"
    path.write_text(open("examples/sixto/rulebook-example.txt", encoding="utf-8").read())
    run = stixx("validate", path)
    assert run.exit_code == 2 and f"stixx score --sheet '{path}'" in run.stderr
