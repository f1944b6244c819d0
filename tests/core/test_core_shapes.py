"""The checks made from schemas (stixxcli/shapes.py and its fast twin fits.py):
each keyword refuses what it should with a reason, and the two readings agree."""

import copy
import json
import random
from pathlib import Path

import pytest

from stixxcli.errors import IllegalMove, IllegalSetup
from stixxcli.fits import fits_function
from stixxcli.shapes import checker

ROOT = Path(__file__).parents[2]

MOVE = {
    "type": "object",
    "required": ["seat", "option"],
    "additionalProperties": False,
    "properties": {
        "seat": {"type": "integer", "minimum": 0},
        "option": {"enum": ["A", "B"]},
        "takes": {"type": "array", "items": {"type": "integer"}, "minItems": 1, "maxItems": 2},
        "cell": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer", "maximum": 9}]},
        "word": {"type": "string", "pattern": "^[a-z]+$", "maxLength": 5},
        "roll": {"type": "object", "additionalProperties": {"type": "integer"}, "maxProperties": 2},
        "tiles": {"type": "array", "uniqueItems": True},
    },
    "allOf": [
        {
            "if": {"properties": {"option": {"const": "A"}}},
            "then": {"required": ["takes"], "not": {"anyOf": [{"required": ["word"]}]}},
            "else": {"properties": {"takes": {"maxItems": 0}}},
        }
    ],
}


@pytest.mark.parametrize(
    "move, reason",
    [
        ([], "the move must be a JSON object, not a list ([])"),
        ({"seat": 0}, "the move has no 'option'"),
        (
            {"seat": True, "option": "A", "takes": [1]},
            "the move: 'seat' must be a whole number, not true/false",
        ),
        ({"seat": -1, "option": "A", "takes": [1]}, "the move: 'seat' must be at least 0, not -1"),
        ({"seat": 0, "option": "C"}, "the move: 'option' must be one of A, B, not 'C'"),
        ({"seat": 0, "option": "A", "takes": [1], "x": 1}, "the move has an unknown key 'x'"),
        ({"seat": 0, "option": "A"}, "the move has no 'takes'"),
        ({"seat": 0, "option": "A", "takes": []}, "the move: 'takes' must hold at least 1 item, not 0"),
        (
            {"seat": 0, "option": "A", "takes": [1, "2"]},
            "the move: 'takes'[1] must be a whole number, not text",
        ),
        ({"seat": 0, "option": "B", "takes": [1]}, "the move: 'takes' must hold at most 0 items, not 1"),
        ({"seat": 0, "option": "A", "takes": [1], "word": "ab"}, "the move must not have 'word' here"),
        ({"seat": 0, "option": "B", "cell": ["a", 10]}, "the move: 'cell'[1] must be at most 9, not 10"),
        ({"seat": 0, "option": "B", "word": "A1"}, "the move: 'word' is not of the form ^[a-z]+$: 'A1'"),
        ({"seat": 0, "option": "B", "word": "abcdef"}, "must be at most 5 characters long, not 6"),
        ({"seat": 0, "option": "B", "roll": {"red": 1.5}}, "the move: 'roll'['red'] must be a whole number"),
        ({"seat": 0, "option": "B", "roll": {"a": 1, "b": 2, "c": 3}}, "must hold at most 2 entries, not 3"),
        ({"seat": 0, "option": "B", "tiles": ["x", "x"]}, "the move: 'tiles' holds 'x' twice"),
    ],
)
def test_each_keyword_refuses_with_a_reason(move, reason):
    with pytest.raises(IllegalMove) as refused:
        checker(MOVE)(move)
    assert reason in str(refused.value)
    assert not fits_function(MOVE)(move)


def test_values_that_fit_pass_both_readings():
    for move in (
        {"seat": 0, "option": "A", "takes": [3]},
        {"seat": 2, "option": "B", "cell": ["a", 9], "word": "abc", "roll": {"r": 1}, "tiles": [1, True]},
        {"seat": 1, "option": "B"},
    ):
        checker(MOVE)(move)
        assert fits_function(MOVE)(move)


