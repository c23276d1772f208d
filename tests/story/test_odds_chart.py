"""The odds chart (``roads.story.odds_chart``): the exact odds after every coup dealt from known
cards, how far they moved, and why the trail stops early."""

from __future__ import annotations

from roads.game.coup import Coup
from roads.hands.hand import Hand
from roads.hands.notation import parse_notation
from roads.story.odds_chart import odds_chart, odds_summary, stop_text
from roads.story.remaining import odds_trail

COUPS = ("4h 4d / Kc Ks", "9h Kd / 2c 3s", "2h 3d 8c / Ks 3h")


def _hands() -> list[Hand]:
    return [Hand.from_coup(Coup.parse(cards)) for cards in COUPS]


def test_one_sentence_per_outcome_and_a_chart() -> None:
    hands = _hands()
    trail = odds_trail(hands, 8)
    lines = odds_summary(trail)
    assert len(lines) == 3 and lines[0].startswith("Banker")
    scene = odds_chart(trail, hands)
    assert scene.shapes and "Banker" in scene.description
    assert len(odds_summary(trail, "zh")) == 3


def test_a_trail_without_cards_says_why_it_stops() -> None:
    hands = [*_hands(), *parse_notation("B")]
    trail = odds_trail(hands, 8)
    assert stop_text(trail) == trail.stopped is not None
    translated = stop_text(trail, "zh")
    assert translated and translated != trail.stopped
    assert stop_text(odds_trail(_hands(), 8)) is None
