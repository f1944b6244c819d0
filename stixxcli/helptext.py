"""`stixx --help` without importing click, whose import alone costs four
times Python's own start-up: the text click drew last time, kept in the cache
under a key of all it depends on (this version, the command line's own file,
the installed distributions, click among them, and the terminal's width).
While a plugin of another distribution is installed, whose commands the text
lists, click draws it every time."""

from __future__ import annotations

import os
import sys

from . import __version__, cache


def top_help() -> str:
    key = _key()
    text = cache.load("help", key)
    if not isinstance(text, str):
        from .cli import cli
        from .plugins import DIST, entry_points

        text = cli.make_context("stixx", [], resilient_parsing=True).get_help()
        if all(ep["dist"] == DIST for ep in entry_points()):
            cache.store("help", key, text)
    return text


def _key() -> str:
    from .plugins import installed

    source = os.stat(os.path.join(os.path.dirname(__file__), "cli.py"))
    try:  # what shutil.get_terminal_size, and so click, reads the width from
        tty = os.get_terminal_size(sys.__stdout__.fileno()).columns
    except (AttributeError, ValueError, OSError):
        tty = None
    return f"{__version__} {source.st_mtime_ns} {source.st_size} {os.environ.get('COLUMNS')} {tty}\n{installed()}"
