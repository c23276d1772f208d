"""Every value class of roads (``roads.values.frozen``) is a frozen dataclass as far as its users
can tell: the signature, repr, equality, hash and fields of the dataclass made from the same
fields, frozen, replaceable, picklable, and ``dataclasses`` reads its fields and their options."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pickle
import pkgutil
from typing import Any

import pytest

import roads
from roads.values import frozen

MODULES = [
    importlib.import_module(info.name)
    for info in pkgutil.walk_packages(roads.__path__, "roads.")
    if not info.name.startswith(("roads.__main__", "roads.live.transport"))
]
VALUES = sorted(
    {
        cls
        for module in MODULES
        for cls in vars(module).values()
        if isinstance(cls, type) and "__value_fields__" in cls.__dict__
    },
    key=lambda cls: f"{cls.__module__}.{cls.__qualname__}",
)


def test_every_frozen_dataclass_of_roads_is_a_value_class() -> None:
    assert len(VALUES) > 80
    slotted_frozen = [
        f"{cls.__module__}.{cls.__qualname__}"
        for module in MODULES
        for cls in vars(module).values()
        if isinstance(cls, type)
        and cls.__module__ == module.__name__
        and "__dataclass_params__" in cls.__dict__
        and "__value_fields__" not in cls.__dict__
        and cls.__dataclass_params__.frozen
        and "__slots__" in cls.__dict__
    ]
    # Left as dataclasses: modules the other surfaces' work edits (the journal, the live server).
    assert all(
        name.startswith(
            ("roads.hands.journal", "roads.hands.session", "roads.live", "roads.tables.table")
        )
        for name in slotted_frozen
    ), slotted_frozen


def _reference(cls: type) -> Any:
    """A dataclass of the same fields, options and defaults as ``cls``."""
    return dataclasses.make_dataclass(
        f"Reference{cls.__name__}",
        [
            (
                f.name,
                f.type,
                dataclasses.field(
                    default=f.default,
                    default_factory=f.default_factory,
                    init=f.init,
                    repr=f.repr,
                    hash=f.hash,
                    compare=f.compare,
                    metadata=f.metadata,
                    kw_only=f.kw_only,
                ),
            )
            for f in dataclasses.fields(cls)
        ],
        frozen=True,
        slots=True,
    )


@pytest.mark.parametrize("cls", VALUES, ids=lambda cls: cls.__qualname__)
def test_a_value_class_is_its_dataclass(cls: type) -> None:
    reference = _reference(cls)
    assert dataclasses.is_dataclass(cls)
    assert [(f.name, f.init, f.repr, f.compare, f.kw_only) for f in dataclasses.fields(cls)] == [
        (f.name, f.init, f.repr, f.compare, f.kw_only) for f in dataclasses.fields(reference)
    ]
    if "__init__" in cls.__dict__ and cls.__init__.__qualname__ == f"{cls.__qualname__}.__init__":
        assert str(inspect.signature(cls)) == str(inspect.signature(reference))
    assert cls.__match_args__ == reference.__match_args__
    assert set(cls.__slots__) <= {f.name for f in dataclasses.fields(cls)}


@frozen
class _Toy:
    """A value class with every kind of field."""

    name: str
    count: int = 0
    tags: list[str] = dataclasses.field(default_factory=list, compare=False, repr=False)
    seen: int = dataclasses.field(init=False, default=7, metadata={"key": "k"})


@frozen(kw_only=True)
class _Toys(_Toy):
    """One built on another."""

    more: tuple[int, ...] = ()


def test_a_value_behaves_as_the_dataclass_of_its_fields() -> None:
    toy, reference = _Toy("a", 2, ["x"]), _reference(_Toy)("a", 2, ["x"])
    assert repr(toy) == repr(reference).replace("Reference", "", 1)
    assert toy == _Toy("a", 2, ["y"]) and toy != _Toy("b", 2) and toy.seen == 7
    assert hash(toy) == hash(reference) == hash(("a", 2, 7))
    assert dataclasses.fields(toy)[3].metadata["key"] == "k"
    with pytest.raises(dataclasses.FrozenInstanceError):
        toy.count = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del toy.count  # type: ignore[misc]
    assert dataclasses.replace(toy, count=5) == _Toy("a", 5)
    assert dataclasses.asdict(toy) == {"name": "a", "count": 2, "tags": ["x"], "seen": 7}
    assert pickle.loads(pickle.dumps(toy)) == toy
    assert _Toy("a").tags == [] and _Toy("a").tags is not _Toy("a").tags
    assert not hasattr(toy, "__dict__")
    toys = _Toys("b", more=(1,))
    assert toys == _Toys("b", 0, more=(1,)) and toys != _Toy("b")
    assert [f.name for f in dataclasses.fields(toys)] == ["name", "count", "tags", "seen", "more"]
    with pytest.raises(TypeError):
        _Toys("b", 0, [], (1,))  # type: ignore[misc]
