"""Playing at a terminal: humans type, bots choose, and the log is always saved.

The log is written atomically after every turn that a human played, and at the
end. Ctrl-C, SIGTERM or end of input save the game so far as unfinished.
"""

from __future__ import annotations

import datetime
import itertools
import secrets
import signal
import sys

import click

from .errors import StixxError

SHOWN_OPTIONS = 60  # `help` lists this many legal choices at most


def seats_in_order(ctx, humans, bots) -> list[dict]:
    """Players in the order --player and --bot were typed."""
    args = ctx.meta.get("stixx.args", [])
    typed = []
    for i, arg in enumerate(args):
        for flag, kind in (("--player", "human"), ("--bot", "bot")):
            if arg == flag and i + 1 < len(args):
                typed.append((kind, args[i + 1]))
            elif arg.startswith(flag + "="):
                typed.append((kind, arg.split("=", 1)[1]))

    def values(kind):
        return sorted(v for k, v in typed if k == kind)

    if values("human") != sorted(humans) or values("bot") != sorted(bots):  # a form the scan missed
        typed = [("human", h) for h in humans] + [("bot", b) for b in bots]
    players = []
    for seat, (kind, value) in enumerate(typed):
        if kind == "human":
            players.append({"name": value})
            continue
        name, _, bot = value.rpartition(":")
        players.append({"name": name or f"{bot}-{seat}", "bot": bot})
    return players


def _check_players(game, players: list[dict]) -> None:
    from .plugins import get_bot

    names = [p["name"] for p in players]
    for name in names:
        if not name.strip():
            raise click.UsageError("a player needs a name")
        if names.count(name) > 1:
            raise click.UsageError(f"two players are called {name!r}; give each a different name")
    for p in players:
        if p.get("bot"):
            get_bot(game.name, p["bot"])


def play_game(game, rules, players, *, seed, out, chance):
    """Play `game` under the resolved `rules` with these players at this terminal."""
    from .engine import Table

    if not players:
        counts = game.player_counts(rules.values)
        players = [{"name": "You"}]
        if counts.start > 1 or 1 not in counts:
            players += [{"name": f"Bot {i}", "bot": "random"} for i in range(1, max(counts.start, 2))]
    _check_players(game, players)
    if seed is None:
        seed = secrets.randbelow(2**31)
    elif str(seed).lstrip("-").isdigit():
        seed = int(seed)
    if out is None:
        out = f"{game.name}-{datetime.datetime.now():%Y%m%d-%H%M%S}.json"
    names = [p["name"] for p in players]
    ask_chance = (lambda c: ask_table(c, names)) if chance == "manual" else None
    table = Table.new(game, rules.values, rules.variant, players, seed, chance=ask_chance)
    _run(table, out, manual=chance == "manual")


def resume_game(path, *, out, chance):
    from .engine import Table
    from .gamelog import read_one

    log = read_one(path)
    if log["finished"]:
        raise StixxError("this game is already finished; nothing to resume", where=path)
    table = Table.resume(log)
    click.echo(f"Resuming {table.game.title or table.game.name} after {len(log['moves'])} moves.", err=True)
    _run(table, out or path, manual=chance == "manual")


class Interrupted(KeyboardInterrupt):
    """Ctrl-C, SIGTERM, 'quit' or the end of input: save what there is.

    A KeyboardInterrupt, so that it passes through the engine's guard around
    plugin code."""


def _prompt(text, **kwargs) -> str:
    try:
        return click.prompt(text, **kwargs)
    except (click.Abort, EOFError):
        raise Interrupted("end of input") from None


def _raise_interrupted(signum, frame):
    raise Interrupted(signal.Signals(signum).name)


def _run(table, out, *, manual: bool) -> None:
    from .engine import plugin_call
    from .gamelog import write_log

    humans = [seat for seat, p in enumerate(table.log["players"]) if not p.get("bot")]
    screen = Screen(table, humans)
    ask_chance = screen.chance if manual else None
    previous = signal.signal(signal.SIGTERM, _raise_interrupted)
    try:
        while not table.over:
            move = table.play_turn(chance=ask_chance, choose=screen.ask if humans else None)
            if humans or ask_chance:
                write_log(out, table.log)
            if humans:
                screen.tell(plugin_call(table.game, "announce", table.state.announce, move))
    except KeyboardInterrupt:
        _save_unfinished(table, out)
        sys.exit(130)
    except Exception:
        _save_unfinished(table, out)  # whatever failed, the moves played so far are not lost
        raise
    finally:
        signal.signal(signal.SIGTERM, previous)
    screen.flush()
    table.finish()
    write_log(out, table.log)
    if out != "-":
        from .engine import scored
        from .show import show_result

        show_result(scored(table.log, table.log["result"]))
        click.echo(f"log written to {out}", err=True)


def _save_unfinished(table, out) -> None:
    from .gamelog import write_log

    write_log(out, table.log)
    where = "standard output" if out == "-" else out
    click.echo(
        f"\nGame saved unfinished after {len(table.log['moves'])} moves to {where}; "
        f"go on with: stixx play --resume {out}",
        err=True,
    )


def ask_table(chance, names: list[str]):
    """Ask the table for a chance outcome (dice rolled, a stick drawn...)."""
    private = f" (for {names[chance.seat]} alone to see)" if chance.seat is not None else ""
    while True:
        text = _prompt(f"chance: {chance.prompt}{private}", err=True)
        try:
            return chance.parse(text.strip())
        except ValueError as e:
            click.echo(f"  {e}", err=True)


class Screen:
    """The humans' side of the terminal: the table as each one may see it."""

    def __init__(self, table, humans: list[int]):
        self.table, self.humans = table, humans
        self.seated = None  # the human whose view is on screen
        self.shown = None  # (moves played, viewer) of the table last drawn
        self.news: list[str] = []  # what the table heard since a human last looked

    def tell(self, news: str | None) -> None:
        if news:
            self.news.append(news)

    def flush(self) -> None:
        for line in self.news:
            click.echo(line)
        self.news.clear()

    def chance(self, chance):
        return ask_table(chance, [p["name"] for p in self.table.log["players"]])

    def ask(self, choice):
        from .engine import plugin_call
        from .show import console

        table, seat = self.table, choice.seat
        name = table.log["players"][seat]["name"]
        if table.game.hidden_information and len(self.humans) > 1 and self.seated != seat:
            click.clear()
            _prompt(f"Pass the terminal to {name} and press Enter", default="", show_default=False, err=True)
        self.seated = seat
        self.flush()
        # The table again only when it changed: not before every question of one turn.
        viewer = seat if table.game.hidden_information else None
        shown = (len(table.log["moves"]), viewer)
        if shown != self.shown:
            self.shown = shown
            console().print(plugin_call(table.game, "render", table.state.render, viewer))
        while True:
            text = _prompt(f"{name}, {choice.prompt} ('help' lists the choices)").strip()
            if text in ("help", "?"):
                self._list(choice)
                continue
            if text in ("quit", "save"):
                raise Interrupted("quit")
            try:
                answer = choice.parse(text)
            except ValueError as e:
                click.echo(f"  {e}")
                continue
            if answer in choice.options:
                return answer
            click.echo("  not a legal choice now; type help to see them")

    def _list(self, choice):
        shown = [choice.notation(o) for o in itertools.islice(choice.options, SHOWN_OPTIONS)]
        click.echo("  " + " | ".join(shown))
        if len(choice.options) > SHOWN_OPTIONS:
            click.echo(f"  ... and {len(choice.options) - SHOWN_OPTIONS} more")