def test_what_a_schema_has_made_sure_of_is_relied_on_only_where_it_holds():
    """The generated function skips a test an enclosing check already made (the
    value is an object, a required key is there). A branch that made sure of
    nothing must still test, and a value that is no object must still pass the
    keywords that speak only of objects."""
    schema = {
        "if": {"required": ["flag"]},
        "then": {"properties": {"flag": {"const": True}, "n": False}},
        "else": {"type": "object", "required": ["n"], "if": {"properties": {"n": {"const": 1}}}},
    }
    fits, check = fits_function(schema), checker(schema)
    for value, fit in [
        ({"flag": True}, True),
        ({"flag": 1}, False),  # true is not 1
        ({"flag": True, "n": 1}, False),
        ({"n": 1}, True),
        ({}, False),
        ([1], True),  # no object: "required" holds, and "then" speaks only of objects
        ("flag", True),
    ]:
        assert fits(value) is fit, value
        if fit:
            check(value)
        else:
            with pytest.raises(IllegalMove):
                check(value)


def test_a_checker_in_long_use_refuses_with_the_same_reasons(monkeypatch):
    """After COMPILE_AFTER values a checker changes to the generated function:
    what it takes and the reasons it gives for what it refuses stay the same."""
    import stixxcli.fits
    import stixxcli.shapes

    made = []
    monkeypatch.setattr(stixxcli.shapes, "fits_function", lambda s: made.append(s) or fits_function(s))
    check, good = checker(MOVE), {"seat": 0, "option": "A", "takes": [3]}
    for _ in range(stixxcli.shapes.COMPILE_AFTER):
        check(good)
    assert made == [MOVE]
    check(good)
    for move, reason in [
        ({"seat": -1, "option": "A", "takes": [1]}, "the move: 'seat' must be at least 0, not -1"),
        ({"seat": 0, "option": "B", "tiles": ["x", "x"]}, "the move: 'tiles' holds 'x' twice"),
    ]:
        with pytest.raises(IllegalMove) as refused:
            check(move)
        assert reason in str(refused.value)


def test_one_of_speaks_for_the_branch_the_value_came_closest_to():
    schema = {
        "oneOf": [
            {"type": "object", "required": ["tile", "cell"], "additionalProperties": False,
             "properties": {"tile": {"enum": ["x", "o"]}, "cell": {"type": "array", "maxItems": 2}}},
            {"type": "object", "required": ["tile", "line"], "additionalProperties": False,
             "properties": {"tile": {"const": "arrow"}, "line": {"enum": ["row", "column"]}}},
        ]
    }  # fmt: skip
    check = checker(schema, IllegalSetup, "the play")
    with pytest.raises(IllegalSetup, match=r"the play: 'cell' must hold at most 2 items, not 3"):
        check({"tile": "x", "cell": [1, 2, 3]})
    with pytest.raises(IllegalSetup, match=r"the play: 'line' must be one of row, column, not 'diagonal'"):
        check({"tile": "arrow", "line": "diagonal"})
    check({"tile": "arrow", "line": "row"})


def test_an_unknown_keyword_is_refused_when_compiled():
    with pytest.raises(ValueError, match="'format' is not supported"):
        checker({"type": "string", "format": "date"})


def _mutants(value, rng, count):
    """Small random changes of a value: every kind of JSON in every place."""
    odd = [None, True, False, 0, -1, 1.5, 10**9, "", "x", "red", [], [1], {}, {"a": 1}]

    def places(v, path=()):
        yield path
        if isinstance(v, dict):
            for k in v:
                yield from places(v[k], (*path, k))
        elif isinstance(v, list):
            for i, item in enumerate(v):
                yield from places(item, (*path, i))

    spots = list(places(value))
    for _ in range(count):
        m = copy.deepcopy(value)
        path = rng.choice(spots)
        if not path:
            yield rng.choice(odd)
            continue
        parent = m
        for p in path[:-1]:
            parent = parent[p]
        kind = rng.random()
        if kind < 0.6:
            parent[path[-1]] = copy.deepcopy(rng.choice(odd))
        elif kind < 0.8 and isinstance(parent, dict):
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[rng.choice(["extra", "seat", "tile", "option"])] = rng.choice(odd)
        else:
            parent.append(copy.deepcopy(rng.choice(odd)))
        yield m


