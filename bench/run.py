"""Benchmarks of stixxcli, run by hand: `python bench/run.py` (after `pip install .`).

Every figure is a ratio (or a rate) of timings taken side by side in the same
run, so runs on different machines compare, and every timing but the
parallel one is CPU time, which other work on a shared machine hardly moves:
start-up as whole `stixx` processes (the installed script) against
`python -c pass`; simulation through the code path of
`stixx simulate` against a tight pure-Python playout of the same rules
(bench/reference/<game>.py); validation against `json.loads` of the same
lines. Prints a Markdown table, with the targets of the speed issue, that the
README keeps. `--quick` makes every measurement smaller, for a look;
`--repeat N` runs the timed figures N times and shows each from its median
run, with the range of all N.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GAMES = ["sixto", "stixx", "fishstix", "trixo"]
PLAYERS = {"sixto": 4, "stixx": 4, "fishstix": 3, "trixo": 3}
SMART = {"sixto": "greedy", "stixx": "reasoning", "fishstix": "greedy", "trixo": "greedy"}
ROOT = Path(__file__).resolve().parents[1]
# Bytecode caches as an installed tool has them: the first run writes them.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
# The command users run: the `stixx` script pip installs beside this Python.
_SCRIPT = Path(sys.executable).with_name("stixx")
STIXX = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "stixxcli"]


def spread(times: list[float]) -> str:
    return f"min {min(times) * 1000:.0f}, median {statistics.median(times) * 1000:.0f}, max {max(times) * 1000:.0f} ms"


def cpu(args: list[str], runs: int, env: dict | None = None) -> list[float]:
    """CPU seconds (user and system) of a whole command, after one run that
    warms the caches: unlike wall time, hardly moved by other work on a
    shared machine."""
    times = []
    for _ in range(runs + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(
            args,
            check=False,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**ENV, **(env or {})},
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return times[1:]


def wall(args: list[str], runs: int, warm: bool = True) -> list[float]:
    """Wall times of a whole command, after one run that warms the caches (unless told they are)."""
    times = []
    for _ in range(runs + warm):
        start = time.perf_counter()
        subprocess.run(args, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
        times.append(time.perf_counter() - start)
    return times[warm:]


# Output as a colour terminal gets it, though written to /dev/null: the escape codes are made all the same.
COLOURED = {"FORCE_COLOR": "1", "COLORTERM": "truecolor"}


def start_up_commands() -> dict[str, tuple[list[str], float | None, dict | None]]:
    """The commands whose start-up is measured: name -> (arguments, target, environment)."""
    examples = ROOT / "examples" / "sixto"
    sheet = ["score", "--sheet", str(examples / "rulebook-example.txt")]
    return {
        "--version": (["--version"], 2, None),
        "--help": (["--help"], 4, None),
        "validate of one log": (["validate", str(examples / "2-players.json")], 5, None),
        "score --sheet of one sheet": (sheet, 5, None),
        "score --sheet of one sheet, in colour as at a terminal": (sheet, 5, COLOURED),
        "games": (["games"], None, None),
    }


def start_up(runs: int) -> list[tuple]:
    """Each command's median over `python -c pass`'s median, taken in turns so that
    load on a shared machine falls on both alike."""
    commands = start_up_commands()
    base: list[float] = []
    click: list[float] = []  # the floor under every command but --version
    timed: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        base += cpu([sys.executable, "-c", "pass"], 1)
        click += cpu([sys.executable, "-c", "import click"], 1)
        for name, (args, _, env) in commands.items():
            timed[name] += cpu(STIXX + args, 1, env)
    rows = []
    for name, (_, target, _) in commands.items():
        ratio = statistics.median(timed[name]) / statistics.median(base)
        rows.append(
            (
                f"start-up: stixx {name} / python -c pass ({spread(timed[name])})",
                f"{ratio:.1f}",
                target,
                ratio,
            )
        )
    rows.append(
        (f"start-up: python -c 'import click' / python -c pass, the floor of a click command ({spread(click)})",
         f"{statistics.median(click) / statistics.median(base):.1f}", None, None)
    )  # fmt: skip
    rows.append((f"start-up: python -c pass ({spread(base)}, {runs} runs each)", "", None, None))
    return rows


def reference(game: str):
    spec = importlib.util.spec_from_file_location(
        f"reference_{game}", ROOT / "bench" / "reference" / f"{game}.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def simulated_rate(game: str, bots: list[str], count: int, first: int = 0) -> float:
    """Games per second on one core, through the code `stixx simulate` runs
    (games seeded rate-`first` onwards)."""
    from stixxcli.plugins import get_game
    from stixxcli.rules import resolve
    from stixxcli.simulate import Batch, play_batch

    rules = resolve(get_game(game), "standard")
    seeds = tuple(f"rate-{i}" for i in range(first, first + count))
    batch = Batch(game, rules.variant, rules.values, tuple(bots), seeds, False)
    start = time.process_time()
    play_batch(batch)
    return count / (time.process_time() - start)


def reference_rate(game: str, count: int, seed: str = "") -> float:
    playout, rng = reference(game).playout, random.Random(game + seed)
    start = time.process_time()
    for _ in range(count):
        playout(rng, PLAYERS[game])
    return count / (time.process_time() - start)


def simulation(count: int, rounds: int = 5) -> list[tuple]:
    """Games/s of random bots against the reference playout, and of the smart
    bots against random ones: the three timed in turns, `rounds` times over,
    so that load on a shared machine falls on all alike."""
    rows = []
    for game in GAMES:
        n = PLAYERS[game]
        random_bots, smart_bots = ["random"] * n, [SMART[game]] * n
        for bots in (random_bots, smart_bots):  # imports and first-use work, untimed
            simulated_rate(game, bots, 2)
        each, smart_each = count // rounds, max(count // 4 // rounds, 2)
        seconds = [0.0, 0.0, 0.0]  # random bots, reference, smart bots
        for turn in range(rounds):
            seconds[0] += each / simulated_rate(game, random_bots, each, turn * each)
            seconds[1] += each / reference_rate(game, each, str(turn))
            seconds[2] += smart_each / simulated_rate(game, smart_bots, smart_each, turn * smart_each)
        played = (each * rounds, each * rounds, smart_each * rounds)
        ours, tight, smart = (games / s for games, s in zip(played, seconds))
        rows.append(
            (f"{game}: random-bot games/s, {n} players ({ours:.0f}) / reference playout ({tight:.0f})",
             f"{ours / tight:.2f}", ">= 0.5", ours / tight >= 0.5)
        )  # fmt: skip
        rows.append(
            (f"{game}: {SMART[game]} bots games/s ({smart:.0f}), slowdown against random",
             f"{ours / smart:.1f}", "<= 4", ours / smart <= 4)
        )  # fmt: skip
    return rows


def stixx_setup(count: int) -> tuple:
    from stixxcli.engine import drive
    from stixxcli.plugins import get_game
    from stixxcli.rules import resolve

    game = get_game("stixx")
    rules = resolve(game, "standard").values
    rng = random.Random(1)
    start = time.process_time()
    for _ in range(count):
        drive(game.setup(rules, ["a", "b", "c", "d"]), lambda ask: ask.draw(rng), None)
    ms = (time.process_time() - start) / count * 1000
    return (f"stixx: setup (zero-conflict layout and colours), mean of {count}", f"{ms:.2f} ms", 2, ms)


def make_corpus(game: str, count: int, folder: Path) -> Path:
    path = folder / f"{game}-{count}.jsonl"
    if not path.exists():
        args = [
            "simulate",
            game,
            "-p",
            str(PLAYERS[game]),
            "-n",
            str(count),
            "--seed",
            "bench",
            "--jobs",
            "0",
        ]
        subprocess.run(STIXX + args + ["--out", str(path), "--json"], check=True, stdout=subprocess.DEVNULL)
    return path


def decoder() -> str:
    """Which JSON decoder reads a corpus: msgspec with the `fast` extra."""
    try:
        from importlib.metadata import version

        return f"msgspec {version('msgspec')} reads corpora (the fast extra)"
    except ImportError:
        return "json reads corpora (msgspec, the fast extra, is not installed)"


def validation(corpora: dict) -> list[tuple]:
    """Seconds to validate every log of a corpus over seconds to json.loads
    every line (the floor any checker of JSON logs stands on). Each corpus in
    a fresh process, as `stixx validate` runs it."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    rows = []
    for game, path in corpora.items():
        with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as fresh:
            check, parse, count = fresh.submit(timed_validation, str(path)).result()
        rows.append(
            (f"{game}: validate / json.loads, {count} games ({check:.2f} s / {parse:.2f} s)",
             f"{check / parse:.1f}", 5, check / parse)
        )  # fmt: skip
    return rows


