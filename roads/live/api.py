"""The bodies of the live server's write requests: the coup a JSON object stands for, a seat's
bets, join or leave, and the idempotency key that makes a write safe to send again.

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
from roads.hands.journal import Event, join_event, seat_bet_event
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


def seat_of_request(body: dict[str, Any], fields: frozenset[str]) -> int:
    """The ``seat`` of a seat's request, whose other fields are among ``fields``; ParseError
    saying what is wrong."""
    unknown = sorted(set(body) - fields - {"seat"})
    if unknown:
        raise ParseError(
            f"unknown field {unknown[0]!r}: give {', '.join(sorted(fields | {'seat'}))}"
        )
    seat = body.get("seat")
    if type(seat) is not int:
        raise ParseError(f"give 'seat', the seat's number (1, 2 ...), not {seat!r}")
    return seat


def bets_from_request(body: dict[str, Any]) -> list[Event]:
    """The bets of ``{"seat": 2, "bets": [{"on": "banker", "stake": 40}, ...]}`` (or one bet:
    ``{"seat": 2, "on": "banker", "stake": 40}``), as one action; ParseError if not."""
    if "bets" in body:
        seat = seat_of_request(body, frozenset({"bets"}))
        bets = body["bets"]
        if not isinstance(bets, list) or not bets or not all(isinstance(b, dict) for b in bets):
            raise ParseError('\'bets\' is a list of {"on": NAME, "stake": AMOUNT}')
    else:
        seat = seat_of_request(body, frozenset({"on", "stake"}))
        bets = [{key: body[key] for key in ("on", "stake") if key in body}]
    events = []
    for bet in bets:
        if set(bet) != {"on", "stake"} or not isinstance(bet["on"], str):
            raise ParseError(f'a bet is {{"on": NAME, "stake": AMOUNT}}, not {bet!r}'[:200])
        try:
            events.append(seat_bet_event(seat, bet["on"], bet["stake"]))
        except RoadsError as error:
            raise ParseError(f"seat {seat}: {error}") from None
    return events


def join_from_request(body: dict[str, Any]) -> Event:
    """The join of ``{"seat": 2, "name": "Ben", "bankroll": 500}``; ParseError if not one."""
    seat = seat_of_request(body, frozenset({"name", "bankroll"}))
    name = body.get("name")
    if not isinstance(name, str):
        raise ParseError("give 'name', the player's name (any script)")
    try:
        return join_event(seat, name, body.get("bankroll", ""))
    except RoadsError as error:
        raise ParseError(f"seat {seat}: bankroll: {error}") from None


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
