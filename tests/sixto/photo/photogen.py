"""Photos of filled-in Sixto sheets, made by code: the evaluation set of the
photo reader, with the truth known for every box.

The printed card is drawn with OpenCV from the very geometry the SVG printer
uses (stixxcli_games.sixto.printing), rather than by rasterising the SVG: every
SVG rasteriser on PyPI needs a system library (cairo) or a browser, and the
reader only relies on the geometry, which is shared. Marks are drawn the way
people make them (crosses, ticks, blobs, filled boxes, single strokes, light
and heavy pens in any colour, strokes spilling over the box edge, crossed-out
crosses), then the card is "photographed": curled, tilted up to 35 degrees,
rotated, scaled onto a busy background, lit unevenly, shadowed, blurred,
noised and JPEG-compressed. Everything follows one seed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np
from stixxcli_games.sixto import printing
from stixxcli_games.sixto.board import SAMPLE_SHEETS

STANDARD = {
    "colours": ["red", "yellow", "green", "blue", "purple", "orange"],
    "boxes_per_row": 12,
    "target_boxes": 3,
    "target_min_crosses": 4,
    "close_after_target": 2,
    "score_table": [0, -5, 0, 5, 10, 15, 21, 28, 36, 45, 55, 66],
    "sheets": SAMPLE_SHEETS,
}

PENS = [  # BGR, and how often
    ((30, 30, 30), 4),  # black
    ((150, 60, 20), 3),  # blue
    ((90, 30, 10), 1),  # dark blue
    ((40, 40, 190), 1),  # red
    ((60, 130, 40), 1),  # green
    ((130, 40, 110), 1),  # purple
    ((110, 110, 110), 2),  # pencil
]
STYLES = [
    ("cross", 45),
    ("tick", 16),
    ("slash", 10),
    ("blob", 8),
    ("filled", 6),
    ("crossed_out", 8),
    ("scribble", 7),
]


def _bgr(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    r, g, b = (int(h[i : i + 2], 16) for i in (0, 2, 4))
    return b, g, r


def random_grid(rng: np.random.Generator, rules: dict = STANDARD) -> list[list[bool]]:
    """Crosses a real game could leave: any scored boxes, and target boxes only
    after target_min_crosses crosses, at most close_after_target of them."""
    per_row, targets = rules["boxes_per_row"], rules["target_boxes"]
    first_target = per_row - targets
    grid = []
    for _ in rules["colours"]:
        density = rng.choice([0.15, 0.35, 0.55, 0.75, 0.95])
        row = [bool(rng.random() < density) for _ in range(first_target)]
        if sum(row) >= rules["target_min_crosses"]:
            allowed = int(rng.integers(0, rules["close_after_target"] + 1))
            picks = set(rng.choice(targets, size=allowed, replace=False).tolist()) if allowed else set()
            row += [t in picks for t in range(targets)]
        else:
            row += [False] * targets
        grid.append(row)
    return grid


def draw_card(letter: str, rules: dict = STANDARD, ppm: float = 8.0, markers: bool = True) -> np.ndarray:
    """The printed card (BGR, ppm pixels per millimetre), as printing.sheet_svg lays it out."""
    w, h = round(printing.CARD_W * ppm), round(printing.CARD_H * ppm)
    card = np.full((h, w, 3), 255, np.uint8)
    px = lambda mm: int(round(mm * ppm))  # noqa: E731
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    for marker_id, (x, y) in printing.markers().items() if markers else ():
        side = px(printing.MARKER)
        card[px(y) : px(y) + side, px(x) : px(x) + side] = cv2.cvtColor(
            cv2.aruco.generateImageMarker(dictionary, marker_id, side), cv2.COLOR_GRAY2BGR
        )
    font = cv2.FONT_HERSHEY_SIMPLEX
    text = lambda s, x, y, mm, colour=(0, 0, 0), thick=0.35: cv2.putText(  # noqa: E731
        card, s, (px(x), px(y)), font, mm * ppm / 27, colour, max(1, px(thick)), cv2.LINE_AA
    )
    gx = printing.GRID_X
    text("Sixto", gx, 16, 6, thick=0.7)
    text(f"sheet {letter}", gx + 30, 16, 6)
    text("name", gx, 29, 3.6)
    cv2.line(card, (px(gx + 14), px(29.5)), (px(gx + 120), px(29.5)), (0, 0, 0), max(1, px(0.3)))
    colours = rules["colours"]
    grid = printing.boxes(len(colours), rules["boxes_per_row"], rules["target_boxes"])
    numbers = rules["sheets"][letter]
    first_target = rules["boxes_per_row"] - rules["target_boxes"]
    ax, ay = grid[0][first_target].x - 1.5, printing.GRID_Y - 1.5
    bx, by = grid[0][-1].x + grid[0][-1].size + 1.5, grid[-1][0].y + grid[-1][0].size + 1.5
    for x0, y0, x1, y1 in ((ax, ay, bx, ay), (ax, by, bx, by), (ax, ay, ax, by), (bx, ay, bx, by)):
        length = math.hypot(x1 - x0, y1 - y0)
        for s in np.arange(0, length, 3.2):
            e = min(s + 2.0, length)
            p0 = (x0 + (x1 - x0) * s / length, y0 + (y1 - y0) * s / length)
            p1 = (x0 + (x1 - x0) * e / length, y0 + (y1 - y0) * e / length)
            cv2.line(card, (px(p0[0]), px(p0[1])), (px(p1[0]), px(p1[1])), (0, 0, 0), max(1, px(0.5)))
    text("target area", (ax + bx) / 2 - 10, ay - 1.5, 2.6)
    for r, row in enumerate(grid):
        colour = _bgr(printing.ink(colours[r]))
        (tw, _), _ = cv2.getTextSize(colours[r], font, 3.6 * ppm / 27, max(1, px(0.5)))
        text(colours[r], gx - 3 - tw / ppm, row[0].y + row[0].size / 2 + 1.8, 3.6, colour, 0.5)
        for b in row:
            half = printing.BORDER / 2
            cv2.rectangle(
                card,
                (px(b.x + half), px(b.y + half)),
                (px(b.x + b.size - half), px(b.y + b.size - half)),
                colour,
                max(1, px(printing.BORDER)),
                cv2.LINE_AA,
            )
            text(str(numbers[r][b.box]), b.x + 1.3, b.y + 5.0, 3.5, colour, 0.45)
    index = printing.sheet_letters(rules).index(letter)
    for bit, (x, y) in zip(printing.encode(index, numbers, rules["target_boxes"]), printing.code_cells()):
        if bit:
            cv2.rectangle(
                card,
                (px(x), px(y)),
                (px(x + printing.CODE_CELL_W), px(y + printing.CODE_CELL_H)),
                (0, 0, 0),
                -1,
            )
    return card


# Marks ---------------------------------------------------------------------------


def _stroke(layer, points, width, ppm):
    """A slightly bent pen stroke through `points` (mm), drawn into a float alpha layer."""
    pts = []
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        for t in np.linspace(0, 1, 12):
            pts.append(((x0 + (x1 - x0) * t) * ppm, (y0 + (y1 - y0) * t) * ppm))
    arr = np.array(pts, np.float64)
    cv2.polylines(
        layer,
        [np.round(arr * 4).astype(np.int32)],
        False,
        1.0,
        max(1, int(round(width * ppm))),
        cv2.LINE_AA,
        2,
    )


def draw_mark(
    layer, box: printing.Box, style: str, rng: np.random.Generator, ppm: float, width: float
) -> None:
    """One player's mark on `box`, into the alpha layer (1 = full ink)."""
    x, y, s = box.x, box.y, box.size
    spill = rng.random() < 0.25
    reach = rng.uniform(0.5, 3.0) if spill else -rng.uniform(0.8, 3.0)  # beyond (+) or inside (-) the edge
    j = lambda: rng.uniform(-1.0, 1.0)  # noqa: E731
    bend = lambda a, b: ((a[0] + b[0]) / 2 + j(), (a[1] + b[1]) / 2 + j())  # noqa: E731
    lo, hi = -reach, s + reach
    if style in ("cross", "crossed_out"):
        a, b = (x + lo + j(), y + lo + j()), (x + hi + j(), y + hi + j())
        c, d = (x + hi + j(), y + lo + j()), (x + lo + j(), y + hi + j())
        _stroke(layer, [a, bend(a, b), b], width, ppm)
        _stroke(layer, [c, bend(c, d), d], width, ppm)
        if style == "crossed_out":  # a mistake crossed out: a zigzag over it
            zig = [(x + 1 + i * (s - 2) / 5, y + s / 2 + (3.5 if i % 2 else -3.5) + j()) for i in range(6)]
            _stroke(layer, zig, width, ppm)
    elif style == "tick":
        a = (x + s * 0.2 + j(), y + s * 0.55 + j())
        b = (x + s * 0.42 + j(), y + s * 0.8 + j())
        c = (x + s * 0.85 + j() + (reach if spill else 0), y + s * 0.15 + j() - (reach if spill else 0))
        _stroke(layer, [a, b, c], width, ppm)
    elif style == "slash":
        a, b = (x + hi + j(), y + lo + j()), (x + lo + j(), y + hi + j())
        _stroke(layer, [a, bend(a, b), b], width, ppm)
    elif style == "blob":
        centre = (int((x + s / 2 + j()) * ppm), int((y + s / 2 + j()) * ppm))
        axes = (int(rng.uniform(2.0, 4.5) * ppm), int(rng.uniform(2.0, 4.5) * ppm))
        cv2.ellipse(layer, centre, axes, rng.uniform(0, 180), 0, 360, 1.0, -1, cv2.LINE_AA)
    elif style == "filled":
        m = rng.uniform(0.3, 1.5)
        cv2.rectangle(
            layer,
            (int((x + m) * ppm), int((y + m) * ppm)),
            (int((x + s - m) * ppm), int((y + s - m) * ppm)),
            1.0,
            -1,
        )
    elif style == "scribble":
        pts = [(x + s * rng.uniform(0.15, 0.85), y + s * rng.uniform(0.25, 0.85)) for _ in range(7)]
        _stroke(layer, pts, width, ppm)


