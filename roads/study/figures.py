"""Every figure of a study, worked out once, at the end, from the merged integer counts.

``figures`` returns the study's document (``document.Study``, whose JSON ``schema.json`` next
to this module describes); the page and the charts read only that document, so what they show
is what the JSON says.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from roads.game.coup import Outcome
from roads.game.odds import Odds, odds_for_decks
from roads.hands.hand import Hand
from roads.notice import NOTICE
from roads.study.document import (
    FORMAT,
    VERSION,
    Ahead,
    Bin,
    CardRemoval,
    Curve,
    Data,
    Distribution,
    EdgeAtPosition,
    Fairness,
    FitTest,
    FlatBet,
    FreshShoe,
    GoodnessOfFit,
    Independence,
    Origin,
    Outcomes,
    Share,
    Signal,
    SignalEdge,
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
    ahead_chance,
    half_width,
    holm,
    mirror_of,
    share_test,
    shoes_to_see,
)
from roads.study.own_bets import OwnBet, own_bets
from roads.study.perfect import perfect_play
from roads.study.signals import BANKER, CELLS, PLAYER, SIGNALS, STATES, TIE, sides
from roads.study.statistics import Z95, Mean, independence, mean_of, pearson, wilson
from roads.study.table_bets import Key, TableFlat, bets_part
from roads.study.wording import conclusions
from roads.tables import STANDARD, Deal

_LEVEL = 0.95
BANKER_PAYS = STANDARD.bet("banker").settle(Deal(outcome_given=Outcome.BANKER))
"""What a won Banker bet pays per unit at the standard table, read from its bet (the flat bets
are settled by that table)."""
_EDGE_BIN = Fraction(1, 1000)
"""Width of the bins of the exact-edge histogram: 0.1% of the stake."""
_PERCENTS = (0, 5, 25, 50, 75, 95, 100)
"""The percentiles of a ``Distribution``: min, p05, p25, median, p75, p95 and max."""


def _number(value: float | Fraction) -> float:
    """A float written the same way on every machine: rounded to 12 significant digits."""
    return float(f"{float(value):.12g}")


def _share(count: int, total: int) -> Share:
    low, high = wilson(count, total)
    return Share(
        count=count,
        share=_number(count / total) if total else None,
        low=_number(low) if total else None,
        high=_number(high) if total else None,
    )


def _banker_return(banker: int, player: int, total: int) -> Fraction:
    """The expected result of a 1-unit Banker bet (paid as the standard table does, ties
    push)."""
    return (BANKER_PAYS * banker - player) / total


def _player_return(banker: int, player: int, total: int) -> Fraction:
    return Fraction(player - banker, total)


def _fresh(odds: Odds, at: TableCounted | None = None) -> FreshShoe:
    banker_edge = -_banker_return(odds.banker, odds.player, odds.total)
    player_edge = -_player_return(odds.banker, odds.player, odds.total)
    if at is not None:  # the edges of the study's table
        banker_edge, player_edge = -at.flat.banker.expected, -at.flat.player.expected
    return FreshShoe(
        total=odds.total,
        banker=odds.banker,
        player=odds.player,
        tie=odds.tie,
        p_banker=_number(Fraction(odds.banker, odds.total)),
        p_player=_number(Fraction(odds.player, odds.total)),
        p_tie=_number(Fraction(odds.tie, odds.total)),
        banker_edge=_number(banker_edge),
        player_edge=_number(player_edge),
    )


def _table(counts: Sequence[int], named: Sequence[int]) -> list[list[int]]:
    """Bets by the side named (rows Banker, Player) and the next coup's outcome (columns)."""
    table = [[0, 0, 0], [0, 0, 0]]
    for state in range(STATES):
        side = named[state]
        if side >= 0:
            row = table[side]
            at = 3 * state
            row[0] += counts[at]
            row[1] += counts[at + 1]
            row[2] += counts[at + 2]
    return table


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


