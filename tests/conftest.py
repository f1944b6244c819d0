"""Shared fixtures: a throwaway registration of the external test game, and a
runner for the command line."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
import uuid
from pathlib import Path

import pytest
from click.testing import CliRunner

NIM = Path(__file__).parent / "external" / "stixx-nim"


@pytest.fixture(autouse=True, scope="session")
def own_cache(tmp_path_factory):
    """The tests' cache, not the user's: the throwaway plugins' rule files left
    thousands of entries there, and a benchmark run beside the tests found its
    cache cold. Commands the tests start inherit it."""
    import os

    os.environ["STIXX_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))


@pytest.fixture
def fresh_plugins():
    """Plugins loaded anew for the test, and forgotten after it."""
    from stixxcli import plugins

    plugins.reset()
    yield plugins.get_plugins()
    plugins.reset()


@pytest.fixture
def nim(fresh_plugins, monkeypatch):
    """The external test game, registered in-process as a throwaway plugin."""
    monkeypatch.syspath_prepend(str(NIM))
    import stixx_nim

    if not fresh_plugins.pm.is_registered(stixx_nim):
        fresh_plugins.pm.register(stixx_nim, name="nim")
    return stixx_nim


@pytest.fixture
def stixx():
    """Run `stixx ARGS...` in-process; returns the click Result."""
    from stixxcli.cli import cli

    def run(*args, input=None, env=None):
        return CliRunner().invoke(cli, [str(a) for a in args], input=input, env=env, catch_exceptions=False)

    return run


def write_json(path: Path, value) -> Path:
    path.write_text(json.dumps(value), encoding="utf-8")
    return path


class Tmux:
    """A real terminal (tmux) running a command in a folder: keys typed, the
    screen and its whole scrollback read."""

    def __init__(self, folder, command: list[str], columns: int = 110):
        self.socket = f"stixx-{uuid.uuid4().hex[:8]}"
        self.tmux("-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", str(columns), "-y", "45", "-c", str(folder),
                  "sleep 0.5; exec " + " ".join(command))  # fmt: skip
        # A long history, set before the game prints anything.
        self.tmux("set-option", "-g", "history-limit", "50000")
        self.tmux("set-option", "-t", "t", "history-limit", "50000")
        self.tmux("set-option", "-t", "t", "remain-on-exit", "on")  # read the last words after the game

    def tmux(self, *args) -> str:
        return subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=True
        ).stdout

    def everything(self, joined: bool = False) -> str:
        """The screen and the whole scrollback; `joined`: a line the terminal wrapped as one."""
        return self.tmux("capture-pane", "-p", *["-J"] * joined, "-t", "t", "-S", "-", "-E", "-")

    def wait_for(self, text: str | tuple, seconds: float = 30) -> str:
        """What the terminal holds once it shows `text` (or any of several)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            shown = self.everything()
            if any(t in shown for t in ((text,) if isinstance(text, str) else text)):
                return shown
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never shown; the terminal holds:\n{self.everything()}")

    def type(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "t", *keys)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


@pytest.fixture
def terminal(tmp_path):
    """Start a command in a real terminal in tmp_path (skipped without tmux); ended after the test."""
    if shutil.which("tmux") is None:
        pytest.skip("needs tmux")
    started = []

    def start(command: list[str], columns: int = 110) -> Tmux:
        started.append(Tmux(tmp_path, command, columns))
        return started[-1]

    yield start
    for term in started:
        term.close()
