"""The `stixx` command line. It knows no game: every game comes from a plugin.

Imports stay inside the commands so that `stixx --help` and `stixx --version`
load no game code, no rich and no yaml.
"""

from __future__ import annotations

import json
import sys

import click

from . import __version__
from .errors import StixxError

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


class StixxGroup(click.Group):
    """The root group: plugin commands on demand, and errors as one line."""

    _plugin_commands_added = False

    def _add_plugin_commands(self):
        if not self._plugin_commands_added:
            self._plugin_commands_added = True
            from .plugins import get_plugins

            get_plugins().call("stixx_commands", cli=self)

    def list_commands(self, ctx):
        self._add_plugin_commands()
        return super().list_commands(ctx)

    def get_command(self, ctx, name):
        command = super().get_command(ctx, name)
        if command is None:
            self._add_plugin_commands()
            command = super().get_command(ctx, name)
        return command

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except StixxError as e:
            if ctx.meta.get("stixx.debug"):
                raise
            from .check import clip

            click.echo(f"stixx: error: {clip(str(e), 400)}", err=True)
            ctx.exit(e.exit_code)
        except BrokenPipeError:
            sys.stderr.close()  # the reader went away (| head); nothing more to say
            ctx.exit(0)
        except Exception as e:
            if ctx.meta.get("stixx.debug"):
                raise
            click.echo(
                f"stixx: internal error: {type(e).__name__}: {e} (run with --debug for the traceback)",
                err=True,
            )
            ctx.exit(1)


def _debug(ctx, param, value):
    ctx.meta["stixx.debug"] = value


@click.group(cls=StixxGroup, context_settings=CONTEXT)
@click.version_option(__version__, "-V", "--version", prog_name="stixx")
@click.option(
    "--debug",
    is_flag=True,
    expose_value=False,
    callback=_debug,
    is_eager=True,
    help="Show the full traceback of an error.",
)
def cli():
    """Score, check, replay and play Stixx, Sixto, Fish Stix and Trixo.

    \b
    Examples:
      stixx score --sheet examples/sixto/rulebook-example.txt
      stixx play sixto --bot Ann:greedy --bot Bob:random --seed 7 --out game.json
      stixx validate game.json
      stixx replay game.json --to 10 --as-player Ann
      stixx variants sixto solo --diff
    """


def main():
    cli(prog_name="stixx")


def _echo_json(value) -> None:
    click.echo(json.dumps(value, ensure_ascii=False))


def _rules_for(game, variant, rules_file):
    from .rules import resolve

    if variant and rules_file:
        raise click.UsageError("give --variant or --rules, not both")
    return resolve(game, variant, rules_file)


variant_option = click.option(
    "--variant", "-v", metavar="NAME", help="A rule variant by name (default: standard)."
)
rules_option = click.option(
    "--rules",
    "rules_file",
    metavar="FILE",
    type=click.Path(dir_okay=False),
    help="A rule variant file (YAML, may say extends:).",
)
json_option = click.option("--json", "as_json", is_flag=True, help="Write JSON for scripts.")
log_argument = click.Path(exists=True, dir_okay=False, allow_dash=True)


# games, plugins ----------------------------------------------------------------


@cli.command()
@json_option
def games(as_json):
    """List the installed games, with their variants and bots.

    \b
    Example:
      stixx games --json
    """
    from .plugins import bot_names, get_plugins
    from .rules import variant_files

    rows = []
    for name, entry in sorted(get_plugins().games().items()):
        game = entry.game
        rows.append(
            {
                "name": name,
                "title": game.title,
                "plugin": entry.plugin,
                "version": entry.version,
                "min_players": game.min_players,
                "max_players": game.max_players,
                "variants": sorted(variant_files(name)),
                "bots": bot_names(name),
                "sheets": bool(game.sheets),
            }
        )
    if as_json:
        return _echo_json(rows)
    from .show import table

    table(
        ["game", "players", "variants", "bots", "plugin"],
        [
            [
                r["name"],
                f"{r['min_players']}-{r['max_players']}",
                ", ".join(r["variants"]),
                ", ".join(r["bots"]),
                f"{r['plugin']} {r['version']}",
            ]
            for r in rows
        ],
    )


