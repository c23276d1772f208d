"""Could these records come from a fair shoe dealt by the rules? A test that can say no.

Every signal names a side before some coups; in a fair game the named side wins a decided coup
(one that is not a tie) with the exact probability of that side, whatever the board showed.
So each signal gets one test: the share of its decided bets it won against the exact share,
as a two-sided z-test on the count of wins. Two more tests look at every coup: the share of
ties, and Banker's share of the decided coups, each against the exact probabilities of a fresh
shoe of the study's decks.

Signals that are mirror images of each other (``chop`` bets against ``follow-last`` on exactly
the same coups; each derived road's red and blue) have one test between them. Nested signals
(``streak-3`` bets on a subset of the coups ``follow-last`` bets on) are not independent;
Holm's step-down adjustment keeps the chance of *any* false alarm at or below 5% under any
dependence between the tests, so the alarm needs no assumption about how they overlap.

The exact probabilities are those of a fresh shoe: what the cards already dealt change in the
next coup's odds moves a signal's expected share by about 0.001%, far below what any study
here can see (about 10^10 bets would be needed), so it cannot raise the alarm.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from statistics import NormalDist

from roads.study.statistics import Z95
from roads.values import frozen

ALPHA = 0.05
"""The family-wise level of the alarm: fair records raise it at most this often."""
MIN_BETS = 100
"""Below this many bets a signal is too few to test (and to read anything from)."""
HALF_PERCENT = 0.005
"""The difference per bet the study says how many shoes it would need to catch."""
POWER = 0.8
"""How often a difference of a signal's ``detectable_difference`` raises the alarm."""


def normal_sf_two_sided(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2))


@frozen
class ShareTest:
    """A count of successes against its exact expectation: the z-score and two-sided p."""

    observed: int
    trials: int
    expected: float
    z: float
    p_value: float

    @property
    def share(self) -> float | None:
        return self.observed / self.trials if self.trials else None

    @property
    def expected_share(self) -> float | None:
        return self.expected / self.trials if self.trials else None


def share_test(observed: int, groups: Sequence[tuple[int, Fraction]]) -> ShareTest:
    """Test ``observed`` successes among trials of known probabilities.

    Parameters:
        observed: how many trials succeeded.
        groups: (trials, exact probability of success) for each kind of trial.

    Returns:
        the test; a z of 0 and p of 1 when there is no trial or no variance.
    """
    trials = sum(n for n, _ in groups)
    expected = sum(n * float(q) for n, q in groups)
    variance = sum(n * float(q) * (1 - float(q)) for n, q in groups)
    if trials == 0 or variance <= 0:
        return ShareTest(observed, trials, expected, 0.0, 1.0)
    z = (observed - expected) / math.sqrt(variance)
    return ShareTest(observed, trials, expected, z, normal_sf_two_sided(z))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given.

    Parameters:
        p_values: the unadjusted p-values of a family of tests.

    Returns:
        for each test, the smallest family-wise level at which Holm's procedure rejects it.
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def mirror_of(tables: Sequence[Sequence[Sequence[int]]]) -> list[int | None]:
    """For each signal's table (rows: Banker named, Player named), the index of an earlier
    signal that bets the other side on exactly the same coups (its rows swapped), or None."""
    seen: dict[tuple[tuple[int, ...], ...], int] = {}
    found: list[int | None] = []
    for index, table in enumerate(tables):
        key = tuple(tuple(row) for row in table)
        swapped = (key[1], key[0])
        found.append(seen.get(swapped))
        seen.setdefault(key, index)
    return found


def half_width(error: float | None) -> float | None:
    """The 95% half-width of a mean with standard error ``error``."""
    if error is None or not math.isfinite(error):
        return None
    return Z95 * error


def detectable(
    decided: Sequence[tuple[int, Fraction, float]], bets: int, tests: int
) -> float | None:
    """The difference in return per bet that a signal's test catches with probability
    ``POWER`` at the alarm's level for the first of Holm's steps (``ALPHA / tests``, two-sided):
    the win share among decided bets moved by ``(z_alpha + z_power)`` standard errors, each
    decided bet's return moving by what a win pays plus the stake a loss costs.

    Parameters:
        decided: for each side the signal names, its decided bets, the exact chance that the
            side wins one, and what a win pays to 1.
        bets: all the signal's bets (ties included: they return 0 either way).
        tests: the tests of the family (``Fairness.tests``).
    """
    trials = sum(n for n, _, _ in decided)
    if trials <= 0 or bets <= 0 or tests <= 0:
        return None
    variance = sum(n * float(q) * (1 - float(q)) for n, q, _ in decided)
    if variance <= 0:
        return None
    normal = NormalDist()
    strength = normal.inv_cdf(1 - ALPHA / (2 * tests)) + normal.inv_cdf(POWER)
    shift = strength * math.sqrt(variance) / trials
    span = sum(n * (1 + pays) for n, _, pays in decided) / trials
    return shift * span * trials / bets


def shoes_to_catch(
    difference: float | None, shoes: int, wanted: float = HALF_PERCENT
) -> int | None:
    """How many shoes a study like this one needs to catch a difference of ``wanted`` per bet
    with probability ``POWER`` (the detectable difference shrinks as one over the root of the
    shoes).

    Parameters:
        difference: this study's detectable difference per bet (``detectable``).
        shoes: the shoes this study counted.
        wanted: the difference per bet to catch (0.5% of the stake by default).
    """
    if difference is None or shoes <= 0:
        return None
    return max(1, math.ceil(shoes * (difference / wanted) ** 2))
