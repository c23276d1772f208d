"""Every figure of a study, worked out once, at the end, from the merged integer counts.

``figures`` returns the study's document (``document.Study``, whose JSON ``schema.json`` next
to this module describes); the page and the charts read only that document, so what they show
is what the JSON says.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from functools import cache

from roads.game.odds import Odds, odds_for_decks
from roads.hands.hand import Hand
from roads.notice import NOTICE
from roads.study.document import (
    FORMAT,
    VERSION,
    Ahead,
    CardRemoval,
    Curve,
    Data,
    Fairness,
    FitTest,
    FlatBet,
    FreshShoe,
    GoodnessOfFit,
    Independence,
    Origin,
    Outcomes,
    Signal,
    SignalTable,
    Study,
    Test,
    Unconditional,
)
from roads.study.exact import ExactCoup
from roads.study.fairness import (
    ALPHA,
    MIN_BETS,
    ShareTest,
    detectable,
    half_width,
    holm,
    mirror_of,
    share_test,
    shoes_to_catch,
)
from roads.study.numbers import BANKER_PAYS
from roads.study.numbers import banker_return as _banker_return
from roads.study.numbers import number as _number
from roads.study.numbers import player_return as _player_return
from roads.study.numbers import share as _share
from roads.study.own_bets import OwnBet, own_bets
from roads.study.perfect import perfect_play
from roads.study.removal import card_removal
from roads.study.shoe_results import METHOD, Results, ahead_after_each
from roads.study.signals import BANKER, CELLS, PLAYER, SIGNALS, TIE, named_rows
from roads.study.statistics import Z95, Mean, independence, mean_of, wilson
from roads.study.table_bets import TableCounted, bets_part
from roads.study.wording import conclusions
from roads.values import frozen

__all__ = ["BANKER_PAYS", "figures", "prepare"]

_LEVEL = 0.95


def _fresh(odds: Odds, at: TableCounted | None = None) -> FreshShoe:
    banker_edge = -_banker_return(odds.banker, odds.player, odds.total)
    player_edge = -_player_return(odds.banker, odds.player, odds.total)
    if at is not None:  # the edges of the study's table
        banker_edge, player_edge = -at.flat.banker.expected, -at.flat.player.expected
    return FreshShoe(
        odds=odds,
        p_banker=_number(Fraction(odds.banker, odds.total)),
        p_player=_number(Fraction(odds.player, odds.total)),
        p_tie=_number(Fraction(odds.tie, odds.total)),
        banker_edge=_number(banker_edge),
        player_edge=_number(player_edge),
    )


def _table(counts: Sequence[int], name: str) -> list[list[int]]:
    """Bets by the side named (rows Banker, Player) and the next coup's outcome (columns)."""
    banker, player = named_rows(counts, name)
    return [banker, player]


def _units(table: Sequence[Sequence[int]]) -> Fraction:
    lost = table[BANKER][PLAYER] + table[PLAYER][BANKER]
    return BANKER_PAYS * table[BANKER][BANKER] + table[PLAYER][PLAYER] - lost


def _expected(table: Sequence[Sequence[int]], odds: Odds) -> Fraction:
    """The exact expected result (fresh shoe) of the bets of ``table``, in units."""
    b, p, t = odds.banker, odds.player, odds.total
    return sum(table[BANKER]) * _banker_return(b, p, t) + sum(table[PLAYER]) * _player_return(
        b, p, t
    )


def _test_fields(test: ShareTest) -> Test:
    low, high = wilson(test.observed, test.trials)
    share, exact = test.share, test.expected_share
    return Test(
        count=test.observed,
        of=test.trials,
        share=_number(share) if share is not None else None,
        low=_number(low) if test.trials else None,
        high=_number(high) if test.trials else None,
        exact=_number(exact) if exact is not None else None,
        z=_number(test.z),
        p_value=_number(test.p_value),
    )


def _won_test(table: Sequence[Sequence[int]], odds: Odds) -> ShareTest:
    """The wins among a signal's decided bets against the exact chance of the sides named."""
    decided = odds.banker + odds.player
    q_banker = Fraction(odds.banker, decided)
    groups = [
        (table[BANKER][BANKER] + table[BANKER][PLAYER], q_banker),
        (table[PLAYER][BANKER] + table[PLAYER][PLAYER], 1 - q_banker),
    ]
    return share_test(table[BANKER][BANKER] + table[PLAYER][PLAYER], groups)


AHEAD_AFTER = (1, 10, 100)
"""The numbers of shoes after which the study gives the chance of being ahead (``Ahead``)."""


