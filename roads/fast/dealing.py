"""The fast engine's dealing (``roads.engines``, concept ``deal``): shoes dealt in batches by
``roads.fast.deal``, their text written from the arrays by ``roads.fast.text``."""

from __future__ import annotations

from collections.abc import Iterator

from roads.fast.deal import deal_arrays, deal_batches, tally
from roads.fast.text import batch_notation, shoe_text
from roads.game.shoe import DealingEngine, DealtShoe, Shoe, Tally


class _Fast:
    """The fast engine's dealing."""

    tally_piece = 16384
    """The engine makes its arrays once a piece: 16 of its batches pay for that."""
    tally_shoes_per_worker = 4000

    def tally(self, shoe: Shoe, shoes: int, seed: int, *, start: int) -> Tally:
        return tally(shoe, shoes, seed, start=start)

    def dealt(self, shoe: Shoe, seed: int, start: int, stop: int) -> Iterator[DealtShoe]:
        for one in deal_arrays(shoe, seed, start, stop):
            yield one.to_dealt()

    def text(
        self,
        shoe: Shoe,
        seed: int,
        start: int,
        stop: int,
        *,
        format_: str,
        numbered: bool,
        marks: tuple[str, ...] = (),
    ) -> str:
        if format_ not in ("jsonl", "csv"):  # the notation: a batch of shoes at a time
            batches = deal_batches(shoe, seed, start, stop)
            return "".join(batch_notation(batch, marks=marks) for batch in batches)
        return "".join(
            shoe_text(one, format_, numbered=numbered)
            for one in deal_arrays(shoe, seed, start, stop)
        )


DEALING: DealingEngine = _Fast()
"""The fast engine's dealing (``roads.engines``, concept ``deal``)."""
