"""A registry of named classes (``roads.tables.registry``): rule sets and side bets are found by
their name or an alias, any case, and an unknown name is refused naming the known ones."""

from __future__ import annotations

from typing import ClassVar

import pytest

from roads.errors import RoadsError
from roads.tables.registry import Registry


class _Thing:
    name: ClassVar[str] = "thing"
    aliases: ClassVar[tuple[str, ...]] = ("stuff",)


class _Other:
    name: ClassVar[str] = "other"
    aliases: ClassVar[tuple[str, ...]] = ()


def test_classes_are_found_by_name_or_alias_and_listed_in_order() -> None:
    things: Registry[_Thing] = Registry("thing", spell=str.lower)
    things.register(_Thing)
    things.register(_Other)  # type: ignore[arg-type]
    assert things.names() == ("thing", "other")
    assert things.find("thing") is _Thing and things.find("stuff") is _Thing
    with pytest.raises(RoadsError, match="thing, other"):
        things.find("nothing")
    things.unregister(_Other)  # type: ignore[arg-type]
    assert things.names() == ("thing",)
