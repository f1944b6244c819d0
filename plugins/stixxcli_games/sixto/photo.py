"""Reading a photographed Sixto sheet: which boxes are crossed, with a
confidence for each.

The card printed by printing.py carries four ArUco markers: they give the
card's place, turn and perspective in the photo (a homography from the card's
millimetres to the photo's pixels). The card is straightened at SCALE pixels
per millimetre; each box is then found near where the geometry puts it (paper
that is not flat moves boxes by a few millimetres), and the ink inside it,
measured against the paper's own brightness around it, says whether it is
crossed. A sheet without markers is read by finding its grid of boxes.

Convention (docs/games/sixto.md): any mark in a box is a cross. A cross
that was crossed out or scribbled over still counts as crossed, as the player
wrote it: a box is never "uncrossed" on paper. Correct a reading with
`--save-text` and `stixx score --sheet`.

OpenCV and numpy are imported inside functions: they are the optional `photo`
extra, and this module is loaded only by `stixx score --photo`.
"""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import dataclass, field
from pathlib import PurePath

from stixxcli.errors import StixxError
from stixxcli.saving import numbered, special

from . import printing
from .board import crossing_problem

SCALE = 6.0  # pixels per millimetre of the straightened card
MAX_DETECT = 2000  # longest side of the copy searched for markers, in pixels
SURE = 0.90  # below this confidence a box is doubtful and must be confirmed
INSTALL = "reading photos needs the photo extra: pip install 'stixxcli[photo]' (OpenCV and numpy)"


class MissingExtra(StixxError):
    exit_code = 2


# A photo of more pixels is refused before it is decoded: a PNG of a few
# hundred kilobytes may unpack to gigabytes. Phones take 12 to 108 megapixels.
MAX_PIXELS = 120_000_000


def _cv():
    # OpenCV reads its limit once, as it loads (a limit set by the user stands).
    os.environ.setdefault("OPENCV_IO_MAX_IMAGE_PIXELS", str(MAX_PIXELS))
    try:
        import cv2
        import numpy as np
    except ImportError:
        raise MissingExtra(INSTALL) from None
    return cv2, np


