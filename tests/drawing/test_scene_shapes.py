"""The Scene's shapes are value classes (``roads.values.frozen``), whose ``__init__`` writes
their slots directly: the same signature, defaults, values and repr as the dataclass's own, and
the instances as frozen, comparable, hashable and replaceable."""

from __future__ import annotations

import dataclasses
import inspect
import pickle

import pytest

from roads.drawing.scene import Circle, Grid, Line, Rect, Text

SHAPES = (Rect, Circle, Line, Grid, Text)


def _reference(cls: type) -> type:
    """The same fields as ``cls`` in a dataclass with the generated ``__init__``."""
    return dataclasses.make_dataclass(
        f"Reference{cls.__name__}",
        [(f.name, f.type, f.default) for f in dataclasses.fields(cls)],
        frozen=True,
        slots=True,
    )


def _values(cls: type) -> list[object]:
    return [f"v{i}" for i, _ in enumerate(dataclasses.fields(cls))]


@pytest.mark.parametrize("cls", SHAPES)
def test_signature_and_values_are_the_dataclass_ones(cls: type) -> None:
    reference = _reference(cls)
    assert inspect.signature(cls) == inspect.signature(reference)
    values = _values(cls)
    required = [f for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING]
    assert dataclasses.astuple(cls(*values)) == tuple(values)
    assert dataclasses.astuple(cls(*values[: len(required)])) == dataclasses.astuple(
        reference(*values[: len(required)])
    )
    named = {f.name: v for f, v in zip(dataclasses.fields(cls), values, strict=True)}
    assert cls(**named) == cls(*values)
    assert repr(cls(*values)) == repr(reference(*values)).replace("Reference", "", 1)


@pytest.mark.parametrize("cls", SHAPES)
def test_shapes_stay_frozen_hashable_and_replaceable(cls: type) -> None:
    shape = cls(*_values(cls))
    first = dataclasses.fields(cls)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(shape, first, 1.0)
    assert hash(shape) == hash(cls(*_values(cls)))
    moved = dataclasses.replace(shape, **{first: "moved"})
    assert getattr(moved, first) == "moved"
    assert moved != shape
    assert pickle.loads(pickle.dumps(shape)) == shape
