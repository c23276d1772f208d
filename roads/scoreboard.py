"""Scoreboard: the roads of a shoe, with everything a user does with them in a line or two.

    >>> import roads
    >>> roads.Scoreboard.from_notation("BPPT").save("board.png")  # doctest: +SKIP

Reading inputs, exporting, drawing and saving sit here, above the model (``roads.grids``), so
the model never imports a renderer and the renderers are imported only when a picture is made.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from roads.atomic import write_atomic
from roads.errors import RoadsError
from roads.game.coup import Coup
from roads.grids import export
from roads.grids.placement import Tails
from roads.grids.roads import Roads
from roads.hands.hand import Hand
from roads.hands.notation import parse_notation

if TYPE_CHECKING:
    from roads.drawing.board import BoardOptions
    from roads.drawing.scene import Scene

FORMATS = ("svg", "png")


class Scoreboard(Roads):
    """The five roads of a sequence of hands; see ``roads.grids.roads.Roads`` for the model."""

    @classmethod
    def from_notation(cls, text: str, *, tails: Tails | str = Tails.STRAIGHT) -> Scoreboard:
        """From the result notation, e.g. ``"BPbTnP"`` (EXPORT.md); ``tails`` as in Roads. One
        string, so ``#`` is an error rather than a comment."""
        return cls(parse_notation(text, comments=False), tails=tails)

    @classmethod
    def from_coups(
        cls, coups: Iterable[Coup], *, tails: Tails | str = Tails.STRAIGHT
    ) -> Scoreboard:
        """From dealt coups; ``tails`` as in Roads."""
        return cls((Hand.from_coup(coup) for coup in coups), tails=tails)

    @classmethod
    def read(
        cls,
        source: str | os.PathLike[str],
        *,
        shoe: int | None = None,
        every_shoe: bool = False,
        tails: Tails | str = Tails.STRAIGHT,
    ) -> Scoreboard:
        """From a file (notation, CSV, JSON Lines or a journal), or ``"-"`` for standard input.

        ``shoe``: shoe N of a file with several; ``every_shoe``: all of them as one board;
        ``tails``: as in Roads.
        """
        from roads.inputs import read_hands

        return cls(read_hands(str(source), shoe=shoe, every_shoe=every_shoe), tails=tails)

    @classmethod
    def read_shoes(
        cls, source: str | os.PathLike[str], *, tails: Tails | str = Tails.STRAIGHT
    ) -> list[Scoreboard]:
        """One board per shoe of a journal or of a file whose rows name their shoe (``"-"``:
        standard input), in order; ``tails`` as in Roads."""
        from roads.inputs import read_shoes

        return [cls(hands, tails=tails) for hands in read_shoes(str(source))]

    @classmethod
    def simulate(
        cls,
        *,
        decks: int = 8,
        seed: int | None = None,
        cut_card: int = 14,
        index: int = 0,
        tails: Tails | str = Tails.STRAIGHT,
    ) -> Scoreboard:
        """A shoe dealt from a shuffled ``decks``-deck shoe (see ``roads.game.shoe``)."""
        from roads.game.shoe import Shoe

        return cls.from_coups(Shoe(decks, cut_card).deal(seed, index).coups, tails=tails)

    # -- exports -------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The JSON export of EXPORT.md."""
        return export.export_json(self)

    def to_csv(self) -> str:
        """Every cell of every road, one CSV row each."""
        return export.export_csv(self)

    def to_text(self, *, ansi: bool = False, columns: int | None = None) -> str:
        """The board as text, with ANSI colours if ``ansi``."""
        from roads.drawing.text import board_text

        return board_text(self, ansi=ansi, columns=columns)

    # -- pictures ------------------------------------------------------------------------------

    def scene(self, **options: Any) -> Scene:
        """The backend-neutral Scene; ``options`` are those of ``BoardOptions``."""
        from roads.drawing.board import draw_board

        return draw_board(self, _options(options))

    def svg(self, *, scale: float = 1.0, **options: Any) -> str:
        """The board as an SVG document."""
        from roads.backends.svg import to_svg

        return to_svg(self.scene(**options), scale=scale)

    def png(self, *, scale: float = 1.0, dpi: float | None = None, **options: Any) -> bytes:
        """The board as PNG bytes."""
        from roads.backends.png import to_png

        return to_png(self.scene(**options), scale=scale, dpi=dpi)

    def save(
        self, path: str | os.PathLike[str], *, format: str | None = None, **options: Any
    ) -> None:
        """Write the board to ``path`` (``"-"``: standard output) as SVG or PNG, chosen by
        ``format`` or the file's extension. The file is replaced only once the picture is made.
        """
        kind = _kind(path, format)
        data: str | bytes = self.svg(**options) if kind == "svg" else self.png(**options)
        write_atomic(path, data)

    def _repr_svg_(self) -> str:
        return self.svg()


def _options(options: dict[str, Any]) -> BoardOptions:
    from roads.drawing.board import BoardOptions

    try:
        return BoardOptions(**options)
    except TypeError as error:
        raise RoadsError(f"unknown drawing option: {error}") from None


def save_wall(
    boards: Sequence[Roads],
    path: str | os.PathLike[str],
    *,
    format: str | None = None,
    scale: float = 1.0,
    dpi: float | None = None,
    per_row: int | None = None,
    options: BoardOptions | None = None,
) -> None:
    """Write every board of ``boards`` as numbered lobby thumbnails on one image (a wall).

    ``path``: the file (``"-"``: standard output), replaced only once the picture is made;
    ``format``: ``"svg"`` or ``"png"`` (default: from the file's extension); ``scale``: size
    factor; ``dpi``: resolution written into a PNG; ``per_row``: thumbnails per row (default:
    as many as fit); ``options``: how each thumbnail is drawn (theme, language, columns, bead
    plate; ``title`` titles the wall).
    """
    from roads.drawing.wall import draw_wall

    kind = _kind(path, format)
    scene = draw_wall(boards, options, per_row=per_row)
    if kind == "svg":
        from roads.backends.svg import to_svg

        write_atomic(path, to_svg(scene, scale=scale))
    else:
        from roads.backends.png import to_png

        write_atomic(path, to_png(scene, scale=scale, dpi=dpi))


def _kind(path: str | os.PathLike[str], format: str | None) -> str:
    kind = format or Path(str(path)).suffix.lower().lstrip(".")
    if kind not in FORMATS:
        raise RoadsError(
            f"cannot tell the image format of {str(path)!r}: name it .svg or .png, "
            "or give the format"
        )
    return kind
