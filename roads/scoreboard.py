"""Scoreboard: the roads of a shoe, with everything a user does with them in a line or two.

    >>> import roads
    >>> roads.Scoreboard.from_notation("BPPT").save("board.png")  # doctest: +SKIP

Reading inputs, exporting, drawing and saving sit here, above the model (``roads.grids``), so
the model never imports a renderer and the renderers are imported only when a picture is made.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from typing import IO, TYPE_CHECKING, Any, TypedDict, Unpack, cast

from roads.drawing.options import BoardOptions
from roads.drawing.scene import Scene
from roads.errors import RoadsError
from roads.game.coup import Coup
from roads.grids.cells import Ask, BeadCell, BigRoadCell, Cell, Colour, DerivedCell, Stats
from roads.grids.placement import Tails
from roads.grids.road import Road
from roads.grids.roads import Roads
from roads.hands.hand import Hand
from roads.hands.notation import parse_notation
from roads.inputs import read_hands_at_table, read_shoes_at_tables
from roads.notice import NOTICE
from roads.pictures import checked_scale, render
from roads.tables import STANDARD, Table

if TYPE_CHECKING:  # a PDF's paper: for the type checker alone
    from roads.drawing.paper import Paper

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


class Scoreboard:
    """The five roads of a sequence of hands (``roads``, the model) and how to draw them
    (``board_options``), with reading, exporting and drawing.

    A board holds its roads rather than being them: the roads' members below read or change
    ``roads``, and any function of the model takes ``board.roads``.

    Parameters:
        hands: the hands, in order.
        tails: how a streak pushed up by an older tail goes on: ``"straight"`` or
            ``"drop-back"`` (docs/rules/roads.md shows both).
        keep_hands: keep every hand (False: only a byte of each, so ``hands`` is unavailable).
        table: the table whose marks the cells carry (see Tables below).
        options: how the board is drawn unless a picture's keywords say otherwise (None:
            ``BoardOptions()``).
    """

    def __init__(
        self,
        hands: Iterable[Hand] = (),
        *,
        tails: Tails | str = Tails.STRAIGHT,
        keep_hands: bool = True,
        table: Table = STANDARD,
        options: BoardOptions | None = None,
    ) -> None:
        self.roads: Roads = Roads(hands, tails=tails, keep_hands=keep_hands, table=table)
        """The roads themselves, for every function of the model."""
        self._options = options

    @classmethod
    def of(cls, roads: Roads, *, options: BoardOptions | None = None) -> Scoreboard:
        """The board of roads already built, held as they are (not copied).

        Parameters:
            roads: the roads.
            options: how the board is drawn, as in ``Scoreboard``.

        Returns:
            The board.
        """
        board = cls(options=options)
        board.roads = roads
        return board

    @property
    def board_options(self) -> BoardOptions:
        """How the board is drawn unless a picture's keywords say otherwise."""
        return self._options if self._options is not None else BoardOptions()

    @classmethod
    def from_notation(cls, text: str, *, tails: Tails | str = Tails.STRAIGHT) -> Scoreboard:
        """From the result notation, e.g. ``"BPbTnP"`` (docs/rules/notation.md).

        Parameters:
            text: one ``B``, ``P`` or ``T`` per coup, each followed by its flags ``b`` (banker
                pair), ``p`` (player pair), ``n`` (natural); spaces, ``,`` and ``|`` separate
                them. One string, so ``#`` is an error, not a comment as in a file.
            tails: how a streak pushed up by an older tail goes on: ``"straight"`` or
                ``"drop-back"`` (docs/rules/roads.md shows both).

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

        A journal's board is marked as its table marks its coups.

        Returns:
            The board.

        Raises:
            roads.FormatError: the content is not hands, or contradicts the extension.
            roads.ParseError: the content cannot be read (names where).
        """
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
        roads = board.roads
        for count, hand in enumerate(hands, start=1):
            roads.add(hand)
            if count % _CHECK_EVERY == 0:
                check_size(roads, road=road, columns=columns)
        check_size(roads, road=road, columns=columns)
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
        """A shoe dealt from a shuffled shoe (see ``Shoe``).

        Parameters:
            decks: decks in the shoe, 1 to 8.
            seed: the shuffle's seed (None: a fresh random one); the same seed and ``index``
                deal the same shoe on every machine.
            cut_card: cards behind the cut card.
            index: which shoe of the seed's sequence (``roads simulate --shoes`` deals 0, 1 ...).
            tails: ``"straight"`` or ``"drop-back"``, as in ``from_notation``.
            shuffle: how the seed orders the cards: ``"philox"`` (None:
                the default), or ``"shake-sort"`` to deal again the shoe a seed dealt before
                ``philox``.

        Returns:
            The board.
        """
        from roads.game.shoe import Shoe
        from roads.game.shuffles import DEFAULT_SHUFFLE, check_shuffle

        shoe = Shoe(decks, cut_card, DEFAULT_SHUFFLE if shuffle is None else check_shuffle(shuffle))
        return cls.from_coups(shoe.deal(seed, index).coups, tails=tails)

    # -- the roads: each member reads or changes ``roads`` (``roads.grids.roads.Roads``) -------
    # A lone ``int`` parameter is told in the summary: a Parameters table without a link scrolls
    # on a phone with nothing to focus (tests/pages/test_pages_axe.py).

    @property
    def tails(self) -> Tails:
        """How a streak that has turned right is drawn: ``straight`` or ``drop-back``."""
        return self.roads.tails

    @property
    def table(self) -> Table:
        """The table whose marks the cells carry."""
        return self.roads.table

    def set_table(self, table: Table) -> None:
        """Mark the cells as ``table`` does (the roads themselves do not change).

        Parameters:
            table: the table (see Tables below).
        """
        self.roads.set_table(table)

    def marks_of(self, index: int) -> tuple[str, ...]:
        """The table's marks hand ``index`` (0-based) carries, in the table's order."""
        return self.roads.marks_of(index)

    def add(self, hand: Hand) -> None:
        """Add the next hand, in O(1).

        Parameters:
            hand: the hand.
        """
        self.roads.add(hand)

    def undo(self) -> Hand:
        """Remove the last hand and return it. Raises IndexError when there is none."""
        return self.roads.undo()

    @property
    def hands(self) -> Sequence[Hand]:
        """Every hand added, in order, ties included (RoadsError without ``keep_hands``)."""
        return self.roads.hands

    def hand(self, index: int) -> Hand:
        """The hand at ``index`` (0-based; negative from the end), in O(1). Raises IndexError
        when there is none, RoadsError as ``hands`` does."""
        return self.roads.hand(index)

    def __len__(self) -> int:
        return len(self.roads)

    @property
    def stats(self) -> Stats:
        """Counts of the hands: Banker, Player and Tie wins, pairs and naturals."""
        return self.roads.stats

    @property
    def bead_plate(self) -> tuple[BeadCell, ...]:
        """One cell per hand, ties included: hand ``i`` at column ``i // 6``, row ``i % 6``."""
        return self.roads.bead_plate

    @property
    def big_road(self) -> tuple[BigRoadCell, ...]:
        """One entry per Banker or Player hand, carrying the ties drawn on it, placed by streak
        with dragon tails (docs/rules/roads.md)."""
        return self.roads.big_road

    @property
    def big_eye_boy(self) -> tuple[DerivedCell, ...]:
        """The marks of Big Eye Boy (comparing each streak with the one before), in order."""
        return self.roads.big_eye_boy

    @property
    def small_road(self) -> tuple[DerivedCell, ...]:
        """The marks of Small Road (comparing with the streak two before), in order."""
        return self.roads.small_road

    @property
    def cockroach_pig(self) -> tuple[DerivedCell, ...]:
        """The marks of Cockroach Pig (comparing with the streak three before), in order."""
        return self.roads.cockroach_pig

    def cells(self, road: Road) -> tuple[Cell, ...]:
        """The cells of ``road`` (``Road``), in order."""
        return self.roads.cells(road)

    def iter_bead_plate(self) -> Iterator[BeadCell]:
        """The bead plate's cells one by one, built as they are read (for very long shoes)."""
        return self.roads.iter_bead_plate()

    def iter_big_road(self) -> Iterator[BigRoadCell]:
        """The big road's cells one by one, built as they are read."""
        return self.roads.iter_big_road()

    def iter_cells(self, road: Road) -> Iterable[Cell]:
        """The cells of ``road`` in order: the road's tuple where it is already built (a
        board drawing it built it), else one by one as they are read, none held.

        Parameters:
            road: the road.
        """
        return self.roads.iter_cells(road)

    def iter_derived(self, k: int) -> Iterator[DerivedCell]:
        """The cells of derived road ``k`` (1 Big Eye Boy, 2 Small Road, 3 Cockroach Pig)."""
        return self.roads.iter_derived(k)

    def iter_derived_fields(self, k: int) -> Iterator[tuple[int, int, int, int, Colour]]:
        """``iter_derived``'s cells as tuples of their fields, in the order of
        ``DerivedCell``'s: col, row, streak, depth, colour (cheaper than the cells)."""
        return self.roads.iter_derived_fields(k)

    def bead_cell(self, i: int) -> BeadCell:
        """The bead plate's cell of hand ``i`` (0-based), in O(1)."""
        return self.roads.bead_cell(i)

    @property
    def codes(self) -> bytes:
        """One byte per hand, in order: hands with the same byte have the same outcome, flags
        and marks, so the same bead plate cell but for its place (``bead_cell``)."""
        return self.roads.codes

    def marks(self) -> tuple[int, ...]:
        """How many cells each road holds, in ``Road`` order, counted without building them."""
        return self.roads.marks()

    @property
    def streak_lengths(self) -> tuple[int, ...]:
        """The length of every logical big-road streak, in order."""
        return self.roads.streak_lengths

    @property
    def ask(self) -> Ask:
        """The marks each derived road would gain from a Banker, or a Player, coup next."""
        return self.roads.ask

    def widths(self) -> tuple[int, ...]:
        """How many columns each road fills (as ``marks``, in the same order), in O(1)."""
        return self.roads.widths()

    def width(self, road: Road | str) -> int:
        """How many columns a road fills, in O(1).

        Parameters:
            road: a ``Road`` or its name.
        """
        return self.roads.width(road)

    def last_columns(self, road: Road | str, columns: int) -> tuple[Cell, ...]:
        """The cells of a road in its last columns, in order, as in the road's own tuple: what
        a table display shows as it scrolls, at the cost of the cells returned.

        Parameters:
            road: a ``Road`` or its name.
            columns: how many columns, at least 1.
        """
        return self.roads.last_columns(road, columns)

    # -- exports -------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The JSON export, schema ``roads/1`` (docs/export.md): the hands, every road's cells,
        the statistics and the ask road."""
        from roads.grids import export  # the batch writers: not imported to draw a board

        return export.export_json(self.roads)

    def to_csv(self) -> str:
        """Every cell of every road, one CSV row each, with a ``road`` column (docs/export.md)."""
        from roads.grids import export

        return export.export_csv(self.roads)

    def to_text(self, *, ansi: bool = False, columns: int | None = None, lang: str = "en") -> str:
        """The board as text: with ANSI colours if ``ansi``; the last ``columns`` columns of
        each road (None: all); names in ``lang`` (``"en"``, ``"zh"``, ``"zh-hant"``)."""
        from roads.drawing.text import board_text

        return board_text(self.roads, ansi=ansi, columns=columns, lang=lang)

    # -- pictures ------------------------------------------------------------------------------

    def options(
        self, *, options: BoardOptions | None = None, **drawing: Unpack[Drawing]
    ) -> BoardOptions:
        """The drawing options: ``options`` (default ``board_options``) with each keyword of
        ``drawing`` given (and not None) replacing its field (see ``Drawing``).

        Returns:
            One frozen ``BoardOptions``.
        """
        changes: dict[str, Any] = {
            name: value for name, value in drawing.items() if value is not None
        }
        base = options if options is not None else self.board_options
        return replace(base, **changes) if changes else base

    def scene(self, *, options: BoardOptions | None = None, **drawing: Unpack[Drawing]) -> Scene:
        """The backend-neutral Scene of the board.

        Parameters:
            options: drawing options to start from (``BoardOptions``).
            **drawing: fields of ``options`` to replace, by name (``Drawing``: ``road``,
                ``columns``, ``lang``, ``theme``, ``label``, ``title``, ``transparent``,
                ``layout``, ``with_bead_plate``).

        Returns:
            The Scene, for any backend (docs/development.md shows how to add one).
        """
        from roads.drawing.board import draw_board

        return draw_board(self.roads, self.options(options=options, **drawing))

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
        return cast(str, render(scene, "svg", scale, None, text_as_paths))

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
        return cast(bytes, render(scene, "png", scale, dpi))

    def save(
        self,
        target: str | os.PathLike[str] | IO[bytes] | IO[str],
        *,
        format: str | None = None,
        scale: float = 1.0,
        dpi: float | None = None,
        options: BoardOptions | None = None,
        text_as_paths: bool = False,
        paper: Paper | None = None,
        **drawing: Unpack[Drawing],
    ) -> None:
        """Write the board as SVG, PNG, PDF or any other registered format.

        Parameters:
            target: a path (``"-"``: standard output), replaced only once the picture is
                made; or an open file: binary for any format, text for SVG only.
            format: ``"svg"``, ``"png"`` or ``"pdf"``; None: from the extension of the path (or
                of the file's ``name``), SVG for standard output. A format that contradicts the
                extension is refused.
            scale: size, times the natural size.
            dpi: resolution written into a PNG (default 96 x ``scale``); an SVG is drawn to
                scale and carries none, so it is ignored there.
            options: as in ``scene``.
            text_as_paths: an SVG's text drawn as outlines (as in ``svg``); no effect on PNG
                or PDF (whose text stays text).
            paper: the paper a PDF is printed on (a ``Paper``: A4 or Letter, and margins; None:
                a page the board's size); the other formats have none.
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
            scale=checked_scale(scale),
            dpi=dpi,
            text_as_paths=text_as_paths,
            paper=paper,
        )

    # -- notebooks and the console --------------------------------------------------------------

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_png_(self) -> bytes:
        return self.png()

    def _repr_html_(self) -> str:
        from html import escape

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
        if not isinstance(other, Scoreboard):
            return NotImplemented
        return self.hands == other.hands and self.tails is other.tails

    __hash__ = None  # type: ignore[assignment]  # a board changes as hands are added
