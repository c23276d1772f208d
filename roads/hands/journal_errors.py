"""The errors and warnings of the practice journal."""

from __future__ import annotations

from roads.errors import RoadsError

__all__ = ["JournalBusyError", "JournalError", "JournalWarning"]


class JournalWarning(UserWarning):
    """Something in a journal was skipped, such as a torn last line."""


class JournalError(RoadsError):
    """An action the journal cannot take, such as undo with nothing to undo."""


class JournalBusyError(JournalError):
    """Another process held the journal's lock for longer than the wait allowed. The command
    line exits with ``exit_code`` (EX_TEMPFAIL: try again later)."""

    exit_code = 75
