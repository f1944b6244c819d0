"""Value classes of the plugin contract (`Chance`, `Choice`, `Result`, `Param`):
equal by their fields, shown by them, like the dataclasses they were.

Every command imports them, and `@dataclass` writes and compiles three
methods per class at import: for the four of them, with the `dataclasses`
module itself, about 0.6x of `python -c pass`, more than checking a whole log.
Here the methods are written once and read the fields of a class: the
parameters of its __init__, each kept as the attribute of its name."""

from __future__ import annotations


class Record:
    """Equality and a repr from `_fields`: the parameters of a subclass's
    __init__, which sets an attribute of each one's name."""

    _fields: tuple[str, ...] = ()
    __hash__ = None  # equal by value and changeable: not hashable (a dataclass's default)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        init = cls.__dict__.get("__init__")
        if init is not None:  # the fields named once, in the signature
            code = init.__code__
            cls._fields = code.co_varnames[1 : code.co_argcount]

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({shown})"


class FrozenRecord(Record):
    """A record whose fields are set once, in __init__ (with `_set`): hashable."""

    def _set(self, **values) -> None:
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot assign to field {name!r}: a {type(self).__name__} is frozen")

    def __delattr__(self, name):
        raise AttributeError(f"cannot delete field {name!r}: a {type(self).__name__} is frozen")

    def __hash__(self) -> int:
        return hash(self._values())
