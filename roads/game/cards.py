"""Playing cards, written as two characters (``As``, ``Td``, ``9c``), and their baccarat values."""

from __future__ import annotations

from dataclasses import field

from roads.errors import CardError
from roads.values import frozen

RANKS = "A23456789TJQK"
SUITS = "shdc"
_VALUES = {rank: min(index + 1, 10) % 10 for index, rank in enumerate(RANKS)}
_SUIT_SYMBOLS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c", "♤": "s", "♡": "h", "♢": "d", "♧": "c"}


@frozen
class Card:
    """A card: rank ``A 2-9 T J Q K`` and suit ``s h d c`` (``None`` when unknown)."""

    rank: str
    suit: str | None = None
    value: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.rank not in _VALUES:
            raise CardError(f"{self.rank!r} is not a rank (use A, 2-9, T, J, Q or K)")
        if self.suit is not None and self.suit not in SUITS:
            raise CardError(f"{self.suit!r} is not a suit (use s, h, d or c)")
        object.__setattr__(self, "value", _VALUES[self.rank])

    def __str__(self) -> str:
        return self.rank + (self.suit or "")

    @property
    def burn_count(self) -> int:
        """How many more cards this card burns when it is turned over at the start of a shoe."""
        return self.value or 10

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``As``, ``10h``, ``t♦``, ``K`` ...: any case, suit symbols, suit optional."""
        try:
            return _PARSED[text]
        except KeyError:
            pass
        cleaned = text.strip()
        rank_text, suit_text = cleaned[:-1], cleaned[-1:]
        suit: str | None = _SUIT_SYMBOLS.get(suit_text, suit_text.lower())
        if not suit or suit not in SUITS:
            rank_text, suit = cleaned, None
        rank = "T" if rank_text == "10" else rank_text.upper()
        if rank not in _VALUES:
            raise CardError(
                f"{text!r} is not a card: write a rank (A, 2-9, T or 10, J, Q, K) "
                "and optionally a suit (s, h, d, c or ♠ ♥ ♦ ♣), e.g. 'As' or 'Td'"
            )
        card = _interned(rank, suit)
        if len(_PARSED) >= _MOST_PARSED:
            _PARSED.clear()  # a cache of spellings, not a record: bounded whatever is sent
        _PARSED[text] = card
        return card


_INTERNED: dict[tuple[str, str | None], Card] = {}
_PARSED: dict[str, Card] = {}
_MOST_PARSED = 4096
"""Spellings kept in ``_PARSED``: every real spelling of the 52 cards fits many times over."""


def _interned(rank: str, suit: str | None) -> Card:
    key = (rank, suit)
    card = _INTERNED.get(key)
    if card is None:
        card = _INTERNED[key] = Card(rank, suit)
    return card


DECK: tuple[Card, ...] = tuple(_interned(rank, suit) for suit in SUITS for rank in RANKS)
"""One 52-card deck; a card's index here is its *code* (``0..51``), used by the fast shoe."""

VALUE_OF_CODE = bytes(card.value for card in DECK).ljust(256, b"\0")
"""``bytes.translate`` table turning card codes into baccarat values."""


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas: ``"2h 3d, 8c"``."""
    return tuple(Card.parse(word) for word in text.replace(",", " ").split())
