"""Scoreboard: the roads of a shoe, with everything a user does with them in a line or two.

    >>> import roads
    >>> roads.Scoreboard.from_notation("BPPT").save("board.png")  # doctest: +SKIP

Reading inputs, exporting, drawing and saving sit here, above the model (``roads.grids``), so
the model never imports a renderer and the renderers are imported only when a picture is made.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import IO, TYPE_CHECKING, Any, TypedDict, Unpack, cast

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


class Drawing(TypedDict, total=False):
    """The drawing options ``Scoreboard.options``, ``scene``, ``svg``, ``png`` and ``save``
    take as keywords, each replacing the field of ``BoardOptions`` of its name (None: keep
    it); defined once here, so a new drawing option is one field of ``BoardOptions`` and one
    line here."""

    road: str | None
    """One road alone: ``"bead-plate"``, ``"big-road"``, ``"big-eye-boy"``, ``"small-road"`` or
    ``"cockroach-pig"``."""
    columns: int | None
    """Keep the last ``columns`` columns of each road."""
    lang: str | None
    """Labels in ``"en"``, ``"zh"`` (simplified) or ``"zh-hant"`` (traditional)."""
    theme: str | None
    """``"casino"``, ``"dark"``, ``"print"`` or ``"accessible"``."""
    label: str | None
    """Bead-plate labels: ``"outcome"``, or ``"total"`` (the winning total)."""
    title: str | None
    """The title at the top (None: "Baccarat scoreboard" in ``lang``)."""
    transparent: bool | None
    """No background behind the board."""
    layout: str | None
    """``"standard"``, ``"casino"`` (as live tables show it) or ``"lobby"`` (a thumbnail)."""
    with_bead_plate: bool | None
    """The lobby layout only: add the bead plate."""


class Scoreboard(Roads):
    """The five roads of a sequence of hands; see ``roads.grids.roads.Roads`` for the model."""

    @classmethod
    def from_notation(cls, text: str, *, tails: Tails | str = Tails.STRAIGHT) -> Scoreboard:
        """From the result notation, e.g. ``"BPbTnP"`` (docs/rules/notation.md).

        Parameters:
            text: one ``B``, ``P`` or ``T`` per coup, each followed by its flags ``b`` (banker
                pair), ``p`` (player pair), ``n`` (natural); spaces, ``,`` and ``|`` separate
                them. One string, so ``#`` is an error, not a comment as in a file.
            tails: how a streak pushed up by an older tail goes on: ``"straight"`` or
                ``"drop-back"`` (see ``roads.grids.roads.Roads``).

        Returns:
            The board.

        Raises:
            roads.ParseError: naming the first character that is not notation, and where.
        """
        return cls(parse_notation(text, comments=False), tails=tails)

    @classmethod
    def from_coups(
        cls, coups: Iterable[Coup], *, tails: Tails | str = Tails.STRAIGHT
    ) -> Scoreboard:
        """From dealt coups (``roads.Coup``), their flags read from the cards.

        Parameters:
            coups: the coups in the order they were dealt.
            tails: ``"straight"`` or ``"drop-back"``, as in ``from_notation``.

        Returns:
            The board.
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

        Parameters:
            source: the file: the notation, CSV with an ``outcome`` column, JSON Lines, or a
                journal. Its content is recognised where its extension says nothing (``.txt``,
                none, ``-``), and must agree with its extension otherwise.
            shoe: the shoe to take (1-based) from a journal or a file whose rows name their
                shoe (default: a journal's current shoe; a file must hold only one).
            every_shoe: every coup of every shoe, as one board.
            tails: ``"straight"`` or ``"drop-back"``, as in ``from_notation``.

        A journal's board is marked as its table (``roads.tables``) marks its coups.

        Returns:
            The board.

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

        Parameters:
            source: a journal, or a file whose rows name their shoe (``"-"``: standard input);
                read as ``read`` reads it.
            tails: ``"straight"`` or ``"drop-back"``, as in ``from_notation``.

        Returns:
            The board of each shoe, in order.
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

        Returns:
            The board.
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
        shuffle: str | None = None,
    ) -> Scoreboard:
        """A shoe dealt from a shuffled shoe (see ``roads.game.shoe``).

        Parameters:
            decks: decks in the shoe, 1 to 8.
            seed: the shuffle's seed (None: a fresh random one); the same seed and ``index``
                deal the same shoe on every machine.
            cut_card: cards behind the cut card.
            index: which shoe of the seed's sequence (``roads simulate --shoes`` deals 0, 1 ...).
            tails: ``"straight"`` or ``"drop-back"``, as in ``from_notation``.
            shuffle: how the seed orders the cards (``roads.game.shuffles``): ``"philox"`` (None:
                the default), or ``"shake-sort"`` to deal again the shoe a seed dealt before
                ``philox``.

        Returns:
            The board.
        """
        from roads.game.shoe import Shoe
        from roads.game.shuffles import DEFAULT_SHUFFLE, check_shuffle

        shoe = Shoe(decks, cut_card, DEFAULT_SHUFFLE if shuffle is None else check_shuffle(shuffle))
        return cls.from_coups(shoe.deal(seed, index).coups, tails=tails)

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
        self, *, options: BoardOptions | None = None, **drawing: Unpack[Drawing]
    ) -> BoardOptions:
        """The drawing options: ``options`` (default ``BoardOptions()``) with each keyword of
        ``drawing`` given (and not None) replacing its field (see :class:`Drawing`).

        Returns:
            One frozen ``BoardOptions``.
        """
        from roads.drawing.board import BoardOptions

        changes: dict[str, Any] = {
            name: value for name, value in drawing.items() if value is not None
        }
        base = options if options is not None else BoardOptions()
        return replace(base, **changes) if changes else base

    def scene(self, *, options: BoardOptions | None = None, **drawing: Unpack[Drawing]) -> Scene:
        """The backend-neutral Scene of the board.

        Parameters:
            options: drawing options to start from (``BoardOptions``).
            **drawing: fields of ``options`` to replace, by name (:class:`Drawing`: ``road``,
                ``columns``, ``lang``, ``theme``, ``label``, ``title``, ``transparent``,
                ``layout``, ``with_bead_plate``).

        Returns:
            The Scene, for any backend (``roads.backends``).
        """
        from roads.drawing.board import draw_board

        return draw_board(self, self.options(options=options, **drawing))

    def svg(
        self,
        *,
        scale: float = 1.0,
        options: BoardOptions | None = None,
        text_as_paths: bool = False,
        **drawing: Unpack[Drawing],
    ) -> str:
        """The board as an SVG document, ``scale`` times its natural size (one unit, one pixel
        at 1.0); ``text_as_paths`` draws its text as outlines, for viewers that ignore embedded
        fonts (librsvg, Inkscape, cairosvg). ``options`` and ``drawing`` are those of ``scene``.

        Returns:
            The SVG document.
        """
        scene = self.scene(options=options, **drawing)
        return cast(str, _render(scene, "svg", scale, None, text_as_paths))

    def png(
        self,
        *,
        scale: float = 1.0,
        dpi: float | None = None,
        options: BoardOptions | None = None,
        **drawing: Unpack[Drawing],
    ) -> bytes:
        """The board as PNG bytes, ``scale`` times its natural size; ``dpi`` is the resolution
        written into the file (default 96 x ``scale``). ``options`` and ``drawing`` are those of
        ``scene``.

        Returns:
            The PNG file's bytes.
        """
        if dpi is not None and not dpi > 0:
            raise RoadsError(f"dpi must be more than 0, not {dpi:g}")
        scene = self.scene(options=options, **drawing)
        return cast(bytes, _render(scene, "png", scale, dpi))

    def save(
        self,
        target: str | os.PathLike[str] | IO[bytes] | IO[str],
        *,
        format: str | None = None,
        scale: float = 1.0,
        dpi: float | None = None,
        options: BoardOptions | None = None,
        text_as_paths: bool = False,
        **drawing: Unpack[Drawing],
    ) -> None:
        """Write the board as SVG, PNG or any format registered in ``roads.backends``.

        Parameters:
            target: a path (``"-"``: standard output), replaced only once the picture is
                made; or an open file: binary for either format, text for SVG only.
            format: ``"svg"`` or ``"png"``; None: from the extension of the path (or of the
                file's ``name``), SVG for standard output. A format that contradicts the
                extension is refused.
            scale: size, times the natural size.
            dpi: resolution written into a PNG (default 96 x ``scale``); an SVG is drawn to
                scale and carries none, so it is ignored there.
            options: as in ``scene``.
            text_as_paths: an SVG's text drawn as outlines (as in ``svg``); no effect on PNG.
            **drawing: as in ``scene``: fields of ``options`` to replace, by name.

        Raises:
            roads.formats.FormatError: the format cannot be told, or contradicts the name.
        """
        from roads import backends

        chosen = self.options(options=options, **drawing)
        kind = backends.target_format(target, format)
        backends.write(
            self.scene(options=chosen),
            target,
            kind,
            scale=_scale(scale),
            dpi=dpi,
            text_as_paths=text_as_paths,
        )

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
    scene = draw_wall(boards, options, per_row=per_row)
    backends.write(scene, target, kind, scale=_scale(scale), dpi=dpi, text_as_paths=text_as_paths)


def _render(
    scene: Scene, kind: str, scale: float, dpi: float | None, text_as_paths: bool = False
) -> str | bytes:
    from roads import backends

    return backends.render(scene, kind, scale=_scale(scale), dpi=dpi, text_as_paths=text_as_paths)


def _scale(scale: float) -> float:
    if not 0 < scale <= MAX_SCALE:
        raise RoadsError(f"scale must be more than 0 and at most {MAX_SCALE:g}, not {scale:g}")
    return scale
