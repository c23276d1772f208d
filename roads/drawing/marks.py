"""How each mark looks: the shapes of one road's cell, drawn in the cell whose top-left corner
is (x, y). Where a mark goes is the model's (``roads.grids``); this module only paints it."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from roads.drawing.fonts import metrics
from roads.drawing.scene import Circle, Line, Rect, Shape, Text
from roads.drawing.sizes import CELL, HALF
from roads.drawing.themes import Theme
from roads.game.coup import Outcome
from roads.grids.cells import BeadCell, BigRoadCell, Cell, Colour, DerivedCell
from roads.grids.road import DERIVED, Road
from roads.grids.roads import Roads
from roads.translations import Labels

MEANING = {Outcome.BANKER: "banker", Outcome.PLAYER: "player", Outcome.TIE: "tie"}
"""The SVG class of each outcome's marks."""
COLOUR_CLASS = {Colour.RED: "red", Colour.BLUE: "blue"}
BADGES = {"super_6": "6", "dragon_7": "7", "panda_8": "8"}
"""What each table mark shows in its badge (``roads.grids.cells``' ``marks``, the names of the
table rules): the total it is named after, as live tables write it in the cell. A mark not
listed here is not drawn."""
BADGE = 0.23
"""Radius of a table mark's badge, as a share of the cell's side."""
LEAST_BADGE = 4.5
"""The smallest radius of a badge, so that its figure stays legible in small cells."""
LEAST_LABEL = 10.5
"""The smallest size a bead's letter is set in, so a Chinese character stays legible in small
cells (a lobby thumbnail, a wall): it grows to at most LABEL_SHARE of the cell."""
LABEL_SHARE = 0.75
_BEAD_PLATE, _BIG_ROAD = Road.BEAD_PLATE.slug, Road.BIG_ROAD.slug
"""The classes of the bead plate's and the big road's marks."""


