"""The five roads of a sequence of hands, kept up to date one hand at a time: the reference of the
``roads`` concept (``roads.engines``; ``roads.grids.batch`` builds a whole ``Batch`` with it)."""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence, Sized
from functools import cache
from itertools import starmap
from typing import Any

from roads.errors import RoadsError
from roads.game.coup import Outcome
from roads.grids.cells import (
    Ask,
    AskAnswer,
    BeadCell,
    BigRoadCell,
    Cell,
    Colour,
    DerivedCell,
    Stats,
)
from roads.grids.placement import INDEX, ROWS, Placement, Tails, tails_named
from roads.grids.road import DERIVED, Road
from roads.hands.hand import Hand
from roads.progress import steps
from roads.tables import STANDARD, Table
from roads.tables.deal import Deal, Totals
from roads.tables.marks import MARKS

_TIE = Outcome.TIE
_RED, _BLUE = Colour.RED, Colour.BLUE
_COLOURS = (_RED, _BLUE)
_OUTCOME_SLOT = {Outcome.BANKER: 0, Outcome.PLAYER: 1, Outcome.TIE: 2}
_TIE_SLOT = _OUTCOME_SLOT[_TIE]
SLOT_OUTCOME = (Outcome.BANKER, Outcome.PLAYER, Outcome.TIE)
BANKER_PAIR, PLAYER_PAIR, NATURAL = 4, 8, 16
_FLAGS = BANKER_PAIR | PLAYER_PAIR | NATURAL
_MARK_BITS = {mark.name: 32 << i for i, mark in enumerate(MARKS)}
"""A hand's code: its outcome slot (0-2), a bit for each flag and for each mark it carries
(from its cards or its flags, whatever the table); one byte per hand."""
_KS = tuple(road.compares for road in DERIVED)
"""How many columns back each derived road compares, in order."""
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


def ask_of(lengths: Sequence[int], current: Outcome) -> Ask:
    """The ask road of a big road, as ``Roads.ask`` gives it.

    Parameters:
        lengths: the lengths of the logical streaks (at least one), in order.
        current: the outcome whose wins the last streak holds.
    """
    streak = len(lengths)

    def answer(outcome: Outcome) -> AskAnswer:
        position = (streak, lengths[-1] + 1) if outcome is current else (streak + 1, 1)
        return AskAnswer(tuple(derived_mark(lengths, *position, k) for k in _KS))

    return Ask(answer(Outcome.BANKER), answer(Outcome.PLAYER))


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
        return tuple(self.iter_cells())

    def iter_cells(self) -> Iterator[DerivedCell]:
        return starmap(DerivedCell, self.iter_fields())

    def iter_fields(self) -> Iterator[tuple[int, int, int, int, Colour]]:
        p = self.placement
        for col, row, (streak, depth), code in zip(
            p.cols, p.rows, p.streaks(), self.colours, strict=True
        ):
            yield col, row, streak, depth, _COLOURS[code]

    def window(self, first: int) -> tuple[DerivedCell, ...]:
        """The cells in column ``first`` and right of it."""
        p, colours = self.placement, self.colours
        cols, rows, starts = p.cols, p.rows, p.starts
        return tuple(
            DerivedCell(cols[i], rows[i], streak, i - starts[streak], _COLOURS[colours[i]])
            for streak, start, end in p.window(first)
            for i in range(start, end)
        )


