"""Shared fixtures: a throwaway registration of the external test game, and a
runner for the command line."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

NIM = Path(__file__).parent / "external" / "stixx-nim"


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
