"""stixxcli: score, check, replay and play Stixx, Sixto, Fish Stix and Trixo.

The Python API for scripts, imported only when used:

    from stixxcli import load_logs, check_log, replay
"""

__version__ = "0.1.0"

_API = {
    "hookimpl": "stixxcli.hookspecs",
    "load_logs": "stixxcli.gamelog",
    "write_log": "stixxcli.saving",
    "check_log": "stixxcli.check",
    "replay": "stixxcli.replays",
    "get_game": "stixxcli.plugins",
    "resolve_rules": "stixxcli.rules",
}


def __getattr__(name):
    # Lazy, so that `stixx --version` imports nothing it does not need.
    if name in _API:
        import importlib

        return getattr(importlib.import_module(_API[name]), name)
    raise AttributeError(f"module 'stixxcli' has no attribute {name!r}")
