"""Reading photographed Sixto sheets: printed, marked and photographed by
photogen.py with fixed seeds, so the truth of every box is known."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from photogen import STANDARD, make_photo, random_grid  # noqa: E402
from stixxcli_games.sixto import photo  # noqa: E402

LETTERS = "ABCDEFGHIJKL"


def sheet_text(grid) -> str:
    return "\n".join(" ".join("x" if c else "." for c in row) for row in grid) + "\n"


def save(tmp_path, name, image):
    path = tmp_path / name
    cv2.imwrite(str(path), image)
    return path


def score_json(stixx, *args):
    result = stixx("score", *args, "--json")
    return result, first_json(result.output)


def first_json(output: str):
    """The JSON line of an output that may also hold stderr's lines."""
    return next((json.loads(line) for line in output.splitlines() if line.startswith("{")), None)


@pytest.mark.parametrize("i", range(len(LETTERS)))
def test_every_sample_sheet_photographed_scores_as_its_text(stixx, tmp_path, i):
    """The issue's 'done when': print, photograph, score = the text sheet's score."""
    letter = LETTERS[i]
    shot = make_photo(1000 + i, letter=letter, hard=False)
    image = save(tmp_path, f"{letter}.jpg", shot.image)
    text = tmp_path / f"{letter}.txt"
    text.write_text(sheet_text(shot.grid))
    result, read = score_json(stixx, "--photo", image)
    assert result.exit_code == 0, result.output
    _, typed = score_json(stixx, "--sheet", text)
    assert read["scores"]["total"] == typed["total"]
    assert read["scores"]["rows"] == typed["rows"] and read["scores"]["columns"] == typed["columns"]
    assert read["readings"][0]["sheet"] == letter
    boxes = read["readings"][0]["rows"]["red"]
    assert len(boxes) == 12 and all(0.5 <= b["confidence"] <= 1 for b in boxes)


@pytest.mark.parametrize("seed", range(2000, 2012))
def test_a_hard_photo_is_read_right_or_asks(seed):
    """Never a silently wrong box: each box is right or doubtful."""
    shot = make_photo(seed)
    reading = photo.read_image(shot.image, STANDARD)
    doubtful = reading.doubtful_boxes()
    for r in range(6):
        for b in range(12):
            assert reading.grid[r][b] == shot.grid[r][b] or (r, b) in doubtful, (
                r,
                b,
                shot.settings["styles"],
            )
    assert reading.letter in (shot.letter, None)


@pytest.mark.parametrize("style", ["cross", "tick", "slash", "blob", "filled", "crossed_out", "scribble"])
def test_any_mark_is_a_cross_and_a_crossed_out_cross_still_counts(style):
    """The reader's convention (docs/games/sixto.md): every kind of mark crosses its box."""
    shot = make_photo(3000, style=style, hard=False)
    reading = photo.read_image(shot.image, STANDARD)
    assert set(shot.settings["styles"].values()) == {style}
    assert reading.grid == shot.grid and not reading.doubtful


@pytest.mark.parametrize("seed", [1, 5, 9])
def test_a_sheet_printed_without_markers_is_read_by_its_grid(stixx, tmp_path, seed):
    shot = make_photo(seed, markers=False)
    image = save(tmp_path, "plain.jpg", shot.image)
    reading = photo.read_image(shot.image, STANDARD)
    assert reading.found == "grid" and reading.grid == shot.grid
    result = stixx("score", "--photo", image)
    assert result.exit_code == 0 and "no corner markers: read by the grid of boxes" in result.output


def test_a_photo_without_a_sheet_says_what_was_not_found(stixx, tmp_path):
    rng = np.random.default_rng(5)
    table = cv2.GaussianBlur((rng.random((900, 1200, 3)) * 255).astype(np.uint8), (0, 0), 3)
    result = stixx("score", "--photo", save(tmp_path, "table.jpg", table))
    assert result.exit_code == 1
    assert result.output.strip().splitlines()[-1].startswith("stixx: error: ")
    assert "no Sixto sheet found: none of its corner markers, nor a grid" in result.output
    notimage = tmp_path / "notes.jpg"
    notimage.write_text("red: x x x")
    bad = stixx("score", "--photo", notimage)
    assert bad.exit_code == 1 and "not an image" in bad.output