@dataclass
class Reading:
    """One photographed sheet as read: a grid of crosses and how sure each box is."""

    name: str
    rules: dict
    grid: list[list[bool]]
    confidence: list[list[float]]
    ink: list[list[float]]
    found: str  # "markers" or "grid": how the sheet was found in the photo
    letter: str | None = None
    notes: list[str] = field(default_factory=list)
    debug: dict = field(default_factory=dict)
    # Why the sheet's code says it was printed from other rules: its boxes may
    # not lie where these rules put them, so no box of the reading is sure.
    other_rules: str | None = None

    @property
    def doubtful(self) -> list[str]:
        """Every box to confirm, and every crossing rule the reading breaks, as lines."""
        colours = self.rules["colours"]
        out = []
        for r, row in enumerate(self.confidence):
            for b, conf in enumerate(row):
                if conf < SURE:
                    read = "a cross" if self.grid[r][b] else "empty"
                    out.append(f"{colours[r]} box {b + 1}: read as {read}, {conf:.0%} sure")
        return ([self.other_rules] if self.other_rules else []) + out + self.rule_breaks()

    def rule_breaks(self) -> list[str]:
        """The crossing rules the reading breaks (paper.py's check, row by row)."""
        colours = self.rules["colours"]
        out = []
        for r, row in enumerate(self.grid):
            problem = crossing_problem(row, self.rules)
            if problem:
                out.append(f"{colours[r]} box {problem[0] + 1}: {problem[1]}")
        return out

    def doubtful_boxes(self) -> set[tuple[int, int]]:
        return {(r, b) for r, row in enumerate(self.confidence) for b, c in enumerate(row) if c < SURE}

    @property
    def text(self) -> str:
        """The reading as a text sheet that `stixx score --sheet` reads."""
        first_target = self.rules["boxes_per_row"] - self.rules["target_boxes"]
        width = max(len(c) for c in self.rules["colours"]) + 1
        lines = [f"# {self.name}: read from a photo" + (f", sheet {self.letter}" if self.letter else "")]
        lines += [f"# doubtful: {line}" for line in self.doubtful]
        for colour, row in zip(self.rules["colours"], self.grid):
            cells = ["x" if c else "." for c in row]
            lines.append(
                f"{colour + ':':<{width}} {' '.join(cells[:first_target])} | {' '.join(cells[first_target:])}"
            )
        return "\n".join(lines) + "\n"

    def marked_text(self) -> str:
        """The reading as a text sheet with doubtful boxes shown as `?`, for a person to check."""
        first_target = self.rules["boxes_per_row"] - self.rules["target_boxes"]
        doubtful = self.doubtful_boxes()
        width = max(len(c) for c in self.rules["colours"]) + 1

        def line(label: str, cells: list[str]) -> str:
            cells = [f"{cell:>2}" for cell in cells]
            return f"{label:<{width}} {' '.join(cells[:first_target])} | {' '.join(cells[first_target:])}"

        # The box numbers the answers name: the printed sheet shows only the dice's numbers.
        lines = [line("", [str(b) for b in range(1, self.rules["boxes_per_row"] + 1)])]
        for r, (colour, row) in enumerate(zip(self.rules["colours"], self.grid)):
            cells = ["?" if (r, b) in doubtful else ("x" if c else ".") for b, c in enumerate(row)]
            lines.append(line(colour + ":", cells))
        return "\n".join(lines)

    def set_box(self, row: int, box: int, crossed: bool) -> None:
        self.grid[row][box] = crossed
        self.confidence[row][box] = 1.0  # a person said so

    def to_json(self) -> dict:
        colours = self.rules["colours"]
        return {
            "name": self.name,
            "sheet": self.letter,
            "found": self.found,
            "notes": list(self.notes),
            "rows": {
                colours[r]: [
                    {"box": b + 1, "crossed": crossed, "confidence": round(self.confidence[r][b], 3)}
                    for b, crossed in enumerate(row)
                ]
                for r, row in enumerate(self.grid)
            },
            "doubtful": self.doubtful,
        }

    def confirm(self, ask, say) -> None:
        """Show the reading with doubtful boxes as `?` and let a person settle them.

        `ask(prompt)` returns a typed line; `say(text)` shows text. The person
        types `red 5 x` (a cross) or `red 5 .` (empty) for any box, `ok` (or
        Enter) to accept the rest as read (each ? as shown in the doubtful
        list); `ask` may raise to leave the sheet unsettled (`q`).
        """
        colours = [c.lower() for c in self.rules["colours"]]
        per_row = self.rules["boxes_per_row"]
        while True:
            say(f"{self.name}: the photo reads (? = not sure):")
            say(self.marked_text())
            problems = self.doubtful
            for line in problems:
                say(f"  {line}")
            if not problems:
                return
            answer = ask(
                "correct a box (e.g. red 5 x, or red 5 .), ok to keep the reading, q to stop"
            ).strip()
            if answer.lower() in ("ok", "y", "yes"):
                for r, b in self.doubtful_boxes():
                    self.confidence[r][b] = 1.0  # kept as read, by the person's word
                self.other_rules = None  # the person checked the reading against the sheet
                if self.rule_breaks():
                    say("the reading still breaks the crossing rules: correct those boxes")
                    continue
                return
            parts = answer.replace(",", " ").split()
            if len(parts) != 3 or parts[0].lower() not in colours or not parts[1].isdigit():
                say(f"type a colour ({', '.join(colours)}), a box 1-{per_row} and x or .")
                continue
            box = int(parts[1])
            if not 1 <= box <= per_row or parts[2].lower() not in ("x", ".", "-", "_"):
                say(f"type a colour ({', '.join(colours)}), a box 1-{per_row} and x or .")
                continue
            self.set_box(colours.index(parts[0].lower()), box - 1, parts[2].lower() == "x")


def read_photos(paths: list[str], rules: dict, options: dict | None = None) -> list[Reading]:
    """Read each photo; StixxError names the photo that cannot be read."""
    cv2, np = _cv()
    options = options or {}
    readings = []
    for path, name in zip(paths, _names(paths)):
        if special(path):  # a named pipe would wait for a writer for ever
            raise StixxError("not a file: a photo is read from a file (JPEG, PNG, ...)", where=path)
        try:
            with _quiet():
                image = cv2.imread(path, cv2.IMREAD_COLOR)  # applies the EXIF turn a phone writes
        except cv2.error as e:
            if "MAX_IMAGE_PIXELS" not in str(e):
                raise
            raise StixxError(
                f"a picture of more than {MAX_PIXELS // 10**6} megapixels: refused before it is "
                "decoded (set OPENCV_IO_MAX_IMAGE_PIXELS to allow more)",
                where=path,
            ) from None
        if image is None:
            raise StixxError("not an image OpenCV can read (JPEG, PNG, ...)", where=path)
        reading = read_image(image, rules, name=name, where=path)
        debug = options.get("debug_image")
        if debug:
            target = debug if len(paths) == 1 else numbered(debug, name, ".png")
            _write_debug(target, debug_picture(image, reading), cv2)
            reading.notes.append(f"debug image: {target}")
        readings.append(reading)
    return readings


def _names(paths: list[str]) -> list[str]:
    """Each photo's name: its file name without the extension, shown plain; a
    name two photos share (ann/sheet.jpg, bob/sheet.jpg) gets the photo's
    number, so their readings and files stay apart."""
    from collections import Counter

    from stixxcli.text import plain

    stems = [plain(PurePath(path).stem) or f"photo-{i}" for i, path in enumerate(paths, 1)]
    shared = Counter(stems)
    return [f"{stem}-{i}" if shared[stem] > 1 else stem for i, stem in enumerate(stems, 1)]


