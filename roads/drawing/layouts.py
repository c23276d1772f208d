"""Where the panels and bands of a board go, in each layout; each returns the board's width
and height.

standard::

    title
    statistics (they double as the legend of pair and natural marks)
    [bead plate]   [big road ..................................]
    [Big Eye Boy]        [Small Road]        [Cockroach Pig]      <- half-size cells, one per
                                                                     derived road
    ask road: if the next coup is Banker ... / Player ...
    [ notice: past results do not predict the next hand ]

casino: the derived roads under the big road, on its grid; lobby: a compact thumbnail of the
big road (and the bead plate, if asked); one road: that road alone, under its title.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from roads.drawing.bands import (
    ITEM_GAP,
    Item,
    ask_width,
    draw_ask,
    draw_header,
    draw_items,
    draw_legend,
    draw_notice,
    items_width,
    legend_width,
    notice_width,
    stats_items,
)
from roads.drawing.canvas import Canvas
from roads.drawing.fonts import metrics
from roads.drawing.options import Layout
from roads.drawing.panels import Panel, draw_panel, make_panel, marks_of
from roads.drawing.sizes import (
    CAPTION,
    CASINO_BEAD,
    CELL,
    GAP,
    HALF,
    LOBBY_BEAD_COLUMNS,
    LOBBY_CELL,
    LOBBY_COLUMNS,
    LOBBY_MARGIN,
    LOBBY_MIN_COLUMNS,
    LOBBY_NOTICE_SIZE,
    MARGIN,
    ROW_GAP,
    TEXT_SIZE,
)
from roads.drawing.titles import draw_title
from roads.grids.placement import ROWS
from roads.grids.road import DERIVED, SLUGS, Road
from roads.translations import plural


def standard_board(canvas: Canvas, title: str) -> tuple[float, float]:
    """The standard layout: the full board, or the one road the options name."""
    road = canvas.options.alone
    if road is None:
        return full_board(canvas, title)
    return one_road(canvas, road.slug, title if canvas.options.title else "")


def full_board(canvas: Canvas, title: str) -> tuple[float, float]:
    """The full board: the derived roads in a row of their own."""
    panels = {road: make_panel(canvas, road) for road in SLUGS}
    bead, big = panels[Road.BEAD_PLATE.slug], panels[Road.BIG_ROAD.slug]
    derived = [panels[road.slug] for road in DERIVED]
    count = len(derived)
    derived_cols = max(panel.cols for panel in derived)
    marks = marks_of((bead, big))
    width: float = math.ceil(
        max(
            bead.width + GAP + big.width,
            count * derived_cols * HALF + (count - 1) * GAP,
            items_width(stats_items(canvas)),
            ask_width(canvas),
            legend_width(canvas, marks),
            notice_width(canvas),
        )
    )
    # Stretch the big road and the derived roads so the panels share one right edge.
    big.cols = max(big.cols, int((width - bead.width - GAP) // CELL))
    for panel in derived:
        panel.cols = int((width - (count - 1) * GAP) / count // HALF)
    width = max(width, bead.width + GAP + big.width, count * derived[0].width + (count - 1) * GAP)

    y = draw_header(canvas, title, width)
    bead.x, bead.y = MARGIN, y + CAPTION
    big.x, big.y = MARGIN + width - big.width, y + CAPTION
    y += CAPTION + ROWS * CELL + ROW_GAP
    # Whole units between the derived roads, so their grid lines fall on whole pixels.
    step = derived[0].width + (width - count * derived[0].width) // (count - 1)
    for index, panel in enumerate(derived):
        panel.x = MARGIN + (index * step if index < count - 1 else width - panel.width)
        panel.y = y + CAPTION
    y += CAPTION + ROWS * HALF + ROW_GAP
    for panel in panels.values():
        draw_panel(canvas, panel)

    y = _legend(canvas, marks, MARGIN, draw_ask(canvas, MARGIN, y), 10)
    y = draw_notice(canvas, MARGIN, y + 10, width)
    return width + 2 * MARGIN, y + MARGIN


def _legend(canvas: Canvas, marks: tuple[str, ...], x: float, y: float, gap: float) -> float:
    """The legend of ``marks`` from (x, y + gap), if there are any; the y under it."""
    return draw_legend(canvas, marks, x, y + gap) if marks else y


def _casino_panels(canvas: Canvas) -> list[Panel]:
    """The casino layout's bead plate, big road and derived roads, with the columns each
    keeps: with ``columns`` N the bead plate, whose cells are larger, keeps a third as many,
    and the first derived road, in half-size cells across the big road's width, twice as many;
    the others, two to a row, each as many as the big road."""
    keep, cap = canvas.options.columns, canvas.options.max_columns
    big_keep = keep + keep % 2 if keep else None
    big_cap = cap + cap % 2 if cap else None
    first, *others = DERIVED
    return [
        make_panel(
            canvas,
            Road.BEAD_PLATE.slug,
            cell=CASINO_BEAD,
            keep=max(1, round(keep / 3)) if keep else None,
            minimum=6,
            most=max(1, round(cap / 3)) if cap else None,
        ),
        make_panel(canvas, Road.BIG_ROAD.slug, keep=big_keep, most=big_cap),
        make_panel(
            canvas,
            first.slug,
            keep=2 * big_keep if big_keep else None,
            minimum=0,
            most=2 * big_cap if big_cap else None,
        ),
        *(make_panel(canvas, road.slug, keep=big_keep, minimum=0, most=big_cap) for road in others),
    ]


def casino_board(canvas: Canvas, title: str) -> tuple[float, float]:
    """Bead plate left; big road right with the first derived road (Big Eye Boy) under it
    across its width, and the others (Small Road and Cockroach Pig) two to a row under that,
    each half as wide: every derived grid line falls on the big road's grid (two derived cells
    to one big-road cell)."""
    bead, big, first, *others = _casino_panels(canvas)
    marks = marks_of((bead, big))
    header = max(
        items_width(stats_items(canvas)),
        ask_width(canvas),
        legend_width(canvas, marks),
        notice_width(canvas),
    )
    cols = max(
        big.cols,
        -(-first.cols // 2),
        *(panel.cols for panel in others),
        math.ceil((header - bead.width - GAP) / CELL),
    )
    cols += cols % 2  # two derived roads side by side meet on a big-road grid line
    big.cols, first.cols = cols, 2 * cols
    for panel in others:
        panel.cols = cols
    width = bead.width + GAP + big.width

    y = draw_header(canvas, title, width)
    bead.x, bead.y = MARGIN, y + CAPTION
    big.x, big.y = MARGIN + bead.width + GAP, y + CAPTION
    # One big-road row between the roads holds the captions, so the rows stay on its grid.
    first.x, first.y = big.x, big.y + big.height + CELL
    below = first.y + first.height + CELL
    for index, panel in enumerate(others):
        panel.x = big.x + (index % 2) * others[0].width
        panel.y = below + (index // 2) * (panel.height + CELL)
    for panel in (first, *others):
        panel.major = CELL
    for panel in (bead, big, first, *others):
        draw_panel(canvas, panel)
    bottom = max(panel.y + panel.height for panel in (bead, first, *others))
    y = bottom + ROW_GAP
    y = _legend(canvas, marks, MARGIN, draw_ask(canvas, MARGIN, y), 10)
    y = draw_notice(canvas, MARGIN, y + 10, width)
    return width + 2 * MARGIN, y + MARGIN


def lobby_board(canvas: Canvas, title: str) -> tuple[float, float]:
    """A thumbnail: the title and the counts on one line, the big road (and the bead plate,
    if asked) in small cells, and the notice on a line of its own."""
    theme, margin = canvas.theme, LOBBY_MARGIN
    # The lobby's own window, within max_columns where given (the live page's): --columns sets
    # another.
    cap = canvas.options.max_columns or LOBBY_COLUMNS
    panels = []
    if canvas.options.with_bead_plate:
        bead_most = min(cap, LOBBY_BEAD_COLUMNS)
        panels.append(
            make_panel(canvas, Road.BEAD_PLATE.slug, cell=LOBBY_CELL, minimum=6, most=bead_most)
        )
    big = make_panel(
        canvas,
        Road.BIG_ROAD.slug,
        cell=LOBBY_CELL,
        minimum=LOBBY_MIN_COLUMNS,
        most=min(cap, LOBBY_COLUMNS),
    )
    panels.append(big)
    # A wall explains the marks of all its thumbnails once, over its one notice.
    marks = marks_of(panels) if canvas.notice else ()
    canvas.marks_shown = marks_of(panels)
    stats = stats_items(canvas)[:4]
    # Columns beyond the window are never dropped silently: the header says how many.
    hidden = canvas.roads.width(Road.BIG_ROAD.slug) - big.cols
    if hidden > 0:
        stats.append(Item(plural(canvas.labels.hidden_columns, hidden), None, 0))
    title_width = metrics().width(title, TEXT_SIZE + 2)
    header = title_width + GAP + items_width(stats) - ITEM_GAP
    others = sum(panel.width + GAP for panel in panels[:-1])
    notice = notice_width(canvas, LOBBY_NOTICE_SIZE) if canvas.notice else 0.0
    width: float = math.ceil(max(header, others + big.width, notice, legend_width(canvas, marks)))
    # Stretch the big road so the grids fill the line the title and the notice take.
    big.cols = max(big.cols, math.ceil((width - others) / LOBBY_CELL))
    width = others + big.width
    canvas.big_columns = big.cols

    y = margin
    baseline = y + (TEXT_SIZE + 2) * 0.8
    canvas.text(margin, baseline, title, TEXT_SIZE + 2, theme.text, ("title",))
    draw_items(canvas, stats, margin + title_width + GAP, baseline)
    y += TEXT_SIZE + 2 + 8
    # The big road alone needs no caption: a lobby shows nothing else.
    caption = CAPTION if len(panels) > 1 else 2.0
    x = margin
    for panel in panels:
        panel.x, panel.y, panel.caption = x, y + caption, len(panels) > 1
        x += panel.width + GAP
    big.x = margin + width - big.width
    for panel in panels:
        draw_panel(canvas, panel)
    y += caption + ROWS * LOBBY_CELL
    if canvas.notice:
        y = _legend(canvas, marks, margin, y, 8)
        y = draw_notice(canvas, margin, y + 8, width, LOBBY_NOTICE_SIZE)
    return width + 2 * margin, y + margin


def grid_alone(canvas: Canvas, road: str, columns: int, cell: float) -> tuple[float, float]:
    """``road``'s last ``columns`` columns in cells of side ``cell``, framed, with no words
    around it: for a screen that sets its own (the live table display)."""
    panel = make_panel(canvas, road, cell=cell, keep=columns)
    panel.caption = False
    panel.x = panel.y = 1.0
    draw_panel(canvas, panel)
    return panel.width + 2, panel.height + 2


def one_road(canvas: Canvas, road: str, title: str) -> tuple[float, float]:
    """``road`` alone, under ``title`` (none if empty), above the notice."""
    panel = make_panel(canvas, road)
    marks = marks_of((panel,))
    width: float = math.ceil(max(panel.width, legend_width(canvas, marks), notice_width(canvas)))
    y = MARGIN
    if title:
        y = draw_title(canvas, title, MARGIN, y, width) + 10
    panel.x, panel.y = MARGIN, y + CAPTION
    if panel.width < width:
        panel.cols = int(width // panel.cell)
    draw_panel(canvas, panel)
    y += CAPTION + panel.height + ROW_GAP
    y = _legend(canvas, marks, MARGIN, y, 0)
    y = draw_notice(canvas, MARGIN, y + (10 if marks else 0), width)
    return width + 2 * MARGIN, y + MARGIN


BY_LAYOUT: dict[str, Callable[[Canvas, str], tuple[float, float]]] = {
    Layout.STANDARD: standard_board,
    Layout.CASINO: casino_board,
    Layout.LOBBY: lobby_board,
}
"""What draws each layout, given the canvas and the title; each returns the board's width and
height."""