@pytest.mark.parametrize("game", ["sixto", "stixx", "fishstix", "trixo"])
def test_both_readings_agree_on_every_game_s_schemas(game):
    from stixxcli.plugins import get_game

    g = get_game(game)
    rng = random.Random(game)
    for path in sorted((ROOT / "examples" / game).glob("*.json")):
        log = json.loads(path.read_text())
        for schema, value in [(g.setup_schema, log["setup"])] + [
            (g.move_schema, m) for m in log["moves"][:12]
        ]:
            fits, check = fits_function(schema), checker(schema)
            assert fits(value)
            for mutant in _mutants(value, rng, 40):
                try:
                    check(mutant)
                    refused = False
                except IllegalMove as e:
                    refused = True
                    assert "does not fit its schema" not in str(e), (mutant, str(e))
                assert fits(mutant) is not refused, mutant


def _seeded_values(game: str, games: int = 6):
    """The setup and every move of seeded bot games, with the game's schemas."""
    from stixxcli.plugins import get_game
    from stixxcli.table import play_bots

    g = get_game(game)
    for i in range(games):
        log = play_bots(game, ["random", "random", "random"], f"shapes-{i}")
        yield g.setup_schema, log["setup"]
        for move in log["moves"]:
            yield g.move_schema, move


def test_the_texts_a_pattern_remembers_match_it_and_change_no_answer(monkeypatch):
    """A generated function remembers the texts its patterns matched (Fish
    Stix's sticks): each one kept matches from scratch, and its answers are a
    fresh function's, for every value of seeded games and their mutants."""
    import re

    import stixxcli.fits

    made = []  # (pattern, the texts it keeps) of every function made below
    real = stixxcli.fits._matching
    monkeypatch.setattr(stixxcli.fits, "_matching", lambda p: made.append((p, real(p))) or made[-1][1])
    rng = random.Random("patterns")
    kept = {}
    for schema, value in _seeded_values("fishstix"):
        key = id(schema)
        if key not in kept:
            kept[key] = fits_function(schema)
        assert kept[key](value)
        for mutant in _mutants(value, rng, 5):
            assert kept[key](mutant) is fits_function(schema)(mutant), mutant
    assert any(found for _, (found, _) in made)
    for pattern, (found, _) in made:
        assert all(re.search(pattern.pattern, text) for text in found)
        assert len(found) <= stixxcli.fits.MATCHES_KEPT


def test_a_pattern_keeps_only_so_many_texts(monkeypatch):
    import stixxcli.fits

    monkeypatch.setattr(stixxcli.fits, "MATCHES_KEPT", 3)
    fits = fits_function({"type": "string", "pattern": "^[a-z]+$"})
    words = ["ab", "cd", "ef", "gh", "ij"]
    assert all(fits(w) for w in words) and all(fits(w) for w in words)
    assert not fits("A1") and not fits("a b")
    (found,) = [c for c in fits.__globals__.values() if isinstance(c, set)]
    assert found == {"ab", "cd", "ef"}


@pytest.mark.parametrize(
    "value, fit",
    [
        ({"a": 1, "b": 2}, True),
        ({"a": 1}, False),  # one key short
        ({"a": 1, "c": 2}, False),  # as many keys, one unknown
        ({"a": 1, "b": 2, "c": 3}, False),
        ({"a": 1, "b": "x"}, False),
        ({}, False),
    ],
)
def test_an_object_of_only_required_keys_is_told_by_its_keys(value, fit):
    """Every key required and no other allowed: checked as one count and one
    test for unknown keys, with the same answers as the closures'."""
    schema = {
        "type": "object",
        "required": ["a", "b"],
        "additionalProperties": False,
        "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
    }
    assert fits_function(schema)(value) is fit
    if fit:
        checker(schema)(value)
    else:
        with pytest.raises(IllegalMove):
            checker(schema)(value)


