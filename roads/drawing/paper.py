"""The paper a picture is printed on: its size (A4, Letter, or ``fit``: the page is the
picture), its margins, and where a picture lands on it.

A drawing option like the theme or the scale, shared by every command that draws (``--paper``
and ``--margin``); only formats with pages (PDF) use it. Lengths are millimetres here and
points (1/72 inch) on the page; a board unit is one CSS pixel, 1/96 inch, at scale 1.
"""

from __future__ import annotations

from roads.errors import RoadsError
from roads.values import frozen

MM_PER_INCH = 25.4
POINTS_PER_INCH = 72.0
UNITS_PER_INCH = 96.0
"""Board units per inch at scale 1: a PNG at scale 1 is 96 dpi."""
POINTS_PER_UNIT = POINTS_PER_INCH / UNITS_PER_INCH
"""A board unit on a page at scale 1, in points (0.75)."""

FIT = "fit"
SIZES: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
}
"""Each paper size, portrait, width and height in millimetres."""
PAPERS = (FIT, *SIZES)
"""What ``--paper`` takes: ``fit`` (the page is the picture), then the paper sizes."""
MARGIN = 10.0
"""The margin on every side of a paper page, in millimetres, unless another is asked for."""
MOST_MARGIN = 50.0


def mm_to_points(length: float) -> float:
    """``length`` millimetres in points."""
    return length * POINTS_PER_INCH / MM_PER_INCH


def mm_to_units(length: float) -> float:
    """``length`` millimetres in board units at scale 1 (3.78 a millimetre)."""
    return length * UNITS_PER_INCH / MM_PER_INCH


def units_to_mm(length: float) -> float:
    """``length`` board units at scale 1 in millimetres."""
    return length * MM_PER_INCH / UNITS_PER_INCH


@frozen
class Placement:
    """Where a picture lands: the page's size in points, the picture's top-left corner (``x``,
    ``y`` from the page's top-left, in points) and its ``scale`` (points per board unit)."""

    width: float
    height: float
    x: float
    y: float
    scale: float


@frozen(kw_only=True)
class Paper:
    """The paper a picture is printed on; every field is a keyword, checked when made."""

    size: str = FIT
    """``"fit"``: the page is the picture, at its scale; ``"a4"`` or ``"letter"``: the picture
    is scaled to fill the page inside its margins, turned to whichever way (portrait or
    landscape) shows it larger."""
    margin: float | None = None
    """The margin on every side, in millimetres (None: 10 on paper, none with ``fit``)."""

    def __post_init__(self) -> None:
        if self.size not in PAPERS:
            raise RoadsError(
                f"no paper {self.size!r}: choose {', '.join(PAPERS)}", about=("paper",)
            )
        if self.margin is not None and not 0 <= self.margin <= MOST_MARGIN:
            raise RoadsError(
                f"the margin must be 0 to {MOST_MARGIN:g} mm, not {self.margin:g}",
                about=("margin",),
            )

    @property
    def margin_mm(self) -> float:
        """The margin on every side, in millimetres."""
        if self.margin is not None:
            return self.margin
        return 0.0 if self.size == FIT else MARGIN

    def sheet(self, *, landscape: bool) -> tuple[float, float]:
        """The paper's width and height in millimetres, turned as asked (``fit`` has none).

        Parameters:
            landscape: the long side across.
        """
        if self.size == FIT:
            raise RoadsError("a page that fits its picture has no size of its own")
        short, long = SIZES[self.size]
        return (long, short) if landscape else (short, long)

    def place(self, width: float, height: float, scale: float = 1.0) -> Placement:
        """Where a picture ``width`` x ``height`` board units lands on this paper.

        Parameters:
            width: the picture's width, in board units.
            height: its height.
            scale: its size with ``fit``, times its natural size (on paper the page decides).

        Returns:
            The page's size and the picture's corner and scale: with ``fit``, a page the
            picture's size (plus the margins); on paper, the picture as large as the page
            allows inside its margins, centred across, at the top, on the page turned the way
            that shows it larger (portrait when both do alike).
        """
        margin = mm_to_points(self.margin_mm)
        if self.size == FIT:
            factor = POINTS_PER_UNIT * scale
            return Placement(
                width * factor + 2 * margin, height * factor + 2 * margin, margin, margin, factor
            )
        best: Placement | None = None
        for landscape in (False, True):
            page_width, page_height = (
                mm_to_points(side) for side in self.sheet(landscape=landscape)
            )
            room_width, room_height = page_width - 2 * margin, page_height - 2 * margin
            factor = min(room_width / max(width, 1e-9), room_height / max(height, 1e-9))
            if best is None or factor > best.scale + 1e-9:
                x = margin + (room_width - width * factor) / 2
                best = Placement(page_width, page_height, x, margin, factor)
        assert best is not None
        return best
