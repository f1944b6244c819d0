"""Pictures of house-rule variants: what a variant changes (more boxes, longer
names, more kinds, taller stacks) stays inside its picture, clear of the rest."""

from __future__ import annotations

import re

import pytest
from pictures_helpers import SVG, by_class, house_log, parse, states

# Names that share their first letters: tags of 4 and more letters ("gree", "grey").
PREFIXED = ["blue", "blueberry", "bluebell", "green", "greenish", "greenery"]
# Eight kinds of fish, with longer names than the published six.
FISH = [
    "barracuda",
    "swordfish",
    "hammerhead",
    "angelfish",
    "clownfish",
    "pufferfish",
    "stingray",
    "seahorse",
]
TWELVE = [
    "red",
    "orange",
    "yellow",
    "green",
    "blue",
    "purple",
    "pink",
    "cyan",
    "brown",
    "white",
    "black",
    "grey",
]


def test_stixx_terminal_board_keeps_every_label_whole_with_long_colour_tags():
    from stixxcli_games.stixx.render import draw_board

    from stixxcli.colours import letters

    for radius, colours, per in [(2, PREFIXED, 7), (1, TWELVE, 1)]:
        log = house_log(
            "stixx",
            4,
            board_radius=radius,
            colours=colours,
            stixx_per_colour=per,
            centre_star_all_colours=False,
        )
        tags = letters(colours)
        for index, state in states(log, [0, 3, 10]):
            board = draw_board(state).plain
            for stixx, on in enumerate(state.on_board):
                if on and stixx != state.marker:
                    label = f"{tags[state.layout[stixx]]}{stixx}"
                    assert re.search(rf"(?<![a-z0-9]){label}(?![a-z0-9])", board), (radius, index, label)


def _sixto_sheets(root):
    out = []
    for sheet in by_class(root, "sheet"):
        frame = sheet.find(SVG + "rect")
        x, y = float(frame.get("x")), float(frame.get("y"))
        out.append((sheet, x, y, x + float(frame.get("width")), y + float(frame.get("height"))))
    return out


def test_sixto_sheet_holds_a_house_rules_boxes_and_colour_names():
    from stixxcli.svg import text_width

    scores = [0, -5] + [5 * k for k in range(1, 40)]
    long_names = ["crimson", "turquoise", "lavender", "chartreuse", "magenta", "aquamarine"]
    for boxes, colours in [(16, None), (20, long_names), (8, long_names)]:
        sheets = {"A": [[1 + (r + b) % 6 for b in range(boxes)] for r in range(6)]}
        sheets["B"] = sheets["A"][::-1]
        changes = dict(boxes_per_row=boxes, score_table=scores[: boxes + 1], sheets=sheets)
        if colours:
            changes["colours"] = colours
        if boxes == 8:  # one target box: the caption names it alone
            changes.update(target_boxes=1, close_after_target=1)
        log = house_log("sixto", 2, **changes)
        for index, state in states(log, [0, len(log["moves"])]):
            svg = state.draw_svg(None)
            assert ("shaded box 8:" in svg) == (boxes == 8)
            root = parse(svg)
            frames = _sixto_sheets(root)
            assert frames[0][3] < frames[1][1], "the sheets overlap"
            for sheet, x0, y0, x1, y1 in frames:
                lefts = []
                for box in by_class(sheet, "box"):
                    r = box.find(SVG + "rect")
                    bx, bw = float(r.get("x")), float(r.get("width"))
                    assert x0 < bx and bx + bw < x1, (boxes, index, box.get("data-box"))
                    lefts.append(bx)
                for points in by_class(sheet, "row-points"):
                    assert float(points.get("x")) < x1 and float(points.get("x")) - 30 > max(lefts) + 34
                for name in sheet.iter(SVG + "text"):
                    if name.text and name.text.split()[-1] in state.colours.names:
                        assert float(name.get("x")) + text_width(name.text, 13) < min(lefts), name.text


