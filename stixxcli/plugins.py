"""Finding plugins, loading them once, and asking them for games, bots and rules.

Plugins are found through the ``stixxcli`` entry-point group (the scan is
cached: see `entry_points`); the bundled games are entry points of this
distribution, found the same way. Each hook
implementation is called on its own, so a plugin that raises is named in a
one-line warning and every other plugin keeps working.
"""

from __future__ import annotations

import os
import sys
from collections import namedtuple
from typing import TYPE_CHECKING

from .errors import StixxError, did_you_mean

if TYPE_CHECKING:
    import pluggy

GROUP = "stixxcli"
# Comma-separated names of the external plugins to load; set but empty: none.
ENV_PLUGINS = "STIXX_PLUGINS"
DIST = "stixxcli"


# A registered game, the plugin that registered it and that plugin's version.
# (collections' namedtuple: typing's compiles each annotation, at every start.)
GameEntry = namedtuple("GameEntry", "game plugin version")


class Plugins:
    """The plugin manager and what each hook registered, asked for once."""

    def __init__(self, pm: pluggy.PluginManager, info: dict, failed: dict):
        self.pm = pm
        self.info = info  # plugin name -> {"version", "bundled", "module", "distribution"}
        self.failed = failed  # plugins that did not load: their info and "error", why
        self._games: dict | None = None
        self._by_plugin: dict[str, dict] = {}  # plugin name -> the games it registered
        self._found: dict[str, GameEntry] = {}  # games asked for by name: validation asks once a log
        self._bots: dict | None = None
        self._rule_dirs: list | None = None

    def call(self, hook: str, **kwargs):
        """Call every implementation of `hook` on its own; warn about those that raise."""
        for impl in getattr(self.pm.hook, hook).get_hookimpls():
            try:
                impl.function(**kwargs)
            except Exception as e:  # a plugin's fault must not take the CLI down
                warn(f"plugin {impl.plugin_name!r} failed in {hook}: {type(e).__name__}: {e}")

    def games(self) -> dict[str, GameEntry]:
        if self._games is None:
            self._games = {}
            for impl in self.pm.hook.stixx_games.get_hookimpls():
                for name, entry in self._games_of(impl).items():
                    self._games.setdefault(name, entry)
        return self._games

    def game(self, name: str) -> GameEntry | None:
        """The game called `name`. With only the bundled plugins, each named after
        its game, that plugin alone is asked: one game's code is imported, not four."""
        found = self._found.get(name)
        if found is not None:
            return found
        found = self._find(name)
        if found is not None:
            self._found[name] = found
        return found

    def _find(self, name: str) -> GameEntry | None:
        if self._games is not None:
            return self._games.get(name)
        if self.info.get(name, {}).get("bundled") and all(p["bundled"] for p in self.info.values()):
            alone = self._by_plugin.get(name)  # asked before: validation asks once per log
            if alone is None:
                hooks = self.pm.hook.stixx_games.get_hookimpls()
                impl = next((impl for impl in hooks if impl.plugin_name == name), None)
                alone = self._games_of(impl) if impl is not None else {}
            if name in alone:
                return alone[name]
        return self.games().get(name)

    def _games_of(self, impl) -> dict[str, GameEntry]:
        """The games one plugin registers, asked for once: the same objects
        whether a command asked for one game or for all of them."""
        plugin = impl.plugin_name
        if plugin not in self._by_plugin:
            found = self._by_plugin[plugin] = {}
            version = self.info.get(plugin, {}).get("version", "")

            def register(game):
                found.setdefault(_named("game", game), GameEntry(game, plugin, version))

            try:
                impl.function(register=register)
            except Exception as e:
                warn(f"plugin {plugin!r} failed in stixx_games: {type(e).__name__}: {e}")
        return self._by_plugin[plugin]

    def bots(self) -> dict[tuple[str, str], type]:
        if self._bots is None:
            self._bots = {}

            def register(game_name, bot_class):
                self._bots.setdefault((game_name, _named("bot", bot_class)), bot_class)

            self.call("stixx_bots", register=register)
        return self._bots

    def rule_dirs(self) -> list[str]:
        if self._rule_dirs is None:
            self._rule_dirs = []

            def register(path):
                folder = os.path.normpath(os.fspath(path))
                if folder not in self._rule_dirs:
                    self._rule_dirs.append(folder)

            self.call("stixx_rule_dirs", register=register)
        return self._rule_dirs


def _named(kind: str, thing) -> str:
    """The name a plugin registers a game or bot by: text, which the listings sort."""
    name = getattr(thing, "name", None)
    if not name:
        raise TypeError(f"registered a {kind} without a name")
    if not isinstance(name, str):
        raise TypeError(f"registered a {kind} named {name!r}, not text")
    return name


_plugins: Plugins | None = None


