"""The bodies of the live server's writes (``roads.live.api``): the coup a body stands for and
the idempotency key that makes a write safe to send again."""

from __future__ import annotations

import pytest

from roads.errors import ParseError
from roads.game.coup import Coup, Outcome
from roads.hands.hand import Hand
from roads.live.api import check_key, hand_from_request


def test_a_key_is_1_to_64_letters_digits_or_marks() -> None:
    assert check_key("tablet-1:42.a_b") == "tablet-1:42.a_b"
    for bad in ("", "x" * 65, "with space", 7, None):
        with pytest.raises(ParseError, match="idempotency key"):
            check_key(bad)


def test_a_coup_by_notation_cards_or_fields() -> None:
    assert hand_from_request({"hand": "Pbn"}).outcome is Outcome.PLAYER
    cards = "2h 3d 8c / Ks 3h"
    assert hand_from_request({"cards": cards}) == Hand.from_coup(Coup.parse(cards))
    assert hand_from_request({"outcome": "T"}).outcome is Outcome.TIE


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"hand": "BP"}, "one coup"),
        ({"hand": "B", "cards": "x"}, "alone"),
        ({"colour": "red"}, "unknown field 'colour'"),
        ({"cards": "2h 3d / Ks 3h"}, "Player on 5 must draw"),
    ],
)
def test_other_bodies_are_refused_saying_why(body: dict[str, object], says: str) -> None:
    with pytest.raises(ParseError, match=says):
        hand_from_request(body)
