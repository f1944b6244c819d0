"""Checks made from a game's JSON Schemas: one declaration of each format.

A game declares the shape of its setup and of its moves once, as JSON Schema
(`Game.setup_schema`, `Game.move_schema`). `stixx schema GAME` prints them,
and `checker()` compiles them into a function that refuses a value with a
reason a person can act on, before the game's own rules look at it. Only the
keywords the games use are known; an unknown keyword is an error when the
schema is compiled, so a schema never checks less than it says.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import IllegalMove, StixxError
from .fits import _same, fits_function
from .params import value_kind

# Keywords that describe and do not check.
_NOTES = frozenset(("$schema", "$id", "title", "description", "default", "examples", "$comment"))
_TYPES = {
    "object": "a JSON object",
    "array": "a list",
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "null": "empty",
}


class _Off(Exception):
    """A value off its shape: where, what is wrong, and how structural it is.

    The path grows as the failure travels out through the containers, so a
    value that fits pays for no path at all. `problem` is made only when
    shown: an `if` that fails is no error, and must stay cheap.
    """

    def __init__(self, problem: Callable[[], str], structural: bool = False):
        self.path: tuple = ()
        self.why, self.structural = problem, structural

    @property
    def problem(self) -> str:
        return self.why()

    def within(self, key) -> _Off:
        self.path = (key, *self.path)
        return self


def kind(value) -> str:
    """What a value is, in the words a log's reader knows."""
    return "a JSON object" if type(value) is dict else value_kind(value)


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is(type_name: str, value) -> bool:
    t = type(value)
    if type_name == "integer":
        return t is int
    if type_name == "number":
        return t is int or t is float
    return t is {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}[type_name]


Check = Callable[[Any], None]


def _compile(schema: dict) -> Check:
    if schema is True or schema == {}:

        def anything(value):
            pass

        return anything
    if schema is False:

        def never(value):
            raise _Off(lambda: "is not allowed here", True)

        return never
    unknown = set(schema) - _NOTES - _KEYWORDS
    if unknown:
        raise ValueError(f"schema keyword {sorted(unknown)[0]!r} is not supported")
    checks = _compile_checks(schema)
    if len(checks) == 1:
        check = checks[0]
    else:

        def check(value):
            for one in checks:
                one(value)

    return check


def _type(schema) -> Check:
    wanted = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
    words = " or ".join(_TYPES[t] for t in wanted)
    if len(wanted) == 1:
        only = {"object": dict, "array": list, "string": str, "boolean": bool, "integer": int}.get(wanted[0])
        if only is not None:  # the common case, and the fast one: every move passes here

            def one_type(value):
                if type(value) is not only:
                    raise _Off(lambda: f"must be {words}, not {kind(value)} ({_shown(value)})", True)

            return one_type

    def some_type(value):
        if not any(_is(t, value) for t in wanted):
            raise _Off(lambda: f"must be {words}, not {kind(value)} ({_shown(value)})", True)

    return some_type


def _enum(schema) -> Check:
    allowed = schema["enum"]
    words = ", ".join(map(str, allowed))

    def one_of(value):
        if not any(_same(value, a) for a in allowed):
            raise _Off(lambda: f"must be one of {words}, not {_shown(value)}", True)

    return one_of


def _const(schema) -> Check:
    wanted = schema["const"]

    def constant(value):
        if not _same(value, wanted):
            raise _Off(lambda: f"must be {_shown(wanted)}, not {_shown(value)}", True)

    return constant


def _object(schema) -> Check | None:
    required = tuple(schema.get("required", ()))
    properties = {k: _compile(v) for k, v in schema.get("properties", {}).items()}
    extra = schema.get("additionalProperties", True)
    extra_check = _compile(extra) if isinstance(extra, dict) else None
    closed = extra is False
    least, most = schema.get("minProperties"), schema.get("maxProperties")

    def object_fields(value):
        if type(value) is not dict:
            return  # `type` says what it must be; without one, other kinds pass
        for key in required:
            if key not in value:
                raise _Off(lambda key=key: f"has no {key!r}", True)
        for key, item in value.items():
            check = properties.get(key)
            if check is None:
                if closed:
                    raise _Off(lambda key=key: f"has an unknown key {_shown(key)}", True)
                check = extra_check
            if check is not None:
                try:
                    check(item)
                except _Off as off:
                    raise off.within(key) from None
        if least is not None and len(value) < least:
            raise _Off(lambda: f"must hold at least {least} entries, not {len(value)}")
        if most is not None and len(value) > most:
            raise _Off(lambda: f"must hold at most {most} entries, not {len(value)}")

    return object_fields


