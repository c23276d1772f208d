"""The scoreboard as a Scene: the drawing options, and the entry point that draws a board in
its layout (``roads.drawing.layouts``), its marks painted by ``roads.drawing.marks``.

Grids come from the model only; nothing here decides where a mark goes, only how it looks.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from roads.drawing import layouts
from roads.drawing.canvas import Canvas
from roads.drawing.scene import Scene
from roads.drawing.sizes import CELL, HALF, MOST_MARKS
from roads.drawing.text import board_text
from roads.drawing.themes import Theme, theme_named
from roads.errors import RoadsError
from roads.grids.road import DERIVED as DERIVED_ROADS
from roads.grids.road import SLUGS, Road
from roads.grids.roads import Roads
from roads.translations.tags import language

__all__ = [
    "CELL",
    "DERIVED",
    "HALF",
    "LABEL_KINDS",
    "LAYOUTS",
    "MOST_MARKS",
    "ROADS",
    "BoardOptions",
    "check_size",
    "draw_board",
    "draw_grid",
]

ROADS = SLUGS
"""The roads' slugs, in board order (``roads.grids.road.Road``)."""
DERIVED = tuple(road.slug for road in DERIVED_ROADS)
LABEL_KINDS = ("outcome", "total")
LAYOUTS = ("standard", "casino", "lobby")
"""standard: the derived roads in a row of their own; casino: as live tables show it, the
derived roads under the big road on its grid; lobby: a compact thumbnail of the big road."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardOptions:
    """What to draw and how; every field is a keyword, checked when the options are made."""

    road: str | None = None
    """One road alone, by its slug (``"big-road"``; see ``roads.grids.road.Road``); None: the
    full board."""
    columns: int | None = None
    """Keep the last ``columns`` columns of each road, as a table display scrolls; None: the
    whole shoe."""
    lang: str = "en"
    """Language of labels and road names: ``"en"``, ``"zh"`` (simplified Chinese) or
    ``"zh-hant"`` (traditional); any BCP 47 tag of them in any case (``"zh-TW"``) is read as
    one of these (``roads.translations.tags``)."""
    theme: str = "casino"
    """Colours: ``"casino"`` (light), ``"dark"``, ``"print"`` (readable in grey-scale) or
    ``"accessible"`` (for colour-blind readers: Banker, Player, red and blue marks differ in
    shape too)."""
    label: str = "outcome"
    """Bead-plate labels: ``"outcome"`` (B, P, T) or ``"total"`` (the winning total, where the
    cards are known)."""
    title: str | None = None
    """Title drawn at the top (None: "Baccarat scoreboard" in ``lang``)."""
    transparent: bool = False
    """No background: the picture shows through where nothing is drawn."""
    min_columns: tuple[int, ...] = ()
    """The fewest columns to draw of each road, in ROADS order (() for the usual minimum): an
    animation passes the whole shoe's, so every frame has the size of the last."""
    max_columns: int | None = None
    """Without ``columns``: the most columns to draw of each road (None: no limit). A road
    that needs more shows only its last ones, as with ``columns``; one that fits is drawn as
    without it. The live board sets it, so that a long shoe costs what a window of it holds."""
    layout: str = "standard"
    """How the roads are arranged, one of LAYOUTS: ``"standard"``, ``"casino"`` (as live tables
    show it) or ``"lobby"`` (a compact thumbnail of the big road)."""
    with_bead_plate: bool = False
    """Lobby layout only: show the bead plate left of the big road."""

    def __post_init__(self) -> None:
        if self.layout not in LAYOUTS:
            raise RoadsError(
                f"no layout {self.layout!r}: choose {', '.join(LAYOUTS)}", about=("layout",)
            )
        if self.road is not None:
            try:
                object.__setattr__(self, "road", Road.parse(self.road).slug)
            except ValueError as error:
                raise RoadsError(str(error)) from None
            if self.layout != "standard":
                raise RoadsError(
                    f"a road drawn alone has no {self.layout} layout: drop the road, or the layout",
                    about=("road", "layout"),
                )
        if self.with_bead_plate and self.layout != "lobby":
            raise RoadsError(
                "the bead plate is added to the lobby layout only: give layout 'lobby'",
                about=("with_bead_plate", "layout"),
            )
        if self.min_columns and len(self.min_columns) != len(ROADS):
            raise RoadsError(f"give min_columns for the {len(ROADS)} roads {', '.join(ROADS)}")
        if self.columns is not None and self.columns < 1:
            raise RoadsError(f"columns must be at least 1, not {self.columns}", about=("columns",))
        if self.max_columns is not None and self.max_columns < 1:
            raise RoadsError(
                f"max_columns must be at least 1, not {self.max_columns}", about=("max_columns",)
            )
        object.__setattr__(self, "lang", language(self.lang))
        if self.title is not None and any(
            ord(char) < 32 or 0xFFFE <= ord(char) <= 0xFFFF for char in self.title
        ):
            raise RoadsError("the title holds a control character, which SVG cannot carry")
        if self.title is not None:  # accents as one character each, as the fonts draw them
            object.__setattr__(self, "title", unicodedata.normalize("NFC", self.title))
        if self.label not in LABEL_KINDS:
            raise RoadsError(f"no label kind {self.label!r}: choose {', '.join(LABEL_KINDS)}")
        theme_named(self.theme)

    @property
    def palette(self) -> Theme:
        """The colours of ``theme``: where every drawing surface (board, report, charts, live
        page) resolves the theme's name, once, into the ``Theme`` it passes down."""
        return theme_named(self.theme)


