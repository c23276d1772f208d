"""The coups of simulated shoes written as text (notation, JSON Lines or CSV), piece by piece,
and the reference engine's dealing (``roads.engines``, concept ``deal``): ``Shoe.deal``,
``Shoe.tally``, and the text of each shoe's hands as ``writers`` writes it.

Pieces are dealt and written in order, in this process or spread over several: the text is the
same bytes whichever engine deals the shoes and however many processes share the work.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from roads.game.shoe import DealingEngine, DealtShoe, Shoe, Tally, check_shoes, dealing_engine
from roads.hands import writers
from roads.hands.compact import compact
from roads.hands.hand import Hand
from roads.hands.notation import hand_spelled
from roads.parallel import Jobs, ordered_map, per_worker, split, workers

_PIECE = 64
"""Most shoes written per piece: enough to keep the processes busy, little to hold."""
_SHOES_PER_WORKER = 16
"""Shoes written that pay for one more worker process."""


def simulated_text(
    shoe: Shoe,
    seed: int,
    shoes: int,
    *,
    format_: str,
    engine: str = "python",
    jobs: Jobs = 1,
    marks: tuple[str, ...] = (),
) -> Iterator[tuple[int, bytes]]:
    """The text of shoes ``0 .. shoes - 1`` of ``seed``, as (shoes written, bytes) pieces.

    Parameters:
        shoe: the number of decks and the cut card.
        seed: the seed the shoes are shuffled from.
        shoes: how many shoes; with more than one, each coup names its shoe.
        format_: ``jsonl``, ``csv``, or else (``text``) a header and the notation per shoe.
        engine: the engine that deals and writes (``roads.engines``; the text does not
            depend on it).
        jobs: how many processes may deal and write, or ``"auto"`` (one per core); never
            more than the shoes pay for. The text does not depend on it.
        marks: the names of the marks (``roads.tables.marks``) the notation writes after a
            coup that carries one, those of the table the shoes are dealt for (none: the
            letters and their flags ``b p n`` alone, as docs/export.md's contract has them).

    Raises:
        ShoeError: ``shoes`` is not from 1 to MAX_SHOES (at the first piece, before any work).
    """
    check_shoes(shoes)
    jobs = workers(jobs, work=shoes, per_worker=per_worker(_SHOES_PER_WORKER))
    if format_ == "csv":
        yield 0, writers.csv_header(*(["shoe"] if shoes > 1 else [])).encode()
    pieces = (
        (shoe, seed, first, stop, format_, shoes > 1, engine, marks)
        for first, stop in split(0, shoes, jobs=jobs, most=_PIECE)
    )
    for (first, stop), text in zip(
        split(0, shoes, jobs=jobs, most=_PIECE),
        ordered_map(_piece_text, pieces, jobs=jobs),
        strict=True,
    ):
        yield stop - first, text


def _piece_text(piece: tuple[Shoe, int, int, int, str, bool, str, tuple[str, ...]]) -> bytes:
    shoe, seed, first, stop, format_, numbered, engine, marks = piece
    dealing = dealing_engine(engine)
    text = dealing.text(shoe, seed, first, stop, format_=format_, numbered=numbered, marks=marks)
    return text.encode()


def shoe_text(
    dealt: DealtShoe, format_: str, *, numbered: bool, marks: tuple[str, ...] = ()
) -> str:
    """One dealt shoe's coups in ``format_``; ``numbered`` adds the shoe's number to each;
    the notation writes the ``marks`` (names) a coup carries."""
    hands = [Hand.from_coup(coup) for coup in dealt.coups]
    extra = {"shoe": dealt.index + 1} if numbered else {}
    if format_ == "jsonl":
        return writers.jsonl_lines(hands, **extra)
    if format_ == "csv":
        return writers.csv_rows(hands, **extra)
    header = (
        f"# shoe {dealt.index + 1}: {dealt.decks} decks, seed {dealt.seed}, "
        f"shuffle {dealt.shuffle}, {len(hands)} coups\n"
    )
    # Each coup with the flag of the mark it carries (B6, B7, P8), of the marks asked for.
    return header + writers.notation_line(_marked(hand, marks) for hand in hands)


def _marked(hand: Hand, marks: tuple[str, ...]) -> Hand:
    """``hand`` without its cards, with those of ``marks`` it carries."""
    spelled = compact(hand)[0]
    kept = tuple(name for name in spelled.marks if name in marks)
    return spelled if kept == spelled.marks else hand_spelled(replace(spelled, marks=kept).notation)


class _Reference:
    """The reference engine's dealing: ``Shoe.deal`` and ``Shoe.tally``, shoe by shoe."""

    tally_piece = 200
    tally_shoes_per_worker = 400

    def tally(self, shoe: Shoe, shoes: int, seed: int, *, start: int) -> Tally:
        return shoe.tally(shoes, seed, start=start)

    def dealt(self, shoe: Shoe, seed: int, start: int, stop: int) -> Iterator[DealtShoe]:
        for index in range(start, stop):
            yield shoe.deal(seed, index)

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
        return "".join(
            shoe_text(dealt, format_, numbered=numbered, marks=marks)
            for dealt in self.dealt(shoe, seed, start, stop)
        )


DEALING: DealingEngine = _Reference()
"""The reference engine's dealing (``roads.engines``, concept ``deal``)."""
