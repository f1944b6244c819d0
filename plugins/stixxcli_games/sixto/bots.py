"""The greedy Sixto bot: crosses a box when it loses few boxes to its left,
and re-rolls a roll that is worse for its own sheet than a typical one."""

from __future__ import annotations

from stixxcli.game import Bot

from .state import DIE_FACES

LOST_BOX_COST = 0.55  # a skipped box is a cross the row can never have
TARGET_BONUS = 0.4  # target crosses score and bring the closing of a colour nearer
REROLL_SAMPLES = 24
DEAD_ROW_COST = 1.5
GAME_OVER_COST = 3.0  # solo: ending the game now forfeits every later cross


def cross_value(state, seat: int, row: int, box: int) -> float:
    """How much crossing `box` (from 0) of `row` is worth to `seat`, roughly in crosses."""
    lost = box - state.rightmost[seat][row] - 1
    value = 1.0 - LOST_BOX_COST * lost
    if box >= state.first_target:
        value += TARGET_BONUS
    elif box >= state.first_target - 1 and state.count[seat][row] + 1 < state.target_min:
        value -= DEAD_ROW_COST  # only target boxes left, and too few crosses to reach them
    # Near the end a lost box matters less: there are few turns left to fill it.
    removed = len(state.closed)
    left = state.rules["end_after_removed_dice"] - removed
    if left <= 1:
        value += 0.3 * lost
    return value


def best_crosses(state, seat: int, roll: dict) -> tuple[list, float]:
    """The crosses the bot likes best for `roll`, and what they are worth.

    In the solo game a turn that leaves `solo_unused_dice_end` dice unused
    ends the game, so the bot then crosses enough boxes, even poor ones.
    """
    best = []  # (value, row, box from 1), one per die with a box to cross
    for colour, boxes in state.candidates(seat, roll):
        row = state.colours.index[colour]
        value, box = max((cross_value(state, seat, row, b - 1), -b) for b in boxes)
        best.append((value, row, -box))
    best.sort(reverse=True)
    chosen = [entry for entry in best if entry[0] > 0]
    worth = sum(entry[0] for entry in chosen)
    solo_end = state.rules["solo_unused_dice_end"]
    if solo_end and seat == state.seat:
        needed = len(roll) - solo_end + 1
        extra = best[len(chosen) : needed]
        chosen += extra
        worth += sum(entry[0] for entry in extra)
        if len(chosen) < needed:
            worth -= GAME_OVER_COST
    chosen.sort(key=lambda entry: entry[1])
    return [[state.colours.names[row], box] for _, row, box in chosen], worth


class GreedyBot(Bot):
    name = "greedy"
    description = "crosses boxes that skip few others; re-rolls a roll worse than a typical one"

    def choose(self, state, choice):
        roll = choice.context["roll"]
        if choice.name == "reroll":
            _, now = best_crosses(state, self.seat, roll)
            dice = list(roll)
            typical = (
                sum(
                    best_crosses(state, self.seat, {c: self.rng.randint(1, DIE_FACES) for c in dice})[1]
                    for _ in range(REROLL_SAMPLES)
                )
                / REROLL_SAMPLES
            )
            return now < typical
        crosses, _ = best_crosses(state, self.seat, roll)
        return crosses
