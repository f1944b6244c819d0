"""A small cache on disk for what every command would otherwise redo: the
entry-point scan and parsed rule files. Each entry is kept under a key made
from what it was computed from, so a change (a plugin installed, a rule file
edited) is seen at once. The cache is a speed-up only: when it cannot be read
or written, the work is done as if it did not exist.

The folder: $STIXX_CACHE_DIR, else $XDG_CACHE_HOME/stixxcli, else
~/.cache/stixxcli. STIXX_CACHE_DIR set but empty turns the cache off.
"""

from __future__ import annotations

import json
import os
import sys
import zlib

ENV_CACHE = "STIXX_CACHE_DIR"


def folder() -> str | None:
    chosen = os.environ.get(ENV_CACHE)
    if chosen is not None:
        return chosen or None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "stixxcli")


def _file(where: str, name: str) -> str:
    # One file per Python environment, so that two (a pipx install and a
    # development venv) do not take turns overwriting each other's entry.
    return os.path.join(where, f"{name}-{zlib.crc32(sys.prefix.encode()):08x}.json")


def load(name: str, key: str):
    """The value stored under `name` for `key`, or None."""
    where = folder()
    if where is None:
        return None
    try:
        with open(_file(where, name), encoding="utf-8") as f:
            stored = json.load(f)
    except (OSError, ValueError):
        return None
    return stored.get("value") if isinstance(stored, dict) and stored.get("key") == key else None


def store(name: str, key: str, value) -> None:
    """Keep `value` under `name` for `key` (one key per name: the last one wins)."""
    where = folder()
    if where is None:
        return
    try:
        os.makedirs(where, exist_ok=True)
        temporary = os.path.join(where, f".{name}.{os.getpid()}.tmp")
        with open(temporary, "w", encoding="utf-8") as f:
            json.dump({"key": key, "value": value}, f)
        os.replace(temporary, _file(where, name))  # whole or not at all, like a log
    except (OSError, TypeError, ValueError):
        pass