def png_of_zeros(path: Path, side: int) -> Path:
    """A black PNG of side x side pixels: a few hundred kilobytes on disk."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    packer = zlib.compressobj(9)
    row = bytes(side + 1)  # filter byte, then the row's grey pixels
    data = b"".join(packer.compress(row) for _ in range(side)) + packer.flush()
    header = struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")
    )
    return path


def test_a_picture_that_unpacks_to_gigabytes_is_refused_before_it_is_decoded(tmp_path):
    """11,000 x 11,000 pixels from a 120 KB file: 363 MB once decoded in colour
    (30,000 on a side took 5 GB and 21 s). In a process of its own: OpenCV
    reads its limit as it loads."""
    bomb = png_of_zeros(tmp_path / "bomb.png", 11_000)
    assert bomb.stat().st_size < 1_000_000
    run = subprocess.run(
        [sys.executable, "-m", "stixxcli", "score", "--photo", str(bomb)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert run.returncode == 1, run.stderr
    assert "more than 120 megapixels: refused before it is decoded" in run.stderr


def test_doubtful_boxes_without_a_terminal_exit_1_and_are_listed(stixx, tmp_path):
    grid = [[False] * 12 for _ in range(6)]
    grid[0][:5] = [True] * 5
    shot = make_photo(3, letter="D", grid=grid, faint=[(3, 4)])
    image = save(tmp_path, "ann.jpg", shot.image)
    saved = tmp_path / "ann.txt"
    result = stixx("score", "--photo", image, "--save-text", saved)
    assert result.exit_code == 1
    assert "stixx: ann: doubtful: blue box 5: read as" in result.output
    assert "not scored" in result.output.splitlines()[-1]
    # The saved reading names the doubt, and once corrected by hand scores with --sheet.
    text = saved.read_text()
    assert "# doubtful: blue box 5" in text
    blue = next(line for line in text.splitlines() if line.startswith("blue:"))
    corrected = text.replace(blue, "blue:   . . . . . . . . . | . . .")
    saved.write_text(corrected)
    scored = stixx("score", "--sheet", saved, "--json")
    assert scored.exit_code == 0, scored.output
    assert first_json(scored.output)["crosses"] == 5
    as_json = stixx("score", "--photo", image, "--json")
    assert as_json.exit_code == 1
    data = first_json(as_json.output)
    assert data["scores"] is None
    assert data["readings"][0]["rows"]["blue"][4]["confidence"] < photo.SURE


def test_a_reading_that_breaks_the_crossing_rules_is_not_scored(stixx, tmp_path):
    grid = [[False] * 12 for _ in range(6)]
    grid[1][0] = grid[1][9] = True  # a target cross with 1 cross to its left
    shot = make_photo(4, grid=grid)
    result = stixx("score", "--photo", save(tmp_path, "bob.jpg", shot.image))
    assert result.exit_code == 1
    assert "yellow box 10: box 10 is in the target area, but only 1 cross lies" in result.output


def test_debug_image_and_save_text_for_several_photos(stixx, tmp_path):
    paths = [save(tmp_path, f"p{i}.jpg", make_photo(1100 + i, hard=False).image) for i in range(2)]
    result = stixx(
        "score", "--photo", paths[0], "--photo", paths[1], "--debug-image", tmp_path / "d.png",
        "--save-text", tmp_path / "r.txt",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Ranking" in result.output
    for i in range(2):
        picture = cv2.imread(str(tmp_path / f"d-p{i}.png"))
        assert picture is not None and max(picture.shape[:2]) <= 1600
        again = stixx("score", "--sheet", tmp_path / f"r-p{i}.txt")
        assert again.exit_code == 0, again.output
    assert stixx("score", "--sheet", paths[0], "--debug-image", tmp_path / "x.png").exit_code == 2


def test_confirm_lets_a_person_settle_each_doubtful_box():
    shot = make_photo(3, letter="D", grid=[[False] * 12 for _ in range(6)], faint=[(3, 4)])
    reading = photo.read_image(shot.image, STANDARD)
    assert (3, 4) in reading.doubtful_boxes()
    answers = iter(["purple 99 x", "blue 5 .", "ok"])
    said = []
    reading.confirm(ask=lambda q: next(answers), say=said.append)
    assert not reading.doubtful and reading.grid[3][4] is False
    assert any("?" in line for line in said) and any("a box 1-12" in line for line in said)


def test_the_reading_to_confirm_numbers_its_boxes():
    """The answers name boxes by number (blue 5 x), and the printed sheet shows
    only the dice's numbers in them: the reading shown numbers its columns."""
    shot = make_photo(3, letter="D", grid=[[False] * 12 for _ in range(6)], faint=[(3, 4)])
    shown = photo.read_image(shot.image, STANDARD).marked_text().splitlines()
    assert shown[0].split() == [*"123456789", "|", "10", "11", "12"]
    blue = shown[4]
    assert blue.startswith("blue:") and blue[shown[0].index(" 5 ") + 1] == "?"


