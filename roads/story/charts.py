"""The report's charts as Scenes, so they render to SVG (inline in the report) and PNG alike.

- ``outcome_chart``: how often Banker, Player and Tie won in the shoe, against the exact odds of
  a fresh shoe, with the range 95% of samples of as many coups fall in.
- ``odds_chart``: the exact odds of the next coup after every coup, from the cards left, at
  full scale (they barely move) and magnified (how little they move), above the results.
- ``charts_scene``: both, with a title and the notice, for ``roads report -o report.png``.

Chart text is set in the report font (``roads.drawing.fonts.REPORT``), which holds every word of
``roads.translations.CHART_WORDS`` in every language, so a PNG draws them as an SVG does. A chart
whose text the board font holds (English) embeds that smaller font instead: the two draw the
characters they share alike, with the same widths.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from roads.drawing.fonts import REPORT, metrics, smallest_covering
from roads.drawing.pen import SMALL, TEXT, Pen
from roads.drawing.scene import Scene, Text
from roads.drawing.themes import CASINO, Theme
from roads.game.coup import Outcome
from roads.game.odds import Odds
from roads.grids.cells import Stats
from roads.hands.hand import Hand
from roads.story.remaining import OddsTrail
from roads.translations import CHART_WORDS, LANGUAGES, ChartWords, Labels, plural

WIDTH = 760.0
Z95 = 1.959964
"""Standard deviations either side of the mean that hold 95% of a normal distribution."""

_KINDS = {Outcome.BANKER: "banker", Outcome.PLAYER: "player", Outcome.TIE: "tie"}
"""The class of each outcome's shapes (the same in every language)."""


def _name(words: Words, outcome: Outcome) -> str:
    labels = words.labels
    return {
        Outcome.BANKER: labels.banker_name,
        Outcome.PLAYER: labels.player_name,
        Outcome.TIE: labels.tie_name,
    }[outcome]


@dataclass(frozen=True, slots=True)
class Words:
    """The charts' words and the board's labels in one language."""

    chart: ChartWords
    labels: Labels

    @classmethod
    def of(cls, lang: str) -> Words:
        return cls(CHART_WORDS[lang], LANGUAGES[lang])


_OUTCOMES = (Outcome.BANKER, Outcome.PLAYER, Outcome.TIE)


def _p(odds: Odds, outcome: Outcome) -> float:
    return {Outcome.BANKER: odds.p_banker, Outcome.PLAYER: odds.p_player}.get(outcome, odds.p_tie)


def _share(stats: Stats, outcome: Outcome) -> float:
    count = {Outcome.BANKER: stats.banker, Outcome.PLAYER: stats.player}.get(outcome, stats.tie)
    return count / stats.hands if stats.hands else 0.0


def _percent(value: float, places: int = 1) -> str:
    return f"{100 * value:.{places}f}%"


def _width(text: str, size: float) -> float:
    return metrics(REPORT).width(text, size)


