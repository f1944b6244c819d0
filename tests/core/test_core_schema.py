"""The published schemas (`stixx schema`, `stixx schema GAME`) and `validate` agree
on a log's shape: what one refuses for a missing key or a wrong type, so does the other."""

import hashlib
import json
from pathlib import Path

import pytest

from stixxcli import check_log
from stixxcli.gamelog import canonical
from stixxcli.plugins import get_game
from stixxcli.schemas import envelope_schema, game_schema

jsonschema = pytest.importorskip("jsonschema")
EXAMPLES = Path(__file__).parents[2] / "examples"


def schema_takes(log) -> bool:
    parts = game_schema(get_game(log["game"]))["$defs"]
    checks = [(envelope_schema(), log), (parts["rules"], log["rules"]), (parts["setup"], log["setup"])]
    checks += [(parts["move"], move) for move in log["moves"]]
    return all(jsonschema.Draft202012Validator(schema).is_valid(part) for schema, part in checks)


def changed(example: str, change) -> dict:
    log = json.loads((EXAMPLES / example).read_text())
    change(log)
    # A shape change, not a digest one.
    log["rules_digest"] = hashlib.sha256(canonical(log["rules"])).hexdigest()
    return log


def set_rule(name, value):
    return lambda log: log["rules"].__setitem__(name, value)


def set_tiles(**tiles):
    return lambda log: log["rules"]["tiles"].update(tiles)


def set_score(index, value):
    return lambda log: log["rules"]["score_table"].__setitem__(index, value)


@pytest.mark.parametrize(
    "example, change",
    [
        ("sixto/2-players.json", lambda log: log["result"].update(extra=1)),
        ("trixo/2-players.json", set_tiles(x=-5)),
        ("stixx/2-players.json", lambda log: log["players"][0].__setitem__("name", "  ")),
        ("trixo/2-players.json", set_tiles(x=1000)),
        ("trixo/2-players.json", set_tiles(jokers=2)),
        ("sixto/2-players.json", set_score(11, 10**10)),
        ("sixto/2-players.json", set_rule("sheets", "A")),
        ("sixto/2-players.json", set_rule("sheets", {})),
        ("sixto/2-players.json", set_rule("sheets", {"A": 1})),
        ("sixto/2-players.json", lambda log: log["rules"]["sheets"]["A"][0].__setitem__(0, 7)),
        (
            "sixto/2-players.json",
            lambda log: log["rules"]["sheets"].update({"A B": log["rules"]["sheets"]["A"]}),
        ),
    ],
)
def test_the_schema_refuses_a_shape_validate_refuses(example, change):
    log = changed(example, change)
    assert not check_log(log).valid
    assert not schema_takes(log)


@pytest.mark.parametrize(
    "example, change",
    [
        ("stixx/2-players.json", lambda log: log.__setitem__("seed", None)),
        ("stixx/2-players.json", lambda log: log.__setitem__("result", None)),
    ],
)
def test_the_schema_takes_a_shape_validate_takes(example, change):
    log = changed(example, change)
    assert check_log(log).valid, check_log(log).line()
    assert schema_takes(log)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*/*.json")), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_example_fits_its_schemas(path):
    assert schema_takes(json.loads(path.read_text()))


def set_move(index, key, value=None):
    """Move `index`'s `key` set to `value`, or to its own value as a float (3 -> 3.0)."""
    return lambda log: log["moves"][index].__setitem__(
        key, float(log["moves"][index][key]) if value is None else value
    )


@pytest.mark.parametrize(
    "example, change",
    [
        ("stixx/2-players.json", set_move(1, "seat")),
        ("sixto/2-players.json", set_move(0, "seat")),
        ("fishstix/2-players.json", set_move(0, "row")),
        ("trixo/2-players.json", set_rule("hand_size", 4.0)),
        ("stixx/2-players.json", lambda log: log["setup"].__setitem__("starts", 0.0)),
        ("stixx/2-players.json", lambda log: log.__setitem__("seed", float(log["seed"]))),
    ],
)
def test_a_whole_number_written_with_a_point_is_refused_and_the_schemas_say_so(example, change):
    # JSON Schema's integer takes 1.0 (the same number in its data model) and no
    # keyword tells it from 1; validate refuses it (the project's decision, as each
    # game's refusal tests hold). The schemas said nothing of it; they say so now,
    # and the refusal names the point ("not a number (1.0)" read as a contradiction).
    log = changed(example, change)
    line = check_log(log).line()
    assert not check_log(log).valid and "must be a whole number" in line, line
    assert "not a number with a decimal point" in line, line
    assert schema_takes(log)  # a JSON Schema validator takes it: the words below tell the difference
    for schema in (envelope_schema(), game_schema(get_game(log["game"]))):
        assert "(3, not 3.0 or 3e0): stixx validate refuses 3.0" in schema["description"]
