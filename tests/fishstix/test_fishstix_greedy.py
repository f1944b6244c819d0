"""The greedy bot's shortcuts against the from-scratch rules: the edge it keeps
(every empty cell beside a fish, with the lines a fish there would join)
against a scan of the grid, and its best options against grid.points of
every option, on hand-made positions and at every turn of bot games."""

import random

from fishstix_helpers import game, move, position, standard_rules
from stixxcli_games.fishstix.board import STANDARD_KINDS
from stixxcli_games.fishstix.bots import GreedyBot
from stixxcli_games.fishstix.edge import Edge
from stixxcli_games.fishstix.grid import Grid, place_key

from stixxcli.rules import resolve
from stixxcli.table import Table

FISH = range(2 * len(STANDARD_KINDS))


def _scanned_edge(grid) -> dict:
    """place_key of each empty cell beside a fish -> {fish: points of one fish
    of that kind placed there}, from grid.points of a one-fish stick."""
    cells = grid.cells
    edge = {}
    for column, row in cells:
        for cell in ((column - 1, row), (column + 1, row)):
            if cell in cells:
                continue
            worth = {}
            for f in FISH:
                points = grid.points((f,), *cell, STANDARD_KINDS)
                if points:
                    worth[f] = points[STANDARD_KINDS[f >> 1]]
            edge[place_key(*cell)] = worth
    return edge


def _kept_edge(edge: Edge) -> dict:
    kept = {}
    for key, lines in edge.lines.items():
        assert len({f for f, _ in lines}) == len(lines), "a fish's line counted twice"
        kept[key] = dict(lines)
    return kept


def _check_edge(grid, edge: Edge) -> None:
    assert _kept_edge(edge) == _scanned_edge(grid)
    assert edge.rows == {row: line for row, line in grid.rows.items() if line}


def _place_both(grid: Grid, edge: Edge, fish: tuple, column: int, row: int) -> None:
    grid.place("s", False, column, row, 0, fish)
    edge.place(fish, column, row)


def test_the_edge_matches_a_scan_on_hand_made_grids():
    blue, green, pink = 1, 3, 5  # facing right; facing left is one less
    grid, edge = Grid(), Edge()
    _place_both(grid, edge, (blue, green, pink, 0), 0, 0)
    _check_edge(grid, edge)
    for fish, column, row in [
        ((blue, green, 4, blue), 1, 0),  # lines of two on rows 0 and 1
        ((blue, 2, pink, green), 3, 0),  # a gap at column 2: blue on both sides of it
        ((blue, green, pink, 7), 4, 0),  # the line beyond the gap grows
        ((8, 9, blue, 11), 2, -3),  # fills the gap: one blue line of five
        ((blue - 1, blue - 1, blue, blue), -1, 1),  # facing the other way: no line with blue>
        ((pink, pink, pink, pink), 6, 0),  # a gap of one between two different lines
        ((blue, blue, blue, blue), 5, -2),  # fills it between pink and the blue line
        ((green, green, green, green), -3, -1),  # a gap of one beside a single fish
        ((green, green, green, green), 7, -1),
        ((10, 10, 10, 10), 8, 100),  # far below, alone in its rows
    ]:
        _place_both(grid, edge, fish, column, row)
        _check_edge(grid, edge)


def test_the_edge_matches_a_scan_at_every_turn_of_bot_games():
    rules = standard_rules()
    for seed, bots in enumerate([["random"] * 3, ["greedy", "random"], ["random"] * 4, ["greedy"] * 3]):
        players = [{"name": f"p{seat}", "bot": bot} for seat, bot in enumerate(bots)]
        table = Table.new(game(), rules, "standard", players, f"edge-{seed}")
        edge, seen = Edge(), 0
        while True:
            placed = table.state.grid.placed
            for _, _, column, row, _, fish in placed[seen:]:
                edge.place(fish, column, row)
            seen = len(placed)
            _check_edge(table.state.grid, edge)
            if table.over:
                break
            table.play_turn()


def _scratch_best(state, seat: int, options) -> list[int]:
    """The options worth the most useful points, valued one by one with
    grid.points as the state scores a move."""
    track, hand = state.tracks[seat], state.hands[seat]
    values = []
    for o in range(len(options)):
        answer = options[o]
        stick = hand[answer["hand"] - 1]
        fish = (state.turned_fish if answer["turned"] else state.fish)[stick]
        points = state.grid.points(fish, answer["column"], answer["row"], state.kinds)
        need = {kind: state.target - track[state.deck.index[kind]] for kind in points}
        values.append(sum(min(n, need[kind]) for kind, n in points.items()))
    most = max(values, default=0)
    return [o for o, value in enumerate(values) if value == most] if most > 0 else []


def _check_best(state, bot: GreedyBot) -> None:
    ask = next(state.turn())
    assert bot.best(state.view(ask.seat), ask) == _scratch_best(state, ask.seat, ask.options)


def test_the_best_options_match_a_valuation_of_every_option_at_every_turn_of_bot_games():
    useful = 0
    for seed, (variant, bots) in enumerate(
        [
            ("standard", ["random"] * 3),
            ("standard", ["greedy"] * 3),
            ("standard", ["greedy", "random"]),
            ("quick", ["random", "greedy", "random", "greedy"]),
            ("pile-empty", ["random"] * 2),
        ]
    ):
        rules = resolve(game(), variant).values
        players = [{"name": f"p{seat}", "bot": bot} for seat, bot in enumerate(bots)]
        table = Table.new(game(), rules, variant, players, f"best-{seed}")
        # One bot a seat kept all game, as in play, and now and then a new one.
        mine = [GreedyBot(game(), rules, seat, random.Random(seat)) for seat in range(len(bots))]
        while not table.over:
            state = table.state
            _check_best(state, mine[state.seat])
            if state.turns % 5 == 0:
                _check_best(state, GreedyBot(game(), rules, state.seat, random.Random(0)))
            useful += bool(_scratch_best(state, state.seat, next(state.turn()).options))
            table.play_turn()
    assert useful > 100  # the games did offer points to take


def test_the_best_options_match_on_hand_made_positions():
    # A line on both sides of a gap, two fish of one kind on the stick, and a
    # kind already full (its points count nothing).
    start = "blue> green> school> orange>"
    hands = [
        ["blue> green> pink> <purple", "blue> blue> <pink <pink", "<orange <orange <orange <orange"],
        ["green> <pink <orange purple>", "<green <green <school blue>", "green> green> green> green>"],
    ]
    _, state = position(start, hands)
    bots = [GreedyBot(game(), standard_rules(), seat, random.Random(seat)) for seat in range(2)]
    _check_best(state, bots[0])
    for stick, column, row, points in [
        ("blue> green> pink> <purple", 1, 0, {"blue": 2, "green": 2}),
        ("green> <pink <orange purple>", 2, 1, {"green": 3}),
        ("blue> blue> <pink <pink", 3, 0, {"pink": 2}),
    ]:
        state.apply(move(state, stick, column, row, points=points))
        _check_best(state, bots[state.seat])
    state.tracks[1][state.deck.index["blue"]] = state.target
    _check_best(state, bots[1])
    state.tracks[1] = [state.target] * len(state.kinds)
    assert bots[1].best(state.view(1), next(state.turn())) == []
