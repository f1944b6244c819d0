"""Playing at a terminal: humans type, bots choose, and the log is always saved.

The log is written atomically after every turn that a human played, and at the
end. Ctrl-C, SIGTERM, a closed terminal (SIGHUP) or end of input save the game so
far as unfinished.
"""

from __future__ import annotations

import datetime
import itertools
import os
import secrets
import signal
import sys

import click

from .errors import StixxError, plugin_call
from .prompt import QUIT, Interrupted, asked_help, choices_listed, fit, reflowed, wrapped
from .prompt import ask_line as _ask_line
from .prompt import read_line as _prompt
from .seats import Seated
from .styled import Styled
from .text import counted, for_shell, picture, plain, told

SHOWN_OPTIONS = 60  # `help` lists this many legal choices at most (`help all`: every one)


def _check_players(game, players: list[dict]) -> None:
    from .plugins import get_bot
    from .seats import names_apart
    from .text import NAMELESS, nameless

    if any(nameless(p["name"]) for p in players):
        raise click.UsageError(NAMELESS)
    names_apart(players)
    for p in players:
        if p.get("bot"):
            get_bot(game.name, p["bot"])


def play_game(game, rules, players, *, seed, out, chance):
    """Play `game` under the resolved `rules` with these players at this terminal."""
    if not players:
        counts = plugin_call(game, "player_counts", game.player_counts, rules.values, gives=range)
        players = [{"name": "You"}]
        if counts.start > 1 or 1 not in counts:
            players += [{"name": f"Bot {i}", "bot": "random"} for i in range(1, max(counts.start, 2))]
    _check_players(game, players)
    if seed is None:
        seed = secrets.randbelow(2**31)
    elif str(seed).lstrip("-").isascii() and str(seed).lstrip("-").isdigit():  # "²" stays text
        seed = int(seed)
    from .lock import new_log, one_writer
    from .saving import log_apart, never_over, writable

    if out is None:  # a new name, GAME-DATE.json: two games started in one second are two logs
        stem = f"{game.name}-{datetime.datetime.now():%Y%m%d-%H%M%S}"
        writable(f"{stem}.json", "--out")
        held = new_log(stem)
    else:
        never_over(out)
        log_apart(out, players, chance)
        writable(out, "--out")  # before the setup is dealt or typed in, not after the game
        held = one_writer(out)  # one game, one writer: a second window on this file is refused
    with held as named:
        out = named or out
        never_over(out)  # again, the lock held: a game that ended there since is not written over
        _play(game, rules, players, seed, out, chance)


def _play(game, rules, players, seed, out, chance):
    from .table import Table

    names = [p["name"] for p in players]
    seated = Seated([seat for seat, p in enumerate(players) if not p.get("bot")])
    ask_chance = (lambda c: ask_table(c, names, seated, setup=True)) if chance == "manual" else None
    try:
        table = Table.new(game, rules.values, rules.variant, players, seed, chance=ask_chance)
    except KeyboardInterrupt as stop:  # 'quit' or Ctrl-C while the setup was typed in: no game yet
        click.echo("\nStopped during the setup; no game was saved.", err=True)
        sys.exit(_exit_code(stop))
    _run(table, out, manual=chance == "manual")


def resume_game(path, *, out, chance, pick=None):
    """Go on with a saved game, holding the lock of its log (and of --out) from
    before it is read to the end: the same game resumed in two windows would
    otherwise be played twice, and one of them silently lost."""
    from .lock import one_writer
    from .saving import UsageProblem, never_over, writable

    try:  # a resumed game is saved back to its log unless --out says where
        writable(out or path, "--out" if out else "--resume")
    except UsageProblem as e:
        raise (e if out else UsageProblem(f"{e}; --out FILE goes on in another file")) from None
    with one_writer(path, out or path, read=path if out else None):
        if out and os.path.realpath(out) != os.path.realpath(path):  # never over another file's games
            never_over(out)
        _resume(path, out=out, chance=chance, pick=pick)


