"""The marks an SVG board shows, by road and kind, and those a board should show: what the SVG
tests count."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

from roads.game.coup import Outcome
from roads.scoreboard import Scoreboard

MEANING = {Outcome.BANKER: "banker", Outcome.PLAYER: "player", Outcome.TIE: "tie"}


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def marks(root: ET.Element) -> Counter[tuple[str, str]]:
    """(road, meaning) of every element classed ``mark``."""
    found: Counter[tuple[str, str]] = Counter()
    for element in root.iter():
        names = classes(element)
        if "mark" in names:
            (road,) = names & {
                "bead-plate",
                "big-road",
                "big-eye-boy",
                "small-road",
                "cockroach-pig",
            }
            (meaning,) = names & {"banker", "player", "tie", "red", "blue"}
            found[(road, meaning)] += 1
    return found


def expected_marks(scoreboard: Scoreboard) -> Counter[tuple[str, str]]:
    expected: Counter[tuple[str, str]] = Counter()
    for bead in scoreboard.bead_plate:
        expected[("bead-plate", MEANING[bead.outcome])] += 1
    for entry in scoreboard.big_road:
        expected[("big-road", MEANING[entry.outcome])] += 1
    for road in ("big_eye_boy", "small_road", "cockroach_pig"):
        for cell in getattr(scoreboard, road):
            expected[(road.replace("_", "-"), cell.colour.value)] += 1
    return expected
