"""Hostile sheets and sheet letters: a rule file's sheet letter never reaches a
terminal, an SVG or a file name as anything but a word, and a YAML sheet is
read as what it says, quickly, or refused in one line."""

import json
import time
import xml.etree.ElementTree as ET

import pytest
from sixto_logs import RULEBOOK_ROWS, game, standard_rules

from stixxcli.errors import RuleError
from stixxcli.rules import resolve

ROWS = [[1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6] for _ in range(6)]
RAW = ("\x1b", "\x07", "\x9b")  # ESC, BEL and the 8-bit CSI a terminal acts on


def house(tmp_path, *letters, name="house.yaml"):
    """A variant file whose sheets are `letters`, each with the same numbers."""
    path = tmp_path / name
    sheets = {letter: ROWS for letter in letters}
    path.write_text(f"extends: standard\nsheets: {json.dumps(sheets)}\n", encoding="utf-8")
    return path


def yaml_sheet(tmp_path, rows: list[str], name="sheet.yaml"):
    """A YAML sheet of six rows of true/false, each row written as given."""
    path = tmp_path / name
    path.write_text("rows:\n" + "".join(f"  - [{row}]\n" for row in rows), encoding="utf-8")
    return path


def booleans(cells: str) -> str:
    return ", ".join("true" if ch == "x" else "false" for ch in cells)


# Sheet letters