def _signal(
    name: str,
    description: str,
    total: Sequence[int],
    segments: Sequence[Sequence[int]],
    odds: Odds,
    pairs: Sequence[tuple[int, int]],
    at: TableCounted | None = None,
) -> Signal:
    table = _table(total, name)
    bets = sum(map(sum, table))
    won = table[BANKER][BANKER] + table[PLAYER][PLAYER]
    lost = table[BANKER][PLAYER] + table[PLAYER][BANKER]
    tied = table[BANKER][TIE] + table[PLAYER][TIE]
    won_test = _won_test(table, odds)
    banker, player, tie = (
        _share(table[BANKER][outcome] + table[PLAYER][outcome], bets)
        for outcome in (BANKER, PLAYER, TIE)
    )
    priced = _Priced.of(table, name, odds, at)
    mean = priced.mean
    flat = _flat_fields(priced.units, mean, priced.expected / bets if bets else None)
    width = half_width(mean.error) if mean else None
    return Signal(
        name=name,
        description=description,
        bets=bets,
        won_of_decided=_test_fields(won_test),
        mirror_of=None,
        p_adjusted=None,
        verdict="too few bets",
        visible_difference=_number(100 * width) if width is not None else None,
        detectable_difference=None,
        shoes_for_half_percent=None,
        ahead=_measured_ahead(pairs),
        named_banker=sum(table[BANKER]),
        named_player=sum(table[PLAYER]),
        won=won,
        lost=lost,
        tied=tied,
        table=SignalTable(banker_named=tuple(table[BANKER]), player_named=tuple(table[PLAYER])),
        next_coup=Outcomes(banker=banker, player=player, tie=tie),
        independence=_independence_fields(table),
        flat_bet=flat,
        curve=_curve(segments, name, odds) if at is None else _table_curve(segments, name, at),
    )


def _measured_ahead(pairs: Sequence[tuple[int, int]]) -> Ahead:
    """The chances of being ahead from a signal's measured per-shoe results."""
    one, ten, hundred = (_number(chance) for chance in ahead_after_each(pairs, AHEAD_AFTER))
    return Ahead(one=one, ten=ten, hundred=hundred, method=METHOD)


@frozen
class _Priced:
    """A signal's flat bet priced: the sample mean per bet with its interval, the exact
    expectation in all and the units won."""

    mean: Mean | None
    expected: Fraction
    units: Fraction

    @classmethod
    def of(cls, table: list[list[int]], name: str, odds: Odds, at: TableCounted | None) -> _Priced:
        """Priced by the standard table's Banker and Player bets, or by the named table's bets,
        class by class of the coups, where there is one."""
        if at is not None:
            rows = at.flat.rows(at.total, name)
            return cls(
                mean_of(at.flat.values(rows)),
                at.flat.expected(rows),
                at.flat.units(rows),
            )
        lost = table[BANKER][PLAYER] + table[PLAYER][BANKER]
        tied = table[BANKER][TIE] + table[PLAYER][TIE]
        values = [
            (float(BANKER_PAYS), table[BANKER][BANKER]),
            (1.0, table[PLAYER][PLAYER]),
            (-1.0, lost),
            (0.0, tied),
        ]
        return cls(mean_of(values), _expected(table, odds), _units(table))


def _flat_fields(
    units: Fraction | float, mean: Mean | None, per_bet_expected: Fraction | float | None
) -> FlatBet:
    """The flat bet's result: units, per bet with its interval, and the exact expectation."""
    return FlatBet(
        units=_number(units),
        per_bet=_number(mean.mean) if mean else None,
        low=_number(mean.low) if mean and math.isfinite(mean.low) else None,
        high=_number(mean.high) if mean and math.isfinite(mean.high) else None,
        exact_expected_per_bet=(
            _number(per_bet_expected) if per_bet_expected is not None else None
        ),
        exact_house_edge=(_number(-per_bet_expected) if per_bet_expected is not None else None),
    )


def _independence_fields(table: list[list[int]]) -> Independence | None:
    """The chi-square test of the next coup's independence from the named side, if any."""
    test = independence(table)
    if not test:
        return None
    return Independence(
        test="chi-square",
        statistic=_number(test.statistic),
        df=test.df,
        p_value=_number(test.p_value),
    )


