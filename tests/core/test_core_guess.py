"""Guess, the plugin guide's game with secrets (tests/external/stixx-guess):
a turn of two decisions, secrets dealt by chance, and bots that see only their
seat's view."""

import json
from pathlib import Path

import pytest

from stixxcli.check import check_log
from stixxcli.game import Bot, State
from stixxcli.table import play_bots

GUESS = Path(__file__).parents[1] / "external" / "stixx-guess"


@pytest.fixture
def guess(fresh_plugins, monkeypatch):
    monkeypatch.syspath_prepend(str(GUESS))
    import stixx_guess

    fresh_plugins.pm.register(stixx_guess, name="guess")
    return fresh_plugins


def test_a_bot_game_validates_and_a_tampered_outcome_is_named(guess):
    log = play_bots("guess", ["random"] * 4, "seed-1")
    assert log["finished"] and check_log(log).valid
    assert all(set(m) == {"seat", "target", "guess", "right"} for m in log["moves"])
    wrong = next(i for i, m in enumerate(log["moves"]) if not m["right"])
    log["moves"][wrong]["right"] = True
    verdict = check_log(log)
    assert verdict.index == wrong and "'right' says True, but the card is not" in verdict.error
    log["moves"][wrong]["right"] = "yes"
    assert "the move: 'right' must be true or false, not text" in check_log(log).error


def test_the_setup_is_refused_with_the_rule_it_breaks(guess):
    log = play_bots("guess", ["random"] * 2, "seed-2")
    log["setup"]["cards"] = [3]
    assert "one card of 1-9 for each of 2 players" in check_log(log).error
    log["setup"]["cards"] = [3, 0]
    assert "the setup: 'cards'[1] must be at least 1, not 0" in check_log(log).error


class Peeker(Bot):
    """Writes down everything it is handed, then plays like the random bot."""

    name = "peeker"
    seen: list = []

    def choose(self, view, choice):
        Peeker.seen.append((self.seat, dict(view), view))
        return choice.options[self.rng.randrange(len(choice.options))]


def test_bots_are_handed_their_seat_s_view_and_never_a_secret(guess):
    guess.bots()[("guess", "peeker")] = Peeker
    Peeker.seen = []
    log = play_bots("guess", ["peeker"] * 3, "seed-3")
    cards = log["setup"]["cards"]
    assert Peeker.seen
    for seat, view, handed in Peeker.seen:
        assert not isinstance(handed, State)
        assert view["cards"][seat] == cards[seat]  # a player knows their own card
        for other, shown in enumerate(view["cards"]):
            assert shown in (None, cards[other])
    # Every other card was hidden from someone at some point: the views did leave secrets out.
    assert all(any(view["cards"][s] is None for _, view, _ in Peeker.seen) for s in range(3))


def test_replay_as_a_player_leaves_the_other_cards_out(guess, stixx, tmp_path):
    log = play_bots("guess", ["random"] * 3, "seed-4")
    path = tmp_path / "guess.json"
    path.write_text(json.dumps(log))
    first = json.loads(stixx("replay", path, "--to", 0, "--json", "--as-player", 1).stdout)
    assert first["state"]["cards"] == [None, log["setup"]["cards"][1], None]


def test_a_plugin_s_picture_as_a_string_is_plain_text_never_markup(guess, stixx, tmp_path, monkeypatch):
    """`render` may return a string (the plugin guide says so), and a plugin may
    put the players' names in it: a name from a shared log is then shown as it
    is, neither a live link nor a markup error."""
    import stixx_guess

    def render(self, viewer=None):
        return f"names: {' | '.join(self.names)}\n\x1b[5mblink"

    monkeypatch.setattr(stixx_guess.GuessState, "render", render)
    log = play_bots("guess", ["random"] * 2, "seed-5")
    log["players"][0]["name"] = "[link=http://evil.example]Ann[/link]"
    log["players"][1]["name"] = "X[/]"
    path = tmp_path / "g.json"
    path.write_text(json.dumps(log))
    r = stixx("replay", path, "--to", 1)
    assert r.exit_code == 0, r.output
    assert "names: [link=http://evil.example]Ann[/link] | X[/]" in r.output
    assert "\x1b" not in r.output and "blink" in r.output
    r = stixx("replay", path, "--html", tmp_path / "g.html")
    assert r.exit_code == 0, r.output
    assert "X[/]" in (tmp_path / "g.html").read_text()
