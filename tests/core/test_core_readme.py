"""The README's quick start and Python example work as written."""

import glob
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_quick_start_job(stixx, monkeypatch):
    monkeypatch.chdir(ROOT)
    first = re.search(r"```sh\n(pip install \. && .*)\n", README).group(1)
    jobs = [part.strip().split() for part in first.split("&&")[1:]]
    assert [job[:2] for job in jobs] == [["stixx", "score"], ["stixx", "validate"]]
    for job in jobs:
        args = [
            a for pattern in job[1:] for a in (sorted(glob.glob(pattern)) if "*" in pattern else [pattern])
        ]
        r = stixx(*args)
        assert r.exit_code == 0, r.output
    assert (
        "ranking"
        in stixx("score", "--sheet", *sorted(glob.glob("examples/sixto/table/*.txt")), "--json").output
    )


def test_python_api_example():
    code = re.search(r"```python\n(.*?)```", README, flags=re.S).group(1)
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "valid sixto game" in r.stdout.splitlines()[0]
    assert r.stdout.splitlines()[1].startswith("0 ")


def test_the_json_keys_of_validate_and_score_are_the_ones_the_readme_names(stixx, monkeypatch):
    # Scripts (jq) are written from the README: every key a line holds is named there.
    monkeypatch.chdir(ROOT)
    validate_part = README[README.index("### `stixx validate`") : README.index("### `stixx simulate`")]
    score_part = README[README.index("### `stixx score`") : README.index("### `stixx play`")]
    log = "examples/stixx/6-players.json"
    verdict = json.loads(stixx("validate", log, "--json").output)
    scored = json.loads(stixx("score", log, "--json").output)
    for part, line in ((validate_part, verdict), (score_part, scored)):
        assert [key for key in line if f"`{key}`" not in part] == []
    game = json.loads(Path(log).read_text(encoding="utf-8"))
    game["moves"][1] = game["moves"][0]  # the same stixx taken twice
    illegal = json.loads(stixx("validate", "-", "--json", input=json.dumps(game)).output)
    assert illegal["index"] == 1
    assert [key for key in illegal if f"`{key}`" not in validate_part] == []