def _bet_moments(table: Sequence[Sequence[int]], odds: Odds) -> tuple[float, float]:
    """The exact mean and variance per bet of a 1-unit flat bet on the sides of ``table``."""
    p_b = Fraction(odds.banker, odds.total)
    p_p = Fraction(odds.player, odds.total)
    n_b, n_p = sum(table[BANKER]), sum(table[PLAYER])
    if not n_b + n_p:
        return 0.0, 0.0
    w_b = Fraction(n_b, n_b + n_p)
    mean = w_b * (BANKER_PAYS * p_b - p_p) + (1 - w_b) * (p_p - p_b)
    square = w_b * (BANKER_PAYS**2 * p_b + p_p) + (1 - w_b) * (p_p + p_b)
    return float(mean), float(square - mean * mean)


@dataclass(frozen=True)
class TableCounted:
    """What a study at a named table counted: its flat bets' pricing, the class counts of each
    segment and of all of them, and the deals of every coup (``table_bets``)."""

    flat: TableFlat
    segments: Sequence[Sequence[int]]
    total: Sequence[int]
    deals: dict[Key, int]


AHEAD_AFTER = (1, 10, 100)
"""The numbers of shoes after which the study gives the chance of being ahead (``Ahead``)."""


def _signal(
    name: str,
    description: str,
    total: Sequence[int],
    segments: Sequence[Sequence[int]],
    odds: Odds,
    shoes: int,
    at: TableCounted | None = None,
) -> Signal:
    named = sides()[name]
    table = _table(total, named)
    bets = sum(map(sum, table))
    won = table[BANKER][BANKER] + table[PLAYER][PLAYER]
    lost = table[BANKER][PLAYER] + table[PLAYER][BANKER]
    tied = table[BANKER][TIE] + table[PLAYER][TIE]
    won_test = _won_test(table, odds)
    banker, player, tie = (
        _share(table[BANKER][outcome] + table[PLAYER][outcome], bets)
        for outcome in (BANKER, PLAYER, TIE)
    )
    priced = _Priced.of(table, named, odds, at)
    exact_mean, exact_variance, mean = priced.exact_mean, priced.exact_variance, priced.mean
    flat = _flat_fields(priced.units, mean, priced.expected / bets if bets else None)
    width = half_width(mean.error) if mean else None
    per_shoe = bets / shoes if shoes else 0.0
    one, ten, hundred = (
        _number(ahead_chance(exact_mean, exact_variance, n * per_shoe)) for n in AHEAD_AFTER
    )
    return Signal(
        name=name,
        description=description,
        bets=bets,
        won_of_decided=_test_fields(won_test),
        mirror_of=None,
        p_adjusted=None,
        verdict="too few bets",
        visible_difference=_number(100 * width) if width is not None else None,
        shoes_for_half_percent=shoes_to_see(width, shoes),
        ahead=Ahead(one=one, ten=ten, hundred=hundred),
        named_banker=sum(table[BANKER]),
        named_player=sum(table[PLAYER]),
        won=won,
        lost=lost,
        tied=tied,
        table=SignalTable(banker_named=tuple(table[BANKER]), player_named=tuple(table[PLAYER])),
        next_coup=Outcomes(banker=banker, player=player, tie=tie),
        independence=_independence_fields(table),
        flat_bet=flat,
        curve=_curve(segments, named, odds, at),
    )