def _write_debug(target: str, picture, cv2) -> None:
    try:
        written = cv2.imwrite(target, picture)
    except cv2.error:  # no writer for the name's extension (or a folder's name, which has none)
        written = False
    if not written:
        raise StixxError(
            "cannot write the debug image (name a .png or .jpg file in a folder that exists)", where=target
        )


@contextlib.contextmanager
def _quiet():
    """Standard error silenced for a while: the image libraries under OpenCV
    print their own complaints there ("libpng error: Read Error"), beside the
    one line stixx says about the photo."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def read_image(image, rules: dict, name: str = "photo", where: str | None = None) -> Reading:
    """Read a photo already in memory (BGR array)."""
    cv2, np = _cv()
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    per_row = rules["boxes_per_row"]
    if not printing.readable(per_row):  # refused before anything is read wrong
        raise StixxError(
            f"boxes too small to read: {per_row} a row leave too little room for a mark beside the "
            f"printed number (at most {printing.most_readable()} a row are read; the standard sheet has 12): "
            "type the sheet in and score it with --sheet"
        )
    grid_boxes = printing.boxes(len(rules["colours"]), per_row, rules["target_boxes"])
    homography, found, notes, seen = _locate(image, grid_boxes, cv2, np, where)
    _check_whole(image, homography, grid_boxes, rules, seen, np, where)
    card, homography = _straighten(image, homography, cv2, np)
    fine, wide, paper = _inks(card, cv2, np)
    places, misplaced = _fit_boxes(fine, grid_boxes, np)
    measures = _measure(fine, wide, places, np)
    grid, confidence = _decide(measures)
    for (r, b), other in misplaced.items():
        (crossed_there,), (sure_there,) = _decide(_measure(fine, wide, [[other]], np))
        if crossed_there[0] != grid[r][b] and sure_there[0] >= SURE:
            confidence[r][b] = min(confidence[r][b], 0.6)
    letter, other_rules = None, None
    if found == "markers":
        letter, note, other_rules = _sheet_letter(card, rules, np)
        if note:
            notes.append(note)
    reading = Reading(
        name,
        rules,
        grid,
        confidence,
        [[round(max(m[0], m[1]), 4) for m in row] for row in measures],
        found,
        letter,
        notes,
        other_rules=other_rules,
    )
    reading.debug = {"homography": homography, "places": places}
    return reading


# Finding the card ------------------------------------------------------------------


def _locate(image, grid_boxes, cv2, np, where):
    """A homography from card millimetres to photo pixels, how it was found,
    and the corner markers seen (None when the grid was found instead)."""
    h, w = image.shape[:2]
    f = min(1.0, MAX_DETECT / max(h, w))
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    small = _shrunk(gray, f, cv2)
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), params)
    corners, ids, _ = detector.detectMarkers(small)
    src, dst, seen = [], [], set()
    if ids is not None:
        for quad, marker_id in zip(corners, ids.flatten()):
            marker_id = int(marker_id)
            if marker_id not in printing.MARKER_BITS:
                continue
            if marker_id in seen:  # a sheet has each corner once: the markers of two would mix
                raise StixxError(
                    "two sheets in one photo (a corner marker appears twice): photograph each sheet alone",
                    where=where,
                )
            seen.add(marker_id)
            src += printing.marker_corners(marker_id)
            dst += (quad.reshape(4, 2) / f).tolist()
    notes = []
    if len(seen) >= 2:
        homography, _ = cv2.findHomography(np.float32(src), np.float32(dst), 0)
        if homography is not None and _plausible(homography, w, h, np):
            if len(seen) < 4:
                notes.append(f"found {len(seen)} of the 4 corner markers")
            return homography, "markers", notes, seen
    homography = _find_grid(gray, grid_boxes, cv2, np)
    if homography is None:
        raise StixxError(
            "no Sixto sheet found: none of its corner markers, nor a grid of 6 rows of boxes "
            "(is the whole sheet in the photo, in focus?)",
            where=where,
        )
    notes.append("no corner markers: read by the grid of boxes")
    return homography, "grid", notes, None


# How far around each box the photo must reach, in mm: the ring of paper the
# ink is measured against (1.7 mm), and some room for curled paper.
WHOLE_MARGIN = 3.0


def _check_whole(image, homography, grid_boxes, rules, seen, np, where) -> None:
    """Refuse a photo that cuts the sheet off. The straightened card would show,
    in place of the missing boxes, the photo's edge pixels repeated, and read
    them as sure; a corner marker outside the photo leaves the geometry to the
    others, which may place every box wrong (two markers on one short side).
    Retaking the photo is quicker than typing a dozen unseen boxes."""
    h, w = image.shape[:2]

    def outside(x0, y0, x1, y1) -> bool:
        quad = _project(homography, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)], np)
        return not (np.all(np.isfinite(quad)) and np.all(quad >= 0) and np.all(quad <= [w - 1, h - 1]))

    m = WHOLE_MARGIN
    cut = [
        box
        for row in grid_boxes
        for box in row
        if outside(box.x - m, box.y - m, box.x + box.size + m, box.y + box.size + m)
    ]
    if cut:
        colours = [rules["colours"][r] for r in sorted({box.row for box in cut})]
        what = f"{len(cut)} of its boxes are cut off ({', '.join(colours)})"
    elif seen is not None and any(
        outside(x, y, x + printing.MARKER, y + printing.MARKER)
        for marker_id, (x, y) in printing.markers().items()
        if marker_id not in seen
    ):
        what = "a corner marker is cut off"
    else:
        return
    raise StixxError(
        f"the sheet is not whole in the photo: {what}; take it again with the whole sheet in view",
        where=where,
    )


def _shrunk(gray, f: float, cv2):
    """The picture scaled by f, each side at least one pixel (a picture a pixel
    high and thousands wide would scale to none)."""
    if f >= 1:
        return gray
    h, w = gray.shape[:2]
    return cv2.resize(gray, (max(1, round(w * f)), max(1, round(h * f))), interpolation=cv2.INTER_AREA)


def _plausible(homography, w, h, np) -> bool:
    """The card's corners land in or near the photo, as a convex quadrilateral."""
    quad = _project(
        homography,
        [(0, 0), (printing.CARD_W, 0), (printing.CARD_W, printing.CARD_H), (0, printing.CARD_H)],
        np,
    )
    if not np.all(np.isfinite(quad)):
        return False
    edges = [quad[(i + 1) % 4] - quad[i] for i in range(4)]
    cross = [edges[i][0] * edges[(i + 1) % 4][1] - edges[i][1] * edges[(i + 1) % 4][0] for i in range(4)]
    return all(c > 0 for c in cross) or all(c < 0 for c in cross)


