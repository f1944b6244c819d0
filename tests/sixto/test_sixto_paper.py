"""Scoring paper Sixto sheets: the text, YAML and JSON forms, the crossing
rules a sheet can break, the ranking, and the rulebook's example."""

import json
from pathlib import Path

import pytest
from rich.console import Console
from sixto_logs import RULEBOOK_ROWS, bot_logs, game, standard_rules

from stixxcli.check import check_log
from stixxcli.errors import StixxError
from stixxcli.replays import replay

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "sixto"
RULEBOOK = (EXAMPLES / "rulebook-example.txt").read_text()


def score(*sheets):
    return game().score_sheets(list(sheets), standard_rules())


def refusal(text, name="sheet.txt"):
    with pytest.raises(StixxError) as caught:
        score((name, text))
    return caught.value


def shown(renderable) -> str:
    console = Console(record=True, width=160, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_rulebook_example_scores_151():
    out = score(("rulebook-example.txt", RULEBOOK)).to_json()
    assert out == {
        "name": "rulebook-example",
        "rows": [15, 5, 28, 15, 21, 21],
        "columns": [15, 0, -5, 21, 0, -5, 5, 10, 5],
        "rows_total": 105,
        "columns_total": 46,
        "total": 151,
        "crosses": 32,
    }


def test_rulebook_example_renders_like_the_sheet():
    text = shown(score(("rulebook-example.txt", RULEBOOK)).render())
    assert "rulebook-example: 151 points" in text
    assert "105" in text and "46" in text
    assert text.count("|") >= 6  # the line before the target area


@pytest.mark.parametrize(
    "name, text",
    [
        ("plain.txt", "\n".join(RULEBOOK_ROWS)),
        ("marks.txt", "\n".join(r.replace(".", "o").replace("x", "X") for r in RULEBOOK_ROWS)),
        (
            "dashes.txt",
            "\n".join(r.replace(".", "-") for r in RULEBOOK_ROWS[:3])
            + "\n"
            + "\n".join(r.replace(".", "_") for r in RULEBOOK_ROWS[3:]),
        ),
        (
            "labels.txt",
            "# a comment line\n\n"
            + "\n".join(f"row {i}: {r[:9]} | {r[9:]}  # note" for i, r in enumerate(RULEBOOK_ROWS)),
        ),
        (
            "list.yaml",
            "\n".join(f"- [{', '.join('true' if c == 'x' else 'false' for c in r)}]" for r in RULEBOOK_ROWS),
        ),
        ("strings.yaml", "\n".join(f'- "{r}"' for r in RULEBOOK_ROWS)),
        ("mapping.yaml", "name: Ann\nrows:\n" + "\n".join(f"  - {r}" for r in RULEBOOK_ROWS)),
        ("sheet.json", json.dumps([[c == "x" for c in r] for r in RULEBOOK_ROWS])),
        ("-", json.dumps({"rows": RULEBOOK_ROWS})),
        (
            "no-extension",
            "- ["
            + "]\n- [".join(", ".join("true" if c == "x" else "false" for c in r) for r in RULEBOOK_ROWS)
            + "]",
        ),
    ],
)
def test_every_sheet_form_scores_the_same(name, text):
    out = score((name, text)).to_json()
    assert out["total"] == 151 and out["crosses"] == 32
    expected = {"mapping.yaml": "Ann", "-": "stdin"}.get(name, Path(name).stem)
    assert out["name"] == expected


@pytest.mark.parametrize(
    "text, where, words",
    [
        (
            "\n".join(RULEBOOK_ROWS[:2] + ["x..x.xyx.xx."] + RULEBOOK_ROWS[3:]),
            "sheet.txt:3",
            "'y' is not a box",
        ),
        (
            "\n".join(RULEBOOK_ROWS[:1] + ["x..xx......"] + RULEBOOK_ROWS[2:]),
            "sheet.txt:2",
            "11 boxes, but a row has 12",
        ),
        ("\n".join(RULEBOOK_ROWS[:1] + ["x"] + RULEBOOK_ROWS[2:]), "sheet.txt:2", "1 box, but a row has 12"),
        ("\n".join(RULEBOOK_ROWS + ["............"]), "sheet.txt:7", "this is row 7"),
        ("\n".join(RULEBOOK_ROWS[:5]) + "\n# end\n", "sheet.txt:5", "5 rows, but a sheet has 6"),
        ("# nothing\n", "sheet.txt", "0 rows"),
    ],
)
def test_malformed_text_sheets_name_their_line(text, where, words):
    error = refusal(text)
    assert error.where == where and words in error.message


def test_target_box_with_too_few_crosses_to_its_left():
    rows = list(RULEBOOK_ROWS)
    rows[1] = "x..xx....x.."  # 3 crosses, then target box 10
    error = refusal("\n".join(rows))
    assert error.where == "sheet.txt:2"
    assert "row 2 (yellow), box 10" in error.message and "only 3 crosses lie to its left" in error.message


def test_one_of_a_thing_in_the_singular_in_a_refusal():
    """It said 'only 1 cross lie to its left' (and 'closes at 1 target crosses')."""
    rows = list(RULEBOOK_ROWS)
    rows[1] = "x........x.."
    assert "but only 1 cross lies to its left" in refusal("\n".join(rows)).message
    from stixxcli_games.sixto.board import crossing_problem

    rules = {**standard_rules(), "close_after_target": 1}
    row = [True] * 9 + [True, True, False]
    assert "closes at 1 target cross (close_after_target)" in crossing_problem(row, rules)[1]


def test_more_than_two_target_crosses_in_a_row():
    rows = list(RULEBOOK_ROWS)
    rows[4] = "...x..xxxxxx"
    error = refusal("\n".join(rows))
    assert error.where == "sheet.txt:5"
    assert "row 5 (purple), box 12" in error.message and "close_after_target" in error.message


@pytest.mark.parametrize(
    "name, text, where, words",
    [
        ("s.yaml", "- [true, false]\n" * 6, "s.yaml:1", "row 1: 2 boxes"),
        (
            "s.yaml",
            "\n".join(f'- "{r}"' for r in RULEBOOK_ROWS[:5]) + '\n- "xx..x"\n',
            "s.yaml:6",
            "row 6: 5 boxes",
        ),
        ("s.yaml", "\n".join(f'- "{r}"' for r in RULEBOOK_ROWS[:4]), "s.yaml:1", "4 rows"),
        ("s.yaml", "- [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]\n" * 6, "s.yaml:1", "row 1, box 1: true"),
        ("s.yaml", "rows: [\n", "s.yaml:2", "invalid YAML/JSON"),
        ("s.yaml", "name: Ann\n", "s.yaml:1", "needs rows:"),
        ("s.yaml", "rows: []\ncolour: red\n", "s.yaml:2", "unknown key 'colour'"),
        ("s.yaml", "a: &x [1]\nb: *x\n", "s.yaml:2", "aliases"),
        ("s.json", "", "s.json", "empty file"),
        ("s.json", '{"rows": 3}', "s.json:1", "a list of 6 rows"),
    ],
)
def test_malformed_structured_sheets_name_their_line(name, text, where, words):
    error = refusal(text, name)
    assert error.where == where and words in error.message, (error.where, error.message)


def test_a_table_of_four_sheets_is_ranked():
    files = sorted((EXAMPLES / "table").glob("*.txt"))
    assert len(files) == 4
    scored = score(*[(str(f), f.read_text()) for f in files])
    out = scored.to_json()
    assert [s["name"] for s in out["sheets"]] == ["anna", "ben", "cleo", "dan"]
    ranking = out["ranking"]
    assert [r["place"] for r in ranking] == [1, 2, 3, 4]
    assert [r["total"] for r in ranking] == sorted((s["total"] for s in out["sheets"]), reverse=True)
    text = shown(scored.render())
    assert "Ranking" in text and "most crosses" in text


def test_table_sheets_score_like_the_game_they_come_from():
    log = json.loads((EXAMPLES / "4-players.json").read_text())
    assert check_log(log).valid
    files = sorted((EXAMPLES / "table").glob("*.txt"))
    out = score(*[(str(f), f.read_text()) for f in files]).to_json()
    for sheet, breakdown in zip(out["sheets"], log["result"]["breakdown"]):
        assert {k: v for k, v in sheet.items() if k != "name"} == breakdown


def test_tie_break_most_crosses_then_shared():
    three = "xxx.........\n" + "............\n" * 5  # row 5, three columns -15: -10 points, 3 crosses
    two = "x...........\n" * 2 + "............\n" * 4  # rows -5 -5, column 0: -10 points, 2 crosses
    out = score(("a.txt", two), ("b.txt", three), ("c.txt", three)).to_json()
    assert [s["total"] for s in out["sheets"]] == [-10, -10, -10]
    assert out["ranking"] == [
        {"place": 1, "name": "b", "total": -10, "crosses": 3},
        {"place": 1, "name": "c", "total": -10, "crosses": 3},
        {"place": 3, "name": "a", "total": -10, "crosses": 2},
    ]


def test_empty_sheet_and_column_without_cross():
    out = score(("empty.txt", "............\n" * 6)).to_json()
    assert out["total"] == 0 and out["columns"] == [0] * 9 and out["rows"] == [0] * 6


def test_a_house_score_table_scores_a_column_without_cross_0():
    # RULINGS, Sixto scoring: rows and columns score the table value of their
    # crosses, but a column with no cross scores 0, whatever score_table gives
    # for 0 crosses (the standard table gives 0, so only a house table shows it).
    rules = dict(standard_rules(), score_table=[7, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    sheet = "xx..........\n" + "............\n" * 5  # red boxes 1 and 2
    out = game().score_sheets([("house.txt", sheet)], rules).to_json()
    assert out["rows"] == [2, 7, 7, 7, 7, 7]
    assert out["columns"] == [1, 1, 0, 0, 0, 0, 0, 0, 0]
    assert out["total"] == 2 + 5 * 7 + 2


def test_game_sheets_score_like_the_game():
    for log in bot_logs():
        *_, last = replay(log)
        state = last.state
        texts = [(f"seat{seat}.txt", state.sheet_text(seat)) for seat in range(len(state.names))]
        out = game().score_sheets(texts, log["rules"]).to_json()
        sheets = out["sheets"] if "sheets" in out else [out]
        assert [s["total"] for s in sheets] == log["result"]["scores"]
        assert [{k: v for k, v in s.items() if k != "name"} for s in sheets] == log["result"]["breakdown"]


# Sheets that cannot be misread (issue 13) ------------------------------------------

COLOURS = ["red", "yellow", "green", "blue", "purple", "orange"]


def test_colour_labels_place_the_rows():
    shuffled = [5, 0, 3, 1, 4, 2]
    text = "\n".join(f"{COLOURS[i].upper()}: {RULEBOOK_ROWS[i]}" for i in shuffled)
    out = score(("shuffled.txt", text)).to_json()
    assert out["rows"] == [15, 5, 28, 15, 21, 21] and out["total"] == 151
    # The colours' letters, as the boards and the crosses prompt use them, place the rows too.
    text = "\n".join(f"{COLOURS[i][0]}: {RULEBOOK_ROWS[i]}" for i in shuffled)
    out = score(("letters.txt", text)).to_json()
    assert out["rows"] == [15, 5, 28, 15, 21, 21] and out["total"] == 151


def test_a_row_in_another_order_is_named_as_the_file_gives_it_and_its_missing_colour_asked_for():
    bottom_up = [f"{c}: {r}" for c, r in zip(COLOURS, RULEBOOK_ROWS)][::-1]
    bottom_up[4] = bottom_up[4].replace("yellow", "yelow")  # the fifth line
    error = refusal("\n".join(bottom_up))
    assert error.where == "sheet.txt:5" and "label it yellow" in error.message, error.message
    bottom_up[4] = "blue: " + bottom_up[4].split(": ")[1]
    error = refusal("\n".join(bottom_up))  # no colour left for it: it is one row too many of blue
    assert "a second blue row (the first is on line 3)" in error.message, error.message
    bottom_up = [f"{c}: {r}" for c, r in zip(COLOURS, RULEBOOK_ROWS)][::-1]
    bottom_up[0] = bottom_up[0].replace(".", "0", 1)  # orange, the first line
    error = refusal("\n".join(bottom_up))
    assert error.where == "sheet.txt:1" and error.message.startswith("row 1:"), error.message
    bottom_up[0] = bottom_up[0].replace("0", "y")
    error = refusal("\n".join(bottom_up))
    assert error.where == "sheet.txt:1" and error.message.startswith("row 1: 'y' is not a box"), error.message


@pytest.mark.parametrize(
    "text, where, words",
    [
        # Rows in another order, one labelled with something that is not a colour: both names shown.
        (
            "\n".join(f"{c}: {r}" for c, r in zip(["yellow", "red", "gren"] + COLOURS[3:], RULEBOOK_ROWS)),
            "sheet.txt:3",
            "row 3 is labelled 'gren', but the other rows are labelled with colours: label it green",
        ),
        (
            "\n".join([f"yellow: {RULEBOOK_ROWS[0]}", RULEBOOK_ROWS[1]])
            + "\n"
            + "\n".join(f"{c}: {r}" for c, r in zip(COLOURS[2:], RULEBOOK_ROWS[2:])),
            "sheet.txt:2",
            "row 2 has no label",
        ),
        (
            "\n".join(f"{c}: {r}" for c, r in zip(["red", "red"] + COLOURS[2:], RULEBOOK_ROWS)),
            "sheet.txt:2",
            "a second red row (the first is on line 1)",
        ),
        (
            "\n".join(
                f"{c}: {r}" for c, r in zip(["red", "yellow", "green", "blue", "orange"], RULEBOOK_ROWS)
            ),
            "sheet.txt:5",
            "no row for purple",
        ),
        ("\n".join(RULEBOOK_ROWS[:4]), "sheet.txt:4", "no row for purple, orange"),
    ],
)
def test_labels_and_missing_rows_are_named(text, where, words):
    error = refusal(text)
    assert error.where == where and words in error.message, error.message


def test_a_colour_label_out_of_its_place_is_named_with_the_colour_of_that_place():
    # Only the second row is labelled, with blue in yellow's place: the labels then
    # place the rows, and the refusal names that label and that place, not "the
    # other rows are labelled with colours" (four are not labelled at all).
    text = "\n".join([f"red: {RULEBOOK_ROWS[0]}", f"blue: {RULEBOOK_ROWS[1]}"] + RULEBOOK_ROWS[2:])
    error = refusal(text)
    assert error.where == "sheet.txt:3" and "other rows are labelled" not in error.message, error.message
    assert (
        "row 3 has no label, but row 2 is labelled 'blue' in yellow's place, so the labels place the rows: "
        "label it with a colour no other row has: yellow, green, purple, orange" in error.message
    ), error.message


def test_zero_is_refused_with_a_hint():
    # o for every empty box reads as empty (the rulings' reading).
    only_o = "\n".join(r.replace(".", "o") for r in RULEBOOK_ROWS)
    assert score(("o.txt", only_o)).to_json()["total"] == 151
    # 0 is never read: a circled cross or an empty box?
    zero = "\n".join(RULEBOOK_ROWS[:1] + ["x00xx0000000"] + RULEBOOK_ROWS[2:])
    error = refusal(zero)
    assert (
        error.where == "sheet.txt:2"
        and "box 2: '0' could be a circled cross or an empty box" in error.message
        and "write x for a cross and . for an empty box" in error.message
    )
    # The same in a YAML sheet of strings.
    error = refusal("\n".join(f'- "{r}"' for r in RULEBOOK_ROWS[:5] + ["x..x..xx0x.."]), "s.yaml")
    assert "row 6: box 9: '0'" in error.message and error.where == "s.yaml:6"


def test_the_lost_box_mark_is_an_empty_box():
    # `/` is how stixx draws a lost (skipped) box: copying a drawn sheet works.
    slashed = "\n".join(r[: r.rfind("x")].replace(".", "/") + r[r.rfind("x") :] for r in RULEBOOK_ROWS)
    assert "/" in slashed and score(("drawn.txt", slashed)).to_json()["total"] == 151


# The rulings' text form (docs/games/sixto.md, Paper sheets) -----------------------------------


def test_o_is_an_empty_box_beside_other_empty_marks():
    # The rulings list `.` `-` `o` and `_` as empty boxes: a sheet may mix them.
    mixed = "\n".join(
        [RULEBOOK_ROWS[0].replace(".", "o"), RULEBOOK_ROWS[1].replace(".", "-")]
        + [r.replace(".", "o", 1) for r in RULEBOOK_ROWS[2:]]
    )
    out = score(("mixed.txt", mixed)).to_json()
    assert out["rows"] == [15, 5, 28, 15, 21, 21] and out["total"] == 151
    strings = "\n".join(f'- "{r.replace(".", "O", 2)}"' for r in RULEBOOK_ROWS)
    assert score(("s.yaml", strings)).to_json()["total"] == 151


@pytest.mark.parametrize(
    "labels",
    [
        ["red", None, None, None, None, None],  # one colour label, in its own row
        ["Ann", "yellow", "green", "blue", "purple", "orange"],  # a name and colours, in order
        ["red", "yellow", "gren", "blue", "purple", "orange"],  # any label: rows read top to bottom
        ["a", "b", "c", "d", "e", "f"],  # b is no colour here: not every row is labelled with one
        ["1", "2", "3", "4", "5", "6"],
    ],
)
def test_any_label_with_the_colours_in_their_rows_reads_top_to_bottom(labels):
    # "a line may begin with NAME: (a colour name or any label)", rows top row first.
    text = "\n".join(f"{label}: {row}" if label else row for label, row in zip(labels, RULEBOOK_ROWS))
    out = score(("labels.txt", text)).to_json()
    assert out["rows"] == [15, 5, 28, 15, 21, 21] and out["total"] == 151


@pytest.mark.parametrize(
    "first, words",
    [
        ("Name: Ann", "'Name: Ann' is not a row of boxes: a sheet's name goes after # (# Name: Ann)"),
        ("Oscar", "'Oscar' is not a row of boxes: a sheet's name goes after # (# Oscar)"),
    ],
)
def test_a_name_line_is_called_one(first, words):
    """The printed sheet has a name line, and people copy it first; it was
    refused as `row 1: 'N' is not a box`, as if the boxes were mistyped."""
    error = refusal("\n".join([first, *RULEBOOK_ROWS]))
    assert error.where == "sheet.txt:1" and error.message.startswith(words), error.message


def test_a_label_without_its_colon_is_called_one():
    rows = [f"{colour}  {row}" for colour, row in zip(COLOURS, RULEBOOK_ROWS)]
    error = refusal("\n".join(rows))
    assert error.message == "row 1: 'red' is not a box: a row's label ends with ':' (red: x . x ...)"
    # A mistyped box is still named as one, even among letters.
    assert refusal("red: xxyy" + RULEBOOK_ROWS[0][4:]).message.startswith("row 1: 'y' is not a box")


def test_a_text_sheet_named_yaml_says_where_its_colour_labels_belong():
    """`red: x . x ...` typed into ann.yaml reads as YAML, and `red` as a key:
    the refusal listed the keys and left the reader guessing."""
    text = "\n".join(f"{colour}: {row}" for colour, row in zip(COLOURS, RULEBOOK_ROWS))
    error = refusal(text, "ann.yaml")
    assert error.where == "ann.yaml:1", error.where
    assert "a text sheet labels them (red: x . x ...) in a file not named .yaml" in error.message
    assert score(("ann.txt", text)).to_json()["total"] == 151
