"""Pictures of boards: the scale one is drawn at, rendering a Scene through ``roads.backends``,
the wall of a file's shoes (``save_wall``) and printed score cards (``save_scorecards``).

The backends are imported only when a picture is made.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, Protocol

from roads.drawing.options import BoardOptions
from roads.drawing.scene import Scene
from roads.errors import RoadsError
from roads.grids.roads import Roads

if TYPE_CHECKING:  # the paper, the cards and the statement only where a PDF is asked for
    from roads.drawing.paper import Paper
    from roads.drawing.scorecard import CardOptions
    from roads.hands.statement_files import StatementTable


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
    paper: Paper | None = None,
) -> None:
    """Write every board of ``boards`` as numbered lobby thumbnails on one image (a wall).

    Parameters:
        boards: the shoes, in order (``Scoreboard.read_shoes`` reads every shoe of a file).
        target: a path (``"-"``: standard output), replaced only once the picture is made; or
            an open file: binary for any format, text for SVG only.
        format: ``"svg"``, ``"png"`` or ``"pdf"``; None: from the extension, as in
            ``Scoreboard.save``.
        scale: size, times the natural size.
        dpi: resolution written into a PNG (default 96 x ``scale``).
        per_row: thumbnails per row (None: as many as fit).
        options: how each thumbnail is drawn (``BoardOptions``: theme, language, columns,
            bead plate); its ``title`` titles the wall.
        text_as_paths: an SVG's text drawn as outlines (``Scoreboard.svg``).
        paper: the paper a PDF is printed on (None: a page the wall's size).

    Raises:
        roads.formats.FormatError: the format cannot be told, or contradicts the name.
    """
    from roads import backends
    from roads.drawing.wall import draw_wall

    kind = backends.target_format(target, format)
    scene = draw_wall([board.roads for board in boards], options, per_row=per_row)
    backends.write(
        scene,
        target,
        kind,
        scale=checked_scale(scale),
        dpi=dpi,
        text_as_paths=text_as_paths,
        paper=paper,
    )


def render(
    scene: Scene,
    kind: str,
    scale: float,
    dpi: float | None,
    text_as_paths: bool = False,
    *,
    paper: Paper | None = None,
) -> str | bytes:
    """``scene`` in format ``kind`` (``roads.backends.render``), its scale checked.

    Parameters:
        scene: the picture.
        kind: the format's name, ``"svg"``, ``"png"``, ``"pdf"`` or any registered.
        scale: size, times the natural size (see ``checked_scale``).
        dpi: resolution written into a PNG (None: 96 x ``scale``).
        text_as_paths: an SVG's text drawn as outlines.
        paper: the paper a PDF is printed on (None: a page the picture's size).
    """
    from roads import backends

    return backends.render(
        scene,
        kind,
        scale=checked_scale(scale),
        dpi=dpi,
        text_as_paths=text_as_paths,
        paper=paper,
    )


def checked_scale(scale: float) -> float:
    """``scale``, refused (RoadsError) unless more than 0 and at most ``MAX_SCALE``.

    Parameters:
        scale: size, times the natural size.
    """
    if not 0 < scale <= MAX_SCALE:
        raise RoadsError(f"scale must be more than 0 and at most {MAX_SCALE:g}, not {scale:g}")
    return scale


def save_scorecards(
    target: str | os.PathLike[str] | IO[bytes],
    *,
    shoes: Sequence[Board] | None = None,
    numbers: Sequence[int] | None = None,
    total: int | None = None,
    paper: Paper | None = None,
    options: CardOptions | None = None,
    statement: StatementTable | None = None,
) -> int:
    """Write printable score cards as a PDF: a page of blank cards, or a card for each shoe.

    Parameters:
        target: a path (``"-"``: standard output), replaced only once the document is made;
            or an open binary file.
        shoes: the shoes to print, a card each (None: a page of blank cards).
        numbers: each shoe's number in its session (None: 1, 2, ...).
        total: how many shoes the session has (None: the highest number): a card says "shoe 3
            of 7".
        paper: A4 or Letter, and its margins (None: A4, 10 mm).
        options: the cards' language, colours, count a page and grids
            (``roads.drawing.scorecard.CardOptions``), and what the table posts.
        statement: a session's statement laid out in the cards' language
            (``roads.hands.statement_files.statement_table``), printed on a last page of its
            own (None: none).

    Returns:
        How many pages were written.

    Raises:
        RoadsError: the paper is ``fit``, or the cards do not fit on it.
    """
    from roads import backends
    from roads.drawing.paper import Paper as PaperSize
    from roads.drawing.scorecard import CardOptions as Options
    from roads.drawing.scorecard import FilledShoe, blank_page, filled_pages

    paper = paper or PaperSize(size="a4")
    if paper.size == "fit":
        raise RoadsError("a score card is printed on a4 or letter paper", about=("paper",))
    options = options or Options()
    if shoes is None:
        scenes = [blank_page(paper, options)]
    else:
        numbered = list(numbers) if numbers is not None else list(range(1, len(shoes) + 1))
        total = total if total is not None else max(numbered, default=0)
        filled = [
            FilledShoe(board.roads, number, total)
            for board, number in zip(shoes, numbered, strict=True)
        ]
        scenes = filled_pages(filled, paper, options, statement=statement)
    backends.write_pages(scenes, target, "pdf", paper=PaperSize(size="fit", margin=0))
    return len(scenes)
