"""The engines, by name: the one place an engine is chosen.

Six concepts do heavy work: ``deal`` (shoes from a seed, their coups, a tally), ``odds`` (the
exact odds of the next coup), ``roads`` (the five roads of a whole sequence of hands), ``export``
(their cells as the export's text), ``reading`` (the hands of a file, for an export) and
``study`` (the study's counts of signal states). Each has one pure, readable reference, the
``python`` engine, written from the rules; the ``numpy`` engine (``roads.fast``) gives the same
integers and bytes, faster. An engine that does not provide a concept falls back on the
reference's.

An engine is an :class:`Engine`: its name, and for each concept it provides the object that
does the work, named ``"module:attribute"`` and imported only when that concept is first asked
of it (so choosing an engine imports nothing). The concept's module says what that object does
(a ``Protocol``, say ``roads.game.odds.OddsEngine``) and looks it up here by name. Engines from
outside roads register through the entry point group ``roads.engines``, each entry point an
:class:`Engine`::

    [project.entry-points."roads.engines"]
    numba = "roads_numba:ENGINE"

The default: the engine ``ROADS_ENGINE`` names, else ``numpy`` where the job is large enough to
pay for importing it, else ``python``. Every engine gives the same bytes: which one runs is a
matter of speed, and ``tests/engines/`` holds each concept's suite, run over every engine
registered.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import field
from functools import cache
from importlib import import_module
from importlib.util import find_spec
from typing import Literal

from roads.errors import RoadsError
from roads.values import frozen

Concept = Literal["deal", "odds", "roads", "export", "reading", "study"]
CONCEPTS: tuple[Concept, ...] = ("deal", "odds", "roads", "export", "reading", "study")
"""What an engine may do; the reference engine does all of them."""

ENGINE_VARIABLE = "ROADS_ENGINE"
"""Environment variable naming the engine to use when none is given."""
ENTRY_POINTS = "roads.engines"
"""The entry point group of engines from outside roads."""

DEALS_PAY_FROM = 200
"""Shoes dealt with their coups (``roads simulate``) from which numpy wins back its import."""
COUNTS_PAY_FROM = 1500
"""Shoes only counted (a tally, a study) from which numpy wins back its import."""


@frozen
class Engine:
    """An engine: its name, a line on what it is, and what it provides.

    Attributes:
        name: what ``--engine``, ``engine=`` and ``ROADS_ENGINE`` take.
        summary: one line for ``--help`` and errors.
        provides: for each concept it does, the object that does it, as
            ``"module:attribute"``.
        needs: modules it imports that may be missing (found without importing them).
        install: the command that installs what it needs.
    """

    name: str
    summary: str
    provides: Mapping[str, str] = field(default_factory=dict)
    needs: tuple[str, ...] = ()
    install: str = ""


REFERENCE = Engine(
    "python",
    "the reference: pure Python, written from the rules",
    {
        "deal": "roads.hands.simulated:DEALING",
        "odds": "roads.game.odds:ODDS",
        "roads": "roads.grids.batch:BUILDING",
        "export": "roads.grids.export_items:EXPORTING",
        "reading": "roads.hands.compact:READING",
        "study": "roads.study.counters:COUNTING",
    },
)
FAST = Engine(
    "numpy",
    "the fast twins (roads.fast): numpy, and byte strings",
    {
        "deal": "roads.fast.dealing:DEALING",
        "odds": "roads.fast.odds:ODDS",
        "roads": "roads.fast.roads:BUILDING",
        "export": "roads.fast.export:EXPORTING",
        "reading": "roads.fast.reading:READING",
        "study": "roads.fast.study:COUNTING",
    },
    needs=("numpy",),
    install="pip install numpy",
)
BUILT_IN = (REFERENCE, FAST)
"""The engines roads ships, the reference first."""


@cache
def registered() -> dict[str, Engine]:
    """Every engine by name: those roads ships, then those of the ``roads.engines`` entry
    points (read once, on the first call)."""
    from importlib.metadata import entry_points

    found = {engine.name: engine for engine in BUILT_IN}
    for point in entry_points(group=ENTRY_POINTS):
        engine = point.load()
        if not isinstance(engine, Engine):
            raise RoadsError(f"the entry point {point.name} of {ENTRY_POINTS} is not an Engine")
        found.setdefault(engine.name, engine)
    return found


def engine_named(name: str) -> Engine:
    """The engine called ``name``: one roads ships, else one an entry point registers.

    Raises RoadsError naming the engines there are when there is none.
    """
    for engine in BUILT_IN:
        if engine.name == name:
            return engine
    found = registered().get(name)
    if found is None:
        raise RoadsError(f"no engine {name!r}: use one of {', '.join(registered())}")
    return found


def available(engine: Engine) -> bool:
    """Whether what ``engine`` needs is installed (found without importing it)."""
    return all(find_spec(module) is not None for module in engine.needs)


def choose(name: str | None, *, pays: bool = True) -> str:
    """The name of the engine to use: ``name`` when given, else the one ``ROADS_ENGINE`` names,
    else ``numpy`` when it is installed and ``pays``, else ``python``.

    Parameters:
        name: an engine's name, or None to choose.
        pays: whether the job is large enough for numpy to win back its import (about 70 ms,
            the time the reference takes to deal some 200 shoes, or to count 1,500); every
            engine gives the same results, so this is a matter of speed only.

    Raises RoadsError when there is no such engine, or what it needs is missing; the message
    names ``ROADS_ENGINE`` when the name came from there.
    """
    given = name is not None
    if name is None:
        name = os.environ.get(ENGINE_VARIABLE) or None
    if name is None:
        return FAST.name if pays and available(FAST) else REFERENCE.name
    try:
        engine = engine_named(name)
    except RoadsError as error:
        if given:
            raise RoadsError(str(error), about=("engine",)) from None
        raise RoadsError(f"{error} (from {ENGINE_VARIABLE})") from None
    if not available(engine):
        missing = ", ".join(module for module in engine.needs if find_spec(module) is None)
        raise RoadsError(f"the {engine.name} engine needs {missing}: {engine.install}")
    return engine.name


def implementation(concept: Concept, name: str) -> object:
    """What engine ``name`` does ``concept`` with (the reference's, when it does not), imported
    on first use and kept.

    Parameters:
        concept: one of ``CONCEPTS``.
        name: an engine's name (``choose`` gives one).
    """
    return _loaded(concept, name)


@cache
def _loaded(concept: Concept, name: str) -> object:
    where = engine_named(name).provides.get(concept) or REFERENCE.provides[concept]
    module, _, attribute = where.partition(":")
    return getattr(import_module(module), attribute)
