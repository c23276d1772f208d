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
from roads.grids.cells import AskAnswer, BeadCell, BigRoadCell, Colour, DerivedCell
from roads.grids.placement import ROWS
from roads.grids.road import DERIVED as DERIVED_ROADS
from roads.grids.road import SLUGS, Road
from roads.grids.roads import Roads
from roads.translations import LANGUAGES, Labels

ROADS = SLUGS
"""The roads' slugs, in board order (``roads.grids.road.Road``)."""
DERIVED = tuple(road.slug for road in DERIVED_ROADS)
LABEL_KINDS = ("outcome", "total")

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
    """Colours: ``"casino"`` (light), ``"dark"`` or ``"print"`` (readable in grey-scale)."""
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

    def __post_init__(self) -> None:
        if self.road is not None:
            try:
                object.__setattr__(self, "road", Road.parse(self.road).slug)
            except ValueError as error:
                raise RoadsError(str(error)) from None
        if self.min_columns and len(self.min_columns) != len(ROADS):
            raise RoadsError(f"give min_columns for the {len(ROADS)} roads {', '.join(ROADS)}")
        if self.columns is not None and self.columns < 1:
            raise RoadsError(f"columns must be at least 1, not {self.columns}", about=("columns",))
        if self.lang not in LANGUAGES:
            raise RoadsError(f"no language {self.lang!r}: choose {', '.join(LANGUAGES)}")
        if self.title is not None and any(
            ord(char) < 32 or 0xFFFE <= ord(char) <= 0xFFFF for char in self.title
        ):
            raise RoadsError("the title holds a control character, which SVG cannot carry")
        if self.label not in LABEL_KINDS:
            raise RoadsError(f"no label kind {self.label!r}: choose {', '.join(LABEL_KINDS)}")
        theme_named(self.theme)


Cell = BeadCell | BigRoadCell | DerivedCell


@dataclass(slots=True)
class _Panel:
    road: str
    cell: float
    cells: list[tuple[int, int, Cell]] = field(default_factory=list)
    """(col, row, model cell) of each mark shown, col counted from the panel's first column."""
    cols: int = 0
    x: float = 0.0
    y: float = 0.0

    @property
    def width(self) -> float:
        return self.cols * self.cell

    @property
    def height(self) -> float:
        return ROWS * self.cell


def draw_board(roads: Roads, options: BoardOptions = BoardOptions()) -> Scene:
    """The Scene of ``roads`` as ``options`` say."""
    return _Board(roads, options).scene()