def warn(message: str) -> None:
    """One line on standard error; a plugin's error may quote anything (a newline, a window title)."""
    from .text import clip, plain

    print(f"stixx: warning: {plain(clip(message, 400))}", file=sys.stderr)


def get_plugins() -> Plugins:
    """The loaded plugins; found and imported once per process."""
    global _plugins
    if _plugins is None:
        _plugins = _load()
    return _plugins


def reset() -> None:
    """Forget loaded plugins (tests use it after installing or registering one)."""
    global _plugins
    _plugins = None


def _allowed() -> set[str] | None:
    value = os.environ.get(ENV_PLUGINS)
    if value is None:
        return None
    return {name.strip() for name in value.split(",") if name.strip()}


def _load() -> Plugins:
    import pluggy

    from . import hookspecs

    pm = pluggy.PluginManager(GROUP)
    pm.add_hookspecs(hookspecs)
    from . import random_bot

    pm.register(random_bot, name="stixxcli.random_bot")
    info, failed = {}, {}
    allowed = _allowed()
    found = entry_points()
    for ep in found:
        name, dist = ep["name"], ep["dist"]
        bundled = dist == DIST
        if not bundled and allowed is not None and name not in allowed:
            continue
        if name in info or pm.has_plugin(name):
            continue  # the same distribution seen twice on sys.path
        about = {"version": ep["version"], "bundled": bundled, "module": ep["value"], "distribution": dist}
        try:
            pm.register(_load_entry(ep["value"]), name=name)
            pm.check_pending()
        except Exception as e:
            if pm.has_plugin(name):
                pm.unregister(name=name)
            why = f"failed to load: {type(e).__name__}: {e}"
            warn(f"plugin {name!r} {why}")
            failed[name] = {**about, "error": why}  # listed by `stixx plugins`, not left out
            continue
        info[name] = about
    # A misspelt name would load nothing in silence: the games seem to vanish.
    names = {ep["name"] for ep in found}
    for name in sorted((allowed or set()) - names):
        warn(
            f"{ENV_PLUGINS} names {name!r}, but no installed plugin has that name{did_you_mean(name, names)}"
        )
    return Plugins(pm, info, failed)


def entry_points() -> list[dict]:
    """The `stixxcli` entry points of every installed distribution.

    importlib.metadata reads every distribution's metadata (most of a short
    command's time), so the list is cached under a key made from the
    distributions on sys.path: installing or removing one changes the key.
    """
    from . import cache

    key = installed()
    found = cache.load("entry-points", key)
    if found is None:
        from importlib.metadata import entry_points as scan

        found = [
            {
                "name": ep.name,
                "value": ep.value,
                "dist": ep.dist.name if ep.dist else "",
                "version": ep.dist.version if ep.dist else "",
            }
            for ep in scan(group=GROUP)
        ]
        cache.store("entry-points", key, found)
    return found


def loaded() -> bool:
    """Whether the plugins are loaded already (a test may have registered one by hand)."""
    return _plugins is not None


def external_plugins() -> list[str]:
    """The names of the plugins that are not bundled and may load (STIXX_PLUGINS)."""
    allowed = _allowed()
    return [
        ep["name"]
        for ep in entry_points()
        if ep["dist"] != DIST and (allowed is None or ep["name"] in allowed)
    ]


def installed() -> str:
    """The metadata folders of every distribution on sys.path, with their times."""
    seen = []
    for entry in sys.path:
        try:
            with os.scandir(entry or ".") as found:
                for item in found:
                    if item.name.endswith((".dist-info", ".egg-info")):
                        seen.append(f"{item.path}:{item.stat().st_mtime_ns}")
        except OSError:
            continue
    return "\n".join(sorted(seen))


def _load_entry(value: str):
    """The object an entry point names: `package.module` or `package.module:attribute`."""
    import importlib

    module, _, attribute = value.partition(":")
    loaded = importlib.import_module(module.strip())
    for part in filter(None, attribute.strip().split(".")):
        loaded = getattr(loaded, part)
    return loaded


def get_game(name: str):
    """The game called `name`, or a StixxError naming the installed ones."""
    plugins = get_plugins()
    entry = plugins.game(name)
    if entry is not None:
        return entry.game
    games = plugins.games()
    known = ", ".join(sorted(games)) or "none"
    maybe = did_you_mean(name, games)
    raise StixxError(f"unknown game {name!r}{maybe} (installed: {known})")


def get_bot(game_name: str, bot_name: str):
    """The bot class `bot_name` for a game, or a StixxError naming the choices."""
    bots = get_plugins().bots()
    for key in ((game_name, bot_name), ("*", bot_name)):
        if key in bots:
            return bots[key]
    names = bot_names(game_name)
    raise StixxError(f"no bot {bot_name!r} for {game_name} (bots: {', '.join(names)})")


def bot_names(game_name: str) -> list[str]:
    return sorted({name for (game, name) in get_plugins().bots() if game in (game_name, "*")})
