"""The study on one self-contained HTML page, in the style of the shoe report.

The page is made from the study's JSON document only; its HTML and styles are package data
beside this module, read by ``roads.pages.templates``: the pages' document (``page.html``)
around the sections (``study.html``), the pieces filled from the study (``study-parts.html``,
with the notice and figure tiles of ``roads.pages``) and ``study.css`` (after the pages'
``page.css``). It fetches nothing, and every value written into it that
is not HTML already is escaped.
"""

from __future__ import annotations

from html import escape

from roads.drawing.scene import Scene
from roads.notice import NOTICE
from roads.pages import (
    figure_tiles,
    generator_name,
    list_items,
    notice_block,
    page_document,
    style_sheet,
)
from roads.pages.templates import Fragments, data_text, lines
from roads.study import charts
from roads.study.document import AHEAD_METHODS, CardRemoval, FitTest, PerfectPlay, Signal, Study
from roads.study.fairness import ALPHA, MIN_BETS
from roads.study.figures import BANKER_PAYS
from roads.study.sentences import AHEAD_SENTENCES, say
from roads.study.signals import SIGNALS
from roads.study.wording import (
    FEW_SHOES,
    FIT_NAMES,
    correlation_interval,
    inherits,
    money_holds_edge,
    p_text,
    shuffle_of,
)

TITLE = "Do the roads predict anything?"
HONEST = (
    "The roads are a record of coups already dealt. This page measures, signal by signal, "
    "whether what they showed went with the next coup, and says how large a difference it "
    "could have caught."
)


_part = Fragments("roads.study", "study-parts.html")
"""The pieces of the page the code fills from the study."""
_FEW = ' class="few"'
"""The class of a row with too few bets or coups to read anything from."""
_BEYOND = ' class="beyond"'
"""The class of a figure beyond what chance alone gives (in bold)."""


def _pct(value: float | None, places: int = 2) -> str:
    if value is None:
        return "&ndash;"
    return f"{100 * value:.{places}f}%".replace("-", "&minus;")


def _notice(where: str) -> str:
    return notice_block(f"Notice ({where})", [NOTICE], HONEST)


def _svg(scene: Scene, css_class: str) -> str:
    from roads.backends.svg import to_svg

    return _part("chart", kind=css_class, svg=to_svg(scene))


def _facts(document: Study) -> str:
    data = document.data
    where = (
        f"simulated, seed {data.seed} ({shuffle_of(data)} shuffle), cut card {data.cut_card}"
        if data.source == "simulated"
        else "recorded: " + ", ".join(data.inputs or ())
    )
    facts = [
        f"{data.coups:,} coups",
        f"{data.shoes:,} shoes",
        f"{data.decks} decks",
        where,
        f"{len(document.signals)} signals",
    ]
    return " &middot; ".join(escape(fact) for fact in facts)


def _conclusions(document: Study) -> str:
    first, *rest = document.conclusions
    return _part(
        "conclusions",
        kind="answer alarm" if document.fairness.alarm else "answer",
        answer=escape(first),
        items=list_items(escape(line) for line in rest),
    )


def _interval(low: float | None, high: float | None, places: int = 2) -> str:
    return _part("interval", low=_pct(low, places), high=_pct(high, places))


def _verdict(signal: Signal, tests: int, inherited: bool) -> str:
    if signal.bets < MIN_BETS:
        return "too few bets"
    if signal.verdict == "beyond chance" and inherited:
        return f"beyond chance after {tests} tests, inheriting Banker's share"
    if signal.verdict == "beyond chance":
        return f"beyond chance after {tests} tests"
    return "within chance"


def _definitions() -> str:
    return "".join(
        _part("definition", name=escape(signal.name), text=escape(signal.description))
        for signal in SIGNALS
    )


def _signal_row(signal: Signal, tests: int, inherited: bool = False) -> str:
    flat, won = signal.flat_bet, signal.won_of_decided
    few = signal.bets < MIN_BETS
    beyond = signal.verdict == "beyond chance"
    mirror = signal.mirror_of
    p = signal.p_adjusted
    return _part(
        "signal-row",
        name=escape(signal.name),
        few=_FEW if few else "",
        bets=f"{signal.bets:,}",
        beyond=_BEYOND if beyond else "",
        won=_pct(won.share, 1),
        interval=_interval(won.low, won.high, 1) if won.of else "",
        exact=_pct(won.exact, 1),
        p=("&ndash;" if p is None else p_text(p))
        + (f" (as {escape(mirror)})" if mirror and p is not None else ""),
        verdict=escape(_verdict(signal, tests, inherited)),
        money_beyond=_BEYOND if not few and not money_holds_edge(signal) else "",
        per_bet=_pct(flat.per_bet),
        money_interval="" if flat.low is None else _interval(flat.low, flat.high),
        expected=_pct(flat.exact_expected_per_bet),
        detectable=(
            "&ndash;"
            if signal.detectable_difference is None
            else f"&plusmn;{signal.detectable_difference:.2f}%"
            + _part("shoes-needed", shoes=f"{signal.shoes_for_half_percent or 0:,}")
        ),
    )


