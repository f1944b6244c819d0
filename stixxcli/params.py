"""Rule parameters: what a variant file may set, and why a value is refused."""

from __future__ import annotations

from typing import Any

from .errors import RuleError, did_you_mean
from .record import FrozenRecord

PARAM_TYPES = ("int", "float", "bool", "str", "list[int]", "list[str]", "dict[str,int]", "json")


class Param(FrozenRecord):
    """One rule parameter a variant file may set.

    `min`/`max` bound a number, or every number in a list; `length` fixes a
    list's length; `choices` lists the allowed values.
    """

    def __init__(
        self,
        name: str,
        type: str,
        default: Any,
        description: str,
        choices: tuple | None = None,
        min: float | None = None,
        max: float | None = None,
        length: int | None = None,
    ):
        if type not in PARAM_TYPES:
            raise ValueError(f"parameter {name}: unknown type {type!r}")
        self._set(
            name=name, type=type, default=default, description=description,
            choices=choices, min=min, max=max, length=length,
        )  # fmt: skip

    def problem(self, value: Any) -> str | None:
        """Why `value` is not acceptable for this parameter, or None when it is."""
        t = self.type
        if t == "json":
            return None
        if t in ("int", "float", "bool", "str"):
            bad = _scalar_problem(t, value)
            if bad:
                return bad
            if self.choices is not None and value not in self.choices:
                return f"must be one of {', '.join(map(str, self.choices))}, not {value!r}"
            return self._range_problem(value) if t in ("int", "float") else None
        if t.startswith("list["):
            if not isinstance(value, list):
                return f"must be a list, not {value_kind(value)}"
            if self.length is not None and len(value) != self.length:
                return f"must hold {self.length} items, not {len(value)}"
            item = t[5:-1]
            for i, v in enumerate(value):
                bad = _scalar_problem(item, v) or (self._range_problem(v) if item == "int" else None)
                if bad:
                    return f"item {i + 1} {bad}"
            return None
        # dict[str,int]
        if not isinstance(value, dict):
            return f"must be a mapping, not {value_kind(value)}"
        for k, v in value.items():
            bad = _scalar_problem("int", v) or self._range_problem(v)
            if not isinstance(k, str):
                return f"key {k!r} must be text"
            if bad:
                return f"{k} {bad}"
            if self.choices is not None and k not in self.choices:
                return f"key {k!r} must be one of {', '.join(self.choices)}"
        return None

    def _range_problem(self, value) -> str | None:
        if self.min is not None and value < self.min:
            return f"must be at least {_num(self.min)}, not {value}"
        if self.max is not None and value > self.max:
            return f"must be at most {_num(self.max)}, not {value}"
        return None

    def to_json(self) -> dict:
        out = {"name": self.name, "type": self.type, "default": self.default, "description": self.description}
        for key in ("choices", "min", "max", "length"):
            if getattr(self, key) is not None:
                out[key] = list(self.choices) if key == "choices" else getattr(self, key)
        return out


def _num(x):
    return int(x) if float(x).is_integer() else x


def value_kind(value) -> str:
    """What a value read from YAML is, in the words of a rule file's reader."""
    return {
        dict: "a mapping",
        list: "a list",
        str: "text",
        bool: "true/false",
        int: "a whole number",
        float: "a number",
        type(None): "empty",
    }.get(type(value), type(value).__name__)


def _scalar_problem(t: str, value) -> str | None:
    ok = {
        "int": isinstance(value, int) and not isinstance(value, bool),
        "float": isinstance(value, (int, float)) and not isinstance(value, bool),
        "bool": isinstance(value, bool),
        "str": isinstance(value, str),
    }[t]
    if ok:
        return None
    want = {"int": "a whole number", "float": "a number", "bool": "true or false", "str": "text"}[t]
    return f"must be {want}, not {value_kind(value)} ({value!r})"


def check_values(game, values: dict, where: str, lines: dict | None = None) -> None:
    """Refuse unknown keys and values their parameter does not accept."""
    params = {p.name: p for p in game.params}
    for key, value in values.items():
        at = f"{where}:{lines[key]}" if lines and key in lines else where
        if key not in params:
            raise RuleError(f"unknown key {key!r} for {game.name}{did_you_mean(str(key), params)}", where=at)
        problem = params[key].problem(value)
        if problem:
            raise RuleError(f"{key} {problem}", where=at)


def check_log_rules(game, rules: dict) -> dict:
    """The rules recorded in a log, checked, with the default of any parameter
    the log does not name: a log written before a game gained a parameter
    still checks, as the rules it was played under."""
    check_values(game, rules, "rules")
    full = {p.name: p.default for p in game.params}
    full.update(rules)
    game.check_rules(full)
    return full
