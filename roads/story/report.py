"""The story of a shoe on one self-contained HTML page.

The page holds the final board, the coups in order (with their cards when known), the streaks,
the shoe's Banker / Player / Tie shares against the exact odds of a fresh shoe, and, for a shoe
dealt from known cards, the exact odds of the next coup after every coup. The notice comes first
and last.

It fetches nothing: styles are inline, every picture is inline SVG, the only font is one of the
shipped fonts (the board's, or the report's where the charts' words need it), embedded once in
the page's style sheet as a data URI, and a Content-Security-Policy forbids loading anything
else. Its HTML is package data beside this module, read by ``roads.pages.templates``: the
pages' document (``roads/pages/page.html``, the study's too) around the sections
(``report.html``), and the pieces filled from the shoe (``report-parts.html``); its style sheet
is the pages' ``page.css``. Every value
written into them that is not HTML already is escaped with ``html.escape``.
"""

from __future__ import annotations

import os
from dataclasses import replace
from html import escape

from roads.atomic import write_atomic
from roads.drawing.board import draw_board
from roads.drawing.options import BoardOptions
from roads.drawing.paper import Paper
from roads.drawing.scene import Scene
from roads.errors import RoadsError
from roads.grids.roads import Roads
from roads.hands.statement import Statement
from roads.pages import (
    generator_name,
    page_document,
    style_sheet,
)
from roads.pages.templates import lines
from roads.story import charts
from roads.story.remaining import OddsTrail, odds_trail
from roads.story.report_sections import (
    SECTIONS_FILE,
    Pictures,
    Words,
    bets_section,
    board_section,
    coups_section,
    facts,
    notice,
    odds_section,
    outcomes_section,
    part,
    streaks_section,
)
from roads.story.seats_section import seats_section
from roads.translations import REPORT_ENGLISH, ReportWords

TITLE = REPORT_ENGLISH.title
HONEST = REPORT_ENGLISH.honest


def report_html(
    roads: Roads,
    *,
    decks: int = 8,
    title: str | None = None,
    trail: OddsTrail | None = None,
    options: BoardOptions | None = None,
    scale: float = 1.0,
    statement: Statement | None = None,
) -> str:
    """The report page of ``roads``; ``trail`` (default: worked out from the cards of its hands
    and ``decks``) gives the exact odds after each coup; ``scale`` sets the size of the board
    and the charts on the page, times their natural size (in a narrower window they shrink to
    fit, the board down to what stays legible, then it scrolls); ``statement``, a practice
    session's (a journal with seats), adds its table of seats."""
    hands = roads.hands
    if not hands:
        raise RoadsError("there is no coup to report on")
    trail = trail or odds_trail(hands, decks)
    options = options or BoardOptions()
    w = Words(options.lang, options.palette)
    heading = title or w.report.title
    pictures = _pictures(roads, trail, replace(options, title=title), w, scale)
    r = w.report
    sections = lines("roads.story", SECTIONS_FILE).substitute(
        board_heading=escape(r.board_heading),
        board=board_section(roads, pictures, w),
        outcomes_heading=escape(r.outcomes_heading),
        outcomes=outcomes_section(roads, trail, pictures, w),
        streaks_heading=escape(r.streaks_heading),
        streaks=streaks_section(roads, w),
        odds_heading=escape(r.odds_heading),
        odds=odds_section(trail, pictures, w) + bets_section(roads, trail, w),
        coups_heading=escape(r.coups_heading),
        coups=coups_section(hands, trail, w),
        seats=seats_section(statement, options.lang),
    )
    return page_document(
        lang=r.html_lang,
        title=escape(heading),
        style=style_sheet() + w.colours() + pictures.style(),
        eyebrow=r.eyebrow,
        facts=facts(roads, trail, w),
        notice_top=notice(r.top, w),
        sections=escape(r.sections),
        nav=_nav(r),
        main=sections,
        notice_bottom=notice(r.bottom, w),
        footer=r.footer.format(generator=escape(generator_name())),
    )


def _pictures(
    roads: Roads, trail: OddsTrail, options: BoardOptions, w: Words, scale: float
) -> Pictures:
    """The page's pictures: the board, the outcome chart, and the odds chart where the cards
    are known."""
    return Pictures(
        board=draw_board(roads, options),
        outcomes=charts.outcome_chart(
            roads.stats, trail.fresh, trail.decks, theme=w.theme, lang=w.lang
        ),
        odds=charts.odds_chart(trail, roads.hands, theme=w.theme, lang=w.lang)
        if trail.known
        else None,
        scale=scale,
    )


def _nav(r: ReportWords) -> str:
    """The page's links to its sections."""
    return part(
        "nav",
        board=escape(r.nav_board),
        outcomes=escape(r.nav_outcomes),
        streaks=escape(r.nav_streaks),
        odds=escape(r.nav_odds),
        coups=escape(r.nav_coups),
    )


def report_charts(
    roads: Roads,
    *,
    decks: int = 8,
    title: str | None = None,
    trail: OddsTrail | None = None,
    options: BoardOptions | None = None,
) -> Scene:
    """The report's charts alone, on one picture with the notice."""
    hands = roads.hands
    if not hands:
        raise RoadsError("there is no coup to report on")
    trail = trail or odds_trail(hands, decks)
    options = options or BoardOptions()
    return charts.charts_scene(
        roads.stats, trail, hands, title=title, theme=options.palette, lang=options.lang
    )


def save_report(
    roads: Roads,
    path: str | os.PathLike[str],
    *,
    format: str | None = None,
    decks: int = 8,
    title: str | None = None,
    scale: float = 1.0,
    options: BoardOptions | None = None,
    paper: Paper | None = None,
    statement: Statement | None = None,
) -> None:
    """Write the report of ``roads`` to ``path`` (``"-"``: standard output).

    Parameters:
        roads: the board to report on (at least one coup).
        path: the file, replaced only once the report is made.
        format: ``"html"`` (the page), ``"svg"``, ``"png"`` or ``"pdf"`` (its charts alone);
            None: from the extension (the page for standard output). It must agree with the
            extension.
        decks: decks in the shoe, for the exact odds.
        title: title of the page and its charts (default: ``options.title``, else "Shoe
            report").
        scale: size of the board and the charts on the page, or of the charts as SVG or PNG,
            times their natural size.
        options: how the board is drawn; its ``lang`` and ``theme`` apply to the whole page and
            the charts too.
        paper: the paper the charts are printed on as a PDF (None: a page their size).
        statement: a practice session's statement (``roads.hands.statement``), shown on the
            page as a table of its seats; None: none.
    """
    from roads import backends, formats

    kind = formats.for_output(path, format, backends.picture_formats(formats.REPORT), noun="report")
    options = options or BoardOptions()
    title = title if title is not None else options.title
    if kind.name == "html":
        write_atomic(
            path,
            report_html(
                roads,
                decks=decks,
                title=title,
                options=options,
                scale=scale,
                statement=statement,
            ),
        )
        return
    scene = report_charts(roads, decks=decks, title=title, options=options)
    backends.write(scene, path, kind.name, scale=scale, paper=paper)
