"""The five roads of a sequence of hands, kept up to date one hand at a time."""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Sequence, Sized
from typing import Any

from roads.game.coup import Outcome
from roads.grids.cells import (
    Ask,
    AskAnswer,
    BeadCell,
    BigRoadCell,
    Colour,
    DerivedCell,
    Stats,
)
from roads.grids.placement import ROWS, Placement, Tails, tails_named
from roads.hands.hand import Hand
from roads.progress import steps

_TIE = Outcome.TIE
_RED, _BLUE = Colour.RED, Colour.BLUE
_COLOURS = (_RED, _BLUE)
_OUTCOME_SLOT = {Outcome.BANKER: 0, Outcome.PLAYER: 1, Outcome.TIE: 2}
_KS = (1, 2, 3)
_NO_LEAD = -1


def derived_mark(lengths: Sequence[int], streak: int, depth: int, k: int) -> Colour | None:
    """The mark road ``k`` gains from a coup at 1-based ``depth`` of 1-based logical ``streak``.

    ``lengths`` holds the lengths of the streaks before ``streak`` (and maybe more).
    """
    if depth == 1:
        if streak - 1 - k < 1:
            return None
        return _RED if lengths[streak - 2] == lengths[streak - 2 - k] else _BLUE
    if streak - k < 1:
        return None
    return _BLUE if depth == lengths[streak - k - 1] + 1 else _RED


class _DerivedRoad:
    __slots__ = ("colours", "placement")

    def __init__(self, tails: Tails) -> None:
        self.placement = Placement(tails)
        self.colours = bytearray()  # index into _COLOURS

    def add(self, colour: Colour) -> None:
        code = 0 if colour is _RED else 1
        colours = self.colours
        self.placement.add(not colours or code != colours[-1])
        colours.append(code)

    def pop(self) -> None:
        self.placement.pop()
        self.colours.pop()

    def cells(self) -> tuple[DerivedCell, ...]:
        p = self.placement
        return tuple(
            DerivedCell(col, row, streak, depth, _COLOURS[code])
            for col, row, (streak, depth), code in zip(
                p.cols, p.rows, p.streaks(), self.colours, strict=True
            )
        )


