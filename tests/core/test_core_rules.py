"""Rule variants: extends chains, every key checked, clear refusals."""

import pytest

from stixxcli.errors import RuleError
from stixxcli.rules import resolve


def write(folder, name, text):
    path = folder / "nim" / f"{name}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def folder(tmp_path, monkeypatch, nim):
    monkeypatch.setenv("STIXX_RULES_PATH", str(tmp_path))
    return tmp_path


def game():
    from stixxcli.plugins import get_game

    return get_game("nim")


def test_standard_and_extends(folder):
    assert resolve(game()).values == {"max_take": 3}
    write(folder, "greedy", "extends: standard\ndescription: take more\nmax_take: 5\n")
    rules = resolve(game(), "greedy")
    assert rules.values == {"max_take": 5}
    assert rules.description == "take more"
    assert [p.stem for p in rules.chain] == ["greedy", "standard"]


def test_variant_by_path_extends_a_sibling(tmp_path, nim):
    (tmp_path / "base.yaml").write_text("extends: standard\nmax_take: 4\n")
    (tmp_path / "mine.yaml").write_text("extends: base\n")
    assert resolve(game(), path=tmp_path / "mine.yaml").values == {"max_take": 4}


def test_misspelt_key_names_file_line_and_closest(folder):
    path = write(folder, "typo", "extends: standard\n\nmax_tak: 4\n")
    with pytest.raises(RuleError) as e:
        resolve(game(), "typo")
    assert e.value.where == f"{path}:3"
    assert "unknown key 'max_tak'" in e.value.message and "did you mean 'max_take'?" in e.value.message


@pytest.mark.parametrize(
    "value, expected",
    [
        ("'three'", "must be a whole number, not text"),
        ("true", "must be a whole number, not true/false"),
        ("0", "must be at least 1, not 0"),
        ("11", "must be at most 10, not 11"),
    ],
)
def test_wrong_type_or_range(folder, value, expected):
    path = write(folder, "bad", f"extends: standard\nmax_take: {value}\n")
    with pytest.raises(RuleError) as e:
        resolve(game(), "bad")
    assert e.value.where == f"{path}:2"
    assert expected in e.value.message


def test_extends_cycle_is_refused(folder):
    write(folder, "a", "extends: b\n")
    b = write(folder, "b", "description: back to a\nextends: a\n")
    with pytest.raises(RuleError, match="cycle: a -> b -> a") as e:
        resolve(game(), "a")
    assert e.value.where == f"{b}:2"  # the file and line that closes the cycle


def test_extends_unknown_variant(folder):
    write(folder, "orphan", "extends: nowhere\n")
    with pytest.raises(RuleError, match="extends unknown variant 'nowhere'"):
        resolve(game(), "orphan")


def test_unknown_variant_suggests(folder):
    with pytest.raises(RuleError, match="did you mean 'standard'"):
        resolve(game(), "standart")


@pytest.mark.parametrize(
    "text, expected",
    [
        ("!!python/object/apply:os.system ['echo hi']\n", "invalid YAML"),
        ("a: &x [1, 2]\nb: *x\n", "aliases"),
        ("- 1\n- 2\n", "a mapping"),
        ("max_take: [\n", "invalid YAML"),
    ],
)
def test_hostile_or_malformed_yaml(folder, text, expected):
    write(folder, "evil", text)
    with pytest.raises(RuleError, match=expected):
        resolve(game(), "evil")


def test_a_yaml_syntax_error_names_its_line_and_column(folder):
    # Issue 2: the place is the line and column; the column finds the stray ':' on a long line.
    path = write(folder, "typo", "extends: standard\nmax_take: 2 : 3\n")
    with pytest.raises(RuleError, match="invalid YAML: mapping values are not allowed") as e:
        resolve(game(), "typo")
    assert e.value.where == f"{path}:2:13"


