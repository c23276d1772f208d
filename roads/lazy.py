"""A package's exports, written once: in its stub (``__init__.pyi``), the one table from which
the type checker reads its names, and ``attach`` builds its ``__all__`` and the imports on
first use.

A package that exports names of its modules lists them in its stub, one import each
(``from roads.tables.table import STANDARD as STANDARD``); its ``__init__.py`` calls::

    __getattr__, __dir__, __all__ = attach(__name__, __file__)

A module is then imported when one of its names is first read, and the name kept in the
package from then on: a module that costs its import (one building many dataclasses, one
computing tables) is paid for by the commands that use it, not by every command that imports
the package. ``tests/test_lazy_exports.py`` checks that every name resolves to its module's
object.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable


def exports(stub: str) -> dict[str, tuple[str, str]]:
    """The names a stub's imports export (``from M import X as X``), each with its module and
    its name there.

    Parameters:
        stub: the text of a package's ``__init__.pyi``.
    """
    found = {}
    for statement in stub.replace("(", " ").replace(")", " ").split("from ")[1:]:
        module, _, names = statement.partition(" import ")
        if module.strip().startswith("roads"):
            for one in names.split(","):
                name, _, alias = one.partition(" as ")
                if alias.strip():
                    found[alias.split()[0]] = (module.strip(), name.strip())
    return found


def attach(
    package: str, init: str
) -> tuple[Callable[[str], object], Callable[[], list[str]], list[str]]:
    """The module ``__getattr__`` and ``__dir__`` of ``package``, and its ``__all__``, from the
    stub beside its ``__init__.py``.

    Parameters:
        package: the package's ``__name__``.
        init: its ``__file__``.
    """
    with open(init.removesuffix(".py") + ".pyi", encoding="utf-8") as stub:
        where = exports(stub.read())

    def read(name: str) -> object:
        try:
            module, defined = where[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        value = getattr(importlib.import_module(module), defined)
        setattr(sys.modules[package], name, value)
        return value

    def listed() -> list[str]:
        return sorted({*vars(sys.modules[package]), *where})

    return read, listed, sorted(where)