def _curve(segments: Sequence[Sequence[int]], name: str, odds: Odds) -> Curve:
    """The running result of the flat bet and its exact expectation, segment by segment, in
    whole numbers over one denominator each (the same values as ``_units`` and ``_expected``:
    a Banker bet pays ``n / d``, so every result is a multiple of ``1 / d``, and every exact
    expectation one of ``1 / (d * total)``)."""
    pays = Fraction(BANKER_PAYS)
    n, d = pays.numerator, pays.denominator
    b, p, t = odds.banker, odds.player, odds.total
    banker_ways, player_ways = n * b - d * p, d * (p - b)
    bets_curve: list[int] = []
    units_curve: list[float] = []
    expected_curve: list[float] = []
    bb = bp = bt = pb = pp = pt = 0
    for segment in segments:
        banker, player = named_rows(segment, name)
        bb, bp, bt = bb + banker[BANKER], bp + banker[PLAYER], bt + banker[TIE]
        pb, pp, pt = pb + player[BANKER], pp + player[PLAYER], pt + player[TIE]
        named_banker, named_player = bb + bp + bt, pb + pp + pt
        bets_curve.append(named_banker + named_player)
        units_curve.append(_number(Fraction(n * bb + d * (pp - bp - pb), d)))
        expected = named_banker * banker_ways + named_player * player_ways
        expected_curve.append(_number(Fraction(expected, d * t)))
    return Curve(bets=tuple(bets_curve), units=tuple(units_curve), expected=tuple(expected_curve))


def _table_curve(segments: Sequence[Sequence[int]], name: str, at: TableCounted) -> Curve:
    """``_curve`` priced by the named table's bets, class by class of the coups."""
    bets_curve: list[int] = []
    units_curve: list[float] = []
    expected_curve: list[float] = []
    running = [0, 0, 0, 0, 0, 0]
    so_far = ([0] * at.flat.pricing.size, [0] * at.flat.pricing.size)
    for segment, by_class in zip(segments, at.segments, strict=True):
        banker, player = named_rows(segment, name)
        for k, value in enumerate(banker + player):
            running[k] += value
        bets_curve.append(sum(running))
        for row, more in zip(so_far, at.flat.rows(by_class, name), strict=True):
            for k, value in enumerate(more):
                row[k] += value
        units_curve.append(_number(at.flat.units(so_far)))
        expected_curve.append(_number(at.flat.expected(so_far)))
    return Curve(bets=tuple(bets_curve), units=tuple(units_curve), expected=tuple(expected_curve))


@cache
def _fresh_odds(decks: int) -> Odds:
    return odds_for_decks(decks)


def prepare(decks: int) -> None:
    """Work out ahead what the figures need besides the counts: the side each signal names in
    each state and where its bets are counted, and the exact odds of a fresh shoe (all kept),
    so that a study counting in other processes has them ready when its counts come back.

    Parameters:
        decks: the decks of a fresh shoe.
    """
    _fresh_odds(decks)
    zeros = [0] * CELLS
    for signal in SIGNALS:
        named_rows(zeros, signal.name)


def figures(
    *,
    data: Origin,
    decks: int,
    segments: Sequence[Sequence[int]],
    bounds: Sequence[int],
    exact: Sequence[ExactCoup],
    exact_shoes: int,
    own: tuple[Sequence[Sequence[Hand]], Sequence[OwnBet]] = ((), ()),
    results: Results,
    at: TableCounted | None = None,
    exact_dealt: int = 0,
) -> Study:
    """The study document.

    Parameters:
        data: where the shoes came from.
        decks: the decks of a fresh shoe, for the exact odds.
        segments: the ``CELLS`` counts of consecutive ranges of shoes, ending after ``bounds``
            shoes.
        bounds: the shoes counted after each segment.
        exact: the coups of the first ``exact_shoes`` shoes with their exact odds.
        exact_shoes: how many shoes ``exact`` covers.
        own: the shoes and settled practice bets of the journals read (``own_bets``).
        at: the counts of a named table, which then prices every flat bet and the exact part,
            and whose bets the document reports (``table``).
        exact_dealt: the coups the first ``exact_shoes`` shoes dealt: those not in ``exact``
            are counted as left out of the exact part.
        results: how many shoes ended at each result of each signal's flat bet
            (``shoe_results``; at a named table, priced by it), for the chances of being
            ahead.
    """
    total = [sum(column) for column in zip(*segments, strict=True)] if segments else [0] * CELLS
    by_outcome = [sum(total[outcome::3]) for outcome in (BANKER, PLAYER, TIE)]
    coups = sum(by_outcome)
    odds = _fresh_odds(decks)
    banker, player, tie = (_share(count, coups) for count in by_outcome)
    signals = [
        _signal(signal.name, signal.description, total, segments, odds, pairs, at)
        for signal, pairs in zip(SIGNALS, results, strict=True)
    ]
    fairness, signals, fit = _fairness(signals, _goodness_of_fit(by_outcome, odds))
    signals = [_power(signal, odds, fairness.tests, data.shoes) for signal in signals]
    document = Study(
        fairness=fairness,
        format=FORMAT,
        version=VERSION,
        notice=NOTICE,
        data=Data.of(data, decks, coups),
        confidence=_LEVEL,
        z=_number(Z95),
        unconditional=Unconditional(coups=coups, banker=banker, player=player, tie=tie),
        exact_fresh_shoe=_fresh(odds, at),
        curve_shoes=tuple(bounds),
        signals=tuple(signals),
        card_removal=(
            _left_out(card_removal(exact, exact_shoes, odds, at), exact_dealt) if exact else None
        ),
        perfect_play=perfect_play(exact, exact_shoes, _number) if exact else None,
        own_bets=own_bets(own[0], own[1], decks, _number),
        table=(bets_part(at.flat.pricing, at.deals, decks, _number) if at is not None else None),
        goodness_of_fit=fit,
        conclusions=(),
    )
    return replace(document, conclusions=tuple(conclusions(document)))


