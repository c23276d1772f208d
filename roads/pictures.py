"""Pictures of boards: the scale one is drawn at, rendering a Scene through ``roads.backends``,
and the wall of a file's shoes (``save_wall``).

The backends are imported only when a picture is made.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import IO, Protocol

from roads.drawing.options import BoardOptions
from roads.drawing.scene import Scene
from roads.errors import RoadsError
from roads.grids.roads import Roads


class Board(Protocol):
    """A board of a wall: anything that holds its ``roads`` (a ``Scoreboard``, say)."""

    @property
    def roads(self) -> Roads:
        """The board's roads."""
        ...


MAX_SCALE = 16.0
"""The largest scale a picture is drawn at (the pixel limit of the PNG backend applies too)."""


def save_wall(
    boards: Sequence[Board],
    target: str | os.PathLike[str] | IO[bytes] | IO[str],
    *,
    format: str | None = None,
    scale: float = 1.0,
    dpi: float | None = None,
    per_row: int | None = None,
    options: BoardOptions | None = None,
    text_as_paths: bool = False,
) -> None:
    """Write every board of ``boards`` as numbered lobby thumbnails on one image (a wall).

    Parameters:
        boards: the shoes, in order (``Scoreboard.read_shoes`` reads every shoe of a file).
        target: a path (``"-"``: standard output), replaced only once the picture is made; or
            an open file: binary for either format, text for SVG only.
        format: ``"svg"`` or ``"png"``; None: from the extension, as in ``Scoreboard.save``.
        scale: size, times the natural size.
        dpi: resolution written into a PNG (default 96 x ``scale``).
        per_row: thumbnails per row (None: as many as fit).
        options: how each thumbnail is drawn (``BoardOptions``: theme, language, columns,
            bead plate); its ``title`` titles the wall.
        text_as_paths: an SVG's text drawn as outlines (``Scoreboard.svg``).

    Raises:
        roads.formats.FormatError: the format cannot be told, or contradicts the name.
    """
    from roads import backends
    from roads.drawing.wall import draw_wall

    kind = backends.target_format(target, format)
    scene = draw_wall([board.roads for board in boards], options, per_row=per_row)
    backends.write(
        scene, target, kind, scale=checked_scale(scale), dpi=dpi, text_as_paths=text_as_paths
    )


def render(
    scene: Scene, kind: str, scale: float, dpi: float | None, text_as_paths: bool = False
) -> str | bytes:
    """``scene`` in format ``kind`` (``roads.backends.render``), its scale checked.

    Parameters:
        scene: the picture.
        kind: the format's name, ``"svg"`` or ``"png"`` or any registered.
        scale: size, times the natural size (see ``checked_scale``).
        dpi: resolution written into a PNG (None: 96 x ``scale``).
        text_as_paths: an SVG's text drawn as outlines.
    """
    from roads import backends

    return backends.render(
        scene, kind, scale=checked_scale(scale), dpi=dpi, text_as_paths=text_as_paths
    )


def checked_scale(scale: float) -> float:
    """``scale``, refused (RoadsError) unless more than 0 and at most ``MAX_SCALE``.

    Parameters:
        scale: size, times the natural size.
    """
    if not 0 < scale <= MAX_SCALE:
        raise RoadsError(f"scale must be more than 0 and at most {MAX_SCALE:g}, not {scale:g}")
    return scale
