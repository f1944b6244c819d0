"""Errors a person can act on. Raised anywhere, shown as one line at the edge."""

import errno


class StixxError(Exception):
    """Invalid content: a bad log, rule file, sheet or move. Exit code 1."""

    exit_code = 1

    def __init__(self, message: str, *, where: str | None = None):
        super().__init__(message)
        self.message = message
        self.where = where  # "file.json:3:7", "rules.yaml:4", "move 12"...

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class RuleError(StixxError):
    """A rule file or a set of rules that the game does not accept."""


class IllegalSetup(StixxError):
    """A recorded setup that breaks the rules (layout, deal, secret colours)."""


class IllegalMove(StixxError):
    """A move the rules do not allow. The message says which rule and why."""


class LogError(StixxError):
    """A game log that is not a well-formed stixxcli-log/1 envelope."""


class PluginError(StixxError):
    """A plugin that failed: it is named in the message."""


def did_you_mean(word: str, choices) -> str:
    """ "; did you mean 'x'?" for the closest of `choices` to a mistyped word, or ""."""
    import difflib

    hint = difflib.get_close_matches(word, list(choices), n=1)
    return f"; did you mean {hint[0]!r}?" if hint else ""


def plugin_call(game, what: str, function, *args, gives: type | tuple | None = None):
    """Call into a game plugin; anything but a StixxError is the plugin's fault.
    `gives`: the type the contract promises, checked here so that a wrong value
    is blamed on the plugin, not met later as the core's internal error."""
    try:
        value = function(*args)
    except Exception as e:
        raise plugin_fault(game, what, e)  # noqa: B904 (the cause is set there)
    if gives is not None and not isinstance(value, gives):
        wanted = " or ".join(t.__name__ for t in (gives if isinstance(gives, tuple) else (gives,)))
        raise PluginError(f"the {game.name} plugin's {what} gave {type(value).__name__}, not {wanted}")
    return value


_DISK_FULL = (errno.ENOSPC, errno.EDQUOT)


def plugin_fault(game, what: str, error: Exception) -> Exception:
    """What to raise for `error`, raised by the game plugin in `what`: a
    PluginError naming it, unless the error is one the core raises as it is.
    For a loop that reads the plugin inline, where a plugin_call each move would cost."""
    if isinstance(error, (StixxError, BrokenPipeError)):  # a closed pipe is the reader's doing
        return error
    if isinstance(error, OSError) and error.errno in _DISK_FULL:  # printing what it drew, say: no one's fault
        return error
    fault = PluginError(f"the {game.name} plugin failed in {what}: {type(error).__name__}: {error}")
    fault.__cause__ = error  # for --debug's traceback
    return fault


def plugin_json(game, what: str, value) -> str:
    """`value`, given by the game plugin in `what`, as one line of JSON
    (text.json_line); what JSON cannot write (a set, NaN, Infinity, an object
    that holds itself) is the plugin's fault, never written as invalid JSON."""
    from .text import json_line

    try:
        return json_line(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as e:
        raise PluginError(f"the {game.name} plugin's {what} is not JSON: {not_json(e)}") from e


def not_json(error: Exception) -> str:
    """Why json.dumps refused a value, in words: json's own for NaN ("Out of
    range float values are not JSON compliant") say less."""
    return (
        "it holds NaN or Infinity" if isinstance(error, ValueError) and "float" in str(error) else str(error)
    )


def report(error: BaseException) -> int:
    """Say what went wrong in one line on standard error, as every command
    does at its edge (the click group, or __main__'s quick path); the exit code."""
    import sys

    from .text import clip, plain

    def say(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    if isinstance(error, BrokenPipeError):
        sys.stderr.close()  # the reader went away (| head); nothing more to say
        return 141  # 128 + SIGPIPE, as a shell reports it: the work was not done (nor all logs checked)
    if isinstance(error, StixxError):
        say(f"stixx: error: {plain(clip(str(error), 400))}")
        return error.exit_code
    if isinstance(error, KeyboardInterrupt):  # Ctrl-C, or SIGTERM during a long job (parallel.Stopped)
        say(f"\nstixx: stopped ({getattr(error, 'args', None) and error.args[0] or 'SIGINT'})")
        return getattr(error, "exit_code", 130)
    if isinstance(error, OSError):  # a disk full, a folder gone mid-write: one line, not an internal error
        where = f"{plain(error.filename)}: " if error.filename else ""
        say(f"stixx: error: {where}{plain(error.strerror or error)}")
        return 1
    say(f"stixx: internal error: {type(error).__name__}: {plain(error)} (run with --debug for the traceback)")
    return 1
