"""The deck, reading and turning sticks, and the rule parameters."""

from collections import Counter
from pathlib import Path

import pytest
import yaml
from fishstix_helpers import game, standard_rules
from stixxcli_games.fishstix.board import turned_round
from stixxcli_games.fishstix.notation import deck_for, project_deck, read_stick, stick_text

from stixxcli.errors import RuleError
from stixxcli.rules import resolve

RULES_DIR = Path(__file__).parents[2] / "rules" / "fishstix"


def test_the_project_deck_has_72_sticks_and_48_fish_of_each_kind_24_each_way():
    deck = standard_rules()["deck"]
    assert len(deck) == 72
    fish = Counter(token for stick in deck for token in stick.split(" "))
    for kind in ("blue", "green", "pink", "orange", "purple", "school"):
        assert fish[f"{kind}>"] == 24 and fish[f"<{kind}"] == 24
    assert sum(fish.values()) == 288


def test_no_stick_is_another_turned_round_and_all_differ():
    parsed = deck_for(tuple(standard_rules()["kinds"]), tuple(standard_rules()["deck"]))
    all_fish = set(parsed.fish.values())
    assert len(all_fish) == 72
    for fish in all_fish:
        assert turned_round(fish) not in all_fish


def test_standard_yaml_writes_out_the_defaults_deck_included():
    listed = yaml.safe_load((RULES_DIR / "standard.yaml").read_text())
    defaults = {p.name: p.default for p in game().params}
    assert listed["deck"] == defaults["deck"] and len(listed["deck"]) == 72
    assert defaults["deck"] == project_deck()
    assert standard_rules() == defaults


def test_the_variants():
    standard = resolve(game(), "standard").values
    assert standard["hand_size"] == 3 and standard["target_points"] == 10
    assert standard["end_when_pile_empty"] is False
    assert resolve(game(), "pile-empty").values == dict(standard, end_when_pile_empty=True)
    assert resolve(game(), "quick").values == dict(standard, target_points=5)


def test_turning_a_stick_round_reverses_and_flips_every_fish():
    deck = deck_for(("blue", "green", "pink", "orange", "purple", "school"), ("blue> <green pink> <school",))
    fish = deck.fish["blue> <green pink> <school"]
    assert stick_text(turned_round(fish), deck.kinds) == "school> <pink green> <blue"
    assert turned_round(turned_round(fish)) == fish


@pytest.mark.parametrize(
    "typed",
    [
        "blue> <green pink> <school",
        "school> <pink green> <blue",
        "BL> <GR PI> <SC",
        "blue><green pink><school",
        "  blue >  < green pink> <school ",
    ],
)
def test_a_typed_stick_is_found_either_way_up(typed):
    deck = deck_for(
        tuple(standard_rules()["kinds"]), ("blue> <green pink> <school", "<orange <orange <orange <orange")
    )
    assert read_stick(deck, typed) == "blue> <green pink> <school"


@pytest.mark.parametrize(
    "typed, reason",
    [
        ("blue> <green pink>", "a stick is 4 fish"),
        ("blue> <green pink> school", "write kind> for a fish facing right"),
        ("blue> <green pink> <p", "could be pink or purple"),
        ("blue> <green pink> <nemo", "not a kind of fish"),
        ("blue> blue> blue> blue>", "no stick in the deck shows"),
    ],
)
def test_a_typed_stick_that_is_not_in_the_deck(typed, reason):
    deck = deck_for(tuple(standard_rules()["kinds"]), ("blue> <green pink> <school",))
    with pytest.raises(ValueError, match=reason):
        read_stick(deck, typed)


@pytest.mark.parametrize(
    "change, reason",
    [
        ({"kinds": []}, "at least one kind"),
        ({"kinds": ["blue", "Blue", "pink"]}, "lower-case word"),
        ({"kinds": ["blue", "blue", "green", "pink", "orange", "purple", "school"]}, "named twice"),
        ({"kinds": ["blue", "green"]}, "is not one of the kinds"),
        ({"kinds": ["blue", "beyond_target"]}, "clash"),
        ({"deck": []}, "no sticks"),
        ({"hand_size": 36}, "too small"),
        ({"deck": ["blue> green> pink> orange>"]}, "a deck of 1 stick is too small"),
    ],
)
def test_check_rules_refuses_what_cannot_be_played(change, reason):
    rules = dict(standard_rules(), **change)
    with pytest.raises(RuleError, match=reason):
        game().check_rules(rules)


def test_a_variant_file_with_a_bad_deck_names_the_stick(tmp_path):
    (tmp_path / "three-fish.yaml").write_text(
        "extends: standard\ndeck:\n"
        + "".join(f'  - "{s}"\n' for s in ["blue> <green pink>"] + project_deck()[1:])
    )
    with pytest.raises(RuleError, match="deck stick 1 .* must be 4 fish"):
        resolve(game(), path=tmp_path / "three-fish.yaml")


def test_player_counts_follow_the_deck_and_hand_size():
    rules = standard_rules()
    assert game().player_counts(rules) == range(2, 5)
    assert game().player_counts(dict(rules, hand_size=20)) == range(2, 4)
    assert game().player_counts(dict(rules, hand_size=30)) == range(2, 3)