def test_a_house_rules_own_colours_are_all_different_and_named_ones_look_it():
    from stixxcli_games.fishstix.notation import project_deck

    kinds = FISH
    log = house_log("fishstix", 2, kinds=kinds, deck=project_deck(tuple(kinds)))
    _, state = next(states(log, [0]))
    root = parse(state.draw_svg(None))
    fills = [root.find(f".//*[@id='fish-{n}-right']//{SVG}ellipse").get("fill") for n in range(len(kinds))]
    assert len(set(fills)) == len(kinds), dict(zip(kinds, fills))
    # Seven Stixx colours, the seventh named: drawn in its own colour, not a spare.
    colours = ["red", "orange", "yellow", "green", "blue", "purple", "magenta"]
    log = house_log("stixx", 3, colours=colours, stixx_per_colour=6, centre_star_all_colours=False)
    _, state = next(states(log, [0]))
    root = parse(state.draw_svg(None))
    fills = {}
    for stick in by_class(root, "stixx"):
        fills.setdefault(stick.get("data-colour"), set()).add(stick.find(SVG + "rect").get("fill"))
    assert all(len(f) == 1 for f in fills.values()) and len({f.pop() for f in fills.values()}) == 7
    assert root.find(f".//*[@data-colour='magenta']/{SVG}rect").get("fill") == "#d700d7"


def test_forty_two_stixx_colours_of_a_house_rules_own_are_drawn_in_42_hues():
    # Past the 14 spare hues every further colour took the same teal: 28 of 42 alike.
    colours = [f"tint{chr(97 + n // 26)}{chr(97 + n % 26)}" for n in range(42)]
    log = house_log("stixx", 2, colours=colours, stixx_per_colour=1, centre_star_all_colours=False)
    _, state = next(states(log, [0]))
    root = parse(state.draw_svg(None))
    fills = {
        stick.get("data-colour"): stick.find(SVG + "rect").get("fill") for stick in by_class(root, "stixx")
    }
    assert len(fills) == 42 and len(set(fills.values())) == 42


def _inside(root, element, width, height):
    from stixxcli.svg import text_width

    x, y = float(element.get("x")), float(element.get("y"))
    size = float(element.get("font-size") or 14)
    w = text_width("".join(element.itertext()), size)
    left = (
        x - w / 2
        if element.get("text-anchor") == "middle"
        else x - w
        if element.get("text-anchor") == "end"
        else x
    )
    return 0 <= left and left + w <= width + 1 and 0 <= y - size and y <= height


def test_fishstix_tracks_hands_and_legend_of_more_and_longer_kinds_stay_in_the_picture():
    from stixxcli_games.fishstix.notation import project_deck

    kinds = FISH
    log = house_log(
        "fishstix", 4, kinds=kinds, deck=project_deck(tuple(kinds)), hand_size=6, target_points=30
    )
    for index, state in states(log, [0, 5, len(log["moves"])]):
        for viewer in (None, 0):
            root = parse(state.draw_svg(viewer))
            width, height = float(root.get("width")), float(root.get("height"))
            drawn_once = {id(e) for defs in root.iter(SVG + "defs") for e in defs.iter()}  # placed by <use>
            for text in root.iter(SVG + "text"):
                if id(text) not in drawn_once and "".join(text.itertext()).strip():
                    assert _inside(root, text, width, height), (index, viewer, "".join(text.itertext()))
            for stick in by_class(root, "hand-stick"):
                r = stick.find(SVG + "rect")
                assert float(r.get("x")) + float(r.get("width")) <= width
            # The legend's lines and the caption's never share a line.
            legend_ys = {
                float(t.get("y")) for t in root.iter(SVG + "text") if (t.text or "").endswith(tuple(kinds))
            }
            for caption in by_class(root, "caption"):
                assert all(abs(float(caption.get("y")) - y) >= 18 for y in legend_ys), index