class Roads:
    """Bead plate, big road, Big Eye Boy, Small Road and Cockroach Pig of a sequence of hands.

    ``add`` and ``undo`` change the roads by one hand in O(1); building from a whole sequence
    is the same as adding its hands one by one.

    ``tails`` says how the big road and the derived roads draw a streak that has turned right:
    ``"straight"`` (the default) or ``"drop-back"`` (ROADS.md section 2). It moves drawn cells
    only: logical streaks, derived colours and the ask road are the same either way.
    """

    def __init__(self, hands: Iterable[Hand] = (), *, tails: Tails | str = Tails.STRAIGHT) -> None:
        self.tails: Tails = tails_named(tails)
        self._hands: list[Hand] = []
        self._counts = [0] * 6  # banker, player, tie, banker_pair, player_pair, natural
        self._big = Placement(self.tails)
        # Each big-road entry holds the hands from its first index up to the next entry's;
        # its lead is the index of its Banker/Player hand (_NO_LEAD while it holds only ties).
        self._entry_first = array("q")
        self._entry_lead = array("q")
        self._lengths = array("q")  # logical streak lengths
        self._derived = tuple(_DerivedRoad(self.tails) for _ in _KS)
        self._marked = bytearray()  # per Banker/Player hand: bit k-1 set if road k gained a mark
        self._cells: dict[str, tuple[Any, ...]] = {}  # cell tuples already built, until a change
        total = len(hands) if isinstance(hands, Sized) else 0
        for hand in steps(hands, total=total, label="Building the roads"):
            self.add(hand)

    # -- changing ----------------------------------------------------------------------------

    def add(self, hand: Hand) -> None:
        """Add the next hand."""
        index = len(self._hands)
        self._hands.append(hand)
        self._count(hand, 1)
        self._cells.clear()
        outcome = hand.outcome
        leads = self._entry_lead
        if outcome is _TIE:
            if not leads:
                self._big.add(True)
                self._entry_first.append(index)
                leads.append(_NO_LEAD)
            return

        lengths = self._lengths
        if leads and leads[-1] == _NO_LEAD:
            # The first Banker/Player coup takes over the cell of the ties before it.
            leads[-1] = index
            lengths.append(1)
        else:
            new_streak = not leads or outcome is not self._hands[leads[-1]].outcome
            if new_streak:
                lengths.append(1)
            else:
                lengths[-1] += 1
            self._big.add(new_streak)
            self._entry_first.append(index)
            leads.append(index)

        streak, depth = len(lengths), lengths[-1]
        marked = 0
        for k, road in zip(_KS, self._derived, strict=True):
            colour = derived_mark(lengths, streak, depth, k)
            if colour is not None:
                road.add(colour)
                marked |= 1 << (k - 1)
        self._marked.append(marked)

    def undo(self) -> Hand:
        """Remove the last hand and return it. Raises IndexError when there is none."""
        if not self._hands:
            raise IndexError("there is no hand to undo")
        hand = self._hands.pop()
        index = len(self._hands)
        self._count(hand, -1)
        self._cells.clear()
        if hand.outcome is not _TIE:
            marked = self._marked.pop()
            for k, road in zip(_KS, self._derived, strict=True):
                if marked & 1 << (k - 1):
                    road.pop()
            if self._lengths[-1] == 1:
                self._lengths.pop()
            else:
                self._lengths[-1] -= 1
            self._entry_lead[-1] = _NO_LEAD  # ties before it stay, as the tie-only entry
        if self._entry_first and self._entry_first[-1] == index:
            self._entry_first.pop()
            self._entry_lead.pop()
            self._big.pop()
        return hand

    def _count(self, hand: Hand, step: int) -> None:
        counts = self._counts
        counts[_OUTCOME_SLOT[hand.outcome]] += step
        if hand.banker_pair:
            counts[3] += step
        if hand.player_pair:
            counts[4] += step
        if hand.natural:
            counts[5] += step

    # -- reading -----------------------------------------------------------------------------

    @property
    def hands(self) -> Sequence[Hand]:
        return tuple(self._hands)

    def __len__(self) -> int:
        return len(self._hands)

    @property
    def stats(self) -> Stats:
        return Stats(len(self._hands), *self._counts)

    @property
    def streak_lengths(self) -> tuple[int, ...]:
        """The length of every logical big-road streak, in order."""
        return tuple(self._lengths)

    def _cached(self, road: str, build: Callable[[], tuple[Any, ...]]) -> tuple[Any, ...]:
        cells = self._cells.get(road)
        if cells is None:
            cells = self._cells[road] = build()
        return cells

    @property
    def bead_plate(self) -> tuple[BeadCell, ...]:
        return self._cached("bead_plate", self._bead_plate)

    @property
    def big_road(self) -> tuple[BigRoadCell, ...]:
        return self._cached("big_road", self._big_road)

    @property
    def big_eye_boy(self) -> tuple[DerivedCell, ...]:
        return self._cached("big_eye_boy", self._derived[0].cells)

    @property
    def small_road(self) -> tuple[DerivedCell, ...]:
        return self._cached("small_road", self._derived[1].cells)

    @property
    def cockroach_pig(self) -> tuple[DerivedCell, ...]:
        return self._cached("cockroach_pig", self._derived[2].cells)

    def _bead_plate(self) -> tuple[BeadCell, ...]:
        return tuple(
            BeadCell(
                i // ROWS,
                i % ROWS,
                i,
                hand.outcome,
                hand.banker_pair,
                hand.player_pair,
                hand.natural,
            )
            for i, hand in enumerate(self._hands)
        )

    def _big_road(self) -> tuple[BigRoadCell, ...]:
        hands = self._hands
        p = self._big
        if not p:
            return ()
        ends = [*self._entry_first[1:], len(hands)]
        cells = []
        for col, row, (streak, depth), first, end, lead in zip(
            p.cols, p.rows, p.streaks(), self._entry_first, ends, self._entry_lead, strict=True
        ):
            merged = hands[first:end]
            led = lead != _NO_LEAD
            cells.append(
                BigRoadCell(
                    col,
                    row,
                    streak,
                    depth,
                    hands[lead].outcome if led else _TIE,
                    end - first - led,
                    tuple(range(first, end)),
                    any(h.banker_pair for h in merged),
                    any(h.player_pair for h in merged),
                    led and hands[lead].natural,
                )
            )
        return tuple(cells)

    @property
    def ask(self) -> Ask:
        """The marks each derived road would gain from a Banker, or a Player, coup next."""
        lengths = self._lengths
        if not lengths:
            return Ask()
        current = self._hands[self._entry_lead[-1]].outcome
        streak = len(lengths)

        def answer(outcome: Outcome) -> AskAnswer:
            position = (streak, lengths[-1] + 1) if outcome is current else (streak + 1, 1)
            return AskAnswer(*(derived_mark(lengths, *position, k) for k in _KS))

        return Ask(answer(Outcome.BANKER), answer(Outcome.PLAYER))
