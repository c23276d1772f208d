"""The type of an input file argument: one that is missing, a folder or unreadable exits with
code 1 ("a file could not be read", as for an output that cannot be written), not with click's
2, which the commands keep for bad input and options."""

from __future__ import annotations

import os
from typing import Any

import click

COULD_NOT_READ = 1
"""The exit code for a file that could not be read or written (docs/commands.md's table)."""


class UnreadableFile(click.ClickException):
    """An input file that cannot be opened: exit code 1."""

    exit_code = COULD_NOT_READ


class FilePath(click.Path):
    """A file to read or write (``-`` for standard input or output where ``allow_dash``); a
    folder given instead exits with code 1."""

    def __init__(self, *, allow_dash: bool = False, exists: bool = False) -> None:
        super().__init__(allow_dash=allow_dash, dir_okay=False, exists=exists, readable=exists)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        name = os.fsdecode(value) if isinstance(value, bytes | os.PathLike) else str(value)
        if name != "-" or not self.allow_dash:
            if os.path.isdir(name):
                raise UnreadableFile(f"{name} is a folder, not a file")
            if self.exists and not os.path.exists(name):
                where = os.path.dirname(name)
                if where and not os.path.isdir(where):
                    raise UnreadableFile(f"no such folder: {where}")
                raise UnreadableFile(f"no such file: {name}")
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as error:  # unreadable: permissions
            raise UnreadableFile(f"cannot read {name}: {error.message}") from None


def InputPath() -> FilePath:  # noqa: N802 (used as a click type, like click.Path)
    """An existing file to read, or ``-`` for standard input."""
    return FilePath(allow_dash=True, exists=True)