class Roads:
    """Bead plate, big road, Big Eye Boy, Small Road and Cockroach Pig of a sequence of hands.

    ``add`` and ``undo`` change the roads by one hand in O(1); building from a whole sequence
    is the same as adding its hands one by one. The roads keep one byte per hand; with
    ``keep_hands=False`` they keep nothing else of it (``hands`` is then unavailable), so a
    board of millions of coups stays small.

    ``tails`` says how the big road and the derived roads draw a streak that has turned right:
    ``"straight"`` (the default) or ``"drop-back"`` (docs/rules/roads.md). It moves drawn cells
    only: logical streaks, derived colours and the ask road are the same either way.

    ``table`` (``roads.tables``) says which coups the cells mark: its rule set's marks.
    """

    def __init__(
        self,
        hands: Iterable[Hand] = (),
        *,
        tails: Tails | str = Tails.STRAIGHT,
        keep_hands: bool = True,
        table: Table = STANDARD,
    ) -> None:
        self.tails: Tails = tails_named(tails)
        self._table = table
        self._shown = tuple((mark.name, _MARK_BITS[mark.name]) for mark in table.marks)
        self._hands: list[Hand] = []
        self._keep_hands = keep_hands
        self._codes = bytearray()  # per hand: outcome slot | flag bits
        self._counts = [0] * 6  # banker, player, tie, banker_pair, player_pair, natural
        self._big = Placement(self.tails)
        # Each big-road entry holds the hands from its first index up to the next entry's;
        # its lead is the index of its Banker/Player hand (_NO_LEAD while it holds only ties).
        self._entry_first = array(INDEX)
        self._entry_lead = array(INDEX)
        self._lengths = array(INDEX)  # logical streak lengths
        self._derived = tuple(_DerivedRoad(self.tails) for _ in _KS)
        self._marked = bytearray()  # per Banker/Player hand: bit k-1 set if road k gained a mark
        self._cells: dict[str, tuple[Any, ...]] = {}  # cell tuples already built, until a change
        total = len(hands) if isinstance(hands, Sized) else 0
        for hand in steps(hands, total=total, label="Building the roads"):
            self.add(hand)

    @property
    def table(self) -> Table:
        """The table whose marks the cells carry."""
        return self._table

    def set_table(self, table: Table) -> None:
        """Mark the cells as ``table`` does (the roads themselves do not change)."""
        self._table = table
        self._shown = tuple((mark.name, _MARK_BITS[mark.name]) for mark in table.marks)
        self._cells.clear()

    def marks_of(self, index: int) -> tuple[str, ...]:
        """The table's marks hand ``index`` carries, in the table's order."""
        return self._marks(self._codes[index]) if self._shown else ()

    def _marks(self, code: int) -> tuple[str, ...]:
        return tuple(name for name, bit in self._shown if code & bit)

    # -- changing ----------------------------------------------------------------------------

    def add(self, hand: Hand) -> None:
        """Add the next hand."""
        codes = self._codes
        index = len(codes)
        if self._keep_hands:
            self._hands.append(hand)
        code = hand_code(hand)
        codes.append(code)
        self._counts[code & 3] += 1
        if code & _FLAGS:
            self._count_flags(code, 1)
        if self._cells:
            self._cells.clear()
        leads = self._entry_lead
        if code & 3 == _TIE_SLOT:
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
            new_streak = not leads or code & 3 != codes[leads[-1]] & 3
            if new_streak:
                lengths.append(1)
            else:
                lengths[-1] += 1
            self._big.add(new_streak)
            self._entry_first.append(index)
            leads.append(index)

        streak, depth = len(lengths), lengths[-1]
        marked = 0
        derived = self._derived
        for i, k in enumerate(_KS):
            colour = derived_mark(lengths, streak, depth, k)
            if colour is not None:
                derived[i].add(colour)
                marked |= 1 << i
        self._marked.append(marked)

    def undo(self) -> Hand:
        """Remove the last hand and return it. Raises IndexError when there is none."""
        if not self._codes:
            raise IndexError("there is no hand to undo")
        code = self._codes.pop()
        hand = self._hands.pop() if self._keep_hands else hand_of_code(code)
        index = len(self._codes)
        self._count(code, -1)
        self._cells.clear()
        if hand.outcome is not _TIE:
            marked = self._marked.pop()
            for i, road in enumerate(self._derived):
                if marked & 1 << i:
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

    def _count(self, code: int, step: int) -> None:
        self._counts[code & 3] += step
        self._count_flags(code, step)

    def _count_flags(self, code: int, step: int) -> None:
        counts = self._counts
        if code & BANKER_PAIR:
            counts[3] += step
        if code & PLAYER_PAIR:
            counts[4] += step
        if code & NATURAL:
            counts[5] += step

    # -- reading -----------------------------------------------------------------------------

    @property
    def hands(self) -> Sequence[Hand]:
        """Every hand added, in order, ties included."""
        if not self._keep_hands:
            raise RoadsError("these roads were built with keep_hands=False: they keep no hands")
        return tuple(self._hands)

    def hand(self, index: int) -> Hand:
        """The hand at ``index`` (0-based; negative from the end), in O(1). Raises
        IndexError when there is none, RoadsError as ``hands`` does."""
        if not self._keep_hands:
            raise RoadsError("these roads were built with keep_hands=False: they keep no hands")
        return self._hands[index]

    def __len__(self) -> int:
        return len(self._codes)

    @property
    def stats(self) -> Stats:
        """Counts of the hands: Banker, Player and Tie wins, pairs and naturals."""
        return Stats(len(self._codes), *self._counts)

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
        """One cell per hand, ties included: hand ``i`` at column ``i // 6``, row ``i % 6``."""
        return self._cached(Road.BEAD_PLATE.attribute, self._bead_plate)

    @property
    def big_road(self) -> tuple[BigRoadCell, ...]:
        """One entry per Banker or Player hand, carrying the ties drawn on it, placed by streak
        with dragon tails (docs/rules/roads.md)."""
        return self._cached(Road.BIG_ROAD.attribute, self._big_road)

    @property
    def big_eye_boy(self) -> tuple[DerivedCell, ...]:
        """The marks of Big Eye Boy (comparing each streak with the one before), in order."""
        return self._derived_cells(Road.BIG_EYE_BOY)

    @property
    def small_road(self) -> tuple[DerivedCell, ...]:
        """The marks of Small Road (comparing with the streak two before), in order."""
        return self._derived_cells(Road.SMALL_ROAD)

    @property
    def cockroach_pig(self) -> tuple[DerivedCell, ...]:
        """The marks of Cockroach Pig (comparing with the streak three before), in order."""
        return self._derived_cells(Road.COCKROACH_PIG)

    def _derived_cells(self, road: Road) -> tuple[DerivedCell, ...]:
        return self._cached(road.attribute, self._derived[DERIVED.index(road)].cells)

    def cells(self, road: Road) -> tuple[Cell, ...]:
        """The cells of ``road``, in order (its tuple, kept until the roads change).

        Parameters:
            road: the road.
        """
        if road is Road.BEAD_PLATE:
            return self.bead_plate
        if road is Road.BIG_ROAD:
            return self.big_road
        return self._derived_cells(road)

    def _bead_plate(self) -> tuple[BeadCell, ...]:
        return tuple(self.iter_bead_plate())

    def iter_bead_plate(self) -> Iterator[BeadCell]:
        """The bead plate's cells one by one, built as they are read (for very long shoes)."""
        return map(self._bead_cell, range(len(self._codes)))

    @property
    def codes(self) -> bytes:
        """One byte per hand, in order: hands with the same byte have the same outcome, flags
        and marks, so the same bead plate cell but for its place (``bead_cell``)."""
        return bytes(self._codes)

    def bead_cell(self, i: int) -> BeadCell:
        """The bead plate's cell of hand ``i``, in O(1)."""
        return self._bead_cell(i)

    def _bead_cell(self, i: int) -> BeadCell:
        code = self._codes[i]
        return bead_of_code(i, code, self._marks(code) if self._shown else ())

    def _big_road(self) -> tuple[BigRoadCell, ...]:
        return tuple(self.iter_big_road())

    def iter_big_road(self) -> Iterator[BigRoadCell]:
        """The big road's cells one by one, built as they are read."""
        p = self._big
        for entry, (col, row, (streak, depth)) in enumerate(
            zip(p.cols, p.rows, p.streaks(), strict=True)
        ):
            yield self._big_cell(entry, col, row, streak, depth)

    def _big_cell(self, entry: int, col: int, row: int, streak: int, depth: int) -> BigRoadCell:
        """The cell of big-road entry ``entry``, drawn at (``col``, ``row``)."""
        codes, firsts = self._codes, self._entry_first
        first = firsts[entry]
        end = firsts[entry + 1] if entry + 1 < len(firsts) else len(codes)
        lead = self._entry_lead[entry]
        merged = 0
        for code in codes[first:end]:
            merged |= code
        led = lead != _NO_LEAD
        return BigRoadCell(
            col,
            row,
            streak,
            depth,
            SLOT_OUTCOME[codes[lead] & 3] if led else _TIE,
            end - first - led,
            tuple(range(first, end)),
            bool(merged & BANKER_PAIR),
            bool(merged & PLAYER_PAIR),
            led and bool(codes[lead] & NATURAL),
            self._marks(codes[lead]) if led and self._shown else (),
        )

    def marks(self) -> tuple[int, ...]:
        """How many cells each road holds, in ``Road`` order (bead plate, big road, then the
        derived roads), counted without building them."""
        derived = (len(road.placement) for road in self._derived)
        return len(self._codes), len(self._big), *derived

    def widths(self) -> tuple[int, ...]:
        """How many columns each road fills (as ``marks``, in the same order), without
        building its cells, in O(1)."""
        return tuple(self.width(road) for road in Road)

    def iter_cells(self, road: Road) -> Iterable[Cell]:
        """The cells of ``road`` in order: the road's tuple where it is already built (a
        board drawing it built it), else one by one as they are read, none held.

        Parameters:
            road: the road.
        """
        held: tuple[Cell, ...] | None = self._cells.get(road.attribute)
        if held is not None:
            return held
        if road is Road.BEAD_PLATE:
            return self.iter_bead_plate()
        if road is Road.BIG_ROAD:
            return self.iter_big_road()
        return self._derived[DERIVED.index(road)].iter_cells()

    def iter_derived(self, k: int) -> Iterator[DerivedCell]:
        """The cells of the ``k``-th derived road (1 Big Eye Boy, 2 Small Road, 3 Cockroach
        Pig: ``DERIVED[k - 1]``)."""
        return self._derived[k - 1].iter_cells()

    def iter_derived_fields(self, k: int) -> Iterator[tuple[int, int, int, int, Colour]]:
        """``iter_derived``'s cells as tuples of their fields, in the order of
        ``DerivedCell``'s: col, row, streak, depth, colour (cheaper than the cells)."""
        return self._derived[k - 1].iter_fields()

    @property
    def ask(self) -> Ask:
        """The marks each derived road would gain from a Banker, or a Player, coup next."""
        if not self._lengths:
            return Ask()
        return ask_of(self._lengths, SLOT_OUTCOME[self._codes[self._entry_lead[-1]] & 3])

    # -- windows: the last columns of a road, read without building the others ---------------

    def width(self, road: Road | str) -> int:
        """How many columns ``road`` (a ``Road`` or its name) fills, in O(1)."""
        chosen = Road.parse(road)
        if chosen is Road.BEAD_PLATE:
            return -(-len(self._codes) // ROWS)
        if chosen is Road.BIG_ROAD:
            return self._big.width
        return self._derived[DERIVED.index(chosen)].placement.width

    def last_columns(self, road: Road | str, columns: int) -> tuple[Cell, ...]:
        """The cells of ``road`` (a ``Road`` or its name) in its last ``columns`` columns, in
        order, as in the road's own tuple (the same columns and rows): what a table display
        shows as it scrolls. Its cost is that of the cells returned (and of the streaks whose
        tails cross into the window), not of the whole road."""
        if columns < 1:
            raise ValueError(f"columns must be at least 1, not {columns}")
        chosen = Road.parse(road)
        first = self.width(chosen) - columns
        if first <= 0:
            return self.cells(chosen)
        return self._cached(f"{chosen.attribute}@{first}", lambda: self._window(chosen, first))

    def _window(self, road: Road, first: int) -> tuple[Cell, ...]:
        if road is Road.BEAD_PLATE:
            return tuple(map(self._bead_cell, range(first * ROWS, len(self._codes))))
        if road is Road.BIG_ROAD:
            p = self._big
            cols, rows, starts = p.cols, p.rows, p.starts
            return tuple(
                self._big_cell(i, cols[i], rows[i], streak, i - starts[streak])
                for streak, start, end in p.window(first)
                for i in range(start, end)
            )
        return self._derived[DERIVED.index(road)].window(first)


def hand_code(hand: Hand) -> int:
    """``hand``'s byte in ``Roads.codes``: its outcome slot, flags and marks.

    Parameters:
        hand: the hand.
    """
    code = (
        _OUTCOME_SLOT[hand.outcome]
        | (BANKER_PAIR if hand.banker_pair else 0)
        | (PLAYER_PAIR if hand.player_pair else 0)
        | (NATURAL if hand.natural else 0)
    )
    coup = hand.coup
    if coup is not None:
        code |= _coup_marks(
            coup.player_total, coup.banker_total, len(coup.player_cards), len(coup.banker_cards)
        )
    else:
        for name in hand.marks:
            code |= _MARK_BITS[name]
    return code


@cache
def _coup_marks(player_total: int, banker_total: int, player_cards: int, banker_cards: int) -> int:
    """The mark bits of a coup with these totals and card counts."""
    deal = Deal(totals=Totals(player_total, banker_total, player_cards, banker_cards))
    return sum(_MARK_BITS[mark.name] for mark in MARKS if mark.on(deal))


def hand_of_code(code: int) -> Hand:
    """A hand whose code (``hand_code``) is ``code``: its result, flags and marks, no cards.

    Parameters:
        code: a hand's code.
    """
    return Hand(
        SLOT_OUTCOME[code & 3],
        bool(code & BANKER_PAIR),
        bool(code & PLAYER_PAIR),
        bool(code & NATURAL),
        marks=tuple(name for name, bit in _MARK_BITS.items() if code & bit),
    )


def bead_of_code(i: int, code: int, marks: tuple[str, ...]) -> BeadCell:
    """The bead plate's cell of hand ``i``, whose code is ``code``, carrying ``marks``."""
    return BeadCell(
        i // ROWS,
        i % ROWS,
        i,
        SLOT_OUTCOME[code & 3],
        bool(code & BANKER_PAIR),
        bool(code & PLAYER_PAIR),
        bool(code & NATURAL),
        marks,
    )


def code_marks(code: int, table: Table) -> tuple[str, ...]:
    """The names of the table's marks a hand carries, in the table's order, as
    ``Roads.marks_of`` names them.

    Parameters:
        code: the hand's code (``hand_code``).
        table: the table.
    """
    return tuple(mark.name for mark in table.marks if code & _MARK_BITS[mark.name])