def test_random_grids_follow_the_crossing_rules():
    from stixxcli_games.sixto.board import crossing_problem

    rng = np.random.default_rng(0)
    for _ in range(200):
        assert all(crossing_problem(row, STANDARD) is None for row in random_grid(rng))


def _run(code: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)


def test_score_sheet_starts_without_opencv_or_numpy():
    sheet = os.path.join(
        os.path.dirname(__file__), "..", "..", "..", "examples", "sixto", "rulebook-example.txt"
    )
    done = _run(
        "import sys\n"
        "from stixxcli.cli import cli\n"
        f"try:\n    cli(['score', '--sheet', {os.path.abspath(sheet)!r}], standalone_mode=False)\n"
        "finally:\n    print(sorted(m for m in ('cv2', 'numpy') if m in sys.modules))\n"
    )
    assert done.stdout.strip().endswith("[]"), done.stdout + done.stderr
    assert "151" in done.stdout


def test_without_the_extra_photo_says_how_to_install_it(tmp_path):
    image = tmp_path / "x.jpg"
    image.write_bytes(b"\xff\xd8")
    done = _run(
        "import sys\nsys.modules['cv2'] = None\nsys.modules['numpy'] = None\n"
        "from stixxcli.__main__ import main\n"
        f"sys.argv = ['stixx', 'score', '--photo', {str(image)!r}]\nmain()\n"
    )
    assert done.returncode == 2, done.stderr
    assert "pip install 'stixxcli[photo]'" in done.stderr
    printed = _run(
        "import sys\nsys.modules['cv2'] = None\nsys.modules['numpy'] = None\n"
        "from stixxcli.__main__ import main\n"
        f"sys.argv = ['stixx', 'sheet', 'sixto', 'A', '--svg', {str(tmp_path / 'a.svg')!r}]\nmain()\n"
    )
    assert printed.returncode == 0, printed.stderr  # printing needs no OpenCV


# Odd pictures and odd names: found by a sweep of odd inputs ------------------------------


def marked_card(letter: str, crossed_row: int, seed: int):
    import photogen

    grid = [[False] * 12 for _ in range(6)]
    grid[crossed_row][:3] = [True] * 3
    return photogen.mark_card(photogen.draw_card(letter), grid, np.random.default_rng(seed)).card


@pytest.mark.parametrize("shape", [(1, 5000), (5000, 1), (2, 10000)])
def test_a_picture_thinner_than_a_pixel_once_shrunk_has_no_sheet(stixx, tmp_path, shape):
    picture = save(tmp_path, "thin.png", np.full((*shape, 3), 200, np.uint8))
    result = stixx("score", "--photo", picture)
    assert result.exit_code == 1
    assert "no Sixto sheet found" in result.output and "failed" not in result.output