@cli.command()
@json_option
def plugins(as_json):
    """List the loaded plugins with their versions and hooks.

    Set STIXX_PLUGINS to a comma-separated list to load only those external
    plugins (empty: none); the bundled games always load.

    \b
    Example:
      STIXX_PLUGINS= stixx plugins
    """
    from .plugins import get_plugins

    loaded = get_plugins()
    rows = []
    for name, info in sorted(loaded.info.items()):
        plugin = loaded.pm.get_plugin(name)
        hooks = sorted(h.name for h in loaded.pm.get_hookcallers(plugin) or [])
        rows.append({"name": name, **info, "hooks": hooks})
    if as_json:
        return _echo_json(rows)
    from .show import table

    table(
        ["plugin", "version", "from", "hooks"],
        [
            [r["name"], r["version"], "bundled" if r["bundled"] else r["distribution"], ", ".join(r["hooks"])]
            for r in rows
        ],
    )


# variants, schema ---------------------------------------------------------------


@cli.command()
@click.argument("game_name", metavar="[GAME]", required=False)
@click.argument("name", required=False)
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
    from pathlib import Path

    from .plugins import get_game, get_plugins
    from .rules import resolve, variant_files

    if name is None:
        names = [game_name] if game_name else sorted(get_plugins().games())
        rows = []
        for game in map(get_game, names):
            for variant, path in sorted(variant_files(game.name).items()):
                row = {"game": game.name, "name": variant, "file": str(path)}
                try:
                    row["description"] = resolve(game, variant).description
                except StixxError as e:
                    row["error"] = str(e)
                rows.append(row)
        if as_json:
            return _echo_json(rows)
        from .show import table

        return table(
            ["game", "variant", "description", "file"],
            [[r["game"], r["name"], r.get("description") or r.get("error", ""), r["file"]] for r in rows],
        )
    game = get_game(game_name)
    is_file = name.endswith((".yaml", ".yml")) or Path(name).is_file()
    rules = resolve(game, path=name) if is_file else resolve(game, name)
    params = {p.name: p for p in game.params}
    if diff:
        base = resolve(game, "standard").values
        changed = {
            k: {"standard": base.get(k), rules.variant: v}
            for k, v in rules.values.items()
            if base.get(k) != v
        }
        if as_json:
            return _echo_json({"game": game.name, "variant": rules.variant, "changes": changed})
        from .show import table

        if not changed:
            return click.echo(f"{rules.variant} changes nothing from standard")
        return table(
            ["parameter", "standard", rules.variant],
            [[k, _short(v["standard"]), _short(v[rules.variant])] for k, v in changed.items()],
        )
    if as_json:
        return _echo_json(rules.to_json())
    from .show import table

    click.echo(f"{game.title} - {rules.variant}" + (f": {rules.description}" if rules.description else ""))
    table(
        ["parameter", "value", "meaning"],
        [[k, _short(v), params[k].description if k in params else ""] for k, v in rules.values.items()],
    )


def _short(value, width=60) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= width else text[: width - 3] + "..."


@cli.command()
@click.argument("game_name", metavar="[GAME]", required=False)
def schema(game_name):
    """Print the JSON Schema of the game log, or of a game's rules, setup and moves.

    \b
    Examples:
      stixx schema > stixxcli-log.schema.json
      stixx schema sixto
    """
    from .schemas import envelope_schema, game_schema

    if game_name is None:
        return _echo_json(envelope_schema())
    from .plugins import get_game

    _echo_json(game_schema(get_game(game_name)))


# validate, score, replay -------------------------------------------------------


def _terminal() -> bool:
    return sys.stdout.isatty() and sys.stderr.isatty()


