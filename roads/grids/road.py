"""The five roads, by one name each: ``Road.BIG_EYE_BOY`` is ``"big-eye-boy"`` on the command
line and in file names, ``roads.big_eye_boy`` on a board, and the ``big_eye_boy`` label.

    >>> from roads.grids.road import Road
    >>> Road("big-eye-boy").attribute, Road.BIG_EYE_BOY.label_key
    ('big_eye_boy', 'big_eye_boy')
"""

from __future__ import annotations

from enum import Enum


class Road(Enum):
    """A road; its value is its slug (``"bead-plate"`` ...), the spelling users type."""

    BEAD_PLATE = "bead-plate"
    BIG_ROAD = "big-road"
    BIG_EYE_BOY = "big-eye-boy"
    SMALL_ROAD = "small-road"
    COCKROACH_PIG = "cockroach-pig"

    @property
    def slug(self) -> str:
        """The name users type and files use: ``"big-eye-boy"``."""
        return self.value

    @property
    def attribute(self) -> str:
        """The attribute of ``Roads`` holding its cells, and its key in the JSON export."""
        return self.value.replace("-", "_")

    @property
    def label_key(self) -> str:
        """Its field in the board's words: the road's name in each language."""
        return self.attribute

    @property
    def derived(self) -> bool:
        """Whether it is one of the three derived roads."""
        return self in DERIVED

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


DERIVED = (Road.BIG_EYE_BOY, Road.SMALL_ROAD, Road.COCKROACH_PIG)
"""The derived roads, by how many columns back each one compares (k = 1, 2, 3)."""
SLUGS = tuple(road.slug for road in Road)
"""Every road's slug, in board order."""
