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
from typing import Any

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
from roads.study.signals import SIGNALS
from roads.study.wording import ALPHA, MIN_BETS, money_holds_edge

TITLE = "Do the roads predict anything?"
HONEST = (
    "Each coup is dealt from the cards alone: no road, streak or pattern changes its odds. "
    "This page measures that, signal by signal."
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


def _facts(document: dict[str, Any]) -> str:
    data = document["data"]
    where = (
        f"simulated, seed {data['seed']}, cut card {data['cut_card']}"
        if data["source"] == "simulated"
        else "recorded: " + ", ".join(data["inputs"])
    )
    facts = [
        f"{data['coups']:,} coups",
        f"{data['shoes']:,} shoes",
        f"{data['decks']} decks",
        where,
        f"{len(document['signals'])} signals",
    ]
    return " &middot; ".join(escape(fact) for fact in facts)


def _conclusions(document: dict[str, Any]) -> str:
    return _part("conclusions", items=list_items(escape(line) for line in document["conclusions"]))


def _interval(low: float | None, high: float | None, places: int = 2) -> str:
    return _part("interval", low=_pct(low, places), high=_pct(high, places))


def _shares(shares: dict[str, Any]) -> str:
    """The cells of the Banker, Player and Tie frequencies, each over its interval."""
    return "".join(
        _part(
            "share",
            share=_pct(shares[name]["share"], 1),
            interval=_interval(shares[name]["low"], shares[name]["high"], 1),
        )
        for name in ("banker", "player", "tie")
    )


def _signals(document: dict[str, Any]) -> str:
    fresh = document["exact_fresh_shoe"]
    rows = []
    for signal in document["signals"]:
        test = signal["independence"]
        flat = signal["flat_bet"]
        few = signal["bets"] < MIN_BETS
        low_p = not few and test is not None and test["p_value"] < ALPHA
        off_edge = not few and not money_holds_edge(signal)
        rows.append(
            _part(
                "signal-row",
                name=escape(signal["name"]),
                few=_FEW if few else "",
                bets=f"{signal['bets']:,}",
                won=f"{signal['won']:,}",
                lost=f"{signal['lost']:,}",
                tied=f"{signal['tied']:,}",
                shares=_shares(signal["next_coup"]),
                p_beyond=_BEYOND if low_p else "",
                p="&ndash;" if test is None else f"{test['p_value']:.3f}",
                money_beyond=_BEYOND if off_edge else "",
                per_bet=_pct(flat["per_bet"]),
                interval="" if flat["low"] is None else _interval(flat["low"], flat["high"]),
                expected=_pct(flat["exact_expected_per_bet"]),
            )
        )
    unconditional = document["unconditional"]
    return _part(
        "signals",
        alpha=ALPHA,
        signals=len(document["signals"]),
        min_bets=MIN_BETS,
        rows="".join(rows),
        coups=f"{unconditional['coups']:,}",
        shares=_shares(unconditional),
        banker=_pct(fresh["p_banker"]),
        player=_pct(fresh["p_player"]),
        tie=_pct(fresh["p_tie"]),
    )


def _frequencies(document: dict[str, Any]) -> str:
    return _part("frequencies", chart=_svg(charts.frequency_chart(document), "wide"))


def _money(document: dict[str, Any]) -> str:
    return _part(
        "money",
        bets=_svg(charts.money_chart(document), "wide"),
        curves=_svg(charts.curves_chart(document), "wide"),
    )


def _exact(document: dict[str, Any]) -> str:
    removal = document["card_removal"]
    if not removal:
        return _part("no-exact")
    banker, player = removal["banker_edge"], removal["player_edge"]
    figures = [
        (f"{removal['coups']:,}", f"coups counted exactly, in {removal['shoes']:,} shoes"),
        (
            _pct(banker["median"]),
            f"median Banker edge ({_pct(banker['p05'])} to {_pct(banker['p95'])} for 90% of coups)",
        ),
        (
            _pct(player["median"]),
            f"median Player edge ({_pct(player['p05'])} to {_pct(player['p95'])} for 90% of coups)",
        ),
        (
            _pct(removal["either_positive"]["share"]),
            "of coups had a bet with a positive expectation",
        ),
    ]
    correlations = "".join(
        _part(
            "correlation-row",
            few=_few(s["coups"]),
            name=escape(s["name"]),
            coups=f"{s['coups']:,}",
            correlation=_correlation(s["edge_correlation"]),
            mean=_pct(s["mean_exact_return"], 3),
        )
        for s in removal["signals"]
    )
    positions = "".join(
        _part(
            "position-row",
            first=row["from"],
            last=row["to"],
            coups=f"{row['coups']:,}",
            banker=_pct(row["banker_edge_mean"], 3),
            player=_pct(row["player_edge_mean"], 3),
            positive=f"{row['either_positive']:,}",
        )
        for row in removal["by_position"]
    )
    chart = charts.edge_chart(document)
    return _part(
        "exact",
        figures=figure_tiles(figures),
        chart=_svg(chart, "wide") if chart else "",
        positions=positions,
        min_bets=MIN_BETS,
        correlations=correlations,
    )


def _correlation(value: float | None) -> str:
    return "&ndash;" if value is None else f"{value:+.3f}".replace("-", "&minus;")


def _few(coups: int) -> str:
    return _FEW if coups < MIN_BETS else ""


def _method(document: dict[str, Any]) -> str:
    definitions = "".join(
        _part("definition", name=escape(signal.name), text=escape(signal.description))
        for signal in SIGNALS
    )
    return _part("method", definitions=definitions)


def study_html(document: dict[str, Any], *, title: str | None = None) -> str:
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