def test_stixx_legend_and_stick_labels_fit_a_small_board_with_many_colours():
    log = house_log(
        "stixx", 6, board_radius=1, colours=TWELVE, stixx_per_colour=1, centre_star_all_colours=False
    )
    for index, state in states(log, [0, 6, len(log["moves"])]):
        root = parse(state.draw_svg(None))
        width, height = float(root.get("width")), float(root.get("height"))
        texts = [t for t in root.iter(SVG + "text") if "".join(t.itertext()).strip()]
        for text in texts:
            assert _inside(root, text, width, height), (index, "".join(text.itertext()))
        # Each line of text on a line of its own: the last challenge under the legend.
        ys = sorted(float(t.get("y")) for t in texts if float(t.get("x")) < 100 and float(t.get("y")) > 400)
        assert all(b - a >= 14 for a, b in zip(ys, ys[1:])), ys
        # No two stick labels meet.
        boxes = []
        for stick in by_class(root, "stixx"):
            r = stick.find(SVG + "rect")
            boxes.append([float(r.get(k)) for k in ("x", "y", "width", "height")])
        for n, (x, y, w, h) in enumerate(boxes):
            for x2, y2, w2, h2 in boxes[n + 1 :]:
                assert not (x < x2 + w2 and x2 < x + w and y < y2 + h2 and y2 < y + h), index
            label = by_class(root, "stixx")[n].find(SVG + "text")
            assert _inside(root, label, x + w, height) and float(label.get("x")) - w / 2 >= x - 1


def test_trixo_tall_stacks_stay_in_their_cells_and_text_in_the_picture():
    log = house_log("trixo", 4, max_stack=6, hand_size=8, tiles={"x": 20, "o": 20, "trixo": 8, "arrow": 12})
    tallest = 0
    for index, state in states(log):
        root = parse(state.draw_svg(None))
        width, height = float(root.get("width")), float(root.get("height"))
        for stack in by_class(root, "stack"):
            tallest = max(tallest, int(stack.get("data-height")))
            rects = [t.find(SVG + "rect") for t in by_class(stack, "tile")]
            top = rects[-1]  # the top tile: its cell runs from 16 left and 20 above it
            cell_x, cell_y = float(top.get("x")) - 16, float(top.get("y")) - 20
            for r in rects:
                assert float(r.get("x")) + float(r.get("width")) <= cell_x + 96 - 2, (
                    index,
                    stack.get("data-cell"),
                )
                assert float(r.get("y")) + float(r.get("height")) <= cell_y + 96 - 2, (
                    index,
                    stack.get("data-cell"),
                )
        if index % 10 == 0 or index == len(log["moves"]):
            for text in root.iter(SVG + "text"):
                if "".join(text.itertext()).strip():
                    assert _inside(root, text, width, height), (index, "".join(text.itertext()))
    assert tallest >= 5


def test_sixto_crosses_show_on_a_row_as_dark_as_ink():
    """A house rule's black or navy row: its crosses in white, every other row's in ink."""
    colours = ["black", "navy", "yellow", "green", "blue", "purple"]
    log = house_log("sixto", 2, colours=colours)
    ((_, state),) = states(log, [len(log["moves"])])
    strokes: dict[str, set] = {}
    for cross in by_class(parse(state.draw_svg(None)), "cross"):
        row = cross.get("data-colour") or ""
        strokes.setdefault(row, set()).update(line.get("stroke") for line in cross.iter(SVG + "line"))
    assert strokes, "no crosses drawn"
    for row, seen in strokes.items():
        assert seen == ({"#ffffff"} if row in ("black", "navy") else {"#1c1c1c"}), (row, seen)


def test_stixx_terminal_legend_breaks_between_entries_under_80_columns():
    from stixxcli_games.stixx.render import legend

    from stixxcli.colours import letters

    log = house_log(
        "stixx", 4, board_radius=1, colours=TWELVE, stixx_per_colour=1, centre_star_all_colours=False
    )
    ((_, state),) = states(log, [0])
    lines = legend(state).plain.splitlines()
    assert len(lines) > 1 and all(len(line) < 80 for line in lines)
    entries = [f"{tag} {colour}" for tag, colour in zip(letters(TWELVE), TWELVE)] + ["M the marker"]
    assert [entry for line in lines for entry in line.split("  ")] == entries


# Player names as people write them: long enough to run into a score drawn beside them.
LONG_NAMES = [
    "Christopher Montgomery-Fitzwilliam",
    "Alexandra Whitfield-Hohenzollern",
    "Bartholomew Pemberton the Third",
    "Maximiliane Alexandrina von Hohenzollern-Sigmaringen",
]


