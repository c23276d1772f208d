"""The scoreboard as a Scene: where each panel, mark, label and the notice go.

Layout (board units; one unit is one pixel at scale 1)::

    title
    statistics (they double as the legend of pair and natural marks)
    [bead plate]   [big road ..................................]
    [Big Eye Boy]        [Small Road]        [Cockroach Pig]      <- half-size cells
    ask road: if the next coup is Banker ... / Player ...
    [ notice: past results do not predict the next hand ]

Grids come from the model only; nothing here decides where a mark goes, only how it looks.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from roads.drawing.fonts import metrics
from roads.drawing.scene import Circle, Grid, Line, Rect, Scene, Shape, Text
from roads.drawing.text import board_text
from roads.drawing.themes import Theme, theme_named
from roads.errors import RoadsError
from roads.game.coup import Outcome
from roads.grids.cells import AskAnswer, BeadCell, BigRoadCell, Cell, Colour
from roads.grids.placement import ROWS
from roads.grids.road import DERIVED as DERIVED_ROADS
from roads.grids.road import SLUGS, Road
from roads.grids.roads import Roads
from roads.translations import LANGUAGES, Labels

ROADS = SLUGS
"""The roads' slugs, in board order (``roads.grids.road.Road``)."""
DERIVED = tuple(road.slug for road in DERIVED_ROADS)
LABEL_KINDS = ("outcome", "total")
LAYOUTS = ("standard", "casino", "lobby")
"""standard: the derived roads in a row of their own; casino: as live tables show it, the
derived roads under the big road on its grid; lobby: a compact thumbnail of the big road."""

CELL = 24.0
"""Side of a bead-plate and big-road cell."""
HALF = CELL / 2
"""Side of a derived-road cell: two derived rows per big-road row."""
MARGIN = 20.0
GAP = 16.0
ROW_GAP = 14.0
CAPTION = 20.0
TITLE_SIZE = 20.0
TEXT_SIZE = 13.0
CAPTION_SIZE = 12.0
NOTICE_SIZE = 14.0
MOST_MARKS = 200_000
"""The most marks one road may draw: a board beyond this (about 200,000 coups) is no longer a
picture anyone can read, and would take gigabytes to draw."""
CASINO_BEAD = 14 * CELL / 6
"""Side of a bead-plate cell in the casino layout: six of them span the big road, its three
derived roads and the two caption bands between them."""
LOBBY_CELL = 16.0
"""Side of a big-road (and bead-plate) cell in a lobby thumbnail."""
LOBBY_MARGIN = 12.0
LOBBY_NOTICE_SIZE = 12.0
LOBBY_MIN_COLUMNS = 20
MIN_COLUMNS = {
    "bead-plate": 8,
    "big-road": 24,
    "big-eye-boy": 16,
    "small-road": 16,
    "cockroach-pig": 16,
}


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
    ``"zh-hant"`` (traditional)."""
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
        if self.lang not in LANGUAGES:
            raise RoadsError(f"no language {self.lang!r}: choose {', '.join(LANGUAGES)}")
        if self.title is not None and any(
            ord(char) < 32 or 0xFFFE <= ord(char) <= 0xFFFF for char in self.title
        ):
            raise RoadsError("the title holds a control character, which SVG cannot carry")
        if self.label not in LABEL_KINDS:
            raise RoadsError(f"no label kind {self.label!r}: choose {', '.join(LABEL_KINDS)}")
        theme_named(self.theme)


@dataclass(slots=True)
class _Panel:
    road: str
    cell: float
    cells: list[tuple[int, int, Cell]] = field(default_factory=list)
    """(col, row, model cell) of each mark shown, col counted from the panel's first column."""
    cols: int = 0
    x: float = 0.0
    y: float = 0.0
    caption: bool = True
    major: float = 0.0
    """Side of the cells of a second, stronger grid drawn over the first (0: none): the
    casino layout shows the big road's cells through the derived roads' half-size ones."""

    @property
    def width(self) -> float:
        return self.cols * self.cell

    @property
    def height(self) -> float:
        return ROWS * self.cell


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
    return _Board(roads, options).scene()


