"""The study's charts as Scenes (SVG inline in the page, or SVG / PNG alone), drawn from its
JSON document only.

- ``frequency_chart``: per signal, the next coup's Banker, Player and Tie frequency with its 95%
  interval, against the exact fresh-shoe probability (solid) and the study's unconditional
  frequency (dashed);
- ``money_chart``: per signal, the flat bet's result per bet with its 95% interval, against the
  exact expectation of the same bets (the house edge);
- ``curves_chart``: the running result of a few signals' flat bets over the study, against the
  house-edge line and the range 95% of results fall in;
- ``ahead_chart``: per signal, the chance that its flat bet is ahead after 1, 10 and 100 shoes;
- ``edge_chart``: how the exact Banker and Player edge spread over the coups of the exact shoes.

Chart text keeps to ASCII, which the board font covers.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence

from roads.drawing.fonts import metrics
from roads.drawing.pen import SMALL, TEXT, Pen
from roads.drawing.scene import Scene
from roads.drawing.themes import CASINO, Theme
from roads.notice import NOTICE
from roads.study.document import CardRemoval, Distribution, FreshShoe, Signal, Study
from roads.study.fairness import MIN_BETS
from roads.study.figures import BANKER_PAYS
from roads.study.statistics import Z95

WIDTH = 760.0
_LABELS = 132.0
_ROW = 17.0
_CURVES = ("follow-last", "chop", "big-eye-boy-red", "streak-3")
_MARGIN = 20.0
_PAD = 16.0


def _pct(value: float, places: int = 1) -> str:
    return f"{100 * value:.{places}f}%"


def _nice_step(span: float, most: int) -> float:
    for step in (0.0005, 0.001, 0.002, 0.0025, 0.005, 0.01, 0.02, 0.025, 0.05, 0.1, 0.2, 0.25):
        if span / step <= most:
            return step
    return 0.5


def _ticks(low: float, high: float, most: int) -> tuple[float, float, list[float]]:
    step = _nice_step(max(high - low, 1e-6), most)
    first = math.floor(low / step) * step
    last = max(math.ceil(high / step) * step, first + step)
    count = round((last - first) / step)
    return first, last, [first + i * step for i in range(count + 1)]


def _tick_label(value: float, step: float) -> str:
    step_text = f"{100 * step:.2f}".rstrip("0").rstrip(".")
    places = len(step_text.partition(".")[2])
    text = f"{100 * value:.{places}f}"
    if float(text) == 0:
        text = f"{0:.{places}f}"
    return text + "%"


_OUTCOMES = ("banker", "player", "tie")
"""The outcomes' names in the charts' order (that of ``Outcomes.shares``)."""


def _colour(pen: Pen, outcome: str) -> str:
    theme = pen.theme
    return {"banker": theme.banker, "player": theme.player}.get(outcome, theme.tie)


def _rows(pen: Pen, signals: Sequence[Signal], top: float) -> None:
    theme = pen.theme
    for i, signal in enumerate(signals):
        y = top + i * _ROW
        if i % 2 == 0:
            pen.rect(0, y, WIDTH, _ROW, fill="#f3f5f8", classes=("band",))
        colour = theme.text if signal.bets >= MIN_BETS else theme.muted
        pen.text(4, y + _ROW - 5, signal.name, SMALL, colour, classes=("signal",))


def _draw_frequencies(pen: Pen, document: Study) -> float:
    """The next coup after each signal, against the exact odds, one panel per outcome."""
    signals = document.signals
    gap = 18.0
    panel = (WIDTH - _LABELS - 2 * gap) / 3
    top = 34.0
    _rows(pen, signals, top)
    bottom = top + len(signals) * _ROW
    for column in range(len(_OUTCOMES)):
        left = _LABELS + column * (panel + gap)
        _frequency_panel(pen, document, column, left, panel, top, bottom)
    y = bottom + 34
    _legend(
        pen,
        y,
        [
            ("dot", "frequency after the signal, with its 95% interval"),
            ("bar", "exact, fresh shoe"),
            ("dash", "every coup of the study"),
        ],
    )
    return y + 8


def _frequency_panel(
    pen: Pen,
    document: Study,
    column: int,
    left: float,
    panel: float,
    top: float,
    bottom: float,
) -> None:
    """One outcome's panel (``column``: Banker, Player, Tie): its exact chance, every coup's
    share, and each signal's share of the next coup with its interval (muted where the signal
    has too few bets)."""
    theme = pen.theme
    outcome = _OUTCOMES[column]
    signals = document.signals
    exact = document.exact_fresh_shoe.probabilities()[column]
    shown = [s.next_coup.shares()[column] for s in signals if s.bets >= MIN_BETS]
    lows = [one.low for one in shown if one.low is not None] + [exact - 0.005]
    highs = [one.high for one in shown if one.high is not None] + [exact + 0.005]
    first, last, ticks = _ticks(min(lows), max(highs), 4)

    def x(value: float, left: float = left, first: float = first, last: float = last) -> float:
        clipped = min(max(value, first), last)
        return left + panel * (clipped - first) / (last - first)

    pen.text(
        left + panel / 2,
        12,
        outcome.capitalize(),
        TEXT + 1,
        _colour(pen, outcome),
        anchor="middle",
    )
    pen.text(left + panel / 2, 26, f"exact {_pct(exact, 2)}", SMALL, theme.muted, anchor="middle")
    step = ticks[1] - ticks[0] if len(ticks) > 1 else 0.01
    for index, tick in enumerate(ticks):
        pen.hairline(x(tick), top, bottom - top, theme.grid, across=False)
        if 0 < index < len(ticks) - 1 or len(ticks) < 3:
            pen.text(
                x(tick),
                bottom + 14,
                _tick_label(tick, step),
                SMALL,
                theme.muted,
                anchor="middle",
            )
    share = document.unconditional.shares()[column].share
    if share is not None:
        xs = x(share)
        y = top
        while y < bottom:
            pen.line(xs, y, xs, min(y + 4, bottom), theme.muted, 1.0, ("unconditional",))
            y += 7
    pen.rect(x(exact) - 0.75, top, 1.5, bottom - top, fill=theme.text, classes=("exact",))
    for i, signal in enumerate(signals):
        one = signal.next_coup.shares()[column]
        if one.share is None or one.low is None or one.high is None:
            continue
        y = top + i * _ROW + _ROW / 2
        colour = _colour(pen, outcome) if signal.bets >= MIN_BETS else theme.muted
        pen.line(x(one.low), y, x(one.high), y, colour, 1.5, ("interval",))
        pen.circle(x(one.share), y, 3.2, colour, ("share", outcome))


def _legend(pen: Pen, y: float, items: Sequence[tuple[str, str]]) -> None:
    theme = pen.theme
    x = 4.0
    for kind, label in items:
        if kind == "dot":
            pen.line(x, y - 4, x + 18, y - 4, theme.text, 1.5)
            pen.circle(x + 9, y - 4, 3.2, theme.text)
        elif kind == "bar":
            pen.rect(x + 8, y - 10, 1.5, 12, fill=theme.text)
        elif kind == "dash":
            pen.line(x + 9, y - 10, x + 9, y - 6, theme.muted, 1.0)
            pen.line(x + 9, y - 3, x + 9, y + 1, theme.muted, 1.0)
        elif kind == "edge":
            pen.rect(x + 8, y - 10, 2, 12, fill=theme.banker)
        pen.text(x + 24, y, label, SMALL, theme.muted)
        x += 24 + metrics().width(label, SMALL) + 20


def _alone(theme: Theme, draw: Callable[[Pen], float], title: str, description: str) -> Scene:
    """One chart as a picture of its own: ``WIDTH`` wide, as tall as ``draw`` says, on no
    background (the page's shows through)."""
    pen = Pen(theme)
    height = draw(pen)
    return Scene(WIDTH, height, None, tuple(pen.shapes), title, description)


def frequency_chart(document: Study, theme: Theme = CASINO) -> Scene:
    return _alone(
        theme,
        lambda pen: _draw_frequencies(pen, document),
        "The next coup after each signal against the exact odds",
        "Per signal, the Banker, Player and Tie frequency of the next coup with its 95% "
        "interval, against the exact probability of a fresh shoe.",
    )


def _draw_money(pen: Pen, document: Study) -> float:
    theme = pen.theme
    signals = document.signals
    top = 22.0
    _rows(pen, signals, top)
    bottom = top + len(signals) * _ROW
    plot = WIDTH - _LABELS - 110
    shown = [s.flat_bet for s in signals if s.bets >= MIN_BETS and s.flat_bet.low]
    values = [0.0]
    for flat in shown:
        values += [flat.low or 0.0, flat.high or 0.0, flat.exact_expected_per_bet or 0.0]
    first, last, ticks = _ticks(min(values), max(values), 6)

    def x(value: float) -> float:
        return _LABELS + plot * (min(max(value, first), last) - first) / (last - first)

    step = ticks[1] - ticks[0] if len(ticks) > 1 else 0.01
    pen.text(_LABELS, 12, "result per 1-unit bet", SMALL, theme.muted)
    pen.text(WIDTH - 4, 12, "per bet", SMALL, theme.muted, anchor="end")
    for tick in ticks:
        pen.hairline(
            x(tick), top, bottom - top, theme.frame if tick == 0 else theme.grid, across=False
        )
        pen.text(x(tick), bottom + 14, _tick_label(tick, step), SMALL, theme.muted, anchor="middle")
    for i, signal in enumerate(signals):
        flat = signal.flat_bet
        if flat.per_bet is None or flat.exact_expected_per_bet is None:
            continue
        y = top + i * _ROW + _ROW / 2
        ok = signal.bets >= MIN_BETS
        colour = theme.text if ok else theme.muted
        expected = flat.exact_expected_per_bet
        pen.rect(x(expected) - 1, y - 6, 2, 12, fill=theme.banker, classes=("house-edge",))
        if flat.low is not None and flat.high is not None:
            pen.line(x(flat.low), y, x(flat.high), y, colour, 1.5, ("interval",))
        pen.circle(x(flat.per_bet), y, 3.2, colour, ("result",))
        pen.text(WIDTH - 4, y + 4, _pct(flat.per_bet, 2), SMALL, colour, anchor="end")
    y = bottom + 34
    _legend(
        pen,
        y,
        [
            ("dot", "result per bet, with its 95% interval"),
            ("edge", "exact expectation of the same bets (the house edge)"),
        ],
    )
    return y + 8


def money_chart(document: Study, theme: Theme = CASINO) -> Scene:
    return _alone(
        theme,
        lambda pen: _draw_money(pen, document),
        "A flat bet on each signal against the house edge",
        f"Per signal, the result per 1-unit bet (Banker paid {float(BANKER_PAYS):g}, ties push) "
        "with its 95% "
        "interval, against the exact expectation of the same bets.",
    )


AHEAD_MARKS = (("1", 2.6, "muted"), ("10", 3.2, "text"), ("100", 3.8, "banker"))
"""The chance-of-being-ahead chart's marks, in the order of ``Ahead.chances``: after how many
shoes, the dot's radius, its colour (a theme field)."""


def _draw_ahead(pen: Pen, document: Study) -> float:
    theme = pen.theme
    signals = document.signals
    top = 22.0
    _rows(pen, signals, top)
    bottom = top + len(signals) * _ROW
    plot = WIDTH - _LABELS - 20

    def x(value: float) -> float:
        return _LABELS + plot * value

    pen.text(_LABELS, 12, "chance that the flat bet is ahead", SMALL, theme.muted)
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        colour = theme.frame if tick == 0.5 else theme.grid
        pen.hairline(x(tick), top, bottom - top, colour, across=False)
        pen.text(x(tick), bottom + 14, _pct(tick, 0), SMALL, theme.muted, anchor="middle")
    for i, signal in enumerate(signals):
        if not signal.bets:
            continue
        y = top + i * _ROW + _ROW / 2
        chances = signal.ahead.chances()
        pen.line(x(min(chances)), y, x(max(chances)), y, theme.grid, 1.5, ("span",))
        for (after, radius, field), chance in zip(AHEAD_MARKS, chances, strict=True):
            colour = getattr(theme, field) if signal.bets >= MIN_BETS else theme.muted
            pen.circle(x(chance), y, radius, colour, ("ahead", f"after-{after}"))
    y = bottom + 34
    legend_x = 4.0
    for after, radius, field in AHEAD_MARKS:
        label = f"after {after} shoe" + ("" if after == "1" else "s")
        pen.circle(legend_x + 6, y - 4, radius, getattr(theme, field))
        pen.text(legend_x + 16, y, label, SMALL, theme.muted)
        legend_x += 16 + metrics().width(label, SMALL) + 20
    pen.text(legend_x, y, "(50%: as often ahead as behind)", SMALL, theme.muted, classes=("half",))
    return y + 8


def ahead_chart(document: Study, theme: Theme = CASINO) -> Scene:
    return _alone(
        theme,
        lambda pen: _draw_ahead(pen, document),
        "The chance of being ahead after 1, 10 and 100 shoes",
        "Per signal, the chance that a flat 1-unit bet on every side it names is ahead after 1, "
        "10 and 100 shoes, at the exact expectation of its bets: near 50% after one shoe, "
        "falling as the house edge adds up.",
    )


def _variance(fresh: FreshShoe) -> tuple[float, float]:
    """Variance of one Banker and one Player bet's result, fresh shoe."""
    pb, pp = fresh.p_banker, fresh.p_player
    pays = float(BANKER_PAYS)
    banker_mean = pays * pb - pp
    player_mean = pp - pb
    return float(BANKER_PAYS**2) * pb + pp - banker_mean**2, pb + pp - player_mean**2


def _draw_curve(pen: Pen, signal: Signal, fresh: FreshShoe, width: float, height: float) -> None:
    theme = pen.theme
    curve = signal.curve
    bets, units, expected = curve.bets, curve.units, curve.expected
    pen.text(0, 12, signal.name, TEXT, theme.text)
    top, left = 22.0, 44.0
    plot_w, plot_h = width - left - 6, height - top - 22
    most = max(bets[-1] if bets else 0, 1)
    banker_var, player_var = _variance(fresh)
    share_banker = signal.named_banker / signal.bets if signal.bets else 0.5
    sd = math.sqrt(share_banker * banker_var + (1 - share_banker) * player_var)
    spreads = [Z95 * sd * math.sqrt(b) for b in bets]
    values = [0.0, *units, *(e + s for e, s in zip(expected, spreads, strict=True))]
    values += [e - s for e, s in zip(expected, spreads, strict=True)]
    low, high = float(min(values)), float(max(values))
    span = max(high - low, 1.0)

    def x(b: float) -> float:
        return left + plot_w * b / most

    def y(u: float) -> float:
        return top + plot_h * (high - u) / span

    pen.hairline(left, y(0), plot_w, theme.frame, across=True)
    pen.hairline(left, top, plot_h, theme.frame, across=False)
    for value in (high, low):
        if abs(y(value) - y(0)) >= 14:
            pen.text(left - 4, y(value) + 4, f"{value:+,.0f}", SMALL, theme.muted, anchor="end")
    pen.text(left - 4, y(0) + 4, "0", SMALL, theme.muted, anchor="end")
    pen.text(left + plot_w, top + plot_h + 16, f"{most:,} bets", SMALL, theme.muted, anchor="end")
    previous = (0.0, 0.0, 0.0, 0.0)
    for b, u, e, s in zip(bets, units, expected, spreads, strict=True):
        pb, pu, pe, ps = previous
        pen.line(x(pb), y(pe + ps), x(b), y(e + s), theme.frame, 1.0, ("range",))
        pen.line(x(pb), y(pe - ps), x(b), y(e - s), theme.frame, 1.0, ("range",))
        pen.line(x(pb), y(pe), x(b), y(e), theme.banker, 1.4, ("house-edge",))
        pen.line(x(pb), y(pu), x(b), y(u), theme.text, 1.6, ("result",))
        previous = (b, u, e, s)


def _draw_curves(pen: Pen, document: Study) -> float:
    theme = pen.theme
    by_name = {s.name: s for s in document.signals}
    chosen = [by_name[name] for name in _CURVES if name in by_name]
    width, height, gap = (WIDTH - 20) / 2, 150.0, 20.0
    for i, signal in enumerate(chosen):
        inner = Pen(theme, pen.x + (i % 2) * (width + gap), pen.y + (i // 2) * (height + 12))
        _draw_curve(inner, signal, document.exact_fresh_shoe, width, height)
        pen.shapes.extend(inner.shapes)
    y = 2 * (height + 12) + 14
    items = [("result", theme.text), ("house edge (exact expectation)", theme.banker)]
    items.append(("95% of results", theme.frame))
    x = 4.0
    for label, colour in items:
        pen.line(x, y - 4, x + 18, y - 4, colour, 2.0)
        pen.text(x + 24, y, label, SMALL, theme.muted)
        x += 24 + metrics().width(label, SMALL) + 20
    return y + 8


def curves_chart(document: Study, theme: Theme = CASINO) -> Scene:
    return _alone(
        theme,
        lambda pen: _draw_curves(pen, document),
        "The running result of flat bets against the house edge",
        "For follow-last, chop, big-eye-boy-red and streak-3: the running result of a 1-unit "
        "bet on every side named, against its exact expectation and the range 95% of results "
        "fall in.",
    )


def _draw_edges(pen: Pen, removal: CardRemoval) -> float:
    theme = pen.theme
    series: tuple[tuple[str, Distribution, float], ...] = (
        ("banker", removal.banker_edge, removal.fresh_banker_edge),
        ("player", removal.player_edge, removal.fresh_player_edge),
    )
    lows = [h.first for _, d, _ in series for h in d.histogram] + [0.0]
    highs = [h.last for _, d, _ in series for h in d.histogram]
    first, last, ticks = _ticks(min(lows), max(highs), 8)
    left, top, plot_h = 40.0, 20.0, 150.0
    plot_w = WIDTH - left - 10
    tallest = max(h.count for _, d, _ in series for h in d.histogram)

    def x(value: float) -> float:
        return left + plot_w * (value - first) / (last - first)

    step = ticks[1] - ticks[0] if len(ticks) > 1 else 0.01
    pen.text(left, 12, "coups", SMALL, theme.muted)
    for tick in ticks:
        pen.hairline(x(tick), top, plot_h, theme.frame if tick == 0 else theme.grid, across=False)
        pen.text(
            x(tick), top + plot_h + 14, _tick_label(tick, step), SMALL, theme.muted, anchor="middle"
        )
    pen.hairline(left, top + plot_h, plot_w, theme.frame, across=True)
    pen.text(left - 4, top + 8, f"{tallest:,}", SMALL, theme.muted, anchor="end")
    for index, (name, distribution, fresh) in enumerate(series):
        colour = _colour(pen, name)
        for bar in distribution.histogram:
            if not bar.count:
                continue
            bar_w = (x(bar.last) - x(bar.first)) / 2
            h = plot_h * bar.count / tallest
            pen.rect(
                x(bar.first) + index * bar_w,
                top + plot_h - h,
                max(bar_w - 0.5, 0.5),
                h,
                fill=colour,
                classes=("bar", name),
            )
        pen.rect(x(fresh) - 0.75, top, 1.5, plot_h, fill=colour, classes=("fresh", name))
    pen.text(
        left + plot_w / 2,
        top + plot_h + 30,
        "house edge of the bet from the cards left (below 0%: the bet had a positive expectation)",
        SMALL,
        theme.muted,
        anchor="middle",
    )
    y = top + plot_h + 52
    x0 = 4.0
    for name, label in (("banker", "Banker bet"), ("player", "Player bet")):
        pen.rect(x0, y - 9, 14, 9, fill=_colour(pen, name))
        pen.text(x0 + 20, y, label, SMALL, theme.muted)
        x0 += 20 + metrics().width(label, SMALL) + 20
    pen.rect(x0 + 6, y - 11, 1.5, 13, fill=theme.text)
    pen.text(x0 + 14, y, "fresh-shoe edge", SMALL, theme.muted)
    return y + 8


def edge_chart(document: Study, theme: Theme = CASINO) -> Scene | None:
    removal = document.card_removal
    if removal is None:
        return None
    return _alone(
        theme,
        lambda pen: _draw_edges(pen, removal),
        "The exact house edge over the coups of the exact shoes",
        "How the exact Banker and Player edge, from the cards left, spread over "
        f"{removal.coups} coups of {removal.shoes} shoes.",
    )


def study_scene(document: Study, *, title: str | None = None, theme: Theme = CASINO) -> Scene:
    """Every chart of the study on one picture, with its title and the notice.

    Parameters:
        document: the study (``run_study``).
        title: the picture's title (default: "Do the roads predict anything?").
        theme: the colours (``roads.drawing.themes``).
    """
    palette = theme
    pen = Pen(palette)
    heading = title or "Do the roads predict anything?"
    y = _MARGIN
    pen.text(_MARGIN, y + 16, heading, 20.0)
    data = document.data
    pen.text(
        _MARGIN,
        y + 40,
        f"{data.coups:,} coups in {data.shoes:,} shoes. Each coup is dealt from the cards alone.",
        TEXT + 1,
        palette.muted,
    )
    y += 56
    y = _notice(pen, y)
    sections: list[tuple[str, Callable[[Pen, Study], float]]] = [
        ("The next coup after each signal, against the exact odds", _draw_frequencies),
        ("A flat 1-unit bet on each signal, against the house edge", _draw_money),
        ("Running result of four signals' flat bets", _draw_curves),
        ("The chance of being ahead after 1, 10 and 100 shoes", _draw_ahead),
    ]
    removal = document.card_removal
    for heading_text, draw in sections:
        y = _card(pen, y, heading_text, functools.partial(_call, draw, document))
    if removal is not None:
        y = _card(
            pen, y, "The exact house edge from the cards left", lambda p: _draw_edges(p, removal)
        )
    y = _notice(pen, y + 16)
    return Scene(
        WIDTH + 2 * _PAD + 2 * _MARGIN,
        y + _MARGIN,
        palette.background,
        tuple(pen.shapes),
        heading,
        f"{heading}: {data.coups} coups. {NOTICE}",
    )


def _call(draw: Callable[[Pen, Study], float], document: Study, pen: Pen) -> float:
    return draw(pen, document)


def _card(pen: Pen, y: float, heading: str, draw: Callable[[Pen], float]) -> float:
    return pen.card(_MARGIN, y + 16, WIDTH + 2 * _PAD, heading, draw, pad=_PAD)


def _notice(pen: Pen, y: float) -> float:
    return pen.notice_band(_MARGIN, y, WIDTH + 2 * _PAD, NOTICE)
