"""The report page's sections, filled from the shoe: its words and colours (``Words``), its
pictures (``Pictures``), the facts, the notices, the board, the outcomes, the streaks, the odds and
the bets, and the coups with their cards. ``roads.story.report`` puts them on the page."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from html import escape

from roads.drawing.fonts import FONTS, Font
from roads.drawing.scene import Scene
from roads.drawing.themes import Theme
from roads.game.cards import Card
from roads.game.coup import Outcome
from roads.game.odds import Odds
from roads.grids.roads import Roads
from roads.hands.hand import Hand
from roads.hands.prices import bet_edges
from roads.pages import (
    figure_tiles,
    list_items,
    notice_block,
    notice_inline,
)
from roads.pages.templates import Fragments
from roads.story import charts
from roads.story.chart_kit import sample_range
from roads.story.remaining import OddsTrail
from roads.story.streaks import DRAGON, Streak, streaks_of
from roads.translations import (
    BETS_TABLE_WORDS,
    LANGUAGES,
    REPORT_WORDS,
    Labels,
    ReportWords,
    bet_word,
    plural,
)
from roads.values import frozen

_KINDS = {Outcome.BANKER: "banker", Outcome.PLAYER: "player", Outcome.TIE: "tie"}
"""The CSS class of each outcome."""
_SUITS = {"s": ("♠", "spades", False), "h": ("♥", "hearts", True)}
_SUITS |= {"d": ("♦", "diamonds", True), "c": ("♣", "clubs", False)}
_RANKS = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}


@frozen
class Words:
    """The words and colours of one page: its language's report words and board labels."""

    lang: str
    theme: Theme

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
        theme = self.theme
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


def notice(where: str, w: Words) -> str:
    label = w.report.notice_where.format(where=where)
    return notice_block(label, w.labels.notice, w.report.honest, lang=w.lang)


def facts(roads: Roads, trail: OddsTrail, w: Words) -> str:
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
        plural(r.coups_n, stats.hands),
        f"{w.name(Outcome.BANKER)} {stats.banker}",
        f"{w.name(Outcome.PLAYER)} {stats.player}",
        f"{w.name(Outcome.TIE)} {stats.tie}",
        cards,
        plural(r.odds_for, trail.decks),
    ]
    return " &middot; ".join(escape(fact) for fact in facts)


@frozen
class Pictures:
    """The page's pictures, drawn at ``scale`` and set in one font, which the page embeds once
    (the board font, or the report font when a chart's words need it: it holds the board's
    labels too, drawn alike)."""

    board: Scene
    outcomes: Scene
    odds: Scene | None
    scale: float

    @property
    def scenes(self) -> tuple[Scene, ...]:
        return tuple(scene for scene in (self.board, self.outcomes, self.odds) if scene)

    @property
    def font(self) -> Font:
        return max((scene.drawn_font() for scene in self.scenes), key=FONTS.index)

    def style(self) -> str:
        """The font's ``@font-face`` and, off scale 1, the ``--scale`` the style sheet reads."""
        from roads.backends.svg import font_face

        scale = f":root{{--scale:{self.scale:g}}}" if self.scale != 1 else ""
        texts = [text for scene in self.scenes for text in scene.texts()]
        return font_face(self.font, texts, family=self.font.family) + scale

    def svg(self, scene: Scene, css_class: str, *, fit: bool = False, notice: str = "") -> str:
        """The picture of ``scene``: ``fit``, as wide as the window down to a legible width
        (then it scrolls), with ``notice`` (HTML) under it, which a phone shows in place of the
        picture's own notice band; else as wide as the section."""
        from roads.backends.svg import to_svg

        scale = self.scale
        svg = to_svg(replace(scene, font=self.font), scale, embed_font=False)
        if fit:
            # As wide as the scale asks, narrower in a narrower window down to what stays
            # legible (two thirds of the natural width, at least 640 px), then it scrolls.
            widest = scale * scene.width
            smallest = min(widest, scene.width, max(640.0, 0.66 * scene.width))
            return part(
                "fitted-picture",
                kind=css_class,
                widest=round(widest),
                smallest=round(smallest),
                svg=svg,
                notice=notice,
            )
        return part("picture", kind=css_class, svg=svg)