def _fit_row(name: str, fit: FitTest, tests: int) -> str:
    what, of = FIT_NAMES[name]
    p = fit.p_adjusted
    beyond = p is not None and p < ALPHA
    return _part(
        "fit-row",
        name=name,
        what=escape(f"{what}, {of}"),
        count=f"{fit.of:,}",
        beyond=_BEYOND if beyond else "",
        share=_pct(fit.share, 2),
        interval=_interval(fit.low, fit.high, 2) if fit.of else "",
        exact=_pct(fit.exact, 2),
        p="&ndash;" if p is None else p_text(p),
        verdict=f"beyond chance after {tests} tests" if beyond else "within chance",
    )


def _signals(document: Study) -> str:
    tests = document.fairness.tests
    return _part(
        "signals",
        definitions=_definitions(),
        tests=tests,
        alpha_pct=f"{100 * ALPHA:.0f}%",
        min_bets=MIN_BETS,
        rows="".join(
            _signal_row(signal, tests, inherits(signal, document)) for signal in document.signals
        ),
        fit="".join(_fit_row(name, fit, tests) for name, fit in document.goodness_of_fit.tests()),
        paid=(
            f"paid by the {escape(document.table.rules)} table's rules"
            if document.table is not None
            else f"Banker pays {float(BANKER_PAYS):g}"
        ),
    )


def _frequencies(document: Study) -> str:
    return _part("frequencies", chart=_svg(charts.frequency_chart(document), "wide"))


def _money(document: Study) -> str:
    return _part(
        "money",
        bets=_svg(charts.money_chart(document), "wide"),
        curves=_svg(charts.curves_chart(document), "wide"),
        ahead=_ahead(document),
    )


def _ahead(document: Study) -> str:
    shoes = max(document.data.shoes, 1)
    rows = "".join(
        _part(
            "ahead-row",
            few=_FEW if s.bets < MIN_BETS else "",
            name=escape(s.name),
            per_shoe=f"{s.bets / shoes:.1f}",
            one=_pct(s.ahead.one, 0),
            ten=_pct(s.ahead.ten, 0),
            hundred=_pct(s.ahead.hundred, 0),
        )
        for s in document.signals
    )
    methods = {s.ahead.method for s in document.signals}
    method = " ".join(say(AHEAD_SENTENCES[name]) for name in AHEAD_METHODS if name in methods)
    return _part(
        "ahead", rows=rows, chart=_svg(charts.ahead_chart(document), "wide"), method=method
    )


def _table(document: Study) -> str:
    table = document.table
    if table is None:
        return ""
    offered = ", ".join(table.side_bets) or "no side bet"
    described = f"{table.rules}, Tie {table.tie_pays}:1, side bets {offered}"
    rows = "".join(
        _part(
            "table-row",
            few=_few(bet.bets),
            name=escape(bet.name),
            bets=f"{bet.bets:,}",
            won=f"{bet.won:,}",
            per_bet=_pct(bet.per_bet, 2),
            interval=_interval(bet.low, bet.high),
            expected=_pct(bet.exact_expected_per_bet, 3),
            edge=_pct(bet.exact_house_edge, 3),
        )
        for bet in table.bets
    )
    return _part("table", table=escape(described), rows=rows)


def _units(value: float) -> str:
    return f"{value:+,.2f}".replace("-", "&minus;")


def _own(document: Study) -> str:
    own = document.own_bets
    if own is None:
        return ""
    figures = [
        (f"{own.bets:,}", "practice bets settled (play money)"),
        (_units(own.net), f"net, of {own.staked:,.2f} staked"),
        (_units(own.exact_expected), "the exact expectation of the same bets"),
        (
            f"&plusmn;{own.luck:,.2f}",
            "what luck alone moves the net by around that expectation (95% of the time)",
        ),
    ]
    kinds = "".join(
        _part(
            "own-kind",
            name=escape(row.name.replace("_", " ")),
            bets=f"{row.bets:,}",
            staked=f"{row.staked:,.2f}",
            net=_units(row.net),
            expected=_units(row.exact_expected),
        )
        for row in own.by_bet
    )
    streaks = "".join(
        _part(
            "own-streak",
            length=escape(streak.length),
            bets=f"{streak.bets:,}",
            followed=f"{streak.followed:,} ({100 * streak.followed / streak.bets:.0f}%)",
        )
        for streak in own.followed_streak
    )
    seats = "".join(
        _part(
            "own-seat",
            name=escape(
                f"{seat.input} · seat {seat.seat}"
                + (f" · {', '.join(seat.players)}" if seat.players else "")
            ),
            bets=f"{seat.bets:,}",
            staked=f"{seat.staked:,.2f}",
            net=_units(seat.net),
            expected=f"{_units(seat.exact_expected)} &plusmn;{seat.luck:,.2f}",
        )
        for seat in own.seats or ()
    )
    return _part(
        "own",
        figures=figure_tiles(figures),
        kinds=kinds,
        streaks=streaks,
        seats=_part("own-seats", rows=seats) if seats else "",
    )


