"""Printed Sixto sheets: the SVG page, its markers and its sheet code."""

import xml.etree.ElementTree as ET

import pytest
from stixxcli_games.sixto import printing

from stixxcli.errors import StixxError
from stixxcli.plugins import get_game
from stixxcli.rules import resolve

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def rules():
    return resolve(get_game("sixto"), None, None).values


def test_marker_bits_are_opencvs_4x4_markers_0_to_3():
    cv2 = pytest.importorskip("cv2")
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    for marker_id, rows in printing.MARKER_BITS.items():
        image = cv2.aruco.generateImageMarker(dictionary, marker_id, 6)
        bits = tuple("".join("1" if image[r + 1][c + 1] else "0" for c in range(4)) for r in range(4))
        assert bits == rows, marker_id


def test_the_code_names_the_sheet_and_refuses_a_misread_bit(rules):
    numbers = rules["sheets"]["C"]
    bits = printing.encode(2, numbers, 3)
    assert len(bits) == printing.CODE_BITS
    assert printing.decode(bits) == (2, printing.layout_hash(numbers, 3))
    for i in range(printing.CODE_BITS):
        flipped = list(bits)
        flipped[i] ^= 1
        decoded = printing.decode(flipped)
        # A flipped payload bit fails the check; a flipped check bit too.
        assert decoded is None or decoded != (2, printing.layout_hash(numbers, 3))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_page_holds_the_card_its_72_boxes_markers_and_letter(rules, paper):
    text = printing.sheet_svg("C", rules, paper)
    root = ET.fromstring(text.split("\n", 1)[1])
    width, height = printing.PAPERS[paper]
    assert root.get("width") == f"{width}mm" and root.get("height") == f"{height}mm"
    assert printing.CARD_W + 10 <= width and printing.CARD_H + 10 <= height  # printers keep 5 mm margins
    frames = [
        r for r in root.iter(f"{SVG}rect") if r.get("fill") == "none" and r.get("stroke-width") == "0.8"
    ]
    assert len(frames) == 72
    texts = "".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "sheet C" in texts and "name" in texts and "target area" in texts
    numbers = [t.text for t in root.iter(f"{SVG}text") if (t.text or "").isdigit()]
    assert numbers == [str(n) for row in rules["sheets"]["C"] for n in row]


@pytest.mark.parametrize("letter", list("ABCDEFGHIJKL"))
def test_the_printed_code_shows_its_bits_without_a_seam_between_black_cells(rules, letter):
    """Black cells side by side are one rect: two rects that met showed a white
    hairline between them on the Letter page (rsvg-convert, browsers)."""
    root = ET.fromstring(printing.sheet_svg(letter, rules, "letter").split("\n", 1)[1])
    runs = sorted(
        (float(r.get("x")), float(r.get("width")))
        for r in root.iter(f"{SVG}rect")
        if r.get("fill") == "#000" and float(r.get("y")) == printing.CODE_Y
    )
    shown = [0] * printing.CODE_BITS
    for x, width in runs:
        first = round((x - printing.CODE_X) / printing.CODE_CELL_W)
        for i in range(first, first + round(width / printing.CODE_CELL_W)):
            shown[i] = 1
    index = printing.sheet_letters(rules).index(letter)
    assert shown == printing.encode(index, rules["sheets"][letter], rules["target_boxes"])
    assert all(x + width < after for (x, width), (after, _) in zip(runs, runs[1:])), runs


def test_every_box_and_the_code_lie_inside_the_card_with_room_for_the_markers():
    for per_row in (12, 15, 20):
        grid = printing.boxes(6, per_row, 3)
        right = max(b.x + b.size for row in grid for b in row)
        bottom = max(b.y + b.size for row in grid for b in row)
        assert right < printing.CARD_W - 4 and bottom < printing.CODE_Y - 4
    code_end = printing.CODE_X + printing.CODE_BITS * printing.CODE_CELL_W
    assert printing.CODE_X > printing.MARKER_INSET + printing.MARKER
    assert code_end < printing.markers()[2][0]


def test_an_unknown_letter_is_one_clear_error(rules):
    with pytest.raises(StixxError, match="no sheet 'Q'.*A B C"):
        printing.print_sheets(rules, "Q", "a4")
    assert [name for name, _ in printing.print_sheets(rules, "c", "a4")] == ["C"]


def test_stixx_sheet_writes_one_page_per_sheet(stixx, tmp_path):
    result = stixx("sheet", "sixto", "all", "--svg", tmp_path / "sheets.svg", "--paper", "letter")
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == [f"sheets-{letter}.svg" for letter in "ABCDEFGHIJKL"]
    assert 'width="279.4mm"' in (tmp_path / "sheets-A.svg").read_text()
    one = stixx("sheet", "sixto", "B", "--svg", tmp_path / "b.svg")
    assert one.exit_code == 0 and (tmp_path / "b.svg").read_text().count("sheet B") == 2  # title, text


