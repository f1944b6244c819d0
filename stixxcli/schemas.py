"""The JSON Schemas `stixx schema` prints: the log envelope and each game's parts."""

import json
from pathlib import Path

DRAFT = "https://json-schema.org/draft/2020-12/schema"


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
        "json": {},
    }
    properties = {}
    for p in game.params:
        prop = {**types[p.type], "description": p.description, "default": p.default}
        bounds = prop["items"] if p.type == "list[int]" else prop
        if p.min is not None:
            bounds["minimum"] = p.min
        if p.max is not None:
            bounds["maximum"] = p.max
        if p.length is not None:
            prop["minItems"] = prop["maxItems"] = p.length
        if p.choices is not None and p.type in ("int", "float", "str"):
            prop["enum"] = list(p.choices)
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
        "$defs": {"rules": rules_schema(game), "setup": game.setup_schema, "move": game.move_schema},
    }
