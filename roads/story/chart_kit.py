"""What the report's charts share: their width, their words, the outcomes in order and their
classes, the figures' formats, and the scene a chart's pen becomes (set in the smallest font that
holds its text)."""

from __future__ import annotations

import math

from roads.drawing.fonts import REPORT, metrics, smallest_covering
from roads.drawing.pen import Pen
from roads.drawing.scene import Scene, Text
from roads.game.coup import Outcome
from roads.game.odds import Odds
from roads.grids.cells import Stats
from roads.translations import CHART_WORDS, LANGUAGES, ChartWords, Labels
from roads.translations.tags import language
from roads.values import frozen

WIDTH = 760.0
Z95 = 1.959964
"""Standard deviations either side of the mean that hold 95% of a normal distribution."""


EXACT_UP_TO = 100_000
"""Samples of up to this many coups get the exact binomial range; larger ones the normal's."""


def sample_range(p: float, n: int) -> tuple[float, float]:
    """The shares of ``n`` coups that 95% of fair samples fall in, as counts a sample can have:
    the exact binomial 2.5% and 97.5% points of the count, over ``n`` (0 to 1 for no coup).

    Parameters:
        p: the exact chance of the outcome in one coup.
        n: the coups of the sample.
    """
    if n <= 0 or p <= 0 or p >= 1:
        return (0.0, 1.0) if n <= 0 else (p, p)
    if n > EXACT_UP_TO:  # the normal curve, at counts a sample can have
        spread = Z95 * math.sqrt(n * p * (1 - p))
        return math.ceil(n * p - spread) / n, math.floor(n * p + spread) / n
    log_p, log_q = math.log(p), math.log1p(-p)
    front = math.lgamma(n + 1)
    below = 0.0
    low = high = None
    for k in range(n + 1):
        below += math.exp(
            front - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * log_p + (n - k) * log_q
        )
        if low is None and below > 0.025:
            low = k
        if below >= 0.975:
            high = k
            break
    return (low or 0) / n, (n if high is None else high) / n


KINDS = {Outcome.BANKER: "banker", Outcome.PLAYER: "player", Outcome.TIE: "tie"}
"""The class of each outcome's shapes (the same in every language)."""


def outcome_name(words: Words, outcome: Outcome) -> str:
    labels = words.labels
    return {
        Outcome.BANKER: labels.banker_name,
        Outcome.PLAYER: labels.player_name,
        Outcome.TIE: labels.tie_name,
    }[outcome]


@frozen
class Words:
    """The charts' words and the board's labels in one language."""

    chart: ChartWords
    labels: Labels

    @classmethod
    def of(cls, lang: str) -> Words:
        lang = language(lang)
        return cls(CHART_WORDS[lang], LANGUAGES[lang])


OUTCOMES = (Outcome.BANKER, Outcome.PLAYER, Outcome.TIE)


def chance(odds: Odds, outcome: Outcome) -> float:
    return {Outcome.BANKER: odds.p_banker, Outcome.PLAYER: odds.p_player}.get(outcome, odds.p_tie)


def share(stats: Stats, outcome: Outcome) -> float:
    count = {Outcome.BANKER: stats.banker, Outcome.PLAYER: stats.player}.get(outcome, stats.tie)
    return count / stats.hands if stats.hands else 0.0


def percent(value: float, places: int = 1) -> str:
    return f"{100 * value:.{places}f}%"


def text_width(text: str, size: float) -> float:
    return metrics(REPORT).width(text, size)


def finished_scene(
    pen: Pen,
    lang: str,
    *,
    width: float,
    height: float,
    background: str | None,
    title: str,
    description: str,
) -> Scene:
    """The scene of what ``pen`` drew, in ``lang``, set in the smallest font holding its text."""
    shapes = tuple(pen.shapes)
    return Scene(
        width=width,
        height=height,
        background=background,
        shapes=shapes,
        title=title,
        description=description,
        language=lang,
        font=smallest_covering(shape.text for shape in shapes if isinstance(shape, Text)),
    )
