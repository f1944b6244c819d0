"""The quick paths choose and check exactly as the slow ones: the lazy list of
plays is the list of plays, and the greedy bot, which tries only what can
change a streak and prunes what cannot be best, picks what trying every play
on every cell picks."""

import random

import pytest
from stixxcli_games.trixo import board
from stixxcli_games.trixo.board import ARROW, TILES
from stixxcli_games.trixo.bots import SPEND, THREAT_WEIGHT, TILE_VALUE, GreedyBot
from trixo_helpers import game

from stixxcli.replays import replay
from stixxcli.table import play_bots


def positions(lineups, seeds):
    """(state, its choice) at every turn of seeded games (states change in place:
    use each before the next)."""
    for bots in lineups:
        for seed in seeds:
            log = play_bots("trixo", bots, f"speed-{seed}")
            for step in replay(log):
                if step.state.over:
                    break
                yield log, step.state, next(step.state.turn())


def test_the_lazy_plays_are_the_list_of_plays():
    for _, state, choice in positions([["random"] * 3], range(4)):
        if choice.name != "play":
            continue
        plays = choice.options
        listed = [plays[i] for i in range(len(plays))]
        assert listed == board.legal_plays(state.layout, state.hands[state.seat], state.seat, state.max_stack)
        assert plays[-1] == listed[-1] and plays[1:3] == listed[1:3]
        with pytest.raises(IndexError):
            plays[len(plays)]
        assert all(play in plays for play in listed)
        outsider = dict(listed[0], seat=state.seat + 1)
        assert outsider not in plays and dict(listed[0], draw="x") not in plays and "x 0 0" not in plays


# The greedy bot as its docs describe it, every play and every cell tried ----------------


def brute_gain(layout, tile, max_stack):
    best = 0
    if tile == ARROW:
        for line, index, direction in board.slides(layout):
            after, moved = board.slide(layout, line, index, direction)
            best = max(best, len(board.collect(after, moved)))
        return best
    for cell in board.placements(layout, tile, max_stack):
        after = dict(layout)
        after[cell] = after.get(cell, ()) + (tile,)
        best = max(best, len(board.collect(after, [cell])))
    return best


def scratch_values(bot, view, choice) -> list[float]:
    """Every play's value from scratch, in the order of the plays: the play
    made on a copy of the layout, its streaks collected, every placement and
    slide of the next player tried."""
    layout = {tuple(e["cell"]): tuple(e["stack"]) for e in view["table"]}
    holds = bot._holding_chances(view)
    max_stack = bot.rules["max_stack"]
    values = []
    for option in choice.options:
        after, changed = board.play(layout, option)
        taken = board.collect(after, changed)
        value = TILE_VALUE * len(taken) + taken.count("trixo") - SPEND[option["tile"]]
        gains = sorted(
            ((brute_gain(after, t, max_stack), p) for t, p in holds.items() if p > 0), reverse=True
        )
        expected, missing = 0.0, 1.0
        for gain, p in gains:
            if gain == 0:
                break
            expected += missing * p * gain
            missing *= 1 - p
        values.append(value - THREAT_WEIGHT * TILE_VALUE * expected)
    return values


def brute_choice(bot, view, choice):
    values = scratch_values(bot, view, choice)
    best, scored = None, []
    for option, value in zip(choice.options, values):
        if best is None or value > best + 1e-9:
            best, scored = value, [option]
        elif abs(value - best) <= 1e-9:
            scored.append(option)
    return bot.rng.choice(scored)


def test_greedy_chooses_as_trying_everything_would():
    trixo = game()
    compared = 0
    for log, state, choice in positions([["greedy", "random", "greedy"], ["greedy", "greedy"]], range(3)):
        if choice.name != "play":
            continue
        view = state.view(state.seat)
        bot = GreedyBot(trixo, log["rules"], state.seat, random.Random(compared))
        quick = bot.choose(view, choice)
        bot.rng.seed(compared)
        assert quick == brute_choice(bot, view, choice), (state.layout, state.hands[state.seat])
        compared += 1
    assert compared > 150


def test_greedy_with_stacks_of_two_and_one_arrow():
    """Other rules change what is legal; the quick paths follow them."""
    trixo = game()
    rules = dict(play_bots("trixo", ["random", "random"], 0)["rules"], max_stack=2)
    rules["tiles"] = {"x": 10, "o": 10, "trixo": 4, "arrow": 1}
    from stixxcli.table import Table

    players = [{"name": "a", "bot": "greedy"}, {"name": "b", "bot": "greedy"}]
    table = Table.new(trixo, rules, "house", players, "stacks-of-one")
    compared = 0
    while not table.over:
        state = table.state
        choice = next(state.turn())
        if choice.name == "play":
            view = state.view(state.seat)
            bot = GreedyBot(trixo, rules, state.seat, random.Random(compared))
            quick = bot.choose(view, choice)
            bot.rng.seed(compared)
            assert quick == brute_choice(bot, view, choice)
            compared += 1
        table.play_turn()
    assert compared >= 12 and all(t in TILES for t in rules["tiles"])