def _array(schema) -> Check | None:
    prefix = [_compile(s) for s in schema.get("prefixItems", ())]
    items = schema.get("items")
    rest = _compile(items) if isinstance(items, (dict, bool)) else None
    least, most = schema.get("minItems"), schema.get("maxItems")
    unique = schema.get("uniqueItems", False)

    def array_items(value):
        if type(value) is not list:
            return
        n = len(value)
        if least is not None and n < least:
            raise _Off(lambda: f"must hold at least {least} item{'s' * (least != 1)}, not {n}")
        if most is not None and n > most:
            raise _Off(lambda: f"must hold at most {most} item{'s' * (most != 1)}, not {n}")
        for i, item in enumerate(value):
            check = prefix[i] if i < len(prefix) else rest
            if check is not None:
                try:
                    check(item)
                except _Off as off:
                    raise off.within(i) from None
        if unique:
            seen = []
            for item in value:
                if any(_same(item, s) and type(item) is type(s) for s in seen):
                    raise _Off(lambda item=item: f"holds {_shown(item)} twice")
                seen.append(item)

    return array_items


def _bounds(schema) -> Check:
    low, high = schema.get("minimum"), schema.get("maximum")

    def within(value):
        if type(value) not in (int, float):
            return
        if low is not None and value < low:
            raise _Off(lambda: f"must be at least {low}, not {_shown(value)}")
        if high is not None and value > high:
            raise _Off(lambda: f"must be at most {high}, not {_shown(value)}")

    return within


def _text(schema) -> Check:
    import re

    pattern = re.compile(schema["pattern"]) if "pattern" in schema else None
    shortest, longest = schema.get("minLength"), schema.get("maxLength")
    off = f"is not of the form {schema.get('pattern')}: "  # unless an example reads sooner:
    off = f"must be written like {_shown(schema['examples'][0])}, not " if schema.get("examples") else off

    def text(value):
        if type(value) is not str:
            return
        if shortest is not None and len(value) < shortest:
            raise _Off(lambda: f"must be at least {shortest} characters long, not {len(value)}")
        if longest is not None and len(value) > longest:
            raise _Off(lambda: f"must be at most {longest} characters long, not {len(value)}")
        if pattern is not None and not pattern.search(value):
            raise _Off(lambda: off + _shown(value))

    return text


def _all_of(schema) -> Check:
    parts = [_compile(s) for s in schema["allOf"]]

    def every(value):
        for part in parts:
            part(value)

    return every


def _branches(key: str, exactly_one: bool):
    def make(schema) -> Check:
        branches = [_compile(s) for s in schema[key]]
        by_tag = _discriminated(schema[key], branches)

        def some(value):
            if by_tag is not None and type(value) is dict:
                tag, branch_of = by_tag
                branch = branch_of.get(value.get(tag)) if type(value.get(tag)) is str else None
                if branch is not None:  # the one branch this kind of value can fit
                    branch(value)
                    return
            misses = []
            for branch in branches:
                try:
                    branch(value)
                except _Off as off:
                    misses.append(off)
            if len(misses) == len(branches):
                # The branch the value came closest to speaks: the deepest
                # miss, and a wrong value before a wrong shape.
                raise max(misses, key=lambda off: (len(off.path), not off.structural))
            if exactly_one and len(branches) - len(misses) > 1:
                raise _Off(lambda: "fits more than one kind at once", True)

        return some

    return make


