"""The story of a shoe on one self-contained HTML page.

The page holds the final board, the coups in order (with their cards when known), the streaks,
the shoe's Banker / Player / Tie shares against the exact odds of a fresh shoe, and, for a shoe
dealt from known cards, the exact odds of the next coup after every coup. The notice comes first
and last.

It fetches nothing: styles are inline, every picture is inline SVG, the only font is the
board's, embedded in its SVG as a data URI, and a Content-Security-Policy forbids loading
anything else. Every value written into the page is escaped with ``html.escape``.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Sequence
from dataclasses import replace
from html import escape
from importlib.metadata import PackageNotFoundError, version

from roads.atomic import write_atomic
from roads.drawing.board import BoardOptions, draw_board
from roads.drawing.scene import Scene
from roads.errors import RoadsError
from roads.game.cards import Card
from roads.game.coup import Outcome
from roads.game.odds import Odds
from roads.grids.roads import Roads
from roads.hands.hand import Hand
from roads.notice import NOTICE
from roads.story import charts
from roads.story.remaining import OddsTrail, odds_trail
from roads.story.streaks import DRAGON, Streak, streaks_of

TITLE = "Shoe report"
HONEST = (
    "Each coup is dealt from the cards alone: the roads record what happened and say nothing "
    "about what comes next."
)

_NAMES = {Outcome.BANKER: "Banker", Outcome.PLAYER: "Player", Outcome.TIE: "Tie"}
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
) -> str:
    """The report page of ``roads``; ``trail`` (default: worked out from the cards of its hands
    and ``decks``) gives the exact odds after each coup."""
    hands = roads.hands
    if not hands:
        raise RoadsError("there is no coup to report on")
    trail = trail or odds_trail(hands, decks)
    heading = title or TITLE
    options = options or BoardOptions()
    board = draw_board(roads, replace(options, title=title))
    parts = [
        _head(heading),
        _header(roads, heading, trail),
        "<main>",
        _board_section(roads, board),
        _outcomes_section(roads, trail),
        _streaks_section(roads),
        _odds_section(roads, trail),
        _coups_section(hands, trail),
        "</main>",
        _footer(),
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
    theme = (options or BoardOptions()).theme
    return charts.charts_scene(roads.stats, trail, hands, title=title or TITLE, theme=theme)


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
        scale: size of the charts as SVG or PNG, times their natural size.
        options: how the board is drawn; its ``lang`` and ``theme`` apply to the whole page and
            the charts too.
    """
    from roads import formats

    kind = formats.for_output(path, format, formats.REPORT, noun="report").name
    options = options or BoardOptions()
    title = title if title is not None else options.title
    data: str | bytes
    if kind == "html":
        data = report_html(roads, decks=decks, title=title, options=options)
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


def _head(title: str) -> str:
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{escape(_CSP)}">
<meta name="generator" content="{escape(_generator())}">
<link rel="icon" href="data:,">
<title>{escape(title)}</title>
<style>{_CSS}</style>
</head>
<body>"""


def _generator() -> str:
    try:
        return f"roads {version('roads')}"
    except PackageNotFoundError:
        return "roads"


def _notice(where: str) -> str:
    return (
        f'<aside class="notice" role="note" aria-label="Notice ({where})">'
        f"<strong>{escape(NOTICE)}</strong> {escape(HONEST)}</aside>"
    )


def _header(roads: Roads, title: str, trail: OddsTrail) -> str:
    stats = roads.stats
    known = sum(1 for hand in roads.hands if hand.coup is not None)
    cards = (
        "cards known for every coup"
        if known == stats.hands
        else f"cards known for {known} of {stats.hands} coups"
        if known
        else "results only, no cards"
    )
    facts = [
        f"{stats.hands} coups",
        f"Banker {stats.banker}",
        f"Player {stats.player}",
        f"Tie {stats.tie}",
        cards,
        f"odds for {trail.decks} decks",
    ]
    return f"""<header class="top">
