"""Benchmarks of stixxcli, run by hand: `python bench/run.py` (after `pip install .`).

Every figure is a ratio of two timings taken in the same run on the same
machine, so runs on different machines compare. Prints a Markdown table that
the README keeps, with the targets of the speed issue. `--games` makes the
validation corpus smaller for a quick look.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GAMES = ["sixto", "stixx", "fishstix", "trixo"]
PLAYERS = {"sixto": 4, "stixx": 4, "fishstix": 3, "trixo": 3}
ROOT = Path(__file__).resolve().parents[1]


def make_corpus(game: str, count: int, folder: Path) -> Path:
    path = folder / f"{game}.jsonl"
    if not path.exists():
        subprocess.run(
            [
                sys.executable,
                "-m",
                "stixxcli",
                "simulate",
                game,
                "--players",
                str(PLAYERS[game]),
                "--games",
                str(count),
                "--seed",
                "bench",
                "--jobs",
                "0",
                "--out",
                str(path),
                "--json",
            ],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    return path


def validate_vs_parse(path: Path) -> tuple[float, float, float]:
    """Seconds to validate every log of a corpus in this process, seconds to
    json.loads every line, and their ratio."""
    from stixxcli.check import check_texts

    lines = path.read_text(encoding="utf-8").splitlines()
    start = time.perf_counter()
    for line in lines:
        json.loads(line)
    parse = time.perf_counter() - start
    items = [(str(i), line) for i, line in enumerate(lines)]
    start = time.perf_counter()
    verdicts = check_texts(items)
    check = time.perf_counter() - start
    assert all(v["valid"] for v, _ in verdicts), "the corpus should be valid"
    return check, parse, check / parse


def games_per_second(game: str, count: int) -> float:
    from stixxcli.table import play_bots

    start = time.perf_counter()
    for i in range(count):
        play_bots(game, ["random"] * PLAYERS[game], f"rate-{i}")
    return count / (time.perf_counter() - start)


# Bytecode caches as an installed tool has them: the first run writes them.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def wall(args: list[str], runs: int = 15) -> float:
    """Median wall time of a command, after one run that warms the caches."""
    times = []
    for _ in range(runs + 1):
        start = time.perf_counter()
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
        times.append(time.perf_counter() - start)
    return statistics.median(times[1:])


def jobs_speedup(path: Path) -> float:
    stixx = [sys.executable, "-m", "stixxcli", "validate", str(path), "--quiet"]
    one = wall(stixx + ["--jobs", "1"], runs=3)
    two = wall(stixx + ["--jobs", "2"], runs=3)
    return one / two


def peak_memory_mb(folder: Path, corpora: list[Path], size_mb: int) -> tuple[float, float]:
    """Peak resident memory of `stixx validate` on a corpus of about size_mb."""
    big = folder / "big.jsonl"
    lines = [line for p in corpora for line in p.read_text(encoding="utf-8").splitlines()]
    with open(big, "w", encoding="utf-8") as f:
        written, i = 0, 0
        while written < size_mb * 1_000_000:
            line = lines[i % len(lines)] + "\n"
            f.write(line)
            written += len(line.encode())
            i += 1
    # A fresh parent, so that the children's peak is this validation's alone.
    probe = (
        "import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, "
        "stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe, sys.executable, "-m", "stixxcli", "validate", str(big), "--quiet"],
        check=True,
        capture_output=True,
        text=True,
        env=ENV,
    )
    peak = int(out.stdout) / 1024
    big_size = big.stat().st_size / 1e6
    big.unlink()
    return peak, big_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="logs in each validation corpus")
    parser.add_argument("--rate-games", type=int, default=200, help="games played to time simulation")
    parser.add_argument("--memory-mb", type=int, default=200, help="size of the corpus for peak memory")
    parser.add_argument("--keep", metavar="DIR", help="keep (and reuse) the corpora in DIR")
    options = parser.parse_args()
    folder = Path(options.keep or tempfile.mkdtemp(prefix="stixx-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    rows = []
    corpora = []
    print(
        f"stixxcli benchmarks: Python {platform.python_version()}, {os.cpu_count()} cores, "
        f"{options.games} games per corpus",
        file=sys.stderr,
    )
    for game in GAMES:
        corpus = make_corpus(game, options.games, folder)
        corpora.append(corpus)
        check, parse, ratio = validate_vs_parse(corpus)
        rows.append(
            (
                f"{game}: validate / json.loads, {options.games} games",
                f"{ratio:.1f} ({check:.2f} s / {parse:.2f} s)",
                "<= 10",
                ratio <= 10,
            )
        )
    for game in GAMES:
        rate = games_per_second(game, options.rate_games)
        rows.append((f"{game}: simulated games per second, one core", f"{rate:.0f}", "", None))
    speedup = jobs_speedup(corpora[0])
    rows.append(
        ("validate --jobs 2 over --jobs 1 (sixto corpus)", f"{speedup:.2f}", ">= 1.7", speedup >= 1.7)
    )
    base = wall([sys.executable, "-c", "pass"])
    version = wall([sys.executable, "-m", "stixxcli", "--version"]) / base
    sheet = ROOT / "examples" / "sixto" / "rulebook-example.txt"
    score = wall([sys.executable, "-m", "stixxcli", "score", "--sheet", str(sheet)]) / base
    rows.append(
        (f"stixx --version / python -c pass ({base * 1000:.0f} ms)", f"{version:.1f}", "<= 5", version <= 5)
    )
    rows.append(("stixx score --sheet (one sheet) / python -c pass", f"{score:.1f}", "<= 8", score <= 8))
    peak, size = peak_memory_mb(folder, corpora, options.memory_mb)
    rows.append((f"peak memory validating a {size:.0f} MB corpus", f"{peak:.0f} MB", "< 150 MB", peak < 150))
    print("| figure | measured | target | met |")
    print("|---|---|---|---|")
    for name, value, target, met in rows:
        print(f"| {name} | {value} | {target} | {'' if met is None else ('yes' if met else 'no')} |")


if __name__ == "__main__":
    main()
