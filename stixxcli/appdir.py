"""The folder of the user's own files (house rules, saved games): the one
`click.get_app_dir("stixx")` names, worked out without importing click, which
costs more than a short command's whole work (tests/core/test_core_styled.py
holds the two side by side)."""

from __future__ import annotations

import os
import sys

APP = "stixx"


def app_dir() -> str:
    if sys.platform.startswith("win"):
        return os.path.join(os.environ.get("APPDATA") or os.path.expanduser("~"), APP)
    if sys.platform == "darwin":
        return os.path.join(os.path.expanduser("~/Library/Application Support"), APP)
    return os.path.join(os.environ.get("XDG_CONFIG_HOME", os.path.expanduser("~/.config")), APP)
