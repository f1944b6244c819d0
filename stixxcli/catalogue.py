"""What is installed: games, plugins and rule variants, as rows for a table or JSON."""

from __future__ import annotations

import json
import os

from .errors import StixxError


def game_rows() -> list[dict]:
    """One row per installed game: players, variants, bots, plugin and version."""
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
    return rows


def plugin_rows() -> list[dict]:
    """One row per loaded plugin: version, where it comes from, its hooks."""
    from .plugins import get_plugins

    loaded = get_plugins()
    rows = []
    for name, info in sorted(loaded.info.items()):
        plugin = loaded.pm.get_plugin(name)
        hooks = sorted(h.name for h in loaded.pm.get_hookcallers(plugin) or [])
        rows.append({"name": name, **info, "hooks": hooks})
    for name, info in sorted(loaded.failed.items()):  # after those that work
        rows.append({"name": name, **info, "hooks": []})
    return rows


def variant_rows(game_name: str | None) -> list[dict]:
    """Every variant of one game (or of all), with its description or why it is broken."""
    from .plugins import get_game, get_plugins
    from .rules import resolve, variant_files

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
    return rows


def variant(game, name: str):
    """The resolved rules of a variant named, or of a variant file: a path
    is a .yaml name, anything with a folder in it (`./house`, `/dev/zero`)
    or a file that is there; the rest is a variant's name."""
    from .rules import resolve

    folders = {"/", os.sep, os.altsep} - {None}
    is_file = name.endswith((".yaml", ".yml")) or any(f in name for f in folders) or os.path.isfile(name)
    return resolve(game, path=name) if is_file else resolve(game, name)


def changes(game, rules, label: str | None = None) -> dict:
    """What `rules` change from the standard variant: {parameter: {"standard": .., label: ..}},
    the label the variant's name unless told (a file named standard.yaml is not the standard)."""
    from .rules import resolve

    base = resolve(game, "standard").values
    label = label or rules.variant
    return {k: {"standard": base.get(k), label: v} for k, v in rules.values.items() if base.get(k) != v}


def short(value, width: int = 60) -> str:
    """A parameter's value on one line of a table."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= width else text[: width - 3] + "..."
