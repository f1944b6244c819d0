"""The replay page in a real browser: Debian's chromium driven by Selenium,
offline (no browser is downloaded at test time). Opens an example game of each
game, steps with the keyboard and the buttons, and checks what is shown (the
move counter, the standing, the pieces drawn) against the game's own state.
Skipped, with the reason, on a machine without the browser."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pictures_helpers import EXAMPLES, SVG, by_class, example, middle, page_steps, parse, states

from stixxcli.replay_page import build

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1400,1000",
]


@pytest.fixture(scope="module")
def browser():
    webdriver = pytest.importorskip(
        "selenium.webdriver", reason="selenium is not installed (pip install '.[test]')"
    )
    if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()):
        pytest.skip("no chromium/chromedriver (apt-get install -y chromium chromium-driver)")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    # The driver is given: Selenium Manager never looks for one on the network.
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def _open(browser, tmp_path, log, viewer=None) -> str:
    page = build(log, viewer)
    path = tmp_path / "replay.html"
    path.write_text(page, encoding="utf-8")
    browser.get(path.as_uri())
    return page


def _keys(browser, key):
    from selenium.webdriver.common.by import By

    browser.find_element(By.TAG_NAME, "body").send_keys(key)


def _counter(browser) -> str:
    return browser.execute_script("return document.getElementById('counter').textContent")


def _count(browser, selector) -> int:
    return browser.execute_script(f"return document.querySelectorAll({selector!r}).length")


def _standing(browser) -> list[list[str]]:
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('#standing tr'))"
        ".map(tr => Array.from(tr.cells).map(td => td.textContent))"
    )


def _state_at(log, index):
    for i, state in states(log, [index]):
        return state


GAMES = [
    ("stixx", "6-players.json", lambda v: {"#board .stixx": len(v["on_board"])}),
    (
        "sixto",
        "4-players.json",
        lambda v: {
            "#board .cross": sum(len(r["crossed"]) for p in v["players"] for r in p["rows"]),
            "#board .box": 72 * len(v["players"]),
        },
    ),
    (
        "fishstix",
        "2-players.json",
        lambda v: {
            "#board .stick": len(v["grid"] if "grid" in v else v["layout"]),
            "#board use.fish": 4 * len(v["grid"] if "grid" in v else v["layout"]),
        },
    ),
    (
        "trixo",
        "teams.json",
        lambda v: {
            "#board .stack": len(v["table"]),
            "#board .stack .tile": sum(len(e["stack"]) for e in v["table"]),
        },
    ),
]


@pytest.mark.parametrize("game,name,expected", GAMES, ids=[g[0] for g in GAMES])
def test_replay_page_steps_to_the_end_with_the_keyboard(browser, tmp_path, game, name, expected):
    from selenium.webdriver.common.keys import Keys

    log = example(game, name)
    n = len(log["moves"])
    _open(browser, tmp_path, log)
    assert _counter(browser).startswith(f"move 0 of {n}")
    _keys(browser, Keys.END)
    final = _state_at(log, n)
    assert _counter(browser) == f"move {n} of {n}" + (" (game over)" if final.over else "")
    result = final.result()
    shown = _standing(browser)
    names = [p["name"] for p in log["players"]]
    assert [row[1] for row in shown] == names
    assert [row[2] for row in shown] == [str(s) for s in result.scores]
    assert [row[0] for row in shown] == [str(p) for p in result.places]
    view = final.view(None)
    for selector, count in expected(view).items():
        assert _count(browser, selector) == count, selector
    # One step back, with the arrow key: the board is the state before the last move.
    _keys(browser, Keys.ARROW_LEFT)
    assert _counter(browser).startswith(f"move {n - 1} of {n}")
    before = _state_at(log, n - 1).view(None)
    for selector, count in expected(before).items():
        assert _count(browser, selector) == count, selector
    assert browser.execute_script("return document.querySelector('#moves li.now').dataset.move") == str(n - 1)
    _keys(browser, Keys.HOME)
    assert _counter(browser).startswith(f"move 0 of {n}")
    start = _state_at(log, 0).view(None)
    for selector, count in expected(start).items():
        assert _count(browser, selector) == count, selector


def test_replay_page_shows_every_steps_own_drawing(browser, tmp_path):
    """The page keeps the drawings as pieces shared by the steps: each step,
    stepped to with the arrow key and back, shows its own drawing whole."""
    from selenium.webdriver.common.keys import Keys

    log = example("sixto", "4-players.json")
    page = _open(browser, tmp_path, log, 1)
    shown = "return [document.querySelector('#board svg title').textContent, document.querySelectorAll('#board svg *').length]"
    drawn = [
        [root.find(SVG + "title").text, sum(1 for _ in root.iter()) - 1]
        for root in map(parse, (s["svg"] for s in page_steps(page)))
    ]
    assert len({title for title, _ in drawn}) > len(drawn) // 2  # the steps are told apart
    for index, expected in enumerate(drawn):
        assert browser.execute_script(shown) == expected, index
        _keys(browser, Keys.ARROW_RIGHT)
    for index in reversed(range(len(drawn))):
        _keys(browser, Keys.ARROW_LEFT)
        assert browser.execute_script(shown) == drawn[max(0, index - 1)], index


def test_replay_page_buttons_and_slider(browser, tmp_path):
    from selenium.webdriver.common.by import By

    log = example("trixo", "2-players.json")
    n = len(log["moves"])
    _open(browser, tmp_path, log)
    browser.find_element(By.ID, "next").click()
    browser.find_element(By.ID, "next").click()
    assert _counter(browser).startswith(f"move 2 of {n}")
    browser.find_element(By.ID, "prev").click()
    assert _counter(browser).startswith(f"move 1 of {n}")
    browser.find_element(By.ID, "last").click()
    assert _counter(browser).startswith(f"move {n} of {n}")
    browser.find_element(By.ID, "first").click()
    assert _counter(browser).startswith("move 0 of")
    browser.execute_script(
        "var s = document.getElementById('slider'); s.value = '7'; s.dispatchEvent(new Event('input'));"
    )
    assert _counter(browser).startswith(f"move 7 of {n}")
    browser.find_elements(By.CSS_SELECTOR, "#moves li")[4].click()
    assert _counter(browser).startswith(f"move 5 of {n}")


def test_replay_page_makes_no_request_and_shows_no_error(browser, tmp_path):
    log = example("stixx", "2-players.json")
    _open(browser, tmp_path, log)
    requests = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert requests == []
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == []


def test_a_name_that_would_end_a_script_stays_a_name(browser, tmp_path):
    # The data blocks escape only "</" and "<!", not every "<", ">" and "&": the browser still
    # finds four scripts, reads the name back whole and shows it as text.
    log = example("stixx", "2-players.json")
    name = "A</script><!--<script>&amp;</SCRIPT >"
    log["players"][0]["name"] = name
    from selenium.webdriver.common.keys import Keys

    _open(browser, tmp_path, log)
    assert browser.execute_script("return document.scripts.length") == 4
    names = browser.execute_script("return JSON.parse(document.getElementById('names').textContent)")
    assert name in names[0]
    _keys(browser, Keys.END)
    assert _counter(browser).startswith(f"move {len(log['moves'])} of")
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []


def test_stixx_page_as_a_player_holds_no_other_secret_colour(browser, tmp_path):
    from selenium.webdriver.common.keys import Keys

    log = example("stixx", "6-players.json")
    viewer = 3
    page = _open(browser, tmp_path, log, viewer)
    steps = page_steps(page)
    assert '"secret"' not in page
    checked = 0
    for (index, state), step in zip(states(log), steps):
        known = {p["seat"]: p["colour"] for p in state.view(viewer)["players"]}
        root = parse(step["svg"])
        for group in by_class(root, "player"):
            seat = int(group.get("data-seat"))
            if known[seat] is None:
                checked += 1
                assert group.get("data-colour") == "?"
                secret = state.colours[state.secret[seat]]
                assert secret not in "".join(group.itertext())
        # A score would give the colour away: unknown until revealed.
        assert [s is None for s in step["scores"]] == [known[s] is None for s in range(6)]
    assert checked > 10
    _keys(browser, Keys.ARROW_RIGHT)
    shown = _standing(browser)
    assert [row[2] == "?" for row in shown] == [
        p["colour"] is None for p in _state_at(log, 1).view(viewer)["players"]
    ]


@pytest.mark.parametrize("game,name", [("fishstix", "3-players.json"), ("trixo", "3-players.json")])
def test_page_as_a_player_holds_no_other_hand_and_no_draw(browser, tmp_path, game, name):
    log = example(game, name)
    viewer = 1
    page = _open(browser, tmp_path, log, viewer)
    assert '"draw"' not in page
    hand_class = "hand-stick" if game == "fishstix" else "hand"
    for step in page_steps(page):
        root = parse(step["svg"])
        assert {g.get("data-seat") for g in by_class(root, hand_class)} <= {str(viewer)}
    # What others drew is in their own moves only: never in the move list.
    for move in log["moves"]:
        if move.get("seat") != viewer and move.get("draw"):
            assert f"draw {move['draw']}" not in page
    assert _count(browser, "#board svg") == 1


# Where the browser puts each line of text: inside the picture (a solo
# Sixto game's ending ran past it), and clear of Fish Stix's sticks (a
# narrow grid early in a game put the caption under the hands).
_LAYOUT = """
const box = e => { const b = e.getBBox(); return [b.x, b.y, b.x + b.width, b.y + b.height]; };
const meet = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
const svg = document.documentElement, W = svg.width.baseVal.value, H = svg.height.baseVal.value;
const problems = [];
for (const t of document.querySelectorAll('text')) {
  if (t.closest('defs')) continue;  // drawn where it is used
  const [x0, y0, x1, y1] = box(t);
  if (x0 < 0 || y0 < 0 || x1 > W + 1 || y1 > H + 1) problems.push('outside: ' + t.textContent);
}
const sticks = Array.from(document.querySelectorAll('.stick, .hand-stick'), box);
for (const t of document.querySelectorAll('text'))
  if (!t.closest('defs') && sticks.some(s => meet(box(t), s))) problems.push('over a stick: ' + t.textContent);