def timed_validation(path: str) -> tuple[float, float, int]:
    """CPU seconds to validate a corpus through the code `stixx validate
    --quiet` runs, and to json.loads its lines, taken in turns (the lines of
    each block of logs validated, then json.loads of the same lines), so that
    both meet the machine alike."""
    from stixxcli.check import Copies, check_sources

    lines = Path(path).read_text(encoding="utf-8").splitlines()
    parse, done = 0.0, 0
    copies = Copies()  # a game handed in twice is told apart as the command does
    start = time.process_time()
    for verdicts in check_sources([path], full=False, jobs=1, digests=True):
        assert all(verdict["valid"] and not copies.first_of(*game) for verdict, _, game in verdicts), path
        turn = time.process_time()
        for line in lines[done : done + len(verdicts)]:
            json.loads(line)
        parse += time.process_time() - turn
        done += len(verdicts)
    assert done == len(lines)
    return time.process_time() - start - parse, parse, done


def jobs_speedup(path: Path, rounds: int = 5) -> list[tuple]:
    """--jobs 2 against --jobs 1, and what this machine gives two processes at
    all: two --jobs 1 runs at once against one (shared or hyperthreaded cores
    give less than 2 to any program). Wall time, in turns, each from its
    fastest run: other work on a shared machine only ever adds to a wall
    time, so the fastest is the nearest to the idle machine the target
    speaks of."""
    args = STIXX + ["validate", str(path), "--quiet"]
    wall(args, 0)  # the file in the page cache
    one, two, pair = [], [], []
    for _ in range(rounds):
        one += wall(args + ["--jobs", "1"], 1, warm=False)
        two += wall(args + ["--jobs", "2"], 1, warm=False)
        start = time.perf_counter()
        both = [
            subprocess.Popen(
                args + ["--jobs", "1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV
            )
            for _ in range(2)
        ]
        for process in both:
            process.wait()
        pair.append(time.perf_counter() - start)
    one_, two_, pair_ = min(one), min(two), min(pair)
    typical = statistics.median(one) / statistics.median(two)
    return [
        (f"validate --jobs 2 over --jobs 1 (sixto corpus; fastest of {rounds} runs each, {typical:.2f} from the medians)",
         f"{one_ / two_:.2f}", ">= 1.7", one_ / two_ >= 1.7),
        ("two validate --jobs 1 at once: the machine's own speed-up for two processes",
         f"{2 * one_ / pair_:.2f}", None, None),
    ]  # fmt: skip


def peak_memory(folder: Path, corpora: dict, size_mb: int) -> tuple:
    """Peak resident memory of `stixx validate` on a corpus of about size_mb."""
    big = folder / "big.jsonl"
    lines = [line for p in corpora.values() for line in p.read_text(encoding="utf-8").splitlines()]
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
    args = [sys.executable, "-c", probe, *STIXX, "validate", str(big), "--quiet"]
    peak = int(subprocess.run(args, check=True, capture_output=True, text=True, env=ENV).stdout) / 1024
    size = big.stat().st_size / 1e6
    big.unlink()
    return (f"peak memory validating a {size:.0f} MB corpus", f"{peak:.0f} MB", "< 60 MB", peak < 60)


def pick_is_linear(path: Path) -> tuple:
    """`replay --pick N` skips the lines before N without decoding them: the last
    log of a corpus costs about what the first does, plus reading the bytes."""
    count = sum(1 for _ in open(path, encoding="utf-8"))
    # Logs of a corpus are numbered by line, from 1 (the N of FILE:N).
    first = statistics.median(cpu(STIXX + ["replay", str(path), "--pick", "1", "--json"], 3))
    last = statistics.median(cpu(STIXX + ["replay", str(path), "--pick", str(count), "--json"], 3))
    return (
        f"replay --pick {count} / --pick 1 ({count} logs)",
        f"{last / first:.2f}",
        "<= 2",
        last / first <= 2,
    )


def instructions(args: list[str], env: dict | None = None) -> int:
    """Instructions a whole command executes, counted by valgrind: the same
    count every run, whatever else the machine does. A plain run first writes
    the bytecode caches, which would otherwise be counted in one run only."""
    env = {**ENV, **(env or {})}
    subprocess.run(args, capture_output=True, env=env)
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *args],
        capture_output=True, text=True, env={**env, "PYTHONHASHSEED": "0"},  # sets iterate alike every run
    )  # fmt: skip
    return int(re.search(r"Collected : (\d+)", done.stderr).group(1))


