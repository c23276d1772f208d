"""The bodies of the live server's write requests: the coup a JSON object stands for, and the
idempotency key that makes a write safe to send again.

A client may give every write a key of its choosing (``Idempotency-Key: KEY`` or ``"id": "KEY"``
in the body; 1 to 64 letters, digits and ``-_.:``). The journal line of the write keeps it, and
a write whose key the current shoe has already logged is answered as it was, without logging it
again: a client that lost a reply (the connection cut, the server stopped) can send it again.
"""

from __future__ import annotations

import re
from typing import Any

from roads.errors import ParseError, RoadsError
from roads.game.coup import Coup
from roads.hands.hand import FIELDS, Hand
from roads.hands.notation import parse_notation
from roads.hands.readers import hand_from_fields

_COUP_FIELDS = frozenset(FIELDS)
KEY_HEADER = "Idempotency-Key"
KEY_FIELD = "id"
"""The body's field (and the journal line's) that holds a write's idempotency key."""
_KEY = re.compile(r"[A-Za-z0-9_.:-]{1,64}")


def check_key(key: object) -> str:
    """``key`` if it is a valid idempotency key, else ParseError saying what one is."""
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise ParseError(
            f"an idempotency key ({KEY_HEADER} or 'id') is 1 to 64 letters, digits or -_.:, "
            f"not {key!r}"[:200]
        )
    return key


def hand_from_request(body: dict[str, Any]) -> Hand:
    """The coup of a request body: ``{"hand": "Pbn"}``, ``{"cards": "2h 3d 8c / Ks 3h"}``
    (Player first, checked against the third-card rules as ``roads log --cards`` does), or
    ``{"outcome": "P", ...}`` with the flags or the cards as in the JSON export. Raises
    ParseError saying what is wrong."""
    if "cards" in body:
        return _hand_from_cards(body)
    unknown = sorted(set(body) - _COUP_FIELDS - {"hand"})
    if unknown:
        raise ParseError(
            f"unknown field {unknown[0]!r}: give 'hand' (e.g. \"Pbn\"), or 'outcome' "
            "with banker_pair, player_pair, natural or the cards"
        )
    if "hand" not in body:
        return hand_from_fields(body, "", 0)
    text = body["hand"]
    if len(body) > 1 or not isinstance(text, str):
        raise ParseError('give \'hand\' alone, as text such as "B" or "Pbn"')
    hands = parse_notation(text, comments=False)
    if len(hands) != 1:
        raise ParseError(f'\'hand\' must be one coup, such as "B" or "Pbn", not {len(hands)}')
    return hands[0]


def _hand_from_cards(body: dict[str, Any]) -> Hand:
    text = body["cards"]
    if len(body) > 1 or not isinstance(text, str):
        raise ParseError("give 'cards' alone, as text such as \"2h 3d 8c / Ks 3h\"")
    try:
        return Hand.from_coup(Coup.parse(text))
    except ParseError:
        raise
    except RoadsError as error:  # a card that is none, or a draw the rules forbid
        raise ParseError(str(error)) from None
