"""Names from around the world in the drawings: a CJK name is about twice
as wide as a Latin one of as many characters, and must still stay clear of
its score and inside the picture."""

from __future__ import annotations

import copy
import unicodedata

import pytest
from pictures_helpers import SVG, example, parse, states

from stixxcli.svg import fit, text_width

LONG = "長" * 40  # a long name of wide characters


def _drawn_width(text: str, size: float) -> float:
    """How wide a font draws it: a CJK character a whole em, an accent nothing,
    any other character 0.62 em as svg.text_width reckons Latin letters."""
    ems = 0.0
    for char in text:
        if unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        ems += 1.0 if unicodedata.east_asian_width(char) in "WF" else 0.62
    return ems * size


def _extents(root):
    """(left, right, y, text) of every line of text, by its anchor."""
    for t in root.iter(SVG + "text"):
        if not t.text:
            continue
        x, y, size = float(t.get("x")), float(t.get("y")), float(t.get("font-size") or 13)
        w = _drawn_width(t.text, size)
        anchor = t.get("text-anchor") or "start"
        left = {"start": x, "middle": x - w / 2, "end": x - w}[anchor]
        yield left, left + w, y, t.text


def test_text_width_counts_a_cjk_character_as_a_whole_em_and_an_accent_as_nothing():
    assert text_width("長長", 10) == pytest.approx(20)
    assert text_width("Jose\u0301", 10) == pytest.approx(text_width("Jose", 10))
    assert text_width("Ann", 10) == pytest.approx(3 * 6.2)  # Latin as before


def test_fit_shortens_a_wide_name_to_its_room():
    short = fit(LONG, 15, 200)
    assert short.endswith("…") and _drawn_width(short, 15) <= 200
    assert fit("Ann Smith", 15, 200) == "Ann Smith"
    assert fit("A" * 40, 15, 100) == "A" * 9 + "…"  # Latin names cut as before


@pytest.mark.parametrize(
    ("game", "name"),
    [
        ("stixx", "6-players.json"),
        ("sixto", "2-players.json"),
        ("fishstix", "2-players.json"),
        ("trixo", "2-players.json"),
    ],
)
def test_a_long_cjk_name_stays_inside_the_picture_and_clear_of_its_neighbours(game, name):
    log = copy.deepcopy(example(game, name))
    for seat, player in enumerate(log["players"]):
        player["name"] = f"{LONG}{seat}"
    n = len(log["moves"])
    for _, state in states(log, [1, n // 2]):
        root = parse(state.draw_svg(None))
        width = float(root.get("width"))
        lines = list(_extents(root))
        for left, right, _, text in lines:
            assert right <= width + 1, f"past the right edge ({right:.0f} > {width:.0f}): {text}"
        for left, right, y, text in lines:
            if "長" not in text:
                continue
            for left2, right2, y2, text2 in lines:
                if text2 != text and abs(y2 - y) < 4:
                    assert right <= left2 or right2 <= left, f"{text!r} covers {text2!r}"
