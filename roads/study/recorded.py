"""Recorded shoes read in bulk for a study: the export's batch reader (``roads.hands.compact``,
concept ``reading``) reads each line to a shared hand and the JSON text of its cards, with no
``Hand`` or ``Coup`` made per line; a shoe keeps its outcome codes and that text, and its cards
are read from the text only where the study asks for them (the exact part).

The hands, and the errors, are those of the readers; the checks (``checks``) run on the cards'
text as they do on hands.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence

from roads import engines
from roads.game.cards import RANKS, Card
from roads.hands.compact import reading_engine
from roads.study.checks import REPEAT_FROM, Checked, impossible_cards, repeats
from roads.study.dealer import ShoeRecord
from roads.study.signals import CODE_OF
from roads.values import frozen

_CARD = re.compile(r'"((?:10|[2-9TJQKA])[cdhs]?)"', re.IGNORECASE)
"""A card in the cards' JSON text (``"player_cards": ["9c", "Kc"], ...``)."""


_NO_SHOE = object()
"""Before the first row: no shoe yet."""


@frozen
class TextShoe:
    """A shoe as read in bulk: its file and number there, outcome codes, and the JSON text of
    each coup's cards (None for a coup without them)."""

    source: str
    number: int
    outcomes: bytes
    cards: tuple[str | None, ...]


def bulk_shoes(lines: Iterable[str], kind: str, source: str, label: str) -> list[TextShoe]:
    """The shoes of a CSV or JSON Lines file's ``lines``, in the order they first appear (one
    shoe where the rows name none).

    Parameters:
        lines: the file's lines.
        kind: ``"csv"`` or ``"jsonl"``.
        source: the file's name in errors.
        label: the file's name on the page.
    """
    reading = reading_engine(engines.choose(None))
    outcomes: dict[str | None, bytearray] = {}
    cards: dict[str | None, list[str | None]] = {}
    code = CODE_OF
    current: object = _NO_SHOE
    found, texts = bytearray(), []
    for shoe, hand, text in reading.records(kind, lines, source):
        if shoe != current:  # the rows of a shoe mostly come together
            current = shoe
            if shoe not in outcomes:
                outcomes[shoe], cards[shoe] = bytearray(), []
            found, texts = outcomes[shoe], cards[shoe]
        found.append(code[hand.outcome])
        texts.append(text)
    return [
        TextShoe(label, number, bytes(found), tuple(cards[shoe]))
        for number, (shoe, found) in enumerate(outcomes.items(), start=1)
    ]


def check_text_shoes(
    shoes: Sequence[TextShoe], *, decks: int, keep_going: bool
) -> tuple[list[TextShoe], Checked]:
    """``checks.check_records`` of shoes read in bulk.

    Parameters:
        shoes: the shoes read.
        decks: the decks of a shoe.
        keep_going: set impossible shoes aside instead of refusing.
    """
    kept: list[TextShoe] = []
    set_aside: list[str] = []
    keys: list[tuple[str, ...] | None] = []
    for shoe in shoes:
        known = all(text is not None for text in shoe.cards)
        joined = "\n".join(text for text in shoe.cards if text is not None)
        why = impossible_cards(_CARD.findall(joined), decks)
        if why is not None:
            set_aside.append(f"{shoe.source}, shoe {shoe.number}: {why}")
            continue
        kept.append(shoe)
        keys.append(_key(shoe, joined if known and shoe.cards else None))
    return kept, Checked.of(set_aside, repeats(keys), keep_going=keep_going)


def _key(shoe: TextShoe, joined: str | None) -> tuple[str, ...] | None:
    if joined is not None:
        return (joined,)
    if len(shoe.outcomes) >= REPEAT_FROM:
        return (shoe.outcomes.hex(),)
    return None


def _coup(text: str) -> tuple[bytes, bytes]:
    """The values and ranks of a coup's cards from their JSON text, in the order they came out
    of the shoe (Player, Banker, Player, Banker, then the third cards)."""
    fields = json.loads("{" + text + "}")
    player = [Card.parse(card) for card in fields["player_cards"]]
    banker = [Card.parse(card) for card in fields["banker_cards"]]
    ordered = (player[0], banker[0], player[1], banker[1], *player[2:], *banker[2:])
    values = bytes(card.value for card in ordered)
    ranks = bytes(RANKS.index(card.rank) for card in ordered)
    return values, ranks


@frozen
class TextDealer:
    """Shoes read in bulk, as a dealer (``dealer.Dealer``): the cards read from their text
    only when asked for."""

    shoes: tuple[TextShoe, ...]

    def __call__(self, first: int, stop: int, with_cards: bool) -> Iterator[ShoeRecord]:
        for shoe in self.shoes[first:stop]:
            if not with_cards or not shoe.cards or any(text is None for text in shoe.cards):
                yield ShoeRecord(shoe.outcomes)
                continue
            coups = [_coup(text) for text in shoe.cards if text is not None]
            yield ShoeRecord(
                shoe.outcomes,
                tuple(values for values, _ in coups),
                ranks=tuple(ranks for _, ranks in coups),
            )
