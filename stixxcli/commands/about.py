"""What is installed: games, plugins, rule variants, schemas; shell completion."""

from __future__ import annotations

import click

from ..text import plain
from . import completes, echo_json, json_option

# games, plugins ----------------------------------------------------------------


@click.command()
@json_option
def games(as_json):
    """List the installed games, with their variants and bots.

    \b
    Example:
      stixx games --json
    """
    from ..catalogue import game_rows

    rows = game_rows()
    if as_json:
        return echo_json(rows)
    from ..show import table

    table(
        ["game", "players", "variants", "bots", "plugin"],
        [
            [r["name"], f"{r['min_players']}-{r['max_players']}", ", ".join(r["variants"]),
             ", ".join(r["bots"]), f"{r['plugin']} {r['version']}"]
            for r in rows
        ],
    )  # fmt: skip


@click.command()
@json_option
def plugins(as_json):
    """List the loaded plugins with their versions and hooks.

    Set STIXX_PLUGINS to a comma-separated list to load only those external
    plugins (empty: none); the bundled games always load.

    \b
    Example:
      STIXX_PLUGINS= stixx plugins
    """
    from ..catalogue import plugin_rows

    rows = plugin_rows()
    if as_json:
        return echo_json(rows)
    from ..show import table

    table(
        ["plugin", "version", "from", "hooks"],
        [
            [
                r["name"],
                r["version"],
                "bundled" if r["bundled"] else r["distribution"],
                r.get("error") or ", ".join(r["hooks"]),
            ]
            for r in rows
        ],
    )


# variants, schema ---------------------------------------------------------------


@click.command()
@click.argument("game_name", metavar="[GAME]", required=False, shell_complete=completes("games"))
@click.argument("name", required=False, shell_complete=completes("variants"))
@click.option("--diff", is_flag=True, help="Show only what the variant changes from standard.")
@json_option
def variants(game_name, name, diff, as_json):
    """List rule variants (of every game, or of GAME), or show one's resolved rules.

    NAME is a variant name or the path of a variant file.

    \b
    Examples:
      stixx variants
      stixx variants sixto
      stixx variants stixx dutch-edition --diff
      stixx variants sixto my-house-rules.yaml --json
    """
    from .. import catalogue
    from ..plugins import get_game

    if name is None:
        if diff:
            example = f"stixx variants {plain(game_name or 'GAME')} VARIANT --diff"
            raise click.UsageError(f"--diff compares one variant with standard: name it ({example})")
        rows = catalogue.variant_rows(game_name)
        if as_json:
            return echo_json(rows)
        from ..show import table

        return table(
            ["game", "variant", "description", "file"],
            [[r["game"], r["name"], r.get("description") or r.get("error", ""), r["file"]] for r in rows],
        )
    game = get_game(game_name)
    rules = catalogue.variant(game, name)
    if diff:
        # A file named standard.yaml (a club's, a copy) is shown by its path beside the standard.
        label = name if rules.variant == "standard" and name != "standard" else rules.variant
        changed = catalogue.changes(game, rules, label)
        if as_json:
            return echo_json({"game": game.name, "variant": rules.variant, "changes": changed})
        if not changed:
            return click.echo(f"{plain(label)} changes nothing from standard")
        from ..show import table

        short = catalogue.short
        return table(
            ["parameter", "standard", label],
            [[k, short(v["standard"]), short(v[label])] for k, v in changed.items()],
        )
    if as_json:
        return echo_json(rules.to_json())
    from ..show import table

    meaning = {p.name: p.description for p in game.params}
    click.echo(
        plain(f"{game.title} - {rules.variant}" + (f": {rules.description}" if rules.description else ""))
    )
    table(
        ["parameter", "value", "meaning"],
        [[k, catalogue.short(v), meaning.get(k, "")] for k, v in rules.values.items()],
    )


@click.command()
@click.argument("game_name", metavar="[GAME]", required=False, shell_complete=completes("games"))
def schema(game_name):
    """Print the JSON Schema of the game log, or of a game's rules, setup and moves.

    \b
    Examples:
      stixx schema > stixxcli-log.schema.json
      stixx schema sixto
    """
    from ..schemas import envelope_schema, game_schema

    if game_name is None:
        return echo_json(envelope_schema())
    from ..plugins import get_game

    echo_json(game_schema(get_game(game_name)))


@click.command()
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
def completion(shell):
    """Print the shell completion script: commands and options, and their
    values: game names, variant names of the game on the line, bot names
    (after NAME: or SEAT: too) and the players of the log being replayed.

    \b
    Examples:
      eval "$(stixx completion bash)"          # in ~/.bashrc
      eval "$(stixx completion zsh)"           # in ~/.zshrc
      stixx completion fish > ~/.config/fish/completions/stixx.fish
    """
    from click.shell_completion import get_completion_class

    from ..completion import bash_class

    root = click.get_current_context().find_root().command
    cls = bash_class() if shell == "bash" else get_completion_class(shell)
    click.echo(cls(root, {}, "stixx", "_STIXX_COMPLETE").source())


COMMANDS = [games, plugins, variants, schema, completion]