def board_section(roads: Roads, pictures: Pictures, w: Words) -> str:
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
    return part(
        "board",
        text=r.board_text,
        picture=pictures.svg(
            pictures.board, "board", fit=True, notice=notice_inline(labels.notice, lang=w.lang)
        ),
        caption=r.stats_caption,
        what=r.what,
        coups=r.coups,
        share=r.share,
        rows="".join(
            part(
                "count-row",
                kind=kind,
                name=escape(name),
                count=count,
                share=_pct(count / stats.hands),
            )
            for name, count, kind in rows
        ),
        all_coups=r.all_coups,
        n=stats.hands,
    )


def outcomes_section(roads: Roads, trail: OddsTrail, pictures: Pictures, w: Words) -> str:
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
        low, high = sample_range(p, n)
        rows.append(
            part(
                "outcome-row",
                kind=_KINDS[outcome],
                name=escape(w.name(outcome)),
                count=count,
                share=_pct(count / n),
                exact=_pct(p, 2),
                range=r.range.format(low=_pct(low), high=_pct(high)),
            )
        )
    return part(
        "outcomes",
        text=plural(r.outcomes_text, n, decks=trail.decks),
        chart=pictures.svg(pictures.outcomes, "chart outcome-chart"),
        caption=r.outcomes_caption,
        outcome=r.outcome,
        coups=r.coups,
        this_shoe=r.this_shoe,
        exact=r.exact_fresh.format(decks=trail.decks),
        samples=r.samples.format(n=n),
        rows="".join(rows),
    )


def _streak_text(streak: Streak | None, w: Words) -> str:
    if streak is None:
        return w.report.none
    return w.report.from_coup.format(length=streak.length, first=streak.first)


def streaks_section(roads: Roads, w: Words) -> str:
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
    facts = [
        r.longest_banker.format(text=escape(_streak_text(banker, w))),
        r.longest_player.format(text=escape(_streak_text(player, w))),
    ]
    if dragons:
        listed = ", ".join(
            r.dragon.format(name=escape(w.name(d.outcome)), length=d.length, first=d.first)
            for d in dragons
        )
        facts.append(r.dragons.format(listed=listed))
    else:
        facts.append(r.no_dragon.format(dragon=DRAGON))
    banker_lengths = found.lengths(Outcome.BANKER)
    player_lengths = found.lengths(Outcome.PLAYER)
    lengths = sorted(set(banker_lengths) | set(player_lengths))
    table = (
        part(
            "lengths",
            caption=r.lengths_caption,
            length=r.length,
            banker=escape(w.name(Outcome.BANKER)),
            player=escape(w.name(Outcome.PLAYER)),
            rows="".join(
                part(
                    "length-row",
                    length=length,
                    banker=banker_lengths.get(length, 0),
                    player=player_lengths.get(length, 0),
                )
                for length in lengths
            ),
        )
        if lengths
        else ""
    )
    return part(
        "streaks",
        text=r.streaks_text,
        figures=figure_tiles((escape(number), what) for number, what in figures),
        facts=list_items(facts),
        lengths=table,
    )


def odds_section(trail: OddsTrail, pictures: Pictures, w: Words) -> str:
    r = w.report
    if pictures.odds is None:
        reason = escape(charts.stop_text(trail, w.lang) or r.cards_unknown)
        return part("no-odds", reason=r.no_chart.format(reason=reason), help=r.no_chart_help)
    last = trail.points[-1]
    why = charts.stop_text(trail, w.lang)
    stopped = r.chart_stops.format(dealt=last.dealt, reason=escape(why)) if why else ""
    odds = _odds_text(last.odds, w)
    return part(
        "odds",
        how=r.odds_how.format(decks=trail.decks, cards=52 * trail.decks),
        text=r.odds_text,
        chart=pictures.svg(pictures.odds, "chart odds-chart"),
        summary=list_items(f"{escape(line)}." for line in charts.odds_summary(trail, w.lang)),
        after=r.odds_after.format(dealt=last.dealt, left=last.cards_left, odds=odds),
        stopped=part("paragraph", text=stopped) if stopped else "",
    )


