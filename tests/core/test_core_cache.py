"""The start-up cache: the entry-point scan and parsed plugin rule files are
kept on disk, and a change (a distribution installed, a rule file edited) is
seen at once."""

import json
import os
import subprocess
import sys

import pytest

from stixxcli import cache, plugins, rules
from stixxcli.hookspecs import hookimpl
from stixxcli.rules import resolve


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENV_CACHE, str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_entry_points_are_scanned_once_and_rescanned_when_a_distribution_appears(
    cache_dir, tmp_path, monkeypatch
):
    first = plugins.entry_points()
    assert {"sixto", "stixx", "fishstix", "trixo"} <= {ep["name"] for ep in first}
    stored = json.loads(open(cache._file(str(cache_dir), "entry-points")).read())
    assert stored["value"] == first
    # A new distribution on sys.path changes the key: the scan runs again and finds it.
    site = tmp_path / "site"
    dist = site / "stixx_extra-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: stixx-extra\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[stixxcli]\nextra = stixx_extra.plugin\n")
    monkeypatch.syspath_prepend(str(site))
    again = plugins.entry_points()
    assert {"name": "extra", "value": "stixx_extra.plugin", "dist": "stixx-extra", "version": "1.0"} in again
    # Installed later into a folder already on sys.path.
    later = site / "stixx_later-2.0.dist-info"
    later.mkdir()
    (later / "METADATA").write_text("Metadata-Version: 2.1\nName: stixx-later\nVersion: 2.0\n")
    (later / "entry_points.txt").write_text("[stixxcli]\nlater = stixx_later.plugin\n")
    assert "later" in {ep["name"] for ep in plugins.entry_points()}


def test_a_cache_that_cannot_be_written_or_read_is_no_error(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(cache.ENV_CACHE, str(blocker / "cache"))
    assert {"sixto"} <= {ep["name"] for ep in plugins.entry_points()}
    (tmp_path / "broken").mkdir()
    with open(cache._file(str(tmp_path / "broken"), "entry-points"), "w") as f:
        f.write("{not json")
    monkeypatch.setenv(cache.ENV_CACHE, str(tmp_path / "broken"))
    assert {"sixto"} <= {ep["name"] for ep in plugins.entry_points()}
    monkeypatch.setenv(cache.ENV_CACHE, "")
    assert cache.folder() is None


def test_a_plugin_rule_file_is_kept_parsed_and_read_again_when_it_changes(
    cache_dir, tmp_path, nim, monkeypatch
):
    folder = tmp_path / "rules"
    (folder / "nim").mkdir(parents=True)
    variant = folder / "nim" / "quick.yaml"
    variant.write_text("extends: standard\nmax_take: 2\n")

    class Extra:
        @hookimpl
        def stixx_rule_dirs(self, register):
            register(folder)

    nim_plugins = plugins.get_plugins()
    nim_plugins.pm.register(Extra(), name="extra-rules")
    nim_plugins._rule_dirs = None
    game = plugins.get_game("nim")
    assert resolve(game, "quick").values["max_take"] == 2
    assert any(p.name.startswith("rules-") for p in cache_dir.iterdir())
    # Kept: read again without parsing YAML at all.
    parse = rules._parse_rule_file
    monkeypatch.setattr(rules, "_parse_rule_file", lambda *a: pytest.fail("parsed again"))
    assert resolve(game, "quick").values["max_take"] == 2
    # Edited: the new content is parsed and seen.
    monkeypatch.setattr(rules, "_parse_rule_file", parse)
    variant.write_text("extends: standard\nmax_take: 1\n")
    assert resolve(game, "quick").values["max_take"] == 1


def _help(cache_dir, columns: str, plugins_env: str | None = None) -> tuple[str, bool]:
    """`stixx --help` in a process of its own: its text, and whether click was imported."""
    code = (
        "import sys; from stixxcli.__main__ import main\n"
        "sys.argv = ['stixx', '--help']; main()\n"
        "print('CLICK', 'click' in sys.modules)"
    )
    env = {**os.environ, cache.ENV_CACHE: str(cache_dir), "COLUMNS": columns}
    env.pop("STIXX_PLUGINS", None)
    if plugins_env is not None:
        env["PYTHONPATH"] = plugins_env
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env).stdout
    text, _, click = out.rpartition("CLICK ")
    return text, click.strip() == "True"


def _clicks_own_help(columns: str) -> str:
    code = "from stixxcli.cli import cli; cli(['--help'], prog_name='stixx')"
    env = {**os.environ, "COLUMNS": columns}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env).stdout


def test_help_is_clicks_own_text_kept_until_what_it_depends_on_changes(cache_dir, tmp_path):
    wide, narrow = _clicks_own_help("100"), _clicks_own_help("60")
    assert wide != narrow and "Commands:" in wide
    assert _help(cache_dir, "100") == (wide, True)  # drawn by click, then kept
    assert _help(cache_dir, "100") == (wide, False)
    assert _help(cache_dir, "60") == (narrow, True)  # another width: drawn again
    assert _help(cache_dir, "60") == (narrow, False)
    # A plugin of another distribution lists its own commands: click draws every time.
    site = tmp_path / "site"
    dist = site / "stixx_extra-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: stixx-extra\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[stixxcli]\nextra = stixx_extra_missing\n")
    for _ in range(2):
        text, click = _help(cache_dir, "60", plugins_env=str(site))
        assert click and "Commands:" in text


def test_a_help_cache_of_another_kind_is_drawn_again(cache_dir):
    _help(cache_dir, "100")
    path = next(cache_dir.glob("help-*.json"))
    stored = json.loads(path.read_text())
    path.write_text(json.dumps({"key": stored["key"], "value": 42}))
    text, click = _help(cache_dir, "100")
    assert click and text == _clicks_own_help("100")