class _Plain:
    """Stands in for a progress bar when there is no terminal to draw it on."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def advance(self, n=1):
        pass

    def print(self, line):
        click.echo(line)


def _progress(enabled: bool, total, label: str):
    if not enabled:
        return _Plain()
    from .show import ProgressBar

    return ProgressBar(total, label)


jobs_option = click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=0),
    default=1,
    show_default=True,
    help="Worker processes (0: one per core).",
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


def _jobs(jobs: int) -> int:
    from .parallel import default_jobs

    return jobs or default_jobs()


@cli.command()
@click.argument("logs", nargs=-1, required=True, type=log_argument)
@click.option("--quiet", "-q", is_flag=True, help="Print only the invalid logs and the count.")
@jobs_option
@executor_option
@scheduler_option
@json_option
def validate(logs, quiet, jobs, executor, scheduler, as_json):
    """Check game logs: the envelope, the rules and their digest, the setup,
    every move in order, the end and the recorded result.

    Each LOG is a JSON file, a JSON Lines corpus (one log a line, read in
    constant memory) or - for standard input. The first illegal move of a log
    is named with its index (from 0), player, the move and the reason. Verdicts
    come in input order, whatever --jobs. Exit 0 when every log is valid, 1
    otherwise.

    \b
    Examples:
      stixx validate examples/*/*.json
      stixx validate club-2026.jsonl --jobs 0 --quiet
      cat corpus.jsonl | stixx validate - --json
      stixx validate huge.jsonl --executor dask --scheduler tcp://10.0.0.5:8786
    """
    from functools import partial

    from .check import check_texts
    from .gamelog import raw_logs
    from .parallel import chunked, ordered_map

    texts = ((where, text) for source in logs for where, text in raw_logs(source, decode=False))
    chunks = chunked(((w, t) if isinstance(t, (str, bytes)) else (w, str(t), False) for w, t in texts), 32)
    total = bad = 0
    with _progress(_terminal() and not as_json, None, "validating") as bar:
        for verdicts in ordered_map(
            partial(check_texts, full=as_json),
            chunks,
            jobs=_jobs(jobs),
            executor=executor,
            scheduler=scheduler,
        ):
            for verdict, line in verdicts:
                total += 1
                bad += not verdict["valid"]
                if as_json:
                    _echo_json(verdict)
                elif not (quiet and verdict["valid"]):
                    bar.print(line)
            bar.advance(len(verdicts))
    if not as_json and (total > 1 or quiet):
        click.echo(f"{total} logs: {total - bad} valid, {bad} invalid", err=True)
    sys.exit(1 if bad else 0)


@cli.command()
@click.argument("files", nargs=-1, type=log_argument, metavar="[LOG | SHEET...]")
@click.option(
    "--sheet",
    "sheets",
    multiple=True,
    type=log_argument,
    metavar="FILE",
    help="Score paper score sheets: this FILE and every other FILE given (- reads standard input).",
)
@click.option(
    "--game", "game_name", metavar="GAME", help="The game of the sheets (default: the one that has sheets)."
)
@variant_option
@rules_option
@json_option
def score(files, sheets, game_name, variant, rules_file, as_json):
    """Score a game log, or paper score sheets.

    For a log: scores, places after tie-breaks and where each score comes from
    (the standing, for an unfinished game). With --sheet: each sheet's rows,
    columns and total, and the ranking of several.

    \b
    Examples:
      stixx score game.json
      stixx score club-2026.jsonl --json       # one line per game
      stixx score --sheet examples/sixto/rulebook-example.txt
      stixx score --sheet examples/sixto/table/*.txt --json
    """
    if sheets:
        return _score_sheets(list(sheets) + list(files), game_name, variant, rules_file, as_json)
    if len(files) != 1:
        raise click.UsageError("give one LOG, or paper sheets with --sheet FILE")
    from .check import check_log, clip, scored
    from .gamelog import load_logs
    from .show import show_result

    bad = 0
    for where, data in load_logs(files[0]):  # one log, or each of a JSON Lines corpus
        verdict = data if isinstance(data, StixxError) else check_log(data, where)
        if isinstance(data, StixxError) or not verdict.valid:
            bad += 1
            line = str(data) if isinstance(data, StixxError) else verdict.line()
            click.echo(f"stixx: error: {clip(line)}", err=True)
            continue
        out = scored(data, verdict.result)
        if as_json:
            _echo_json(out)
        else:
            show_result(out)
    sys.exit(1 if bad else 0)


def _score_sheets(paths, game_name, variant, rules_file, as_json):
    from .plugins import get_game, get_plugins

    if game_name is None:
        with_sheets = [n for n, e in get_plugins().games().items() if e.game.sheets]
        if len(with_sheets) != 1:
            raise click.UsageError(
                f"say which game with --game ({', '.join(with_sheets) or 'none has sheets'})"
            )
        game_name = with_sheets[0]
    game = get_game(game_name)
    if not game.sheets:
        raise StixxError(f"{game.name} has no paper sheets to score")
    rules = _rules_for(game, variant, rules_file).values
    texts = []
    for path in paths:
        try:
            raw = sys.stdin.buffer.read() if path == "-" else open(path, "rb").read()
            texts.append(("<stdin>" if path == "-" else path, raw.decode("utf-8-sig")))
        except UnicodeDecodeError:
            raise StixxError("not a text file (not UTF-8)", where=path) from None
        except OSError as e:
            raise StixxError(f"cannot read: {e.strerror}", where=path) from None
    from .engine import plugin_call

    scored = plugin_call(game, "score_sheets", game.score_sheets, texts, rules)
    if as_json:
        return _echo_json(scored.to_json())
    from .show import console

    console().print(scored.render())


@cli.command()
@click.argument("log", type=log_argument)
@click.option(
    "--to",
    "to",
    type=click.IntRange(min=0),
    metavar="N",
    help="Show only the state after the first N moves (0: the start).",
)
@click.option("--step", is_flag=True, help="Wait for Enter between moves.")
@click.option("--as-player", "as_player", metavar="P", help="See only what player P (name or seat) knows.")
@click.option(
    "--svg",
    "svg",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="Save the last state shown as an SVG picture.",
)
@click.option(
    "--pick", type=click.IntRange(min=0), metavar="N", help="Which log of a JSON Lines file (from 0)."
)
@json_option
def replay(log, to, step, as_player, svg, pick, as_json):
    """Replay a game log move by move, as the table or as one player saw it.

    Without --to, every move in turn; --json writes one state per line:
    {"index", "move", "seat", "player", "state"}.

    \b
    Examples:
      stixx replay game.json --to 12
      stixx replay game.json --as-player Ann --step
      stixx replay game.json --json | jq .state
      stixx replay game.json --svg final.svg
      stixx replay corpus.jsonl --pick 41 --to 10
    """
    from .engine import plugin_call
    from .gamelog import read_one
    from .plugins import get_game
    from .replay import replay as run_replay

    data = read_one(log, pick)
    names = [p.get("name") for p in data.get("players", []) if isinstance(p, dict)]
    viewer = _viewer(as_player, names)
    if to is not None and to > len(data.get("moves", [])):
        raise StixxError(f"the log has {len(data.get('moves', []))} moves; --to {to} is past its end")
    printer = None
    if not as_json:
        from .show import ReplayPrinter

        printer = ReplayPrinter()
    last = None
    game = get_game(data["game"])
    for at in run_replay(data):
        if to is not None and at.index != to:
            continue
        # The game's own code draws and shows the table: a failure there names it.
        move = (
            at.move
            if at.move is None or viewer is None
            else plugin_call(game, "move_view", at.state.move_view, at.move, viewer)
        )
        if as_json:
            _echo_json(
                {
                    "index": at.index,
                    "move": move,
                    "seat": at.seat,
                    "player": names[at.seat] if at.seat is not None else None,
                    "state": plugin_call(game, "view", at.state.view, viewer),
                }
            )
        else:
            plugin_call(game, "render", printer.show, at, move, names, viewer)
            if step and to is None and sys.stdin.isatty():
                click.prompt("", default="", show_default=False, prompt_suffix="(Enter for the next move) ")
        last = at
        if to is not None:
            break
    if printer and svg:
        printer.save_svg(svg)
        click.echo(f"picture of move {last.index} saved to {svg}", err=True)


def _viewer(as_player, names):
    if as_player is None:
        return None
    if as_player.isdigit() and int(as_player) < len(names):
        return int(as_player)
    if as_player in names:
        return names.index(as_player)
    raise StixxError(
        f"no player {as_player!r} in this game (players: {', '.join(names)}; or a seat 0-{len(names) - 1})"
    )


# simulate -----------------------------------------------------------------------


@cli.command()
@click.argument("game_name", metavar="GAME")
@variant_option
@rules_option
@click.option(
    "--players",
    "-p",
    type=click.IntRange(min=1),
    help="Number of seats (default: the fewest the game allows, at least 2 where it can).",
)
@click.option(
    "--bot",
    "bots",
    multiple=True,
    metavar="SEAT:BOT",
    help="The bot at a seat, e.g. 0:greedy (repeat; other seats: random).",
)
@click.option("--games", "-n", "count", type=click.IntRange(min=1), required=True, help="How many games.")
@click.option("--seed", default="0", show_default=True, help="Game i is played with the seed SEED-i.")
@click.option(
    "--compare", metavar="VARIANT", help="Play the same seeds under a second variant, side by side."
)
@click.option(
    "--out", type=click.Path(dir_okay=False), metavar="FILE.jsonl", help="Write every game log, one a line."
)
@jobs_option
@executor_option
@scheduler_option
@json_option
def simulate(
    game_name,
    variant,
    rules_file,
    players,
    bots,
    count,
    seed,
    compare,
    out,
    jobs,
    executor,
    scheduler,
    as_json,
):
    """Play many seeded bot games and report, per seat and per bot, the win
    rate with its 95% interval, the mean and spread of scores, and the game length.

    The figures depend only on the seed, not on --jobs.

    \b
    Examples:
      stixx simulate sixto --players 3 --bot 0:greedy --games 500 --jobs 0
      stixx simulate stixx -p 4 --bot 0:reasoning -n 1000 --compare dutch-edition
      stixx simulate trixo --variant teams -n 200 --out games.jsonl --json
    """
    from .parallel import chunked, ordered_map
    from .plugins import get_bot, get_game
    from .rules import resolve
    from .simulate import Batch, Tally, play_batch

    game = get_game(game_name)
    rules = _rules_for(game, variant, rules_file)
    seats = _bot_seats(game, rules.values, players, bots)
    for bot in set(seats):
        get_bot(game.name, bot)
    if compare == rules.variant:
        raise click.UsageError(f"--compare needs a variant other than {rules.variant}")
    runs = [rules] + ([resolve(game, compare)] if compare else [])
    for other in runs[1:]:
        if len(seats) not in game.player_counts(other.values):
            raise StixxError(f"{other.variant} does not allow {len(seats)} players")
    seeds = [f"{seed}-{i}" for i in range(count)]

    def batches():
        for part in chunked(seeds, 8):
            for run in runs:
                yield Batch(game.name, run.variant, run.values, tuple(seats), tuple(part), bool(out))

    tallies = [Tally(seats) for _ in runs]
    logs = None
    if out:
        from .gamelog import AtomicLines

        logs = AtomicLines(out)
    with _progress(_terminal() and not as_json, count * len(runs), "simulating") as bar:
        for index, games in enumerate(
            ordered_map(play_batch, batches(), jobs=_jobs(jobs), executor=executor, scheduler=scheduler)
        ):
            for one in games:
                tallies[index % len(runs)].add(one)
                if logs is not None:
                    logs.write(one["log"])
            bar.advance(len(games))
    if logs is not None:
        logs.commit()
    report = {
        "game": game.name,
        "seed": seed,
        "players": len(seats),
        "seat_bots": seats,
        "variants": {run.variant: tally.to_json() for run, tally in zip(runs, tallies)},
    }
    if as_json:
        return _echo_json(report)
    from .show import show_simulation

    show_simulation(report)
    if out:
        click.echo(f"{count * len(runs)} logs written to {out}", err=True)


def _bot_seats(game, rules, players, bots) -> list[str]:
    chosen = {}
    for spec in bots:
        seat, sep, bot = spec.partition(":")
        if not sep or not seat.isdigit() or not bot:
            raise click.BadParameter(f"{spec!r} is not SEAT:BOT (e.g. 0:greedy)", param_hint="--bot")
        chosen[int(seat)] = bot
    counts = game.player_counts(rules)
    if players is None:
        players = max([counts.start, 2 if 2 in counts else counts.start] + [s + 1 for s in chosen])
    if players not in counts:
        raise StixxError(
            f"{game.name} with these rules takes {counts.start}-{counts.stop - 1} players, not {players}"
        )
    if chosen and max(chosen) >= players:
        raise click.BadParameter(
            f"seat {max(chosen)} is beyond {players} players (seats 0-{players - 1})", param_hint="--bot"
        )
    return [chosen.get(seat, "random") for seat in range(players)]


# play ---------------------------------------------------------------------------


class KeepsArgs(click.Command):
    """Remembers the raw arguments: seats follow --player and --bot as typed."""

    def parse_args(self, ctx, args):
        ctx.meta["stixx.args"] = list(args)
        return super().parse_args(ctx, args)


@cli.command(cls=KeepsArgs)
@click.argument("game_name", metavar="GAME", required=False)
@variant_option
@rules_option
@click.option("--player", "humans", multiple=True, metavar="NAME", help="A human at this terminal (repeat).")
@click.option(
    "--bot", "bots", multiple=True, metavar="NAME:BOT", help="A computer player, e.g. Ann:greedy (repeat)."
)
@click.option("--seed", help="Seed of the random source (dice, deals, bots). Default: a new one.")
@click.option(
    "--out",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="Where to write the game log (default: GAME-DATE.json here; - for standard output).",
)
@click.option(
    "--chance",
    type=click.Choice(["random", "manual"]),
    default="random",
    show_default=True,
    help="manual: type in the dice and draws of a real table.",
)
@click.option(
    "--resume",
    type=click.Path(exists=True, dir_okay=False),
    metavar="FILE",
    help="Go on with an unfinished game log (and write it back there).",
)
@click.pass_context
def play(ctx, game_name, variant, rules_file, humans, bots, seed, out, chance, resume):
    """Play a game at this terminal: humans in seat order, bots for the rest.

    Seats follow the order of --player and --bot on the command line. A game of
    bots only runs to the end without asking anything. Ctrl-C saves the game so
    far ("finished": false); --resume goes on from it.

    \b
    Examples:
      stixx play sixto --player Ann --bot Bob:greedy
      stixx play stixx --bot A:reasoning --bot B:random --bot C:random --seed 1 --out g.json
      stixx play sixto --player Ann --player Bob --chance manual --out table.json
      stixx play --resume g.json
    """
    from .terminal import play_game, resume_game, seats_in_order

    if resume:
        if game_name or humans or bots or variant or rules_file:
            raise click.UsageError("--resume takes the game, rules and players from the log")
        return resume_game(resume, out=out, chance=chance)
    if not game_name:
        raise click.UsageError("name a GAME (see stixx games), or --resume FILE")
    from .plugins import get_game

    game = get_game(game_name)
    players = seats_in_order(ctx, humans, bots)
    play_game(game, _rules_for(game, variant, rules_file), players, seed=seed, out=out, chance=chance)


@cli.command()
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
def completion(shell):
    """Print the shell completion script.

    \b
    Example:
      eval "$(stixx completion bash)"
    """
    from click.shell_completion import get_completion_class

    cls = get_completion_class(shell)
    click.echo(cls(cli, {}, "stixx", "_STIXX_COMPLETE").source())


if __name__ == "__main__":  # pragma: no cover
    main()
