"""Frozen value classes, each built with one ``exec``: real dataclasses as far as their users
and the type checker can tell, at a fraction of the cost of making them at every start.

``@dataclass(frozen=True, slots=True)`` compiles half a dozen methods a class, one ``exec`` each
(Python 3.11), and a command imports dozens of value classes before it does anything:
``@frozen`` compiles the ``__init__`` alone (one ``exec``), and gives the class the same
``__repr__``, ``__eq__`` and ``__hash__``, the frozen ``__setattr__`` and ``__delattr__``, and
pickling for the slots, made of functions written once, here. The class is frozen and slotted;
``dataclasses.fields``, ``replace``, ``asdict`` and ``is_dataclass`` work on it (its
``__dataclass_fields__`` are made, from the ``dataclasses`` module, when first read), assigning a
field raises ``dataclasses.FrozenInstanceError``, and ``dataclasses.field(...)`` gives a field
its options, as for a dataclass. The type checker reads the decorator as a dataclass
(``dataclass_transform``).

    >>> @frozen
    ... class Point:
    ...     x: int
    ...     y: int = 0
    >>> Point(1), Point(1) == Point(1, 0), hash(Point(1)) == hash(Point(1, 0))
    (Point(x=1, y=0), True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from operator import attrgetter
from types import FunctionType
from typing import Any, TypeVar, dataclass_transform, overload

T = TypeVar("T")

_MISSING: Any = type("_Missing", (), {"__repr__": lambda self: "<factory>"})()
"""No default (the ``dataclasses.MISSING`` of a field spelt without ``dataclasses``); the default
of a field made by a factory in a signature, shown as a dataclass shows it."""


class _Field:
    """What a field of a value class is: its name, annotation, default or default factory,
    and the options ``dataclasses.field`` gives."""

    def __init__(self, name: str, annotation: object, default: Any, kw_only: bool) -> None:
        self.name, self.type, self.kw_only = name, annotation, kw_only
        self.default: Any = default
        self.factory: Any = _MISSING
        self.init = self.shown = self.compare = True
        self.hash: bool | None = None
        self.metadata: Any = None
        if type(default).__name__ == "Field" and hasattr(default, "default_factory"):
            spec = default  # dataclasses.field(...): its module is loaded, since it made it
            import dataclasses

            missing = dataclasses.MISSING
            self.default = _MISSING if spec.default is missing else spec.default
            self.factory = _MISSING if spec.default_factory is missing else spec.default_factory
            self.init, self.shown, self.compare = spec.init, spec.repr, spec.compare
            self.hash, self.metadata = spec.hash, spec.metadata
            if spec.kw_only is not missing:
                self.kw_only = spec.kw_only

    def real(self) -> Any:
        """The ``dataclasses.Field`` of this field."""
        import dataclasses

        options: dict[str, Any] = {
            "init": self.init,
            "repr": self.shown,
            "hash": self.hash,
            "compare": self.compare,
            "metadata": self.metadata,
            "kw_only": self.kw_only,
        }
        if self.default is not _MISSING:
            options["default"] = self.default
        if self.factory is not _MISSING:
            options["default_factory"] = self.factory
        made: Any = dataclasses.field(**options)
        made.name, made.type = self.name, self.type
        made._field_type = getattr(dataclasses, "_FIELD")  # noqa: B009 (a private name)
        return made


class _Lazy:
    """A class attribute made when first read: the real ``dataclasses`` view of a value class
    (``__dataclass_fields__``, ``__dataclass_params__``), which imports ``dataclasses``."""

    def __init__(self, name: str, make: Callable[[], object]) -> None:
        self.name, self.make = name, make

    def __get__(self, instance: object, owner: type) -> object:
        made = self.make()
        type.__setattr__(owner, self.name, made)
        return made


def _params() -> object:
    import dataclasses

    return dataclasses._DataclassParams(  # type: ignore[attr-defined]
        True, True, False, False, False, True, True, False, True, True
    )


def _refuse(self: object, name: str, *args: object) -> None:
    import dataclasses

    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


@overload
def frozen(cls: type[T], /) -> type[T]: ...


@overload
def frozen(*, kw_only: bool = False) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True)
def frozen(
    cls: type[T] | None = None, /, *, kw_only: bool = False
) -> type[T] | Callable[[type[T]], type[T]]:
    """Make ``cls`` a frozen, slotted value class: ``@frozen``, or ``@frozen(kw_only=True)`` for
    one whose fields are all keywords.

    Parameters:
        cls: the class, as written (its annotations are its fields, in order).
        kw_only: every field a keyword.
    """

    def build(one: type[T]) -> type[T]:
        return _build(one, kw_only)

    return build if cls is None else build(cls)


def _fields_of(cls: type, kw_only: bool) -> dict[str, _Field]:
    """The fields of ``cls``: its bases' (value classes), then its own annotations."""
    found: dict[str, _Field] = {}
    for base in reversed(cls.__mro__[1:]):
        found.update(base.__dict__.get("__value_fields__", {}))
    own = cls.__dict__.get("__annotations__", {})  # noqa: RUF063 (inspect costs a start)
    for name, annotation in own.items():
        if "ClassVar" in str(annotation):
            continue
        found[name] = _Field(name, annotation, cls.__dict__.get(name, _MISSING), kw_only)
    return found