def _project(homography, points, np):
    pts = np.c_[np.float64(points), np.ones(len(points))] @ homography.T
    return pts[:, :2] / pts[:, 2:3]


def _find_grid(gray, grid_boxes, cv2, np):
    """A sheet without markers (or with markers hidden): find its boxes as a
    6 x N lattice of squares of one size, and map the card's geometry onto it."""
    rows, per_row = len(grid_boxes), len(grid_boxes[0])
    h, w = gray.shape[:2]
    f = min(1.0, MAX_DETECT / max(h, w))
    small = _shrunk(gray, f, cv2)
    binary = cv2.adaptiveThreshold(small, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, 31, 8)
    contours, hierarchy = cv2.findContours(binary, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    squares = []
    for contour in contours:
        area = cv2.contourArea(contour)
        if area < 80:
            continue
        hull = cv2.convexHull(contour)
        approx = cv2.approxPolyDP(hull, 0.06 * cv2.arcLength(hull, True), True)
        if len(approx) != 4 or not cv2.isContourConvex(approx):
            continue
        quad = approx.reshape(4, 2).astype(np.float64)
        sides = np.linalg.norm(quad - np.roll(quad, 1, 0), axis=1)
        if sides.min() < 0.6 * sides.max():
            continue
        squares.append((quad.mean(0), float(np.sqrt(cv2.contourArea(approx)))))
    if len(squares) < rows * per_row * 0.6:
        return None
    # The boxes' size: the commonest size among the squares (a busy table has others).
    sizes = np.array([s for _, s in squares])
    counts, edges = np.histogram(np.log(sizes), bins=40)
    peak = int(np.argmax(counts))
    size = float(np.exp((edges[peak] + edges[peak + 1]) / 2))
    centres = np.array([c for (c, s) in squares if 0.8 * size < s < 1.25 * size])
    # Keep one centre per box (a frame's inner and outer edges are both squares),
    # and only centres with neighbours a box away: the grid, not the table.
    kept = []
    for c in centres:
        if all(np.linalg.norm(c - k) > size * 0.5 for k in kept):
            kept.append(c)
    centres = np.array(kept)
    if len(centres) < rows * per_row * 0.6:
        return None
    near = np.linalg.norm(centres[:, None] - centres[None], axis=2)
    centres = centres[((near > 0.5 * size) & (near < 1.7 * size)).sum(axis=1) >= 2]
    if len(centres) < rows * per_row * 0.6:
        return None
    # The grid's four corners: its outline, brought down to four points.
    hull = cv2.convexHull(centres.astype(np.float32))
    corners = None
    for eps in (0.02, 0.04, 0.06, 0.08, 0.1):
        approx = cv2.approxPolyDP(hull, eps * cv2.arcLength(hull, True), True)
        if len(approx) == 4:
            corners = approx.reshape(4, 2).astype(np.float64)
            break
    if corners is None:
        return None
    every = [box.centre for row in grid_boxes for box in row]
    ends = [
        grid_boxes[0][0].centre,
        grid_boxes[0][-1].centre,
        grid_boxes[-1][-1].centre,
        grid_boxes[-1][0].centre,
    ]
    # Where boxes would be one row or column beyond the grid: a hypothesis
    # that finds boxes there is off by one, and must lose.
    pitch_x = grid_boxes[0][1].x - grid_boxes[0][0].x
    pitch_y = grid_boxes[1][0].y - grid_boxes[0][0].y if rows > 1 else pitch_x
    (x0, y0), (x1, y1) = grid_boxes[0][0].centre, grid_boxes[-1][-1].centre
    beyond = [(x0 - pitch_x, y) for y in np.linspace(y0, y1, rows)]
    beyond += [(x1 + pitch_x, y) for y in np.linspace(y0, y1, rows)]
    beyond += [(box.centre[0], y0 - pitch_y) for box in grid_boxes[0]]
    beyond += [(box.centre[0], y1 + pitch_y) for box in grid_boxes[0]]
    best = None
    # Which corner is which: a photo never mirrors the sheet, and only the right
    # turn puts the wider gap before the target area where the boxes are.
    for start in range(4):
        for way in (1, -1):
            order = np.float32([corners[(start + way * k) % 4] for k in range(4)])
            homography = cv2.getPerspectiveTransform(np.float32(ends), order)
            if _mirrored(homography, np):
                continue
            ok, gap = None, None
            for reach in (0.6, 0.45, 0.3, 0.2, 0.2):
                projected = _project(homography, every, np)
                distance = np.linalg.norm(centres[:, None] - projected[None], axis=2)
                nearest, gap = distance.argmin(axis=1), distance.min(axis=1)
                ok = gap < reach * size * 1.18
                if ok.sum() < 8:
                    ok = None
                    break
                refit, _ = cv2.findHomography(
                    np.float32([every[k] for k in nearest[ok]]),
                    np.float32(centres[ok]),
                    cv2.RANSAC,
                    0.15 * size,
                )
                if refit is None or _mirrored(refit, np):
                    ok = None
                    break
                homography = refit
            if ok is None:
                continue
            outside = _project(homography, beyond, np)
            strays = int(
                (np.linalg.norm(centres[:, None] - outside[None], axis=2).min(axis=1) < 0.25 * size).sum()
            )
            score = (int(ok.sum()) - 3 * strays, -float(np.median(gap[ok])))
            if best is None or score > best[0]:
                best = (score, homography)
    if best is None or best[0][0] < rows * per_row * 0.6:
        return None
    return np.diag([1 / f, 1 / f, 1.0]) @ best[1]


def _mirrored(homography, np) -> bool:
    """Whether a homography turns the card over (a photo cannot)."""
    centre = _project(homography, [(printing.CARD_W / 2, printing.CARD_H / 2)], np)[0]
    step = _project(homography, [(printing.CARD_W / 2 + 1, printing.CARD_H / 2)], np)[0] - centre
    down = _project(homography, [(printing.CARD_W / 2, printing.CARD_H / 2 + 1)], np)[0] - centre
    return step[0] * down[1] - step[1] * down[0] <= 0


def _straighten(image, homography, cv2, np):
    """The card, straightened at SCALE pixels per mm, and the homography from it to the photo."""
    width, height = int(printing.CARD_W * SCALE), int(printing.CARD_H * SCALE)
    to_photo = homography @ np.diag([1 / SCALE, 1 / SCALE, 1.0])
    corners = _project(to_photo, [(0, 0), (width, 0), (width, height), (0, height)], np)
    density = np.linalg.norm(corners[1] - corners[0]) / width  # photo pixels per card pixel
    source, shrink = image, 1.0
    if density > 1.5:  # a large photo: average it down first, so thin strokes are not skipped
        shrink = 1.2 / density
        source = cv2.resize(image, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
    to_source = np.diag([shrink, shrink, 1.0]) @ to_photo
    card = cv2.warpPerspective(
        source,
        to_source,
        (width, height),
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return card, to_photo


def _closing(card, mm, shrink, cv2):
    """The paper's brightness: a closing fills every dark thing narrower than
    `mm` and keeps the edge of a shadow where it is (a blur would smear it into
    "ink"). Done on a copy `shrink` times smaller: fast."""
    small = cv2.resize(card, None, fx=1 / shrink, fy=1 / shrink, interpolation=cv2.INTER_AREA)
    k = int(mm * SCALE / shrink) | 1
    paper = cv2.morphologyEx(small, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    return cv2.resize(paper, (card.shape[1], card.shape[0]), interpolation=cv2.INTER_LINEAR)


def _ink(gray, paper, cv2, np):
    """How much darker each pixel is than the paper under it (0 paper .. 1 black).

    Brightness, not the darkest colour channel: a phone's JPEG smears colour
    over 2-3 mm, and the yellow frames would bleed "ink" into their boxes. Every
    pen but a light highlighter is darker than paper (docs/games/sixto.md).
    """
    ratio = gray.astype(np.float32) / np.maximum(paper.astype(np.float32), 16.0)
    return cv2.GaussianBlur(np.clip(1.0 - ratio, 0, 1), (0, 0), 0.8)


def _inks(card, cv2, np):
    """Two readings of the ink: `fine` against paper found 3 mm around (pen
    strokes and printed lines), `wide` against paper found 16 mm around (blobs
    and filled boxes too, but also, where a shadow's edge bends, some shade)."""
    gray = cv2.cvtColor(card, cv2.COLOR_BGR2GRAY)
    paper = _closing(gray, 3, 2, cv2)
    return _ink(gray, paper, cv2, np), _ink(gray, _closing(gray, 16, 4, cv2), cv2, np), paper


def _fit_boxes(ink, grid_boxes, np):
    """Where each box's frame really is (card pixels), near where the geometry says.

    Each box's printed frame is searched for within 4 mm: its frame is ink, the
    inside and the gap around it mostly not. Paper that is not flat moves boxes
    smoothly, so a smooth shift field (a cubic in the card's x and y) is fitted
    to those searches, leaving out the ones that disagree (a filled box hides its
    frame); each box then settles within 1 mm of that field.
    """
    import cv2

    integral = cv2.integral(ink.astype(np.float32))
    h, w = ink.shape
    bw = int(round(1.2 * SCALE))
    gap = int(round(1.0 * SCALE))

    def rect_sum(x0, y0, x1, y1):
        x0, x1 = np.clip(x0, 0, w), np.clip(x1, 0, w)
        y0, y1 = np.clip(y0, 0, h), np.clip(y1, 0, h)
        return integral[y1, x1] - integral[y0, x1] - integral[y1, x0] + integral[y0, x0]

    def search(box, centre, reach, pull):
        offsets = np.arange(-reach, reach + 1)
        dy, dx = np.meshgrid(offsets, offsets, indexing="ij")
        s = int(round(box.size * SCALE))
        x = int(round(box.x * SCALE + centre[0])) + dx
        y = int(round(box.y * SCALE + centre[1])) + dy
        outer = rect_sum(x - gap, y - gap, x + s + gap, y + s + gap)
        whole = rect_sum(x, y, x + s, y + s)
        inside = rect_sum(x + bw, y + bw, x + s - bw, y + s - bw)
        frame = whole - inside
        ring = outer - whole
        score = (
            frame / (4 * bw * (s - bw))
            - 0.5 * inside / (s - 2 * bw) ** 2
            - 1.0 * ring / (4 * gap * (s + gap))
            - pull * (dx**2 + dy**2) / SCALE**2
        )
        i = np.unravel_index(np.argmax(score), score.shape)
        contrast = (frame / (4 * bw * (s - bw)) - ring / (4 * gap * (s + gap)))[i]
        return np.array([centre[0] + dx[i], centre[1] + dy[i]], float), float(contrast)

    per_row = len(grid_boxes[0])
    flat = [box for row in grid_boxes for box in row]
    first = [search(box, (0.0, 0.0), int(4 * SCALE), 0.002) for box in flat]
    found = np.array([offset for offset, _ in first])
    u = np.array([box.centre[0] / printing.CARD_W * 2 - 1 for box in flat])
    v = np.array([box.centre[1] / printing.CARD_H * 2 - 1 for box in flat])
    terms = np.c_[np.ones_like(u), u, v, u * u, u * v, v * v, u**3, u * u * v, u * v * v, v**3]
    keep = np.ones(len(flat), bool)
    field = np.zeros_like(found)
    for _ in range(4):  # fit, drop the boxes far from the fit, fit again
        coef, *_ = np.linalg.lstsq(terms[keep], found[keep], rcond=None)
        field = terms @ coef
        miss = np.abs(found - field).max(axis=1)
        keep = miss < max(0.8 * SCALE, 2.5 * float(np.median(miss)))
        if keep.sum() < 12:
            field = np.repeat(np.median(found, axis=0)[None, :], len(flat), 0)
            break
    settled = [search(box, field[i], int(2.5 * SCALE), 0.01) for i, box in enumerate(flat)]
    # A box settled far from where its own search found its frame, and with a
    # much fainter frame there, may be misplaced: the other place is kept, and
    # where it reads surely otherwise the box is asked about.
    misplaced = {}
    for i, ((at, contrast), (own, best)) in enumerate(zip(settled, first)):
        if np.abs(at - own).max() > 1.0 * SCALE and contrast < 0.6 * best:
            box = flat[i]
            misplaced[divmod(i, per_row)] = (box.x * SCALE + own[0], box.y * SCALE + own[1], box.size * SCALE)
    places = [
        [
            (
                box.x * SCALE + settled[r * per_row + b][0][0],
                box.y * SCALE + settled[r * per_row + b][0][1],
                box.size * SCALE,
            )
            for b, box in enumerate(row)
        ]
        for r, row in enumerate(grid_boxes)
    ]
    return places, misplaced


def _ink_cut(around, np) -> float:
    """How dark a pixel must be to count as ink in a box: just above the grain
    of the paper around it. A clean photo sees a light pencil; a noisy one,
    or paper in shade where the same noise weighs more, does not see its grain."""
    # From its lightest 30% only: printed lines and spilled strokes may cover
    # much of the gap, never that. For normal grain, q30 - q10 is 0.757 sigma.
    q10, q30 = (float(v) for v in np.percentile(around, [10, 30]))
    sigma = (q30 - q10) / 0.757
    return min(0.25, max(0.05, q30 + 0.524 * sigma + 4.0 * sigma + 0.02))


def _measure(fine, wide, places, np):
    """For each box: the share of its inside that is ink (fine, wide), the
    printed number's corner left out, and the share of the gap around it that
    is wide-only ink (shade that a closing could not take away)."""
    inset, gap = 1.8 * SCALE, 1.0 * SCALE
    cw, ch = printing.NUMBER_CORNER[0] * SCALE, printing.NUMBER_CORNER[1] * SCALE
    h, w = fine.shape
    out = []
    for row in places:
        values = []
        for x, y, s in row:
            x0, y0 = int(round(x + inset)), int(round(y + inset))
            x1, y1 = int(round(x + s - inset)), int(round(y + s - inset))
            if x0 < 0 or y0 < 0 or x1 > w or y1 > h or x1 <= x0 or y1 <= y0:
                values.append((0.0, 0.0, 1.0))  # off the card: unknown
                continue
            keep = np.ones((y1 - y0, x1 - x0), bool)
            keep[: max(0, int(round(y + ch)) - y0), : max(0, int(round(x + cw)) - x0)] = False
            # The ring just outside the frame: 0.5-1.2 mm off the box.
            ox0, oy0 = max(0, int(x - gap - 0.5 * SCALE)), max(0, int(y - gap - 0.5 * SCALE))
            ox1, oy1 = min(w, int(x + s + gap + 0.5 * SCALE)), min(h, int(y + s + gap + 0.5 * SCALE))
            ring = np.ones((oy1 - oy0, ox1 - ox0), bool)
            ring[
                int(y - oy0 - 0.5 * SCALE) : int(y + s - oy0 + 0.5 * SCALE),
                int(x - ox0 - 0.5 * SCALE) : int(x + s - ox0 + 0.5 * SCALE),
            ] = False
            # The paper's grain from the gap around the box: inside, a heavy mark
            # (a crossed-out cross) would pass for grain.
            cut = _ink_cut(fine[oy0:oy1, ox0:ox1][ring], np) if ring.any() else 0.05
            f = fine[y0:y1, x0:x1][keep] > cut
            wd = wide[y0:y1, x0:x1][keep] > cut
            shade = (wide[oy0:oy1, ox0:ox1] > cut) & (fine[oy0:oy1, ox0:ox1] <= cut)
            values.append(
                (float(f.mean()), float(wd.mean()), float(shade[ring].mean()) if ring.any() else 0.0)
            )
        out.append(values)
    return out


# Shares of a box's inside that are ink. Fine ink (strokes): at most EMPTY_BELOW
# surely empty, from CROSSED_ABOVE surely crossed, between asked about. Wide-only
# ink (blobs, filled boxes): from FILLED surely crossed; from BLOB crossed, and
# sure unless the gap around the box holds more than SHADE of it too (then it
# may be a shadow's edge). bench/photo.py measures how often each case asks.
EMPTY_BELOW, CROSSED_ABOVE, BLOB, FILLED, SHADE = 0.015, 0.055, 0.12, 0.9, 0.1


def _decide(measures):
    grid, confidence = [], []
    middle = (EMPTY_BELOW + CROSSED_ABOVE) / 2
    for row in measures:
        g, c = [], []
        for fine, wide, shade in row:
            if fine >= CROSSED_ABOVE:  # strokes
                crossed, conf = True, 0.95 + 0.05 * min(1.0, (fine - CROSSED_ABOVE) / CROSSED_ABOVE)
            elif wide >= FILLED:
                crossed, conf = True, (1.0 if shade <= 3 * SHADE else 0.6)  # or deep shade
            elif wide >= BLOB:
                # A blob, or shade the closing could not take away: when the gap
                # around the box is shaded too, shade is likelier, and it is asked.
                crossed, conf = (True, 0.97) if shade <= SHADE else (False, 0.6)
            elif fine <= EMPTY_BELOW and wide < BLOB / 2:
                crossed, conf = False, 0.95 + 0.05 * (1 - fine / EMPTY_BELOW)
            else:
                # In between: 0.5 at the middle of the band, never SURE.
                m = max(fine, min(wide, CROSSED_ABOVE))
                crossed = m >= middle
                edge = EMPTY_BELOW if not crossed else CROSSED_ABOVE
                conf = 0.5 + (SURE - 0.55) * min(1.0, abs(m - middle) / abs(edge - middle))
            g.append(bool(crossed))
            c.append(float(min(1.0, max(0.5, conf))))
        grid.append(g)
        confidence.append(c)
    return grid, confidence


# Said of a sheet whose code does not fit the rules it is scored by.
OTHER_RULES = (
    "its boxes may not be where these rules put them (printed from a variant? score it with "
    "--variant NAME or --rules FILE, or check every box)"
)


def _sheet_letter(card, rules, np):
    """The sheet letter from the printed code, a note when it cannot be read,
    and why the reading is doubtful when the code says the sheet was printed
    from other rules (another layout is read in the wrong places, surely).

    Curled paper moves the code strip by a few millimetres: the strip is taken
    where its cells are most clearly black or white, within 5 mm of its place.
    """
    import cv2

    gray = cv2.cvtColor(card, cv2.COLOR_BGR2GRAY).astype(np.float32)
    integral = cv2.integral(gray)
    h, w = gray.shape
    cells = printing.code_cells()
    best = None
    for dy in np.arange(-5, 5.01, 0.5):
        for dx in np.arange(-3, 3.01, 0.5):
            levels = []
            for x, y in cells:
                x0, x1 = int((x + dx + 1.5) * SCALE), int((x + dx + printing.CODE_CELL_W - 1.5) * SCALE)
                y0, y1 = int((y + dy + 2) * SCALE), int((y + dy + printing.CODE_CELL_H - 2) * SCALE)
                if x0 < 0 or y0 < 0 or x1 >= w or y1 >= h:
                    break
                area = (x1 - x0) * (y1 - y0)
                levels.append(
                    (integral[y1, x1] - integral[y0, x1] - integral[y1, x0] + integral[y0, x0]) / area
                )
            if len(levels) < len(cells):
                continue
            # In place, every cell is all black or all white: levels far from their middle.
            middle = (min(levels) + max(levels)) / 2
            spread = sum(abs(level - middle) for level in levels)
            if best is None or spread > best[0]:
                best = (spread, levels)
    if best is None:
        return None, "the sheet's code is outside the photo", None
    levels = best[1]
    middle = (min(levels) + max(levels)) / 2
    bits = [1 if level < middle else 0 for level in levels]
    decoded = printing.decode(bits)
    if decoded is None:
        return None, "the sheet's code could not be read (its letter is not known)", None
    index, layout = decoded
    letters = printing.sheet_letters(rules)
    targets = rules["target_boxes"]
    if index >= len(letters):
        why = f"the sheet's code names sheet number {index + 1}, but these rules have {len(letters)}"
        return None, None, f"{why}: {OTHER_RULES}"
    # The code holds the index modulo 64: with more sheets, its numbers tell them apart.
    same = letters[index :: printing.CODE_SHEETS]
    if len(same) > 1:
        fits = [letter for letter in same if printing.layout_hash(rules["sheets"][letter], targets) == layout]
        if len(fits) == 1:
            return fits[0], None, None
        if not fits:
            return None, None, f"the sheet's code fits none of sheets {', '.join(same)}: {OTHER_RULES}"
        return (
            None,
            f"the sheet's code fits {len(fits)} of sheets {', '.join(same)} (its letter is not known)",
            None,
        )
    letter = letters[index]
    if printing.layout_hash(rules["sheets"][letter], targets) != layout:
        return (
            letter,
            None,
            f"sheet {letter} was printed with other numbers or another target area than these "
            f"rules' sheet {letter}: {OTHER_RULES}",
        )
    return letter, None, None


def debug_picture(image, reading: Reading):
    """The photo with the found boxes drawn on it: green crossed, grey empty, red doubtful."""
    cv2, np = _cv()
    h, w = image.shape[:2]
    f = min(1.0, 1600 / max(h, w))
    out = cv2.resize(image, None, fx=f, fy=f, interpolation=cv2.INTER_AREA) if f < 1 else image.copy()
    to_photo = np.diag([f, f, 1.0]) @ reading.debug["homography"]
    doubtful = reading.doubtful_boxes()
    for r, row in enumerate(reading.debug["places"]):
        for b, (x, y, s) in enumerate(row):
            quad = _project(to_photo, [(x, y), (x + s, y), (x + s, y + s), (x, y + s)], np)
            colour = (
                (0, 0, 255) if (r, b) in doubtful else (0, 200, 0) if reading.grid[r][b] else (160, 160, 160)
            )
            cv2.polylines(out, [np.int32(np.round(quad))], True, colour, 2, cv2.LINE_AA)
            if reading.grid[r][b]:
                cv2.line(out, tuple(np.int32(quad[0])), tuple(np.int32(quad[2])), colour, 2, cv2.LINE_AA)
                cv2.line(out, tuple(np.int32(quad[1])), tuple(np.int32(quad[3])), colour, 2, cv2.LINE_AA)
    return out
