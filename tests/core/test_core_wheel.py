"""A wheel built from this repository works from any folder: the bundled games
and their rule files travel inside it."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]


def test_the_wheel_carries_games_and_rules(tmp_path):
    source = tmp_path / "source"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(
            ".git", ".ci-venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis"
        ),
    )
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "-w",
            str(tmp_path / "dist"),
            str(source),
        ],
        check=True,
    )
    wheel = next((tmp_path / "dist").glob("stixxcli-*.whl"))
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site), str(wheel)],
        check=True,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = dict(os.environ, PYTHONPATH=str(site), STIXX_PLUGINS="")

    def stixx(*args):
        return subprocess.run(
            [sys.executable, "-m", "stixxcli", *map(str, args)],
            cwd=elsewhere,
            env=env,
            capture_output=True,
            text=True,
        )

    rows = json.loads(stixx("variants", "--json").stdout)
    assert {(r["game"], r["name"]) for r in rows} >= {
        ("sixto", "standard"),
        ("sixto", "solo"),
        ("stixx", "dutch-edition"),
        ("trixo", "teams"),
        ("fishstix", "standard"),
    }
    assert all(Path(r["file"]).is_relative_to(site) for r in rows)
    sheet = ROOT / "examples" / "sixto" / "rulebook-example.txt"
    assert json.loads(stixx("score", "--sheet", sheet, "--json").stdout)["total"] == 151
    r = stixx("play", "trixo", "--bot", "a:greedy", "--bot", "b:random", "--seed", 3, "--out", "g.json")
    assert r.returncode == 0, r.stderr
    assert stixx("validate", "g.json").returncode == 0