def per_game(what: str, game: str, bots: list[str], few: int, many: int) -> float:
    """Instructions per game of `what` (simulated_rate or reference_rate): the
    difference of two runs, so that start-up and imports cancel out."""
    args = [] if what == "reference_rate" else [bots]
    code = "import sys; sys.path.insert(0, {!r}); import run; run.{}({!r}, *{!r}, {})"
    counts = [
        instructions([sys.executable, "-c", code.format(str(ROOT / "bench"), what, game, args, n)])
        for n in (few, many)
    ]
    return (counts[1] - counts[0]) / (many - few)


def read_lines(path: str, count: int, check: bool) -> None:
    """json.loads the first `count` lines of a corpus, or validate them as `stixx validate` does
    once it has read its first megabyte (msgspec, if installed, is then in use)."""
    from stixxcli import fastjson
    from stixxcli.check import Copies, check_texts

    fastjson.QUICK_AFTER = 0

    with open(path, encoding="utf-8") as lines:
        texts = [line for _, line in zip(range(count), lines)]
    if check:
        copies = Copies()
        for _, _, game in check_texts([(str(i), text) for i, text in enumerate(texts)], False, digests=True):
            copies.first_of(*game)
    else:
        for text in texts:
            json.loads(text)


def per_log(path: Path, check: bool, few: int, many: int) -> float:
    """Instructions per log to validate (or only json.loads) a corpus's lines:
    the difference of two runs, so that start-up and imports cancel out."""
    code = "import sys; sys.path.insert(0, {!r}); import run; run.read_lines({!r}, {}, {})"
    counts = [
        instructions([sys.executable, "-c", code.format(str(ROOT / "bench"), str(path), n, check)])
        for n in (few, many)
    ]
    return (counts[1] - counts[0]) / (many - few)


