"""Scoreboard: the roads of a shoe, with everything a user does with them in a line or two.

    >>> import roads
    >>> roads.Scoreboard.from_notation("BPPT").save("board.png")  # doctest: +SKIP

Reading inputs, exporting, drawing and saving sit here, above the model (``roads.grids``), so
the model never imports a renderer and the renderers are imported only when a picture is made.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import IO, TYPE_CHECKING, Any, cast

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

MAX_SCALE = 16.0
"""The largest scale a picture is drawn at (the pixel limit of the PNG backend applies too)."""
_CHECK_EVERY = 4096
"""Hands read between checks that a board being read is not too large to draw."""


class Scoreboard(Roads):
    """The five roads of a sequence of hands; see ``roads.grids.roads.Roads`` for the model."""

    @classmethod
    def from_notation(cls, text: str, *, tails: Tails | str = Tails.STRAIGHT) -> Scoreboard:
        """From the result notation, e.g. ``"BPbTnP"`` (docs/rules/notation.md).

        Args:
            text: one ``B``, ``P`` or ``T`` per coup, each followed by its flags ``b`` (banker
                pair), ``p`` (player pair), ``n`` (natural); spaces, ``,`` and ``|`` separate
                them. One string, so ``#`` is an error, not a comment as in a file.
            tails: how a streak pushed up by an older tail goes on: ``"straight"`` or
                ``"drop-back"`` (see ``roads.grids.roads.Roads``).

        Raises:
            roads.ParseError: naming the first character that is not notation, and where.
        """
        return cls(parse_notation(text, comments=False), tails=tails)

    @classmethod
    def from_coups(
        cls, coups: Iterable[Coup], *, tails: Tails | str = Tails.STRAIGHT
    ) -> Scoreboard:
        """From dealt coups (``roads.Coup``), their flags read from the cards.

        Args:
            coups: the coups in the order they were dealt.
            tails: ``"straight"`` or ``"drop-back"``, as in ``from_notation``.
        """
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
        """From a file of hands, or ``"-"`` for standard input.

        Args:
            source: the file: the notation, CSV with an ``outcome`` column, JSON Lines, or a
                journal. Its content is recognised where its extension says nothing (``.txt``,
                none, ``-``), and must agree with its extension otherwise.
            shoe: the shoe to take (1-based) from a journal or a file whose rows name their
                shoe (default: a journal's current shoe; a file must hold only one).
            every_shoe: every coup of every shoe, as one board.
            tails: ``"straight"`` or ``"drop-back"``, as in ``from_notation``.

        A journal's board is marked as its table (``roads.tables``) marks its coups.

        Raises:
            roads.FormatError: the content is not hands, or contradicts the extension.
            roads.ParseError: the content cannot be read (names where).
        """
        from roads.inputs import read_hands_at_table

        hands, table = read_hands_at_table(str(source), shoe=shoe, every_shoe=every_shoe)
        return cls(hands, tails=tails, table=table)

    @classmethod
    def read_shoes(
        cls, source: str | os.PathLike[str], *, tails: Tails | str = Tails.STRAIGHT
    ) -> list[Scoreboard]:
        """One board per shoe, in order.

        Args:
            source: a journal, or a file whose rows name their shoe (``"-"``: standard input);
                read as ``read`` reads it.
            tails: ``"straight"`` or ``"drop-back"``, as in ``from_notation``.
        """
        from roads.inputs import read_shoes_at_tables

        return [
            cls(hands, tails=tails, table=table)
            for hands, table in read_shoes_at_tables(str(source))
        ]

    @classmethod
    def drawable(
        cls,
        hands: Iterable[Hand],
        *,
        road: str | None = None,
        columns: int | None = None,
        tails: str = "straight",
    ) -> Scoreboard:
        """The board of ``hands``, refused (RoadsError) as soon as it grows too large to draw
        with ``road`` and ``columns`` (see ``BoardOptions``), before the rest is read.

        Parameters:
            hands: the hands, read lazily (a stream from a long file).
            road: the one road to be drawn, or None for the whole board.
            columns: the last columns kept (None: all), which bounds every road.
            tails: how the roads draw a streak that has turned right (see ``Roads``).
        """
        from roads.drawing.board import check_size

        board = cls(tails=tails)
        for count, hand in enumerate(hands, start=1):
            board.add(hand)
            if count % _CHECK_EVERY == 0:
                check_size(board, road=road, columns=columns)
        check_size(board, road=road, columns=columns)
        return board

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
        """A shoe dealt from a shuffled shoe (see ``roads.game.shoe``).

        Args:
            decks: decks in the shoe, 1 to 8.
            seed: the shuffle's seed (None: a fresh random one); the same seed and ``index``
                deal the same shoe on every machine.
            cut_card: cards behind the cut card.
            index: which shoe of the seed's sequence (``roads simulate --shoes`` deals 0, 1 ...).
            tails: ``"straight"`` or ``"drop-back"``, as in ``from_notation``.
        """
        from roads.game.shoe import Shoe

        return cls.from_coups(Shoe(decks, cut_card).deal(seed, index).coups, tails=tails)

    # -- exports -------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The JSON export, schema ``roads/1`` (docs/export.md): the hands, every road's cells,
        the statistics and the ask road."""
        return export.export_json(self)

    def to_csv(self) -> str:
        """Every cell of every road, one CSV row each, with a ``road`` column (docs/export.md)."""
        return export.export_csv(self)

    def to_text(self, *, ansi: bool = False, columns: int | None = None, lang: str = "en") -> str:
        """The board as text: with ANSI colours if ``ansi``; the last ``columns`` columns of
        each road (None: all); names in ``lang`` (``"en"``, ``"zh"``, ``"zh-hant"``)."""
        from roads.drawing.text import board_text

        return board_text(self, ansi=ansi, columns=columns, lang=lang)

    # -- pictures ------------------------------------------------------------------------------

    def options(
        self,
        *,
        options: BoardOptions | None = None,
        road: str | None = None,
        columns: int | None = None,
        lang: str | None = None,
        theme: str | None = None,
        label: str | None = None,
        title: str | None = None,
        transparent: bool | None = None,
        layout: str | None = None,
        with_bead_plate: bool | None = None,
    ) -> BoardOptions:
        """The drawing options: ``options`` (default ``BoardOptions()``) with each keyword given
        here replacing its field. See ``roads.drawing.board.BoardOptions`` for each one."""
        from roads.drawing.board import BoardOptions

        given: dict[str, Any] = {
            "road": road,
            "columns": columns,
            "lang": lang,
            "theme": theme,
            "label": label,
            "title": title,
            "transparent": transparent,
            "layout": layout,
            "with_bead_plate": with_bead_plate,
        }
        changes = {name: value for name, value in given.items() if value is not None}
        base = options if options is not None else BoardOptions()
        return replace(base, **changes) if changes else base

    def scene(
        self,
        *,
        options: BoardOptions | None = None,
        road: str | None = None,
        columns: int | None = None,
        lang: str | None = None,
        theme: str | None = None,
        label: str | None = None,
        title: str | None = None,
        transparent: bool | None = None,
        layout: str | None = None,
        with_bead_plate: bool | None = None,
    ) -> Scene:
        """The backend-neutral Scene of the board.

        Args:
            options: drawing options to start from (``BoardOptions``); the keywords below
                replace its fields.
            road: one road alone: ``"bead-plate"``, ``"big-road"``, ``"big-eye-boy"``,
                ``"small-road"`` or ``"cockroach-pig"`` (None: the full board).
            columns: keep the last ``columns`` columns of each road (None: the whole shoe).
            lang: labels in ``"en"``, ``"zh"`` (simplified) or ``"zh-hant"`` (traditional).
            theme: ``"casino"``, ``"dark"``, ``"print"`` or ``"accessible"``.
            label: bead-plate labels: ``"outcome"``, or ``"total"`` (the winning total).
            title: the title at the top (None: "Baccarat scoreboard" in ``lang``).
            transparent: no background behind the board.
            layout: ``"standard"``, ``"casino"`` (as live tables show it: the derived roads
                under the big road, on its grid) or ``"lobby"`` (a compact thumbnail).
            with_bead_plate: the lobby layout only: add the bead plate.
        """
        from roads.drawing.board import draw_board

        return draw_board(
            self,
            self.options(
                options=options,
                road=road,
                columns=columns,
                lang=lang,
                theme=theme,
                label=label,
                title=title,
                transparent=transparent,
                layout=layout,
                with_bead_plate=with_bead_plate,
            ),
        )

    def svg(
        self,
        *,
        scale: float = 1.0,
        options: BoardOptions | None = None,
        road: str | None = None,
        columns: int | None = None,
        lang: str | None = None,
        theme: str | None = None,
        label: str | None = None,
        title: str | None = None,
        transparent: bool | None = None,
        layout: str | None = None,
        with_bead_plate: bool | None = None,
        text_as_paths: bool = False,
    ) -> str:
        """The board as an SVG document, ``scale`` times its natural size (one unit, one pixel
        at 1.0); ``text_as_paths`` draws its text as outlines, for viewers that ignore embedded
        fonts (librsvg, Inkscape, cairosvg). The other keywords are those of ``scene``."""
        scene = self.scene(
            options=options,
            road=road,
            columns=columns,
            lang=lang,
            theme=theme,
            label=label,
            title=title,
            transparent=transparent,
            layout=layout,
            with_bead_plate=with_bead_plate,
        )
        return cast(str, _render(scene, "svg", scale, None, text_as_paths))

    def png(
        self,
        *,
        scale: float = 1.0,
        dpi: float | None = None,
        options: BoardOptions | None = None,
        road: str | None = None,
        columns: int | None = None,
        lang: str | None = None,
        theme: str | None = None,
        label: str | None = None,
        title: str | None = None,
        transparent: bool | None = None,
        layout: str | None = None,
        with_bead_plate: bool | None = None,
    ) -> bytes:
        """The board as PNG bytes, ``scale`` times its natural size; ``dpi`` is the resolution
        written into the file (default 96 x ``scale``). The other keywords are those of
        ``scene``."""
        if dpi is not None and not dpi > 0:
            raise RoadsError(f"dpi must be more than 0, not {dpi:g}")
        scene = self.scene(
            options=options,
            road=road,
            columns=columns,
            lang=lang,
            theme=theme,
            label=label,
            title=title,
            transparent=transparent,
            layout=layout,
            with_bead_plate=with_bead_plate,
        )
        return cast(bytes, _render(scene, "png", scale, dpi))

    def save(
        self,
        target: str | os.PathLike[str] | IO[bytes] | IO[str],
        *,
        format: str | None = None,
        scale: float = 1.0,
        dpi: float | None = None,
        options: BoardOptions | None = None,
        road: str | None = None,
        columns: int | None = None,
        lang: str | None = None,
        theme: str | None = None,
        label: str | None = None,
        title: str | None = None,
        transparent: bool | None = None,
        layout: str | None = None,
        with_bead_plate: bool | None = None,
        text_as_paths: bool = False,
    ) -> None:
        """Write the board as SVG or PNG.

        Args:
            target: a path (``"-"``: standard output), replaced only once the picture is
                made; or an open file: binary for either format, text for SVG only.
            format: ``"svg"`` or ``"png"``; None: from the extension of the path (or of the
                file's ``name``), SVG for standard output. A format that contradicts the
                extension is refused.
            scale: size, times the natural size.
            dpi: resolution written into a PNG (default 96 x ``scale``); an SVG is drawn to
                scale and carries none, so it is ignored there.
            options: as in ``scene``, and so are ``road``, ``columns``, ``lang``, ``theme``,
                ``label``, ``title``, ``transparent``, ``layout`` and ``with_bead_plate``.
            text_as_paths: an SVG's text drawn as outlines (as in ``svg``); no effect on PNG.

        Raises:
            roads.formats.FormatError: the format cannot be told, or contradicts the name.
        """
        chosen = self.options(
            options=options,
            road=road,
            columns=columns,
            lang=lang,
            theme=theme,
            label=label,
            title=title,
            transparent=transparent,
            layout=layout,
            with_bead_plate=with_bead_plate,
        )
        _write(target, format, lambda kind: self._picture(kind, chosen, scale, dpi, text_as_paths))

    def _picture(
        self, kind: str, options: BoardOptions, scale: float, dpi: float | None, paths: bool
    ) -> str | bytes:
        if kind == "svg":
            return self.svg(options=options, scale=scale, text_as_paths=paths)
        return self.png(options=options, scale=scale, dpi=dpi)

    # -- notebooks and the console --------------------------------------------------------------

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_png_(self) -> bytes:
        return self.png()

    def _repr_html_(self) -> str:
        from html import escape

        from roads.notice import NOTICE

        return (
            f'<figure class="roads-board">{self.svg()}'
            f"<figcaption>{escape(NOTICE)}</figcaption></figure>"
        )

    def __repr__(self) -> str:
        stats = self.stats
        tails = "" if self.tails is Tails.STRAIGHT else f", tails={self.tails.value}"
        return (
            f"{type(self).__name__}({stats.hands} coup{'' if stats.hands == 1 else 's'}: "
            f"B{stats.banker} P{stats.player} T{stats.tie}{tails})"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Roads):
            return NotImplemented
        return self.hands == other.hands and self.tails is other.tails

    __hash__ = None  # type: ignore[assignment]  # a board changes as hands are added


def save_wall(
    boards: Sequence[Roads],
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

    Args:
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
    from roads.drawing.wall import draw_wall

    def picture(kind: str) -> str | bytes:
        scene = draw_wall(boards, options, per_row=per_row)
        return _render(scene, kind, scale, dpi, text_as_paths)

    _write(target, format, picture)


def _render(
    scene: Scene, kind: str, scale: float, dpi: float | None, text_as_paths: bool = False
) -> str | bytes:
    if kind == "svg":
        from roads.backends.svg import to_svg

        return to_svg(scene, scale=_scale(scale), text_as_paths=text_as_paths)
    from roads.backends.png import to_png

    if dpi is not None and not dpi > 0:
        raise RoadsError(f"dpi must be more than 0, not {dpi:g}")
    return to_png(scene, scale=_scale(scale), dpi=dpi)


def _write(
    target: str | os.PathLike[str] | IO[bytes] | IO[str],
    format: str | None,
    picture: Callable[[str], str | bytes],
) -> None:
    """Write ``picture(kind)`` (``"svg"`` or ``"png"``) to a path or an open file."""
    from roads import formats

    if isinstance(target, str | os.PathLike):
        kind = formats.for_output(target, format, formats.BOARD, noun="image").name
        write_atomic(target, picture(kind))
        return
    name = getattr(target, "name", None)
    if not isinstance(name, str | os.PathLike):
        name = None
        if format is None:
            raise formats.FormatError(
                "give the format (svg or png) to write to a file object without a name"
            )
    kind = formats.for_output(name, format, formats.BOARD, noun="image").name
    data = picture(kind)
    if isinstance(target, io.TextIOBase):
        if isinstance(data, bytes):
            raise formats.FormatError("a PNG is bytes: give a file opened in binary mode")
        target.write(data)
    else:
        binary = cast("IO[bytes]", target)
        binary.write(data.encode() if isinstance(data, str) else data)


def _scale(scale: float) -> float:
    if not 0 < scale <= MAX_SCALE:
        raise RoadsError(f"scale must be more than 0 and at most {MAX_SCALE:g}, not {scale:g}")
    return scale
