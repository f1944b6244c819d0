"""The greedy Sixto bot: crosses a box when it loses few boxes to its left,
and re-rolls a roll that is worth less to its own sheet than a typical one.

It decides from the player view (its own sheet as `stixx replay --as-player`
shows it), the choice and the rules, nothing else.
"""

from __future__ import annotations

from stixxcli.game import Bot

DIE_FACES = 6
LOST_BOX_COST = 0.55  # a skipped box is a cross the row can never have
TARGET_BONUS = 0.4  # target crosses score and bring the closing of a colour nearer
DEAD_ROW_COST = 1.5
GAME_OVER_COST = 3.0  # solo: ending the game now forfeits every later cross
REROLL_SAMPLES = 24


def best_boxes(numbers: list[int], crossed: list[int], near_end: bool, rules: dict) -> list:
    """For each die value, (worth, box from 1) of the box of a row the bot likes
    best, or None: from the row's numbers and crossed boxes (from 1)."""
    first_target = rules["boxes_per_row"] - rules["target_boxes"]
    target_min = rules["target_min_crosses"]
    rightmost = crossed[-1] - 1 if crossed else -1
    count = len(crossed)
    last = len(numbers) if count >= target_min else first_target
    # A row that cannot reach target_min_crosses even by crossing every box left
    # before its target area loses nothing by being crossed to its end: without
    # this, a high target_min_crosses leaves the bot declining every die forever.
    can_reach_targets = count + first_target - rightmost - 1 >= target_min
    best = [None] * (DIE_FACES + 1)
    for box in range(rightmost + 1, last):
        if best[numbers[box]] is not None:
            continue  # a box further right with the same number loses more
        lost = box - rightmost - 1
        worth = 1.0 - LOST_BOX_COST * lost
        if box >= first_target:
            worth += TARGET_BONUS
        elif box >= first_target - 1 and count + 1 < target_min and can_reach_targets:
            worth -= DEAD_ROW_COST  # only target boxes left, and too few crosses to reach them
        if near_end:
            worth += 0.3 * lost
        best[numbers[box]] = (worth, box + 1)
    return best


class Sheet:
    """The bot's own sheet as the view shows it, and the best box for each
    colour and die value (worked out once per turn).

    `known` (the bot's own, kept across turns) holds the best boxes of rows
    already worked out, by everything they depend on: a row is worked out
    again only when it got a cross (its sheet's numbers never change)."""

    def __init__(self, view, seat: int, rules: dict, known: dict | None = None):
        rows = view["players"][seat]["rows"]
        self.colours = [row["colour"] for row in rows]
        self.index = {colour: r for r, colour in enumerate(self.colours)}
        # Near the end a lost box matters less: there are few turns left to fill it.
        near_end = rules["end_after_removed_dice"] - view["removed_dice"] <= 1
        known = {} if known is None else known
        # best[row][value]: (worth, box from 1) of the box the bot likes best, or None.
        self.best: dict[int, list] = {}
        for r, row in enumerate(rows):
            if row["closed"]:
                continue
            crossed = row["crossed"]
            key = (r, len(crossed), crossed[-1] if crossed else 0, near_end)
            best = known.get(key)
            if best is None:
                best = known[key] = best_boxes(row["numbers"], crossed, near_end, rules)
            self.best[r] = best

    def crosses(self, roll: dict, solo_end: int, count_unusable: bool) -> tuple[list, float]:
        """The crosses the bot likes best for `roll`, and what they are worth.

        Solo (`solo_end` above 0): a turn that declines `solo_end` dice ends
        the game, so the bot then crosses enough boxes, even poor ones.
        """
        index = self.index
        usable = []  # (worth, row, box from 1), one per die with a box to cross
        for colour, value in roll.items():
            row = index[colour]
            entry = self.best[row][value]
            if entry is not None:
                usable.append((entry[0], row, entry[1]))
        usable.sort(reverse=True)
        chosen = [entry for entry in usable if entry[0] > 0]
        worth = sum(entry[0] for entry in chosen)
        if solo_end:
            # docs/games/sixto.md, The end: only dice that could have been used count,
            # unless solo_count_unusable_dice reads the rule literally.
            needed = (len(roll) if count_unusable else len(usable)) - solo_end + 1
            # Declining one usable die a turn never ends the game: without a cross a
            # turn, a bot waiting for perfect rolls could play on forever.
            needed = max(needed, 1)
            extra = usable[len(chosen) : needed]
            chosen += extra
            worth += sum(entry[0] for entry in extra)
            if len(chosen) < needed:
                worth -= GAME_OVER_COST
        chosen.sort(key=lambda entry: entry[1])
        return [[self.colours[row], box] for _, row, box in chosen], worth

    def expected_worth(self, dice: list[str]) -> float:
        """What a roll of `dice` is worth on average, outside the solo game: the
        worth `crosses` counts is a sum over the dice, so its average is the sum
        of each die's average over its six values (no sampling needed)."""
        total = 0.0
        for colour in dice:
            by_value = self.best[self.index[colour]]
            total += sum(entry[0] for entry in by_value[1:] if entry is not None and entry[0] > 0) / DIE_FACES
        return total


class GreedyBot(Bot):
    name = "greedy"
    description = "crosses boxes that skip few others; re-rolls a roll worse than a typical one"

    _sheet_turn = None
    _sheet: Sheet | None = None

    def __init__(self, game, rules, seat, rng):
        super().__init__(game, rules, seat, rng)
        self._known_rows: dict = {}  # Sheet's best boxes of this game's rows

    def sheet(self, view) -> Sheet:
        # The re-roll answer and the crosses of one turn see the same sheet.
        turn = (view["turn"], view["active"])
        if self._sheet_turn != turn:
            self._sheet = Sheet(view, self.seat, self.rules, self._known_rows)
            self._sheet_turn = turn
        return self._sheet

    def choose(self, view, choice):
        roll = choice.context["roll"]
        sheet = self.sheet(view)
        solo_end = self.rules["solo_unused_dice_end"] if view["active"] == self.seat else 0
        count_unusable = self.rules.get("solo_count_unusable_dice", False)
        if choice.name == "reroll":
            _, now = sheet.crosses(roll, solo_end, count_unusable)
            dice = list(roll)
            if not solo_end:
                return now < sheet.expected_worth(dice)
            # Solo: what a roll is worth depends on how many dice must be used; sampled.
            randint = self.rng.randint
            samples = [
                sheet.crosses({c: randint(1, DIE_FACES) for c in dice}, solo_end, count_unusable)[1]
                for _ in range(REROLL_SAMPLES)
            ]
            return now < sum(samples) / REROLL_SAMPLES
        crosses, _ = sheet.crosses(roll, solo_end, count_unusable)
        return crosses
