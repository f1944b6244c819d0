"""Progress on long work: a bar on a terminal, plain lines elsewhere."""

from __future__ import annotations

import sys


def on_terminal() -> bool:
    return sys.stdout.isatty() and sys.stderr.isatty()


class Plain:
    """Stands in for a progress bar when there is no terminal to draw it on."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def advance(self, n=1):
        pass

    def print(self, line):
        import click

        click.echo(line)


def progress(enabled: bool, total, label: str):
    """A progress bar on standard error when `enabled`; lines printed through it stay above it."""
    if not enabled:
        return Plain()
    from .show import ProgressBar

    return ProgressBar(total, label)
