"""`stixx` and `python -m stixxcli`: --version is answered before anything is
imported (click included); everything else goes to the command line."""

import sys


def main():
    if sys.argv[1:] in (["--version"], ["-V"]):
        from . import __version__

        print(f"stixx, version {__version__}")
        return
    from .cli import cli

    cli(prog_name="stixx")


if __name__ == "__main__":
    main()
