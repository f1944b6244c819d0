"""`stixx` and `python -m stixxcli`: --version is answered before anything is
imported (click included), --help from the cache when it can be
(helptext.py), and `stixx validate LOG...` with no option (validation.py) and
`stixx score --sheet FILE...` (sheets.py) run without click; everything else
goes to the command line."""

import os
import sys


def main():
    _standard_streams_open()
    if sys.argv[1:] in (["--version"], ["-V"]):
        from . import __version__

        print(f"stixx, version {__version__}")
        return
    _legible_anywhere()
    if sys.argv[1:] in (["--help"], ["-h"]):
        from .helptext import top_help

        text = top_help()
        try:
            print(text, flush=True)
        except BrokenPipeError:  # `stixx --help | head`: the rest is not wanted
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return
    if sys.argv[1:2] == ["validate"]:
        from .validation import quick_paths

        logs = quick_paths(sys.argv[2:])
        if logs:
            from .errors import report
            from .validation import validate

            try:
                code = validate(logs)
            except (Exception, KeyboardInterrupt) as e:
                code = report(e)
            sys.exit(code)
    if sys.argv[1:2] == ["score"]:
        from .sheets import quick_sheets

        sheets = quick_sheets(sys.argv[2:])
        if sheets:
            _score_paper(*sheets)
    from .cli import cli

    cli(prog_name="stixx")


def _standard_streams_open() -> None:
    """A standard stream the caller closed (`stixx validate - <&-`, `>&-`) is
    None in Python, and reading or asking it anything was an internal error
    (`'NoneType' object has no attribute 'buffer'`). It is opened on the null
    device instead: read, it is the end of input; written, the text goes nowhere."""
    for fd, name in enumerate(("stdin", "stdout", "stderr")):
        if getattr(sys, name) is None:
            null = os.open(os.devnull, os.O_RDONLY if fd == 0 else os.O_WRONLY)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
            setattr(sys, name, open(fd, "r" if fd == 0 else "w", encoding="utf-8", closefd=False))


# What the tables and boards draw with, for an output that cannot show it.
PLAIN = {"─": "-", "━": "=", "═": "=", "│": "|", "┃": "|", "┼": "+", "╇": "+", "╱": "/", "╲": "\\",
         "•": "*", "▶": ">", "±": "+-", "×": "x", "·": ".", "…": "...", "–": "-", "—": "-"}  # fmt: skip


def _legible_anywhere() -> None:
    """An output that is not UTF-8 (a Windows file or pipe takes the ANSI code
    page; a Latin-1 terminal) gets what it cannot show in plain characters, as
    a "?" at worst: drawing a board must not stop a command."""
    import codecs

    def plainer(error):
        return "".join(PLAIN.get(c, "?") for c in error.object[error.start : error.end]), error.end

    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None) or "utf-8"
        if codecs.lookup(encoding).name != "utf-8" and hasattr(stream, "reconfigure"):
            codecs.register_error("stixx-plain", plainer)
            stream.reconfigure(errors="stixx-plain")


def _score_paper(paths: list[str], as_json: bool) -> None:
    """`stixx score --sheet FILE...` without click; a line that needs a usage
    error (no game has sheets, or several do) is left to click to say."""
    from .errors import report
    from .sheets import NoSheetGame, score_paper

    try:
        score_paper(paths, as_json=as_json)
    except NoSheetGame:
        return
    except (Exception, KeyboardInterrupt) as e:
        sys.exit(report(e))
    sys.exit(0)


if __name__ == "__main__":
    main()