@dataclass(frozen=True, slots=True)
class _Priced:
    """A signal's flat bet priced: the exact mean and variance per bet, the sample mean with its
    interval, the exact expectation in all and the units won."""

    exact_mean: float
    exact_variance: float
    mean: Mean | None
    expected: Fraction
    units: Fraction

    @classmethod
    def of(
        cls, table: list[list[int]], named: Sequence[int], odds: Odds, at: TableCounted | None
    ) -> _Priced:
        """Priced by the standard table's Banker and Player bets, or by the named table's bets,
        class by class of the coups, where there is one."""
        if at is not None:
            rows = at.flat.rows(at.total, named)
            mean, variance = at.flat.moments(rows)
            return cls(
                mean,
                variance,
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
        mean, variance = _bet_moments(table, odds)
        return cls(mean, variance, mean_of(values), _expected(table, odds), _units(table))


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


def _curve(
    segments: Sequence[Sequence[int]],
    named: Sequence[int],
    odds: Odds,
    at: TableCounted | None,
) -> Curve:
    """The running result of the flat bet and its exact expectation, segment by segment
    (priced by the named table where there is one)."""
    bets_curve: list[int] = []
    units_curve: list[float] = []
    expected_curve: list[float] = []
    running = [[0, 0, 0], [0, 0, 0]]
    classed = at.segments if at is not None else [()] * len(segments)
    so_far = ([0] * at.flat.pricing.size, [0] * at.flat.pricing.size) if at is not None else None
    for segment, by_class in zip(segments, classed, strict=True):
        part = _table(segment, named)
        for side in (BANKER, PLAYER):
            for outcome in (BANKER, PLAYER, TIE):
                running[side][outcome] += part[side][outcome]
        bets_curve.append(sum(map(sum, running)))
        if at is None or so_far is None:
            units_curve.append(_number(_units(running)))
            expected_curve.append(_number(_expected(running, odds)))
            continue
        for row, more in zip(so_far, at.flat.rows(by_class, named), strict=True):
            for k, value in enumerate(more):
                row[k] += value
        units_curve.append(_number(at.flat.units(so_far)))
        expected_curve.append(_number(at.flat.expected(so_far)))
    return Curve(bets=tuple(bets_curve), units=tuple(units_curve), expected=tuple(expected_curve))


def _quantile(ordered: Sequence[Fraction], percent: int) -> Fraction:
    """The nearest-rank percentile of a sorted sample."""
    rank = max(1, math.ceil(percent * len(ordered) / 100))
    return ordered[rank - 1]


def _distribution(edges: Sequence[Fraction]) -> Distribution:
    ordered = sorted(edges)
    bins: dict[int, int] = {}
    for edge in ordered:
        key = math.floor(edge / _EDGE_BIN)
        bins[key] = bins.get(key, 0) + 1
    low, high = min(bins), max(bins)
    lowest, p05, p25, median, p75, p95, highest = (
        _number(_quantile(ordered, percent)) for percent in _PERCENTS
    )
    return Distribution(
        min=lowest,
        p05=p05,
        p25=p25,
        median=median,
        p75=p75,
        p95=p95,
        max=highest,
        mean=_number(sum(ordered, Fraction(0)) / len(ordered)),
        histogram=tuple(
            Bin(
                first=_number(key * _EDGE_BIN),
                last=_number((key + 1) * _EDGE_BIN),
                count=bins.get(key, 0),
            )
            for key in range(low, high + 1)
        ),
    )


_POSITION_STEP = 10
"""Coups per row of the edge by position in the shoe."""


def _by_position(
    exact: Sequence[ExactCoup],
    banker_edges: Sequence[Fraction],
    player_edges: Sequence[Fraction],
) -> tuple[EdgeAtPosition, ...]:
    """The mean exact edges, and how often a bet had a positive expectation, by coup number."""
    coups: dict[int, int] = {}
    banker_sums: dict[int, Fraction] = {}
    player_sums: dict[int, Fraction] = {}
    positive: dict[int, int] = {}
    for coup, banker, player in zip(exact, banker_edges, player_edges, strict=True):
        key = (coup.number - 1) // _POSITION_STEP
        coups[key] = coups.get(key, 0) + 1
        banker_sums[key] = banker_sums.get(key, Fraction(0)) + banker
        player_sums[key] = player_sums.get(key, Fraction(0)) + player
        positive[key] = positive.get(key, 0) + (banker < 0 or player < 0)
    return tuple(
        EdgeAtPosition(
            first=key * _POSITION_STEP + 1,
            last=(key + 1) * _POSITION_STEP,
            coups=count,
            banker_edge_mean=_number(banker_sums[key] / count),
            player_edge_mean=_number(player_sums[key] / count),
            either_positive=positive[key],
        )
        for key, count in sorted(coups.items())
    )


def _card_removal(
    exact: Sequence[ExactCoup], exact_shoes: int, odds: Odds, at: TableCounted | None = None
) -> CardRemoval:
    if at is not None:
        # The named table's Banker and Player bets, priced from the cards left.
        banker_edges = [-dict(c.expected)["banker"] for c in exact]
        player_edges = [-dict(c.expected)["player"] for c in exact]
        fresh_banker, fresh_player = -at.flat.banker.expected, -at.flat.player.expected
    else:
        banker_edges = [-_banker_return(c.banker, c.player, c.total) for c in exact]
        player_edges = [-_player_return(c.banker, c.player, c.total) for c in exact]
        fresh_banker = -_banker_return(odds.banker, odds.player, odds.total)
        fresh_player = -_player_return(odds.banker, odds.player, odds.total)
    banker_positive = sum(1 for edge in banker_edges if edge < 0)
    player_positive = sum(1 for edge in player_edges if edge < 0)
    either = sum(1 for b, p in zip(banker_edges, player_edges, strict=True) if b < 0 or p < 0)
    n = len(exact)
    by_signal = []
    tilt = [float(Fraction(c.banker - c.player, c.total)) for c in exact]
    for signal in SIGNALS:
        named = sides()[signal.name]
        xs: list[float] = []
        ys: list[float] = []
        returns: list[Fraction] = []
        for coup, y, b_edge, p_edge in zip(exact, tilt, banker_edges, player_edges, strict=True):
            side = named[coup.state]
            if side < 0:
                continue
            xs.append(1.0 if side == BANKER else -1.0)
            ys.append(y)
            returns.append(-b_edge if side == BANKER else -p_edge)
        r = pearson(xs, ys)
        by_signal.append(
            SignalEdge(
                name=signal.name,
                coups=len(xs),
                edge_correlation=_number(r) if r is not None else None,
                mean_exact_return=(
                    _number(sum(returns, Fraction(0)) / len(returns)) if returns else None
                ),
            )
        )
    return CardRemoval(
        shoes=exact_shoes,
        coups=n,
        by_position=_by_position(exact, banker_edges, player_edges),
        banker_edge=_distribution(banker_edges),
        player_edge=_distribution(player_edges),
        banker_positive=_share(banker_positive, n),
        player_positive=_share(player_positive, n),
        either_positive=_share(either, n),
        fresh_banker_edge=_number(fresh_banker),
        fresh_player_edge=_number(fresh_player),
        signals=tuple(by_signal),
    )


def figures(
    *,
    data: Origin,
    decks: int,
    segments: Sequence[Sequence[int]],
    bounds: Sequence[int],
    exact: Sequence[ExactCoup],
    exact_shoes: int,
    own: tuple[Sequence[Sequence[Hand]], Sequence[OwnBet]] = ((), ()),
    at: TableCounted | None = None,
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
    """
    total = [0] * CELLS
    for segment in segments:
        for i, value in enumerate(segment):
            total[i] += value
    by_outcome = [sum(total[outcome::3]) for outcome in (BANKER, PLAYER, TIE)]
    coups = sum(by_outcome)
    odds = odds_for_decks(decks)
    banker, player, tie = (_share(count, coups) for count in by_outcome)
    signals = [
        _signal(signal.name, signal.description, total, segments, odds, data.shoes, at)
        for signal in SIGNALS
    ]
    fairness, signals, fit = _fairness(signals, _goodness_of_fit(by_outcome, odds))
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
        card_removal=_card_removal(exact, exact_shoes, odds, at) if exact else None,
        perfect_play=perfect_play(exact, exact_shoes, _number) if exact else None,
        own_bets=own_bets(own[0], own[1], decks, _number),
        table=(bets_part(at.flat.pricing, at.deals, decks, _number) if at is not None else None),
        goodness_of_fit=fit,
        conclusions=(),
    )
    return replace(document, conclusions=tuple(conclusions(document)))


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