def _resume(path, *, out, chance, pick=None):
    from .gamelog import read_one
    from .saving import log_apart
    from .table import Table

    log = read_one(path, pick)
    if log["finished"]:
        raise StixxError("this game is already finished; nothing to resume", where=path)
    if pick is not None and out is None:
        # One line of a corpus: written back on its own, never over the whole corpus.
        raise click.UsageError("--pick resumes one game of a corpus: say where to write it with --out FILE")
    table = Table.resume(log)
    title = table.game.title or table.game.name
    if chance is None:  # as the game was played: a setup the seed did not deal was typed in
        chance = "random" if table.dealt_by_seed() else "manual"
        if chance == "manual":
            title += " (its setup was typed in: chance is typed in too; --chance random to let stixx draw)"
    log_apart(out or path, log["players"], chance, path)
    click.echo(f"Resuming {plain(title)} after {counted(len(log['moves']), 'move')}.", err=True)
    _run(table, out or path, manual=chance == "manual")


def _raise_interrupted(signum, frame):
    raise Interrupted(signal.Signals(signum).name)


def _exit_code(stop: KeyboardInterrupt) -> int:
    """128 + the signal that stopped the game, as validate and simulate exit:
    143 for SIGTERM, 129 for SIGHUP; 130 for Ctrl-C, q and the end of input."""
    from .parallel import ENDINGS

    name = stop.args[0] if stop.args else None
    return next((128 + sig for sig in ENDINGS if sig.name == name), 130)


def _run(table, out, *, manual: bool) -> None:
    from . import table as table_module
    from .saving import NotWritten, save_log

    humans = [seat for seat, p in enumerate(table.log["players"]) if not p.get("bot")]
    screen = Screen(table, humans, err=out == "-")
    ask_chance = screen.chance if manual else None
    from .parallel import ENDINGS, signals_held

    # SIGTERM, or the terminal closed (SIGHUP): saved as Ctrl-C saves.
    previous = {sig: signal.signal(sig, _raise_interrupted) for sig in ENDINGS}
    try:
        chosen = screen.bot_chose if manual else None  # told before chance typed in later in the turn
        while not table.over:
            if not (humans or manual) and len(table.log["moves"]) >= table_module.MAX_TURNS:
                raise table_module.no_end(table.game, table_module.MAX_TURNS)  # saved unfinished, below
            move = table.play_turn(chance=ask_chance, choose=screen.ask if humans else None, chosen=chosen)
            screen.bots_chose.clear()
            if (humans or ask_chance) and out != "-":  # standard output gets the log once, at the end
                save_log(out, table.log)  # a failed write saves the game elsewhere and says where
            # Every move is told to the table, a bot's as much as a person's.
            screen.tell(plugin_call(table.game, "announce", table.state.announce, move))
            if not humans:
                screen.flush()
        screen.flush()
        with signals_held():  # the end is written whole: a stop now would lose a bots' game
            table.finish()
            save_log(out, table.log)
    except KeyboardInterrupt as stop:
        _save_unfinished(table, out, manual)
        sys.exit(_exit_code(stop))
    except NotWritten:
        raise  # the game is saved in the fallback folder already; the message says where
    except Exception:
        _save_unfinished(table, out, manual)  # whatever failed, the moves played so far are not lost
        raise
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if out != "-":
        from .check import scored
        from .show import show_result

        show_result(scored(table.log, table.log["result"]))
        click.echo(f"log written to {plain(out)}", err=True)
    if manual:
        offer_variant(table)