def _exact(document: Study) -> str:
    removal, play = document.card_removal, document.perfect_play
    if removal is None or play is None:
        return _part("no-exact")
    correlations = "".join(
        _part(
            "correlation-row",
            few=_few(s.coups),
            name=escape(s.name),
            coups=f"{s.coups:,}",
            correlation=_correlation(s.edge_correlation, s.coups),
            mean=_pct(s.mean_exact_return, 3),
        )
        for s in removal.signals
    )
    positions = "".join(
        _part(
            "position-row",
            first=row.first,
            last=row.last,
            coups=f"{row.coups:,}",
            banker=_pct(row.banker_edge_mean, 3),
            player=_pct(row.player_edge_mean, 3),
            positive=f"{row.either_positive:,}",
        )
        for row in removal.by_position
    )
    chart = charts.edge_chart(document)
    return _part(
        "exact",
        figures=figure_tiles(_exact_figures(removal, play)),
        chart=_svg(chart, "wide") if chart else "",
        positions=positions,
        min_bets=MIN_BETS,
        correlations=correlations,
    )


def _exact_figures(removal: CardRemoval, play: PerfectPlay) -> list[tuple[str, str]]:
    """The exact part's headline figures: the coups counted, the main bets' edges, how often
    a bet had a positive expectation, and what perfect play expected and got."""
    banker, player = removal.banker_edge, removal.player_edge
    figures = [
        (f"{removal.coups:,}", f"coups counted exactly, in {removal.shoes:,} shoes"),
        (
            _pct(banker.median),
            f"median Banker edge ({_pct(banker.p05)} to {_pct(banker.p95)} for 90% of coups)",
        ),
        (
            _pct(player.median),
            f"median Player edge ({_pct(player.p05)} to {_pct(player.p95)} for 90% of coups)",
        ),
        (
            _pct(removal.either_positive.share),
            "of coups had a bet with a positive expectation",
        ),
    ]
    figures.append(
        (
            f"{play.expected_units_per_shoe:+.4f}".replace("-", "&minus;"),
            f"units per shoe expected by perfect play: betting only when the cards left give "
            f"a bet a positive expectation ({play.coups_with_an_edge:,} of "
            f"{play.coups:,} coups); it got {play.realised_units_per_shoe:+.2f}" + _luck(play),
        )
    )
    return figures


def _luck(play: PerfectPlay) -> str:
    """What luck alone moves perfect play's result by, or that there are too few shoes."""
    if play.shoes < FEW_SHOES:
        return f" (too few shoes, {play.shoes:,}, to say how much of that was luck)"
    if play.luck_per_shoe is None:
        return ""
    return f" (luck alone moves it by ±{play.luck_per_shoe:.2f} units per shoe, 95%)"


def _correlation(value: float | None, coups: int) -> str:
    """A correlation with its 95% interval, or "too few to say"."""
    if value is None:
        return "&ndash;"
    text = f"{value:+.3f}".replace("-", "&minus;")
    interval = correlation_interval(value, coups) if coups >= MIN_BETS else None
    if interval is None:
        return f"{text} (too few to say)"
    low, high = (f"{end:+.3f}".replace("-", "&minus;") for end in interval)
    return text + _part("interval", low=low, high=high)


def _few(coups: int) -> str:
    return _FEW if coups < MIN_BETS else ""


def _method(document: Study) -> str:
    return _part("method")


def study_html(document: Study, *, title: str | None = None) -> str:
    """The page of a study document.

    Parameters:
        document: the study (``run_study``).
        title: the page's title (default: "Do the roads predict anything?").
    """
    sections = lines("roads.study", "study.html").substitute(
        conclusions=_conclusions(document),
        signals=_signals(document),
        frequencies=_frequencies(document),
        money=_money(document),
        exact=_exact(document),
        table=_table(document),
        own=_own(document),
        method=_method(document),
    )
    return page_document(
        lang="en",
        title=escape(title or TITLE),
        style=style_sheet() + data_text("roads.study", "study.css"),
        eyebrow=_part("eyebrow"),
        facts=_facts(document),
        notice_top=_notice("top"),
        sections="Sections",
        nav=_part("nav"),
        main=sections,
        notice_bottom=_notice("bottom"),
        footer=_part("footer", generator=escape(generator_name())),
    )
