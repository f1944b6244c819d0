"""The SVG drawings: valid, self-contained XML with a title, and what they
draw counted against the state (sticks, boxes, fish, tiles), for every
example at its start, after one move, half-way and at the end; another
player's secret absent from a player's drawing."""

from __future__ import annotations

import re

import pytest
from pictures_helpers import EXAMPLES, SVG, by_class, example, middle, parse, read_one, self_contained, states

from stixxcli.colours import letters


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_example_draws_valid_self_contained_svg(path):
    log = read_one(str(path), None)
    seats = len(log["players"])
    for _, state in states(log, middle(log)):
        for viewer in [None, *range(seats)]:
            svg = state.draw_svg(viewer)
            self_contained(svg)
            assert not re.search("[\x00-\x08\x0b\x0c\x0e-\x1f]", svg)


# Stixx ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ["2-players.json", "4-players-dutch-edition.json", "6-players.json"])
def test_stixx_draws_each_stixx_on_the_board_in_its_colour_and_the_marker_on_its_place(name):
    log = example("stixx", name)
    for index, state in states(log, middle(log)):
        view = state.view(None)
        root = parse(state.draw_svg(None))
        sticks = by_class(root, "stixx")
        assert sorted(int(s.get("data-id")) for s in sticks) == sorted(view["on_board"])
        for s in sticks:
            assert s.get("data-colour") == view["layout"][int(s.get("data-id"))]
        colours = list(state.colours)
        tags = dict(zip(colours, letters(colours)))
        labels = {"".join(s.itertext()) for s in sticks}
        assert labels == {f"{tags[view['layout'][i]]}{i}" for i in view["on_board"]}
        markers = by_class(root, "marker")
        if view["marker"] is None:
            assert markers == [], index
        else:
            assert [int(m.get("data-place")) for m in markers] == [view["marker"]]
        held = by_class(root, "held")
        assert len(held) == sum(sum(p["held"].values()) for p in view["players"])
        assert len(by_class(root, "groove")) == 42 and len(by_class(root, "point")) == 19


def test_stixx_player_drawing_shows_only_colours_that_player_knows():
    log = example("stixx", "6-players.json")
    for index, state in states(log, [0, 5, 10, 20]):
        for viewer in range(6):
            view = state.view(viewer)
            root = parse(state.draw_svg(viewer))
            shown = {int(g.get("data-seat")): g.get("data-colour") for g in by_class(root, "player")}
            assert shown == {p["seat"]: p["colour"] or "?" for p in view["players"]}
            assert shown[viewer] == state.colours[state.secret[viewer]]


def test_stixx_secret_colours_are_absent_from_a_player_drawing_not_hidden():
    """Give a still-hidden opponent another colour: the viewer's drawing is the same file."""
    log = example("stixx", "6-players.json")
    for index, state in states(log, [0, 3, 8]):
        viewer = 0
        before = state.draw_svg(viewer)
        hidden = [p["seat"] for p in state.view(viewer)["players"] if p["colour"] is None]
        assert hidden, index
        saved = list(state.secret)
        try:
            a = hidden[0]
            state.secret[a] = (state.secret[a] + 1) % len(state.colours)
            assert state.draw_svg(viewer) == before
            assert state.draw_svg(None) != before
        finally:
            state.secret[:] = saved


# Sixto ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["2-players.json", "4-players.json", "solo.json"])
def test_sixto_draws_every_sheet_box_cross_and_lost_box(name):
    log = example("sixto", name)
    for _, state in states(log, middle(log)):
        view = state.view(None)
        root = parse(state.draw_svg(None))
        sheets = by_class(root, "sheet")
        assert len(sheets) == len(view["players"])
        for sheet, player in zip(sheets, view["players"]):
            boxes = by_class(sheet, "box")
            assert len(boxes) == 72
            crossed = [b for b in boxes if b.get("data-state") == "crossed"]
            lost = [b for b in boxes if b.get("data-state") == "lost"]
            assert len(crossed) == sum(len(r["crossed"]) for r in player["rows"])
            assert len(lost) == sum(len(r["lost"]) for r in player["rows"])
            assert len(by_class(sheet, "cross")) == len(crossed)
            for box in crossed:
                row = next(r for r in player["rows"] if r["colour"] == box.get("data-colour"))
                assert int(box.get("data-box")) in row["crossed"]
            points = [int(t.text) for t in by_class(sheet, "row-points")]
            assert points == player["score"]["rows"]
            columns = [int(t.text) for t in by_class(sheet, "column-points")]
            assert columns == player["score"]["columns"]
            assert by_class(sheet, "total")[0].text.endswith(f"{player['score']['total']} points")


