"""The exact odds grouped by the values the six cards show: a fixed table, worked out once.

Every ordering of six cards from the shoe shows six values; the orderings that show the same
values *with the same multiplicities* (a multiset: say three 0s, a 4, a 7 and a 9) come out in
``w(D) = prod over v of c_v (c_v - 1) ... (c_v - m_v + 1)`` ways from a shoe of ``c_v`` cards of
each value ``v`` (the cards of a value told apart, as every count in roads does). Which of the
value sequences of a multiset the Banker, the Player or a Tie wins depends on the third-card
rules alone, not on the cards left. So the Banker's (and the Tie's) count is a fixed sum

    banker = sum over the 5005 multisets D of six values of K_banker(D) * w(D)

with ``K_banker(D)`` the number of value sequences of ``D`` (Player, Banker, Player, Banker,
then the third cards, then the cards no one used) that the Banker wins. The coefficients are
worked out here once, in integers; an engine only evaluates ``w`` for the cards left and takes
two dot products. ``w`` factors over the values 0-4 and 5-9: ``w(D) = low(D) * high(D)``, each
half a product of five falling factorials, so an engine evaluates 2 x 462 half products and
5005 products of two.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from operator import mul

from roads.game import rules
from roads.values import frozen

CARDS = 6
"""Cards a coup may need: every count is of orderings of six cards."""
BASE = CARDS + 1
"""Multiplicities 0-6: a multiset of values is coded as the number with digit ``m_v`` at ``v``."""
HALF = 5
"""Values 0-4 make the low half, 5-9 the high half."""


@frozen
class Groups:
    """The grouped enumeration's fixed tables.

    ``halves[j][h]`` is the multiplicity of value ``j`` (low half) or ``j + 5`` (high half) in
    half multiset ``h`` (the low half's multisets first, then the high half's); ``low[d]`` and
    ``high[d]`` index the halves of six-value multiset ``d`` in ``halves``; ``banker[d]`` and
    ``tie[d]`` are the value sequences of ``d`` that the Banker wins and that tie.

    The half multisets come by size, those of size ``s`` from ``sizes[s]`` to ``sizes[s + 1]``
    (in each half); the six-value multisets by the size of their low half, then by the low
    half, then by the high half: those with a low half of size ``s`` make a block of
    ``(sizes[s + 1] - sizes[s]) x (sizes[7 - s] - sizes[6 - s])`` coefficients, row by row.
    """

    halves: tuple[tuple[int, ...], ...]
    sizes: tuple[int, ...]
    low: tuple[int, ...]
    high: tuple[int, ...]
    banker: tuple[int, ...]
    tie: tuple[int, ...]


def _half_codes() -> list[list[int]]:
    """The codes of the multisets of one half's five values, by size 0-6, in order."""
    by_size: list[list[int]] = [[0]] + [[] for _ in range(CARDS)]
    for size in range(1, CARDS + 1):
        # One more card of a value no lower than the highest already there: each multiset once.
        found = {code + BASE**v for code in by_size[size - 1] for v in range(_highest(code), HALF)}
        by_size[size] = sorted(found)
    return by_size


def _highest(code: int) -> int:
    """The highest value in the multiset ``code`` (0 when empty)."""
    value = 0
    while code >= BASE:
        code //= BASE
        value += 1
    return value


def _sequences() -> tuple[dict[int, int], dict[int, int]]:
    """Banker wins and ties by multiset code, counting every value sequence of six cards."""
    unit = [BASE**v for v in range(10)]
    # Coups of four and five cards, by the code of the cards they use (Banker wins, ties);
    # their unused cards are added after, every value for each.
    banker: list[dict[int, int]] = [{} for _ in range(CARDS + 1)]
    tie: list[dict[int, int]] = [{} for _ in range(CARDS + 1)]
    # The Banker's third cards that beat and that tie a Player total, by Banker total.
    beats = [
        [[unit[v] for v in range(10) if (b + v) % 10 > p] for p in range(10)] for b in range(10)
    ]
    ties = [[unit[(p - b) % 10] for p in range(10)] for b in range(10)]

    def settle(cards: int, code: int, ways: int, player: int, banker_total: int) -> None:
        if banker_total > player:
            banker[cards][code] = banker[cards].get(code, 0) + ways
        elif banker_total == player:
            tie[cards][code] = tie[cards].get(code, 0) + ways

    def third(cards: int, code: int, ways: int, player: int, banker_total: int) -> None:
        """The Banker draws: every third card, counted by the cards it gives."""
        won, tied = banker[cards], tie[cards]
        for step in beats[banker_total][player]:
            won[code + step] = won.get(code + step, 0) + ways
        code += ties[banker_total][player]
        tied[code] = tied.get(code, 0) + ways

    for code, ways, player, banker_total in _starts(unit):
        if player >= 8 or banker_total >= 8 or (player >= 6 and banker_total >= 6):
            settle(4, code, ways, player, banker_total)
        elif player >= 6:
            third(5, code, ways, player, banker_total)
        else:
            draws = rules.BANKER_DRAWS[banker_total]
            for p3 in range(10):
                final = (player + p3) % 10
                if draws[p3]:
                    third(6, code + unit[p3], ways, final, banker_total)
                else:
                    settle(5, code + unit[p3], ways, final, banker_total)
    for tables in (banker, tie):
        for cards in (4, 5):
            table = tables[cards]
            for _ in range(cards, CARDS):
                table = _one_more(table, unit)
            for code, ways in table.items():
                tables[CARDS][code] = tables[CARDS].get(code, 0) + ways
    return banker[CARDS], tie[CARDS]