def _build(cls: type[T], kw_only: bool) -> type[T]:
    fields = _fields_of(cls, kw_only)
    names = tuple(fields)
    namespace = {k: v for k, v in cls.__dict__.items() if k not in fields}
    namespace.pop("__dict__", None)
    namespace.pop("__weakref__", None)
    inherited = _slots_of_bases(cls)
    namespace["__slots__"] = tuple(name for name in names if name not in inherited)
    meta: Callable[..., type[T]] = type(cls)
    made = meta(cls.__name__, cls.__bases__, namespace)
    setters = tuple(_slot_setter(made, name) for name in names)
    methods = {
        "__init__": _init(cls, fields, setters),
        **_compare(
            [name for name, field in fields.items() if field.compare],
            [
                name
                for name, field in fields.items()
                if field.hash is not False and (field.hash or field.compare)
            ],
        ),
        "__repr__": _repr([name for name, field in fields.items() if field.shown]),
        "__getstate__": _getstate(names),
        "__setstate__": _setstate(setters),
        "__setattr__": _refuse,
        "__delattr__": _refuse,
    }
    for name, method in methods.items():
        if name in cls.__dict__:  # written in the class: kept, as a dataclass keeps it
            continue
        if name not in ("__setattr__", "__delattr__"):
            method.__name__, method.__qualname__ = name, f"{cls.__qualname__}.{name}"
        type.__setattr__(made, name, method)
    if "__match_args__" not in cls.__dict__:
        matched = tuple(name for name, field in fields.items() if field.init and not field.kw_only)
        type.__setattr__(made, "__match_args__", matched)
    type.__setattr__(made, "__value_fields__", fields)
    real = _Lazy("__dataclass_fields__", lambda: {n: f.real() for n, f in fields.items()})
    type.__setattr__(made, "__dataclass_fields__", real)
    type.__setattr__(made, "__dataclass_params__", _Lazy("__dataclass_params__", _params))
    return made


def _init(
    cls: type, fields: dict[str, _Field], setters: tuple[Callable[[object, object], None], ...]
) -> Callable[..., None]:
    """The ``__init__`` of the fields: each field written through its slot. Where every field
    is an argument with no factory (most classes), it is made from a template compiled once
    per number of fields, its arguments renamed (no compile per class); else compiled."""
    if all(field.init and field.factory is _MISSING for field in fields.values()):
        made = _from_template(cls, fields, setters)
    else:
        made = _compiled(cls, fields, setters)
    made.__annotations__ = {name: field.type for name, field in fields.items() if field.init}
    made.__annotations__["return"] = None
    return made


def _from_template(
    cls: type, fields: dict[str, _Field], setters: tuple[Callable[[object, object], None], ...]
) -> Callable[..., None]:
    by_name = dict(zip(fields, setters, strict=True))
    positional = [name for name, field in fields.items() if not field.kw_only]
    keywords = [name for name, field in fields.items() if field.kw_only]
    ordered = positional + keywords
    template = _template(len(ordered))
    code = template.__code__.replace(
        co_varnames=("self", *ordered),
        co_argcount=1 + len(positional),
        co_kwonlyargcount=len(keywords),
        co_name="__init__",
        co_qualname=f"{cls.__qualname__}.__init__",
    )
    scope: dict[str, Any] = {f"_s{i}": by_name[name] for i, name in enumerate(ordered)}
    scope["_post"] = getattr(cls, "__post_init__", _no_post_init)
    defaults = tuple(
        fields[name].default for name in positional if fields[name].default is not _MISSING
    )
    made: Callable[..., None] = FunctionType(code, scope, "__init__", defaults or None)
    given = {
        name: fields[name].default for name in keywords if fields[name].default is not _MISSING
    }
    if given:
        made.__kwdefaults__ = given
    return made


def _no_post_init(self: object) -> None:
    """What a class without ``__post_init__`` does after its fields are written: nothing."""


