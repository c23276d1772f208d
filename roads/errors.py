"""The exceptions roads raises: each message tells the user what to fix and where."""

from __future__ import annotations


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