def test_a_sheet_letter_with_escape_sequences_is_refused_in_one_plain_line(stixx, tmp_path):
    rules = house(tmp_path, "A\x1b]0;PWN\x07\x1b[2J\x9b")
    for target in (tmp_path / "s.svg", "-"):
        result = stixx("sheet", "sixto", "all", "--svg", target, "--rules", rules)
        assert result.exit_code == 1
        assert "is not a sheet letter" in result.output and "\\x1b]0;PWN" in result.output
        assert not any(ch in result.output for ch in RAW)
        assert len(result.output.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["house.yaml"]


@pytest.mark.parametrize(
    "letter",
    [
        "",
        "A B",
        "A,B",
        "A\tB",
        "A\u00a0B",  # a space that does not look like one
        "A\u202eB",  # a bidi override
        "\u2028",
        "x" * 21,
        "x" * 10_000,
    ],
)
def test_a_sheet_letter_is_a_short_printable_word(letter):
    with pytest.raises(RuleError, match="is not a sheet letter") as caught:
        game().check_rules({**standard_rules(), "sheets": {letter: ROWS}})
    assert len(str(caught.value)) < 200 and str(caught.value).isprintable()


def test_a_sheet_letter_that_yaml_reads_as_a_number_is_refused_by_name(stixx, tmp_path):
    rules = tmp_path / "numbers.yaml"
    rules.write_text(f"extends: standard\nsheets: {{1: {json.dumps(ROWS)}}}\n", encoding="utf-8")
    result = stixx("sheet", "sixto", "all", "--svg", tmp_path / "s.svg", "--rules", rules)
    assert result.exit_code == 1
    assert "sheets: 1 is not a sheet letter" in result.output and "internal error" not in result.output


def test_a_word_of_twenty_characters_is_a_sheet_letter(stixx, tmp_path):
    letter = "Grandma-Elisabeth-Jo"
    result = stixx("sheet", "sixto", "all", "--svg", "-", "--rules", house(tmp_path, letter))
    assert result.exit_code == 0, result.output
    assert f"<title>Sixto sheet {letter}</title>" in result.stdout


def test_every_sheet_letter_of_a_variant_file_kept_at_the_table_loads(tmp_path):
    from stixxcli_games.sixto.board import write_sheets_variant

    path = tmp_path / "night.yaml"
    names = {"Anne-Catherine de la Fontaine-Moreau": ROWS, "Anne-Catherine de la Fontaine": ROWS[::-1]}
    write_sheets_variant(path, names, standard_rules()["colours"])
    letters = sorted(resolve(game(), path=path).values["sheets"])
    assert letters == ["Anne-Catherine-de-2", "Anne-Catherine-de-la"]


def test_a_letter_xml_cannot_hold_still_makes_well_formed_svg():
    # The rules refuse such a letter; the drawing must not depend on that.
    letter = "A\x1b]0;PWN\x07<&>\"'"
    rules = {**standard_rules(), "sheets": {letter: ROWS}}
    [(name, svg)] = game().print_sheets(rules, "all", "a4")
    root = ET.fromstring(svg.encode("utf-8"))
    title = root.find("{http://www.w3.org/2000/svg}title").text
    assert name == letter and title.startswith("Sixto sheet A") and "<&>\"'" in title
    assert "\x1b" not in svg and "\x07" not in svg


def test_sheet_files_stay_in_the_folder_of_FILE(stixx, tmp_path):
    out = tmp_path / "out"
    (out / "s-").mkdir(parents=True)  # the folder a letter "/../../escaped" would climb from
    rules = house(tmp_path, "A", "/../../escaped", "..\\..\\up")
    result = stixx("sheet", "sixto", "all", "--svg", out / "s.svg", "--rules", rules)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["house.yaml", "out"]
    assert sorted(p.name for p in out.iterdir()) == [
        "s-",
        "s-.._.._up.svg",
        "s-A.svg",
        "s-_.._.._escaped.svg",
    ]
    assert not any((out / "s-").iterdir())


# Deep YAML and JSON sheets


@pytest.mark.parametrize(
    "text",
    [
        "[" * 49_999 + "]" * 49_999,
        "[\n" * 30_000 + "]" * 30_000,
        "{rows: " * 10_000 + "}" * 10_000,
        '[ "]", ' * 10_000 + "]" * 10_000,  # brackets in strings do not hide the depth
        "- " * 40_000 + "x\n",
    ],
    ids=["lists", "lists-by-line", "mappings", "lists-beside-strings", "block-lists"],
)
def test_a_deeply_nested_sheet_is_refused_at_once(stixx, tmp_path, text):
    sheet = tmp_path / "deep.yaml"
    sheet.write_text(text, encoding="utf-8")
    started = time.monotonic()
    result = stixx("score", "--sheet", sheet)
    assert time.monotonic() - started < 3  # minutes before: PyYAML slows with every level
    assert result.exit_code == 1
    assert "YAML nested more than 10 levels deep: a sheet is a list of rows" in result.output


def test_a_deep_json_sheet_on_standard_input_is_refused_at_once(stixx):
    started = time.monotonic()
    result = stixx("score", "--sheet", "-", input="[" * 20_000 + "]" * 20_000)
    assert time.monotonic() - started < 3
    assert result.exit_code == 1 and "nested more than 10 levels deep" in result.output


def test_brackets_in_comments_and_strings_are_no_nesting(stixx, tmp_path):
    sheet = tmp_path / "commented.yaml"
    rows = "".join(f"  - [{booleans(cells)}]  # [[[[[[[[[[[[\n" for cells in RULEBOOK_ROWS)
    sheet.write_text(f"name: '[[[[[[[[[[[[ Ann'\nrows:\n{rows}", encoding="utf-8")
    result = stixx("score", "--sheet", sheet, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["total"] == 151


# Tags


def test_a_row_of_the_text_forms_cells_in_a_yaml_list_is_told_the_string_form(stixx, tmp_path):
    """`[x, ., x, ...]` reads as cells of text: the refusal says how a row of them is written."""
    rows = [", ".join(cells) for cells in RULEBOOK_ROWS]
    result = stixx("score", "--sheet", yaml_sheet(tmp_path, rows))
    assert result.exit_code == 1
    assert "row 1, box 1: true (a cross) or false, not 'x' (or write the row as one string: 'x . x ...')" in (
        result.output
    )
    tagged = stixx("score", "--sheet", yaml_sheet(tmp_path, ["!!bool x"] + rows[1:], "tagged.yaml"))
    assert "not 'x'\n" in tagged.output  # a tag asked for a bool: no string form to tell


def test_a_yaml_sheet_of_one_row_says_1_row(stixx, tmp_path):
    result = stixx("score", "--sheet", yaml_sheet(tmp_path, [booleans(RULEBOOK_ROWS[0])]))
    assert "sheet.yaml:2: 1 row, but a sheet has 6 (one per colour)" in result.output, result.output


@pytest.mark.parametrize("tagged", ["!!bool maybe", "!!bool ''", "!!bool 1", "!!bool x"])
def test_a_tagged_box_that_is_no_bool_is_refused_like_an_untagged_one(stixx, tmp_path, tagged):
    rows = [booleans(cells) for cells in RULEBOOK_ROWS]
    rows[0] = rows[0].replace("false", tagged, 1)  # box 2 of the red row
    result = stixx("score", "--sheet", yaml_sheet(tmp_path, rows))
    assert result.exit_code == 1
    assert "sheet.yaml:2: row 1, box 2: true (a cross) or false, not" in result.output


@pytest.mark.parametrize(
    "tagged, total", [("!!bool false", 151), ("!!bool 'False'", 151), ("!!bool yes", None)]
)
def test_a_tagged_bool_is_read_as_what_it_says(stixx, tmp_path, tagged, total):
    rows = [booleans(cells) for cells in RULEBOOK_ROWS]
    rows[0] = rows[0].replace("false", tagged, 1)
    result = stixx("score", "--sheet", yaml_sheet(tmp_path, rows), "--json")
    if total is not None:
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["total"] == total
    else:  # a cross in red box 2: one more cross in the row and in column 2
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["crosses"] == 33


def test_a_row_of_cells_tagged_as_something_else_is_refused(stixx, tmp_path):
    sheet = tmp_path / "tagged.yaml"
    lines = [f"- {cells}" for cells in RULEBOOK_ROWS]
    lines[2] = f"- !!null {RULEBOOK_ROWS[2]}"
    sheet.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = stixx("score", "--sheet", sheet)
    assert result.exit_code == 1
    assert "tagged.yaml:3: row 3 must be 12 true/false or a string of x and ., not !!null" in result.output
    sheet.write_text("\n".join(f"- !!str {cells}" for cells in RULEBOOK_ROWS) + "\n", encoding="utf-8")
    assert json.loads(stixx("score", "--sheet", sheet, "--json").stdout)["total"] == 151