def test_the_masks_find_what_trying_every_cell_and_slide_finds():
    """After every play of seeded games (streaks collected), the next player's
    best placement of each symbol and best slide, from the bit masks, are
    those of trying every legal placement and slide."""
    from stixxcli_games.trixo.board import SYMBOLS
    from stixxcli_games.trixo.masks import Frame, Masks

    compared, slides_collect = 0, 0
    for _, state, choice in positions([["random"] * 3, ["greedy", "random"]], range(4)):
        if choice.name != "play":
            continue
        layout, max_stack = dict(state.layout), state.max_stack
        frame = Frame(layout)  # the frame of the turn, as the bot chooses it
        for option in choice.options:
            after, changed = board.play(layout, option)
            board.collect(after, changed)
            masks = Masks.of(after, frame, max_stack)
            for tile in SYMBOLS:
                assert masks.best_placement_gain(tile, max_stack) == brute_gain(after, tile, max_stack)
            slide = masks.best_slide_gain()
            assert slide == brute_gain(after, ARROW, max_stack), after
            slides_collect += slide > 0
            compared += 1
    assert compared > 3000 and slides_collect > 50


def test_a_placement_threatens_what_the_masks_after_it_say():
    """The bot finds the threats after a placement that collects nothing from
    the layout before it: the cell's threats (the same for every symbol placed
    there), the placed symbol's pairs it joins, and the slides. After every
    such placement of seeded games they equal those of the masks after it,
    and the ends a tile joins equal those of every pair of cells through it."""
    from stixxcli_games.trixo.board import SYMBOLS
    from stixxcli_games.trixo.bots import Outlook
    from stixxcli_games.trixo.masks import TRIPLES, ends_through

    compared, joined = 0, 0
    for _, state, choice in positions([["random"] * 3, ["greedy", "random"]], range(4)):
        if choice.name != "play":
            continue
        layout, max_stack = dict(state.layout), state.max_stack
        symbols = [(tile, 0.5) for tile in SYMBOLS]
        outlook = Outlook(state.view(state.seat)["table"], max_stack, symbols, 0.5)
        for option in choice.options:
            tile = option["tile"]
            if tile == ARROW:
                continue
            place = tuple(option["cell"])
            cell = outlook.cells.get(place) or outlook.cell(place)
            if cell.bit & outlook.ends[tile]:
                continue  # it collects
            masks = outlook.before.placed(cell.bit, tile, cell.height)
            for gain, symbol in zip(cell.threats, SYMBOLS):
                if symbol == tile:
                    gain = outlook.own_gain(tile, cell, gain)
                assert gain == masks.best_placement_gain(symbol, max_stack), (layout, option, symbol)
            assert outlook.slide_gain(tile, cell) == masks.best_slide_gain(), (layout, option)
            show = outlook.before.show[tile] | cell.bit
            brute = 0
            for pair in TRIPLES[cell.bit.bit_length() - 1]:
                if show & pair and show & pair != pair:
                    brute |= pair ^ (show & pair)
            assert ends_through(cell.bit, show) == brute
            joined += brute != 0
            compared += 1
    assert compared > 2000 and joined > 500


def test_what_is_kept_per_mask_depends_on_the_mask_alone():
    """The bot keeps a layout's span, window and slides per mask of its
    stacks (masks.SPANS, INSIDE, MOVES), not per masks: at every turn of
    seeded games, the masks before each play, after it and after a slide
    span what their stacks span, and the outlook's masks before and after
    each placement agree with the layout's."""
    from stixxcli_games.trixo.bots import Outlook
    from stixxcli_games.trixo.masks import SPANS, Frame, Masks, span

    compared = 0
    for _, state, choice in positions([["random"] * 3, ["greedy", "random"]], range(3)):
        if choice.name != "play":
            continue
        layout, max_stack = dict(state.layout), state.max_stack
        outlook = Outlook(state.view(state.seat)["table"], max_stack, [], 0)
        frame = Frame(layout)
        frame.top, frame.left = outlook.top, outlook.left  # the same but on an empty table
        before = Masks.of(layout, frame, max_stack)
        assert outlook.before.box == before.box == span(before.levels[0])
        for option in choice.options:
            after, changed = board.play(layout, option)
            masks = Masks.of(after, frame, max_stack)
            assert masks.box == SPANS[masks.levels[0]]
            if option["tile"] != ARROW:
                place = tuple(option["cell"])
                cell = outlook.cells.get(place) or outlook.cell(place)
                placed = before.placed(cell.bit, option["tile"], cell.height)
                assert (placed.box, placed.levels, placed.show) == (masks.box, masks.levels, masks.show)
            else:
                value, slid = outlook.slide((option["line"], option["index"], option["direction"]))
                if not value:  # a slide that collects nothing: its masks made from where stacks move
                    slid = outlook.slid(*slid)
                    assert (slid.box, slid.levels, slid.show) == (masks.box, masks.levels, masks.show)
            compared += 1
    assert compared > 1000