return problems;
"""


@pytest.mark.parametrize("path", EXAMPLES, ids=[f"{p.parent.name}/{p.stem}" for p in EXAMPLES])
def test_every_text_of_a_picture_is_inside_it_and_clear_of_the_sticks(browser, tmp_path, path):
    log = example(path.parent.name, path.name)
    picked = {*middle(log), *range(min(16, len(log["moves"]) + 1))}  # a Fish Stix grid is narrow early on
    for index, state in states(log, picked):
        for viewer in (None, 0):
            svg = tmp_path / f"{index}-{viewer}.svg"
            svg.write_text(state.draw_svg(viewer), encoding="utf-8")
            browser.get(svg.as_uri())
            assert browser.execute_script(_LAYOUT) == [], f"{path.name}, move {index}, viewer {viewer}"


def test_replay_page_leaves_the_browsers_own_keys_alone(browser, tmp_path):
    """Alt+Left is the browser's Back, Ctrl+Home and Ctrl+End scroll: the page
    stepped on them and kept the browser from doing its own work."""
    from selenium.webdriver.common.keys import Keys

    log = example("trixo", "2-players.json")
    n = len(log["moves"])
    _open(browser, tmp_path, log)
    _keys(browser, Keys.ARROW_RIGHT * 5)
    assert _counter(browser).startswith(f"move 5 of {n}")
    _keys(browser, Keys.ALT + Keys.ARROW_LEFT)
    _keys(browser, Keys.CONTROL + Keys.END)
    _keys(browser, Keys.META + Keys.ARROW_RIGHT)
    assert _counter(browser).startswith(f"move 5 of {n}")
    _keys(browser, Keys.ARROW_LEFT)
    assert _counter(browser).startswith(f"move 4 of {n}")