@pytest.mark.parametrize("turned", [False, True])
def test_two_sheets_in_one_photo_are_refused_not_one_of_them_scored(stixx, tmp_path, turned):
    a, b = marked_card("A", 0, 5), marked_card("B", 5, 6)
    both = save(tmp_path, "two.png", np.hstack([a, cv2.rotate(b, cv2.ROTATE_180) if turned else b]))
    result = stixx("score", "--photo", both)
    assert result.exit_code == 1
    assert "two sheets in one photo" in result.output


def test_a_named_pipe_is_not_waited_on(stixx, tmp_path):
    pipe = tmp_path / "x.jpg"
    os.mkfifo(pipe)
    result = stixx("score", "--photo", pipe)
    assert result.exit_code == 1 and "not a file" in result.output


@pytest.mark.parametrize("target", ["folder", "read.txt"])
def test_a_debug_image_opencv_cannot_write_is_said_in_one_line(stixx, tmp_path, target):
    (tmp_path / "folder").mkdir()
    photo = save(tmp_path, "ann.png", marked_card("A", 0, 5))
    result = stixx("score", "--photo", photo, "--debug-image", tmp_path / target)
    assert result.exit_code == 1
    assert "cannot write the debug image" in result.output and "OpenCV(" not in result.output


def test_photos_of_one_name_keep_apart(stixx, tmp_path):
    for folder, row in (("ann", 0), ("bob", 5)):
        (tmp_path / folder).mkdir()
        save(tmp_path / folder, "sheet.png", marked_card("A", row, 5))
    result = stixx(
        "score", "--photo", tmp_path / "ann" / "sheet.png", "--photo", tmp_path / "bob" / "sheet.png",
        "--save-text", tmp_path / "read.txt", "--debug-image", tmp_path / "seen.png",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.iterdir() if p.is_file())
    assert names == ["read-sheet-1.txt", "read-sheet-2.txt", "seen-sheet-1.png", "seen-sheet-2.png"]
    assert "sheet-1" in result.output and "sheet-2" in result.output


