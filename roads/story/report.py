"""The story of a shoe on one self-contained HTML page.

The page holds the final board, the coups in order (with their cards when known), the streaks,
the shoe's Banker / Player / Tie shares against the exact odds of a fresh shoe, and, for a shoe
dealt from known cards, the exact odds of the next coup after every coup. The notice comes first
and last.

It fetches nothing: styles are inline, every picture is inline SVG, the only font is one of the
shipped fonts (the board's, or the report's where the charts' words need it), embedded once in
the page's style sheet as a data URI, and a Content-Security-Policy forbids loading anything
else. Every value written into the page is escaped with ``html.escape``.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from html import escape
from importlib.resources import files

from roads import __version__
from roads.atomic import write_atomic
from roads.drawing.board import BoardOptions, draw_board
from roads.drawing.fonts import FONTS, Font
from roads.drawing.scene import Scene
from roads.drawing.themes import theme_named
from roads.errors import RoadsError
from roads.game.cards import Card
from roads.game.coup import Outcome
from roads.game.odds import Odds
from roads.grids.roads import Roads
from roads.hands.hand import Hand
from roads.story import charts
from roads.story.remaining import OddsTrail, odds_trail
from roads.story.streaks import DRAGON, Streak, streaks_of
from roads.translations import LANGUAGES, REPORT_ENGLISH, REPORT_WORDS, Labels, ReportWords

TITLE = REPORT_ENGLISH.title
HONEST = REPORT_ENGLISH.honest

_KINDS = {Outcome.BANKER: "banker", Outcome.PLAYER: "player", Outcome.TIE: "tie"}
"""The CSS class of each outcome."""
_SUITS = {"s": ("♠", "spades", False), "h": ("♥", "hearts", True)}
_SUITS |= {"d": ("♦", "diamonds", True), "c": ("♣", "clubs", False)}
_RANKS = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
_CSP = (
    "default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:; "
    "base-uri 'none'; form-action 'none'"
)


def report_html(
    roads: Roads,
    *,
    decks: int = 8,
    title: str | None = None,
    trail: OddsTrail | None = None,
    options: BoardOptions | None = None,
    scale: float = 1.0,
) -> str:
    """The report page of ``roads``; ``trail`` (default: worked out from the cards of its hands
    and ``decks``) gives the exact odds after each coup; ``scale`` sets the size of the board
    and the charts on the page, times their natural size (in a narrower window they shrink to
    fit, the board down to what stays legible, then it scrolls)."""
    hands = roads.hands
    if not hands:
        raise RoadsError("there is no coup to report on")
    trail = trail or odds_trail(hands, decks)
    options = options or BoardOptions()
    w = _Words(options.lang, options.theme)
    heading = title or w.report.title
    pictures = _Pictures(
        board=draw_board(roads, replace(options, title=title)),
        outcomes=charts.outcome_chart(
            roads.stats, trail.fresh, trail.decks, theme=w.theme, lang=w.lang
        ),
        odds=charts.odds_chart(trail, hands, theme=w.theme, lang=w.lang) if trail.known else None,
        scale=scale,
    )
    parts = [
        _head(heading, w, pictures),
        _header(roads, heading, trail, w),
        "<main>",
        _board_section(roads, pictures, w),
        _outcomes_section(roads, trail, pictures, w),
        _streaks_section(roads, w),
        _odds_section(trail, pictures, w),
        _coups_section(hands, trail, w),
        "</main>",
        _footer(w),
        "</body>\n</html>\n",
    ]
    return "\n".join(parts)


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
        roads.stats, trail, hands, title=title, theme=options.theme, lang=options.lang
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
) -> None:
    """Write the report of ``roads`` to ``path`` (``"-"``: standard output).

    Args:
        roads: the board to report on (at least one coup).
        path: the file, replaced only once the report is made.
        format: ``"html"`` (the page), ``"svg"`` or ``"png"`` (its charts alone); None: from
            the extension (the page for standard output). It must agree with the extension.
        decks: decks in the shoe, for the exact odds.
        title: title of the page and its charts (default: ``options.title``, else "Shoe
            report").
        scale: size of the board and the charts on the page, or of the charts as SVG or PNG,
            times their natural size.
        options: how the board is drawn; its ``lang`` and ``theme`` apply to the whole page and
            the charts too.
    """
    from roads import formats

    kind = formats.for_output(path, format, formats.REPORT, noun="report").name
    options = options or BoardOptions()
    title = title if title is not None else options.title
    data: str | bytes
    if kind == "html":
        data = report_html(roads, decks=decks, title=title, options=options, scale=scale)
    else:
        scene = report_charts(roads, decks=decks, title=title, options=options)
        if kind == "svg":
            from roads.backends.svg import to_svg

            data = to_svg(scene, scale=scale)
        else:
            from roads.backends.png import to_png

            data = to_png(scene, scale=scale)
    write_atomic(path, data)


# -- page parts ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Words:
    """The words and colours of one page: its language's report words and board labels."""

    lang: str
    theme: str

    @property
    def report(self) -> ReportWords:
        return REPORT_WORDS[self.lang]

    @property
    def labels(self) -> Labels:
        return LANGUAGES[self.lang]

    def name(self, outcome: Outcome) -> str:
        labels = self.labels
        return {
            Outcome.BANKER: labels.banker_name,
            Outcome.PLAYER: labels.player_name,
            Outcome.TIE: labels.tie_name,
        }[outcome]

    def colours(self) -> str:
        """The theme's colours as the page's CSS variables."""
        theme = theme_named(self.theme)
        pairs = {
            "bg": theme.background,
            "panel": theme.panel,
            "text": theme.text,
            "muted": theme.muted,
            "line": theme.grid,
            "frame": theme.frame,
            "banker": theme.banker,
            "player": theme.player,
            "tie": theme.tie,
            "natural": theme.natural,
            "notice-bg": theme.notice_fill,
            "notice-text": theme.notice_text,
        }
        return ":root{" + ";".join(f"--{name}:{value}" for name, value in pairs.items()) + "}"


def _head(title: str, w: _Words, pictures: _Pictures) -> str:
    return f"""<!doctype html>
<html lang="{w.report.html_lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{escape(_CSP)}">
<meta name="generator" content="{escape(_generator())}">
<link rel="icon" href="data:,">
<title>{escape(title)}</title>
<style>{_css()}{w.colours()}{pictures.style()}</style>
</head>
<body>"""


def _generator() -> str:
    return f"roads {__version__}"


def _notice(where: str, w: _Words) -> str:
    label = w.report.notice_where.format(where=where)
    lines = "".join(f"<strong>{escape(line)}</strong>" for line in w.labels.notice)
    return (
        f'<aside class="notice" role="note" aria-label="{escape(label)}">'
        f"{lines} {escape(w.report.honest)}</aside>"
    )


def _header(roads: Roads, title: str, trail: OddsTrail, w: _Words) -> str:
    stats = roads.stats
    r = w.report
    known = sum(1 for hand in roads.hands if hand.coup is not None)
    cards = (
        r.cards_all
        if known == stats.hands
        else r.cards_some.format(known=known, n=stats.hands)
        if known
        else r.cards_none
    )
    facts = [
        r.coups_n.format(n=stats.hands),
        f"{w.name(Outcome.BANKER)} {stats.banker}",
        f"{w.name(Outcome.PLAYER)} {stats.player}",
        f"{w.name(Outcome.TIE)} {stats.tie}",
        cards,
        r.odds_for.format(decks=trail.decks),
    ]
    links = [
        ("board", r.nav_board),
        ("outcomes", r.nav_outcomes),
        ("streaks", r.nav_streaks),
        ("odds", r.nav_odds),
        ("coups", r.nav_coups),
    ]
    nav = "".join(f'<a href="#{anchor}">{escape(text)}</a>' for anchor, text in links)
    return f"""<header class="top">
<p class="eyebrow">{r.eyebrow}</p>
<h1>{escape(title)}</h1>
<p class="lead">{" &middot; ".join(escape(fact) for fact in facts)}</p>
{_notice(r.top, w)}
<nav aria-label="{escape(r.sections)}">{nav}</nav>
</header>"""


@dataclass(frozen=True, slots=True)
class _Pictures:
    """The page's pictures, drawn at ``scale`` and set in one font, which the page embeds once
    (the board font, or the report font when a chart's words need it: it holds the board's
    labels too, drawn alike)."""

    board: Scene
    outcomes: Scene
    odds: Scene | None
    scale: float

    @property
    def font(self) -> Font:
        used = {scene.font for scene in (self.board, self.outcomes, self.odds) if scene}
        return max(used, key=FONTS.index)

    def style(self) -> str:
        """The font's ``@font-face`` and, off scale 1, the ``--scale`` the style sheet reads."""
        from roads.backends.svg import font_face

        scale = f":root{{--scale:{self.scale:g}}}" if self.scale != 1 else ""
        return font_face(self.font) + scale

    def svg(self, scene: Scene, css_class: str, *, fit: bool = False) -> str:
        from roads.backends.svg import to_svg

        scale = self.scale
        svg = to_svg(replace(scene, font=self.font), scale, embed_font=False)
        if fit:
            # As wide as the scale asks, narrower in a narrower window down to what stays
            # legible (two thirds of the natural width, at least 640 px), then it scrolls.
            widest = scale * scene.width
            smallest = min(widest, scene.width, max(640.0, 0.66 * scene.width))
            return (
                f'<div class="scroll"><div class="{css_class}" '
                f'style="max-width:{round(widest)}px;min-width:{round(smallest)}px">'
                f"{svg}</div></div>"
            )
        return f'<div class="{css_class}">{svg}</div>'


def _section(anchor: str, heading: str, body: str) -> str:
    return (
        f'<section id="{anchor}" aria-labelledby="{anchor}-heading">\n'
        f'<h2 id="{anchor}-heading">{escape(heading)}</h2>\n{body}\n</section>'
    )


def _board_section(roads: Roads, pictures: _Pictures, w: _Words) -> str:
    stats = roads.stats
    r, labels = w.report, w.labels
    rows = [
        (labels.banker_name, stats.banker, "banker"),
        (labels.player_name, stats.player, "player"),
        (labels.tie_name, stats.tie, "tie"),
        (labels.banker_pairs, stats.banker_pair, "banker"),
        (labels.player_pairs, stats.player_pair, "player"),
        (labels.naturals, stats.natural, "natural"),
    ]
    body = "".join(
        f'<tr><th scope="row"><span class="dot {kind}" aria-hidden="true"></span>'
        f"{escape(name)}</th><td>{count}</td><td>{_pct(count / stats.hands)}</td></tr>"
        for name, count, kind in rows
    )
    table = (
        f'<table class="stats"><caption>{r.stats_caption}</caption>'
        f'<thead><tr><th scope="col">{r.what}</th><th scope="col">{r.coups}</th>'
        f'<th scope="col">{r.share}</th></tr></thead>'
        f"<tbody>{body}</tbody>"
        f'<tfoot><tr><th scope="row">{r.all_coups}</th><td>{stats.hands}</td><td>100%</td></tr>'
        "</tfoot></table>"
    )
    text = f"<p>{r.board_text}</p>"
    board = pictures.svg(pictures.board, "board", fit=True)
    return _section("board", r.board_heading, text + board + table)


def _outcomes_section(roads: Roads, trail: OddsTrail, pictures: _Pictures, w: _Words) -> str:
    stats = roads.stats
    r = w.report
    fresh = trail.fresh
    n = stats.hands
    rows = []
    for outcome, count, p in (
        (Outcome.BANKER, stats.banker, fresh.p_banker),
        (Outcome.PLAYER, stats.player, fresh.p_player),
        (Outcome.TIE, stats.tie, fresh.p_tie),
    ):
        spread = charts.Z95 * math.sqrt(p * (1 - p) / n)
        low, high = max(0.0, p - spread), min(1.0, p + spread)
        kind = _KINDS[outcome]
        rows.append(
            f'<tr><th scope="row"><span class="dot {kind}" aria-hidden="true"></span>'
            f"{escape(w.name(outcome))}</th><td>{count}</td><td>{_pct(count / n)}</td>"
            f"<td>{_pct(p, 2)}</td><td>{r.range.format(low=_pct(low), high=_pct(high))}</td></tr>"
        )
    table = (
        f'<table class="numbers"><caption>{r.outcomes_caption}</caption>'
        f'<thead><tr><th scope="col">{r.outcome}</th><th scope="col">{r.coups}</th>'
        f'<th scope="col">{r.this_shoe}</th>'
        f'<th scope="col">{r.exact_fresh.format(decks=trail.decks)}</th>'
        f'<th scope="col">{r.samples.format(n=n)}</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
    text = f"<p>{r.outcomes_text.format(decks=trail.decks, n=n)}</p>"
    chart = pictures.svg(pictures.outcomes, "chart outcome-chart")
    return _section("outcomes", r.outcomes_heading, text + chart + table)


def _streak_text(streak: Streak | None, w: _Words) -> str:
    if streak is None:
        return w.report.none
    return w.report.from_coup.format(length=streak.length, first=streak.first)


def _streaks_section(roads: Roads, w: _Words) -> str:
    r = w.report
    found = streaks_of(roads)
    banker = found.longest(Outcome.BANKER)
    player = found.longest(Outcome.PLAYER)
    dragons = found.dragons
    figures = [
        (str(len(found.streaks)), r.fig_streaks),
        (str(found.drawn_columns), r.fig_columns),
        (str(banker.length if banker else 0), r.fig_banker),
        (str(player.length if player else 0), r.fig_player),
        (str(len(dragons)), r.fig_dragons.format(dragon=DRAGON)),
    ]
    tiles = "".join(
        f'<div class="figure"><span class="number">{escape(number)}</span>'
        f'<span class="what">{escape(what)}</span></div>'
        for number, what in figures
    )
    details = [
        f"<li>{r.longest_banker.format(text=escape(_streak_text(banker, w)))}</li>",
        f"<li>{r.longest_player.format(text=escape(_streak_text(player, w)))}</li>",
    ]
    if dragons:
        listed = ", ".join(
            r.dragon.format(name=escape(w.name(d.outcome)), length=d.length, first=d.first)
            for d in dragons
        )
        details.append(f"<li>{r.dragons.format(listed=listed)}</li>")
    else:
        details.append(f"<li>{r.no_dragon.format(dragon=DRAGON)}</li>")
    lengths = sorted(set(found.lengths(Outcome.BANKER)) | set(found.lengths(Outcome.PLAYER)))
    banker_lengths = found.lengths(Outcome.BANKER)
    player_lengths = found.lengths(Outcome.PLAYER)
    rows = "".join(
        f'<tr><th scope="row">{length}</th><td>{banker_lengths.get(length, 0)}</td>'
        f"<td>{player_lengths.get(length, 0)}</td></tr>"
        for length in lengths
    )
    table = (
        f'<table class="numbers narrow"><caption>{r.lengths_caption}</caption>'
        f'<thead><tr><th scope="col">{r.length}</th>'
        f'<th scope="col">{escape(w.name(Outcome.BANKER))}</th>'
        f'<th scope="col">{escape(w.name(Outcome.PLAYER))}</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
        if lengths
        else ""
    )
    text = f"<p>{r.streaks_text}</p>"
    body = (
        text
        + f'<div class="figures">{tiles}</div>'
        + f'<ul class="facts">{"".join(details)}</ul>'
        + table
    )
    return _section("streaks", r.streaks_heading, body)


def _odds_section(trail: OddsTrail, pictures: _Pictures, w: _Words) -> str:
    r = w.report
    heading = r.odds_heading
    how = f"<p>{r.odds_how.format(decks=trail.decks, cards=52 * trail.decks)}</p>"
    if pictures.odds is None:
        reason = escape(charts.stop_text(trail, w.lang) or r.cards_unknown)
        return _section(
            "odds",
            heading,
            f'<p class="missing">{r.no_chart.format(reason=reason)}</p><p>{r.no_chart_help}</p>',
        )
    last = trail.points[-1]
    summary = "".join(f"<li>{escape(line)}.</li>" for line in charts.odds_summary(trail, w.lang))
    why = charts.stop_text(trail, w.lang)
    stopped = f"<p>{r.chart_stops.format(dealt=last.dealt, reason=escape(why))}</p>" if why else ""
    text = how + f"<p>{r.odds_text}</p>"
    odds = _odds_text(last.odds, w)
    after = f"<p>{r.odds_after.format(dealt=last.dealt, left=last.cards_left, odds=odds)}</p>"
    return _section(
        "odds",
        heading,
        text
        + pictures.svg(pictures.odds, "chart odds-chart")
        + f'<ul class="facts">{summary}</ul>'
        + after
        + stopped,
    )


def _odds_text(odds: Odds, w: _Words) -> str:
    return (
        f"{escape(w.name(Outcome.BANKER))} {_pct(odds.p_banker, 2)}, "
        f"{escape(w.name(Outcome.PLAYER))} {_pct(odds.p_player, 2)}, "
        f"{escape(w.name(Outcome.TIE))} {_pct(odds.p_tie, 2)}"
    )


def _coups_section(hands: Sequence[Hand], trail: OddsTrail, w: _Words) -> str:
    r = w.report
    banker, player = escape(w.name(Outcome.BANKER)), escape(w.name(Outcome.PLAYER))
    tie = escape(w.name(Outcome.TIE))
    with_cards = any(hand.coup is not None for hand in hands)
    head = [f'<th scope="col">{r.coup}</th>', f'<th scope="col">{r.result}</th>']
    if with_cards:
        head += [f'<th scope="col">{player}</th>', f'<th scope="col">{banker}</th>']
    head.append(f'<th scope="col">{r.pairs_natural}</th>')
    if trail.known:
        head.append(
            f'<th scope="col" class="odds">{r.odds_of_coup}'
            f'<span class="sub">{banker} &middot; {player} &middot; {tie}</span></th>'
        )
    rows = [_coup_row(number, hand, trail, with_cards, w) for number, hand in enumerate(hands, 1)]
    note = "" if with_cards else f"<p>{r.no_cards_note}</p>"
    table = (
        f'<div class="scroll"><table class="coups"><caption>{r.coups_caption}</caption>'
        f"<thead><tr>{''.join(head)}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )
    return _section("coups", r.coups_heading, note + table)


def _coup_row(number: int, hand: Hand, trail: OddsTrail, with_cards: bool, w: _Words) -> str:
    r = w.report
    kind = _KINDS[hand.outcome]
    cells = [
        f'<th scope="row">{number}</th>',
        f'<td><span class="badge {kind}">{escape(w.name(hand.outcome))}</span></td>',
    ]
    coup = hand.coup
    if with_cards:
        if coup is None:
            cells.append(f'<td colspan="2" class="unknown">{r.cards_not_entered}</td>')
        else:
            player_won = hand.outcome is Outcome.PLAYER
            banker_won = hand.outcome is Outcome.BANKER
            cells.append(_hand_cell(coup.player_cards, coup.player_total, player_won, w))
            cells.append(_hand_cell(coup.banker_cards, coup.banker_total, banker_won, w))
    flags = [
        (hand.banker_pair, r.banker_pair, "banker"),
        (hand.player_pair, r.player_pair, "player"),
        (hand.natural, r.natural, "natural"),
    ]
    tags = "".join(f'<span class="tag {kind}">{text}</span>' for on, text, kind in flags if on)
    cells.append(f"<td>{tags}</td>")
    attributes = f' data-coup="{number}" data-outcome="{hand.outcome.value}"'
    if trail.known:
        if number - 1 < len(trail.points):
            point = trail.points[number - 1]
            odds = point.odds
            attributes += (
                f' data-cards-left="{point.cards_left}" data-total="{odds.total}"'
                f' data-banker="{odds.banker}" data-player="{odds.player}"'
                f' data-tie="{odds.tie}"'
            )
            cells.append(
                f'<td class="odds">{_pct(odds.p_banker, 2)} &middot; '
                f"{_pct(odds.p_player, 2)} &middot; {_pct(odds.p_tie, 2)}</td>"
            )
        else:
            cells.append(f'<td class="odds unknown">{r.unknown}</td>')
    return f"<tr{attributes}>{''.join(cells)}</tr>"


def _hand_cell(cards: Iterable[Card], total: int, won: bool, w: _Words) -> str:
    faces = "".join(_card(card) for card in cards)
    mark = ' class="total won"' if won else ' class="total"'
    return f'<td class="hand">{faces}<span{mark} title="{w.report.total}">{total}</span></td>'


def _card(card: Card) -> str:
    rank = "10" if card.rank == "T" else card.rank
    rank_name = _RANKS.get(card.rank, card.rank)
    if card.suit is None:
        return f'<span class="card" title="{escape(rank_name)}">{escape(rank)}</span>'
    symbol, suit_name, red = _SUITS[card.suit]
    colour = " red" if red else ""
    return (
        f'<span class="card{colour}" title="{escape(rank_name)} of {suit_name}">'
        f"{escape(rank)}{symbol}</span>"
    )


def _footer(w: _Words) -> str:
    return f"""<footer>
{_notice(w.report.bottom, w)}
<p>{w.report.footer.format(generator=escape(_generator()))}</p>
</footer>"""


def _pct(value: float, places: int = 1) -> str:
    return f"{100 * value:.{places}f}%"


_CSS_FILE = "report.css"
"""The page's style sheet, package data beside this module."""


@cache
def _css() -> str:
    return files("roads.story").joinpath(_CSS_FILE).read_text(encoding="utf-8")