class _Board:
    def __init__(self, roads: Roads, options: BoardOptions) -> None:
        self.roads = roads
        self.options = options
        self.theme: Theme = theme_named(options.theme)
        self.labels: Labels = LANGUAGES[options.lang]
        self.shapes: list[Shape] = []

    # -- the whole picture -------------------------------------------------------------------

    def scene(self) -> Scene:
        title = self.options.title or self.labels.title
        if self.options.road is None:
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
                self.roads, columns=self.options.columns, lang=self.options.lang
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

    def _panel(self, road: str) -> _Panel:
        cells = getattr(self.roads, Road(road).attribute)
        used = max((cell.col for cell in cells), default=-1) + 1
        columns = self.options.columns
        first = max(0, used - columns) if columns else 0
        panel = _Panel(road, HALF if road in DERIVED else CELL)
        panel.cells = [(cell.col - first, cell.row, cell) for cell in cells if cell.col >= first]
        if len(panel.cells) > MOST_MARKS:
            raise RoadsError(
                f"the {road} would hold {len(panel.cells):,} marks, more than a picture should "
                f"({MOST_MARKS:,}): keep only the last columns",
                about=("columns",),
            )
        fewest = self.options.min_columns[ROADS.index(road)] if self.options.min_columns else 0
        panel.cols = columns if columns else max(MIN_COLUMNS[road], used, fewest)
        return panel

    def _draw_panel(self, panel: _Panel) -> None:
        theme = self.theme
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
            for depth, shape in enumerate(self._cell_shapes(panel.road, cell, x, y)):
                if depth == len(layers):
                    layers.append([])
                layers[depth].append(shape)
        for layer in layers:
            self.shapes.extend(sorted(layer, key=style_key))

    def _caption(self, road: str) -> str:
        return str(getattr(self.labels, Road(road).label_key))

    # -- marks, drawn in the cell whose top-left corner is (x, y) ------------------------------

    def _cell_shapes(self, road: str, cell: Cell, x: float, y: float) -> list[Shape]:
        if isinstance(cell, BeadCell):
            return [
                *self._bead(cell.outcome, cell.hand, x, y),
                *self._flags("bead-plate", x, y, CELL, 0.44 * CELL, cell),
            ]
        if isinstance(cell, BigRoadCell):
            return [
                *self._ring(cell.outcome, cell.ties, x, y),
                *self._flags("big-road", x, y, CELL, 0.36 * CELL, cell),
            ]
        return [self._derived_mark(road, cell.colour, x, y)]

    def _outcome_colour(self, outcome: Outcome) -> str:
        theme = self.theme
        return {Outcome.BANKER: theme.banker, Outcome.PLAYER: theme.player}.get(outcome, theme.tie)

    def _bead(self, outcome: Outcome, index: int, x: float, y: float) -> tuple[Shape, ...]:
        cx, cy = x + CELL / 2, y + CELL / 2
        label = self._bead_label(outcome, index)
        size = 12.0 if len(label) == 1 else 10.0
        return (
            Circle(
                cx,
                cy,
                0.44 * CELL,
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
            coup = self.roads.hands[index].coup
            if coup is not None:
                return str(coup.banker_total if outcome is Outcome.BANKER else coup.player_total)
        return self._letter(outcome)

    def _letter(self, outcome: Outcome) -> str:
        labels = self.labels
        return {Outcome.BANKER: labels.banker, Outcome.PLAYER: labels.player}.get(
            outcome, labels.tie
        )

    def _ring(self, outcome: Outcome, ties: int, x: float, y: float) -> tuple[Shape, ...]:
        cx, cy = x + CELL / 2, y + CELL / 2
        shapes: list[Shape] = [
            Circle(
                cx,
                cy,
                0.34 * CELL,
                stroke=self._outcome_colour(outcome),
                stroke_width=0.11 * CELL,
                classes=("mark", "big-road", _MEANING[outcome]),
            )
        ]
        if ties:
            reach = 0.3 * CELL
            shapes.append(
                Line(
                    cx - reach,
                    cy + reach,
                    cx + reach,
                    cy - reach,
                    self.theme.tie,
                    0.09 * CELL,
                    classes=("tie-slash", "big-road"),
                )
            )
        if ties > 1:
            count, size = str(ties), 10.0
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
        self, road: str, colour: Colour, x: float, y: float, classes: tuple[str, ...] = ()
    ) -> Shape:
        paint = self.theme.banker if colour is Colour.RED else self.theme.player
        cx, cy = x + HALF / 2, y + HALF / 2
        meaning = classes or ("mark", road, _COLOUR_CLASS[colour])
        if road == "big-eye-boy":
            return Circle(
                cx, cy, 0.34 * HALF, stroke=paint, stroke_width=0.15 * HALF, classes=meaning
            )
        if road == "small-road":
            return Circle(cx, cy, 0.4 * HALF, fill=paint, classes=meaning)
        reach = 0.3 * HALF
        return Line(
            cx - reach, cy + reach, cx + reach, cy - reach, paint, 0.17 * HALF, classes=meaning
        )

    # -- header: statistics that double as the legend ----------------------------------------

    def _stats_items(self) -> list[_Item]:
        stats, labels, theme = self.roads.stats, self.labels, self.theme
        return [
            _Item(f"{labels.coups} {stats.hands}", None, 0),
            _Item(f"{labels.banker_name} {stats.banker}", theme.banker, 5.0),
            _Item(f"{labels.player_name} {stats.player}", theme.player, 5.0),
            _Item(f"{labels.tie_name} {stats.tie}", theme.tie, 5.0),
            _Item(f"{labels.banker_pairs} {stats.banker_pair}", theme.banker, 3.0),
            _Item(f"{labels.player_pairs} {stats.player_pair}", theme.player, 3.0),
            _Item(f"{labels.naturals} {stats.natural}", theme.natural, 3.0),
        ]

    def _draw_items(self, items: Sequence[_Item], x: float, baseline: float) -> None:
        for item in items:
            if item.dot_colour is not None:
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
                    self.shapes.append(
                        self._derived_mark(
                            road, colour, mx, middle - HALF / 2, ("ask", road, colour.value)
                        )
                    )
                mx += HALF + 8
            x += width + GAP
        return y + height

    def _notice_lines(self) -> tuple[str, ...]:
        return self.labels.notice

    def _notice_width(self) -> float:
        return metrics().width("  ".join(self._notice_lines()), NOTICE_SIZE) + 32

    def _draw_notice(self, x: float, y: float, width: float) -> float:
        theme = self.theme
        lines = self._notice_lines()
        one_line = "  ".join(lines)
        if metrics().width(one_line, NOTICE_SIZE) + 32 <= width:
            lines = (one_line,)
        height = 12 + len(lines) * (NOTICE_SIZE + 6)
        self.shapes.append(
            Rect(x, y, width, height, fill=theme.notice_fill, radius=6.0, classes=("notice-band",))
        )
        baseline = y + 6 + NOTICE_SIZE * 0.95
        for line in lines:
            self._text(
                x + width / 2,
                baseline,
                line,
                NOTICE_SIZE,
                theme.notice_text,
                ("notice",),
                anchor="middle",
            )
            baseline += NOTICE_SIZE + 6
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