def test_sixto_columns_stand_at_the_same_place_on_every_sheet():
    log = example("sixto", "4-players.json")
    _, state = next(states(log, [5]))
    root = parse(state.draw_svg(None))
    offsets = []
    for sheet in by_class(root, "sheet"):
        left = float(sheet.find("{http://www.w3.org/2000/svg}rect").get("x"))
        xs = [
            float(b.find("{http://www.w3.org/2000/svg}rect").get("x")) - left for b in by_class(sheet, "box")
        ]
        offsets.append(xs)
    assert all(o == offsets[0] for o in offsets)


def test_sixto_draws_the_dice_of_the_last_roll():
    log = example("sixto", "2-players.json")
    _, state = next(states(log, [3]))
    root = parse(state.draw_svg(None))
    last = state.view(None)["last_rolls"][-1]
    assert sorted(int(d.get("data-value")) for d in by_class(root, "die")) == sorted(last.values())


# Fish Stix --------------------------------------------------------------------


def _fish_of(placed):
    out = []
    for p in placed:
        for word in p["fish"].split():
            out.append((word.strip("<>"), "left" if word.startswith("<") else "right"))
    return sorted(out)


@pytest.mark.parametrize("name", ["2-players.json", "3-players.json", "4-players-pile-empty.json"])
def test_fishstix_draws_each_stick_as_one_piece_and_each_fish_facing_its_way(name):
    log = example("fishstix", name)
    for _, state in states(log, middle(log)):
        view = state.view(None)
        placed = view["grid"] if "grid" in view else view["layout"]
        root = parse(state.draw_svg(None))
        sticks = by_class(root, "stick")
        assert len(sticks) == len(placed)
        fish = [(f.get("data-kind"), f.get("data-facing")) for f in by_class(root, "fish")]
        assert sorted(fish) == _fish_of(placed)
        assert len(by_class(root, "last")) == (1 if len(placed) > 1 else 0)
        totals = {int(t.get("data-seat")): int(t.text) for t in by_class(root, "total")}
        assert totals == {seat: sum(track.values()) for seat, track in enumerate(view["tracks"])}


def test_fishstix_draws_a_stick_the_same_wherever_the_grid_begins():
    """A stick is drawn at its own origin and moved into place: the replay page
    keeps a piece drawn the same at every step once, and the grid moves as it
    grows to the left and up (every stick's every fish was drawn again)."""
    import xml.etree.ElementTree as ET

    log = example("fishstix", "2-players.json")
    drawn: dict[str, set[str]] = {}
    places: dict[str, set[str]] = {}
    for _, state in states(log):
        for stick in by_class(parse(state.draw_svg(None)), "stick"):
            if "last" not in stick.get("class").split():  # the last one is outlined in red
                moved = [part.attrib.pop("transform") for part in stick if part.tag == SVG + "g"]
                places.setdefault(stick.get("data-order"), set()).add(str(moved))
                drawn.setdefault(stick.get("data-order"), set()).add(ET.tostring(stick, encoding="unicode"))
    assert all(len(d) == 1 for d in drawn.values())
    assert any(len(p) > 1 for p in places.values())  # the grid did move


@pytest.mark.parametrize("name", ["2-players.json", "4-players-pile-empty.json"])
def test_fishstix_marks_the_runs_the_last_stick_scored(name):
    log = example("fishstix", name)
    for index, state in states(log):
        if index == 0:
            continue
        move = log["moves"][index - 1]
        root = parse(state.draw_svg(None))
        runs = by_class(root, "run")
        # A run of n fish scores n points for its kind (before the cap).
        scored: dict[str, int] = {}
        for run in runs:
            scored[run.get("data-kind")] = scored.get(run.get("data-kind"), 0) + int(run.get("data-length"))
        assert scored == {k: v for k, v in move["points"].items() if v}, index


def test_fishstix_hands_of_others_are_absent_from_a_player_drawing():
    log = example("fishstix", "3-players.json")
    for index, state in states(log, [2, 10]):
        root = parse(state.draw_svg(1))
        assert {int(h.get("data-seat")) for h in by_class(root, "hand-stick")} == {1}
        before = state.draw_svg(1)
        other = state.hands[0]
        in_pile = next(s for s, n in state.pile.items() if n and s not in other)
        saved = (list(other), dict(state.pile))
        try:
            # Swap a stick of seat 0's hand with one from the pile: nothing seat 1 can know changes.
            out = other[0]
            other[0] = in_pile
            state.pile[in_pile] -= 1
            state.pile[out] = state.pile.get(out, 0) + 1
            assert state.draw_svg(1) == before
            assert state.draw_svg(0) != before
        finally:
            other[:] = saved[0]
            state.pile.clear()
            state.pile.update(saved[1])