def _left_out(removal: CardRemoval, dealt: int) -> CardRemoval:
    """``removal`` with the coups of its shoes it could not count exactly, if any."""
    missing = dealt - removal.coups
    return replace(removal, left_out=missing) if missing > 0 else removal


def _goodness_of_fit(by_outcome: Sequence[int], odds: Odds) -> tuple[Test, Test]:
    """Every coup against the exact odds: the share of ties, and Banker's share of the decided
    coups."""
    coups = sum(by_outcome)
    decided = by_outcome[BANKER] + by_outcome[PLAYER]
    tie = share_test(by_outcome[TIE], [(coups, Fraction(odds.tie, odds.total))])
    banker = share_test(
        by_outcome[BANKER], [(decided, Fraction(odds.banker, odds.banker + odds.player))]
    )
    return _test_fields(tie), _test_fields(banker)


def _power(signal: Signal, odds: Odds, tests: int, shoes: int) -> Signal:
    """``signal`` with the difference per bet its test catches 8 times in 10 at the alarm's
    level among ``tests`` tests, and the shoes that catch 0.5% so."""
    if signal.bets < MIN_BETS:
        return signal
    q_banker = Fraction(odds.banker, odds.banker + odds.player)
    table = signal.table
    decided = [
        (table.banker_named[BANKER] + table.banker_named[PLAYER], q_banker, float(BANKER_PAYS)),
        (table.player_named[BANKER] + table.player_named[PLAYER], 1 - q_banker, 1.0),
    ]
    difference = detectable(decided, signal.bets, tests)
    return replace(
        signal,
        detectable_difference=_number(100 * difference) if difference is not None else None,
        shoes_for_half_percent=shoes_to_catch(difference, shoes),
    )


_FIT_NAMES = ("tie", "banker_of_decided")
"""The tests of every coup, as ``GoodnessOfFit`` names them."""


def _fairness(
    signals: Sequence[Signal], fit: tuple[Test, Test]
) -> tuple[Fairness, list[Signal], GoodnessOfFit]:
    """Holm's adjustment over the distinct tests: the study's ``fairness``, its signals with
    their ``mirror_of``, ``p_adjusted`` and ``verdict``, and the tests of every coup with
    their ``p_adjusted``."""
    tables = [[s.table.banker_named, s.table.player_named] for s in signals]
    mirrors = mirror_of(tables)
    family: list[tuple[str, float]] = []
    mirrored: list[str | None] = []
    for signal, mirror in zip(signals, mirrors, strict=True):
        mirrored.append(signals[mirror].name if mirror is not None else None)
        if mirror is None and signal.bets >= MIN_BETS:
            family.append((signal.name, signal.won_of_decided.p_value))
    for name, test in zip(_FIT_NAMES, fit, strict=True):
        if test.of >= MIN_BETS:
            family.append((name, test.p_value))
    adjusted = dict(zip((n for n, _ in family), holm([p for _, p in family]), strict=True))
    tie, banker = (
        FitTest.adjusted(test, _number(adjusted[name]) if name in adjusted else None)
        for name, test in zip(_FIT_NAMES, fit, strict=True)
    )
    judged = []
    for signal, twin in zip(signals, mirrored, strict=True):
        own = twin or signal.name
        if signal.bets < MIN_BETS or own not in adjusted:
            judged.append(replace(signal, mirror_of=twin))
            continue
        verdict = "beyond chance" if adjusted[own] < ALPHA else "within chance"
        judged.append(
            replace(signal, mirror_of=twin, p_adjusted=_number(adjusted[own]), verdict=verdict)
        )
    worst = min(family, key=lambda item: adjusted[item[0]], default=None)
    smallest = adjusted[worst[0]] if worst else 1.0
    fairness = Fairness(
        alarm=smallest < ALPHA,
        p_adjusted=_number(smallest),
        method="holm",
        tests=len(family),
        # Clearest first: by the unadjusted p-value (the largest |z|), then by name.
        beyond=tuple(
            name for name, p in sorted(family, key=lambda t: (t[1], t[0])) if adjusted[name] < ALPHA
        ),
    )
    return fairness, judged, GoodnessOfFit(tie=tie, banker_of_decided=banker)