def bets_section(roads: Roads, trail: OddsTrail, w: Words) -> str:
    """Every bet of the board's table: its exact edge, fresh and after each coup dealt from
    known cards (none when the first coup's cards are not known)."""
    if not trail.known:
        return ""
    words = BETS_TABLE_WORDS[w.lang]
    table = roads.table
    edges = bet_edges(roads.hands, table, trail.decks)
    dealt = len(edges[0].after)
    rows = "".join(
        part(
            "bet-row",
            name=escape(bet_word(bet.name, w.lang)),
            pays=escape(" / ".join(bet.pays)),
            fresh=_pct(bet.fresh, 2),
            now=_pct(bet.after[-1], 2) if bet.after else "",
            lowest=_pct(min(bet.after), 2) if bet.after else "",
            highest=_pct(max(bet.after), 2) if bet.after else "",
        )
        for bet in edges
    )
    favoured = [bet_word(bet.name, w.lang) for bet in edges if bet.after and min(bet.after) < 0]
    note = words["negative"].format(bets=", ".join(favoured)) if favoured else ""
    return part(
        "bets",
        note=part("paragraph", text=escape(note)) if note else "",
        caption=escape(words["caption"].format(rules=table.rules, tie=table.tie_pays)),
        bet=escape(words["bet"]),
        pays=escape(words["pays"]),
        fresh=escape(words["fresh"]),
        now=escape(words["now"].format(n=dealt)),
        lowest=escape(words["lowest"]),
        highest=escape(words["highest"]),
        rows=rows,
    )


def _odds_text(odds: Odds, w: Words) -> str:
    return (
        f"{escape(w.name(Outcome.BANKER))} {_pct(odds.p_banker, 2)}, "
        f"{escape(w.name(Outcome.PLAYER))} {_pct(odds.p_player, 2)}, "
        f"{escape(w.name(Outcome.TIE))} {_pct(odds.p_tie, 2)}"
    )


def coups_section(hands: Sequence[Hand], trail: OddsTrail, w: Words) -> str:
    r = w.report
    banker, player = escape(w.name(Outcome.BANKER)), escape(w.name(Outcome.PLAYER))
    tie = escape(w.name(Outcome.TIE))
    with_cards = any(hand.coup is not None for hand in hands)
    columns = [r.coup, r.result, *((player, banker) if with_cards else ()), r.pairs_natural]
    head = "".join(part("column", text=text) for text in columns)
    if trail.known:
        head += part("odds-column", text=r.odds_of_coup, banker=banker, player=player, tie=tie)
    rows = [_coup_row(number, hand, trail, with_cards, w) for number, hand in enumerate(hands, 1)]
    return part(
        "coups",
        note="" if with_cards else part("paragraph", text=r.no_cards_note),
        caption=r.coups_caption,
        columns=head,
        rows="".join(rows),
    )


def _coup_row(number: int, hand: Hand, trail: OddsTrail, with_cards: bool, w: Words) -> str:
    r = w.report
    cells = [
        part("number", number=number),
        part("result", kind=_KINDS[hand.outcome], name=escape(w.name(hand.outcome))),
    ]
    coup = hand.coup
    if with_cards:
        if coup is None:
            cells.append(part("no-cards", text=r.cards_not_entered))
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
    tags = "".join(part("tag", kind=kind, text=text) for on, text, kind in flags if on)
    cells.append(part("tags", tags=tags))
    row = {"number": number, "outcome": hand.outcome.value}
    if trail.known:
        if number - 1 < len(trail.points):
            point = trail.points[number - 1]
            odds = point.odds
            cells.append(
                part(
                    "coup-odds",
                    banker=_pct(odds.p_banker, 2),
                    player=_pct(odds.p_player, 2),
                    tie=_pct(odds.p_tie, 2),
                )
            )
            return part(
                "coup-row-with-odds",
                **row,
                cards_left=point.cards_left,
                total=odds.total,
                banker=odds.banker,
                player=odds.player,
                tie=odds.tie,
                cells="".join(cells),
            )
        cells.append(part("no-odds-cell", text=r.unknown))
    return part("coup-row", **row, cells="".join(cells))


def _hand_cell(cards: Iterable[Card], total: int, won: bool, w: Words) -> str:
    return part(
        "hand",
        cards="".join(_card(card) for card in cards),
        kind="total won" if won else "total",
        title=w.report.total,
        total=total,
    )


def _card(card: Card) -> str:
    rank = "10" if card.rank == "T" else card.rank
    rank_name = _RANKS.get(card.rank, card.rank)
    if card.suit is None:
        return part("card", kind="card", title=escape(rank_name), face=escape(rank))
    symbol, suit_name, red = _SUITS[card.suit]
    return part(
        "card",
        kind="card red" if red else "card",
        title=f"{escape(rank_name)} of {suit_name}",
        face=escape(rank) + symbol,
    )


def _pct(value: float, places: int = 1) -> str:
    return f"{100 * value:.{places}f}%"


SECTIONS_FILE = "report.html"
"""The report's sections, package data beside this module."""
part = Fragments("roads.story", "report-parts.html")
"""The pieces of the page the code fills from the shoe."""
