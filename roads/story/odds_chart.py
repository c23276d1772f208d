"""The report's odds chart: the exact odds of the next coup after every coup, from the cards
left, at full scale (they barely move) and magnified (how little they move), above the results;
and the sentences that say the same (``odds_summary``, ``stop_text``)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from roads.drawing.pen import SMALL, TEXT, Pen
from roads.drawing.scene import Scene
from roads.drawing.themes import CASINO, Theme
from roads.game.coup import Outcome
from roads.game.odds import Odds
from roads.hands.hand import Hand
from roads.story.chart_kit import (
    KINDS,
    OUTCOMES,
    WIDTH,
    Words,
    chance,
    finished_scene,
    outcome_name,
    percent,
    text_width,
)
from roads.story.remaining import OddsTrail
from roads.translations import CHART_WORDS, plural
from roads.values import frozen

_PLOT_LEFT = 56.0
_PLOT_RIGHT = 118.0
_FULL = 170.0
_ZOOM = 130.0
_PANEL_GAP = 42.0


@frozen
class _Axis:
    """Where a value goes across (coups) and down (a probability or a difference)."""

    left: float
    width: float
    coups: int

    def x(self, dealt: float) -> float:
        return self.left + self.width * dealt / max(self.coups, 1)


def _coup_step(coups: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000):
        if coups / step <= 10:
            return step
    return int(10 ** len(str(coups)))


def _zoom_step(largest: float) -> tuple[float, float]:
    """A tick step and the limit (both in percentage points) for differences up to ``largest``."""
    for step in (0.05, 0.1, 0.2, 0.25, 0.5, 1.0, 2.0, 2.5, 5.0, 10.0, 20.0, 25.0, 50.0):
        limit = step * max(1, math.ceil(largest * 1.1 / step - 1e-9))
        if limit / step <= 4:
            return step, limit
    return 50.0, 100.0


def _spread_labels(wanted: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Positions near ``wanted`` (in that order) at least ``gap`` apart, within low..high."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    placed = [wanted[i] for i in order]
    for i in range(1, len(placed)):
        placed[i] = max(placed[i], placed[i - 1] + gap)
    overflow = placed[-1] - high if placed else 0.0
    if overflow > 0:
        placed = [y - overflow for y in placed]
        for i in range(len(placed) - 2, -1, -1):
            placed[i] = min(placed[i], placed[i + 1] - gap)
    placed = [max(y, low) for y in placed]
    result = [0.0] * len(wanted)
    for rank, i in enumerate(order):
        result[i] = placed[rank]
    return result


def _fmt_points(value: float, step: float) -> str:
    places = 2 if step < 0.1 or step == 0.25 else 1 if step < 1 else 0
    text = f"{value:+.{places}f}"
    return "0" if float(text) == 0 else text


def draw_odds(pen: Pen, trail: OddsTrail, hands: Sequence[Hand], words: Words) -> float:
    """Both panels and the results strip; returns the height drawn."""
    points = trail.points
    dealt = points[-1].dealt
    axis = _Axis(_PLOT_LEFT, WIDTH - _PLOT_LEFT - _PLOT_RIGHT, max(dealt, 1))
    series = {o: [chance(point.odds, o) for point in points] for o in OUTCOMES}
    top_y = _draw_full_scale(pen, axis, dealt, series, trail.fresh, words)
    zoom_top = top_y + _FULL + _PANEL_GAP
    _draw_magnified(pen, axis, dealt, series, trail.fresh, words, zoom_top)
    bottom = zoom_top + _ZOOM
    _draw_coups_axis(pen, axis, dealt, words, bottom)
    return _draw_results_strip(pen, axis, dealt, trail, hands, words, bottom + 56)


def _draw_full_scale(
    pen: Pen,
    axis: _Axis,
    dealt: int,
    series: dict[Outcome, list[float]],
    fresh: Odds,
    words: Words,
) -> float:
    """The odds on a full scale, against a fresh shoe's; returns the top of the plot."""
    theme = pen.theme
    y = 14.0
    pen.text(0, y, words.chart.full_scale, TEXT + 1)
    top_y = y + 14
    highest = max(max(values) for values in series.values())
    limit = max(0.5, math.ceil(highest * 10 + 1e-9) / 10)

    def full_y(p: float) -> float:
        return top_y + _FULL * (1 - p / limit)

    for tenth in range(round(limit * 10) + 1):
        gy = full_y(tenth / 10)
        pen.hairline(axis.left, gy, axis.width, theme.grid if tenth else theme.frame, across=True)
        pen.text(axis.left - 8, gy + 4, f"{tenth * 10}%", SMALL, theme.muted, anchor="end")
    for outcome in OUTCOMES:
        pen.dashes(
            axis.left,
            axis.x(dealt),
            full_y(chance(fresh, outcome)),
            theme.muted,
            1.2,
            ("fresh", KINDS[outcome]),
        )
    _draw_series(
        pen,
        axis,
        dealt,
        {o: [full_y(p) for p in series[o]] for o in OUTCOMES},
        {o: f"{outcome_name(words, o)} {percent(series[o][-1], 2)}" for o in OUTCOMES},
        (15, top_y + 4, top_y + _FULL),
    )
    return top_y


