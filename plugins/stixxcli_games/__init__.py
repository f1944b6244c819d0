"""The four bundled games. Each is an ordinary stixxcli plugin, found through
the same entry-point group as a third party's (see pyproject.toml)."""


def bundled_rules():
    """The folder of the bundled rule files.

    A wheel carries them as package data (`stixxcli_games/rules/`); in a
    checkout, or an editable install of one, they are the repository's `rules/`.
    """
    import os.path  # a path as a string: pathlib costs more to import than the rules take to read

    here = os.path.dirname(os.path.abspath(__file__))
    packaged = os.path.join(here, "rules")
    return (
        packaged if os.path.isdir(packaged) else os.path.join(os.path.dirname(os.path.dirname(here)), "rules")
    )