<p class="eyebrow">Baccarat shoe report &middot; for review and practice, never a forecast</p>
<h1>{escape(title)}</h1>
<p class="lead">{" &middot; ".join(escape(fact) for fact in facts)}</p>
{_notice("top")}
<nav aria-label="Sections"><a href="#board">Board</a><a href="#outcomes">Outcomes and odds</a>\
<a href="#streaks">Streaks</a><a href="#odds">Odds across the shoe</a>\
<a href="#coups">Coup by coup</a></nav>
</header>"""


def _svg(scene: Scene, css_class: str, *, fit: bool = False) -> str:
    from roads.backends.svg import to_svg

    svg = to_svg(scene)
    if fit:
        smallest = round(min(scene.width, max(640.0, 0.66 * scene.width)))
        return (
            f'<div class="scroll"><div class="{css_class}" '
            f'style="max-width:{round(scene.width)}px;min-width:{smallest}px">{svg}</div></div>'
        )
    return f'<div class="{css_class}">{svg}</div>'


def _section(anchor: str, heading: str, body: str) -> str:
    return (
        f'<section id="{anchor}" aria-labelledby="{anchor}-heading">\n'
        f'<h2 id="{anchor}-heading">{escape(heading)}</h2>\n{body}\n</section>'
    )


def _board_section(roads: Roads, board: Scene) -> str:
    stats = roads.stats
    rows = [
        ("Banker", stats.banker, "banker"),
        ("Player", stats.player, "player"),
        ("Tie", stats.tie, "tie"),
        ("Banker pairs", stats.banker_pair, "banker"),
        ("Player pairs", stats.player_pair, "player"),
        ("Naturals", stats.natural, "natural"),
    ]
    body = "".join(
        f'<tr><th scope="row"><span class="dot {kind}" aria-hidden="true"></span>'
        f"{escape(name)}</th><td>{count}</td><td>{_pct(count / stats.hands)}</td></tr>"
        for name, count, kind in rows
    )
    table = (
        '<table class="stats"><caption>Statistics of the shoe</caption>'
        '<thead><tr><th scope="col">What</th><th scope="col">Coups</th>'
        '<th scope="col">Share</th></tr></thead>'
        f"<tbody>{body}</tbody>"
        f'<tfoot><tr><th scope="row">All coups</th><td>{stats.hands}</td><td>100%</td></tr>'
        "</tfoot></table>"
    )
    text = (
        "<p>The scoreboard as it stood after the last coup: bead plate, big road and the three "
        "derived roads. Red and blue on the derived roads mean only that a pattern of the big "
        "road repeated or broke.</p>"
    )
    return _section("board", "The final board", text + _svg(board, "board", fit=True) + table)


def _outcomes_section(roads: Roads, trail: OddsTrail) -> str:
    stats = roads.stats
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
        name = _NAMES[outcome]
        rows.append(
            f'<tr><th scope="row"><span class="dot {name.lower()}" aria-hidden="true"></span>'
            f"{name}</th><td>{count}</td><td>{_pct(count / n)}</td><td>{_pct(p, 2)}</td>"
            f"<td>{_pct(low)} to {_pct(high)}</td></tr>"
        )
    table = (
        '<table class="numbers"><caption>This shoe against the exact odds</caption>'
        '<thead><tr><th scope="col">Outcome</th><th scope="col">Coups</th>'
        '<th scope="col">This shoe</th>'
        f'<th scope="col">Exact, fresh {trail.decks}-deck shoe</th>'
        f'<th scope="col">95% of {n}-coup samples</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
    text = (
        f"<p>How often each side won in this shoe, against the exact probability of a coup dealt "
        f"from a fresh {trail.decks}-deck shoe. A shoe is a small sample: even though every coup "
        f"is dealt at nearly the same odds, the shares of {n} coups spread over the ranges "
        "marked, and a shoe that lands outside them now and then is no sign of anything.</p>"
    )
    chart = charts.outcome_chart(stats, fresh, trail.decks)
    return _section(
        "outcomes",
        "Banker, Player and Tie against the exact odds",
        text + _svg(chart, "chart outcome-chart") + table,
    )


def _streak_text(streak: Streak | None) -> str:
    if streak is None:
        return "none"
    return f"{streak.length} (from coup {streak.first})"


def _streaks_section(roads: Roads) -> str:
    found = streaks_of(roads)
    banker = found.longest(Outcome.BANKER)
    player = found.longest(Outcome.PLAYER)
    dragons = found.dragons
    figures = [
        (str(len(found.streaks)), "streaks: columns of the big road"),
        (str(found.drawn_columns), "columns drawn, dragon tails included"),
        (str(banker.length if banker else 0), "longest Banker run"),
        (str(player.length if player else 0), "longest Player run"),
        (str(len(dragons)), f"dragons ({DRAGON} or more in a row)"),
    ]
    tiles = "".join(
        f'<div class="figure"><span class="number">{escape(number)}</span>'
        f'<span class="what">{escape(what)}</span></div>'
        for number, what in figures
    )
    details = [
        f"<li>Longest Banker run: {escape(_streak_text(banker))}.</li>",
        f"<li>Longest Player run: {escape(_streak_text(player))}.</li>",
    ]
    if dragons:
        listed = ", ".join(
            f"{_NAMES[d.outcome]} &times;{d.length} from coup {d.first}" for d in dragons
        )
        details.append(f"<li>Dragons: {listed}.</li>")
    else:
        details.append(f"<li>No dragon: no side won {DRAGON} or more in a row.</li>")
    lengths = sorted(set(found.lengths(Outcome.BANKER)) | set(found.lengths(Outcome.PLAYER)))
    banker_lengths = found.lengths(Outcome.BANKER)
    player_lengths = found.lengths(Outcome.PLAYER)
    rows = "".join(
        f'<tr><th scope="row">{length}</th><td>{banker_lengths.get(length, 0)}</td>'
        f"<td>{player_lengths.get(length, 0)}</td></tr>"
        for length in lengths
    )
    table = (
        '<table class="numbers narrow"><caption>How many streaks of each length</caption>'
        '<thead><tr><th scope="col">Length</th><th scope="col">Banker</th>'
        '<th scope="col">Player</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
        if lengths
        else ""
    )
    text = (
        "<p>A streak is a run of wins by one side, ties aside: one column of the big road. "
        "Streaks and dragons come from chance alone. A long run does not make the next coup "
        "any likelier to continue it, or to break it.</p>"
    )
    body = (
        text
        + f'<div class="figures">{tiles}</div>'
        + f'<ul class="facts">{"".join(details)}</ul>'
        + table
    )
    return _section("streaks", "Streaks", body)


def _odds_section(roads: Roads, trail: OddsTrail) -> str:
    heading = "The exact odds of the next coup, from the cards left"
    how = (
        f"<p>The shoe starts as {trail.decks} full decks ({52 * trail.decks} cards). After each "
        "coup its cards come out; the burned cards stay in, since they were dealt face down and "
        "nobody saw them. The odds of the next coup are then counted exactly, over every order "
        "the cards left can come out in (as <code>roads odds --remaining</code> does).</p>"
    )
    if not trail.known:
        reason = trail.stopped or "the cards are unknown"
        return _section(
            "odds",
            heading,
            f'<p class="missing">No chart for this shoe: {escape(reason)}.</p>'
            "<p>For a shoe whose cards are known, simulated "
            "(<code>roads simulate --format jsonl</code>) or entered card by card, this section "
            "charts the exact odds of the next coup after every coup, counted from the cards "
            "left.</p>",
        )
    last = trail.points[-1]
    summary = "".join(f"<li>{escape(line)}.</li>" for line in charts.odds_summary(trail))
    stopped = (
        f"<p>The chart stops after coup {last.dealt}: {escape(trail.stopped)}.</p>"
        if trail.stopped
        else ""
    )
    text = (
        how + "<p>The lines below are those odds after every coup, at full scale and magnified. "
        "They barely move, while the results under them swing from side to side: "
        "the roads follow the results, and the results are dealt from the cards alone. "
        "That is the honest answer to &ldquo;do the roads predict anything?&rdquo;: no.</p>"
    )
    after = (
        f"<p>After coup {last.dealt}, with {last.cards_left} cards left (burned cards counted as "
        f"unseen), the next coup would be {_odds_text(last.odds)}.</p>"
    )
    chart = charts.odds_chart(trail, roads.hands)
    return _section(
        "odds",
        heading,
        text
        + _svg(chart, "chart odds-chart")
        + f'<ul class="facts">{summary}</ul>'
        + after
        + stopped,
    )


def _odds_text(odds: Odds) -> str:
    return (
        f"Banker {_pct(odds.p_banker, 2)}, Player {_pct(odds.p_player, 2)}, "
        f"Tie {_pct(odds.p_tie, 2)}"
    )


def _coups_section(hands: Sequence[Hand], trail: OddsTrail) -> str:
    with_cards = any(hand.coup is not None for hand in hands)
    head = ['<th scope="col">Coup</th>', '<th scope="col">Result</th>']
    if with_cards:
        head += ['<th scope="col">Player</th>', '<th scope="col">Banker</th>']
    head.append('<th scope="col">Pairs, natural</th>')
    if trail.known:
        head.append(
            '<th scope="col" class="odds">Exact odds of this coup'
            '<span class="sub">Banker &middot; Player &middot; Tie</span></th>'
        )
    rows = [_coup_row(number, hand, trail, with_cards) for number, hand in enumerate(hands, 1)]
    note = (
        ""
        if with_cards
        else "<p>These results were entered without their cards: each coup shows its "
        "outcome and flags only.</p>"
    )
    table = (
        '<div class="scroll"><table class="coups"><caption>Every coup in order</caption>'
        f"<thead><tr>{''.join(head)}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )
    return _section("coups", "Coup by coup", note + table)


def _coup_row(number: int, hand: Hand, trail: OddsTrail, with_cards: bool) -> str:
    name = _NAMES[hand.outcome]
    cells = [
        f'<th scope="row">{number}</th>',
        f'<td><span class="badge {name.lower()}">{name}</span></td>',
    ]
    coup = hand.coup
    if with_cards:
        if coup is None:
            cells.append('<td colspan="2" class="unknown">cards not entered</td>')
        else:
            player_won = hand.outcome is Outcome.PLAYER
            banker_won = hand.outcome is Outcome.BANKER
            cells.append(_hand_cell(coup.player_cards, coup.player_total, player_won))
            cells.append(_hand_cell(coup.banker_cards, coup.banker_total, banker_won))
    flags = [
        (hand.banker_pair, "Banker pair", "banker"),
        (hand.player_pair, "Player pair", "player"),
        (hand.natural, "Natural", "natural"),
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
            cells.append('<td class="odds unknown">unknown</td>')
    return f"<tr{attributes}>{''.join(cells)}</tr>"


def _hand_cell(cards: Iterable[Card], total: int, won: bool) -> str:
    faces = "".join(_card(card) for card in cards)
    mark = ' class="total won"' if won else ' class="total"'
    return f'<td class="hand">{faces}<span{mark} title="total">{total}</span></td>'


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


def _footer() -> str:
    return f"""<footer>
{_notice("bottom")}
<p>Made with {escape(_generator())}, for review and practice with play money. The charts and \
odds describe this shoe after the fact; none of it is a way to win.</p>
</footer>"""


def _pct(value: float, places: int = 1) -> str:
    return f"{100 * value:.{places}f}%"


_CSS = """
:root{--bg:#f4f1ea;--panel:#fff;--text:#1d2733;--muted:#5b6776;--line:#dde2e8;
--frame:#aeb8c4;--banker:#d0212b;--player:#1f5fbf;--tie:#1e8a3c;--natural:#e0a100;
--notice-bg:#fff4d6;--notice-text:#4a3900;--red-suit:#c3161f}
*{box-sizing:border-box}
html{background:var(--bg)}
body{margin:0;color:var(--text);background:var(--bg);
font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Liberation Sans",
"DejaVu Sans",sans-serif;-webkit-text-size-adjust:100%}
header.top,main,footer{max-width:1180px;margin:0 auto;padding:0 24px}
header.top{padding-top:32px}
.eyebrow{margin:0;color:var(--muted);font-size:.85rem;letter-spacing:.04em;
text-transform:uppercase}
h1{margin:.15em 0 .1em;font-size:2.1rem;line-height:1.2}
h2{margin:0 0 .5em;font-size:1.35rem}
.lead{margin:0 0 18px;color:var(--muted)}
nav{display:flex;flex-wrap:wrap;gap:6px 18px;margin:16px 0 0;font-size:.95rem}
nav a{color:var(--player);text-decoration:none}
nav a:hover,nav a:focus{text-decoration:underline}
.notice{background:var(--notice-bg);color:var(--notice-text);border-left:6px solid var(--natural);
border-radius:8px;padding:14px 18px;font-size:1.05rem}
.notice strong{display:block;font-size:1.2rem}
section{background:var(--panel);border:1px solid var(--line);border-radius:12px;
padding:22px 26px;margin:22px 0;box-shadow:0 1px 2px rgba(29,39,51,.05)}
section>p{max-width:75ch;margin:.4em 0 1em}
.scroll{overflow-x:auto}
.board svg,.chart svg{display:block;width:100%;height:auto}
.board{margin:8px 0 18px}
.chart{max-width:900px;margin:10px 0 14px}
table{border-collapse:collapse;font-variant-numeric:tabular-nums;margin:6px 0}
caption{text-align:left;font-weight:600;padding:0 0 6px;color:var(--muted);font-size:.9rem}
th,td{padding:5px 14px 5px 0;border-bottom:1px solid var(--line);text-align:left;
vertical-align:middle}
thead th{font-size:.85rem;color:var(--muted);font-weight:600;border-bottom:2px solid var(--line)}
tbody th{font-weight:600}
table.stats td,table.numbers td,table.stats thead th+th,table.numbers thead th+th{
text-align:right;padding-right:20px}
table.stats,table.numbers{min-width:420px}
.dot{display:inline-block;width:.7em;height:.7em;border-radius:50%;margin-right:.45em}
.dot.banker{background:var(--banker)}.dot.player{background:var(--player)}
.dot.tie{background:var(--tie)}.dot.natural{background:var(--natural)}
.figures{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:12px;
margin:12px 0 14px}
.figure{border:1px solid var(--line);border-radius:10px;padding:10px 14px;background:#fafbfc}
.figure .number{display:block;font-size:1.9rem;font-weight:700;line-height:1.1}
.figure .what{color:var(--muted);font-size:.9rem}
.facts{margin:.3em 0 1em;padding-left:1.2em}
.missing{color:var(--muted);font-style:italic}
table.coups{width:100%;font-size:.95rem}
table.coups td,table.coups th{padding:4px 12px 4px 0}
table.coups .odds{text-align:right;white-space:nowrap}
.sub{display:block;font-weight:400;font-size:.8rem}
.badge{display:inline-block;min-width:4.6em;text-align:center;border-radius:999px;
padding:0 .6em;font-size:.85rem;font-weight:600;color:#fff}
.badge.banker{background:var(--banker)}.badge.player{background:var(--player)}
.badge.tie{background:var(--tie)}
.hand{white-space:nowrap}
.card{display:inline-block;min-width:2.3em;margin-right:3px;padding:0 .25em;text-align:center;
font-weight:600;background:#fff;border:1px solid #c9cfd7;border-radius:4px;
box-shadow:0 1px 0 rgba(29,39,51,.08);line-height:1.5}
.card.red{color:var(--red-suit)}
.total{display:inline-block;min-width:1.6em;margin-left:6px;text-align:center;color:var(--muted);
font-weight:600}
.total.won{color:var(--text);background:#eef1f4;border-radius:4px}
.tag{display:inline-block;margin-right:4px;padding:0 .5em;border-radius:4px;font-size:.8rem;
border:1px solid currentColor}
.tag.banker{color:var(--banker)}.tag.player{color:var(--player)}
.tag.natural{color:#8a6200}
.unknown{color:var(--muted);font-style:italic}
code{font-family:ui-monospace,"DejaVu Sans Mono","Liberation Mono",monospace;font-size:.9em;
background:#f1f3f5;padding:0 .25em;border-radius:3px}
footer{padding-bottom:40px}
footer p{color:var(--muted);font-size:.9rem}
@media (max-width:640px){section{padding:16px}h1{font-size:1.6rem}}
"""
