"""The statistics of a study, from integer counts: confidence intervals and a test of
independence, written out here so the study needs no statistics package."""

from __future__ import annotations

import math
from collections.abc import Sequence

from roads.values import frozen

Z95 = 1.959963984540054
"""The standard normal quantile that leaves 2.5% above it: a 95% two-sided interval."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (0, 1 when there are no trials)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes <= 0 else max(0.0, centre - spread)
    high = 1.0 if successes >= trials else min(1.0, centre + spread)
    return low, high


def upper_gamma(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a).

    A power series below ``x = a + 1``, a continued fraction (modified Lentz) above.
    """
    if x <= 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        for _ in range(10_000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-16:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-16:
            break
    return min(1.0, math.exp(log_front) * h)


def chi_square_sf(statistic: float, df: int) -> float:
    """P(X >= statistic) for X chi-square distributed with ``df`` degrees of freedom."""
    if df <= 0:
        raise ValueError("degrees of freedom must be positive")
    if statistic <= 0:
        return 1.0
    if df == 1:
        return math.erfc(math.sqrt(statistic / 2))
    if df == 2:
        return math.exp(-statistic / 2)
    return upper_gamma(df / 2, statistic / 2)


@frozen
class Independence:
    """Pearson's chi-square test of independence of a table of counts."""

    statistic: float
    df: int
    p_value: float


def independence(table: Sequence[Sequence[int]]) -> Independence | None:
    """Test the rows and columns of ``table`` for independence; rows and columns that are all
    zero are left out. None when fewer than two rows or columns remain (nothing to test)."""
    rows = [list(row) for row in table if sum(row)]
    if not rows:
        return None
    columns = [j for j in range(len(rows[0])) if any(row[j] for row in rows)]
    rows = [[row[j] for j in columns] for row in rows]
    if len(rows) < 2 or len(columns) < 2:
        return None
    n = sum(map(sum, rows))
    row_sums = [sum(row) for row in rows]
    column_sums = [sum(row[j] for row in rows) for j in range(len(columns))]
    statistic = 0.0
    for row, row_sum in zip(rows, row_sums, strict=True):
        for observed, column_sum in zip(row, column_sums, strict=True):
            expected = row_sum * column_sum / n
            statistic += (observed - expected) ** 2 / expected
    df = (len(rows) - 1) * (len(columns) - 1)
    return Independence(statistic, df, chi_square_sf(statistic, df))


@frozen
class Mean:
    """A sample mean with its standard error and normal 95% interval."""

    mean: float
    error: float
    low: float
    high: float


def mean_of(values: Sequence[tuple[float, int]]) -> Mean | None:
    """The mean of a sample given as (value, how many times) pairs; None for an empty one."""
    n = sum(count for _, count in values)
    if n == 0:
        return None
    mean = sum(value * count for value, count in values) / n
    if n < 2:
        return Mean(mean, math.inf, -math.inf, math.inf)
    variance = sum(count * (value - mean) ** 2 for value, count in values) / (n - 1)
    error = math.sqrt(variance / n)
    return Mean(mean, error, mean - Z95 * error, mean + Z95 * error)


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Pearson's correlation of two samples; None when either does not vary."""
    n = len(xs)
    if n < 2:
        return None
    mx, my = math.fsum(xs) / n, math.fsum(ys) / n
    sxy = math.fsum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = math.fsum((x - mx) ** 2 for x in xs)
    syy = math.fsum((y - my) ** 2 for y in ys)
    if sxx <= 0 or syy <= 0:
        return None
    return sxy / math.sqrt(sxx * syy)