class MarkPainter:
    """The shapes of the marks of ``roads``, in ``theme`` with ``labels``' letters; ``label``
    is the bead plate's label kind (``"outcome"`` or ``"total"``)."""

    def __init__(self, roads: Roads, *, theme: Theme, labels: Labels, label: str) -> None:
        self.roads = roads
        self.theme = theme
        self.labels = labels
        self.label = label
        banker, player, tie = Outcome.BANKER, Outcome.PLAYER, Outcome.TIE
        # Each looked up for every mark: made once.
        self._colours = {banker: theme.banker, player: theme.player, tie: theme.tie}
        self._label_colours = {
            banker: theme.on_banker or theme.on_mark,
            player: theme.on_player or theme.on_mark,
            tie: theme.on_tie or theme.on_mark,
        }
        self._letters = {banker: labels.banker, player: labels.player, tie: labels.tie}

    def cell_shapes(self, road: str, cell: Cell, x: float, y: float, size: float) -> list[Shape]:
        """The shapes of ``cell`` of ``road`` in the cell of side ``size`` at (x, y)."""
        if isinstance(cell, DerivedCell):
            return self.derived(road, cell.colour, x, y, size=size)
        if isinstance(cell, BeadCell):
            shapes = list(self.bead(cell.outcome, cell.hand, x, y, size))
            kind, rim = _BEAD_PLATE, 0.44 * size
        else:
            shapes = list(self.ring(cell.outcome, cell.ties, x, y, size))
            kind, rim = _BIG_ROAD, 0.36 * size
        # Most cells carry no dot and no badge: their painters are not asked.
        if cell.banker_pair or cell.player_pair or cell.natural:
            shapes.extend(self.flags(kind, x, y, size, rim, cell))
        if cell.marks:
            shapes.extend(self.badges(kind, x, y, size, cell.marks))
        return shapes

    def outcome_colour(self, outcome: Outcome) -> str:
        """The colour of ``outcome``'s marks."""
        return self._colours[outcome]

    def label_colour(self, outcome: Outcome) -> str:
        """The colour of a letter drawn on ``outcome``'s disc."""
        return self._label_colours[outcome]

    def letter(self, outcome: Outcome) -> str:
        """The outcome's letter (or character) in the board's language."""
        return self._letters[outcome]

    def bead(
        self, outcome: Outcome, index: int, x: float, y: float, cell: float = CELL
    ) -> tuple[Shape, ...]:
        cx, cy = x + cell / 2, y + cell / 2
        label = self._bead_label(outcome, index)
        size = (12.0 if len(label) == 1 else 10.0) * cell / CELL
        size = max(size, min(LEAST_LABEL, LABEL_SHARE * cell))
        return (
            Circle(
                cx,
                cy,
                0.44 * cell,
                fill=self.outcome_colour(outcome),
                classes=("mark", _BEAD_PLATE, MEANING[outcome]),
            ),
            Text(
                cx,
                cy + metrics().centre_baseline(label, size),
                label,
                size,
                self.label_colour(outcome),
                anchor="middle",
                classes=("label", _BEAD_PLATE),
            ),
        )

    def _bead_label(self, outcome: Outcome, index: int) -> str:
        if self.label == "total":
            totals = self.roads.hand(index).totals  # from the cards, or given without them
            if totals is not None:
                return str(totals[1] if outcome is Outcome.BANKER else totals[0])
        return self.letter(outcome)

    def ring(
        self, outcome: Outcome, ties: int, x: float, y: float, cell: float = CELL
    ) -> tuple[Shape, ...]:
        cx, cy = x + cell / 2, y + cell / 2
        shapes: list[Shape] = [
            Circle(
                cx,
                cy,
                0.34 * cell,
                stroke=self.outcome_colour(outcome),
                stroke_width=0.11 * cell,
                classes=("mark", _BIG_ROAD, MEANING[outcome]),
            )
        ]
        if self.theme.shapes and outcome is Outcome.PLAYER:
            shapes.append(
                Circle(cx, cy, 0.13 * cell, fill=self.theme.player, classes=("shape", _BIG_ROAD))
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
                    classes=("tie-slash", _BIG_ROAD),
                )
            )
        if ties > 1:
            shapes.extend(self._tie_count(ties, cx, cy, cell))
        return tuple(shapes)

    def _tie_count(self, ties: int, cx: float, cy: float, cell: float) -> tuple[Shape, ...]:
        """How many ties a big-road cell holds, in dark figures on a plate of the panel's colour
        rimmed in the tie colour, over the middle of the slash: legible at scale 1."""
        count = str(ties)
        size = (9.5 if len(count) > 1 else 11.0) * cell / CELL
        half = max(0.25 * cell, metrics().width(count, size) / 2 + 0.06 * cell)
        tall = 0.25 * cell
        theme = self.theme
        return (
            Rect(
                cx - half,
                cy - tall,
                2 * half,
                2 * tall,
                fill=theme.panel,
                stroke=theme.tie,
                stroke_width=max(1.0, 0.04 * cell),
                radius=tall,
                classes=("tie-plate", _BIG_ROAD),
            ),
            Text(
                cx,
                cy + metrics().centre_baseline(count, size),
                count,
                size,
                theme.text,
                anchor="middle",
                classes=("tie-count", _BIG_ROAD),
            ),
        )

    def flags(
        self, road: str, x: float, y: float, cell: float, rim: float, flags: BeadCell | BigRoadCell
    ) -> Iterator[Shape]:
        """Pair dots (red top-left, blue bottom-right) and the natural dot (top-right; a square
        where the theme tells marks apart by shape)."""
        cx, cy, offset = x + cell / 2, y + cell / 2, rim * 0.7071
        radius, halo = 0.12 * cell, self.theme.halo
        for present, dx, dy, colour, kind in (
            (flags.banker_pair, -offset, -offset, self.theme.banker, "banker-pair"),
            (flags.player_pair, offset, offset, self.theme.player, "player-pair"),
            (flags.natural, offset, -offset, self.theme.natural, "natural"),
        ):
            if present and kind == "natural" and self.theme.shapes:
                yield self.square(cx + dx, cy + dy, radius, colour, (kind, road))
            elif present:
                yield Circle(
                    cx + dx,
                    cy + dy,
                    radius,
                    fill=colour,
                    stroke=halo,
                    stroke_width=1.0,
                    classes=(kind, road),
                )

    def square(
        self, cx: float, cy: float, radius: float, colour: str, classes: tuple[str, ...]
    ) -> Rect:
        """A square of about a dot's area around (cx, cy), rimmed in the halo colour."""
        half = 0.89 * radius
        return Rect(
            cx - half,
            cy - half,
            2 * half,
            2 * half,
            fill=colour,
            stroke=self.theme.halo,
            stroke_width=1.0,
            classes=classes,
        )

    def badges(
        self, road: str, x: float, y: float, cell: float, marks: tuple[str, ...]
    ) -> Iterator[Shape]:
        """The table marks of a cell (Super 6, Dragon 7, Panda 8): a badge in the text colour
        holding the total the mark is named after, in the cell's free bottom-left corner."""
        radius = max(BADGE * cell, LEAST_BADGE)
        cx, cy = x + radius + 0.5, y + cell - radius - 0.5
        # A second mark (no coup of the tables' rules carries two) sits beside the first.
        for index, mark in enumerate(mark for mark in marks if mark in BADGES):
            yield from self.badge(mark, cx + index * 2 * radius, cy, radius, (mark, road))

    def badge(
        self, mark: str, cx: float, cy: float, radius: float, classes: tuple[str, ...]
    ) -> tuple[Shape, ...]:
        """The badge of ``mark``: a disc of ``radius`` centred on (cx, cy), in the text colour,
        holding the mark's figure in the panel colour."""
        figure, theme = BADGES[mark], self.theme
        size = 1.9 * radius
        return (
            Circle(
                cx,
                cy,
                radius,
                fill=theme.text,
                stroke=theme.halo,
                stroke_width=1.0,
                classes=("badge", *classes),
            ),
            Text(
                cx,
                cy + metrics().centre_baseline(figure, size),
                figure,
                size,
                theme.panel,
                anchor="middle",
                classes=("badge-figure", *classes),
            ),
        )

    def derived(
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
        meaning = classes or ("mark", road, COLOUR_CLASS[colour])
        blue = self.theme.shapes and colour is Colour.BLUE
        return _PAINTERS[road][blue](road, paint, cx, cy, meaning, size)


_Painter = Callable[[str, str, float, float, tuple[str, ...], float], list[Shape]]
"""Paints a derived road's mark: given the road's slug, the colour, the cell's centre, the
mark's classes and the cell's side."""


def _ring(
    road: str, paint: str, cx: float, cy: float, classes: tuple[str, ...], size: float
) -> list[Shape]:
    return [Circle(cx, cy, 0.34 * size, stroke=paint, stroke_width=0.15 * size, classes=classes)]


def _dot(
    road: str, paint: str, cx: float, cy: float, classes: tuple[str, ...], size: float
) -> list[Shape]:
    return [Circle(cx, cy, 0.4 * size, fill=paint, classes=classes)]


def _slash(
    road: str, paint: str, cx: float, cy: float, classes: tuple[str, ...], size: float
) -> list[Shape]:
    reach = 0.3 * size
    return [
        Line(cx - reach, cy + reach, cx + reach, cy - reach, paint, 0.17 * size, classes=classes)
    ]


def _ringed_dot(
    road: str, paint: str, cx: float, cy: float, classes: tuple[str, ...], size: float
) -> list[Shape]:
    """A blue ring that differs from the red one in shape too: a ring around a dot."""
    return [
        *_ring(road, paint, cx, cy, classes, size),
        Circle(cx, cy, 0.13 * size, fill=paint, classes=("shape", road)),
    ]


def _holed_dot(
    road: str, paint: str, cx: float, cy: float, classes: tuple[str, ...], size: float
) -> list[Shape]:
    """A blue dot with a hole."""
    return [Circle(cx, cy, 0.28 * size, stroke=paint, stroke_width=0.24 * size, classes=classes)]


def _back_slash(
    road: str, paint: str, cx: float, cy: float, classes: tuple[str, ...], size: float
) -> list[Shape]:
    """A blue slash leaning the other way."""
    reach = 0.3 * size
    return [
        Line(cx - reach, cy - reach, cx + reach, cy + reach, paint, 0.17 * size, classes=classes)
    ]


_MARKS: dict[str, _Painter] = {"ring": _ring, "dot": _dot, "slash": _slash}
"""A derived road's mark, by its kind (``Road.mark``)."""
_BLUE_MARKS: dict[str, _Painter] = {"ring": _ringed_dot, "dot": _holed_dot, "slash": _back_slash}
"""A blue mark where the theme tells red and blue apart by shape too (``Theme.shapes``)."""
_PAINTERS = {road.slug: (_MARKS[road.mark], _BLUE_MARKS[road.mark]) for road in DERIVED}
"""Each derived road's painters, by its slug: its red and blue marks, and its blue one where the
theme tells them apart by shape."""