def by_instructions(quick: bool, folder: Path) -> list[tuple]:
    """The start-up, simulation and validation figures again, as ratios of instructions."""
    few, many = (5, 20) if quick else (10, 60)
    rows = []
    base = instructions([sys.executable, "-c", "pass"])
    for name, (args, target, env) in start_up_commands().items():
        ratio = instructions(STIXX + args, env) / base
        rows.append((f"start-up, instructions: stixx {name} / python -c pass", f"{ratio:.1f}", target, ratio))
    click = instructions([sys.executable, "-c", "import click"]) / base
    rows.append(
        ("start-up, instructions: python -c 'import click' / python -c pass", f"{click:.1f}", None, None)
    )
    for game in GAMES:
        n = PLAYERS[game]
        ours = per_game("simulated_rate", game, ["random"] * n, few, many)
        tight = per_game("reference_rate", game, [], few, many)
        smart = per_game("simulated_rate", game, [SMART[game]] * n, few, many)
        rows.append(
            (f"{game}, instructions per game: reference playout ({tight / 1e6:.1f} M) / random bots ({ours / 1e6:.1f} M)",
             f"{tight / ours:.2f}", ">= 0.5", tight / ours >= 0.5)
        )  # fmt: skip
        rows.append(
            (f"{game}, instructions per game: {SMART[game]} bots ({smart / 1e6:.1f} M) / random bots",
             f"{smart / ours:.1f}", "<= 4", smart / ours <= 4)
        )  # fmt: skip
    for game in GAMES:
        path = make_corpus(game, 1000, folder)
        check, parse = (per_log(path, flag, few * 10, many * 10) for flag in (True, False))
        rows.append(
            (f"{game}, instructions per log: validate ({check / 1e6:.2f} M) / json.loads ({parse / 1e6:.2f} M)",
             f"{check / parse:.1f}", 5, check / parse)
        )  # fmt: skip
    return rows


