"""The rules page says what the code does: its board, its moves, its messages."""

import json
import re
from pathlib import Path

from stixxcli_games.stixx.board import board
from stixxcli_games.stixx.notation import numbering
from stixxcli_games.stixx.render import draw_board

from stixxcli.check import check_log
from stixxcli.plugins import get_game
from stixxcli.rules import resolve

ROOT = Path(__file__).parents[2]
PAGE = (ROOT / "docs" / "games" / "stixx.md").read_text(encoding="utf-8")
EXAMPLE = ROOT / "examples" / "stixx" / "2-players.json"


def test_board_drawing_is_the_numbering_the_prompt_shows(kit):
    drawing = re.search(r"```\n( +•━━ 0 .*?)```", PAGE, flags=re.S).group(1)
    assert drawing.rstrip("\n") == numbering(board(2))
    layout_chance = next(kit.game.setup(kit.rules(), ["Ann", "Bob"]))
    assert numbering(board(2)) in layout_chance.prompt
    # The terminal board puts the same ids on the same places, each with its colour letter.
    rendered = draw_board(kit.start()).plain.splitlines()
    assert len(rendered) == len(drawing.rstrip("\n").splitlines())
    for stixx in range(42):
        assert any(f"{kit.layout[stixx][0]}{stixx}" in line for line in rendered)


def test_move_examples_are_the_example_log():
    block = re.findall(r"```json\n(.*?)```", PAGE, flags=re.S)[1]
    moves = [json.loads(line) for line in block.strip().splitlines()]
    log = json.loads(EXAMPLE.read_text())
    assert moves[:3] == log["moves"][:3]
    assert check_log(log).valid
    assert f'"secret_colours": {json.dumps(log["setup"]["secret_colours"])}' in PAGE


def test_quoted_refusals_are_the_real_messages():
    log = json.loads(EXAMPLE.read_text())
    log["players"][0]["name"] = "Ann"
    for move, quoted in [
        ({"seat": 1, "option": "A", "takes": [9]}, "take 1: stixx 9 does not touch the marker (on 18)"),
        (
            {"seat": 1, "option": "A", "takes": [18]},
            "stixx 18 was already taken by Ann at turn 1; its place is empty",
        ),
    ]:
        assert quoted in " ".join(PAGE.split())
        verdict = check_log(dict(log, moves=log["moves"][:1] + [move], finished=False, result=None))
        assert verdict.index == 1 and quoted in verdict.error


def test_parameter_table_lists_the_standard_values():
    game = get_game("stixx")
    standard = resolve(game, "standard").values
    for param in game.params:
        row = re.search(rf"^\| `{param.name}` \| ([^|]+) \|", PAGE, flags=re.M)
        assert row, param.name
        value = standard[param.name]
        shown = " ".join(value) if isinstance(value, list) else json.dumps(value)
        assert row.group(1).strip() == shown


def test_help_shown_on_the_page_is_the_real_help(kit):
    block = re.search(r"```\n(A id .*?)```", PAGE, flags=re.S).group(1)
    state = kit.start(players=3)
    state.apply({"seat": 0, "option": "A", "takes": [12]})
    assert block.rstrip("\n") == state.help(next(state.turn()))


def test_announcements_quoted_on_the_page_are_the_real_ones():
    log = json.loads(EXAMPLE.read_text())
    from stixxcli.replays import replay

    said = [step.state.announce(step.move) for step in replay(log) if step.move]
    page = " ".join(PAGE.split())
    assert said[0].replace("reasoning-0", "Ann") in page.replace("`", "")
