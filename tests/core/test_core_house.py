"""The house as a newcomer reads it: folders named as they import, the same
file for the same idea in every game, no import loops, no huge core file."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
GAMES = ["sixto", "stixx", "fishstix", "trixo"]
EVERY_GAME_HAS = {"game.py", "state.py", "notation.py", "board.py", "render.py", "bots.py", "plugin.py"}


def test_a_path_in_the_tree_is_the_import_path(tmp_path):
    # With the tree's two roots on the path (as an editable install puts them),
    # each module is the file its dotted name spells.
    code = "import stixxcli_games.sixto.state as s, stixxcli.cli as c; print(s.__file__); print(c.__file__)"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "plugins")]))
    run = [sys.executable, "-c", code]
    out = subprocess.run(run, capture_output=True, text=True, check=True, cwd=tmp_path, env=env).stdout
    assert out.split() == [
        str(ROOT / "plugins" / "stixxcli_games" / "sixto" / "state.py"),
        str(ROOT / "stixxcli" / "cli.py"),
    ]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_folder_holds_the_same_files_for_the_same_ideas(game):
    files = {p.name for p in (ROOT / "plugins" / "stixxcli_games" / game).glob("*.py")}
    assert EVERY_GAME_HAS <= files


def modules(package_dir: Path, package: str) -> dict[str, Path]:
    found = {}
    for path in package_dir.rglob("*.py"):
        parts = path.relative_to(package_dir).with_suffix("").parts
        name = ".".join((package, *parts))
        found[name.removesuffix(".__init__")] = path
    return found


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """Every module of ours that `name` imports, at the top or inside a function."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")
                parent = parent[: len(parent) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            targets = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        out |= {t for t in targets if t in known and t != name}
    return out


def test_no_import_loops():
    found = modules(ROOT / "stixxcli", "stixxcli") | modules(
        ROOT / "plugins" / "stixxcli_games", "stixxcli_games"
    )
    graph = {name: imports(name, path, set(found)) for name, path in found.items()}
    # A package's __init__ is imported with each of its modules: an edge to it is no loop.
    graph = {n: {t for t in ts if not n.startswith(t + ".")} for n, ts in graph.items()}
    loops, state = [], {}

    def visit(node, trail):
        state[node] = "open"
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                loops.append(trail[trail.index(nxt) :] + [nxt])
            elif nxt not in state:
                visit(nxt, trail + [nxt])
        state[node] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert not loops, "import loops: " + "; ".join(" -> ".join(loop) for loop in loops)


def test_no_core_file_is_much_above_400_lines():
    sizes = {p.relative_to(ROOT): len(p.read_text().splitlines()) for p in (ROOT / "stixxcli").rglob("*.py")}
    assert not {p: n for p, n in sizes.items() if n > 420}
