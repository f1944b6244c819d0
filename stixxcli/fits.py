"""Whether a value fits a JSON Schema, fast: the schema turned into Python.

Validation asks this of every move, so the answer is one generated function
per schema, straight code with no call per node. Only when a value does not
fit does shapes.py walk the schema again to say what is wrong. Both read the
same keywords the same way; tests/core/test_core_shapes.py holds them to it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _same(a, b) -> bool:
    """JSON equality: true is not 1, and 1 equals 1.0."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return a == b


# Of a variable: (its one type, keys it has, {key: variable}, whether those are all its keys).
_NOTHING_KNOWN = (None, frozenset(), {}, False)
_PYTYPE = {
    "integer": "type({v}) is int",
    "number": "(type({v}) is int or type({v}) is float)",
    "string": "type({v}) is str",
    "boolean": "type({v}) is bool",
    "object": "type({v}) is dict",
    "array": "type({v}) is list",
    "null": "{v} is None",
}

# The keywords emit() reads (others, as "description", say nothing of a value);
# a branch of anyOf with no others than _TEXT_KEYWORDS is tested inline. The
# same set as shapes._KEYWORDS (a test holds them equal): shapes imports this
# module, and the house allows no import loop, not even a deferred one.
_TEXT_KEYWORDS = frozenset(("type", "pattern", "minLength", "maxLength"))
_KEYWORDS = _TEXT_KEYWORDS | {"enum", "const", "minimum", "maximum", "allOf", "anyOf", "oneOf", "not", "if"}
_KEYWORDS |= {"properties", "required", "additionalProperties", "minProperties", "maxProperties"}
_KEYWORDS |= {"items", "prefixItems", "minItems", "maxItems", "uniqueItems", "then", "else"}


