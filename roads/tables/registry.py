"""Registries of named classes, each found by its name or one of its aliases."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import ClassVar, Generic, Protocol, TypeVar

from roads.errors import RoadsError


class Named(Protocol):
    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]]


T = TypeVar("T", bound=Named)


class Registry(Generic[T]):
    """Classes of one kind by name, in the order they were registered. ``what`` names the
    kind in errors ("rule set", "side bet")."""

    def __init__(self, what: str, *, spell: Callable[[str], str]) -> None:
        self.what = what
        self._spell = spell
        self._by_name: dict[str, type[T]] = {}
        self._by_alias: dict[str, type[T]] = {}
        self.version = 0
        """Counts the changes, so that what was built from the registry knows it is stale."""

    def register(self, cls: type[T]) -> type[T]:
        """Add ``cls`` under its ``name`` and ``aliases`` (a class decorator)."""
        for key in (cls.name, *cls.aliases):
            spelled = self._spell(key)
            if spelled in self._by_alias:
                raise ValueError(f"{self.what} {key!r} is registered twice")
            self._by_alias[spelled] = cls
        self._by_name[cls.name] = cls
        self.version += 1
        return cls

    def unregister(self, cls: type[T]) -> None:
        """Remove ``cls`` (for tests that register a toy)."""
        self._by_name.pop(cls.name, None)
        for key in [k for k, v in self._by_alias.items() if v is cls]:
            del self._by_alias[key]
        self.version += 1

    def find(self, name: str) -> type[T]:
        """The class named ``name`` or one of its aliases; RoadsError listing the names if none."""
        try:
            return self._by_alias[self._spell(name.strip())]
        except KeyError:
            known = ", ".join(self._by_name)
            raise RoadsError(f"no {self.what} {name!r}: choose {known}") from None

    def is_name(self, text: str) -> bool:
        """Whether ``text`` is a registered class's name, exactly (not an alias)."""
        return text in self._by_name

    def names(self) -> tuple[str, ...]:
        return tuple(self._by_name)

    def __iter__(self) -> Iterator[type[T]]:
        return iter(tuple(self._by_name.values()))
