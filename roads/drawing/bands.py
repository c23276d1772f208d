"""The bands around the roads: the statistics (which double as the legend of the marks), the
ask road and the notice."""

from __future__ import annotations

from collections.abc import Sequence

from roads.drawing.canvas import Canvas
from roads.drawing.fonts import metrics
from roads.drawing.marks import MEANING
from roads.drawing.scene import Circle, Line, Rect
from roads.drawing.sizes import CAPTION_SIZE, GAP, HALF, MARGIN, NOTICE_SIZE, TEXT_SIZE
from roads.drawing.titles import draw_title
from roads.game.coup import Outcome
from roads.grids.cells import AskAnswer
from roads.grids.road import DERIVED
from roads.values import frozen

ITEM_GAP = 18.0
ASK_HEIGHT = 28.0
LEGEND_HEIGHT = 18.0
"""Height of the row that explains the table marks (Super 6, Dragon 7, Panda 8)."""
LEGEND_BADGE = 6.5
"""Radius of a badge in that row."""


@frozen
class Item:
    """One entry of the statistics: its words, and the dot drawn before them."""

    text: str
    dot_colour: str | None
    dot: float
    mark: Outcome | None = None
    """The big-road mark this item counts: where marks differ in shape, the legend shows it."""
    square: bool = False
    """Whether its dot is a square (the natural mark, where marks differ in shape)."""


# -- header: statistics that double as the legend --------------------------------------------


def draw_header(canvas: Canvas, title: str, width: float) -> float:
    """Draw the title (fitted to ``width``: ``roads.drawing.titles``) and the statistics; the
    height they take from MARGIN."""
    y = draw_title(canvas, title, MARGIN, MARGIN, width) + 10
    draw_items(canvas, stats_items(canvas), MARGIN, y + TEXT_SIZE * 0.8)
    return y + TEXT_SIZE + 16


def stats_items(canvas: Canvas) -> list[Item]:
    stats, labels, theme = canvas.roads.stats, canvas.labels, canvas.theme
    return [
        Item(f"{labels.coups} {stats.hands}", None, 0),
        Item(f"{labels.banker_name} {stats.banker}", theme.banker, 5.0, Outcome.BANKER),
        Item(f"{labels.player_name} {stats.player}", theme.player, 5.0, Outcome.PLAYER),
        Item(f"{labels.tie_name} {stats.tie}", theme.tie, 5.0),
        Item(f"{labels.banker_pairs} {stats.banker_pair}", theme.banker, 3.0),
        Item(f"{labels.player_pairs} {stats.player_pair}", theme.player, 3.0),
        Item(f"{labels.naturals} {stats.natural}", theme.natural, 3.0, square=theme.shapes),
    ]


def draw_items(canvas: Canvas, items: Sequence[Item], x: float, baseline: float) -> None:
    """Draw ``items`` in a row from ``x`` on ``baseline``."""
    for item in items:
        if item.dot_colour is not None and item.square:
            cy = baseline - TEXT_SIZE * 0.36
            square = canvas.marks.square(x + item.dot, cy, item.dot, item.dot_colour, ("legend",))
            canvas.shapes.append(square)
            x += 2 * item.dot + 5
        elif item.dot_colour is not None and item.mark is not None and canvas.theme.shapes:
            cx, cy = x + item.dot, baseline - TEXT_SIZE * 0.36
            canvas.shapes.append(
                Circle(
                    cx,
                    cy,
                    0.78 * item.dot,
                    stroke=item.dot_colour,
                    stroke_width=0.44 * item.dot,
                    classes=("legend",),
                )
            )
            if item.mark is Outcome.PLAYER:
                canvas.shapes.append(
                    Circle(cx, cy, 0.3 * item.dot, fill=item.dot_colour, classes=("legend",))
                )
            x += 2 * item.dot + 5
        elif item.dot_colour is not None:
            canvas.shapes.append(
                Circle(
                    x + item.dot,
                    baseline - TEXT_SIZE * 0.36,
                    item.dot,
                    fill=item.dot_colour,
                    classes=("legend",),
                )
            )
            x += 2 * item.dot + 5
        canvas.text(x, baseline, item.text, TEXT_SIZE, canvas.theme.text, ("stat",))
        x += metrics().width(item.text, TEXT_SIZE) + ITEM_GAP


def items_width(items: Sequence[Item]) -> float:
    """The width ``draw_items`` takes for ``items``."""
    return sum(
        (2 * item.dot + 5 if item.dot_colour else 0)
        + metrics().width(item.text, TEXT_SIZE)
        + ITEM_GAP
        for item in items
    )


# -- legend of the table marks -----------------------------------------------------------------


def legend_width(canvas: Canvas, marks: Sequence[str]) -> float:
    """The width ``draw_legend`` takes for ``marks`` (0 for none)."""
    words = [_legend_words(canvas, mark) for mark in marks]
    return sum(2 * LEGEND_BADGE + 5 + metrics().width(text, CAPTION_SIZE) for text in words) + (
        ITEM_GAP * max(0, len(words) - 1)
    )


