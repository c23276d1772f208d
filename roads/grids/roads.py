"""The five roads of a sequence of hands, kept up to date one hand at a time."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

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
from roads.grids.placement import ROWS, Placement
from roads.hands.hand import Hand

_TIE = Outcome.TIE
_RED, _BLUE = Colour.RED, Colour.BLUE
_DEPTHS = (1, 2, 3)


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

    def __init__(self) -> None:
        self.placement = Placement()
        self.colours: list[Colour] = []

    def add(self, colour: Colour) -> None:
        self.placement.add(not self.colours or colour is not self.colours[-1])
        self.colours.append(colour)

    def pop(self) -> None:
        self.placement.pop()
        self.colours.pop()

    def cells(self) -> tuple[DerivedCell, ...]:
        p = self.placement
        return tuple(map(DerivedCell, p.cols, p.rows, p.streaks, p.depths, self.colours))


class Roads:
    """Bead plate, big road, Big Eye Boy, Small Road and Cockroach Pig of a sequence of hands.

    ``add`` and ``undo`` change the roads by one hand in O(1); building from a whole sequence
    is the same as adding its hands one by one.
    """

    def __init__(self, hands: Iterable[Hand] = ()) -> None:
        self._hands: list[Hand] = []
        self._counts = [0] * 6  # banker, player, tie, banker_pair, player_pair, natural
        self._big = Placement()
        self._entries: list[list[int]] = []  # hand indexes merged into each big-road cell
        self._entry_outcomes: list[Outcome] = []
        self._lengths: list[int] = []  # logical streak lengths
        self._derived = (_DerivedRoad(), _DerivedRoad(), _DerivedRoad())
        self._marked: list[int] = []  # per Banker/Player hand: bit k-1 set if road k gained a mark
        for hand in hands:
            self.add(hand)

    # -- changing ----------------------------------------------------------------------------

    def add(self, hand: Hand) -> None:
        """Add the next hand."""
        index = len(self._hands)
        self._hands.append(hand)
        self._count(hand, 1)
        outcome = hand.outcome
        entries = self._entries
        if outcome is _TIE:
            if entries:
                entries[-1].append(index)
            else:
                self._big.add(True)
                entries.append([index])
                self._entry_outcomes.append(_TIE)
            return

        lengths = self._lengths
        if entries and self._entry_outcomes[-1] is _TIE:
            # The first Banker/Player coup takes over the cell of the ties before it.
            entries[-1].append(index)
            self._entry_outcomes[-1] = outcome
            lengths.append(1)
        else:
            new_streak = not lengths or outcome is not self._entry_outcomes[-1]
            if new_streak:
                lengths.append(1)
            else:
                lengths[-1] += 1
            self._big.add(new_streak)
            entries.append([index])
            self._entry_outcomes.append(outcome)

        streak, depth = len(lengths), lengths[-1]
        marked = 0
        for k, road in zip(_DEPTHS, self._derived, strict=True):
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
        self._count(hand, -1)
        entry = self._entries[-1]
        entry.pop()
        if hand.outcome is not _TIE:
            marked = self._marked.pop()
            for k, road in zip(_DEPTHS, self._derived, strict=True):
                if marked & 1 << (k - 1):
                    road.pop()
            if self._lengths[-1] == 1:
                self._lengths.pop()
            else:
                self._lengths[-1] -= 1
            if entry:
                self._entry_outcomes[-1] = _TIE  # back to the ties held before the first coup
        if not entry:
            self._entries.pop()
            self._entry_outcomes.pop()
            self._big.pop()
        return hand

    def _count(self, hand: Hand, step: int) -> None:
        counts = self._counts
        counts[(Outcome.BANKER, Outcome.PLAYER, _TIE).index(hand.outcome)] += step
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

    @property
    def bead_plate(self) -> tuple[BeadCell, ...]:
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

    @property
    def big_road(self) -> tuple[BigRoadCell, ...]:
        p = self._big
        hands = self._hands
        cells = []
        for i, entry in enumerate(self._entries):
            merged = [hands[index] for index in entry]
            outcome = self._entry_outcomes[i]
            lead = next((h for h in merged if h.outcome is not _TIE), None)
            cells.append(
                BigRoadCell(
                    p.cols[i],
                    p.rows[i],
                    p.streaks[i],
                    p.depths[i],
                    outcome,
                    sum(1 for h in merged if h.outcome is _TIE),
                    tuple(entry),
                    any(h.banker_pair for h in merged),
                    any(h.player_pair for h in merged),
                    lead is not None and lead.natural,
                )
            )
        return tuple(cells)

    @property
    def big_eye_boy(self) -> tuple[DerivedCell, ...]:
        return self._derived[0].cells()

    @property
    def small_road(self) -> tuple[DerivedCell, ...]:
        return self._derived[1].cells()

    @property
    def cockroach_pig(self) -> tuple[DerivedCell, ...]:
        return self._derived[2].cells()

    @property
    def ask(self) -> Ask:
        """The marks each derived road would gain from a Banker, or a Player, coup next."""
        lengths = self._lengths
        if not lengths:
            return Ask()
        current = self._entry_outcomes[-1]
        streak = len(lengths)

        def answer(outcome: Outcome) -> AskAnswer:
            position = (streak, lengths[-1] + 1) if outcome is current else (streak + 1, 1)
            return AskAnswer(*(derived_mark(lengths, *position, k) for k in _DEPTHS))

        return Ask(answer(Outcome.BANKER), answer(Outcome.PLAYER))
