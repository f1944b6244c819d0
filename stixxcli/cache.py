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
from pathlib import Path

ENV_CACHE = "STIXX_CACHE_DIR"


def folder() -> Path | None:
    chosen = os.environ.get(ENV_CACHE)
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "stixxcli"


def load(name: str, key: str):
    """The value stored under `name` for `key`, or None."""
    where = folder()
    if where is None:
        return None
    try:
        with open(where / f"{name}.json", encoding="utf-8") as f:
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
        where.mkdir(parents=True, exist_ok=True)
        temporary = where / f".{name}.{os.getpid()}.tmp"
        temporary.write_text(json.dumps({"key": key, "value": value}), encoding="utf-8")
        os.replace(temporary, where / f"{name}.json")  # whole or not at all, like a log
    except (OSError, TypeError, ValueError):
        pass
