"""The commands of `stixx`, a module per job, and the options they share.

Each command parses its options, calls one function of the core and prints.
Imports stay inside the commands, so that `stixx --help` loads no game code,
no rich and no yaml.
"""

from __future__ import annotations

import re

import click


def echo_json(value) -> None:
    from ..text import json_line

    # C1 controls, bidi overrides and lone surrogates as \u escapes: the same data, inert on a terminal.
    click.echo(json_line(value))


class Typed(click.ParamType):
    """Text typed on the command line: bytes that are not UTF-8 (a name pasted
    in another encoding) reach Python as lone surrogates, which no log and no
    seed can hold, so they are refused at once (exit 2), not after the game."""

    name = "text"

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not value.isprintable() and re.search("[\ud800-\udfff]", value):
            self.fail(f"{value.encode('utf-8', 'surrogateescape')!r} is not text (not UTF-8)", param, ctx)
        return value


TYPED = Typed()


def rules_for(game, variant, rules_file):
    from ..rules import resolve

    one_rule_option(variant, rules_file)
    return resolve(game, variant, rules_file)


def one_rule_option(variant, rules_file) -> None:
    if variant and rules_file:
        raise click.UsageError("give --variant or --rules, not both")


def completes(what: str):
    """A shell_complete callback of stixxcli.completion, imported only when the shell asks."""

    def complete(ctx, param, incomplete):
        from .. import completion

        return getattr(completion, what)(ctx, param, incomplete)

    return complete


variant_option = click.option(
    "--variant",
    "-v",
    metavar="NAME",
    shell_complete=completes("variants"),
    help="A rule variant by name (default: standard).",
)
rules_option = click.option(
    "--rules",
    "rules_file",
    metavar="FILE",
    type=click.Path(exists=True, dir_okay=False),  # a missing file: exit 2, as for a LOG
    help="A rule variant file (YAML, may say extends:).",
)
json_option = click.option("--json", "as_json", is_flag=True, help="Write JSON for scripts.")


jobs_option = click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=0),
    default=1,
    show_default=True,
    metavar="N",
    help="Processes at work: this one and N-1 workers (0: one per core).",
)
executor_option = click.option(
    "--executor",
    type=click.Choice(["local", "dask"]),
    default="local",
    show_default=True,
    help="Where the work runs: here, or a Dask cluster.",
)
scheduler_option = click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="The Dask scheduler, e.g. tcp://10.0.0.5:8786 (with --executor dask).",
)


def jobs_for(jobs: int) -> int:
    """--jobs as processes at work: 0 is one per core, too many are clamped with a warning."""
    from ..parallel import jobs_for as sane_jobs

    return sane_jobs(jobs, warn=lambda message: click.echo(f"stixx: warning: {message}", err=True))