@cache
def _template(count: int) -> Callable[..., None]:
    """``__init__(self, a0, a1 ...)`` writing each argument through ``_s0``, ``_s1`` ..., then
    calling ``_post`` (the class's ``__post_init__``, or nothing): one compile for every
    class of ``count`` fields."""
    names = [f"a{i}" for i in range(count)]
    body = [f"    _s{i}(self, {name})" for i, name in enumerate(names)]
    body.append("    _post(self)")
    scope: dict[str, Any] = {}
    exec(f"def __init__({', '.join(['self', *names])}):\n" + "\n".join(body), scope)
    template: Callable[..., None] = scope["__init__"]
    return template


def _compiled(
    cls: type, fields: dict[str, _Field], setters: tuple[Callable[[object, object], None], ...]
) -> Callable[..., None]:
    """The ``__init__`` of fields with factories or out of the arguments, compiled."""
    scope: dict[str, Any] = {"_missing": _MISSING}
    positional: list[str] = []
    keywords: list[str] = []
    body: list[str] = []
    for (name, field), setter in zip(fields.items(), setters, strict=True):
        scope[f"_set_{name}"] = setter
        if field.init:
            default = ""
            if field.default is not _MISSING:
                scope[f"_default_{name}"] = field.default
                default = f"=_default_{name}"
            elif field.factory is not _MISSING:
                scope[f"_factory_{name}"] = field.factory
                default = "=_missing"
            (keywords if field.kw_only else positional).append(f"{name}{default}")
            given = name
            if field.factory is not _MISSING:
                given = f"_factory_{name}() if {name} is _missing else {name}"
        elif field.factory is not _MISSING:
            scope[f"_factory_{name}"] = field.factory
            given = f"_factory_{name}()"
        elif field.default is not _MISSING:
            scope[f"_default_{name}"] = field.default
            given = f"_default_{name}"
        else:
            continue
        body.append(f"\n    _set_{name}(self, {given})")
    if hasattr(cls, "__post_init__"):
        body.append("\n    self.__post_init__()")
    signature = ", ".join(["self", *positional, *(["*", *keywords] if keywords else [])])
    exec(f"def __init__({signature}):{''.join(body) or chr(10) + '    pass'}", scope)
    init: Callable[..., None] = scope["__init__"]
    return init


def _tuple_of(names: tuple[str, ...]) -> Callable[[object], tuple[Any, ...]]:
    """A function giving the values of ``names`` of an object, as a tuple."""
    if len(names) > 1:
        many: Callable[[object], tuple[Any, ...]] = attrgetter(*names)
        return many
    if names:
        one = attrgetter(names[0])
        return lambda self: (one(self),)
    return lambda self: ()


def _compare(compared: list[str], hashed: list[str]) -> dict[str, Callable[..., Any]]:
    """``__eq__`` (the compared fields, of objects of the same class) and ``__hash__`` (of
    the tuple of the hashed ones), as a frozen dataclass has them."""
    key, hash_key = _tuple_of(tuple(compared)), _tuple_of(tuple(hashed))

    def equal(self: object, other: object) -> Any:  # a bool, or NotImplemented
        if other.__class__ is self.__class__:
            return bool(key(self) == key(other))
        return NotImplemented

    def hash_of(self: object) -> int:
        return hash(hash_key(self))

    return {"__eq__": equal, "__hash__": hash_of}


def _repr(shown: list[str]) -> Callable[[object], str]:
    """``ClassName(field=value, ...)`` of the shown fields, as a dataclass writes it."""
    values = _tuple_of(tuple(shown))

    def shown_as(self: object) -> str:
        pairs = ", ".join(f"{name}={one!r}" for name, one in zip(shown, values(self), strict=True))
        return f"{type(self).__qualname__}({pairs})"

    return shown_as


def _getstate(names: tuple[str, ...]) -> Callable[[object], tuple[Any, ...]]:
    """``__getstate__``: the values of the fields, in order."""
    values = _tuple_of(names)

    def state(self: object) -> tuple[Any, ...]:
        return values(self)

    return state


def _setstate(
    setters: tuple[Callable[[object, object], None], ...],
) -> Callable[[object, tuple[Any, ...]], None]:
    """``__setstate__`` of a frozen, slotted object (pickling writes through the slots)."""

    def restore(self: object, state: tuple[Any, ...]) -> None:
        for setter, one in zip(setters, state, strict=True):
            setter(self, one)

    return restore


def _slots_of_bases(cls: type) -> set[str]:
    return {slot for base in cls.__mro__[1:] for slot in base.__dict__.get("__slots__", ())}


def _slot_setter(cls: type, name: str) -> Callable[[object, object], None]:
    """How to write field ``name`` of an instance: its slot's descriptor (the class's own, or
    a base's)."""
    for base in cls.__mro__:
        slot = base.__dict__.get(name)
        if slot is not None and hasattr(slot, "__set__"):
            setter: Callable[[object, object], None] = slot.__set__
            return setter
    raise TypeError(f"{cls.__qualname__} has no slot {name!r}")