@dataclass
class Marked:
    card: np.ndarray  # BGR, ppm pixels per mm
    grid: list[list[bool]]  # the truth
    styles: dict = field(default_factory=dict)  # (row, box) -> style


def mark_card(
    card: np.ndarray,
    grid,
    rng: np.random.Generator,
    rules: dict = STANDARD,
    ppm: float = 8.0,
    style: str | None = None,
) -> Marked:
    """The card with the player's marks on every crossed box of `grid`."""
    boxes = printing.boxes(len(rules["colours"]), rules["boxes_per_row"], rules["target_boxes"])
    out = card.astype(np.float32)
    names, weights = zip(*STYLES)
    p = np.array(weights, float) / sum(weights)
    # One player, one pen, one habit with a few exceptions.
    pens, pen_w = zip(*PENS)
    pen_p = np.array(pen_w, float) / sum(pen_w)
    pen = PENS[rng.choice(len(PENS), p=pen_p)][0]
    habit = names[rng.choice(len(names), p=p)]
    if style is not None:  # every mark made one way
        habit, p = style, np.array([n == style for n in names], float)
    heavy = rng.uniform(0.45, 1.0)  # how dark the pen leaves its ink
    width = rng.uniform(0.3, 1.3)  # mm
    styles = {}
    layer = np.zeros(out.shape[:2], np.float32)
    for r, row in enumerate(grid):
        for b, crossed in enumerate(row):
            if not crossed:
                continue
            style = habit if rng.random() < 0.75 else names[rng.choice(len(names), p=p)]
            styles[(r, b)] = style
            draw_mark(layer, boxes[r][b], style, rng, ppm, width * rng.uniform(0.85, 1.15))
    alpha = (layer * heavy)[..., None]
    out = out * (1 - alpha) + np.array(pen, np.float32) * alpha
    return Marked(np.clip(out, 0, 255).astype(np.uint8), grid, styles)


