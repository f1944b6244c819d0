"""The README's quick start and Python example work as written."""

import glob
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