def _discriminated(schemas: list, branches: list) -> tuple | None:
    """(key, {value: branch}) when every branch fixes one key of an object to
    its own texts (say "tile": x, o or trixo against "arrow"), else None."""
    for key in schemas[0].get("properties") or {}:
        branch_of = {}
        for schema, branch in zip(schemas, branches):
            rule = (schema.get("properties") or {}).get(key) or {}
            values = rule.get("enum", [rule["const"]] if "const" in rule else None)
            if key not in schema.get("required", ()) or not values or not all(type(v) is str for v in values):
                break
            for v in values:
                branch_of[v] = None if v in branch_of else branch  # a value in two branches: try both
        else:
            if all(b is not None for b in branch_of.values()):
                return key, branch_of
    return None


def _not(schema) -> Check:
    inner = schema["not"]
    part = _compile(inner)
    # The one use in our games: keys a kind of move must not carry.
    banned = [s["required"][0] for s in inner.get("anyOf", ()) if list(s) == ["required"]]

    def refused(value):
        try:
            part(value)
        except _Off:
            return
        present = [k for k in banned if isinstance(value, dict) and k in value]
        problem = f"must not have {present[0]!r} here" if present else "is not allowed here"
        raise _Off(lambda: problem, True)

    return refused


def _if(schema) -> Check | None:
    test = _compile(schema["if"])
    then = _compile(schema.get("then", True))
    otherwise = _compile(schema.get("else", True))

    def conditional(value):
        try:
            test(value)
        except _Off:
            otherwise(value)
        else:
            then(value)

    return conditional


_ORDER = (
    ("type", _type),
    ("enum", _enum),
    ("const", _const),
    ("properties", _object),
    ("required", _object),
    ("additionalProperties", _object),
    ("minProperties", _object),
    ("maxProperties", _object),
    ("items", _array),
    ("prefixItems", _array),
    ("minItems", _array),
    ("maxItems", _array),
    ("uniqueItems", _array),
    ("minimum", _bounds),
    ("maximum", _bounds),
    ("pattern", _text),
    ("minLength", _text),
    ("maxLength", _text),
    ("allOf", _all_of),
    ("anyOf", _branches("anyOf", False)),
    ("oneOf", _branches("oneOf", True)),
    ("not", _not),
    ("if", _if),
)
_KEYWORDS = frozenset(key for key, _ in _ORDER) | {"then", "else"}


def _compile_checks(schema: dict) -> list[Check]:
    done, checks = set(), []
    for key, make in _ORDER:
        if key in schema and make not in done:
            done.add(make)
            check = make(schema)
            if check is not None:
                checks.append(check)
    return checks


def _where(path: tuple) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f"[{p!r}]" for p in path)


def checker(
    schema: dict, error: type[StixxError] = IllegalMove, what: str = "the move"
) -> Callable[[Any], None]:
    """A function that raises `error` naming the first way a value is off `schema`.

    >>> check = checker({"type": "object", "required": ["take"],
    ...                  "properties": {"take": {"type": "integer", "minimum": 0}}})
    >>> check({"take": -1})
    Traceback (most recent call last):
    ...
    stixxcli.errors.IllegalMove: the move: 'take' must be at least 0, not -1
    """
    check = _compile(schema)
    # The generated function is quicker per value but costs a millisecond or
    # more to make: a command that checks one log need not pay for it.
    fits, uses = None, 0

    def refuse(value) -> None:
        nonlocal fits, uses
        if fits is not None and fits(value):
            return
        try:
            check(value)
            if fits is not None:
                raise _Off(lambda: "does not fit its schema", True)  # the two readings disagree: say so
        except _Off as off:
            if not off.path:
                raise error(f"{what} {off.problem}") from None
            head, where = off.path[0], _where(off.path[1:])
            raise error(f"{what}: {head!r}{where} {off.problem}") from None
        uses += 1
        if uses == COMPILE_AFTER:
            fits = refuse.fits = fits_function(schema)

    # The generated function once made, else None: a caller checking many
    # values in a loop asks it first, and calls refuse only for what it says no to.
    refuse.fits = None
    return refuse


COMPILE_AFTER = 200  # values checked by the closures before the generated function is made
