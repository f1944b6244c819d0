"""Rule variants: YAML files `<folder>/<game>/<variant>.yaml`, `extends:` chains,
and every key checked against the game's declared parameters.

Folders are searched in this order, the first file of a name winning:
the folders in $STIXX_RULES_PATH, the per-user folder
(`click.get_app_dir("stixx")/rules`), then the folders plugins contribute.
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING

from .errors import RuleError, did_you_mean, plugin_call
from .params import check_values, shown, value_kind
from .record import Record

if TYPE_CHECKING:
    from pathlib import Path

ENV_RULES_PATH = "STIXX_RULES_PATH"
META_KEYS = ("extends", "description")
MAX_RULE_FILE = 1_000_000  # bytes; a rule file is a few dozen lines
MAX_DEPTH = 50  # levels of nesting; a rule file needs three or four
MAX_NUMBER_BITS = 1024


class NoRuleFile(RuleError):
    """A rule file named on the command line that is not there, or is no
    regular file (a folder, a device): a usage error (exit 2), as click's own
    checks of --rules say of a missing file or a folder."""

    exit_code = 2


_KINDS = (("S_ISDIR", "a folder"), ("S_ISFIFO", "a named pipe"), ("S_ISCHR", "a device"),
          ("S_ISBLK", "a device"), ("S_ISSOCK", "a socket"))  # fmt: skip


def _not_regular(mode: int) -> str | None:
    """Why a file of this mode is no rule file (`not a regular file (a named pipe)`), or None."""
    import stat

    if stat.S_ISREG(mode):
        return None
    kind = next((name for test, name in _KINDS if getattr(stat, test)(mode)), "of an unknown kind")
    return f"not a regular file ({kind})"


def _not_regular_at(path: str) -> str | None:
    """Why `path` is no rule file when it is there but is not a regular file, else None."""
    try:
        return _not_regular(os.stat(path).st_mode)
    except (OSError, ValueError):
        return None


class Rules(Record):
    """Resolved rules: every parameter's value, and where they came from."""

    def __init__(
        self, game: str, variant: str, values: dict, description: str = "", files: list[str] | None = None
    ):
        self.game = game
        self.variant = variant
        self.values = values
        self.description = description
        self.files = [] if files is None else files  # the variant file first, standard last

    @property
    def chain(self) -> list[Path]:
        from pathlib import Path

        return [Path(file) for file in self.files]

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "variant": self.variant,
            "description": self.description,
            "files": list(self.files),
            "rules": self.values,
        }


# Paths are plain strings here, not pathlib's: importing pathlib costs more than
# resolving a variant, and `stixx score --sheet` resolves one on every run.


def user_rules_dir() -> Path:
    from pathlib import Path

    return Path(user_rules_folder())


def user_rules_folder() -> str:
    from .appdir import app_dir

    return os.path.join(app_dir(), "rules")


def rule_folders() -> list[str]:
    from .plugins import get_plugins

    env = [p for p in os.environ.get(ENV_RULES_PATH, "").split(os.pathsep) if p]
    return env + [user_rules_folder()] + get_plugins().rule_dirs()


def variant_files(game_name: str) -> dict[str, str]:
    """Every variant of a game by name, the first folder's file winning."""
    found: dict[str, str] = {}
    for folder in rule_folders():
        try:
            with os.scandir(os.path.join(folder, game_name)) as entries:
                names = sorted(e.name for e in entries if e.name.endswith(".yaml") and e.name != ".yaml")
        except OSError:  # no such folder, or not a folder
            continue
        for name in names:
            found.setdefault(name[: -len(".yaml")], os.path.join(folder, game_name, name))
    return found


def _stem(path: str) -> str:
    return os.path.splitext(os.path.basename(path))[0]


def read_rule_file(path: str) -> tuple[dict, dict[str, int]]:
    """The mapping in a rule file and the line of each key, read with safe_load only
    (a bundled rule file, once parsed, from the cache)."""
    try:
        # Without waiting: opening a named pipe to read waits for a writer for ever.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with open(fd, "rb") as f:
            why = _not_regular(os.fstat(fd).st_mode)  # the file opened, not what the name meant before
            if why:  # /dev/zero never ends, a pipe may never speak
                raise RuleError(why, where=str(path))
            raw = f.read(MAX_RULE_FILE + 1)
    except OSError as e:
        raise RuleError(f"cannot read: {e.strerror}", where=str(path)) from None
    if len(raw) > MAX_RULE_FILE:
        raise RuleError(f"larger than {MAX_RULE_FILE} bytes: not a rule file", where=str(path))
    cached = _cached(path, raw)
    if cached is not None:
        return cached["data"], cached["lines"]
    data, lines = _parse_rule_file(path, raw)
    _keep(path, raw, data, lines)
    return data, lines


def _cache_name(path: str, raw: bytes) -> tuple[str, str] | None:
    """Where a plugin's rule file is kept parsed (name, key), or None for any other file:
    a bundled file is read on every command, a user's file now and then."""
    import zlib

    from .plugins import get_plugins

    resolved = os.path.realpath(path)
    if not any(_inside(resolved, os.path.realpath(folder)) for folder in get_plugins().rule_dirs()):
        return None
    return f"rules-{zlib.crc32(resolved.encode()):08x}", f"{len(raw)}:{zlib.crc32(raw)}"


