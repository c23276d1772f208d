"""Boards and geometry shared by the drawing tests."""

from __future__ import annotations

from roads.drawing.board import CELL, HALF
from roads.drawing.scene import Rect, Scene
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