def _draw_magnified(
    pen: Pen,
    axis: _Axis,
    dealt: int,
    series: dict[Outcome, list[float]],
    fresh: Odds,
    words: Words,
    zoom_top: float,
) -> None:
    """The difference from a fresh shoe, magnified, in points."""
    theme = pen.theme
    pen.text(0, zoom_top - 14, words.chart.magnified, TEXT + 1)
    differences = {
        o: [100 * (p - chance(fresh, o)) for p in values] for o, values in series.items()
    }
    largest = max(abs(d) for values in differences.values() for d in values)
    step, bound = _zoom_step(max(largest, 0.05))

    def zoom_y(points_off: float) -> float:
        return zoom_top + _ZOOM * (bound - points_off) / (2 * bound)

    ticks = round(bound / step)
    for k in range(-ticks, ticks + 1):
        gy = zoom_y(k * step)
        if k:
            pen.hairline(axis.left, gy, axis.width, theme.grid, across=True)
        pen.text(
            axis.left - 8, gy + 4, _fmt_points(k * step, step), SMALL, theme.muted, anchor="end"
        )
    pen.dashes(axis.left, axis.x(dealt), zoom_y(0), theme.muted, 1.2, ("fresh",))
    _draw_series(
        pen,
        axis,
        dealt,
        {o: [zoom_y(d) for d in differences[o]] for o in OUTCOMES},
        {o: outcome_name(words, o) for o in OUTCOMES},
        (14, zoom_top + 4, zoom_top + _ZOOM),
    )


def _draw_coups_axis(pen: Pen, axis: _Axis, dealt: int, words: Words, bottom: float) -> None:
    """The coups axis under both panels."""
    theme = pen.theme
    pen.hairline(axis.left, bottom + 6, axis.width, theme.frame, across=True)
    every = _coup_step(dealt)
    for tick in range(0, dealt + 1, every):
        x = axis.x(tick)
        pen.hairline(x, bottom + 6, 4, theme.frame, across=False)
        pen.text(x, bottom + 22, str(tick), SMALL, theme.muted, anchor="middle")
    pen.text(
        axis.left + axis.width / 2,
        bottom + 38,
        words.chart.coups_axis,
        SMALL,
        theme.muted,
        anchor="middle",
    )