def _inside(path: str, folder: str) -> bool:
    try:
        return os.path.commonpath([path, folder]) == folder
    except ValueError:  # another drive, on Windows
        return False


def _cached(path: str, raw: bytes) -> dict | None:
    from . import cache

    where = _cache_name(path, raw)
    return cache.load(*where) if where else None


def _keep(path: str, raw: bytes, data, lines) -> None:
    import json

    from . import cache

    where = _cache_name(path, raw)
    kept = {"data": data, "lines": lines}
    try:
        if where and json.loads(json.dumps(kept)) == kept:  # only what JSON gives back unchanged
            cache.store(*where, kept)
    except (TypeError, ValueError):
        pass


def _parse_rule_file(path: str, raw: bytes) -> tuple[dict, dict[str, int]]:
    import yaml

    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RuleError("not a text file (not UTF-8)", where=str(path)) from None
    try:
        # libyaml when PyYAML has it: the pure-Python parser is most of the cost.
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(text)
        try:
            node = loader.get_single_node()
            if node is not None:
                _refuse_aliases(node, path)
            data = loader.construct_document(node) if node is not None else None
            lines = {}
            if isinstance(data, dict):
                # Each key as YAML reads it (`1:` is the number 1), so a key that is not text has its line too.
                for key_node, _ in node.value:
                    lines.setdefault(loader.construct_object(key_node), key_node.start_mark.line + 1)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = f":{mark.line + 1}:{mark.column + 1}" if mark else ""
        raise RuleError(f"invalid YAML: {_one_line(e.problem or e.context)}", where=f"{path}{line}") from None
    except yaml.YAMLError as e:
        raise RuleError(f"invalid YAML: {_one_line(e)}", where=str(path)) from None
    except RecursionError:
        raise RuleError(f"YAML nested more than {MAX_DEPTH} levels deep", where=str(path)) from None
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError) as e:
        # PyYAML's constructors raise these for a value they cannot read: a date
        # like 2001-13-45, `!!int abc`, a number of thousands of digits.
        raise RuleError(
            f"invalid YAML: a value that cannot be read ({type(e).__name__}: "
            f"{_one_line(str(e).split(';')[0])})",
            where=str(path),
        ) from None
    if data is None:
        raise RuleError(
            "empty file: a rule file says `extends: standard` and the parameters it changes", where=str(path)
        )
    if not isinstance(data, dict):
        raise RuleError("a rule file is a mapping of parameter names to values", where=str(path))
    _refuse_huge_numbers(data, path)
    return data, lines


def _refuse_aliases(root, path: str) -> None:
    """Anchors and aliases are refused outright: they make alias bombs possible
    and a rule file never needs them. An alias is a node met twice. Nesting
    deeper than MAX_DEPTH is refused too, before anything recurses into it,
    and a key given twice in one mapping, as in a log: YAML would keep the
    last, so `extends: standard` could hide a second `extends` below it."""
    seen, todo = set(), [(root, 1)]
    while todo:
        node, depth = todo.pop()
        if id(node) in seen:
            raise RuleError(
                "YAML aliases (*name) are not allowed in rule files",
                where=f"{path}:{node.start_mark.line + 1}",
            )
        if depth > MAX_DEPTH:
            raise RuleError(
                f"YAML nested more than {MAX_DEPTH} levels deep", where=f"{path}:{node.start_mark.line + 1}"
            )
        seen.add(id(node))
        if node.id == "mapping":
            keys = set()
            for key, _ in node.value:
                if key.id == "scalar" and (key.tag, key.value) in keys:
                    raise RuleError(
                        f"the key {key.value[:60]!r} appears twice in one mapping",
                        where=f"{path}:{key.start_mark.line + 1}",
                    )
                keys.add((key.tag, key.value))
        if isinstance(node.value, list):
            for item in node.value:
                todo.extend((n, depth + 1) for n in (item if isinstance(item, tuple) else (item,)))


def _refuse_huge_numbers(data, path: str) -> None:
    """A hex, octal or binary literal reads as an integer too long to print in
    decimal (and so to show in any message): refuse it here, by name."""
    todo = [data]
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            todo.extend(value.keys())
            todo.extend(value.values())
        elif isinstance(value, list):
            todo.extend(value)
        elif isinstance(value, int) and value.bit_length() > MAX_NUMBER_BITS:
            raise RuleError(
                f"a number of more than {MAX_NUMBER_BITS} bits: too large for a rule", where=str(path)
            )


def _one_line(message) -> str:
    return " ".join(str(message).split())


