"""Mutants of valid game logs: what hand-typing, copying from a chat, a full
disk or another program does to a log.

`mutants(log, rng, count)` yields `Mutant`s, each the raw text of a broken (or,
by chance, still valid) log and whether the tool must refuse it: a log whose
`rules` no longer match `rules_digest`, or whose only change is its `result`.
Everything is drawn from `rng`, so a seed gives the same mutants every run.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from stixxcli.gamelog import rules_digest

# Values put in place of a number, a string or a whole part of a log.
HOSTILE = [
    0,
    1,
    -1,
    2,
    7,
    -7,
    99,
    10**9,
    -(10**9),
    2**31,
    2**63,
    -(2**63),
    10**30,
    -(10**30),
    10**400,
    -(10**4000),
    0.5,
    1.5,
    -2.5,
    1e308,
    float("inf"),
    float("-inf"),
    float("nan"),
    True,
    False,
    None,
    "",
    " ",
    "0",
    "1",
    "-1",
    "x",
    "red",
    "A",
    "B",
    "C",
    "seat",
    "null",
    "\u00e9\u00e8\U0001f3b2",
    "\x00",
    "a" * 10_000,
    [],
    {},
    [0],
    [None],
    ["x"],
    [[[]]],
    [[[[[0]]]]],
    {"seat": 0},
    {"": None},
    {"a": {"b": {"c": [1, 2, 3]}}},
    list(range(200)),
    "\ud800",
    "a\udfffb",  # lone surrogates: JSON can write them, but they are not text
]


def _nested(depth: int, kind: type):
    value = 0
    for _ in range(depth):
        value = [value] if kind is list else {"a": value}
    return value


HOSTILE += [_nested(60, list), _nested(150, list), _nested(150, dict), _nested(400, list)]


@dataclass
class Mutant:
    kind: str  # the operators applied, e.g. "drop-move+cut"
    text: str  # the raw log text
    must_fail: bool  # the tool must find it invalid


# Paths into a log -------------------------------------------------------------


def nodes(obj, path=()) -> Iterator[tuple]:
    """Every path into `obj` (containers and leaves), depth first."""
    yield path
    if isinstance(obj, dict):
        for key in obj:
            yield from nodes(obj[key], path + (key,))
    elif isinstance(obj, list):
        for i, item in enumerate(obj):
            yield from nodes(item, path + (i,))


def get(obj, path):
    for step in path:
        obj = obj[step]
    return obj


def put(obj, path, value):
    get(obj, path[:-1])[path[-1]] = value


def _pick_path(rng: random.Random, root, prefix: tuple, leaves_only=False):
    base = get(root, prefix)
    found = [prefix + p for p in nodes(base) if not leaves_only or not isinstance(get(base, p), (dict, list))]
    return rng.choice(found) if found else None


def _strings(obj) -> list[str]:
    return sorted({v for p in nodes(obj) if isinstance(v := get(obj, p), str) and len(v) < 80})


def _new_value(rng: random.Random, old: Any, donors: list[str]):
    """A value to put where `old` was: near it, from elsewhere in the log, or hostile."""
    roll = rng.random()
    if isinstance(old, bool):
        return rng.choice([not old, int(old), str(old).lower(), None])
    if isinstance(old, int) and roll < 0.5:
        near = [old + 1, old - 1, -old, rng.randint(-3, 50), str(old)]
        if abs(old) < 2**53:
            near += [old * 10 ** rng.randint(1, 40), old + 0.5, float(old)]
        return rng.choice(near)
    if isinstance(old, str) and roll < 0.5:
        choices = [old.upper(), old[:-1], old + old, old[::-1], " " + old]
        if donors:
            choices += [rng.choice(donors)] * 4
        return rng.choice(choices)
    if isinstance(old, list) and roll < 0.3:
        return rng.choice([old[:-1], old + old[-1:], old[::-1], [old], {"list": old}])
    if isinstance(old, dict) and roll < 0.3:
        return rng.choice([list(old.values()), [old], {k: None for k in old}])
    return copy.deepcopy(rng.choice(HOSTILE))


# Operators: each changes `log` in place, or returns a replacement text -------------


def _moves(log):
    moves = log.get("moves")
    return moves if isinstance(moves, list) else []


def drop_move(rng, log, donors):
    moves = _moves(log)
    if moves:
        del moves[rng.randrange(len(moves))]


def drop_tail(rng, log, donors):
    moves = _moves(log)
    if moves:
        del moves[rng.randrange(len(moves)) :]


def duplicate_move(rng, log, donors):
    moves = _moves(log)
    if moves:
        i = rng.randrange(len(moves))
        moves.insert(i, copy.deepcopy(moves[i]))


def swap_adjacent(rng, log, donors):
    moves = _moves(log)
    if len(moves) > 1:
        i = rng.randrange(len(moves) - 1)
        moves[i], moves[i + 1] = moves[i + 1], moves[i]


def swap_any(rng, log, donors):
    moves = _moves(log)
    if len(moves) > 1:
        i, j = rng.sample(range(len(moves)), 2)
        moves[i], moves[j] = moves[j], moves[i]


def reorder(rng, log, donors):
    moves = _moves(log)
    if len(moves) > 2:
        i = rng.randrange(len(moves) - 2)
        j = rng.randrange(i + 2, len(moves) + 1)
        part = moves[i:j]
        rng.shuffle(part)
        moves[i:j] = part


def reverse_moves(rng, log, donors):
    _moves(log).reverse()


def _change_in(prefix: tuple, leaves_only: bool):
    def change(rng, log, donors):
        if not isinstance(get(log, prefix[:-1]) if prefix else log, (dict, list)):
            return
        try:
            get(log, prefix)
        except (KeyError, IndexError, TypeError):
            return
        path = _pick_path(rng, log, prefix, leaves_only)
        if path is None:
            return
        if path == ():
            log.clear()
            log["moves"] = _new_value(rng, None, donors)
            return
        put(log, path, _new_value(rng, get(log, path), donors))

    return change


def change_move_value(rng, log, donors):
    moves = _moves(log)
    if moves:
        _change_in(("moves", rng.randrange(len(moves))), leaves_only=rng.random() < 0.7)(rng, log, donors)


def _container_paths(log, prefix):
    try:
        base = get(log, prefix)
    except (KeyError, IndexError, TypeError):
        return []
    return [prefix + p for p in nodes(base) if isinstance(get(base, p), dict) and get(base, p)]


def remove_key(rng, log, donors):
    where = rng.choice([("moves",), ("setup",), ("players",), ()])
    paths = _container_paths(log, where)
    if paths:
        obj = get(log, rng.choice(paths))
        del obj[rng.choice(list(obj))]


def rename_key(rng, log, donors):
    where = rng.choice([("moves",), ("setup",), ("players",), ()])
    paths = _container_paths(log, where)
    if paths:
        obj = get(log, rng.choice(paths))
        key = rng.choice(list(obj))
        new = rng.choice([key.upper(), key + "s", key[:-1], "_" + key, rng.choice(donors or ["x"])])
        obj[new] = obj.pop(key)


def add_key(rng, log, donors):
    where = rng.choice([("moves",), ("setup",), ("players",), ()])
    paths = _container_paths(log, where)
    if paths:
        obj = get(log, rng.choice(paths))
        obj[rng.choice(donors or ["extra"]) + rng.choice(["", "_", "2"])] = _new_value(rng, None, donors)


def wrong_result(rng, log, donors):
    result = log.get("result")
    if isinstance(result, dict) and result:
        path = _pick_path(rng, log, ("result",), leaves_only=rng.random() < 0.8)
        if path is not None and path != ("result",):
            put(log, path, _new_value(rng, get(log, path), donors))
            return
    log["result"] = _new_value(rng, result, donors)


def edit_rules(rng, log, donors):
    """A rule changed and the digest left as it was."""
    if isinstance(log.get("rules"), dict) and log["rules"]:
        path = _pick_path(rng, log, ("rules",), leaves_only=rng.random() < 0.7)
        if path == ("rules",):
            del log["rules"][rng.choice(list(log["rules"]))]
        else:
            put(log, path, _new_value(rng, get(log, path), donors))


def edit_rules_and_digest(rng, log, donors):
    """A rule changed and the digest made to match: a new rule set the game must check."""
    edit_rules(rng, log, donors)
    if isinstance(log.get("rules"), dict):
        try:
            log["rules_digest"] = rules_digest(log["rules"])
        except ValueError:  # an integer too long to write
            pass


# Text made to take over a terminal or a renderer, as a hostile club member would
# type it into a name: escape sequences, markup, newlines, bidi overrides.
HOSTILE_TEXT = [
    "\x1b[2J\x1b[3J\x1b[H",
    "\x1b]0;pwned\x07",
    "\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\",
    "\x07",
    "\x9b2J",
    "\u202etxt.exe",
    "\nvalid sixto game, 0 moves, finished",
    "\r",
    "[/]",
    "[link=https://evil.example]x[/link]",
    "[bold red]",
    "\x00\x08",
]


def hostile_text(rng, log, donors):
    """Hostile text in a player's name (all of them, kept apart), the variant or any text of the log."""
    text = rng.choice(HOSTILE_TEXT)
    where = rng.random()
    players = log.get("players")
    if where < 0.5 and isinstance(players, list) and players:
        for seat, player in enumerate(players):
            if isinstance(player, dict) and isinstance(player.get("name"), str):
                player["name"] = (
                    f"{player['name']}{text}{seat}" if rng.random() < 0.5 or seat == 0 else player["name"]
                )
    elif where < 0.7 and isinstance(log.get("variant"), str):
        log["variant"] += text
    else:
        texts = [p for p in nodes(log) if p and isinstance(get(log, p), str)]
        if texts:
            path = rng.choice(texts)
            put(log, path, get(log, path) + text)