def test_a_photo_s_name_is_shown_plain(tmp_path):
    """Notes and doubtful boxes name the photo: an escape sequence in its file
    name is shown, not obeyed."""
    card = marked_card("A", 0, 3)
    half = save(tmp_path, "t\x1b[2Jop.png", card[: card.shape[0] // 2])
    run = subprocess.run(
        [sys.executable, "-m", "stixxcli", "score", "--photo", str(half)], capture_output=True, text=True
    )
    assert "\x1b" not in run.stderr + run.stdout
    assert "t\\x1b[2Jop" in run.stderr


def test_the_image_libraries_say_nothing_beside_the_one_line(tmp_path):
    """libpng and libjpeg print their own complaints on standard error."""
    data = cv2.imencode(".png", marked_card("A", 0, 5))[1].tobytes()
    cut = tmp_path / "cut.png"
    cut.write_bytes(data[: len(data) // 2])
    run = subprocess.run(
        [sys.executable, "-m", "stixxcli", "score", "--photo", str(cut)], capture_output=True, text=True
    )
    assert run.returncode == 1
    assert run.stderr.splitlines() == [f"stixx: error: {cut}: not an image OpenCV can read (JPEG, PNG, ...)"]


def test_boxes_too_small_to_read_are_said_in_one_line(tmp_path):
    """24 boxes a row leave no room beside the printed number: one clear line,
    no numpy warning, rather than 144 doubtful boxes."""
    rules = tmp_path / "wide.yaml"
    table = ", ".join(str(5 * n) for n in range(25))
    rows = "[" + ", ".join(["[" + ", ".join(["1", "2", "3", "4", "5", "6"] * 4) + "]"] * 6) + "]"
    rules.write_text(f"extends: standard\nboxes_per_row: 24\nscore_table: [{table}]\nsheets: {{A: {rows}}}\n")
    photo = save(tmp_path, "wide.png", marked_card("A", 0, 5))
    run = subprocess.run(
        [sys.executable, "-m", "stixxcli", "score", "--photo", str(photo), "--rules", str(rules)],
        capture_output=True, text=True,
    )  # fmt: skip
    assert run.returncode == 1
    assert run.stderr.splitlines() == [
        "stixx: error: boxes too small to read: 24 a row leave too little room for a mark beside the "
        "printed number (at most 18 a row are read; the standard sheet has 12): type the sheet in and "
        "score it with --sheet"
    ]


def wide_rules(per_row: int) -> dict:
    rows = [[1 + (b + r) % 6 for b in range(per_row)] for r in range(6)]
    table = [0, -5] + [5 * n for n in range(1, per_row)]
    return {**STANDARD, "boxes_per_row": per_row, "score_table": table, "sheets": {"A": rows}}


def test_a_sheet_of_boxes_too_small_to_read_surely_is_refused_not_scored_wrong():
    """20 boxes a row were read, and read wrong boxes as sure (seed 1: a crossed
    box as empty); 18 a row read right."""
    rules = wide_rules(20)
    shot = make_photo(1, letter="A", rules=rules, hard=False)
    with pytest.raises(photo.StixxError, match="boxes too small to read: 20 a row .*at most 18 a row"):
        photo.read_image(shot.image, rules)
    rules = wide_rules(18)
    shot = make_photo(1, letter="A", rules=rules, hard=False)
    assert photo.read_image(shot.image, rules).grid == shot.grid


@pytest.mark.parametrize("option", ["--save-text", "--debug-image"])
def test_an_empty_file_name_is_a_usage_error_not_no_option(stixx, tmp_path, option):
    photo = save(tmp_path, "ann.png", marked_card("A", 0, 5))
    result = stixx("score", "--photo", photo, option, "")
    assert result.exit_code == 2
    assert f"{option} needs a file name" in result.output


CUTS = {  # what is kept of the photo: (top, bottom, left, right) as shares of its height and width
    "top cut off": (0.4, 1, 0, 1),
    "bottom cut off": (0, 0.6, 0, 1),
    "left cut off": (0, 1, 0.4, 1),
    "right cut off": (0, 1, 0, 0.6),
    "a corner cut off": (0, 0.75, 0, 0.75),
}


@pytest.mark.parametrize("seed", range(4000, 4006))
@pytest.mark.parametrize("cut", CUTS)
def test_a_sheet_cut_off_by_the_photo_is_refused_or_asks(seed, cut):
    """A box outside the photo is never read as sure (issue 15's crops: the edge
    repeated by the straightening read as sure crosses, 284 points for 180)."""
    shot = make_photo(seed)
    h, w = shot.image.shape[:2]
    top, bottom, left, right = CUTS[cut]
    image = shot.image[int(top * h) : int(bottom * h), int(left * w) : int(right * w)]
    try:
        reading = photo.read_image(image, STANDARD)
    except photo.StixxError as e:
        assert "take it again with the whole sheet in view" in str(e) or "no Sixto sheet found" in str(e)
        return
    doubtful = reading.doubtful_boxes()
    wrong = [(r, b) for r in range(6) for b in range(12) if reading.grid[r][b] != shot.grid[r][b]]
    assert all(box in doubtful for box in wrong) or reading.rule_breaks(), wrong


def test_a_sheet_printed_from_other_rules_says_how_to_score_it(stixx, tmp_path):
    other = {
        **STANDARD,
        "sheets": {**STANDARD["sheets"], "A": [row[::-1] for row in STANDARD["sheets"]["A"]]},
    }
    shot = make_photo(1500, letter="A", rules=other, hard=False)
    result = stixx("score", "--photo", save(tmp_path, "house.jpg", shot.image))
    assert result.exit_code == 1  # the layout may differ: never scored without a look
    assert "doubtful: sheet A was printed with other numbers or another target area" in result.stderr
    assert "printed from a variant? score it with --variant NAME or --rules FILE" in result.stderr


@pytest.mark.parametrize("per_row, targets, seed", [(12, 4, 0), (11, 3, 4)])
def test_a_sheet_of_another_layout_is_not_scored_by_these_rules_boxes(
    stixx, tmp_path, per_row, targets, seed
):
    """A house rule's sheet of another target area (same numbers) or row length,
    scored without its rules, was read in the standard boxes' places, with
    sure boxes and a wrong score (exit 0); it is asked about, and its own rules score it."""
    sheets = {k: [(row * 2)[:per_row] for row in v] for k, v in STANDARD["sheets"].items()}
    table = [0, -5, 0, 5, 10, 15, 21, 28, 36, 45, 55, 66, 78][: per_row + 1]
    house = {
        **STANDARD,
        "boxes_per_row": per_row,
        "target_boxes": targets,
        "score_table": table,
        "sheets": sheets,
    }
    shot = make_photo(seed, rules=house, hard=False)
    image = save(tmp_path, "house.jpg", shot.image)
    result = stixx("score", "--photo", image)
    assert result.exit_code == 1, result.output
    assert "doubtful: sheet" in result.stderr and "--rules FILE" in result.stderr
    rules = tmp_path / "house.yaml"
    rules.write_text(json.dumps({"extends": "standard", **{k: house[k] for k in house if k != "colours"}}))
    text = tmp_path / "house.txt"
    text.write_text(sheet_text(shot.grid))
    right, read = score_json(stixx, "--photo", image, "--rules", rules)
    assert right.exit_code == 0, right.output
    assert read["scores"]["total"] == score_json(stixx, "--sheet", text, "--rules", rules)[1]["total"]


def test_a_person_who_checked_a_sheet_of_other_rules_keeps_its_reading():
    other = {
        **STANDARD,
        "sheets": {**STANDARD["sheets"], "A": [row[::-1] for row in STANDARD["sheets"]["A"]]},
    }
    grid = [[b < 3 for b in range(12)] for _ in range(6)]
    reading = photo.read_image(
        make_photo(1500, letter="A", grid=grid, rules=other, hard=False).image, STANDARD
    )
    assert reading.doubtful and "printed from a variant?" in reading.doubtful[0]
    reading.confirm(ask=lambda q: "ok", say=lambda text: None)
    assert reading.doubtful == [] and reading.grid == grid


def test_a_house_rule_of_more_than_64_sheets_names_the_photographed_sheet():
    """The code holds the sheet's index in 6 bits: sheet 70 of 70 was read as
    sheet 6, "printed with other numbers than these rules' sheet"."""
    rng = np.random.default_rng(7)
    sheets = {f"S{i:02d}": rng.integers(1, 7, (6, 12)).tolist() for i in range(70)}
    rules = {**STANDARD, "sheets": sheets}
    reading = photo.read_image(make_photo(3, letter="S69", rules=rules, hard=False).image, rules)
    assert reading.letter == "S69" and reading.notes == []


def test_a_photos_name_is_shown_plain_in_every_note(tmp_path):
    # A file name is content: one holding a window title or a clear-screen
    # must not reach the terminal (color=True: nothing stripped, as at a terminal).
    from click.testing import CliRunner

    from stixxcli.cli import cli

    grid = [[False] * 12 for _ in range(6)]
    grid[0][:5] = [True] * 5
    shot = make_photo(3, letter="D", grid=grid, faint=[(3, 4)])
    image = save(tmp_path, "ann\x1b]0;pwned\x07\x1b[2J.jpg", shot.image)
    result = CliRunner().invoke(cli, ["score", "--photo", str(image)], color=True)
    assert result.exit_code == 1
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "stixx: ann\\x1b]0;pwned\\x07\\x1b[2J: doubtful: blue box 5" in result.output


def test_a_photo_named_twice_is_read_and_scored_once(stixx, tmp_path):
    # It was read twice and ranked against itself, as two players' sheets.
    image = save(tmp_path, "ann.png", marked_card("A", 0, 5))
    result = stixx("score", "--photo", image, "--photo", image, "--json")
    assert result.exit_code == 0, result.output
    assert len(first_json(result.stdout)["readings"]) == 1
    assert result.stderr == f"stixx: note: {image} is named twice: read once\n"