def resolve(game, variant: str | None = None, path: str | os.PathLike | None = None) -> Rules:
    """The rules of a variant by name, or of a variant file by path."""
    if path is not None:
        start = os.fspath(path)
        if not os.path.isfile(start):
            why = _not_regular_at(start)
            raise NoRuleFile(
                f"{why}: a rule file is a YAML file" if why else "no such rule file", where=start
            )
        name = _stem(start)
    else:
        name = variant or "standard"
        files = variant_files(game.name)
        if name not in files:
            maybe = did_you_mean(name, files)
            known = ", ".join(sorted(files)) or "none"
            raise RuleError(f"unknown variant {name!r} of {game.name}{maybe} (variants: {known})")
        start = files[name]

    chain: list[tuple[str, dict, dict]] = []
    current = start
    while True:
        if any(os.path.realpath(current) == os.path.realpath(p) for p, _, _ in chain):
            names = " -> ".join(_stem(p) for p, _, _ in chain) + f" -> {_stem(current)}"
            last, _, lines = chain[-1]  # the line to fix, as every other refusal names it
            raise RuleError(
                f"'extends' makes a cycle: {names}", where=f"{last}:{lines.get('extends', '')}".rstrip(":")
            )
        data, lines = read_rule_file(current)
        chain.append((current, data, lines))
        parent = data.get("extends")
        if parent is None:
            break
        if not isinstance(parent, str):
            raise RuleError(
                "'extends' must name a variant", where=f"{current}:{lines.get('extends', '')}".rstrip(":")
            )
        current = _find_parent(game, parent, current, lines)

    values = {p.name: p.default for p in game.params}
    description = ""
    for file, data, lines in reversed(chain):
        body = {k: v for k, v in data.items() if k not in META_KEYS}
        check_values(game, body, file, lines)
        values.update(body)
        text = data.get("description")
        if text is not None and not isinstance(text, str):  # else a parent's would show in its place
            where = f"{file}:{lines.get('description', '')}".rstrip(":")
            raise RuleError(f"description must be text, not {value_kind(text)} ({shown(text)})", where=where)
        description = description if text is None else text
    try:
        plugin_call(game, "check_rules", game.check_rules, values)
    except RuleError as e:
        if e.where is None:
            changed = {p.name for p in game.params if values.get(p.name) != p.default}
            e.where = _line_named(e.message, chain, changed) or start
        raise
    return Rules(game.name, name, values, description, [p for p, _, _ in chain])


def _line_named(message: str, chain: list, changed: set) -> str | None:
    """The file and line of the first parameter a game's refusal of rules names
    (`score_table needs ...`) that a file of the chain sets, the nearest file first.
    A parameter changed from its default goes first: standard.yaml writes out
    every default, and a house file's change is the line to fix, not the
    installed standard.yaml (`sheets: ... (boxes_per_row)`)."""
    words = re.findall(r"[A-Za-z_]\w*", message)
    for word in [w for w in words if w in changed] + words:
        for file, data, lines in chain:
            if word in data and word in lines:
                return f"{file}:{lines[word]}"
    return None


VARIANT_NAME = r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}"  # compiled by re when first needed


def _find_parent(game, parent: str, child: str, lines: dict) -> str:
    """The file `extends:` names: a variant by name (a file of that name beside
    the child first, then the game's variants), or a relative path to a .yaml
    file in the child's folder or below it. Nothing else: `extends:
    /etc/passwd`, `../../secret/creds.yaml` or a link out of the folder would
    have the tool read, and quote in its errors, a file that is no rule file."""
    where = f"{child}:{lines['extends']}" if "extends" in lines else child
    # The child's own folder, its links followed: a rules folder linked from elsewhere (stow) still works.
    folder = os.path.dirname(os.path.realpath(child))
    if parent.endswith((".yaml", ".yml")):
        if os.path.isabs(parent) or os.path.splitdrive(parent)[0] or parent.startswith("~"):
            raise RuleError(
                f"'extends' takes a variant name or a path relative to this file, not {parent[:80]!r}",
                where=where,
            )
        found = os.path.join(os.path.dirname(child), parent)
        if not os.path.isfile(found):
            why = _not_regular_at(found) or "no such file beside this one"
            raise RuleError(f"extends {parent[:80]!r}: {why}", where=where)
        if not _inside(os.path.realpath(found), folder):
            raise RuleError(
                f"extends {parent[:80]!r}: a rule file extends files in its own folder or below it",
                where=where,
            )
        return found
    if not re.fullmatch(VARIANT_NAME, parent):
        raise RuleError(
            f"'extends' names a variant (letters, digits, - and _) or a relative .yaml path, "
            f"not {parent[:80]!r}",
            where=where,
        )
    sibling = os.path.join(os.path.dirname(child), f"{parent}.yaml")
    if os.path.isfile(sibling):
        if not _inside(os.path.realpath(sibling), folder):
            raise RuleError(
                f"extends {parent!r}: {parent}.yaml here links out of this folder; a rule file "
                f"extends files in its own folder or below it",
                where=where,
            )
        return sibling
    files = variant_files(game.name)
    if parent in files:
        return files[parent]
    known = ", ".join(sorted(files)) or "none"
    raise RuleError(
        f"extends unknown variant {parent!r}{did_you_mean(parent, files)} (variants: {known})", where=where
    )