def replace_log(rng, log, donors):
    """The whole log replaced: a list of logs, a number, a string, null."""
    return rng.choice([[copy.deepcopy(log)], [], 0, "log", None, True, rng.choice(HOSTILE)])


OPERATORS = [
    (drop_move, 6),
    (drop_tail, 2),
    (duplicate_move, 5),
    (swap_adjacent, 5),
    (swap_any, 3),
    (reorder, 2),
    (reverse_moves, 1),
    (change_move_value, 24),
    (_change_in(("setup",), leaves_only=False), 10),
    (_change_in(("players",), False), 2),
    (_change_in((), leaves_only=True), 3),
    (remove_key, 6),
    (rename_key, 4),
    (add_key, 3),
    (wrong_result, 6),
    (edit_rules, 5),
    (edit_rules_and_digest, 5),
    (replace_log, 1),
    (hostile_text, 4),
]
_FUNCTIONS = [f for f, _ in OPERATORS]
_WEIGHTS = [w for _, w in OPERATORS]


def _name(function) -> str:
    name = getattr(function, "__name__", "change")
    return name.replace("_", "-")


def _same(value) -> str:
    """What the tool compares (canonical JSON), written so that any value can be."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _breakdown_keys_left_out(original: dict, mutated: dict) -> bool:
    """A result that only leaves out keys of a breakdown: logs written before a
    game explained more still validate (check.py checks the keys a log holds)."""
    said, full = mutated.get("result"), original.get("result")
    if not isinstance(said, dict) or set(said) != set(full):
        return False
    if any(_same(said[k]) != _same(full[k]) for k in said if k != "breakdown"):
        return False
    rows, wanted = said.get("breakdown"), full.get("breakdown")
    if not isinstance(rows, list) or not isinstance(wanted, list) or len(rows) != len(wanted):
        return False
    return all(
        isinstance(row, dict)
        and isinstance(want, dict)
        and all(k in want and _same(row[k]) == _same(want[k]) for k in row)
        for row, want in zip(rows, wanted)
    )


def _only_result_changed(original: dict, mutated) -> bool:
    if not isinstance(mutated, dict) or mutated.get("result") is None:
        return False
    if _breakdown_keys_left_out(original, mutated):
        return False
    keys = set(original) | set(mutated)
    differ = [
        k for k in keys if k not in original or k not in mutated or _same(original[k]) != _same(mutated[k])
    ]
    return differ == ["result"]


def _digest_broken(mutated) -> bool:
    if not isinstance(mutated, dict):
        return False
    rules, digest = mutated.get("rules"), mutated.get("rules_digest")
    if not isinstance(rules, dict) or not isinstance(digest, str):
        return False
    try:
        return rules_digest(rules) != digest
    except ValueError:
        return True


def dumps(log, rng: random.Random) -> str:
    if rng.random() < 0.2:  # as `stixx play` writes it; the rest on one line, as in a corpus
        return json.dumps(log, indent=1, ensure_ascii=False) + "\n"
    return json.dumps(log, separators=(",", ":"), ensure_ascii=rng.random() < 0.5) + "\n"


def mutant(log: dict, rng: random.Random, *, _text: str | None = None, _donors=None) -> Mutant:
    """One mutant of a valid log: one to three operators, sometimes the text cut."""
    base = _text or json.dumps(log)
    mutated = json.loads(base)  # a deep copy, at C speed
    donors = _strings(log) if _donors is None else _donors
    applied = []
    for _ in range(rng.choice([1, 1, 1, 1, 2, 2, 3])):
        function = rng.choices(_FUNCTIONS, _WEIGHTS)[0]
        if not isinstance(mutated, dict):
            break
        replaced = function(rng, mutated, donors)
        if function is replace_log:
            mutated = replaced
        applied.append(_name(function))
    try:
        text = dumps(mutated, rng)
    except ValueError:  # an integer grown too long for json to write: draw again
        return mutant(log, rng, _text=base, _donors=donors)
    must_fail = _digest_broken(mutated) or (len(applied) == 1 and _only_result_changed(log, mutated))
    if rng.random() < 0.07:
        text = text[: rng.randrange(len(text.rstrip()))]
        applied.append("cut")
        must_fail = True  # a log cut short is never a whole JSON object
    return Mutant("+".join(applied), text, must_fail)


def mutants(log: dict, rng: random.Random, count: int) -> Iterator[Mutant]:
    """`count` mutants of `log`, drawn from `rng`."""
    text, donors = json.dumps(log), _strings(log)
    for _ in range(count):
        yield mutant(log, rng, _text=text, _donors=donors)
