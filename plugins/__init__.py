"""The four bundled games. Each is an ordinary stixxcli plugin, found through
the same entry-point group as a third party's (see pyproject.toml)."""

from pathlib import Path


def bundled_rules() -> Path:
    """The folder of the bundled rule files: `rules/` in the repository,
    `stixxcli_rules` once installed."""
    import importlib.util

    spec = importlib.util.find_spec("stixxcli_rules")
    return Path(list(spec.submodule_search_locations)[0])
