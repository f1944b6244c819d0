"""The contract's value classes behave as the dataclasses they replaced:
made by position or keyword with the same defaults, equal by value, shown
by their fields; a Param is frozen and hashable."""

import copy
import pickle

import pytest

from stixxcli.game import Chance, Choice, Result
from stixxcli.params import Param


def test_made_by_position_or_keyword_with_the_same_defaults():
    choice = Choice(0, "crosses", [1, 2])
    assert choice == Choice(seat=0, name="crosses", options=[1, 2], prompt="a move as JSON")
    assert choice.context == {} and choice.context is not Choice(0, "crosses", []).context
    assert choice.parse("[1]") == [1] and choice.notation([1]) == "[1]"
    chance = Chance("die", "1-6", lambda rng: 1)
    assert chance.seat is None and chance.parse("3") == 3
    with pytest.raises(TypeError):
        Result([1], [1])  # every field of a Result is required


def test_equal_by_value_only_to_the_same_class():
    assert Result([3, 1], [1, 2], [{}, {}]) == Result([3, 1], [1, 2], [{}, {}])
    assert Result([3, 1], [1, 2], [{}, {}]) != Result([3, 2], [1, 2], [{}, {}])
    assert Result([3], [1], [{}]) != ([3], [1], [{}])
    with pytest.raises(TypeError):
        hash(Result([3], [1], [{}]))  # changeable, so not hashable


def test_shown_by_its_fields():
    assert repr(Result([3], [1], [{}])) == "Result(scores=[3], places=[1], breakdown=[{}])"
    assert repr(Param("x", "int", 1, "an x")) == (
        "Param(name='x', type='int', default=1, description='an x', choices=None, min=None, max=None, length=None, schema=None)"
    )


def test_a_param_is_frozen_hashable_and_checks_its_type():
    param = Param("hand_size", "int", 4, "tiles in a hand", min=1)
    assert param == Param("hand_size", "int", 4, "tiles in a hand", None, 1)
    assert hash(param) == hash(Param("hand_size", "int", 4, "tiles in a hand", min=1))
    with pytest.raises(AttributeError, match="frozen"):
        param.default = 5
    with pytest.raises(AttributeError, match="frozen"):
        del param.min
    with pytest.raises(ValueError, match="unknown type"):
        Param("x", "integer", 1, "an x")


def test_they_copy_and_pickle_as_dataclasses_did():
    """Workers of --jobs get them through pickle; a frozen Param too."""
    for value in (Param("x", "int", 1, "an x", min=0), Result([3], [1], [{"rows": 3}])):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value and copy.copy(value) == value
