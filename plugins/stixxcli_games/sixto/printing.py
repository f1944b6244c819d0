"""Printable Sixto sheets: the card's geometry, shared by the SVG printer, the
photo reader (photo.py) and the test photo generator, so all three agree on
where every box, marker and code cell lies.

Everything is in millimetres on a card of CARD_W x CARD_H, centred on a
landscape A4 or US Letter page. Four ArUco markers (4x4 dictionary, ids 0-3,
clockwise from top left) let a reader find the card, straighten it and know
which way up it is; a strip of 24 black/white cells between the bottom
markers encodes the sheet: its index among the rules' sheet letters (6 bits),
a hash of its layout, the printed numbers and the target area (10 bits), and a
check (8 bits).

Pure Python (no OpenCV): printing a sheet needs nothing the base install lacks.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass

from stixxcli.errors import StixxError
from stixxcli.svg import esc

PAPERS = {"a4": (297.0, 210.0), "letter": (279.4, 215.9)}  # landscape, mm
CARD_W, CARD_H = 260.0, 180.0

MARKER = 18.0  # side of an ArUco marker, its black border included
MARKER_INSET = 6.0  # from the card's edge: the quiet zone a detector needs
# The 4x4 inner bits of DICT_4X4_50 markers 0-3 (a test checks them against OpenCV).
MARKER_BITS = {
    0: ("1011", "0101", "0011", "0010"),
    1: ("0000", "1111", "1001", "1010"),
    2: ("0011", "0011", "0010", "1101"),
    3: ("1001", "1001", "0100", "0110"),
}

BOX = 14.0  # side of a box
BOX_GAP = 2.5  # between boxes of a row
TARGET_GAP = 5.0  # extra space before the target area
ROW_GAP = 3.0
GRID_X, GRID_Y = 44.0, 40.0  # top-left corner of the first box
BORDER = 0.8  # line width of a box's frame
NUMBER_CORNER = (5.5, 6.0)  # width, height of the top-left corner that holds the printed number
# The smallest box a photo is read in: in smaller ones (19 a row and more) the
# number's corner leaves a strip, and test photos read wrong boxes as sure.
MIN_READ_BOX = 9.4

# Room for "sheet LETTER" from where it starts to 4 mm before the top right marker.
LETTER_ROOM = CARD_W - MARKER_INSET - MARKER - 4.0 - (GRID_X + 30)

CODE_BITS = 24
CODE_CELL_W, CODE_CELL_H = 7.0, 9.0
CODE_X, CODE_Y = 46.0, 161.0

ROW_INK = {  # printable colours for the six standard colour names; others get grey
    "red": "#d7261e",
    "yellow": "#c9a000",
    "green": "#1e9a3c",
    "blue": "#1f5fbf",
    "purple": "#7a3ea8",
    "orange": "#e8731a",
}


@dataclass(frozen=True)
class Box:
    row: int
    box: int
    x: float  # top-left corner, mm on the card
    y: float
    size: float = BOX

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.size / 2, self.y + self.size / 2


def boxes(rows: int, per_row: int, target_boxes: int) -> list[list[Box]]:
    """Every box of the card, row by row (mm from the card's top-left corner)."""
    first_target = per_row - target_boxes
    # A variant with longer rows gets smaller boxes, so the card stays the same.
    pitch = min(BOX + BOX_GAP, (CARD_W - GRID_X - 10.0 - TARGET_GAP) / per_row)
    size = pitch * BOX / (BOX + BOX_GAP)
    out = []
    for r in range(rows):
        y = GRID_Y + r * (BOX + ROW_GAP)
        out.append(
            [
                Box(r, b, GRID_X + b * pitch + (TARGET_GAP if b >= first_target else 0.0), y, size)
                for b in range(per_row)
            ]
        )
    return out


def readable(per_row: int) -> bool:
    """Whether `stixx score --photo` can read a sheet of `per_row` boxes a row."""
    return boxes(1, per_row, 1)[0][0].size >= MIN_READ_BOX


def most_readable() -> int:
    return max(n for n in range(2, 41) if readable(n))


def markers() -> dict[int, tuple[float, float]]:
    """Top-left corner of each ArUco marker by id: 0 top left, then clockwise."""
    far_x, far_y = CARD_W - MARKER_INSET - MARKER, CARD_H - MARKER_INSET - MARKER
    return {
        0: (MARKER_INSET, MARKER_INSET),
        1: (far_x, MARKER_INSET),
        2: (far_x, far_y),
        3: (MARKER_INSET, far_y),
    }


def marker_corners(marker_id: int) -> list[tuple[float, float]]:
    """The four outer corners of a marker, in OpenCV's order (clockwise from its top left)."""
    x, y = markers()[marker_id]
    return [(x, y), (x + MARKER, y), (x + MARKER, y + MARKER), (x, y + MARKER)]


def code_cells() -> list[tuple[float, float]]:
    """Top-left corner of each code cell, first bit first."""
    return [(CODE_X + i * CODE_CELL_W, CODE_Y) for i in range(CODE_BITS)]


def layout_hash(numbers: list[list[int]], target_boxes: int) -> int:
    """The printed layout in 10 bits: the numbers (and so the boxes a row) and
    the target area, which moves boxes (its gap) without changing a number."""
    return zlib.crc32(json.dumps([numbers, target_boxes], separators=(",", ":")).encode()) & 0x3FF


CODE_SHEETS = 64  # the code's 6 bits of sheet index: more sheets share them (told apart by the hash)


def encode(index: int, numbers: list[list[int]], target_boxes: int) -> list[int]:
    """The 24 bits printed for sheet `index` (its place among the sorted letters)."""
    payload = ((index % CODE_SHEETS) << 10) | layout_hash(numbers, target_boxes)
    check = zlib.crc32(payload.to_bytes(2, "big")) & 0xFF
    word = (payload << 8) | check
    return [(word >> (CODE_BITS - 1 - i)) & 1 for i in range(CODE_BITS)]


def decode(bits: list[int]) -> tuple[int, int] | None:
    """(sheet index, layout hash) from 24 bits, or None when the check fails."""
    if len(bits) != CODE_BITS:
        return None
    word = 0
    for bit in bits:
        word = (word << 1) | (1 if bit else 0)
    payload, check = word >> 8, word & 0xFF
    if zlib.crc32(payload.to_bytes(2, "big")) & 0xFF != check:
        return None
    return payload >> 10, payload & 0x3FF


def sheet_letters(rules: dict) -> list[str]:
    return sorted(rules["sheets"])


def which_sheets(rules: dict, which: str) -> list[str]:
    letters = sheet_letters(rules)
    if which.lower() == "all":
        return letters
    for letter in letters:
        if letter == which or letter.lower() == which.lower():
            return [letter]
    raise StixxError(f"no sheet {which!r} in the rules (sheets: {' '.join(letters)}, or all)")


def ink(colour: str) -> str:
    return ROW_INK.get(colour.lower(), "#555555")


# Widths in em of Helvetica's (and Arial's) widest bold glyphs of each kind,
# so an estimate is never short: a sheet letter or a colour name of a house
# rule may be 20 characters and more.
_NARROW, _MIDDLE = set("fijlrtI.,:;!|'-"), set("abcdeghknopqsuvxyz0123456789")


def text_em(text: str) -> float:
    """How many em `text` takes at most in bold Helvetica (other glyphs as wide as an M)."""
    return sum(
        0.39 if c in _NARROW else 0.62 if c in _MIDDLE else 0.95 if c in "WM@%" else 0.78 for c in text
    )


def fitting(text: str, size: float, room: float) -> float:
    """The font size (mm) for `text`: `size`, or smaller so it fits in `room` mm."""
    return min(size, room / max(text_em(text), 0.01))


def sheet_svg(letter: str, rules: dict, paper: str = "a4") -> str:
    """One printable page: the card of sheet `letter`, centred on a landscape page."""
    if paper not in PAPERS:
        raise StixxError(f"paper {paper!r}: a4 or letter")
    page_w, page_h = PAPERS[paper]
    ox, oy = (page_w - CARD_W) / 2, (page_h - CARD_H) / 2
    numbers = rules["sheets"][letter]
    colours = rules["colours"]
    grid = boxes(len(colours), rules["boxes_per_row"], rules["target_boxes"])
    index = sheet_letters(rules).index(letter)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{page_w}mm" height="{page_h}mm" '
        f'viewBox="0 0 {page_w} {page_h}" font-family="Helvetica, Arial, sans-serif">',
        f"<title>Sixto sheet {esc(letter)}</title>",
        f'<rect width="{page_w}" height="{page_h}" fill="#fff"/>',
        f'<g transform="translate({ox:.2f} {oy:.2f})">',
        # A thin cut line around the card, light enough not to look like a box.
        f'<rect x="0" y="0" width="{CARD_W}" height="{CARD_H}" fill="none" stroke="#ccc" stroke-width="0.2"/>',
    ]
    for marker_id, (x, y) in markers().items():
        out.append(_marker_svg(marker_id, x, y))
    out += [
        f'<text x="{GRID_X}" y="16" font-size="8" font-weight="bold">Sixto</text>',
        # A long letter is set smaller: it would run into the top right marker.
        f'<text x="{GRID_X + 30}" y="16" font-size="{round(fitting("sheet " + letter, 8, LETTER_ROOM), 2):g}">'
        f"sheet {esc(letter)}</text>",
        f'<text x="{GRID_X}" y="29" font-size="5">name</text>',
        f'<line x1="{GRID_X + 14}" y1="29.5" x2="{GRID_X + 120}" y2="29.5" stroke="#000" stroke-width="0.3"/>',
        # The reader counts any mark as a cross: a skipped box struck out, as the
        # rulebook suggests, would count too (telling a strike from a cross is not solved).
    ]
    hint = (
        ("one clear mark per crossed box;", "leave skipped boxes blank")
        if readable(rules["boxes_per_row"])
        else ("boxes too small for a photo:", "type the sheet in to score it")
    )
    out += [
        f'<text x="{GRID_X + 126}" y="26.5" font-size="3.2" fill="#666">{hint[0]}</text>',
        f'<text x="{GRID_X + 126}" y="30.5" font-size="3.2" fill="#666">{hint[1]}</text>',
    ]
    first_target = rules["boxes_per_row"] - rules["target_boxes"]
    area_x = grid[0][first_target].x - 1.5
    area_w = grid[0][-1].x + grid[0][-1].size + 1.5 - area_x
    area_h = grid[-1][0].y + grid[-1][0].size + 1.5 - (GRID_Y - 1.5)  # smaller boxes: a shorter area
    out.append(
        f'<rect x="{area_x:.2f}" y="{GRID_Y - 1.5:.2f}" width="{area_w:.2f}" height="{area_h:.2f}" '
        f'fill="none" stroke="#000" stroke-width="0.5" stroke-dasharray="2 1.2"/>'
    )
    out.append(
        f'<text x="{area_x + area_w / 2:.2f}" y="{GRID_Y - 3:.2f}" font-size="3.5" '
        f'text-anchor="middle">target area</text>'
    )
    for r, row in enumerate(grid):
        colour = ink(colours[r])
        # A long colour name is set smaller, so it stays on the card.
        size = fitting(colours[r], 5, GRID_X - 3 - MARKER_INSET)
        out.append(
            f'<text x="{GRID_X - 3}" y="{row[0].y + row[0].size / 2 + size * 0.36:.2f}" font-size="{round(size, 2):g}" '
            f'text-anchor="end" fill="{colour}" font-weight="bold">{esc(colours[r])}</text>'
        )
        for b in row:
            half = BORDER / 2
            out.append(
                f'<rect x="{b.x + half:.2f}" y="{b.y + half:.2f}" width="{b.size - BORDER:.2f}" '
                f'height="{b.size - BORDER:.2f}" fill="none" stroke="{colour}" stroke-width="{BORDER}"/>'
            )
            # The number sits in the box's top-left corner, which the reader leaves out;
            # in boxes too small to read it shrinks with them (it spilled over the frame).
            font = 4.6 * min(1.0, b.size / MIN_READ_BOX)
            left = max(1.3 * font / 4.6, BORDER + 0.2)
            base = max(5.2 * font / 4.6, BORDER + 0.2 + 0.72 * font)
            out.append(
                f'<text x="{b.x + left:.2f}" y="{b.y + base:.2f}" '
                f'font-size="{round(font, 2):g}" fill="{colour}">{numbers[r][b.box]}</text>'
            )
    # A run of black cells is one rect: two rects that meet leave a hairline
    # seam where a renderer antialiases both edges (the Letter page's offset).
    bits = encode(index, numbers, rules["target_boxes"])
    for i, (x, y) in enumerate(code_cells()):
        if bits[i] and (i == 0 or not bits[i - 1]):
            run = next((j for j in range(i, CODE_BITS) if not bits[j]), CODE_BITS) - i
            out.append(
                f'<rect x="{x}" y="{y}" width="{run * CODE_CELL_W}" height="{CODE_CELL_H}" fill="#000"/>'
            )
    code_end = CODE_X + CODE_BITS * CODE_CELL_W
    out.append(
        f'<rect x="{CODE_X - 0.6}" y="{CODE_Y - 0.6}" width="{code_end - CODE_X + 1.2}" '
        f'height="{CODE_CELL_H + 1.2}" fill="none" stroke="#000" stroke-width="0.3"/>'
    )
    out += ["</g>", "</svg>", ""]
    return "\n".join(out)


def _marker_svg(marker_id: int, x: float, y: float) -> str:
    cell = MARKER / 6  # a 4x4 code inside a one-cell black border
    parts = [f'<rect x="{x}" y="{y}" width="{MARKER}" height="{MARKER}" fill="#000"/>']
    for r, bits in enumerate(MARKER_BITS[marker_id]):
        for c, bit in enumerate(bits):
            if bit == "1":
                parts.append(
                    f'<rect x="{x + (c + 1) * cell:.3f}" y="{y + (r + 1) * cell:.3f}" '
                    f'width="{cell + 0.01:.3f}" height="{cell + 0.01:.3f}" fill="#fff"/>'
                )
    return "".join(parts)


def print_sheets(rules: dict, which: str, paper: str) -> list[tuple[str, str]]:
    """(letter, SVG text) for sheet `which` or every sheet ("all")."""
    return [(letter, sheet_svg(letter, rules, paper)) for letter in which_sheets(rules, which)]