def _starts(unit: list[int]) -> Iterator[tuple[int, int, int, int]]:
    """The four-card starts, each hand's two cards in either order together: the code of
    their values, the value sequences they stand for, the Player's and the Banker's totals."""
    for p1 in range(10):
        for p2 in range(p1, 10):
            player = (p1 + p2) % 10
            p_ways = 1 if p1 == p2 else 2
            for b1 in range(10):
                for b2 in range(b1, 10):
                    code = unit[p1] + unit[p2] + unit[b1] + unit[b2]
                    yield code, p_ways * (1 if b1 == b2 else 2), player, (b1 + b2) % 10


def _one_more(table: dict[int, int], unit: list[int]) -> dict[int, int]:
    """``table`` with one more card of any value after each of its sequences."""
    longer: dict[int, int] = {}
    for code, ways in table.items():
        for step in unit:
            longer[code + step] = longer.get(code + step, 0) + ways
    return longer


@cache
def groups() -> Groups:
    """The tables (worked out on first use, some 0.1 s, then kept)."""
    by_size = _half_codes()
    halves = [code for codes in by_size for code in codes]
    position = {code: i for i, code in enumerate(halves)}
    split = BASE**HALF
    banker, tie = _sequences()
    sixes = [
        low + high * split
        for size in range(CARDS + 1)
        for low in by_size[size]
        for high in by_size[CARDS - size]
    ]
    starts = [0]
    for codes in by_size:
        starts.append(starts[-1] + len(codes))
    return Groups(
        halves=tuple(
            tuple(code // BASE**j % BASE for code in halves + halves) for j in range(HALF)
        ),
        sizes=tuple(starts),
        low=tuple(position[code % split] for code in sixes),
        high=tuple(len(halves) + position[code // split] for code in sixes),
        banker=tuple(banker.get(code, 0) for code in sixes),
        tie=tuple(tie.get(code, 0) for code in sixes),
    )


@frozen
class _Rows:
    """The tables laid out for evaluation in pure Python: each half multiset's multiplicities,
    and per low half (with a nonzero coefficient) the high halves' range and the Banker's and
    the Tie's coefficients along it."""

    low: tuple[tuple[int, ...], ...]
    high: tuple[tuple[int, ...], ...]
    rows: tuple[tuple[int, int, int, tuple[int, ...], tuple[int, ...]], ...]


@cache
def _rows() -> _Rows:
    tables = groups()
    half = len(tables.halves[0]) // 2
    multiplicities = list(zip(*tables.halves, strict=True))
    sizes, rows, offset = tables.sizes, [], 0
    for size in range(CARDS + 1):
        start, stop = sizes[CARDS - size], sizes[CARDS - size + 1]
        for low in range(sizes[size], sizes[size + 1]):
            end = offset + stop - start
            rows.append((low, start, stop, tables.banker[offset:end], tables.tie[offset:end]))
            offset = end
    return _Rows(
        low=tuple(multiplicities[:half]), high=tuple(multiplicities[half:]), rows=tuple(rows)
    )


def grouped_counts(counts: Sequence[int]) -> tuple[int, int]:
    """The Banker's and the Tie's counts of orderings of six cards from ``counts`` (ten
    counts of values 0-9, already checked), evaluated from the tables in pure Python: about a
    millisecond once the tables are built (about 0.1 s, once), so worth it for many shoes."""
    tables = _rows()
    falling = []
    for count in counts:
        row = [1]
        for k in range(CARDS):
            row.append(row[-1] * (count - k) if count > k else 0)
        falling.append(row)
    f0, f1, f2, f3, f4, f5, f6, f7, f8, f9 = falling
    low = [f0[a] * f1[b] * f2[c] * f3[d] * f4[e] for a, b, c, d, e in tables.low]
    high = [f5[a] * f6[b] * f7[c] * f8[d] * f9[e] for a, b, c, d, e in tables.high]
    banker = tie = 0
    for i, start, stop, banker_row, tie_row in tables.rows:
        ways = low[i]
        if ways:
            column = high[start:stop]
            banker += ways * sum(map(mul, banker_row, column))
            tie += ways * sum(map(mul, tie_row, column))
    return banker, tie