# The photograph -----------------------------------------------------------------


def _background(rng, w, h) -> np.ndarray:
    """A busy table: a grain texture and random objects."""
    small = (rng.random((max(2, h // 24), max(2, w // 24), 3)) * 255).astype(np.uint8)
    base = cv2.resize(cv2.GaussianBlur(small, (0, 0), 1.5), (w, h), interpolation=cv2.INTER_LINEAR)
    tint = rng.uniform(40, 200, 3)
    bg = (base.astype(np.float32) * 0.35 + tint * 0.65).astype(np.uint8)
    for _ in range(int(rng.integers(4, 14))):
        colour = tuple(int(c) for c in rng.integers(0, 256, 3))
        kind = rng.integers(0, 3)
        p0 = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        if kind == 0:
            p1 = (int(rng.integers(0, w)), int(rng.integers(0, h)))
            cv2.rectangle(bg, p0, p1, colour, -1)
        elif kind == 1:
            cv2.circle(bg, p0, int(rng.integers(w // 40, w // 6)), colour, -1, cv2.LINE_AA)
        else:
            p1 = (int(rng.integers(0, w)), int(rng.integers(0, h)))
            cv2.line(bg, p0, p1, colour, int(rng.integers(2, max(3, w // 100))), cv2.LINE_AA)
    return bg


def _curl(card: np.ndarray, rng, ppm: float, amount_mm: float) -> np.ndarray:
    """Paper not flat: a smooth bend of up to `amount_mm`, as a camera sees it."""
    h, w = card.shape[:2]
    gs = 24
    u = np.linspace(-1, 1, gs)[None, :].repeat(gs, 0)
    v = np.linspace(-1, 1, gs)[:, None].repeat(gs, 1)
    a = rng.uniform(-1, 1, 6) * amount_mm * ppm
    dy = (
        a[0] * (u**2 - 1 / 3) + a[1] * np.sin(np.pi * u) * v * 0.5 + a[2] * 0.3 * np.sin(2 * np.pi * u + a[3])
    )
    dx = a[4] * 0.5 * (v**2 - 1 / 3) + a[5] * 0.3 * np.sin(np.pi * v) * u
    map_x = cv2.resize((dx).astype(np.float32), (w, h)) + np.arange(w, dtype=np.float32)[None, :]
    map_y = cv2.resize((dy).astype(np.float32), (w, h)) + np.arange(h, dtype=np.float32)[:, None]
    return cv2.remap(card, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _camera_homography(rng, card_w, card_h, out_w, out_h, tilt_deg, fill) -> np.ndarray:
    """The card (pixels) seen by a pinhole camera tilted by `tilt_deg`, turned
    at random, filling about `fill` of the frame's width."""
    t = math.radians(tilt_deg)
    axis = rng.uniform(0, math.pi)
    ax, ay = math.cos(axis), math.sin(axis)
    # Rodrigues' rotation about the in-plane axis (ax, ay, 0).
    k = np.array([[0, 0, ay], [0, 0, -ax], [-ay, ax, 0]])
    rot = np.eye(3) + math.sin(t) * k + (1 - math.cos(t)) * k @ k
    spin = rng.uniform(0, 2 * math.pi)
    c, s = math.cos(spin), math.sin(spin)
    rot = rot @ np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])
    corners = np.array([[0, 0], [card_w, 0], [card_w, card_h], [0, card_h]], float)
    centred = np.c_[corners - [card_w / 2, card_h / 2], np.zeros(4)]
    f = max(out_w, out_h) * rng.uniform(0.8, 1.3)
    world = centred @ rot.T + [0, 0, f * 1.0 * card_w / (fill * out_w)]
    proj = world[:, :2] / world[:, 2:3] * f
    proj -= proj.min(0)
    span = proj.max(0)
    scale = min(fill * out_w / span[0], 0.95 * out_h / span[1], 0.95 * out_w / span[0])
    proj *= scale
    span = proj.max(0)
    offset = [rng.uniform(0, out_w - span[0]), rng.uniform(0, out_h - span[1])]
    return cv2.getPerspectiveTransform(corners.astype(np.float32), (proj + offset).astype(np.float32))


@dataclass
class Photo:
    image: np.ndarray  # BGR, as a phone would save it (JPEG round trip)
    grid: list[list[bool]]
    letter: str
    settings: dict


def photograph(
    marked: np.ndarray, rng: np.random.Generator, size=(1600, 1200), hard: bool = True
) -> tuple[np.ndarray, dict]:
    out_w, out_h = size
    ppm = marked.shape[1] / printing.CARD_W
    settings = {
        "tilt": float(rng.uniform(0, 35 if hard else 20)),
        "fill": float(rng.uniform(0.45, 0.9)),
        "curl_mm": float(rng.uniform(0, 4.0 if hard else 2.0)),
        "blur": float(rng.uniform(0, 1.6 if hard else 1.0)) * out_w / 1600,
        "noise": float(rng.uniform(1, 7 if hard else 4)),
        "jpeg": int(rng.integers(55 if hard else 75, 96)),
        "shadow": float(rng.uniform(0.2, 0.55)) if hard and rng.random() < 0.5 else 0.0,
        "light": float(rng.uniform(0.2, 0.5 if hard else 0.3)),
    }
    card = _curl(marked, rng, ppm, settings["curl_mm"])
    h = _camera_homography(
        rng, card.shape[1], card.shape[0], out_w, out_h, settings["tilt"], settings["fill"]
    )
    bg = _background(rng, out_w, out_h)
    warped = cv2.warpPerspective(
        card, h, (out_w, out_h), flags=cv2.INTER_AREA if ppm > 10 else cv2.INTER_LINEAR
    )
    mask = cv2.warpPerspective(np.full(card.shape[:2], 255, np.uint8), h, (out_w, out_h))
    m = (mask.astype(np.float32) / 255)[..., None]
    img = warped.astype(np.float32) * m + bg.astype(np.float32) * (1 - m)
    # Uneven light: a gradient and a soft hot spot, made small and enlarged.
    lw, lh = 32, 24
    yy, xx = np.mgrid[0:lh, 0:lw].astype(np.float32)
    gx, gy = rng.uniform(-1, 1, 2)
    cx, cy = rng.uniform(0, lw), rng.uniform(0, lh)
    light = 1 + settings["light"] * (gx * (xx / lw - 0.5) + gy * (yy / lh - 0.5))
    light -= settings["light"] * 0.6 * ((xx - cx) ** 2 + (yy - cy) ** 2) / (lw**2 + lh**2)
    light = cv2.resize(light, (out_w, out_h), interpolation=cv2.INTER_CUBIC)
    if settings["shadow"]:  # a phone or a hand between the lamp and the sheet
        poly = np.array(
            [[rng.uniform(-0.2, 1.2) * out_w, rng.uniform(-0.2, 1.2) * out_h] for _ in range(4)], np.int32
        )
        sh = np.zeros((out_h, out_w), np.float32)
        cv2.fillConvexPoly(sh, cv2.convexHull(poly), 1.0)
        soft = max(3, int(out_w * rng.uniform(0.008, 0.04))) | 1  # penumbra of a lamp a metre or two away
        sh = cv2.GaussianBlur(sh, (0, 0), soft)
        light *= 1 - settings["shadow"] * sh
    cast = rng.uniform(0.88, 1.08, 3).astype(np.float32)
    img *= light[..., None] * cast
    if settings["blur"] > 0.3:
        img = cv2.GaussianBlur(img, (0, 0), settings["blur"])
    tile = rng.normal(0, settings["noise"], (256, 256, 3)).astype(np.float32)
    reps = (out_h // 256 + 2, out_w // 256 + 2, 1)
    oy, ox = rng.integers(0, 256, 2)
    img += np.tile(tile, reps)[oy : oy + out_h, ox : ox + out_w]
    img = np.clip(img, 0, 255).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, settings["jpeg"]])
    settings["homography"] = h.tolist()
    return cv2.imdecode(jpeg, cv2.IMREAD_COLOR), settings


def make_photo(
    seed: int,
    letter: str | None = None,
    size=(1600, 1200),
    grid=None,
    rules: dict = STANDARD,
    ppm: float = 8.0,
    markers: bool = True,
    faint: tuple = (),
    hard: bool = True,
    style: str | None = None,
) -> Photo:
    """One photographed sheet, all from `seed`. `hard=False` keeps to a
    careful photo (tilt up to 20 degrees, no shadow, good JPEG). `markers=False` prints the card
    without its corner markers; `faint` lists (row, box) of empty boxes that get
    a short stray stroke, the kind of mark a reader should ask about."""
    rng = np.random.default_rng(seed)
    letters = printing.sheet_letters(rules)
    letter = letter or letters[int(rng.integers(0, len(letters)))]
    grid = grid if grid is not None else random_grid(rng, rules)
    card = draw_card(letter, rules, ppm, markers)
    boxes = printing.boxes(len(rules["colours"]), rules["boxes_per_row"], rules["target_boxes"])
    for r, b in faint:
        box = boxes[r][b]
        x, y = box.x + box.size * 0.45, box.y + box.size * 0.55
        cv2.line(
            card,
            (int(x * ppm), int(y * ppm)),
            (int((x + 1.5) * ppm), int((y - 0.4) * ppm)),
            (60, 60, 60),
            int(0.5 * ppm),
            cv2.LINE_AA,
        )
    marked = mark_card(card, grid, rng, rules, ppm, style=style)
    image, settings = photograph(marked.card, rng, size, hard)
    settings["styles"] = {f"{r},{b}": s for (r, b), s in marked.styles.items()}
    return Photo(image, grid, letter, settings)
