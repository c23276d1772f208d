"""Simulation runs: the engine that deals the shoes, and the shoes split across processes.

Which engine deals is ``roads.engines``'s to say; shoe ``i`` of a seed is the same whichever
engine deals it and however many processes share the work.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from roads.game.shoe import DealtShoe, Shoe, Tally, check_shoes, dealing_engine
from roads.parallel import Jobs, ordered_map, per_worker, split, workers


def tally(
    shoe: Shoe,
    shoes: int,
    seed: int,
    *,
    engine: str = "python",
    jobs: Jobs = 1,
    progress: Callable[[int], None] | None = None,
) -> Tally:
    """The outcome counts of shoes ``0 .. shoes - 1`` of ``seed``.

    Parameters:
        shoe: the number of decks and the cut card.
        shoes: how many shoes.
        seed: the seed they are shuffled from.
        engine: the engine that deals (``roads.engines``); every engine counts the same coups.
        jobs: how many processes may share the shoes, or ``"auto"`` (one per core); never
            more than the shoes pay for (the engine's ``tally_shoes_per_worker``). The counts
            do not depend on it.
        progress: if given, told after each piece of the work how many more shoes are counted.

    Raises:
        ShoeError: ``shoes`` is not from 1 to MAX_SHOES (before any work starts).
    """
    check_shoes(shoes)
    dealing = dealing_engine(engine)
    jobs = workers(jobs, work=shoes, per_worker=per_worker(dealing.tally_shoes_per_worker))
    pieces = (
        (shoe, seed, first, stop, engine)
        for first, stop in split(0, shoes, jobs=jobs, most=dealing.tally_piece * max(jobs, 1))
    )
    if jobs > 1:
        # One shoe here first: forked workers inherit its imports and tables, not redo them.
        _tally_piece((shoe, seed, 0, 1, engine))
    banker = player = tie = 0
    for part in ordered_map(_tally_piece, pieces, jobs=jobs):
        banker, player, tie = banker + part.banker, player + part.player, tie + part.tie
        if progress is not None:
            progress(part.shoes)
    return Tally(shoes, banker, player, tie)


def _tally_piece(piece: tuple[Shoe, int, int, int, str]) -> Tally:
    shoe, seed, first, stop, engine = piece
    return dealing_engine(engine).tally(shoe, stop - first, seed, start=first)


def dealt_shoes(
    shoe: Shoe, seed: int, start: int, stop: int, *, engine: str = "python"
) -> Iterator[DealtShoe]:
    """Shoes ``start .. stop - 1`` of ``seed`` as the reference's records, dealt by ``engine``."""
    return dealing_engine(engine).dealt(shoe, seed, start, stop)
