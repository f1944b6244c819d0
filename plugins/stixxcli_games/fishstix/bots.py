"""Computer players for Fish Stix (the core adds `random` for every game)."""

from __future__ import annotations

from stixxcli.game import Bot

from .sticks import turned_round


class GreedyBot(Bot):
    name = "greedy"
    description = (
        "plays the stick and place worth the most useful points (points beyond target_points count nothing)"
    )

    def choose(self, state, choice):
        seat = choice.seat
        hand = state.hands[seat]
        need = [state.target - t for t in state.tracks[seat]]
        run_through = state.layout.run_through
        runs: dict[tuple, int] = {}  # (fish, column, row) -> run length, shared by the options
        ways: dict[tuple, tuple] = {}
        best, most = [], -1
        for option in choice.options:
            way = (option["hand"], option["turned"])
            fish = ways.get(way)
            if fish is None:
                fish = state.deck.fish[hand[way[0] - 1]]
                fish = ways[way] = turned_round(fish) if way[1] else fish
            column, row = option["column"], option["row"]
            gained = [0] * len(need)
            for i, f in enumerate(fish):
                key = (f, column, row + i)
                length = runs.get(key)
                if length is None:
                    length = runs[key] = run_through(f, column, row + i)
                if length >= 2:
                    gained[f >> 1] += length
            useful = sum(min(g, n) for g, n in zip(gained, need))
            if useful > most:
                best, most = [option], useful
            elif useful == most:
                best.append(option)
        return self.rng.choice(best)