def offer_variant(table) -> None:
    """After a game whose sheets were typed in (a table's own printed Sixto
    sheets), offer to keep them as a variant file for the next game night.
    A game with sheets says what to keep: `Game.sheets_variant(rules,
    players, setup)` returns the text of a variant file, or None when no
    sheet was typed in."""
    make = getattr(table.game, "sheets_variant", None)
    if make is None:
        return
    log = table.log
    names = [p["name"] for p in log["players"]]
    text = plugin_call(table.game, "sheets_variant", make, log["rules"], names, log["setup"])
    if not text:
        return
    from .rules import user_rules_dir, variant_files

    folder = user_rules_dir() / table.game.name
    click.echo(f"The sheets you typed in can be kept as a variant in {folder}.", err=True)
    while True:
        try:
            name = _prompt("Its name (Enter: don't keep it): ", default="", show_default=False, err=True)
        except Interrupted:
            return
        name = name.strip()
        if not name or name.lower() in QUIT:
            return
        if not all(c.isalnum() or c in "-_" for c in name):
            click.echo("  a name of letters, digits, - and _ (e.g. club-sheets)", err=True)
            continue
        path = folder / f"{name}.yaml"
        known = variant_files(table.game.name).get(name)
        if path.exists() or known:  # a bundled variant's name would hide it, and `extends` it in a cycle
            click.echo(f"  {path if path.exists() else known} exists; choose another name", err=True)
            continue
        from .saving import write_atomic

        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text)
        click.echo(f"Saved; next time: stixx play {table.game.name} --variant {name} ...", err=True)
        return


def _save_unfinished(table, out, manual: bool) -> None:
    from .parallel import signals_held
    from .saving import save_log

    with signals_held():  # a second Ctrl-C would stop the write, and a bots' game has no earlier one
        save_log(out, table.log_so_far())
    where = "standard output" if out == "-" else plain(out)  # a file name is content: never terminal control
    if table.log.get("finished"):
        return click.echo(f"\nThe game is over; log written to {where}", err=True)
    typed = " --chance manual" if manual else ""
    click.echo(
        f"\nGame saved unfinished after {counted(len(table.log['moves']), 'move')} to {where}; "
        f"go on with: stixx play --resume {for_shell(out)}{typed}",
        err=True,
    )


def ask_table(chance, names: list[str], seated: Seated | None = None, setup: bool = False):
    """Ask the table for a chance outcome (dice rolled, a stick drawn...),
    again and again until it reads; `help` shows what is asked once more.

    An outcome for one player's eyes alone (a secret token, a hand), with
    several people at the terminal: it is passed to that player first, and
    the screen is cleared once the outcome is typed in. During the `setup`
    there is no game yet, so q is not said to save one."""
    private = ""
    if chance.seat is not None:  # a bot's is typed by whoever holds its pieces
        bot = seated is not None and chance.seat not in seated.humans
        private = (
            f" (for the bot {names[chance.seat]})" if bot else f" (for {names[chance.seat]} alone to see)"
        )
    hidden = seated is not None and seated.hidden(chance)
    if seated is not None and seated.hands_over(chance):
        pass_terminal(names[chance.seat], setup)
        seated.seat = chance.seat
    stop = "stops (no game to save yet)" if setup else "saves the game so far and stops"
    lines, prompt = fit("chance: ", chance.prompt + private, chance.name)
    for line in lines:
        click.echo(line, err=True)
    while True:
        text = _ask_line(prompt, err=True)
        if asked_help(text):
            click.echo("\n".join(wrapped(chance.prompt + private)), err=True)
            click.echo(f"  q {stop}", err=True)
            continue
        try:
            outcome = chance.parse(text)
        except ValueError as e:
            _say_why(e, err=True)
            continue
        if hidden:
            clear_scrollback()  # what was typed in, off the screen before anyone else looks
        return outcome


def _say_why(error: ValueError, err: bool = False) -> None:
    """Why an answer was refused, in lines under 80 columns (a terminal breaks a long one mid-word)."""
    for line in wrapped(str(error)):
        click.echo(f"  {line}", err=err)


def pass_terminal(name: str, setup: bool = False) -> None:
    """The screen and scrollback cleared, then a wait until `name` has the terminal."""
    clear_scrollback()
    stop = "q: stop, no game to save yet" if setup else "q: save and stop"
    _ask_line(
        f"Pass the terminal to {name} and press Enter ({stop}) ",
        default="",
        show_default=False,
        err=True,
    )


def clear_scrollback() -> None:
    """Clear the screen and the terminal's scrollback (ESC[3J, xterm, tmux,
    VTE, iTerm2, Windows Terminal) before the terminal is passed on: the last
    player's private view must not be one scroll up for the next, nor one
    up arrow away in the prompt's history (a hand typed in)."""
    editing = sys.modules.get("readline")
    if editing is not None:
        editing.clear_history()
    if sys.stdout.isatty():
        sys.stdout.write("\x1b[H\x1b[2J\x1b[3J")
        sys.stdout.flush()
    else:
        click.clear()


