"""Simulation runs: which engine deals the shoes, and splitting the shoes across processes.

The pure-Python engine (``roads.game.shoe``) is always there; the numpy engine
(``roads.game.vector``, the ``fast`` extra) deals the same shoes and coups, faster. Shoe ``i`` of
a seed is the same whichever engine deals it and however many processes share the work.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from roads.game.engines import Engine
from roads.game.shoe import DealtShoe, Shoe, Tally
from roads.parallel import Jobs, ordered_map, per_worker, split, workers

_TALLY_PIECE = {"python": 200, "numpy": 16384}
"""Most shoes one process tallies at a time (the numpy engine makes its arrays once a piece:
16 of its batches pay for that)."""
TALLY_SHOES_PER_WORKER = {"python": 400, "numpy": 4000}
"""Shoes of a tally that pay for one more (forked) worker: the fork, and the first piece's
wait while the pool fills, cost about what the engine tallies of that many shoes (more where
workers are spawned: ``roads.parallel.per_worker``)."""


def tally(
    shoe: Shoe,
    shoes: int,
    seed: int,
    *,
    engine: Engine = "python",
    jobs: Jobs = 1,
    progress: Callable[[int], None] | None = None,
) -> Tally:
    """The outcome counts of shoes ``0 .. shoes - 1`` of ``seed``.

    Parameters:
        shoe: the number of decks and the cut card.
        shoes: how many shoes.
        seed: the seed they are shuffled from.
        engine: ``"python"`` or ``"numpy"``; both count the same coups.
        jobs: how many processes may share the shoes, or ``"auto"`` (one per core); never
            more than the shoes pay for (``TALLY_SHOES_PER_WORKER``). The counts do not
            depend on it.
        progress: if given, told after each piece of the work how many more shoes are counted.
    """
    jobs = workers(jobs, work=shoes, per_worker=per_worker(TALLY_SHOES_PER_WORKER[engine]))
    pieces = [
        (shoe, seed, first, stop, engine)
        for first, stop in split(0, shoes, jobs=jobs, most=_TALLY_PIECE[engine] * max(jobs, 1))
    ]
    if jobs > 1:
        # One shoe here first: forked workers inherit its imports and tables, not redo them.
        _tally_piece((shoe, seed, 0, 1, engine))
    banker = player = tie = 0
    for part in ordered_map(_tally_piece, pieces, jobs=jobs):
        banker, player, tie = banker + part.banker, player + part.player, tie + part.tie
        if progress is not None:
            progress(part.shoes)
    return Tally(shoes, banker, player, tie)


def _tally_piece(piece: tuple[Shoe, int, int, int, Engine]) -> Tally:
    shoe, seed, first, stop, engine = piece
    if engine == "numpy":
        from roads.game import vector

        return vector.tally(shoe, stop - first, seed, start=first)
    return shoe.tally(stop - first, seed, start=first)


def dealt_shoes(
    shoe: Shoe, seed: int, start: int, stop: int, *, engine: Engine = "python"
) -> Iterator[DealtShoe]:
    """Shoes ``start .. stop - 1`` of ``seed`` as the pure engine's records, from either engine."""
    if engine == "numpy":
        from roads.game import vector

        for one in vector.deal_arrays(shoe, seed, start, stop):
            yield one.to_dealt()
        return
    for index in range(start, stop):
        yield shoe.deal(seed, index)
