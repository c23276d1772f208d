"""The five roads, each described once: the one module a new road is added to (with its name in
``roads.translations.board``, docs/development.md).

A road says here what it is called (its slug: ``Road.BIG_EYE_BOY`` is ``"big-eye-boy"`` on
the command line and in file names, ``big_eye_boy`` in the export and the board's words), how
it places its cells (``Placing``; a derived road, how many columns back it compares), how its
mark is painted, and its glyph on a text board. Everything else derives from the list of roads:
the model's roads (``roads.grids.roads``) and the fast engine's, the export and its schema, the
board's panels and layouts, its marks and its ask road, the text board, and the study's signals
(each derived road's red and blue, and its flag in the board's state).

    >>> from roads.grids.road import DERIVED, Road
    >>> Road("big-eye-boy").attribute, Road.BIG_EYE_BOY.label_key, Road.SMALL_ROAD.compares
    ('big_eye_boy', 'big_eye_boy', 2)
    >>> [road.slug for road in DERIVED]
    ['big-eye-boy', 'small-road', 'cockroach-pig']
"""

from __future__ import annotations

from enum import Enum

from roads.values import frozen


class Placing(Enum):
    """How a road places its cells (docs/rules/roads.md)."""

    BEADS = "beads"
    """One cell per hand, ties included, column by column: the bead plate."""
    STREAKS = "streaks"
    """One cell per Banker or Player hand, by streak, the ties drawn on it: the big road."""
    DERIVED = "derived"
    """A red or blue mark per big-road cell from the comparison of the big road's streak with
    the one ``compares`` columns back, placed by streaks of one colour."""


@frozen
class Kind:
    """What a road is: each field said once, here (a value: compared and hashed as the enum's
    value)."""

    slug: str
    """The name users type and files use: ``"big-eye-boy"``."""
    places: Placing
    """How it places its cells."""
    mark: str
    """How its cell is painted (``roads.drawing.marks``): ``bead`` (a disc with a letter),
    ``entry`` (a ring with the ties), and for a derived road ``ring``, ``dot`` or ``slash``."""
    compares: int = 0
    """A derived road: how many columns back it compares (1, 2, 3...; the derived roads compare
    one column further back each)."""
    glyph: str = ""
    """A derived road: its mark on a text board in colour (``roads show``)."""
    columns: int = 16
    """The fewest columns its panel shows."""


class Road(Enum):
    """A road, described by its ``Kind``; ``Road("big-eye-boy")`` finds it by its slug."""

    BEAD_PLATE = Kind("bead-plate", Placing.BEADS, "bead", columns=8)
    BIG_ROAD = Kind("big-road", Placing.STREAKS, "entry", columns=24)
    BIG_EYE_BOY = Kind("big-eye-boy", Placing.DERIVED, "ring", compares=1, glyph="○")
    SMALL_ROAD = Kind("small-road", Placing.DERIVED, "dot", compares=2, glyph="●")
    COCKROACH_PIG = Kind("cockroach-pig", Placing.DERIVED, "slash", compares=3, glyph="╱")

    @classmethod
    def _missing_(cls, value: object) -> Road | None:
        return _BY_SLUG.get(value) if isinstance(value, str) else None

    @property
    def slug(self) -> str:
        """The name users type and files use: ``"big-eye-boy"``."""
        return self.value.slug

    @property
    def attribute(self) -> str:
        """Its key in the JSON export and the attribute of ``Roads`` holding its cells."""
        return self.value.slug.replace("-", "_")

    @property
    def label_key(self) -> str:
        """Its field in the board's words (``Labels``): its name in each
        language."""
        return self.attribute

    @property
    def places(self) -> Placing:
        """How it places its cells."""
        return self.value.places

    @property
    def mark(self) -> str:
        """How its cell is painted (``Kind.mark``)."""
        return self.value.mark

    @property
    def compares(self) -> int:
        """A derived road: how many columns back it compares; 0 for the others."""
        return self.value.compares

    @property
    def glyph(self) -> str:
        """A derived road: its mark on a text board in colour."""
        return self.value.glyph

    @property
    def derived(self) -> bool:
        """Whether it is a derived road (it asks, and a study reads its colours)."""
        return self.value.places is Placing.DERIVED

    @classmethod
    def parse(cls, name: str | Road) -> Road:
        """The road named ``name``: its slug or attribute spelling, any case."""
        if isinstance(name, Road):
            return name
        try:
            return cls(name.strip().lower().replace("_", "-").replace(" ", "-"))
        except ValueError:
            choices = ", ".join(road.slug for road in cls)
            raise ValueError(f"no road {name!r}: choose {choices}") from None


_BY_SLUG = {road.value.slug: road for road in Road}
"""Each road by its slug (``Road("big-eye-boy")``)."""
DERIVED = tuple(road for road in Road if road.derived)
"""The derived roads, by how many columns back each one compares (k = 1, 2, 3)."""
SLUGS = tuple(road.slug for road in Road)
"""Every road's slug, in board order."""
