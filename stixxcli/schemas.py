"""The JSON Schemas `stixx schema` prints: the log envelope and each game's parts."""

import copy
import json
from pathlib import Path

from .params import NUMBER_BOUND

DRAFT = "https://json-schema.org/draft/2020-12/schema"
# JSON Schema's integer takes 1.0 (the same number in its data model) and no
# keyword tells the two apart; validate refuses it, so the schemas say so in words.
WHOLE = (
    "Where a schema says integer, a log holds a whole number written without a decimal point or"
    " exponent (3, not 3.0 or 3e0): stixx validate refuses 3.0, which JSON Schema's integer takes."
)


def envelope_schema() -> dict:
    return json.loads((Path(__file__).parent / "log-v1.schema.json").read_text("utf-8"))


def rules_schema(game) -> dict:
    """The game's parameters as a JSON Schema for the log's "rules"."""
    types = {
        "int": {"type": "integer"},
        "float": {"type": "number"},
        "bool": {"type": "boolean"},
        "str": {"type": "string"},
        "list[int]": {"type": "array", "items": {"type": "integer"}},
        "list[str]": {"type": "array", "items": {"type": "string"}},
        "dict[str,int]": {"type": "object", "additionalProperties": {"type": "integer"}},
    }
    properties = {}
    for p in game.params:
        # A json value's shape is the one its game gives, if any.
        shape = (p.schema or {}) if p.type == "json" else types[p.type]
        # A copy: the bounds below go into nested parts, which params of one type would share.
        prop = {**copy.deepcopy(shape), "description": p.description, "default": p.default}
        # As validate reads them: on each number of a list or mapping, ±10^9 where none is given.
        if p.type in ("int", "float", "list[int]", "dict[str,int]"):
            bounds = prop.get("items") or prop.get("additionalProperties") or prop
            bounds["minimum"] = -NUMBER_BOUND if p.min is None else p.min
            bounds["maximum"] = NUMBER_BOUND if p.max is None else p.max
        if p.length is not None:
            prop["minItems"] = prop["maxItems"] = p.length
        if p.choices is not None and p.type in ("int", "float", "str"):
            prop["enum"] = list(p.choices)
        if p.choices is not None and p.type == "dict[str,int]":
            prop["propertyNames"] = {"enum": list(p.choices)}  # the keys a mapping may use
        properties[p.name] = prop
    # Nothing required: a log older than a parameter is checked with its default.
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": properties,
    }


def game_schema(game) -> dict:
    return {
        "$schema": DRAFT,
        "title": f"{game.title or game.name}: rules, setup and moves of a stixxcli-log/1",
        "description": WHOLE,
        "$defs": {"rules": rules_schema(game), "setup": game.setup_schema, "move": game.move_schema},
    }