class Screen:
    """The humans' side of the terminal: the table as each one may see it."""

    def __init__(self, table, humans: list[int], err: bool = False):
        self.table, self.humans = table, humans
        self.err = err  # standard output carries the log: the table talks on standard error
        self.seated = None  # the human whose view is on screen
        self.shown = None  # (moves played, viewer, the picture) of the table last drawn
        self.news: list[str] = []  # what the table heard since a human last looked
        self.hinted = False  # the keys are told once, at the first question
        self.bots_chose: list[str] = []  # the bots' choices this turn, not yet told

    def tell(self, news: str | None) -> None:
        if news:
            self.news.append(news)

    def bot_chose(self, choice, answer) -> None:
        """A bot's choice, to be told before chance is typed in later in the same
        turn (a Fish Stix draw): the table makes the bot's play first."""
        from .errors import plugin_call

        name = self.table.log["players"][choice.seat]["name"]
        said = plugin_call(self.table.game, "told", choice.said, answer, gives=str)
        self.bots_chose.append(f"{name} {said}.")

    def flush(self) -> None:
        for news in self.news:  # (plain: announcements name players)
            click.echo("\n".join(wrapped(news)), err=self.err)
        self.news.clear()

    def chance(self, chance):
        seated = Seated(self.humans, self.seated)
        # What the table heard, before it types in more: unless the terminal is
        # first passed to one person (the screen is then cleared), who hears it after.
        if not seated.hands_over(chance):
            self.news += self.bots_chose
            self.bots_chose.clear()
            self.flush()
        outcome = ask_table(chance, [p["name"] for p in self.table.log["players"]], seated)
        self.seated = seated.seat
        if seated.hidden(chance):
            self.shown = None  # ask_table cleared the screen: the table again
        return outcome

    def ask(self, choice):
        from .errors import plugin_call
        from .show import console

        table, seat = self.table, choice.seat
        name = table.log["players"][seat]["name"]
        if table.game.hidden_information and len(self.humans) > 1 and self.seated != seat:
            pass_terminal(name)
        self.seated = seat
        self.flush()
        # The table again only when it changed: not before every question of one
        # turn, but after a re-roll within it (text and Styled pictures compare).
        viewer = seat if table.game.hidden_information else None
        drawn = plugin_call(table.game, "render", table.state.render, viewer)
        seen = drawn.lines if isinstance(drawn, Styled) else drawn if isinstance(drawn, str) else None
        shown = (len(table.log["moves"]), viewer, seen)
        if shown != self.shown:
            self.shown = shown
            console().print(picture(drawn))
        if not self.hinted:
            self.hinted = True
            click.echo("\n".join(wrapped("(help: how to answer and the legal choices; q: save and stop)")))
        lines, prompt = fit(f"{name}, ", choice.question(), name)
        for line in lines:
            click.echo(line)
        while True:
            text = _ask_line(prompt)
            if asked := asked_help(text):
                self._help(choice, everything=asked == "all")
                continue
            try:
                answer = choice.parse(text)
            except ValueError as e:
                _say_why(e)
                continue
            if answer in choice.options:
                return answer
            click.echo("  not a legal choice now; type help to see them")

    def _help(self, choice, everything: bool) -> None:
        """The game's own help (the notation with examples, the choices grouped)
        when it has one, else the legal choices in its notation."""
        from .errors import plugin_call

        explain = getattr(self.table.state, "help", None)
        if explain is not None:
            text = plugin_call(self.table.game, "help", lambda: explain(choice, all=everything))
            if text:
                click.echo("\n".join(reflowed(told(text).rstrip("\n"))))
                return
        click.echo("\n".join(wrapped(choice.question())))
        limit = None if everything else SHOWN_OPTIONS
        shown = [choice.notation(o) for o in itertools.islice(choice.options, limit)]
        click.echo(choices_listed(shown))
        if len(choice.options) > len(shown):
            click.echo(f"  ... and {len(choice.options) - len(shown)} more ('help all' lists them)")
