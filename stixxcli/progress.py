"""Progress on long work: a bar on a terminal, plain lines elsewhere.

The bar shows itself only once the work has gone on for `DELAY` seconds, so
a quick job (one log, a few games) prints as it would without a terminal and
never imports rich, the most of a short command's start-up.
"""

from __future__ import annotations

import sys
import time

DELAY = 0.5


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
        print(line, flush=True)


class Delayed(Plain):
    """A progress bar (show.ProgressBar) that starts once the work has taken DELAY seconds."""

    def __init__(self, total, label: str, unit: str | None = None):
        self.total, self.label, self.unit = total, label, unit
        self.start = time.monotonic()
        self.done = 0
        self.bar = None

    def __exit__(self, *exc):
        return self.bar.__exit__(*exc) if self.bar else False

    def advance(self, n=1):
        self.done += n
        if self.bar:
            self.bar.advance(n)
        elif time.monotonic() - self.start >= DELAY:
            from .show import ProgressBar

            self.bar = ProgressBar(self.total, self.label, self.unit).__enter__()
            self.bar.advance(self.done)

    def print(self, line):
        if self.bar:
            self.bar.print(line)
        else:
            super().print(line)


def progress(enabled: bool, total, label: str, unit: str | None = None):
    """A progress bar on standard error when `enabled` and the work is long;
    lines printed through it stay above it. `unit` "bytes": the total and the
    steps are bytes, shown as such."""
    return Delayed(total, label, unit) if enabled else Plain()
