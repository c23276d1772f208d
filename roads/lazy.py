"""Names a package exports from modules it imports only when one of those names is first
read: a module that costs its import (one building many dataclasses, one computing tables)
is then paid for by the commands that use it, not by every command that imports the package.

A package lists each such module's names here and imports them again under ``TYPE_CHECKING``
for the type checker; ``tests/test_lazy_exports.py`` checks that the two agree.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable


def lazy_exports(package: str, **modules: tuple[str, ...]) -> Callable[[str], object]:
    """The module ``__getattr__`` of ``package`` that imports ``package.MODULE`` when one of
    its names is first read, and keeps the name in the package from then on.

    Parameters:
        package: the package's ``__name__``.
        **modules: for each submodule (by its name in the package), the names it exports.
    """
    where = {name: f"{package}.{module}" for module, names in modules.items() for name in names}

    def read(name: str) -> object:
        try:
            module = where[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        value = getattr(importlib.import_module(module), name)
        setattr(sys.modules[package], name, value)
        return value

    return read