def test_a_checker_offers_its_generated_function_once_made():
    """A loop over many values (validation) asks `refuse.fits` first: None
    until the checker has made it, then the very function it uses itself."""
    import stixxcli.shapes

    check = checker(MOVE)
    assert check.fits is None
    for _ in range(stixxcli.shapes.COMPILE_AFTER):
        check({"seat": 0, "option": "A", "takes": [3]})
    assert check.fits is not None and check.fits({"seat": 0, "option": "A", "takes": [3]})
    assert not check.fits({"seat": 0, "option": "C"})


@pytest.mark.parametrize("game", ["sixto", "stixx", "fishstix", "trixo"])
def test_the_functions_made_for_each_set_of_keys_agree_with_the_general_one(game, monkeypatch):
    """An object schema's function dispatches on the keys a value comes with,
    to a function made for those keys (no key looked for, absent ones not
    tested). One long-lived function, as validation uses it, meets more sets
    of keys than it keeps: past KEY_SETS_KEPT the general function answers.
    Every answer equals the general function's and the checker's."""
    import stixxcli.fits
    from stixxcli.fits import _generated
    from stixxcli.plugins import get_game

    monkeypatch.setattr(stixxcli.fits, "KEY_SETS_KEPT", 4)
    schema = get_game(game).move_schema
    fits, general, check = fits_function(schema), _generated(schema), checker(schema)
    rng = random.Random(f"keys-{game}")
    seen = set()
    for path in sorted((ROOT / "examples" / game).glob("*.json")):
        for move in json.loads(path.read_text())["moves"][:30]:
            for value in [move, *_mutants(move, rng, 30)]:
                try:
                    check(value)
                    fit = True
                except IllegalMove:
                    fit = False
                assert fits(value) is fit is general(value), value
                if isinstance(value, dict):
                    seen.add(frozenset(value))
    assert len(seen) > 4  # past the cap: the general function answered too


def test_the_same_keys_in_another_order_share_one_function(monkeypatch):
    import stixxcli.fits

    made, real = [], stixxcli.fits._generated
    monkeypatch.setattr(
        stixxcli.fits, "_generated", lambda schema, keys=None: made.append(keys) or real(schema, keys)
    )
    fits = fits_function(MOVE)
    assert fits({"seat": 0, "option": "A", "takes": [1]})
    assert fits({"takes": [1], "option": "A", "seat": 0})
    assert not fits({"option": "A", "seat": 0, "takes": []})
    assert made == [frozenset({"seat", "option", "takes"})]


def test_an_object_of_as_many_keys_but_other_ones_gets_its_own_answer():
    """The function last used for objects of a size is asked first: one of
    that size with other keys is not its to answer, and gets its own."""
    fits = fits_function(MOVE)
    assert fits({"seat": 0, "option": "A", "takes": [1]})
    assert not fits({"seat": 0, "option": "A", "extra": [1]})  # an unknown key
    assert fits({"seat": 0, "option": "B", "word": "ab"})
    assert not fits({"seat": 0, "option": "A", "word": "AB"})
    assert fits({"seat": 0, "option": "A", "takes": [1]})  # back to the first keys
    assert not fits({"seat": 0, "option": "A", "takes": []})


def test_the_fast_twin_reads_the_keywords_the_checker_knows():
    """fits.py tests a plain branch of anyOf inline when it holds no keyword
    but a type (and for text a pattern or length): a keyword the checker
    learns and fits does not list would be passed over there."""
    import stixxcli.fits
    import stixxcli.shapes

    assert stixxcli.fits._KEYWORDS == stixxcli.shapes._KEYWORDS


@pytest.mark.parametrize(
    "value",
    [None, "a", "ab", "d", "", 3, 2, 3.0, True, False, [], {}, ["a"], "é"],
)
def test_a_branch_of_any_of_tested_inline_answers_as_the_checker(value):
    schema = {
        "anyOf": [
            {"type": "string", "pattern": "^[a-c]+$", "maxLength": 1, "description": "a stick"},
            {"type": "null"},
            {"type": "integer", "minimum": 3},  # (a call of its own: not a type alone)
            {"type": "boolean", "const": True},
        ]
    }
    try:
        checker(schema)(value)
        fit = True
    except (IllegalMove, IllegalSetup):
        fit = False
    from stixxcli.fits import _generated

    assert _generated(schema)(value) is fit and fits_function(schema)(value) is fit