def _box(element):
    """Left, right of a text element as `text_width` reckons it (bold's width)."""
    from stixxcli.svg import text_width

    x, size = float(element.get("x")), float(element.get("font-size") or 14)
    w = text_width("".join(element.itertext()), size)
    anchor = element.get("text-anchor")
    left = x - w / 2 if anchor == "middle" else x - w if anchor == "end" else x
    return left, left + w


def _line(root, y, top, bottom=None):
    """The texts whose baseline is at `y` (within 1), between x `top` and `bottom`."""
    return sorted(
        (
            t
            for t in root.iter(SVG + "text")
            if abs(float(t.get("y")) - y) < 1 and "".join(t.itertext()).strip()
        ),
        key=lambda t: _box(t)[0],
    )


@pytest.mark.parametrize("game,variant", [("stixx", "standard"), ("sixto", "standard"),
                                          ("fishstix", "standard"), ("trixo", "teams")])  # fmt: skip
def test_a_long_player_name_stays_clear_of_the_scores_beside_it(game, variant):
    """A name of 30-odd letters ran over the score (Stixx, Sixto), over the
    points of the first kinds (Fish Stix) or past the panel and the picture
    (Trixo's team line): it is shortened to its room, the scores stay whole."""
    from stixxcli.table import play_bots

    log = play_bots(game, ["random"] * 4, "names", variant=variant, names=LONG_NAMES)
    for index, state in states(log, [0, 5, len(log["moves"])]):
        for viewer in (None, 1):
            root = parse(state.draw_svg(viewer))
            width = float(root.get("width"))
            named = [
                t
                for t in root.iter(SVG + "text")
                if "".join(t.itertext()).startswith(tuple(n[:12] for n in LONG_NAMES))
            ]
            assert named, (index, viewer)
            for text in named:
                left, right = _box(text)
                assert right <= width + 1, (index, viewer, "".join(text.itertext()))
                # Every other text on the name's line (a score, a total, the points) starts after it.
                for other in _line(root, float(text.get("y")), left):
                    if other is text:
                        continue
                    o_left, o_right = _box(other)
                    assert o_right <= left or o_left >= right, (
                        index,
                        viewer,
                        "".join(text.itertext()),
                        "".join(other.itertext()),
                    )


def test_stixx_stixx_held_stay_inside_the_players_panel():
    """A player holding stixx of many colours (a house rule's 14 colours of 3):
    the small sticks ran past the panel and out of the picture; they go on the
    next line of a taller panel."""
    colours = TWELVE + ["teal", "lime"]
    log = house_log("stixx", 2, colours=colours, stixx_per_colour=3, centre_star_all_colours=False)
    ((_, state),) = states(log, [len(log["moves"])])
    assert max(len(p["held"]) for p in state.view(None)["players"]) >= 10  # many colours held
    root = parse(state.draw_svg(None))
    width, height = float(root.get("width")), float(root.get("height"))
    panels = by_class(root, "player")
    for panel in panels:
        frame = panel.find(SVG + "rect")
        x0, y0 = float(frame.get("x")), float(frame.get("y"))
        x1, y1 = x0 + float(frame.get("width")), y0 + float(frame.get("height"))
        for held in by_class(panel, "held"):
            x, y = float(held.get("x")), float(held.get("y"))
            assert (
                x0 <= x
                and x + float(held.get("width")) <= x1
                and y0 <= y
                and y + float(held.get("height")) <= y1
            )
        for text in panel.iter(SVG + "text"):
            left, right = _box(text)
            assert x0 <= left and right <= x1 + 1 and y0 <= float(text.get("y")) <= y1, "".join(
                text.itertext()
            )
        assert x1 <= width and y1 <= height
    # Panels one under the other, never over each other.
    frames = [p.find(SVG + "rect") for p in panels]
    for a, b in zip(frames, frames[1:]):
        assert float(a.get("y")) + float(a.get("height")) <= float(b.get("y"))
