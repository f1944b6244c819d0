"""Shared by the picture tests: the example logs, states at chosen moves, and
SVG parsed as XML."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from stixxcli.gamelog import read_one
from stixxcli.replays import replay

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*/*.json"))
SVG = "{http://www.w3.org/2000/svg}"


def example(game: str, name: str) -> dict:
    return read_one(str(ROOT / "examples" / game / name), None)


def states(log: dict, indices=None):
    """(index, state) after each chosen number of moves (every one when None);
    the state is the replay's own object, so use it before asking for the next."""
    for step in replay(log):
        if indices is None or step.index in indices:
            yield step.index, step.state


def parse(svg: str) -> ET.Element:
    """The SVG as XML; fails the test when it is not well formed."""
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.tag == SVG + "svg"
    return root


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def self_contained(svg: str) -> None:
    """Nothing fetched from anywhere: no link but the SVG namespace, no image, no font file."""
    root = parse(svg)
    assert root.find(SVG + "title") is not None and root.find(SVG + "title").text
    assert "<image" not in svg and "@import" not in svg and "@font-face" not in svg
    cleaned = svg.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "http:" not in cleaned and "https:" not in cleaned, "a link to the network"
    for element in root.iter():
        ref = element.get("href")
        assert ref is None or ref.startswith("#"), f"an outside reference: {ref}"


def middle(log: dict) -> list[int]:
    n = len(log["moves"])
    return [0, 1, n // 2, n]


def page_data(page: str, name: str):
    """The JSON a replay page holds in its <script id=name>."""
    start = page.index(f'<script type="application/json" id="{name}">') + len(
        f'<script type="application/json" id="{name}">'
    )
    return json.loads(page[start : page.index("</script>", start)])


def page_steps(page: str) -> list[dict]:
    """The steps embedded in a replay page, each with its drawing put together
    from the shared pieces as the page's script does ("svg")."""
    pieces = page_data(page, "pieces")
    steps = page_data(page, "steps")
    for step in steps:
        runs = step["drawing"]
        step["svg"] = "".join(
            "".join(pieces[first : first + count]) for first, count in zip(runs[::2], runs[1::2])
        )
    return steps


def house_log(game: str, players: int, seed: str = "pics", **changes) -> dict:
    """A finished bot game under the standard rules with `changes`: a house-rule variant."""
    from stixxcli.params import check_log_rules
    from stixxcli.plugins import get_game
    from stixxcli.rules import resolve
    from stixxcli.table import play_bots

    rules = {**resolve(get_game(game), "standard").values, **changes}
    check_log_rules(get_game(game), rules)
    return play_bots(game, ["random"] * players, seed, variant="house", rules=rules)
