"""The Sixto rule files: the standard and solo variants, the sample sheets,
a transcribed sheet in a user's variant file, and rules that contradict each other."""

from collections import Counter

import pytest
from sixto_logs import game
from stixxcli_games.sixto.board import SAMPLE_SHEETS

from stixxcli.check import check_log
from stixxcli.errors import RuleError
from stixxcli.rules import resolve
from stixxcli.table import play_bots


def test_standard_rules_are_the_published_ones():
    rules = resolve(game(), "standard").values
    assert rules["boxes_per_row"] == 12 and rules["target_boxes"] == 3
    assert rules["target_min_crosses"] == 4 and rules["close_after_target"] == 2
    assert rules["end_after_removed_dice"] == 3 and rules["rerolls"] == 1
    assert rules["solo_unused_dice_end"] == 0
    assert rules["score_table"] == [0, -5, 0, 5, 10, 15, 21, 28, 36, 45, 55, 66]
    assert len(rules["colours"]) == 6
    assert rules == {p.name: p.default for p in game().params}  # the defaults are the standard rules


def test_solo_variant():
    rules = resolve(game(), "solo")
    assert rules.values["solo_unused_dice_end"] == 2 and rules.chain[-1].stem == "standard"
    assert game().player_counts(rules.values) == range(1, 2)


def test_sample_sheets():
    rules = resolve(game(), "standard").values
    assert rules["sheets"] == SAMPLE_SHEETS
    assert sorted(SAMPLE_SHEETS) == list("ABCDEFGHIJKL")
    layouts = set()
    for rows in SAMPLE_SHEETS.values():
        assert len(rows) == 6
        for row in rows:
            assert Counter(row) == {n: 2 for n in range(1, 7)}
            assert len(set(row[9:])) == 3
        layouts.add(str(rows))
    assert len(layouts) == 12


def test_a_transcribed_sheet_in_a_variant_file(tmp_path):
    printed = [[6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6]] * 6
    rows = "\n".join(f"    - {row}" for row in printed)
    path = tmp_path / "our-sheets.yaml"
    path.write_text(
        f"extends: standard\ndescription: our printed sheets\nsheets:\n  A:\n{rows}\n  G:\n{rows}\n"
    )
    rules = resolve(game(), path=path)
    assert rules.values["sheets"] == {"A": printed, "G": printed}
    assert game().player_counts(rules.values) == range(1, 3)
    log = play_bots("sixto", ["greedy", "random"], 4, rules=rules.values, variant="our-sheets")
    assert sorted(log["setup"]["sheets"]) == ["A", "G"]
    assert check_log(log).valid


@pytest.mark.parametrize(
    "change, words",
    [
        ({"colours": ["red", "red", "green", "blue", "purple", "orange"]}, "its own name"),
        ({"colours": ["red", "Red", "green", "blue", "purple", "orange"]}, "its own name"),
        ({"colours": ["red", "yellow 2", "green", "blue", "purple", "orange"]}, "letters only"),
        ({"target_boxes": 12}, "must leave scored boxes"),
        ({"target_min_crosses": 10}, "no target box could be crossed"),
        ({"close_after_target": 4}, "no colour could close"),
        ({"score_table": [0, -5, 0, 5, 10, 15, 21, 28, 36, 45, 55]}, "0 to 11 crosses"),
        ({"sheets": {}}, "sheets must map"),
        ({"sheets": {"A": [[1] * 12] * 5}}, "sheet A must be a list of 6 rows"),
        (
            {"sheets": {"A": [[1] * 12] * 5 + [[1] * 11]}},
            "sheet A, row 6 (orange) must be a list of 12 numbers",
        ),
        (
            {"sheets": {"A": [[1] * 12] * 5 + [[1] * 11 + [7]]}},
            "sheet A, row 6 (orange), box 12: a box shows 1 to 6",
        ),
        ({"sheets": {"A": [[1] * 12] * 5 + [[1] * 11 + [True]]}}, "box 12: a box shows 1 to 6"),
        ({"sheets": {"A B": [[1] * 12] * 6}}, "not a sheet letter"),
    ],
)
def test_contradicting_rules_are_refused(change, words, tmp_path):
    rules = dict(resolve(game(), "standard").values, **change)
    with pytest.raises(RuleError) as caught:
        game().check_rules(rules)
    assert words in caught.value.message


def test_a_longer_row_needs_a_longer_score_table(tmp_path):
    path = tmp_path / "long.yaml"
    path.write_text("extends: standard\nboxes_per_row: 13\n")
    with pytest.raises(RuleError, match="score_table needs points for 0 to 12 crosses"):
        resolve(game(), path=path)


def test_unknown_key_in_a_variant(tmp_path):
    path = tmp_path / "typo.yaml"
    path.write_text("extends: standard\nreroll: 2\n")
    with pytest.raises(RuleError, match="did you mean 'rerolls'"):
        resolve(game(), path=path)
