"""The greedy bot weighs every play from the masks of the table before it
(outlook.py): only what a play touches can make or break a streak. Here every
play's value found that way equals the value found from scratch (the play made
on a copy of the layout, its streaks collected, every placement and slide of
the next player tried), on hand-made positions and at every turn of random
games; and the plays the pruned search keeps are those of highest value."""

import random
from itertools import product

from stixxcli_games.trixo.board import ARROW
from stixxcli_games.trixo.bots import SPEND, GreedyBot, _groups
from stixxcli_games.trixo.outlook import THREAT_WEIGHT, TIE, TILE_VALUE, Costs, Outlook
from test_trixo_speed import scratch_values
from trixo_helpers import Script, game, rulebook_diagonal

from stixxcli.replays import replay
from stixxcli.table import play_bots


def compare(rules, state, seed=0) -> int:
    """The quick values against those from scratch, at the turn of `state`;
    the number of plays compared."""
    choice = next(state.turn())
    if choice.name != "play":
        return 0
    view = state.view(state.seat)
    bot = GreedyBot(game(), rules, state.seat, random.Random(seed))
    holds = bot._holding_chances(view)
    symbols = [(tile, p) for tile, p in holds.items() if p > 0 and tile != ARROW]

    def outlook():
        return Outlook(view["table"], rules["max_stack"], symbols, holds.get(ARROW, 0))

    scratch = scratch_values(bot, view, choice)
    quick = outlook().best_plays(_groups(choice.options), SPEND, every=True)
    assert quick == scratch, (state.layout, state.hands[state.seat])
    top = max(scratch)
    assert outlook().best_plays(_groups(choice.options), SPEND) == [
        i for i, value in enumerate(scratch) if abs(value - top) <= TIE
    ]
    return len(scratch)


def test_hand_made_positions():
    compared = 0
    # A pair of x to complete, and a stack to cover.
    s = Script([["x", "x", "o", "trixo"], ["o", "x", "o", "arrow"]])
    s.play("x 0 0", "o 0 1", "x 1 0")
    compared += compare(s.log["rules"], s.state)
    # The rulebook's slide: a row slid right makes a diagonal of x.
    s = rulebook_diagonal()
    compared += compare(s.log["rules"], s.state)
    # Streaks with trixo tiles in them (each adds 1), stacks to collect.
    s = Script([["trixo", "trixo", "x", "o", "x"], ["o", "trixo", "x", "o", "arrow"]])
    s.play("trixo 0 0", "o 0 1", "trixo 1 1", "trixo 0 1", "x 1 0", "x 1 1")
    compared += compare(s.log["rules"], s.state)
    # Stacks of one and two: fewer places to block.
    for max_stack in (1, 2):
        s = Script([["x", "o", "x", "arrow"], ["o", "x", "o", "x"]], max_stack=max_stack)
        s.play("x 0 0", "o 1 0", "o 0 1", "x 1 1")
        compared += compare(s.log["rules"], s.state)
    # The first tile: one place.
    s = Script([["x", "o"], ["o", "x"]])
    compared += compare(s.log["rules"], s.state)
    assert compared > 40


def test_every_turn_of_random_games():
    compared = 0
    for players, seeds in ((3, range(4)), (2, range(3)), (4, range(2))):
        for seed in seeds:
            log = play_bots("trixo", ["random"] * players, f"outlook-{players}-{seed}")
            for step in replay(log):
                if step.state.over:
                    break
                compared += compare(log["rules"], step.state, seed)
    assert compared > 3000


def test_costs_as_the_plain_sorted_sum():
    """Costs sorts the gains only when more than one is above 0: the cost is
    still the plain sum over the gains sorted, to the last bit."""
    chances = (0.3, 0.7, 0.55, 0.2)
    costs = Costs(chances)
    for gains in product(range(3), repeat=len(chances)):
        expected, missing = 0.0, 1.0
        for gain, p in sorted(zip(gains, chances), reverse=True):
            if gain == 0:
                break
            expected += missing * p * gain
            missing *= 1 - p
        assert costs[gains] == THREAT_WEIGHT * TILE_VALUE * expected, gains
