"""The docs' examples are tested code: the plugin guide quotes the real test
game, and the variant guide's files resolve (or fail) as the page says."""

import re
from pathlib import Path

ROOT = Path(__file__).parents[2]
NIM = ROOT / "tests" / "external" / "stixx-nim"
GUESS = ROOT / "tests" / "external" / "stixx-guess"


def blocks(page: str, lang: str) -> list[str]:
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    return re.findall(rf"```{lang}\n(.*?)```", text, flags=re.S)


def test_plugin_guide_quotes_the_test_game_verbatim():
    source = "".join(
        (package / name).read_text()
        for package, name in [
            (NIM, "stixx_nim/__init__.py"), (NIM, "pyproject.toml"), (GUESS, "stixx_guess/__init__.py"),
            (NIM, "stixx_nim/rules/nim/standard.yaml"),
        ]
    )  # fmt: skip
    quoted = blocks("plugins.md", "python") + blocks("plugins.md", "toml") + blocks("plugins.md", "yaml")
    assert len(quoted) >= 11
    for block in quoted:
        assert block in source, (
            f"docs/plugins.md quotes code that is not in stixx-nim or stixx-guess:\n{block}"
        )


def test_variant_guide_examples(tmp_path, monkeypatch, stixx):
    good, misspelt = blocks("variants.md", "yaml")
    (tmp_path / "sixto").mkdir()
    (tmp_path / "sixto" / "long-game.yaml").write_text(good)
    monkeypatch.setenv("STIXX_RULES_PATH", str(tmp_path))
    from stixxcli.plugins import get_game
    from stixxcli.rules import resolve

    rules = resolve(get_game("sixto"), "long-game")
    assert rules.values["rerolls"] == 2 and rules.values["end_after_removed_dice"] == 4
    assert rules.description.startswith("Two re-rolls")

    bad = tmp_path / "long-game.yaml"
    bad.write_text(misspelt)
    r = stixx("variants", "sixto", bad)
    expected = re.search(r"```\n(stixx: error: .*)\n```", (ROOT / "docs" / "variants.md").read_text()).group(
        1
    )
    assert r.exit_code == 1
    assert r.stderr.strip() == expected.replace("long-game.yaml", str(bad))


def test_plugin_guide_names_every_word_the_prompt_keeps():
    # A game's notation that needs one of them would never reach its parse.
    from stixxcli.prompt import HELP, HELP_ALL, QUIT

    guide = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    kept = guide.split("The prompt keeps a few words for itself", 1)[1].split("`announce(move)`", 1)[0]
    for word in (*HELP, *HELP_ALL, *QUIT):
        assert f"`{word}`" in kept, word
