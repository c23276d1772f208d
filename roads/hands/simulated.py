"""The coups of simulated shoes written as text (notation, JSON Lines or CSV), piece by piece.

Pieces are dealt and written in order, in this process or spread over several: the text is the
same bytes whichever engine deals the shoes and however many processes share the work.
"""

from __future__ import annotations

from collections.abc import Iterator

from roads.game.engines import Engine
from roads.game.shoe import DealtShoe, Shoe
from roads.game.simulation import dealt_shoes
from roads.hands import writers
from roads.hands.hand import Hand
from roads.parallel import Jobs, ordered_map, per_worker, split, workers

_PIECE = 64
"""Most shoes written per piece: enough to keep the processes busy, little to hold."""
_SHOES_PER_WORKER = 16
"""Shoes written that pay for one more worker process."""


def simulated_text(
    shoe: Shoe, seed: int, shoes: int, *, format_: str, engine: Engine = "python", jobs: Jobs = 1
) -> Iterator[tuple[int, bytes]]:
    """The text of shoes ``0 .. shoes - 1`` of ``seed``, as (shoes written, bytes) pieces.

    Parameters:
        shoe: the number of decks and the cut card.
        seed: the seed the shoes are shuffled from.
        shoes: how many shoes; with more than one, each coup names its shoe.
        format_: ``jsonl``, ``csv``, or else (``text``) a header and the notation per shoe.
        engine: which engine deals the shoes (the text does not depend on it).
        jobs: how many processes may deal and write, or ``"auto"`` (one per core); never
            more than the shoes pay for. The text does not depend on it.
    """
    jobs = workers(jobs, work=shoes, per_worker=per_worker(_SHOES_PER_WORKER))
    if format_ == "csv":
        yield 0, writers.csv_header(*(["shoe"] if shoes > 1 else [])).encode()
    pieces = [
        (shoe, seed, first, stop, format_, shoes > 1, engine)
        for first, stop in split(0, shoes, jobs=jobs, most=_PIECE)
    ]
    for (_, _, first, stop, *_), text in zip(
        pieces, ordered_map(_piece_text, pieces, jobs=jobs), strict=True
    ):
        yield stop - first, text


def _piece_text(piece: tuple[Shoe, int, int, int, str, bool, Engine]) -> bytes:
    shoe, seed, first, stop, format_, numbered, engine = piece
    if engine == "numpy":
        from roads.game import vector
        from roads.hands import dealt_text

        return "".join(
            dealt_text.shoe_text(one, format_, numbered=numbered)
            for one in vector.deal_arrays(shoe, seed, first, stop)
        ).encode()
    return "".join(
        shoe_text(dealt, format_, numbered=numbered)
        for dealt in dealt_shoes(shoe, seed, first, stop, engine=engine)
    ).encode()


def shoe_text(dealt: DealtShoe, format_: str, *, numbered: bool) -> str:
    """One dealt shoe's coups in ``format_``; ``numbered`` adds the shoe's number to each."""
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
    return header + writers.notation_line(hands)