def draw_legend(canvas: Canvas, marks: Sequence[str], x: float, y: float) -> float:
    """Draw from (x, y) what each badge of ``marks`` means; the y under it."""
    middle = y + LEGEND_HEIGHT / 2
    for mark in marks:
        centre = x + LEGEND_BADGE
        badge = canvas.marks.badge(mark, centre, middle, LEGEND_BADGE, ("legend", mark))
        canvas.shapes.extend(badge)
        x += 2 * LEGEND_BADGE + 5
        text = _legend_words(canvas, mark)
        canvas.text(
            x,
            middle + metrics().centre_baseline(text, CAPTION_SIZE),
            text,
            CAPTION_SIZE,
            canvas.theme.text,
            ("legend", mark),
        )
        x += metrics().width(text, CAPTION_SIZE) + ITEM_GAP
    return y + LEGEND_HEIGHT


def _legend_words(canvas: Canvas, mark: str) -> str:
    return str(getattr(canvas.labels, mark))


# -- ask road ----------------------------------------------------------------------------------


def _ask_parts(canvas: Canvas) -> list[tuple[str, Outcome, AskAnswer]]:
    ask = canvas.roads.ask
    return [
        (canvas.labels.if_banker, Outcome.BANKER, ask.banker),
        (canvas.labels.if_player, Outcome.PLAYER, ask.player),
    ]


def ask_width(canvas: Canvas) -> float:
    """The width ``draw_ask`` takes."""
    width = metrics().width(canvas.labels.ask, CAPTION_SIZE) + GAP
    for text, _, _ in _ask_parts(canvas):
        width += _pill_width(text) + GAP
    return width


def draw_ask(canvas: Canvas, x: float, y: float) -> float:
    """Draw the ask road from (x, y); the y under it."""
    middle = y + ASK_HEIGHT / 2
    canvas.text(
        x,
        middle + metrics().centre_baseline(canvas.labels.ask, CAPTION_SIZE),
        canvas.labels.ask,
        CAPTION_SIZE,
        canvas.theme.muted,
        ("caption", "ask"),
    )
    x += metrics().width(canvas.labels.ask, CAPTION_SIZE) + GAP
    for text, outcome, answer in _ask_parts(canvas):
        x += _draw_pill(canvas, x, y, text, outcome, answer) + GAP
    return y + ASK_HEIGHT


def _draw_pill(
    canvas: Canvas, x: float, y: float, text: str, outcome: Outcome, answer: AskAnswer
) -> float:
    """One answer of the ask road in a pill from (x, y); the pill's width."""
    theme, marks = canvas.theme, canvas.marks
    width, middle = _pill_width(text), y + ASK_HEIGHT / 2
    canvas.shapes.append(
        Rect(
            x,
            y,
            width,
            ASK_HEIGHT,
            fill=theme.panel,
            stroke=theme.frame,
            stroke_width=1.0,
            radius=ASK_HEIGHT / 2,
            classes=("ask", MEANING[outcome]),
        )
    )
    cx = x + 16
    canvas.shapes.append(
        Circle(cx, middle, 8.0, fill=marks.outcome_colour(outcome), classes=("ask-icon",))
    )
    letter = marks.letter(outcome)
    canvas.text(
        cx,
        middle + metrics().centre_baseline(letter, 10.0),
        letter,
        10.0,
        marks.label_colour(outcome),
        ("ask-icon",),
        anchor="middle",
    )
    tx = cx + 14
    canvas.text(
        tx,
        middle + metrics().centre_baseline(text, CAPTION_SIZE),
        text,
        CAPTION_SIZE,
        theme.text,
        ("ask",),
    )
    mx = tx + metrics().width(text, CAPTION_SIZE) + 10
    for road, colour in zip((road.slug for road in DERIVED), answer, strict=True):
        if colour is None:
            canvas.shapes.append(
                Line(mx + 3, middle, mx + HALF - 3, middle, theme.muted, 1.5, ("ask-none", road))
            )
        else:
            canvas.shapes.extend(
                marks.derived(road, colour, mx, middle - HALF / 2, ("ask", road, colour.value))
            )
        mx += HALF + 8
    return width


def _pill_width(text: str) -> float:
    return 16 + 14 + metrics().width(text, CAPTION_SIZE) + 10 + len(DERIVED) * (HALF + 8) + 6


# -- notice ------------------------------------------------------------------------------------


def notice_width(canvas: Canvas, size: float = NOTICE_SIZE) -> float:
    """The width the notice takes on one line."""
    return metrics().width("  ".join(canvas.labels.notice), size) + 32


_NOTICE_ASCENT = 0.95
"""How far below the top of its line a notice line's baseline sits, as a share of the text size
(a typographic measure, not a payout)."""


def draw_notice(
    canvas: Canvas, x: float, y: float, width: float, size: float = NOTICE_SIZE
) -> float:
    """Draw the notice in a band ``width`` wide from (x, y); the y under it."""
    theme = canvas.theme
    lines = canvas.labels.notice
    one_line = "  ".join(lines)
    if metrics().width(one_line, size) + 32 <= width:
        lines = (one_line,)
    height = 12 + len(lines) * (size + 6)
    canvas.shapes.append(
        Rect(x, y, width, height, fill=theme.notice_fill, radius=6.0, classes=("notice-band",))
    )
    baseline = y + 6 + size * _NOTICE_ASCENT
    for line in lines:
        canvas.text(
            x + width / 2, baseline, line, size, theme.notice_text, ("notice",), anchor="middle"
        )
        baseline += size + 6
    return y + height