def _draw_results_strip(
    pen: Pen,
    axis: _Axis,
    dealt: int,
    trail: OddsTrail,
    hands: Sequence[Hand],
    words: Words,
    strip: float,
) -> float:
    """The results, which swing while the odds barely move, and the legend; returns the
    height drawn."""
    theme = pen.theme
    w = words.chart
    pen.text(axis.left - 8, strip + 8, w.results, SMALL, theme.muted, anchor="end")
    size = max(2.0, min(8.0, axis.width / max(dealt, 1) - 1.5))
    for index, hand in enumerate(hands[:dealt]):
        x = axis.x(index + 0.5) - size / 2
        pen.rect(
            x,
            strip + 4,
            size,
            size,
            fill=pen.colour(hand.outcome),
            classes=("result", KINDS[hand.outcome]),
        )
    legend_y = strip + 32
    x = axis.left
    pen.line(x, legend_y - 4, x + 22, legend_y - 4, theme.text, 2.0)
    label = w.legend_left
    pen.text(x + 28, legend_y, label, SMALL, theme.muted)
    x += 28 + text_width(label, SMALL) + 24
    pen.dashes(x, x + 22, legend_y - 4, theme.muted, 1.2)
    label = w.legend_fresh.format(decks=trail.decks)
    pen.text(x + 28, legend_y, label, SMALL, theme.muted)
    return legend_y + 8


def _draw_series(
    pen: Pen,
    axis: _Axis,
    dealt: int,
    ys: dict[Outcome, list[float]],
    labels: dict[Outcome, str],
    spread: tuple[float, float, float],
) -> None:
    """Each outcome's line through ``ys`` and its label at the end, the labels kept ``gap``
    apart between ``low`` and ``high`` (``spread``)."""
    for outcome in OUTCOMES:
        _polyline(pen, axis, ys[outcome], pen.colour(outcome), outcome)
    ends = [ys[o][-1] for o in OUTCOMES]
    for outcome, label_y in zip(OUTCOMES, _spread_labels(ends, *spread), strict=True):
        pen.text(
            axis.x(dealt) + 8,
            label_y + 4,
            labels[outcome],
            SMALL,
            pen.colour(outcome),
            classes=("series-label",),
        )


def _polyline(pen: Pen, axis: _Axis, ys: Sequence[float], colour: str, outcome: Outcome) -> None:
    classes = ("series", KINDS[outcome])
    if len(ys) == 1:
        pen.circle(axis.x(0), ys[0], 2.5, colour, classes)
        return
    for dealt in range(1, len(ys)):
        pen.line(axis.x(dealt - 1), ys[dealt - 1], axis.x(dealt), ys[dealt], colour, 2.0, classes)


def stop_text(trail: OddsTrail, lang: str = "en") -> str | None:
    """Why ``trail`` ends early, in ``lang`` (None when it does not)."""
    stop = trail.stop
    if stop is None or lang == "en":
        return trail.stopped  # English has its own wording (ordinals, rank names)
    w = CHART_WORDS[lang]
    template = {
        "no_cards": w.stop_no_cards,
        "too_few": w.stop_too_few,
        "too_many": w.stop_too_many,
    }[stop.kind]
    return template.format(
        coup=stop.coup, card=stop.card, count=stop.count, left=stop.left, decks=trail.decks
    )


def odds_summary(trail: OddsTrail, lang: str = "en") -> list[str]:
    """One sentence per outcome, in ``lang``: how far its exact odds moved across the shoe."""
    words = Words.of(lang)
    lines = []
    fresh = trail.fresh
    for outcome in OUTCOMES:
        values = [chance(point.odds, outcome) for point in trail.points]
        lines.append(
            words.chart.summary.format(
                name=outcome_name(words, outcome),
                low=percent(min(values), 2),
                high=percent(max(values), 2),
                fresh=percent(chance(fresh, outcome), 2),
            )
        )
    return lines


def odds_chart(
    trail: OddsTrail, hands: Sequence[Hand], theme: Theme = CASINO, lang: str = "en"
) -> Scene:
    """The exact odds of the next coup after every coup, from the cards left, in the colours
    of ``theme`` and the words of ``lang``."""
    words = Words.of(lang)
    pen = Pen(theme)
    height = draw_odds(pen, trail, hands, words)
    summary = "; ".join(odds_summary(trail, lang))
    return finished_scene(
        pen,
        lang,
        width=WIDTH,
        height=height,
        background=None,
        title=words.chart.odds_title,
        description=plural(words.chart.odds_described, trail.points[-1].dealt, summary=summary),
    )
