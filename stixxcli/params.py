"""Rule parameters: what a variant file may set, and why a value is refused."""

from __future__ import annotations

from typing import Any

from .errors import RuleError, did_you_mean, plugin_call
from .record import FrozenRecord

PARAM_TYPES = ("int", "float", "bool", "str", "list[int]", "list[str]", "dict[str,int]", "json")

# A number a parameter does not bound itself stays within this: a rule needs no
# more, and a number of thousands of digits would break every message and score.
NUMBER_BOUND = 10**9
# A whole number longer than this is shown by its length, not its digits.
SHOWN_DIGITS = 100


class Param(FrozenRecord):
    """One rule parameter a variant file may set.

    `min`/`max` bound a number, or every number in a list or mapping (where
    one is not given, NUMBER_BOUND does); `length` fixes a list's length;
    `choices` lists the allowed values. A "json" value is the game's to check;
    `schema` (JSON Schema) says its shape in `stixx schema GAME`.
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
        schema: dict | None = None,
    ):
        if type not in PARAM_TYPES:
            raise ValueError(f"parameter {name}: unknown type {type!r}")
        self._set(
            name=name, type=type, default=default, description=description,
            choices=choices, min=min, max=max, length=length, schema=schema,
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
                return f"must be one of {', '.join(map(str, self.choices))}, not {shown(value)}"
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
                return f"key {shown(k)} must be text"
            if bad:
                return f"{k} {bad}"
            if self.choices is not None and k not in self.choices:
                return f"key {k!r} must be one of {', '.join(self.choices)}"
        return None

    def _range_problem(self, value) -> str | None:
        low = -NUMBER_BOUND if self.min is None else self.min
        high = NUMBER_BOUND if self.max is None else self.max
        return _bound_problem(value, low, high)

    def to_json(self) -> dict:
        out = {"name": self.name, "type": self.type, "default": self.default, "description": self.description}
        for key in ("choices", "min", "max", "length"):
            if getattr(self, key) is not None:
                out[key] = list(self.choices) if key == "choices" else getattr(self, key)
        return out


def _num(x):
    return int(x) if float(x).is_integer() else x


def _bound_problem(value, low, high) -> str | None:
    if value != value:  # NaN, which YAML writes .nan: no bound holds it
        return "must be a number, not nan"
    if value < low:
        return f"must be at least {_num(low)}, not {shown(value)}"
    if value > high:
        return f"must be at most {_num(high)}, not {shown(value)}"
    return None


def shown(value) -> str:
    """A value as a message shows it: repr, but a whole number too long to read
    by its length (Python refuses to write one of over 4300 digits at all)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**SHOWN_DIGITS:
        return f"a {'negative ' if value < 0 else ''}number of {_digits(value)} digits"
    try:
        return repr(value)
    except ValueError:  # such a number inside a list or mapping
        return f"{value_kind(value)} holding a number too long to show"


def _digits(n: int) -> int:
    """The decimal digits of n, without writing it out."""
    n = abs(n)
    estimate = int(n.bit_length() * 0.30102999566398120) + 1  # log10(2), at most one too many
    return estimate - 1 if estimate > 1 and n < 10 ** (estimate - 1) else estimate


def value_kind(value) -> str:
    """What a value read from YAML is, in the words of a rule file's reader."""
    if type(value) is float and value.is_integer():  # 3.0 where 3 is wanted: the point is what is wrong
        return whole_float(value)
    return {
        dict: "a mapping",
        list: "a list",
        str: "text",
        bool: "true/false",
        int: "a whole number",
        float: "a number",
        type(None): "empty",
    }.get(type(value), type(value).__name__)


def whole_float(value: float) -> str:
    """A whole number written as JSON's and YAML's floats are (3.0, 3e0), as refused where a whole number goes."""
    return f"a number with {'an exponent' if 'e' in repr(value) else 'a decimal point'}"


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
    return f"must be {want}, not {value_kind(value)} ({shown(value)})"


def check_values(game, values: dict, where: str, lines: dict | None = None) -> None:
    """Refuse unknown keys and values their parameter does not accept."""
    params = {p.name: p for p in game.params}
    for key, value in values.items():
        at = f"{where}:{lines[key]}" if lines and key in lines else where
        if key not in params:
            word = key if isinstance(key, str) else shown(key)  # a YAML key may be a number
            raise RuleError(f"unknown key {shown(key)} for {game.name}{did_you_mean(word, params)}", where=at)
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
    plugin_call(game, "check_rules", game.check_rules, full)
    return full