def _scene(
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


# -- outcomes of the shoe against the exact odds --------------------------------------------


_LEFT = 76.0
_ROW = 15.0
_ROW_GAP = 4.0
_GROUP_GAP = 20.0
_VALUES = 200.0
"""Room right of the bars for the figures."""


def _draw_outcomes(pen: Pen, stats: Stats, fresh: Odds, decks: int, words: Words) -> float:
    """Grouped bars, observed over exact; returns the height drawn."""
    theme = pen.theme
    n = stats.hands
    plot = WIDTH - _LEFT - _VALUES
    spreads = {
        outcome: Z95 * math.sqrt(_p(fresh, outcome) * (1 - _p(fresh, outcome)) / n)
        for outcome in _OUTCOMES
    }
    highest = max(max(_share(stats, o), _p(fresh, o) + spreads[o]) for o in _OUTCOMES)
    top = min(1.0, max(0.5, math.ceil(highest * 10 + 1e-9) / 10))

    def at(value: float) -> float:
        return _LEFT + plot * min(value, top) / top

    y = 14.0
    header_y = y
    w = words.chart
    pen.text(at(0), header_y, w.share_of_coups, SMALL, theme.muted)
    pen.text(_LEFT + plot + 14, header_y, w.this_shoe, SMALL, theme.muted)
    pen.text(WIDTH - 4, header_y, w.exact_fresh_shoe, SMALL, theme.muted, anchor="end")
    y += 12
    plot_top = y
    group = 2 * _ROW + _ROW_GAP
    height = 3 * group + 2 * _GROUP_GAP
    for tenth in range(round(top * 10) + 1):
        x = at(tenth / 10)
        pen.hairline(x, plot_top - 2, height + 4, theme.grid, across=False)
        pen.text(x, plot_top + height + 16, f"{tenth * 10}%", SMALL, theme.muted, anchor="middle")
    pen.hairline(at(0), plot_top - 2, height + 4, theme.frame, across=False)

    for outcome in _OUTCOMES:
        _draw_outcome_bars(pen, y, outcome, stats, fresh, spreads[outcome], at, words)
        y += group + _GROUP_GAP
    return _draw_outcomes_legend(pen, plot_top + height + 34, n, decks, words)


def _draw_outcome_bars(
    pen: Pen,
    y: float,
    outcome: Outcome,
    stats: Stats,
    fresh: Odds,
    spread: float,
    at: Callable[[float], float],
    words: Words,
) -> None:
    """One outcome's group at ``y``: its share in this shoe over the exact chance of a fresh
    shoe, the range a fair shoe's share falls in, and the figures; ``at`` places a share."""
    theme = pen.theme
    w = words.chart
    n = stats.hands
    plot = WIDTH - _LEFT - _VALUES
    group = 2 * _ROW + _ROW_GAP
    colour = pen.colour(outcome)
    share, exact = _share(stats, outcome), _p(fresh, outcome)
    middle = y + group / 2
    pen.circle(8, middle - 4, 5, colour, ("legend",))
    pen.text(18, middle, _name(words, outcome), TEXT + 1)
    count = {Outcome.BANKER: stats.banker, Outcome.PLAYER: stats.player}.get(outcome, stats.tie)
    pen.rect(
        at(0),
        y,
        max(at(share) - at(0), 0.0),
        _ROW,
        fill=colour,
        classes=("bar", "observed", _KINDS[outcome]),
    )
    pen.rect(
        at(0),
        y + _ROW + _ROW_GAP,
        at(exact) - at(0),
        _ROW,
        fill=theme.panel,
        stroke=colour,
        stroke_width=1.5,
        classes=("bar", "exact", _KINDS[outcome]),
    )
    low, high = at(max(0.0, exact - spread)), at(exact + spread)
    whisker_y = y + _ROW / 2
    pen.line(low, whisker_y, high, whisker_y, theme.text, 1.25, ("range", _KINDS[outcome]))
    for x in (low, high):
        pen.line(x, whisker_y - 5, x, whisker_y + 5, theme.text, 1.25, ("range",))
    values_x = _LEFT + plot + 14
    pen.text(values_x, y + _ROW - 3, _percent(share), TEXT, colour)
    pen.text(values_x + 48, y + _ROW - 3, w.count_of.format(count=count, n=n), SMALL, theme.muted)
    pen.text(WIDTH - 4, y + 2 * _ROW + _ROW_GAP - 3, _percent(exact, 2), TEXT, anchor="end")


def _draw_outcomes_legend(pen: Pen, y: float, n: int, decks: int, words: Words) -> float:
    """The legend under the bars; returns the height drawn."""
    theme = pen.theme
    w = words.chart
    x = _LEFT
    pen.rect(x, y - 9, 18, 10, fill=theme.text, classes=("legend",))
    label = plural(w.legend_this_shoe, n)
    pen.text(x + 24, y, label, SMALL, theme.muted)
    x += 24 + _width(label, SMALL) + 22
    pen.rect(x, y - 9, 18, 10, fill=theme.panel, stroke=theme.text, stroke_width=1.5)
    label = w.legend_exact.format(decks=decks)
    pen.text(x + 24, y, label, SMALL, theme.muted)
    x += 24 + _width(label, SMALL) + 22
    pen.line(x, y - 4, x + 18, y - 4, theme.text, 1.5)
    pen.line(x, y - 8, x, y, theme.text, 1.5)
    pen.line(x + 18, y - 8, x + 18, y, theme.text, 1.5)
    pen.text(x + 24, y, w.legend_range.format(n=n), SMALL, theme.muted)
    return y + 8


def outcome_chart(
    stats: Stats, fresh: Odds, decks: int, theme: Theme = CASINO, lang: str = "en"
) -> Scene:
    """Observed Banker / Player / Tie shares against the exact odds of a fresh shoe, in the
    colours of ``theme`` and the words of ``lang``."""
    words = Words.of(lang)
    pen = Pen(theme)
    height = _draw_outcomes(pen, stats, fresh, decks, words)
    parts = [
        plural(
            words.chart.outcomes_described,
            stats.hands,
            name=_name(words, o),
            share=_percent(_share(stats, o)),
            decks=decks,
            exact=_percent(_p(fresh, o), 2),
        )
        for o in _OUTCOMES
    ]
    return _scene(
        pen,
        lang,
        width=WIDTH,
        height=height,
        background=None,
        title=words.chart.outcomes_title,
        description=". ".join(parts) + ".",
    )


# -- the exact odds of the next coup across the shoe -------------------------------------------


_PLOT_LEFT = 56.0
_PLOT_RIGHT = 118.0
_FULL = 170.0
_ZOOM = 130.0
_PANEL_GAP = 42.0


@dataclass(frozen=True, slots=True)
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


def _draw_odds(pen: Pen, trail: OddsTrail, hands: Sequence[Hand], words: Words) -> float:
    """Both panels and the results strip; returns the height drawn."""
    points = trail.points
    dealt = points[-1].dealt
    axis = _Axis(_PLOT_LEFT, WIDTH - _PLOT_LEFT - _PLOT_RIGHT, max(dealt, 1))
    series = {o: [_p(point.odds, o) for point in points] for o in _OUTCOMES}
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
    for outcome in _OUTCOMES:
        pen.dashes(
            axis.left,
            axis.x(dealt),
            full_y(_p(fresh, outcome)),
            theme.muted,
            1.2,
            ("fresh", _KINDS[outcome]),
        )
    for outcome in _OUTCOMES:
        _polyline(pen, axis, [full_y(p) for p in series[outcome]], pen.colour(outcome), outcome)
    ends = [full_y(series[o][-1]) for o in _OUTCOMES]
    for outcome, label_y in zip(
        _OUTCOMES, _spread_labels(ends, 15, top_y + 4, top_y + _FULL), strict=True
    ):
        pen.text(
            axis.x(dealt) + 8,
            label_y + 4,
            f"{_name(words, outcome)} {_percent(series[outcome][-1], 2)}",
            SMALL,
            pen.colour(outcome),
            classes=("series-label",),
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
    differences = {o: [100 * (p - _p(fresh, o)) for p in values] for o, values in series.items()}
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
    for outcome in _OUTCOMES:
        _polyline(
            pen, axis, [zoom_y(d) for d in differences[outcome]], pen.colour(outcome), outcome
        )
    ends = [zoom_y(differences[o][-1]) for o in _OUTCOMES]
    for outcome, label_y in zip(
        _OUTCOMES, _spread_labels(ends, 14, zoom_top + 4, zoom_top + _ZOOM), strict=True
    ):
        pen.text(
            axis.x(dealt) + 8,
            label_y + 4,
            _name(words, outcome),
            SMALL,
            pen.colour(outcome),
            classes=("series-label",),
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
            classes=("result", _KINDS[hand.outcome]),
        )
    legend_y = strip + 32
    x = axis.left
    pen.line(x, legend_y - 4, x + 22, legend_y - 4, theme.text, 2.0)
    label = w.legend_left
    pen.text(x + 28, legend_y, label, SMALL, theme.muted)
    x += 28 + _width(label, SMALL) + 24
    pen.dashes(x, x + 22, legend_y - 4, theme.muted, 1.2)
    label = w.legend_fresh.format(decks=trail.decks)
    pen.text(x + 28, legend_y, label, SMALL, theme.muted)
    return legend_y + 8


def _polyline(pen: Pen, axis: _Axis, ys: Sequence[float], colour: str, outcome: Outcome) -> None:
    classes = ("series", _KINDS[outcome])
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
    for outcome in _OUTCOMES:
        values = [_p(point.odds, outcome) for point in trail.points]
        lines.append(
            words.chart.summary.format(
                name=_name(words, outcome),
                low=_percent(min(values), 2),
                high=_percent(max(values), 2),
                fresh=_percent(_p(fresh, outcome), 2),
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
    height = _draw_odds(pen, trail, hands, words)
    summary = "; ".join(odds_summary(trail, lang))
    return _scene(
        pen,
        lang,
        width=WIDTH,
        height=height,
        background=None,
        title=words.chart.odds_title,
        description=plural(words.chart.odds_described, trail.points[-1].dealt, summary=summary),
    )


# -- both charts on one page, for report.png and report.svg ----------------------------------


_MARGIN = 24.0
_CARD_PAD = 20.0


def charts_scene(
    stats: Stats,
    trail: OddsTrail,
    hands: Sequence[Hand],
    *,
    title: str | None = None,
    theme: Theme = CASINO,
    lang: str = "en",
) -> Scene:
    """Title (default: "Shoe report" in ``lang``), the outcome chart, the odds chart (or why
    there is none) and the notice, in the colours of ``theme`` and the words of ``lang``."""
    words = Words.of(lang)
    w = words.chart
    title = title or w.title
    palette = theme
    pen = Pen(palette)
    y = _MARGIN
    pen.text(_MARGIN, y + 16, title, 20.0)
    y += 30
    pen.text(
        _MARGIN,
        y + 12,
        plural(w.subtitle, stats.hands),
        TEXT + 1,
        palette.muted,
    )
    y += 26
    y = _notice(pen, y, words)

    sections: list[tuple[str, Callable[[Pen], float]]] = [
        (
            w.section_outcomes,
            lambda at: _draw_outcomes(at, stats, trail.fresh, trail.decks, words),
        )
    ]
    if trail.known:
        sections.append(
            (
                w.section_odds,
                lambda at: _draw_odds(at, trail, hands, words),
            )
        )
    for heading, draw in sections:
        y = pen.card(_MARGIN, y + 16, WIDTH + 2 * _CARD_PAD, heading, draw, pad=_CARD_PAD)
    if not trail.known:
        y += 24
        pen.text(_MARGIN, y, w.no_odds.format(reason=stop_text(trail, lang) or ""), TEXT)
        y += 8
    y = _notice(pen, y + 16, words)
    return _scene(
        pen,
        lang,
        width=WIDTH + 2 * _CARD_PAD + 2 * _MARGIN,
        height=y + _MARGIN,
        background=palette.background,
        title=title,
        description=f"{title}: {plural(w.subtitle, stats.hands)} {' '.join(words.labels.notice)}",
    )


def _notice(pen: Pen, y: float, words: Words) -> float:
    return pen.notice_band(_MARGIN, y, WIDTH + 2 * _CARD_PAD, " ".join(words.labels.notice))