def table(rows: list[tuple]) -> None:
    print("| figure | measured | target | met |")
    print("|---|---|---|---|")
    for name, shown, target, value in rows:
        if isinstance(target, (int, float)):  # an upper bound on the measured number
            met, target = value <= target, f"<= {target}"
        else:
            met = value if isinstance(value, bool) else None
        print(f"| {name} | {shown} | {target or ''} | {'' if met is None else ('yes' if met else 'no')} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small measurements, for a look")
    parser.add_argument("--keep", metavar="DIR", help="keep (and reuse) the corpora in DIR")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions (valgrind) for start-up, simulation and validation instead: the same every run",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        metavar="N",
        help="run the timed figures N times: each shown from its median run, with the range of all N",
    )
    options = parser.parse_args()
    folder = Path(options.keep or tempfile.mkdtemp(prefix="stixx-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(
        f"stixxcli benchmarks: Python {platform.python_version()}, {os.cpu_count()} cores, {decoder()}",
        file=sys.stderr,
    )
    if options.instructions:
        return table(by_instructions(options.quick, folder))
    games, rate_games, runs, memory_mb = (1000, 40, 5, 50) if options.quick else (10_000, 300, 21, 200)
    corpora = {game: make_corpus(game, games, folder) for game in GAMES}
    repeats = []
    for _ in range(options.repeat):
        rows = start_up(runs)
        rows += simulation(rate_games)
        rows.append(stixx_setup(50))
        rows += validation(corpora)
        rows += jobs_speedup(corpora["sixto"])
        rows.append(peak_memory(folder, corpora, memory_mb))
        rows.append(pick_is_linear(corpora["sixto"]))
        repeats.append(rows)
    table(median_rows(repeats))


def median_rows(repeats: list[list[tuple]]) -> list[tuple]:
    """Each figure from the repeat that measured its median, with the range
    over every repeat beside it: how far one run of this table may move."""
    if len(repeats) == 1:
        return repeats[0]
    rows = []
    for same in zip(*repeats):
        numbers = [re.match(r"[\d.]+", row[1]) for row in same]
        if None in numbers:  # no figure: a row that names the machine's own floor
            rows.append(same[0])
            continue
        places = len(numbers[0].group().partition(".")[2])  # as many decimals as the figure
        numbers = [float(n.group()) for n in numbers]
        middle = sorted(range(len(same)), key=numbers.__getitem__)[len(same) // 2]
        name, shown, target, value = same[middle]
        rows.append(
            (name, f"{shown} ({min(numbers):.{places}f} to {max(numbers):.{places}f})", target, value)
        )
    return rows


if __name__ == "__main__":
    main()