# Trixo ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["2-players.json", "3-players.json", "teams.json"])
def test_trixo_draws_each_stack_with_its_height_and_the_collections(name):
    log = example("trixo", name)
    for _, state in states(log, middle(log)):
        view = state.view(None)
        root = parse(state.draw_svg(None))
        stacks = by_class(root, "stack")
        drawn = {g.get("data-cell"): (int(g.get("data-height")), g.get("data-top")) for g in stacks}
        assert drawn == {
            f"{e['cell'][0]},{e['cell'][1]}": (len(e["stack"]), e["stack"][-1]) for e in view["table"]
        }
        assert len([t for s in stacks for t in by_class(s, "tile")]) == sum(
            len(e["stack"]) for e in view["table"]
        )
        totals = {int(g.get("data-seat")): int(g.get("data-total")) for g in by_class(root, "collected")}
        assert totals == {s: sum(c.values()) for s, c in enumerate(view["collected"])}
        free = {g.get("data-cell") for g in by_class(root, "free")}
        assert not free & set(drawn)
        room = {g.get("data-cell") for g in stacks if by_class(g, "free-stack")}
        if view["over"]:
            assert free == set() and room == set()
        else:
            assert room == {cell for cell, (height, _) in drawn.items() if height < state.max_stack}


def test_trixo_free_cells_are_the_legal_placements():
    from stixxcli_games.trixo.board import can_place

    log = example("trixo", "2-players.json")
    for _, state in states(log, [1, 4, 9]):
        root = parse(state.draw_svg(None))
        free = {tuple(map(int, g.get("data-cell").split(","))) for g in by_class(root, "free")}
        assert free
        for cell in free:
            assert any(can_place(state.layout, t, cell, state.max_stack) for t in ("x", "o", "trixo"))


def test_trixo_legend_stays_left_of_the_players_on_an_empty_table():
    """At the start the grid is one cell wide: the legend below it, two
    columns wide, must still end before the players' panel begins."""
    from stixxcli.svg import text_width

    log = example("trixo", "2-players.json")
    for _, state in states(log, [0, 1]):
        root = parse(state.draw_svg(None))
        texts = {t.text: float(t.get("x")) for t in root.iter(SVG + "text")}
        assert texts["arrow"] + text_width("arrow", 13) < texts["players"], state.layout


def test_trixo_hands_of_others_are_absent_from_a_player_drawing():
    log = example("trixo", "3-players.json")
    for _, state in states(log, [3]):
        root = parse(state.draw_svg(2))
        assert {h.get("data-tile") for h in by_class(root, "hand-tile")} <= set(state.hands[2])
        assert len(by_class(root, "hand-tile")) == len(state.hands[2])
        before = state.draw_svg(2)
        other = state.hands[0]
        spare = next(t for t, n in state.reserve.items() if n and t != other[0])
        saved = (list(other), dict(state.reserve))
        try:
            out = other[0]
            other[0] = spare
            state.reserve[spare] -= 1
            state.reserve[out] += 1
            assert state.draw_svg(2) == before
        finally:
            other[:] = saved[0]
            state.reserve.clear()
            state.reserve.update(saved[1])


# The README's pictures ------------------------------------------------------------

DOC_PICTURES = [
    ("stixx", "6-players.json", 10),
    ("sixto", "2-players.json", 8),
    ("fishstix", "2-players.json", 12),
    ("trixo", "3-players.json", 23),
]


@pytest.mark.parametrize("game,name,to", DOC_PICTURES, ids=[d[0] for d in DOC_PICTURES])
def test_readme_pictures_are_what_the_code_draws(game, name, to):
    from pictures_helpers import ROOT

    committed = (ROOT / "docs" / "pictures" / f"{game}.svg").read_text(encoding="utf-8")
    self_contained(committed)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    # "after N moves", as `replay --svg` says: moves are numbered from 0, so "move N" is the next one
    assert f"(docs/pictures/{game}.svg)" in readme and f"`{name}`, after {to} moves" in readme
    _, state = next(states(example(game, name), [to]))
    assert committed == state.draw_svg(None), (
        f"docs/pictures/{game}.svg is out of date: stixx replay examples/{game}/{name} "
        f"--to {to} --svg docs/pictures/{game}.svg"
    )
