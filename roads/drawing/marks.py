"""How each mark looks: the shapes of one road's cell, drawn in the cell whose top-left corner
is (x, y). Where a mark goes is the model's (``roads.grids``); this module only paints it."""

from __future__ import annotations

from collections.abc import Iterator

from roads.drawing.fonts import metrics
from roads.drawing.scene import Circle, Line, Shape, Text
from roads.drawing.sizes import CELL, HALF
from roads.drawing.themes import Theme
from roads.game.coup import Outcome
from roads.grids.cells import BeadCell, BigRoadCell, Cell, Colour
from roads.grids.road import Road
from roads.grids.roads import Roads
from roads.translations import Labels

MEANING = {Outcome.BANKER: "banker", Outcome.PLAYER: "player", Outcome.TIE: "tie"}
"""The SVG class of each outcome's marks."""
COLOUR_CLASS = {Colour.RED: "red", Colour.BLUE: "blue"}


class MarkPainter:
    """The shapes of the marks of ``roads``, in ``theme`` with ``labels``' letters; ``label``
    is the bead plate's label kind (``"outcome"`` or ``"total"``)."""

    def __init__(self, roads: Roads, *, theme: Theme, labels: Labels, label: str) -> None:
        self.roads = roads
        self.theme = theme
        self.labels = labels
        self.label = label

    def cell_shapes(self, road: str, cell: Cell, x: float, y: float, size: float) -> list[Shape]:
        """The shapes of ``cell`` of ``road`` in the cell of side ``size`` at (x, y)."""
        if isinstance(cell, BeadCell):
            return [
                *self.bead(cell.outcome, cell.hand, x, y, size),
                *self.flags("bead-plate", x, y, size, 0.44 * size, cell),
            ]
        if isinstance(cell, BigRoadCell):
            return [
                *self.ring(cell.outcome, cell.ties, x, y, size),
                *self.flags("big-road", x, y, size, 0.36 * size, cell),
            ]
        return self.derived(road, cell.colour, x, y, size=size)

    def outcome_colour(self, outcome: Outcome) -> str:
        theme = self.theme
        return {Outcome.BANKER: theme.banker, Outcome.PLAYER: theme.player}.get(outcome, theme.tie)

    def letter(self, outcome: Outcome) -> str:
        """The outcome's letter (or character) in the board's language."""
        labels = self.labels
        return {Outcome.BANKER: labels.banker, Outcome.PLAYER: labels.player}.get(
            outcome, labels.tie
        )

    def bead(
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
                fill=self.outcome_colour(outcome),
                classes=("mark", "bead-plate", MEANING[outcome]),
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
        if self.label == "total":
            coup = self.roads.hand(index).coup
            if coup is not None:
                return str(coup.banker_total if outcome is Outcome.BANKER else coup.player_total)
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
                classes=("mark", "big-road", MEANING[outcome]),
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

    def flags(
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