def check_size(roads: Roads, *, road: str | None = None, columns: int | None = None) -> None:
    """Raise RoadsError as soon as a road to be drawn holds more than MOST_MARKS cells, which
    ``draw_board`` would refuse: a long input can be refused while it is still being read.

    ``road`` is the one road drawn (None: all five); ``columns`` keeps the last N columns, which
    bounds every road, so nothing is refused then.
    """
    if columns:
        return
    for name, marks in zip(ROADS, roads.marks(), strict=True):
        if (road is None or road == name) and marks > MOST_MARKS:
            raise RoadsError(
                f"the {name} would hold more than {MOST_MARKS:,} marks, more than a picture "
                "should: keep only the last columns",
                about=("columns",),
            )


def draw_board(roads: Roads, options: BoardOptions = BoardOptions()) -> Scene:
    """The Scene of ``roads`` as ``options`` say."""
    return draw_scene(Canvas(roads, options))


def draw_grid(
    roads: Roads, road: str, *, columns: int, options: BoardOptions = BoardOptions()
) -> Scene:
    """The Scene of one road's grid alone: its last ``columns`` columns, its marks and their
    labels, and no title, caption or notice, for a page that carries its own words and the
    notice (the live table display). Derived roads have half-size cells, as on every board.

    Parameters:
        roads: the board's roads.
        road: the road's slug (``ROADS``).
        columns: how many columns to show, the last ones (a fixed count, so the grid keeps its
            size as the shoe grows).
        options: the theme, the language and the bead-plate labels.
    """
    canvas = Canvas(roads, options, notice=False)
    cell = HALF if road in DERIVED else CELL
    width, height = layouts.grid_alone(canvas, road, columns, cell)
    return Scene(
        width=width,
        height=height,
        background=None,
        shapes=tuple(canvas.shapes),
        title=str(getattr(canvas.labels, Road(road).label_key)),
        description="",
        language=options.lang,
    )


def draw_scene(canvas: Canvas) -> Scene:
    """The Scene of ``canvas``'s roads in its options' layout, its shapes left in ``canvas``."""
    options = canvas.options
    title = options.title or canvas.labels.title
    if options.layout == "casino":
        width, height = layouts.casino_board(canvas, title)
    elif options.layout == "lobby":
        width, height = layouts.lobby_board(canvas, title)
    elif options.road is None:
        width, height = layouts.full_board(canvas, title)
    else:
        width, height = layouts.one_road(canvas, options.road, title if options.title else "")
    return Scene(
        width=width,
        height=height,
        background=None if options.transparent else canvas.theme.background,
        shapes=tuple(canvas.shapes),
        title=title,
        description=board_text(
            canvas.roads, columns=options.columns or options.max_columns, lang=options.lang
        ),
        language=options.lang,
    )