class _Board:
    def __init__(self, roads: Roads, options: BoardOptions, *, notice: bool = True) -> None:
        self.roads = roads
        self.options = options
        self.theme: Theme = theme_named(options.theme)
        self.labels: Labels = LANGUAGES[options.lang]
        self.shapes: list[Shape] = []
        self.notice = notice
        """Whether to draw the notice (a wall of thumbnails draws one for all)."""
        self.big_columns = 0
        """How many columns the big road was drawn with."""

    # -- the whole picture -------------------------------------------------------------------

    def scene(self) -> Scene:
        title = self.options.title or self.labels.title
        if self.options.layout == "casino":
            width, height = self._casino_board(title)
        elif self.options.layout == "lobby":
            width, height = self._lobby_board(title)
        elif self.options.road is None:
            width, height = self._full_board(title)
        else:
            width, height = self._one_road(self.options.road, title if self.options.title else "")
        background = None if self.options.transparent else self.theme.background
        return Scene(
            width=width,
            height=height,
            background=background,
            shapes=tuple(self.shapes),
            title=title,
            description=board_text(
                self.roads,
                columns=self.options.columns or self.options.max_columns,
                lang=self.options.lang,
            ),
            language=self.options.lang,
        )

    def _full_board(self, title: str) -> tuple[float, float]:
        panels = {road: self._panel(road) for road in ROADS}
        bead, big = panels["bead-plate"], panels["big-road"]
        derived = [panels[road] for road in DERIVED]
        derived_cols = max(panel.cols for panel in derived)
        stats = self._stats_items()
        width: float = math.ceil(
            max(
                bead.width + GAP + big.width,
                3 * derived_cols * HALF + 2 * GAP,
                _items_width(stats),
                self._ask_width(),
                self._notice_width(),
            )
        )
        # Stretch the big road and the derived roads so the panels share one right edge.
        big.cols = max(big.cols, int((width - bead.width - GAP) // CELL))
        for panel in derived:
            panel.cols = int((width - 2 * GAP) / 3 // HALF)
        width = max(width, bead.width + GAP + big.width, 3 * derived[0].width + 2 * GAP)

        y = MARGIN
        self._text(MARGIN, y + TITLE_SIZE * 0.8, title, TITLE_SIZE, self.theme.text, ("title",))
        y += TITLE_SIZE + 10
        self._draw_items(stats, MARGIN, y + TEXT_SIZE * 0.8)
        y += TEXT_SIZE + 16

        bead.x, bead.y = MARGIN, y + CAPTION
        big.x, big.y = MARGIN + width - big.width, y + CAPTION
        y += CAPTION + ROWS * CELL + ROW_GAP
        # Whole units between the derived roads, so their grid lines fall on whole pixels.
        step = derived[0].width + (width - 3 * derived[0].width) // 2
        for index, panel in enumerate(derived):
            panel.x = MARGIN + (index * step if index < 2 else width - panel.width)
            panel.y = y + CAPTION
        y += CAPTION + ROWS * HALF + ROW_GAP
        for panel in panels.values():
            self._draw_panel(panel)

        y = self._draw_ask(MARGIN, y)
        y = self._draw_notice(MARGIN, y + 10, width)
        return width + 2 * MARGIN, y + MARGIN

    def _header(self, title: str) -> float:
        """Draw the title and the statistics; the height they take from MARGIN."""
        y = MARGIN
        self._text(MARGIN, y + TITLE_SIZE * 0.8, title, TITLE_SIZE, self.theme.text, ("title",))
        y += TITLE_SIZE + 10
        self._draw_items(self._stats_items(), MARGIN, y + TEXT_SIZE * 0.8)
        return y + TEXT_SIZE + 16

    def _casino_board(self, title: str) -> tuple[float, float]:
        """Bead plate left; big road right with Big Eye Boy under it across its width, and Small
        Road and Cockroach Pig side by side under that, each half as wide: every derived grid
        line falls on the big road's grid (two derived cells to one big-road cell)."""
        keep, cap = self.options.columns, self.options.max_columns
        big_keep = keep + keep % 2 if keep else None
        big_cap = cap + cap % 2 if cap else None
        # With --columns N the bead plate, whose cells are larger, keeps a third as many, and
        # Big Eye Boy, in half-size cells across the big road's width, twice as many.
        bead = self._panel(
            Road.BEAD_PLATE.slug,
            cell=CASINO_BEAD,
            keep=max(1, round(keep / 3)) if keep else None,
            minimum=6,
            most=max(1, round(cap / 3)) if cap else None,
        )
        big = self._panel(Road.BIG_ROAD.slug, keep=big_keep, most=big_cap)
        beb = self._panel(
            Road.BIG_EYE_BOY.slug,
            keep=2 * big_keep if big_keep else None,
            minimum=0,
            most=2 * big_cap if big_cap else None,
        )
        small = self._panel(Road.SMALL_ROAD.slug, keep=big_keep, minimum=0, most=big_cap)
        pig = self._panel(Road.COCKROACH_PIG.slug, keep=big_keep, minimum=0, most=big_cap)
        header = max(_items_width(self._stats_items()), self._ask_width(), self._notice_width())
        cols = max(
            big.cols,
            -(-beb.cols // 2),
            small.cols,
            pig.cols,
            math.ceil((header - bead.width - GAP) / CELL),
        )
        cols += cols % 2  # Small Road and Cockroach Pig meet on a big-road grid line
        big.cols, beb.cols, small.cols, pig.cols = cols, 2 * cols, cols, cols
        width = bead.width + GAP + big.width

        y = self._header(title)
        bead.x, bead.y = MARGIN, y + CAPTION
        big.x, big.y = MARGIN + bead.width + GAP, y + CAPTION
        # One big-road row between the roads holds the captions, so the rows stay on its grid.
        beb.x, beb.y = big.x, big.y + big.height + CELL
        small.x, small.y = big.x, beb.y + beb.height + CELL
        pig.x, pig.y = big.x + small.width, small.y
        for panel in (beb, small, pig):
            panel.major = CELL
        for panel in (bead, big, beb, small, pig):
            self._draw_panel(panel)
        y = max(bead.y + bead.height, small.y + small.height) + ROW_GAP
        y = self._draw_ask(MARGIN, y)
        y = self._draw_notice(MARGIN, y + 10, width)
        return width + 2 * MARGIN, y + MARGIN

    def _lobby_board(self, title: str) -> tuple[float, float]:
        """A thumbnail: the title and the counts on one line, the big road (and the bead plate,
        if asked) in small cells, and the notice on a line of its own."""
        theme, margin = self.theme, LOBBY_MARGIN
        panels = []
        if self.options.with_bead_plate:
            panels.append(self._panel(Road.BEAD_PLATE.slug, cell=LOBBY_CELL, minimum=6))
        big = self._panel(Road.BIG_ROAD.slug, cell=LOBBY_CELL, minimum=LOBBY_MIN_COLUMNS)
        panels.append(big)
        stats = self._stats_items()[:4]
        title_width = metrics().width(title, TEXT_SIZE + 2)
        header = title_width + GAP + _items_width(stats) - _ITEM_GAP
        others = sum(panel.width + GAP for panel in panels[:-1])
        notice = self._notice_width(LOBBY_NOTICE_SIZE) if self.notice else 0.0
        width: float = math.ceil(max(header, others + big.width, notice))
        # Stretch the big road so the grids fill the line the title and the notice take.
        big.cols = max(big.cols, math.ceil((width - others) / LOBBY_CELL))
        width = others + big.width
        self.big_columns = big.cols

        y = margin
        baseline = y + (TEXT_SIZE + 2) * 0.8
        self._text(margin, baseline, title, TEXT_SIZE + 2, theme.text, ("title",))
        self._draw_items(stats, margin + title_width + GAP, baseline)
        y += TEXT_SIZE + 2 + 8
        # The big road alone needs no caption: a lobby shows nothing else.
        caption = CAPTION if len(panels) > 1 else 2.0
        x = margin
        for panel in panels:
            panel.x, panel.y, panel.caption = x, y + caption, len(panels) > 1
            x += panel.width + GAP
        big.x = margin + width - big.width
        for panel in panels:
            self._draw_panel(panel)
        y += caption + ROWS * LOBBY_CELL
        if self.notice:
            y = self._draw_notice(margin, y + 8, width, LOBBY_NOTICE_SIZE)
        return width + 2 * margin, y + margin

    def _one_road(self, road: str, title: str) -> tuple[float, float]:
        panel = self._panel(road)
        width: float = math.ceil(max(panel.width, self._notice_width()))
        y = MARGIN
        if title:
            self._text(MARGIN, y + TITLE_SIZE * 0.8, title, TITLE_SIZE, self.theme.text, ("title",))
            y += TITLE_SIZE + 10
        panel.x, panel.y = MARGIN, y + CAPTION
        if panel.width < width:
            panel.cols = int(width // panel.cell)
        self._draw_panel(panel)
        y += CAPTION + panel.height + ROW_GAP
        y = self._draw_notice(MARGIN, y, width)
        return width + 2 * MARGIN, y + MARGIN

    # -- panels ------------------------------------------------------------------------------

    def _panel(
        self,
        road: str,
        *,
        cell: float | None = None,
        keep: int | None = None,
        minimum: int | None = None,
        most: int | None = None,
    ) -> _Panel:
        """The marks of ``road`` in its last ``keep`` columns (default: ``columns``), in cells of
        side ``cell`` (default: the standard size), at least ``minimum`` columns wide, and at
        most ``most`` (default: ``max_columns``) where ``keep`` is not given either.

        Only the cells of the columns shown are read (``Roads.last_columns``): a window onto a
        long shoe costs what it holds."""
        roads, options = self.roads, self.options
        used = roads.width(road)
        columns = options.columns if keep is None else keep
        fewest = options.min_columns[ROADS.index(road)] if options.min_columns else 0
        least = MIN_COLUMNS[road] if minimum is None else minimum
        if columns:
            cols = columns
        else:
            cols = max(least, used, fewest)
            cap = options.max_columns if most is None else most
            if cap and cols > cap:
                cols = columns = cap
        first = max(0, used - columns) if columns else 0
        panel = _Panel(road, cell or (HALF if road in DERIVED else CELL))
        if columns:
            cells = roads.last_columns(road, columns)
        else:
            cells = getattr(roads, Road(road).attribute)
        panel.cells = [(cell.col - first, cell.row, cell) for cell in cells]
        if len(panel.cells) > MOST_MARKS:
            raise RoadsError(
                f"the {road} would hold {len(panel.cells):,} marks, more than a picture should "
                f"({MOST_MARKS:,}): keep only the last columns",
                about=("columns",),
            )
        panel.cols = cols
        return panel

    def _draw_panel(self, panel: _Panel) -> None:
        theme = self.theme
        if panel.caption:
            caption = self._caption(panel.road)
            self._text(panel.x, panel.y - 7, caption, CAPTION_SIZE, theme.muted, ("caption",))
        self.shapes.append(
            Rect(
                panel.x,
                panel.y,
                panel.width,
                panel.height,
                fill=theme.panel,
                classes=("panel", panel.road),
            )
        )
        self.shapes.append(
            Grid(
                panel.x,
                panel.y,
                panel.cols,
                ROWS,
                panel.cell,
                panel.cell,
                theme.grid,
                1.0,
                classes=("grid", panel.road),
            )
        )
        if panel.major:
            self.shapes.append(
                Grid(
                    panel.x,
                    panel.y,
                    round(panel.width / panel.major),
                    round(panel.height / panel.major),
                    panel.major,
                    panel.major,
                    theme.frame,
                    1.0,
                    classes=("grid-major", panel.road),
                )
            )
        self.shapes.append(
            Rect(
                panel.x,
                panel.y,
                panel.width,
                panel.height,
                stroke=theme.frame,
                stroke_width=1.0,
                classes=("frame", panel.road),
            )
        )
        # Marks are painted in layers (every disc, then every label, then every dot), each
        # layer grouped by style: cells never overlap, so the picture is the same, and the SVG
        # can share a style among many marks.
        layers: list[list[Shape]] = []
        for col, row, cell in panel.cells:
            x, y = panel.x + col * panel.cell, panel.y + row * panel.cell
            for depth, shape in enumerate(self._cell_shapes(panel.road, cell, x, y, panel.cell)):
                if depth == len(layers):
                    layers.append([])
                layers[depth].append(shape)
        for layer in layers:
            self.shapes.extend(sorted(layer, key=style_key))

    def _caption(self, road: str) -> str:
        return str(getattr(self.labels, Road(road).label_key))

    # -- marks, drawn in the cell whose top-left corner is (x, y) ------------------------------

    def _cell_shapes(self, road: str, cell: Cell, x: float, y: float, size: float) -> list[Shape]:
        if isinstance(cell, BeadCell):
            return [
                *self._bead(cell.outcome, cell.hand, x, y, size),
                *self._flags("bead-plate", x, y, size, 0.44 * size, cell),
            ]
        if isinstance(cell, BigRoadCell):
            return [
                *self._ring(cell.outcome, cell.ties, x, y, size),
                *self._flags("big-road", x, y, size, 0.36 * size, cell),
            ]
        return self._derived_mark(road, cell.colour, x, y, size=size)

    def _outcome_colour(self, outcome: Outcome) -> str:
        theme = self.theme
        return {Outcome.BANKER: theme.banker, Outcome.PLAYER: theme.player}.get(outcome, theme.tie)

    def _bead(
        self, outcome: Outcome, index: int, x: float, y: float, cell: float = CELL
    ) -> tuple[Shape, ...]:
        cx, cy = x + cell / 2, y + cell / 2
        label = self._bead_label(outcome, index)
        size = (12.0 if len(label) == 1 else 10.0) * cell / CELL
        return (
            Circle(
                cx,
                cy,
                0.44 * cell,
                fill=self._outcome_colour(outcome),
                classes=("mark", "bead-plate", _MEANING[outcome]),
            ),
            Text(
                cx,
                cy + metrics().centre_baseline(label, size),
                label,
                size,
                self.theme.on_mark,
                anchor="middle",
                classes=("label", "bead-plate"),
            ),
        )

    def _bead_label(self, outcome: Outcome, index: int) -> str:
        if self.options.label == "total":
            coup = self.roads.hand(index).coup
            if coup is not None:
                return str(coup.banker_total if outcome is Outcome.BANKER else coup.player_total)
        return self._letter(outcome)

    def _letter(self, outcome: Outcome) -> str:
        labels = self.labels
        return {Outcome.BANKER: labels.banker, Outcome.PLAYER: labels.player}.get(
            outcome, labels.tie
        )

    def _ring(
        self, outcome: Outcome, ties: int, x: float, y: float, cell: float = CELL
    ) -> tuple[Shape, ...]:
        cx, cy = x + cell / 2, y + cell / 2
        shapes: list[Shape] = [
            Circle(
                cx,
                cy,
                0.34 * cell,
                stroke=self._outcome_colour(outcome),
                stroke_width=0.11 * cell,
                classes=("mark", "big-road", _MEANING[outcome]),
            )
        ]
        if self.theme.shapes and outcome is Outcome.PLAYER:
            shapes.append(
                Circle(cx, cy, 0.13 * cell, fill=self.theme.player, classes=("shape", "big-road"))
            )
        if ties:
            reach = 0.3 * cell
            shapes.append(
                Line(
                    cx - reach,
                    cy + reach,
                    cx + reach,
                    cy - reach,
                    self.theme.tie,
                    0.09 * cell,
                    classes=("tie-slash", "big-road"),
                )
            )
        if ties > 1:
            count, size = str(ties), 10.0 * cell / CELL
            shapes.append(
                Text(
                    cx,
                    cy + metrics().centre_baseline(count, size),
                    count,
                    size,
                    self.theme.tie,
                    anchor="middle",
                    halo=self.theme.halo,
                    classes=("tie-count", "big-road"),
                )
            )
        return tuple(shapes)

    def _flags(
        self, road: str, x: float, y: float, cell: float, rim: float, flags: BeadCell | BigRoadCell
    ) -> Iterator[Shape]:
        """Pair dots (red top-left, blue bottom-right) and the natural dot (top-right)."""
        cx, cy, offset = x + cell / 2, y + cell / 2, rim * 0.7071
        radius, halo = 0.12 * cell, self.theme.halo
        for present, dx, dy, colour, kind in (
            (flags.banker_pair, -offset, -offset, self.theme.banker, "banker-pair"),
            (flags.player_pair, offset, offset, self.theme.player, "player-pair"),
            (flags.natural, offset, -offset, self.theme.natural, "natural"),
        ):
            if present:
                yield Circle(
                    cx + dx,
                    cy + dy,
                    radius,
                    fill=colour,
                    stroke=halo,
                    stroke_width=1.0,
                    classes=(kind, road),
                )

    def _derived_mark(
        self,
        road: str,
        colour: Colour,
        x: float,
        y: float,
        classes: tuple[str, ...] = (),
        size: float = HALF,
    ) -> list[Shape]:
        """The mark of ``road`` in the cell of side ``size`` at (x, y): its first shape carries
        ``classes`` (default: mark, road, colour)."""
        paint = self.theme.banker if colour is Colour.RED else self.theme.player
        cx, cy = x + size / 2, y + size / 2
        meaning = classes or ("mark", road, _COLOUR_CLASS[colour])
        if self.theme.shapes and colour is Colour.BLUE:
            return self._blue_mark(road, paint, cx, cy, meaning, size)
        if road == "big-eye-boy":
            return [
                Circle(cx, cy, 0.34 * size, stroke=paint, stroke_width=0.15 * size, classes=meaning)
            ]
        if road == "small-road":
            return [Circle(cx, cy, 0.4 * size, fill=paint, classes=meaning)]
        reach = 0.3 * size
        return [
            Line(
                cx - reach, cy + reach, cx + reach, cy - reach, paint, 0.17 * size, classes=meaning
            )
        ]

    def _blue_mark(
        self, road: str, paint: str, cx: float, cy: float, classes: tuple[str, ...], size: float
    ) -> list[Shape]:
        """A blue derived mark that differs from the red one in shape too: a Big Eye Boy ring
        around a dot, a Small Road dot with a hole, a Cockroach Pig slash leaning the other way."""
        if road == Road.BIG_EYE_BOY.slug:
            return [
                Circle(
                    cx, cy, 0.34 * size, stroke=paint, stroke_width=0.15 * size, classes=classes
                ),
                Circle(cx, cy, 0.13 * size, fill=paint, classes=("shape", road)),
            ]
        if road == Road.SMALL_ROAD.slug:
            return [
                Circle(cx, cy, 0.28 * size, stroke=paint, stroke_width=0.24 * size, classes=classes)
            ]
        reach = 0.3 * size
        return [
            Line(
                cx - reach, cy - reach, cx + reach, cy + reach, paint, 0.17 * size, classes=classes
            )
        ]

    # -- header: statistics that double as the legend ----------------------------------------

    def _stats_items(self) -> list[_Item]:
        stats, labels, theme = self.roads.stats, self.labels, self.theme
        return [
            _Item(f"{labels.coups} {stats.hands}", None, 0),
            _Item(f"{labels.banker_name} {stats.banker}", theme.banker, 5.0, Outcome.BANKER),
            _Item(f"{labels.player_name} {stats.player}", theme.player, 5.0, Outcome.PLAYER),
            _Item(f"{labels.tie_name} {stats.tie}", theme.tie, 5.0),
            _Item(f"{labels.banker_pairs} {stats.banker_pair}", theme.banker, 3.0),
            _Item(f"{labels.player_pairs} {stats.player_pair}", theme.player, 3.0),
            _Item(f"{labels.naturals} {stats.natural}", theme.natural, 3.0),
        ]

    def _draw_items(self, items: Sequence[_Item], x: float, baseline: float) -> None:
        for item in items:
            if item.dot_colour is not None and item.mark is not None and self.theme.shapes:
                cx, cy = x + item.dot, baseline - TEXT_SIZE * 0.36
                self.shapes.append(
                    Circle(
                        cx,
                        cy,
                        0.78 * item.dot,
                        stroke=item.dot_colour,
                        stroke_width=0.44 * item.dot,
                        classes=("legend",),
                    )
                )
                if item.mark is Outcome.PLAYER:
                    self.shapes.append(
                        Circle(cx, cy, 0.3 * item.dot, fill=item.dot_colour, classes=("legend",))
                    )
                x += 2 * item.dot + 5
            elif item.dot_colour is not None:
                self.shapes.append(
                    Circle(
                        x + item.dot,
                        baseline - TEXT_SIZE * 0.36,
                        item.dot,
                        fill=item.dot_colour,
                        classes=("legend",),
                    )
                )
                x += 2 * item.dot + 5
            self._text(x, baseline, item.text, TEXT_SIZE, self.theme.text, ("stat",))
            x += metrics().width(item.text, TEXT_SIZE) + _ITEM_GAP

    # -- ask road and notice -----------------------------------------------------------------

    def _ask_parts(self) -> list[tuple[str, Outcome, AskAnswer]]:
        ask = self.roads.ask
        return [
            (self.labels.if_banker, Outcome.BANKER, ask.banker),
            (self.labels.if_player, Outcome.PLAYER, ask.player),
        ]

    def _ask_width(self) -> float:
        width = metrics().width(self.labels.ask, CAPTION_SIZE) + GAP
        for text, _, _ in self._ask_parts():
            width += _pill_width(text) + GAP
        return width

    def _draw_ask(self, x: float, y: float) -> float:
        theme = self.theme
        height = 28.0
        middle = y + height / 2
        self._text(
            x,
            middle + metrics().centre_baseline(self.labels.ask, CAPTION_SIZE),
            self.labels.ask,
            CAPTION_SIZE,
            theme.muted,
            ("caption", "ask"),
        )
        x += metrics().width(self.labels.ask, CAPTION_SIZE) + GAP
        for text, outcome, answer in self._ask_parts():
            width = _pill_width(text)
            self.shapes.append(
                Rect(
                    x,
                    y,
                    width,
                    height,
                    fill=theme.panel,
                    stroke=theme.frame,
                    stroke_width=1.0,
                    radius=height / 2,
                    classes=("ask", _MEANING[outcome]),
                )
            )
            cx = x + 16
            self.shapes.append(
                Circle(cx, middle, 8.0, fill=self._outcome_colour(outcome), classes=("ask-icon",))
            )
            letter = self._letter(outcome)
            self._text(
                cx,
                middle + metrics().centre_baseline(letter, 10.0),
                letter,
                10.0,
                theme.on_mark,
                ("ask-icon",),
                anchor="middle",
            )
            tx = cx + 14
            self._text(
                tx,
                middle + metrics().centre_baseline(text, CAPTION_SIZE),
                text,
                CAPTION_SIZE,
                theme.text,
                ("ask",),
            )
            mx = tx + metrics().width(text, CAPTION_SIZE) + 10
            for road, colour in zip(DERIVED, answer, strict=True):
                if colour is None:
                    self.shapes.append(
                        Line(
                            mx + 3,
                            middle,
                            mx + HALF - 3,
                            middle,
                            theme.muted,
                            1.5,
                            classes=("ask-none", road),
                        )
                    )
                else:
                    self.shapes.extend(
                        self._derived_mark(
                            road, colour, mx, middle - HALF / 2, ("ask", road, colour.value)
                        )
                    )
                mx += HALF + 8
            x += width + GAP
        return y + height

    def _notice_lines(self) -> tuple[str, ...]:
        return self.labels.notice

    def _notice_width(self, size: float = NOTICE_SIZE) -> float:
        return metrics().width("  ".join(self._notice_lines()), size) + 32

    def _draw_notice(self, x: float, y: float, width: float, size: float = NOTICE_SIZE) -> float:
        theme = self.theme
        lines = self._notice_lines()
        one_line = "  ".join(lines)
        if metrics().width(one_line, size) + 32 <= width:
            lines = (one_line,)
        height = 12 + len(lines) * (size + 6)
        self.shapes.append(
            Rect(x, y, width, height, fill=theme.notice_fill, radius=6.0, classes=("notice-band",))
        )
        baseline = y + 6 + size * 0.95
        for line in lines:
            self._text(
                x + width / 2,
                baseline,
                line,
                size,
                theme.notice_text,
                ("notice",),
                anchor="middle",
            )
            baseline += size + 6
        return y + height

    def _text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        fill: str,
        classes: tuple[str, ...],
        anchor: str = "start",
    ) -> None:
        self.shapes.append(Text(x, y, text, size, fill, anchor=anchor, classes=classes))


@dataclass(frozen=True, slots=True)
class _Item:
    text: str
    dot_colour: str | None
    dot: float
    mark: Outcome | None = None
    """The big-road mark this item counts: where marks differ in shape, the legend shows it."""


_ITEM_GAP = 18.0
_MEANING = {Outcome.BANKER: "banker", Outcome.PLAYER: "player", Outcome.TIE: "tie"}
_COLOUR_CLASS = {Colour.RED: "red", Colour.BLUE: "blue"}


def style_key(shape: Shape) -> tuple[str, ...]:
    """What a shape shares with others that look alike, apart from where it is."""
    if isinstance(shape, Text):
        return ("text", shape.fill, str(shape.size), shape.anchor, shape.halo or "")
    if isinstance(shape, Line):
        return ("line", shape.stroke, str(shape.stroke_width))
    if isinstance(shape, Circle | Rect):
        return (type(shape).__name__, shape.fill or "", shape.stroke or "", str(shape.stroke_width))
    return ("grid", shape.stroke, str(shape.stroke_width))


def _items_width(items: Sequence[_Item]) -> float:
    return sum(
        (2 * item.dot + 5 if item.dot_colour else 0)
        + metrics().width(item.text, TEXT_SIZE)
        + _ITEM_GAP
        for item in items
    )


def _pill_width(text: str) -> float:
    return 16 + 14 + metrics().width(text, CAPTION_SIZE) + 10 + 3 * (HALF + 8) + 6
