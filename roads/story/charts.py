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

from roads.drawing.pen import SMALL, TEXT, Pen
from roads.drawing.scene import Scene
from roads.drawing.themes import CASINO, Theme
from roads.game.coup import Outcome
from roads.game.odds import Odds
from roads.grids.cells import Stats
from roads.hands.hand import Hand
from roads.story.chart_kit import (
    KINDS,
    OUTCOMES,
    WIDTH,
    Z95,
    Words,
    chance,
    finished_scene,
    outcome_name,
    percent,
    sample_range,
    share,
    text_width,
)
from roads.story.odds_chart import draw_odds, odds_chart, odds_summary, stop_text
from roads.story.remaining import OddsTrail
from roads.translations import plural

__all__ = ["Z95", "charts_scene", "odds_chart", "odds_summary", "outcome_chart", "stop_text"]


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
    ranges = {outcome: sample_range(chance(fresh, outcome), n) for outcome in OUTCOMES}
    highest = max(max(share(stats, o), ranges[o][1]) for o in OUTCOMES)
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

    for outcome in OUTCOMES:
        _draw_outcome_bars(pen, y, outcome, stats, fresh, ranges[outcome], at, words)
        y += group + _GROUP_GAP
    return _draw_outcomes_legend(pen, plot_top + height + 34, n, decks, words)


def _draw_outcome_bars(
    pen: Pen,
    y: float,
    outcome: Outcome,
    stats: Stats,
    fresh: Odds,
    within: tuple[float, float],
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
    observed, exact = share(stats, outcome), chance(fresh, outcome)
    middle = y + group / 2
    pen.circle(8, middle - 4, 5, colour, ("legend",))
    pen.text(18, middle, outcome_name(words, outcome), TEXT + 1)
    count = {Outcome.BANKER: stats.banker, Outcome.PLAYER: stats.player}.get(outcome, stats.tie)
    pen.rect(
        at(0),
        y,
        max(at(observed) - at(0), 0.0),
        _ROW,
        fill=colour,
        classes=("bar", "observed", KINDS[outcome]),
    )
    pen.rect(
        at(0),
        y + _ROW + _ROW_GAP,
        at(exact) - at(0),
        _ROW,
        fill=theme.panel,
        stroke=colour,
        stroke_width=1.5,
        classes=("bar", "exact", KINDS[outcome]),
    )
    low, high = at(within[0]), at(within[1])
    whisker_y = y + _ROW / 2
    pen.line(low, whisker_y, high, whisker_y, theme.text, 1.25, ("range", KINDS[outcome]))
    for x in (low, high):
        pen.line(x, whisker_y - 5, x, whisker_y + 5, theme.text, 1.25, ("range",))
    values_x = _LEFT + plot + 14
    pen.text(values_x, y + _ROW - 3, percent(observed), TEXT, colour)
    pen.text(values_x + 48, y + _ROW - 3, w.count_of.format(count=count, n=n), SMALL, theme.muted)
    pen.text(WIDTH - 4, y + 2 * _ROW + _ROW_GAP - 3, percent(exact, 2), TEXT, anchor="end")


def _draw_outcomes_legend(pen: Pen, y: float, n: int, decks: int, words: Words) -> float:
    """The legend under the bars; returns the height drawn."""
    theme = pen.theme
    w = words.chart
    x = _LEFT
    pen.rect(x, y - 9, 18, 10, fill=theme.text, classes=("legend",))
    label = plural(w.legend_this_shoe, n)
    pen.text(x + 24, y, label, SMALL, theme.muted)
    x += 24 + text_width(label, SMALL) + 22
    pen.rect(x, y - 9, 18, 10, fill=theme.panel, stroke=theme.text, stroke_width=1.5)
    label = w.legend_exact.format(decks=decks)
    pen.text(x + 24, y, label, SMALL, theme.muted)
    x += 24 + text_width(label, SMALL) + 22
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
            name=outcome_name(words, o),
            share=percent(share(stats, o)),
            decks=decks,
            exact=percent(chance(fresh, o), 2),
        )
        for o in OUTCOMES
    ]
    return finished_scene(
        pen,
        lang,
        width=WIDTH,
        height=height,
        background=None,
        title=words.chart.outcomes_title,
        description=". ".join(parts) + ".",
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
                lambda at: draw_odds(at, trail, hands, words),
            )
        )
    for heading, draw in sections:
        y = pen.card(_MARGIN, y + 16, WIDTH + 2 * _CARD_PAD, heading, draw, pad=_CARD_PAD)
    if not trail.known:
        y += 24
        pen.text(_MARGIN, y, w.no_odds.format(reason=stop_text(trail, lang) or ""), TEXT)
        y += 8
    y = _notice(pen, y + 16, words)
    return finished_scene(
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
