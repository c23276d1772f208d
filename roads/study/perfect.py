"""Perfect play: what betting only when the cards left favour a bet is worth.

Before every coup of the exact shoes, the exact expectation of each bet the table offers is
known from the cards unseen (the face-up first burn card seen). A computer that stakes 1 unit on
every bet with a positive expectation, and nothing otherwise, plays as well as any player can;
this module sums what it expected and what it got, by bet and by depth in the shoe.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from roads.game.coup import Outcome
from roads.study.document import Figure, PerfectAtPosition, PerfectBet, PerfectPlay
from roads.study.exact import ExactCoup
from roads.study.signals import BANKER, PLAYER, TIE
from roads.study.statistics import Z95
from roads.tables import STANDARD, Deal

BETS = ("banker", "player", "tie")
_POSITION_STEP = 10


_OUTCOMES = {BANKER: Outcome.BANKER, PLAYER: Outcome.PLAYER, TIE: Outcome.TIE}
_NET = {
    (bet, outcome): STANDARD.bet(bet).settle(Deal(outcome_given=given))
    for bet in BETS
    for outcome, given in _OUTCOMES.items()
}
"""The net result of a 1-unit stake on each main bet for each outcome, settled by the standard
table (``roads.tables``)."""


_OVER = math.lcm(*(net.denominator for net in _NET.values()))
_SCALED = {
    bet: tuple(int(_NET[bet, outcome] * _OVER) for outcome in (BANKER, PLAYER, TIE)) for bet in BETS
}
"""``_NET`` as whole numbers over ``_OVER``: an expectation is then one fraction, not a sum."""


def expectations(coup: ExactCoup) -> dict[str, Fraction]:
    """The exact expectation of a 1-unit stake on each main bet before ``coup``."""
    over = _OVER * coup.total
    found = {}
    for bet in BETS:
        banker, player, tie = _SCALED[bet]
        found[bet] = Fraction(banker * coup.banker + player * coup.player + tie * coup.tie, over)
    return found


def variance(bet: str, coup: ExactCoup) -> Fraction:
    """The exact variance of a 1-unit stake on main bet ``bet`` before ``coup``."""
    chances = (coup.banker, coup.player, coup.tie)
    nets = [_NET[bet, outcome] for outcome in (BANKER, PLAYER, TIE)]
    mean = sum((n * c for n, c in zip(nets, chances, strict=True)), Fraction(0)) / coup.total
    square = sum((n * n * c for n, c in zip(nets, chances, strict=True)), Fraction(0))
    return square / coup.total - mean * mean


def realised(bet: str, outcome: int) -> Fraction:
    """The net result of a 1-unit stake on ``bet`` when the coup's outcome is ``outcome``."""
    return _NET[bet, outcome]


def perfect_play(exact: Sequence[ExactCoup], shoes: int, number: Figure) -> PerfectPlay:
    """The ``perfect_play`` part of a study's document.

    Parameters:
        exact: the exact coups of the first ``shoes`` shoes, in order.
        shoes: how many shoes they are.
        number: how the document writes a figure (``figures._number``).
    """
    names = list(dict.fromkeys(name for coup in exact for name, _ in coup.expected)) or BETS
    expected = {bet: Fraction(0) for bet in names}
    got = {bet: Fraction(0) for bet in names}
    coups = dict.fromkeys(names, 0)
    with_edge = 0
    spread = Fraction(0)
    rows: dict[int, _Row] = {}
    for coup in exact:
        row = rows.setdefault((coup.number - 1) // _POSITION_STEP, _Row())
        row.coups += 1
        edged = False
        # At a named table every bet it offers, priced and settled by it; else the main three.
        settled = dict(coup.settled)
        for bet, value in coup.expected or tuple(expectations(coup).items()):
            if value > 0:
                edged = True
                expected[bet] += value
                got[bet] += settled[bet] if coup.settled else realised(bet, coup.outcome)
                if not coup.settled:
                    spread += variance(bet, coup)
                coups[bet] += 1
                row.units += value
        with_edge += edged
        row.edged += edged
    per_shoe = max(shoes, 1)
    return PerfectPlay(
        shoes=shoes,
        face_up_burns=tuple(coup.burn for coup in exact if coup.burn is not None),
        expected_units_per_shoe=number(sum(expected.values(), Fraction(0)) / per_shoe),
        realised_units_per_shoe=number(sum(got.values(), Fraction(0)) / per_shoe),
        # What luck adds to the expectation, 95% of the time (the staked coups' variances
        # summed); not worked out at a named table, whose side bets' spreads are not counted.
        luck_per_shoe=(
            None
            if any(coup.settled for coup in exact)
            else number(Z95 * math.sqrt(spread) / per_shoe)
        ),
        coups=len(exact),
        coups_with_an_edge=with_edge,
        by_bet=tuple(
            PerfectBet(
                name=bet,
                expected_units=number(expected[bet]),
                realised_units=number(got[bet]),
                coups=coups[bet],
            )
            for bet in names
        ),
        by_position=tuple(
            PerfectAtPosition(
                first=key * _POSITION_STEP + 1,
                last=(key + 1) * _POSITION_STEP,
                coups=row.coups,
                coups_with_an_edge=row.edged,
                expected_units=number(row.units),
            )
            for key, row in sorted(rows.items())
        ),
    )


@dataclass(slots=True)
class _Row:
    """Perfect play's sums over a range of coups of the shoe: coups, those with a bet that
    had an edge, and the units they expected."""

    coups: int = 0
    edged: int = 0
    units: Fraction = field(default_factory=lambda: Fraction(0))
