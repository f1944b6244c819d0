"""The four bundled games. Each is an ordinary stixxcli plugin, found through
the same entry-point group as a third party's (see pyproject.toml)."""


def bundled_rules():
    """The folder of the bundled rule files.

    A wheel carries them as package data (`stixxcli_games/rules/`); in a
    checkout, or an editable install of one, they are the repository's `rules/`.
    """
    from pathlib import Path  # here, not above: a command that reads no rule file need not import it

    here = Path(__file__).parent
    packaged = here / "rules"
    return packaged if packaged.is_dir() else here.parents[1] / "rules"
