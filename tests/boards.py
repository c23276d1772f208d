"""Boards and geometry shared by the drawing tests."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import cast

from roads.drawing.board import CELL, HALF
from roads.drawing.scene import Rect, Scene
from roads.game.coup import Outcome
from roads.grids.cells import BeadCell, BigRoadCell, Cell
from roads.grids.road import Road
from roads.grids.roads import Roads
from roads.hands.hand import Hand
from roads.scoreboard import Scoreboard

REALISTIC = (
    "PnTBPnTbBPnPnPnBBbBPPBPBnBbPpBBBpnBPPPPBnBnPPpnPTPPnPpPBBbpnTpBBnPnTPnBTbBBPnPTPbPbBBTbBnPB"
    "BpPpnPBnBBPPPPBPn"
)
DRAGON = "PBTBBBBBBBBBPPPTPPPPPPPBPB"


def board(notation: str = REALISTIC) -> Scoreboard:
    return Scoreboard.from_notation(notation)


def panel(scene: Scene, road: str) -> Rect:
    """The background rectangle of a road's grid."""
    for shape in scene.shapes:
        if isinstance(shape, Rect) and shape.classes == ("panel", road):
            return shape
    raise LookupError(road)


def cell_centre(scene: Scene, road: str, col: int, row: int) -> tuple[float, float]:
    size = HALF if road in ("big-eye-boy", "small-road", "cockroach-pig") else CELL
    box = panel(scene, road)
    return box.x + (col + 0.5) * size, box.y + (row + 0.5) * size


class MarkedRoads(Roads):
    """Roads whose bead-plate and big-road cells carry the table marks of ``marks`` (hand
    index: mark names), as the table rules will fill them from the cards: the drawing tests
    build the cells with their marks directly. A big-road cell carries its own coup's marks."""

    def __init__(self, hands: Iterable[Hand], marks: dict[int, tuple[str, ...]]) -> None:
        super().__init__(hands)
        self.table_marks = marks

    @classmethod
    def of(cls, notation: str, marks: dict[int, tuple[str, ...]]) -> MarkedRoads:
        return cls(Scoreboard.from_notation(notation).hands, marks)

    @classmethod
    def from_cards(cls, board: Scoreboard) -> MarkedRoads:
        """``board`` with every mark its cards give (``table_marks``)."""
        return cls(board.hands, table_marks(board))

    def _with_table_marks(self, cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
        marks = self.table_marks

        def marked(cell: Cell) -> Cell:
            if isinstance(cell, BeadCell):
                return dataclasses.replace(cell, marks=marks.get(cell.hand, ()))
            if isinstance(cell, BigRoadCell):
                return dataclasses.replace(cell, marks=marks.get(cell.hands[0], ()))
            return cell

        return tuple(map(marked, cells))

    @property
    def bead_plate(self) -> tuple[BeadCell, ...]:
        return cast("tuple[BeadCell, ...]", self._with_table_marks(super().bead_plate))

    @property
    def big_road(self) -> tuple[BigRoadCell, ...]:
        return cast("tuple[BigRoadCell, ...]", self._with_table_marks(super().big_road))

    def last_columns(self, road: Road | str, columns: int) -> tuple[Cell, ...]:
        return self._with_table_marks(super().last_columns(road, columns))


def table_marks(board: Scoreboard) -> dict[int, tuple[str, ...]]:
    """The marks the table rules give each coup of ``board`` whose cards are known, under both the
    no-commission and the EZ rules (for pictures that show every mark)."""
    found: dict[int, tuple[str, ...]] = {}
    for index, hand in enumerate(board.hands):
        coup = hand.coup
        if coup is None:
            continue
        marks = []
        if coup.outcome is Outcome.BANKER and coup.banker_total == 6:
            marks.append("super_6")
        if (
            coup.outcome is Outcome.BANKER
            and coup.banker_total == 7
            and len(coup.banker_cards) == 3
        ):
            marks.append("dragon_7")
        if (
            coup.outcome is Outcome.PLAYER
            and coup.player_total == 8
            and len(coup.player_cards) == 3
        ):
            marks.append("panda_8")
        if marks:
            found[index] = tuple(marks)
    return found
