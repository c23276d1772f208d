"""The exceptions roads raises: each message tells the user what to fix and where."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType
from typing import ClassVar, TypeVar

E = TypeVar("E", bound=Enum)


class RoadsError(Exception):
    """Base of every error this library raises on purpose.

    ``about`` names the parameters the error is about, in library terms (``"scale"``,
    ``"columns"``); the command line shows them as its options (``--scale``, ``--columns``).
    """

    def __init__(self, *args: object, about: tuple[str, ...] = ()) -> None:
        super().__init__(*args)
        self.about = about


class CardError(RoadsError, ValueError):
    """Text that is not a card, or not a coup written as cards."""


class RuleError(RoadsError, ValueError):
    """Cards that break the third-card rules: names the rule in plain words."""


class ShoeError(RoadsError, ValueError):
    """A shoe that cannot be dealt, or card counts that cannot be a shoe."""


class ParseError(RoadsError, ValueError):
    """Input that cannot be read: says what, and where (source, line, column)."""

    def __init__(
        self,
        message: str,
        *,
        source: str = "",
        line: int = 0,
        column: int = 0,
        about: tuple[str, ...] = (),
    ) -> None:
        self.reason = message
        self.source = source
        self.line = line
        self.column = column
        super().__init__(self._render(), about=about)

    def _render(self) -> str:
        if self.source:
            where = self.source + "".join(f":{n}" for n in (self.line, self.column) if n)
        elif self.line:
            where = f"line {self.line}" + (f", column {self.column}" if self.column else "")
        elif self.column:
            where = f"position {self.column}"
        else:
            return self.reason
        return f"{where}: {self.reason}"


class UnavailableError(RoadsError):
    """The system refused what was asked, not the input: a port already taken, say. The command
    line exits with ``exit_code`` 1, as for a file that could not be read or written."""

    exit_code = 1


class NotDrawnError(RoadsError):
    """What was asked was done (coups logged, say), but the picture asked for could not be
    made: the command line exits with ``exit_code`` so that a script does not do it again."""

    exit_code = 3


class ArgumentError(RoadsError, ValueError):
    """Arguments that do not go together, or one of two that is missing.

    ``template`` names each argument as ``{name}``; the message (``str``) names them in the
    library's words (``LIBRARY``), and ``worded`` in a caller's, so that the command
    line speaks of its options (``--shoe N``, ``INPUT``) without rewriting the text.
    """

    LIBRARY: ClassVar[Mapping[str, str]] = MappingProxyType(
        {
            "source": "source",
            "hands_text": "text",
            "hands": "text",
            "shoe": "shoe",
            "shoe_n": "shoe",
            "every_shoe": "every_shoe",
            "wall": "one board per shoe",
        }
    )
    """How the library names each argument a template may hold."""

    def __init__(self, template: str, *, about: tuple[str, ...] = ()) -> None:
        self.template = template
        super().__init__(self.worded(self.LIBRARY), about=about)

    def worded(self, names: Mapping[str, str]) -> str:
        """The message with each ``{name}`` spelt as ``names`` says.

        Returns:
            One line.
        """
        return self.template.format_map(names)


def member(kind: type[E], name: object, what: str, *, about: tuple[str, ...] = ()) -> E:
    """The member of the enum ``kind`` that ``name`` is, or whose value it is; a RoadsError
    naming the choices when there is none.

    Parameters:
        kind: the enum (``Layout``, ``ThemeName``...).
        name: a member, or its value (``"casino"``).
        what: what the members are, for the message (``"layout"``).
        about: the parameters the error is about.
    """
    try:
        return kind(name)
    except ValueError:
        choices = ", ".join(str(one.value) for one in kind)
        raise RoadsError(f"no {what} {name!r}: choose {choices}", about=about) from None
