"""A real external distribution, built and pip-installed, found through its
entry point: listed, played, validated and replayed; broken plugins named."""

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

NIM = Path(__file__).parents[1] / "external" / "stixx-nim"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A folder holding the built and installed stixx-nim, plus a plugin that
    fails to import and one that raises in a hook."""
    root = tmp_path_factory.mktemp("external")
    source = root / "stixx-nim"
    shutil.copytree(NIM, source, ignore=shutil.ignore_patterns("*.egg-info", "build", "__pycache__"))
    target = root / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(target),
            str(source),
        ],
        check=True,
    )
    for name, body in (
        ("broken", "raise ImportError('no module named frobnicate')\n"),
        (
            "grumpy",
            "from stixxcli.hookspecs import hookimpl\n\n@hookimpl\n"
            "def stixx_games(register):\n    raise RuntimeError('out of coffee')\n",
        ),
    ):
        (target / f"stixx_{name}.py").write_text(body)
        info = target / f"stixx_{name}-0.1.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: stixx-{name}\nVersion: 0.1\n")
        (info / "entry_points.txt").write_text(f"[stixxcli]\n{name} = stixx_{name}\n")
    return target


def stixx(site, *args, plugins=None, **kwargs):
    env = dict(os.environ, PYTHONPATH=str(site))
    env.pop("STIXX_PLUGINS", None)
    if plugins is not None:
        env["STIXX_PLUGINS"] = plugins
    return subprocess.run(
        [sys.executable, "-m", "stixxcli", *map(str, args)], env=env, capture_output=True, text=True, **kwargs
    )


def test_listed_with_its_version_and_broken_plugins_named(site):
    r = stixx(site, "games", "--json")
    assert r.returncode == 0
    nim = next(g for g in json.loads(r.stdout) if g["name"] == "nim")
    assert nim["plugin"] == "nim" and nim["version"] == "1.0.0"
    warnings = [l for l in r.stderr.splitlines() if l.startswith("stixx: warning:")]
    assert any(
        "plugin 'broken' failed to load: ImportError: no module named frobnicate" in w for w in warnings
    )
    assert any("plugin 'grumpy' failed in stixx_games: RuntimeError: out of coffee" in w for w in warnings)
    assert "Traceback" not in r.stderr


def test_plugins_lists_a_plugin_that_failed_to_load_with_why(site):
    """A plugin author's broken plugin is in `stixx plugins`, said failed, not left out."""
    rows = {row["name"]: row for row in json.loads(stixx(site, "plugins", "--json").stdout)}
    broken = rows["broken"]
    assert broken["error"] == "failed to load: ImportError: no module named frobnicate"
    assert broken["hooks"] == [] and broken["distribution"] == "stixx-broken" and broken["version"] == "0.1"
    assert "error" not in rows["nim"]
    shown = stixx(site, "plugins").stdout
    assert next(l for l in shown.splitlines() if l.strip().startswith("broken")) and "failed to load" in shown


def test_only_listed_external_plugins_load(site):
    names = lambda r: {g["name"] for g in json.loads(r.stdout)}
    r = stixx(site, "games", "--json", plugins="")
    assert "nim" not in names(r) and r.stderr == ""
    r = stixx(site, "games", "--json", plugins="nim")
    assert "nim" in names(r) and "broken" not in r.stderr


def test_a_listed_plugin_that_is_not_installed_is_named(site):
    # STIXX_PLUGINS=nmi loads none: say so, or the typo passes for a plugin that has no games.
    r = stixx(site, "games", "--json", plugins="nmi")
    assert r.returncode == 0 and "nim" not in {g["name"] for g in json.loads(r.stdout)}
    assert r.stderr.splitlines() == [
        "stixx: warning: STIXX_PLUGINS names 'nmi', but no installed plugin has that name; did you mean 'nim'?"
    ]


def test_played_validated_replayed_scored(site, tmp_path):
    out = tmp_path / "nim.json"
    r = stixx(
        site,
        "play",
        "nim",
        "--bot",
        "a:random",
        "--bot",
        "b:random",
        "--seed",
        11,
        "--out",
        out,
        plugins="nim",
    )
    assert r.returncode == 0, r.stderr
    assert stixx(site, "validate", out, plugins="nim").stdout.startswith(f"{out}: valid nim game")
    states = stixx(site, "replay", out, "--json", plugins="nim").stdout.splitlines()
    assert len(states) == len(json.loads(out.read_text())["moves"]) + 1
    assert json.loads(stixx(site, "score", out, "--json", plugins="nim").stdout)["finished"]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_signal_saves_an_unfinished_game_that_resumes(site, tmp_path, sig):
    out = tmp_path / "nim.json"
    env = dict(os.environ, PYTHONPATH=str(site), STIXX_PLUGINS="nim")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "stixxcli",
            "play",
            "nim",
            "--player",
            "Ann",
            "--bot",
            "Bob:random",
            "--seed",
            "4",
            "--out",
            str(out),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    proc.stdin.write("1\n")
    proc.stdin.flush()
    deadline = time.time() + 20
    while time.time() < deadline and not (out.exists() and json.loads(out.read_text())["moves"][1:]):
        time.sleep(0.05)
    time.sleep(0.3)  # the next prompt is waiting
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=20)
    assert proc.returncode == 128 + sig, err  # 130 for Ctrl-C, 143 for SIGTERM
    assert "Game saved unfinished" in err and "Traceback" not in err
    log = json.loads(out.read_text())
    assert log["finished"] is False and len(log["moves"]) == 2
    assert stixx(site, "validate", out, plugins="nim").returncode == 0
    r = stixx(site, "play", "--resume", out, plugins="nim", input="1\n" * 30)
    assert r.returncode == 0, r.stderr
    assert json.loads(out.read_text())["finished"] is True
