"""The shipped games, variants and player counts, and valid seeded bot games of
each, made once per test run."""

from __future__ import annotations

import functools
import os

from stixxcli.table import play_bots

GAMES = ("sixto", "stixx", "fishstix", "trixo")

# Mutants per game: about a minute for all four games together in CI;
# STIXX_FUZZ=20000 (or any number) for a longer run.
FUZZ = int(os.environ.get("STIXX_FUZZ") or 5000)


@functools.cache
def variants(game_name: str) -> tuple[str, ...]:
    from stixxcli.rules import variant_files

    return tuple(sorted(variant_files(game_name)))


@functools.cache
def rules(game_name: str, variant: str) -> dict:
    from stixxcli.plugins import get_game
    from stixxcli.rules import resolve

    return resolve(get_game(game_name), variant).values


def player_counts(game_name: str, variant: str) -> range:
    from stixxcli.plugins import get_game

    return get_game(game_name).player_counts(rules(game_name, variant))


@functools.cache
def bots(game_name: str) -> tuple[str, ...]:
    from stixxcli.plugins import bot_names

    return tuple(bot_names(game_name))


def cases() -> list[tuple[str, str, int]]:
    """(game, variant, players) for every shipped variant and allowed count."""
    return [(g, v, n) for g in GAMES for v in variants(g) for n in player_counts(g, v)]


@functools.cache
def base_logs(game_name: str) -> tuple[dict, ...]:
    """One finished bot game per variant and player count, with fixed seeds;
    the bots take turns at the seats, so every bot plays."""
    names = bots(game_name)
    return tuple(
        play_bots(
            game_name, [names[(seat + n) % len(names)] for seat in range(n)], f"robust-{v}-{n}", variant=v
        )
        for v in variants(game_name)
        for n in player_counts(game_name, v)
    )