class _Source:
    """Python source for `fits(value) -> bool`, built keyword by keyword."""

    def __init__(self):
        self.functions: list[list[str]] = []
        self.names: dict[str, Any] = {"_same": _same}
        self.count = 0

    def name(self, prefix: str) -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def constant(self, value) -> str:
        key = self.name("c")
        self.names[key] = value
        return key

    def function(self, schema, keys: frozenset | None = None) -> str:
        """A generated function that returns whether a value fits `schema`;
        with `keys`, for an object that has those keys and no other."""
        name = self.name("fits")
        body: list[str] = []
        knows = {}
        if keys is not None:
            # Every value fetched first. The caller asks this function of any
            # object of as many keys: one that lacks a key has other keys, and
            # gets None (not this function's to answer).
            named = {key: self.name("x") for key in sorted(keys)}
            if named:
                body += ["    try:", *(f"        {x} = v[{key!r}]" for key, x in named.items())]
                body += ["    except KeyError:", "        return None"]
            knows = {"v": ("object", keys, named, True)}
        self.emit(schema, "v", body, 1, knows)
        self.functions.append([f"def {name}(v):", *body, "    return True"])
        return name

    def emit(self, schema, v: str, out: list[str], depth: int, knows: dict) -> None:
        """Lines that return False when `v` is off `schema`. `knows` maps a
        variable to what the lines before have made sure of: its one type and,
        for an object, the keys it has and the variables its values are in.
        What is known is not tested, nor looked up, again."""
        pad = "    " * depth
        if schema is True or schema == {}:
            return
        if schema is False:
            out.append(f"{pad}return False")
            return
        typed, has, named, whole = knows.get(v, _NOTHING_KNOWN)
        if "type" in schema:
            wanted = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
            if wanted != [typed]:
                test = " or ".join(_PYTYPE[t].format(v=v) for t in wanted)
                out.append(f"{pad}if not ({test}): return False")
            if len(wanted) == 1 and typed != wanted[0]:
                typed, has, named, whole = wanted[0], frozenset(), {}, False
        if "enum" in schema or "const" in schema:
            allowed = schema["enum"] if "enum" in schema else [schema["const"]]
            if all(type(a) is str for a in allowed):
                guard = "" if typed == "string" else f"type({v}) is not str or "
                out.append(f"{pad}if {guard}{v} not in {self.constant(frozenset(allowed))}: return False")
            else:
                out.append(f"{pad}if not any(_same({v}, a) for a in {self.constant(tuple(allowed))}):")
                out.append(f"{pad}    return False")
        guard = "" if typed in ("integer", "number") else f"(type({v}) is int or type({v}) is float) and "
        for key, op in (("minimum", "<"), ("maximum", ">")):
            if key in schema:
                out.append(f"{pad}if {guard}{v} {op} {schema[key]!r}: return False")
        self.emit_text(schema, v, out, pad, typed == "string")
        fetched = self.emit_object(schema, v, out, depth, typed == "object", (has, named, whole))
        self.emit_array(schema, v, out, depth, typed == "array")
        if typed == "object":
            # (All the keys known: a required one missing returned False above.)
            has, named = has if whole else has.union(schema.get("required", ())), {**named, **fetched}
        knows = {**knows, v: (typed, has, named, whole)}
        for part in schema.get("allOf", ()):
            self.emit(part, v, out, depth, knows)
        if "anyOf" in schema:
            calls = " or ".join(self.branch(s, v) for s in schema["anyOf"])
            out.append(f"{pad}if not ({calls}): return False")
        if "oneOf" in schema:
            calls = " + ".join(f"{self.function(s)}({v})" for s in schema["oneOf"])
            out.append(f"{pad}if ({calls}) != 1: return False")
        if "not" in schema:
            out.append(f"{pad}if {self.test(schema['not'], v, knows)}: return False")
        if "if" in schema:
            out.append(f"{pad}if {self.test(schema['if'], v, knows)}:")
            then = knows
            if typed == "object" and set(schema["if"]) == {"required"} and not whole:
                then = {**knows, v: (typed, has.union(schema["if"]["required"]), named, whole)}
            self.block(schema.get("then", True), v, out, depth + 1, then)
            out.append(f"{pad}else:")
            self.block(schema.get("else", True), v, out, depth + 1, knows)

    def branch(self, schema, v: str) -> str:
        """An expression that is true when `v` fits a branch of anyOf: inline
        for a type alone, or text of a pattern or length (a call saved on every
        value: a stick drawn, or none), else a call of the branch's function."""
        said = set(schema) & _KEYWORDS if isinstance(schema, dict) else None
        kind = schema.get("type") if said and said <= _TEXT_KEYWORDS else None
        if not (isinstance(kind, str) and kind in _PYTYPE) or (kind != "string" and said != {"type"}):
            return f"{self.function(schema)}({v})"
        tests = [_PYTYPE[kind].format(v=v)]
        if "pattern" in schema:
            import re

            found, matches = _matching(re.compile(schema["pattern"]))
            tests.append(f"({v} in {self.constant(found)} or {self.constant(matches)}({v}))")
        if "minLength" in schema:
            tests.append(f"len({v}) >= {schema['minLength']!r}")
        if "maxLength" in schema:
            tests.append(f"len({v}) <= {schema['maxLength']!r}")
        return f"({' and '.join(tests)})"

    def test(self, schema, v: str, knows: dict) -> str:
        """An expression that is true when `v` fits: inline for the three tests
        the games write ("this key says that", "this key is there", "one of
        these keys is there")."""
        typed, has, named, whole = knows.get(v, _NOTHING_KNOWN)
        props = schema.get("properties", {})
        if set(schema) == {"properties"} and len(props) == 1:
            ((key, rule),) = props.items()
            if set(rule) == {"const"}:
                wanted = self.constant(rule["const"])
                value = named.get(key, f"{v}[{key!r}]")
                if type(rule["const"]) is str:  # only text equals text: no care for true and 1
                    test = f"{value} == {wanted}"
                elif rule["const"] is None or type(rule["const"]) is bool:
                    test = f"{value} is {wanted}"
                else:
                    test = f"_same({value}, {wanted})"
                if typed == "object":
                    if key in has or whole:
                        return test if key in has else "True"
                    return f"({key!r} not in {v} or {test})"
                return f"(type({v}) is not dict or {key!r} not in {v} or {test})"
        if set(schema) == {"required"}:
            if whole:
                return str(has.issuperset(schema["required"]))
            keys = " and ".join(f"{key!r} in {v}" for key in schema["required"] if key not in has) or "True"
            return keys if typed == "object" else f"(type({v}) is not dict or {keys})"
        branches = schema.get("anyOf", ())
        if set(schema) == {"anyOf"} and all(
            set(b) == {"required"} and len(b["required"]) == 1 for b in branches
        ):
            if whole:
                return str(any(b["required"][0] in has for b in branches))
            keys = " or ".join(f"{b['required'][0]!r} in {v}" for b in branches)
            return f"(type({v}) is not dict or {keys})"
        return f"{self.function(schema)}({v})"

    def block(self, schema, v: str, out: list[str], depth: int, knows: dict) -> None:
        before = len(out)
        self.emit(schema, v, out, depth, knows)
        if len(out) == before:
            out.append("    " * depth + "pass")

    def emit_text(self, schema, v: str, out: list[str], pad: str, known: bool) -> None:
        guard = "" if known else f"type({v}) is str and "
        if "pattern" in schema:
            import re

            found, matches = _matching(re.compile(schema["pattern"]))
            found, matches = self.constant(found), self.constant(matches)
            out.append(f"{pad}if {guard}{v} not in {found} and not {matches}({v}): return False")
        if "minLength" in schema:
            out.append(f"{pad}if {guard}len({v}) < {schema['minLength']!r}: return False")
        if "maxLength" in schema:
            out.append(f"{pad}if {guard}len({v}) > {schema['maxLength']!r}: return False")

    def emit_object(self, schema, v: str, out: list[str], depth: int, known: bool, its_keys: tuple) -> dict:
        """Lines for the keywords of objects; for a value known to be an
        object, the variables that now hold its required keys' values.
        `its_keys`: the keys it is known to have, the variables holding some
        of their values, and whether those are all its keys (then no key is
        looked for)."""
        has, named, whole = its_keys
        fetched: dict[str, str] = {}
        keys = ("properties", "required", "additionalProperties", "minProperties", "maxProperties")
        if not any(k in schema for k in keys):
            return fetched
        if not known:  # JSON Schema: these keywords say nothing of a value that is no object
            out.append("    " * depth + f"if type({v}) is dict:")
            depth += 1
        inner = "    " * depth
        body_start = len(out)
        required = schema.get("required", ())
        properties = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        closed = extra is False
        if whole:
            if not has.issuperset(required) or (closed and not has.issubset(properties)):
                out.append(f"{inner}return False")
        elif closed and properties and set(required) == set(properties):
            # Every key known and every key required: as many keys, none unknown.
            keys = self.constant(frozenset(properties))
            out.append(f"{inner}if len({v}) != {len(properties)} or not {keys}.issuperset({v}): return False")
        else:
            for key in required:
                if not (known and key in has):
                    out.append(f"{inner}if {key!r} not in {v}: return False")
            if closed:
                keys = self.constant(frozenset(properties))
                out.append(f"{inner}if not {keys}.issuperset({v}): return False")
        if not closed and extra is not True and extra != {}:
            k, x = self.name("k"), self.name("x")
            if properties:
                out.append(f"{inner}for {k}, {x} in {v}.items():")
                out.append(f"{inner}    if {k} in {self.constant(frozenset(properties))}: continue")
            else:  # no key to look at: values alone, quicker
                out.append(f"{inner}for {x} in {v}.values():")
            self.block(extra, x, out, depth + 1, {})
        for key, rule in properties.items():
            if rule is True or rule == {}:
                continue
            if whole and key not in has:
                continue
            if rule is False:
                out.append(f"{inner}return False" if whole else f"{inner}if {key!r} in {v}: return False")
                continue
            if key in named:  # fetched before
                self.emit(rule, named[key], out, depth, {})
                continue
            x = self.name("x")
            if key in required or whole:  # there, as checked above
                out.append(f"{inner}{x} = {v}[{key!r}]")
                if known:  # at this depth: set for all the lines that follow
                    fetched[key] = x
                self.emit(rule, x, out, depth, {})
            else:
                out.append(f"{inner}if {key!r} in {v}:")  # most optional keys are absent: one test
                out.append(f"{inner}    {x} = {v}[{key!r}]")
                self.block(rule, x, out, depth + 1, {})
        if "minProperties" in schema:
            out.append(f"{inner}if len({v}) < {schema['minProperties']!r}: return False")
        if "maxProperties" in schema:
            out.append(f"{inner}if len({v}) > {schema['maxProperties']!r}: return False")
        if len(out) == body_start:
            out.append(f"{inner}pass")
        return fetched

    def emit_array(self, schema, v: str, out: list[str], depth: int, known: bool) -> None:
        keys = ("items", "prefixItems", "minItems", "maxItems", "uniqueItems")
        if not any(k in schema for k in keys):
            return
        if not known:
            out.append("    " * depth + f"if type({v}) is list:")
            depth += 1
        inner = "    " * depth
        least = schema.get("minItems", 0)
        prefix = schema.get("prefixItems", ())
        if least and schema.get("maxItems") == least == len(prefix):
            # One length allowed, a rule for each place (a cell's row and
            # column): one test, and the items unpacked; none beyond them.
            named = [self.name("x") for _ in prefix]
            out.append(f"{inner}if len({v}) != {least!r}: return False")
            out.append(f"{inner}{', '.join(named)}, = {v}")
            for x, rule in zip(named, prefix):
                self.emit(rule, x, out, depth, {})
        else:
            self.emit_items(schema, v, out, depth, least, prefix)
        if schema.get("uniqueItems"):
            out.append(f"{inner}if not {self.constant(_unique)}({v}): return False")

    def emit_items(self, schema, v: str, out: list[str], depth: int, least: int, prefix) -> None:
        inner = "    " * depth
        n = self.name("n")
        out.append(f"{inner}{n} = len({v})")
        if least:
            out.append(f"{inner}if {n} < {least!r}: return False")
        if "maxItems" in schema:
            out.append(f"{inner}if {n} > {schema['maxItems']!r}: return False")
        for i, rule in enumerate(prefix):
            x = self.name("x")
            if i < least:  # long enough, as checked above
                out.append(f"{inner}{x} = {v}[{i}]")
                self.emit(rule, x, out, depth, {})
            else:
                out.append(f"{inner}if {n} > {i}:")
                out.append(f"{inner}    {x} = {v}[{i}]")
                self.block(rule, x, out, depth + 1, {})
        items = schema.get("items")
        if isinstance(items, (dict, bool)) and items is not True and items != {}:
            x = self.name("x")
            rest = f"{v}[{len(prefix)}:]" if prefix else v
            out.append(f"{inner}for {x} in {rest}:")
            self.block(items, x, out, depth + 1, {})