def test_stixx_sheet_prints_a_variant_files_own_sheets(stixx, tmp_path):
    rows = [[1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6] for _ in range(6)]
    house = tmp_path / "house.yaml"
    house.write_text(f"extends: standard\ndescription: our own printed sheet\nsheets:\n  Z: {rows}\n")
    result = stixx("sheet", "sixto", "Z", "--rules", house, "--svg", tmp_path / "z.svg")
    assert result.exit_code == 0, result.output
    assert "sheet Z" in (tmp_path / "z.svg").read_text()
    missing = stixx("sheet", "sixto", "A", "--rules", house, "--svg", tmp_path / "a.svg")
    assert missing.exit_code == 1 and "no sheet 'A'" in missing.output


def test_stixx_sheet_usage_errors(stixx, tmp_path):
    assert stixx("sheet", "sixto", "A").exit_code == 2  # no --svg
    assert stixx("sheet", "sixto", "all", "--svg", "-").exit_code == 2
    assert stixx("sheet", "stixx", "A", "--svg", tmp_path / "x.svg").exit_code == 1  # no paper sheets


def test_a_long_sheet_letter_and_long_colour_names_stay_on_the_card_clear_of_the_markers(rules):
    """A house rule's 20-character letter ran into the top right marker (the
    reader then lost it) and long colour names ran off the card's left edge."""
    house = {**rules, "colours": ["m" * 20, "W" * 12, "yellow", "green", "blue", "purple"]}
    house["sheets"] = {"W" * 20: rules["sheets"]["A"]}
    for paper in ("a4", "letter"):
        root = ET.fromstring(printing.sheet_svg("W" * 20, house, paper).split("\n", 1)[1])
        texts = {t.text: t for t in root.iter(f"{SVG}text")}
        title = texts["sheet " + "W" * 20]
        # Helvetica's W is 0.944 em, and "sheet " 2.6 em; its bold m 0.889 em and W 0.944 em.
        end = float(title.get("x")) + float(title.get("font-size")) * (0.944 * 20 + 2.6)
        assert end < printing.markers()[1][0] - 2
        for name, em in (("m" * 20, 0.889), ("W" * 12, 0.944)):
            label = texts[name]
            assert float(label.get("x")) - float(label.get("font-size")) * em * len(name) >= 0
            assert float(label.get("font-size")) >= 2.0  # still legible (5.7 pt)


def test_a_sheet_too_fine_for_a_photo_says_so_on_the_card(rules):
    wide = {**rules, "boxes_per_row": 20, "sheets": {"A": [[1, 2, 3, 4, 5, 6] * 3 + [1, 2]] * 6}}
    assert "type the sheet in to score it" in printing.sheet_svg("A", wide)
    assert "leave skipped boxes blank" in printing.sheet_svg("A", rules)


@pytest.mark.parametrize("per_row", [12, 18, 24, 40])
def test_every_printed_number_stays_inside_its_box(rules, per_row):
    """At 40 boxes a row (4.3 mm) the 4.6 mm numbers spilled over the frames."""
    wide = {**rules, "boxes_per_row": per_row, "sheets": {"A": [[(b % 6) + 1 for b in range(per_row)]] * 6}}
    root = ET.fromstring(printing.sheet_svg("A", wide).split("\n", 1)[1])
    numbers = [t for t in root.iter(f"{SVG}text") if (t.text or "").isdigit()]
    for box, text in zip([b for row in printing.boxes(6, per_row, 3) for b in row], numbers):
        x, y, size = (float(text.get(k)) for k in ("x", "y", "font-size"))
        # A digit is 0.56 em wide and 0.72 em tall above its baseline (Helvetica).
        assert box.x + printing.BORDER <= x and x + 0.56 * size <= box.x + box.size - printing.BORDER
        assert box.y + printing.BORDER <= y - 0.72 * size and y <= box.y + box.size - printing.BORDER


@pytest.mark.parametrize("per_row", [12, 16, 40])
def test_colour_names_and_the_target_area_follow_smaller_boxes(rules, per_row):
    """Smaller boxes kept the standard box's 14 mm: names sat below their rows and
    the target area reached far below the last row (photogen draws them right)."""
    wide = {**rules, "boxes_per_row": per_row, "sheets": {"A": [[(b % 6) + 1 for b in range(per_row)]] * 6}}
    root = ET.fromstring(printing.sheet_svg("A", wide).split("\n", 1)[1])
    grid = printing.boxes(6, per_row, 3)
    labels = {t.text: float(t.get("y")) for t in root.iter(f"{SVG}text")}
    for colour, row in zip(rules["colours"], grid):
        assert row[0].y < labels[colour] < row[0].y + row[0].size  # the baseline, within the row
    area = next(r for r in root.iter(f"{SVG}rect") if r.get("stroke-dasharray"))
    bottom = float(area.get("y")) + float(area.get("height"))
    assert bottom == pytest.approx(grid[-1][0].y + grid[-1][0].size + 1.5, abs=0.02)