def test_a_description_that_is_not_text_is_refused(folder):
    # It was dropped in silence, and the variant showed the description of the one it extends.
    path = write(folder, "odd", "extends: standard\ndescription: [fewer, takes]\nmax_take: 2\n")
    with pytest.raises(
        RuleError, match=r"description must be text, not a list \(\['fewer', 'takes'\]\)"
    ) as e:
        resolve(game(), "odd")
    assert e.value.where == f"{path}:2"
    write(folder, "bare", "extends: standard\ndescription:\nmax_take: 2\n")  # left empty: the parent's
    assert resolve(game(), "bare").values == {"max_take": 2}


def test_user_folder_wins_over_plugin_folder(folder):
    write(folder, "standard", "max_take: 2\n")
    assert resolve(game()).values == {"max_take": 2}


@pytest.mark.parametrize("name", ["sixto", "stixx", "fishstix", "trixo"])
def test_each_bundled_standard_yaml_writes_out_every_parameter_at_its_default(name):
    """rules/<game>/standard.yaml holds the published values (docs/games/<game>.md), every
    parameter named; they are the parameters' defaults too, so a variant file
    and an old log that name fewer keys resolve the same."""
    from pathlib import Path

    import yaml

    from stixxcli.plugins import get_game

    game = get_game(name)
    path = Path(__file__).parents[2] / "rules" / name / "standard.yaml"
    written = yaml.safe_load(path.read_text(encoding="utf-8"))
    defaults = {p.name: p.default for p in game.params}
    assert {k: v for k, v in written.items() if k != "description"} == defaults
    assert resolve(game, "standard").values == defaults


@pytest.mark.parametrize("key", ["1", "true", "2.5", "null"])
def test_an_unknown_key_that_is_not_text_names_its_line(tmp_path, key):
    """YAML reads `1:` as a number: the key is still named with its line."""
    from stixxcli.plugins import get_game
    from stixxcli.rules import resolve

    house = tmp_path / "house.yaml"
    house.write_text(f"extends: standard\nrerolls: 1\n{key}: 2\n")
    with pytest.raises(RuleError) as caught:
        resolve(get_game("sixto"), path=house)
    assert str(caught.value).startswith(f"{house}:3: unknown key"), str(caught.value)


@pytest.mark.parametrize(
    ("files", "where", "words"),
    [
        ({"house.yaml": "extends: standard\nrerolls: 1\nscore_table: [1, 2]\n"}, "house.yaml:3", "score_table needs"),
        # Named first is target_boxes, which the parent sets: its line there.
        ({"base.yaml": "extends: standard\ntarget_boxes: 5\n", "house.yaml": "extends: base\nboxes_per_row: 5\n"},
         "base.yaml:2", "target_boxes (5) must leave"),
        # Named first is sheets, set only by the installed standard.yaml at its
        # default: the line to fix is the house file's change it names.
        ({"house.yaml": "extends: standard\nrerolls: 1\nboxes_per_row: 10\n"}, "house.yaml:3", "sheets: sheet A"),
        # Nothing the files set is named: the file alone.
        ({"house.yaml": "extends: standard\nrerolls: 1\n"}, "house.yaml", None),
    ],
)  # fmt: skip
def test_rules_that_contradict_each_other_name_the_line_of_the_parameter(tmp_path, files, where, words):
    """A game's refusal of rules that contradict each other points at the line
    of the first parameter it names that a file sets, as a bad value's does."""
    from stixxcli.plugins import get_game

    for name, text in files.items():
        (tmp_path / name).write_text(text)
    game = get_game("sixto")
    if words is None:  # valid rules: the refusal is the game's own, made up here
        game = type("Strict", (type(game),), {"check_rules": lambda self, rules: _refuse("no house rules")})()
    with pytest.raises(RuleError) as caught:
        resolve(game, path=tmp_path / "house.yaml")
    assert caught.value.where == str(tmp_path / where), str(caught.value)
    assert words is None or caught.value.message.startswith(words)


def _refuse(message):
    raise RuleError(message)