MATCHES_KEPT = 4096  # texts remembered per pattern: a game's sticks or names, not a corpus's every text


def _matching(pattern) -> tuple[set, Callable[[str], bool]]:
    """The texts known to match `pattern`, and its search, which adds to them:
    the few sticks of a game come again in every move, and a set finds one in
    a tenth of the time the expression takes to match it."""
    found: set[str] = set()

    def matches(text: str) -> bool:
        if pattern.search(text) is None:
            return False
        if len(found) < MATCHES_KEPT:
            found.add(text)
        return True

    return found, matches


def _unique(values: list) -> bool:
    if all(type(item) is str for item in values):  # the usual list: names or colours
        return len(set(values)) == len(values)
    seen = []
    for item in values:
        if any(_same(item, s) and type(item) is type(s) for s in seen):
            return False
        seen.append(item)
    return True


KEY_SETS_KEPT = 32  # functions made per schema for objects of given keys: a game's few kinds of move


def fits_function(schema) -> Callable[[Any], bool]:
    """A function that says whether a value fits `schema` (see shapes.py for why not).

    For an object schema, a function is made for each set of keys the values
    come with (a game's moves have a few): it knows which keys are there, so
    it neither looks for a key nor tests an absent one's value."""
    if not (isinstance(schema, dict) and schema.get("type") == "object"):
        return _generated(schema)
    general = None
    by_set: dict[frozenset, Callable[[Any], bool | None]] = {}
    # The function last used for objects of each size, asked first: it tells
    # its own keys by fetching them, quicker than making the value's set of keys.
    by_size: dict[int, Callable[[Any], bool | None]] = {}

    def fits(value) -> bool:
        nonlocal general
        if type(value) is not dict:
            return False
        made = by_size.get(len(value))
        if made is not None:
            fit = made(value)
            if fit is not None:
                return fit
        given = frozenset(value)
        made = by_set.get(given)
        if made is None:
            if len(by_set) >= KEY_SETS_KEPT:  # values of many shapes: one function for them all
                general = general or _generated(schema)
                return general(value)
            made = by_set[given] = _generated(schema, given)
        by_size[len(value)] = made
        return made(value)

    fits.by_size = by_size
    return fits


def _generated(schema, keys: frozenset | None = None) -> Callable[[Any], bool]:
    source = _Source()
    top = source.function(schema, keys)
    code = "\n".join(line for function in source.functions for line in function)
    scope = dict(source.names)
    exec(compile(code, "<schema>", "exec"), scope)  # source made above from the schema's own literals
    return scope[top]
