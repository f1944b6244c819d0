"""The board of the rulings and the layouts the setup draws."""

import random
import time
from collections import Counter

import pytest
from stixxcli_games.stixx.board import board, segment_count
from stixxcli_games.stixx.layout import conflicts, layout_problem, random_layout, recorded_layout

from stixxcli.engine import drive


def test_geometry_of_the_rulings():
    grid = board(2)
    assert len(grid.points) == 19
    assert grid.points[9] == (0, 0)  # the centre is point 9
    assert grid.points[0] == (0, -2) and grid.points[18] == (0, 2)
    assert grid.size == 42 == segment_count(2)
    assert list(grid.stixx) == sorted(grid.stixx)
    assert all(i < j for i, j in grid.stixx)
    assert grid.centre_star == (13, 15, 21, 24, 25, 26)
    assert all(9 in grid.stixx[s] for s in grid.centre_star)
    assert set(Counter(len(t) for t in grid.touches)) == {5, 7, 8, 10}


def test_touching_is_sharing_an_end_point():
    grid = board(2)
    for s, (i, j) in enumerate(grid.stixx):
        shared = {t for t, ends in enumerate(grid.stixx) if t != s and {i, j} & set(ends)}
        assert set(grid.touches[s]) == shared
        assert all(s in grid.touches[t] for t in grid.touches[s])
    # Stixx 0 joins points 0 and 1 on the top edge: it touches the stixx at those two corners.
    assert grid.stixx[0] == (0, 1)
    assert grid.touches[0] == (1, 2, 3, 4, 5)


def test_smaller_board():
    grid = board(1)
    assert (len(grid.points), grid.size) == (7, 12)
    assert len(grid.centre_star) == 6


@pytest.mark.parametrize("seed", range(40))
def test_drawn_layouts_have_full_centre_star_and_no_touching_colours(seed):
    grid = board(2)
    layout = random_layout(grid, 6, 7, True, random.Random(seed))
    assert Counter(layout) == {c: 7 for c in range(6)}
    assert sorted(layout[s] for s in grid.centre_star) == list(range(6))
    assert conflicts(grid, layout) == []
    assert layout_problem(grid, layout, list("abcdef"), 7, True) is None


def test_layouts_are_fast_and_differ():
    grid = board(2)
    start = time.perf_counter()
    layouts = {tuple(random_layout(grid, 6, 7, True, random.Random(seed))) for seed in range(30)}
    per_layout = (time.perf_counter() - start) / 30
    assert per_layout < 0.25
    assert len(layouts) == 30
    # Every colour reaches every place over the draws: the walk spreads them.
    seen = {(s, layout[s]) for layout in layouts for s in range(grid.size)}
    assert len(seen) > 0.9 * 42 * 6


def test_setup_draws_and_parses(kit):
    setup = drive(
        kit.game.setup(kit.rules(), ["Ann", "Bob", "Cas"]),
        lambda ask: ask.draw(random.Random(ask.name)),
        None,
    )
    assert set(setup) == {"layout", "secret_colours", "starts"}
    assert len(set(setup["secret_colours"])) == 3 and setup["starts"] == 0
    state = kit.game.start(kit.rules(), ["Ann", "Bob", "Cas"], setup)
    assert state.warnings == []


def test_setup_chances_are_private_and_typed(kit):
    questions = kit.game.setup(kit.rules(), ["Ann", "Bob"])
    layout_chance = next(questions)
    assert layout_chance.seat is None
    initials = "".join(c[0] for c in kit.layout)
    assert layout_chance.parse(initials) == kit.layout
    assert layout_chance.parse(" ".join(kit.layout)) == kit.layout
    with pytest.raises(ValueError, match="42 colour letters are needed"):
        layout_chance.parse("r o y")
    broken = list(kit.layout)
    a, b = (
        kit.board.centre_star[0],
        next(
            s
            for s in range(42)
            if s not in kit.board.centre_star and kit.layout[s] != kit.layout[kit.board.centre_star[0]]
        ),
    )
    broken[a], broken[b] = broken[b], broken[a]
    with pytest.raises(ValueError, match="centre star"):
        layout_chance.parse(" ".join(broken))
    ann = questions.send(kit.layout)
    assert ann.seat == 0
    assert ann.parse("Red") == "red" and ann.parse("p") == "purple"
    bob = questions.send("red")
    assert bob.seat == 1
    with pytest.raises(ValueError, match="the red token cannot be drawn now: check the token you drew"):
        bob.parse("red")
    for _ in range(50):  # six tokens, drawn without putting one back
        assert bob.draw(random.Random()) != "red"


def _plain_reading(grid, layout, names, per_colour, star):
    """What recorded_layout says, worked out the plain way: counts, star, every touching pair."""
    counts = Counter(layout)
    wrong = [c for c in range(len(names)) if counts[c] != per_colour]
    if wrong:
        return f"the layout holds {counts[wrong[0]]} {names[wrong[0]]} stixx", []
    seen = [layout[s] for s in grid.centre_star]
    if star and len(set(seen)) != len(seen):
        return "the centre star", []
    pairs = [(a, b) for a in range(grid.size) for b in grid.touches[a] if a < b and layout[a] == layout[b]]
    return None, pairs


@pytest.mark.parametrize(
    "radius, colours, star",
    [(2, 6, True), (2, 6, False), (2, 3, False), (2, 2, False), (2, 7, False), (2, 42, False), (1, 6, True)],
)
def test_a_recorded_layout_read_from_one_sum_is_the_plain_reading(radius, colours, star):
    grid = board(radius)
    per = grid.size // colours
    names = [f"c{c}" for c in range(colours)]
    rng = random.Random(f"{radius}-{colours}")
    for trial in range(400):
        if colours == 6 and trial % 3 == 0:
            layout = random_layout(grid, colours, per, star, rng)
        else:
            layout = [c for c in range(colours) for _ in range(per)]
            rng.shuffle(layout)
        if trial % 4 == 1:  # a colour too many, another too few
            layout[rng.randrange(grid.size)] = rng.randrange(colours)
        if trial % 5 == 2:
            a, b = rng.randrange(grid.size), rng.randrange(grid.size)
            layout[a], layout[b] = layout[b], layout[a]
        problem, pairs = recorded_layout(grid, layout, names, per, star)
        plain_problem, plain_pairs = _plain_reading(grid, layout, names, per, star)
        assert (problem is None) == (plain_problem is None), (layout, problem)
        assert problem is None or problem.startswith(plain_problem), (problem, plain_problem)
        assert pairs == plain_pairs and pairs == (conflicts(grid, layout) if problem is None else [])
        assert layout_problem(grid, layout, names, per, star) == problem
