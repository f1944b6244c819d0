"""Reading what the table types: line editing and history, prompts that fit
in 80 columns, `q` to stop anywhere, and `replay --step`'s moving about."""

from __future__ import annotations

import re
import shutil
import sys
import textwrap

import click

from .text import counted, told

WIDTH = 80  # a prompt and the lines that explain it fit in 80 columns, or a narrower terminal
NARROWEST = 20  # narrower than this, lines are broken for 20 columns and the terminal wraps them
ANSWER_ROOM = 25  # left on a prompt's line for the answer: a Sixto row typed with spaces
QUIT = ("q", "quit", "save")
HELP = ("help", "?", "h")
HELP_ALL = ("help all", "??", "h all")


def asked_help(text: str) -> str | None:
    """ "all" for `help all`, "some" for `help`, None for an answer (spaces and case as typed)."""
    said = " ".join(text.lower().split())
    return "all" if said in HELP_ALL else "some" if said in HELP else None


class Interrupted(KeyboardInterrupt):
    """Ctrl-C, SIGTERM, 'quit' or the end of input: save what there is.

    A KeyboardInterrupt, so that it passes through the engine's guard around
    plugin code."""


_editing = None  # whether input() edits lines (readline loaded); decided at the first question


def _line_editing() -> bool:
    """Line editing and history (arrows, Ctrl-R) where readline exists and a
    person types at a terminal; piped input is read as it comes."""
    global _editing
    if _editing is None:
        _editing = False
        if sys.stdin.isatty() and sys.stdout.isatty():
            try:
                import readline  # noqa: F401 (importing it is what turns editing on for input())

                _editing = True
            except ImportError:  # Windows without pyreadline: plain input
                pass
    return _editing


def read_line(text, **kwargs) -> str:
    """One line from the table. `text` is the whole prompt, ending in ": " or "> "."""
    text = told(text)  # names and the game's words in it: shown, never acted on
    try:
        if _line_editing() and not kwargs.get("default"):
            # input() draws the prompt itself, so readline knows where the line starts.
            return input(text)
        return click.prompt(text.rstrip(": >").rstrip(), **kwargs)
    except (click.Abort, EOFError) as e:
        if isinstance(e.__context__, Interrupted):  # a signal, which click.prompt turned into Abort
            raise e.__context__ from None
        raise Interrupted("end of input") from None


def ask_line(text, **kwargs) -> str:
    """A line typed in, with 'q' and 'quit' stopping the game (saved) wherever asked."""
    answer = read_line(text, **kwargs).strip()
    if answer.lower() in QUIT:
        raise Interrupted("quit")
    return answer


def width() -> int:
    """WIDTH, or the terminal's width where it is narrower (60 columns)."""
    return max(NARROWEST, min(WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns))


def fit(lead: str, question: str, short: str) -> tuple[list[str], str]:
    """Lines to print and the prompt to ask with, all within width() columns:
    the question in the prompt when it fits with room for the answer, else
    wrapped above a short prompt."""
    room = width()
    inline = f"{lead}{question}: "
    if "\n" not in question and len(inline) + ANSWER_ROOM <= room:
        return [], inline
    return wrapped(question), short[: room - 10] + "> "


def wrapped(text: str) -> list[str]:
    """`text` in lines under width() columns. A line that fits is kept as it is,
    spaces included: a prompt may hold a picture (the numbering of a board)."""
    room = width()
    text = told(text)
    lines = []
    for line in text.splitlines():
        if len(line) < room:
            lines.append(line)
        else:
            # Not after a hyphen: a stick (`pink-school-green-orange`) or a variant is one word.
            lines += textwrap.wrap(line, room - 3, subsequent_indent="  ", break_on_hyphens=False)
    return lines


def choices_listed(shown: list[str]) -> str:
    """Choices in their notation, `a | b | c`, indented, in lines under width() columns."""
    return textwrap.fill(
        told(" | ".join(shown)),
        width() - 1,
        initial_indent="  ",
        subsequent_indent="  ",
        break_on_hyphens=False,
    )


LABEL = re.compile(r"\s*(?:\S+ )*?\S+ {2,}(?=\S)")  # a name, then its text after 2+ spaces


def reflowed(text: str) -> list[str]:
    """A game's help, laid out for 80 columns, within width() columns. A line
    too long is broken between words and goes on under its own text (`A id
    take one...` under `take`), else under its first word; the lines that went
    on with it in 80 columns are joined to it first (a sentence, a list of ids)."""
    room = width()
    lines = told(text).splitlines()
    out, n = [], 0
    while n < len(lines):
        line, n = lines[n], n + 1
        if len(line) <= room:
            out.append(line)
            continue
        label, lead = LABEL.match(line), len(line) - len(line.lstrip())
        under = len(label.group()) if label else 0  # where the lines going on with it start
        while n < len(lines) and not line.endswith((".", ":", "!", "?")) and (label or not lead):
            going_on = lines[n][under:]
            if not lines[n].startswith(" " * under) or not going_on.strip() or going_on[0] == " ":
                break
            line, n = f"{line} {going_on}", n + 1
        start = under or lead
        line = line[:start] + " ".join(line[start:].split())  # its columns of text are gone: one space
        hang = next((h for h in (under, lead) if 0 < h <= room // 2), 2)
        out += textwrap.wrap(line, room, subsequent_indent=" " * hang, break_on_hyphens=False)
    return out


def step_through(log: dict, show, start: int = 0):
    """`replay --step`: the table after each move, in the order the reader asks.
    Enter shows the next move, `b` the one before, a number N the table after N
    moves, `q` stops. `show(step)` draws one point of the replay; the last
    one shown is returned (for --svg).

    States are updated in place, so going back replays from the start: a game
    is a few hundred moves at most, replayed in milliseconds."""
    from .replays import replay

    total = len(log["moves"])
    steps, at = None, None

    def go(index: int):
        nonlocal steps, at
        if at is None or index < at.index:
            steps = replay(log)
            at = next(steps)
        while at.index < index:
            at = next(steps)
        show(at)

    go(min(start, total))
    while True:
        where = f"{at.index}/{total}"
        try:
            text = read_line(f"[{where}] Enter: next, b: back, N: after N moves, q: quit> ").strip().lower()
        except Interrupted:
            break
        if text in QUIT:
            break
        if text in HELP:
            click.echo("  Enter: the next move; b: the move before; a number N: the table after N moves")
            continue
        if text == "":
            if at.index == total:
                click.echo("  that was the last move (b: back, N: go to N, q: quit)")
                continue
            go(at.index + 1)
        elif text in ("b", "back"):
            if at.index == 0:
                click.echo("  this is the start (Enter: next move)")
                continue
            go(at.index - 1)
        elif text.isascii() and text.isdigit():
            if int(text) > total:
                click.echo(f"  the game has {counted(total, 'move')}: 0 to {total}")
                continue
            go(int(text))
        else:
            click.echo(f"  {text!r}: Enter, b, a number 0-{total} or q")
    return at
