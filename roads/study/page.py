"""The study on one self-contained HTML page, in the style of the shoe report.

The page is made from the study's JSON document only; its frame and styles are package data
(``study.html``, ``study.css``, after the report's ``report.css``). It fetches
nothing, and every value written into it is escaped.
"""

from __future__ import annotations

from html import escape
from importlib.resources import files
from string import Template
from typing import Any

from roads.drawing.scene import Scene
from roads.notice import NOTICE
from roads.story.report import _CSP, _css, _generator
from roads.study import charts
from roads.study.signals import SIGNALS
from roads.study.wording import ALPHA, MIN_BETS, money_holds_edge

TITLE = "Do the roads predict anything?"
HONEST = (
    "Each coup is dealt from the cards alone: no road, streak or pattern changes its odds. "
    "This page measures that, signal by signal."
)


def _template(name: str) -> str:
    return files("roads.study").joinpath(name).read_text(encoding="utf-8")


def _pct(value: float | None, places: int = 2) -> str:
    if value is None:
        return "&ndash;"
    return f"{100 * value:.{places}f}%".replace("-", "&minus;")


def _notice(where: str) -> str:
    return (
        f'<aside class="notice" role="note" aria-label="Notice ({where})">'
        f"<strong>{escape(NOTICE)}</strong> {escape(HONEST)}</aside>"
    )


def _svg(scene: Scene, css_class: str) -> str:
    from roads.backends.svg import to_svg

    return f'<div class="scroll"><div class="chart {css_class}">{to_svg(scene)}</div></div>'


def _section(anchor: str, heading: str, body: str) -> str:
    return (
        f'<section id="{anchor}" aria-labelledby="{anchor}-heading">\n'
        f'<h2 id="{anchor}-heading">{escape(heading)}</h2>\n{body}\n</section>'
    )


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
    items = "".join(f"<li>{escape(line)}</li>" for line in document["conclusions"])
    text = (
        "<p>Worked out from the figures below, and worded by their 95% intervals: a difference "
        "of the size chance gives is called chance.</p>"
    )
    return _section(
        "conclusions", "What the figures say", text + f'<ul class="conclusions">{items}</ul>'
    )


def _cell(share: dict[str, Any]) -> str:
    return (
        f"<td>{_pct(share['share'], 1)}"
        f'<span class="ci">{_pct(share["low"], 1)} to {_pct(share["high"], 1)}</span></td>'
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
        interval = (
            f'<span class="ci">{_pct(flat["low"])} to {_pct(flat["high"])}</span>'
            if flat["low"] is not None
            else ""
        )
        few_class = ' class="few"' if few else ""
        p_text = "&ndash;" if test is None else f"{test['p_value']:.3f}"
        p_class = ' class="beyond"' if low_p else ""
        money_class = ' class="beyond"' if off_edge else ""
        rows.append(
            f'<tr data-signal="{escape(signal["name"])}"{few_class}>'
            f'<th scope="row"><code>{escape(signal["name"])}</code></th>'
            f"<td>{signal['bets']:,}</td><td>{signal['won']:,}</td><td>{signal['lost']:,}</td>"
            f"<td>{signal['tied']:,}</td>"
            + "".join(_cell(signal["next_coup"][name]) for name in ("banker", "player", "tie"))
            + f"<td{p_class}>{p_text}</td>"
            f"<td{money_class}>{_pct(flat['per_bet'])}{interval}</td>"
            f"<td>{_pct(flat['exact_expected_per_bet'])}</td></tr>"
        )
    unconditional = document["unconditional"]
    head = (
        '<thead><tr><th scope="col">Signal</th><th scope="col">Bets</th>'
        '<th scope="col">Won</th><th scope="col">Lost</th><th scope="col">Tied</th>'
        '<th scope="col">Next: Banker</th><th scope="col">Player</th>'
        '<th scope="col">Tie</th><th scope="col">p (independence)</th>'
        '<th scope="col">Flat bet, per bet</th><th scope="col">Exact expectation</th>'
        "</tr></thead>"
    )
    foot = (
        '<tfoot><tr><th scope="row">every coup</th>'
        f"<td>{unconditional['coups']:,}</td><td></td><td></td><td></td>"
        + "".join(_cell(unconditional[name]) for name in ("banker", "player", "tie"))
        + "<td></td><td></td><td></td></tr>"
        '<tr><th scope="row">exact, fresh shoe</th><td></td><td></td><td></td><td></td>'
        f"<td>{_pct(fresh['p_banker'])}</td><td>{_pct(fresh['p_player'])}</td>"
        f"<td>{_pct(fresh['p_tie'])}</td><td></td><td></td><td></td></tr></tfoot>"
    )
    text = (
        "<p>Before every coup each signal names a side, or nothing. <em>Bets</em> counts the "
        "coups it named a side; <em>won</em>, <em>lost</em> and <em>tied</em> what that coup "
        "did to a bet on it. Under each frequency and result, its 95% interval. The p-value is "
        "that of a chi-square test of independence between the side named and the next coup's "
        f"outcome: below {ALPHA} about one signal in 20 by chance alone. The flat bet stakes 1 "
        "unit on every side named (Banker pays 0.95, ties push), next to the exact expectation "
        "of the same bets from a fresh shoe: the house edge. In bold, a p-value below "
        f"{ALPHA} or a result whose interval misses the exact expectation: among "
        f"{len(document['signals'])} signals, chance alone gives one or two of those. Greyed: "
        f"fewer than {MIN_BETS} bets, too few to read anything from.</p>"
    )
    table = (
        '<div class="scroll"><table class="signals"><caption>Every signal, and what the next '
        f"coup did</caption>{head}<tbody>{''.join(rows)}</tbody>{foot}</table></div>"
    )
    return _section("signals", "Signals and what followed them", text + table)


def _frequencies(document: dict[str, Any]) -> str:
    text = (
        "<p>The dots are how often Banker, Player and Tie won the coup after each signal; the "
        "lines through them, their 95% intervals; the solid line, the exact probability from a "
        "fresh shoe; the dashed line, how often they won over every coup of the study. An "
        "interval that holds the solid line is what chance gives.</p>"
    )
    return _section(
        "frequencies",
        "The next coup after each signal",
        text + _svg(charts.frequency_chart(document), "wide"),
    )


def _money(document: dict[str, Any]) -> str:
    text = (
        "<p>Practice money only. A flat 1-unit bet on every side a signal names, per bet, "
        "with its 95% interval, against the exact expectation of the same bets (red). Below, "
        "the running result of four signals over the study against that expectation and the "
        "range 95% of results fall in.</p>"
    )
    return _section(
        "money",
        "Flat bets against the house edge",
        text
        + _svg(charts.money_chart(document), "wide")
        + _svg(charts.curves_chart(document), "wide"),
    )


def _exact(document: dict[str, Any]) -> str:
    removal = document["card_removal"]
    if not removal:
        return _section(
            "exact",
            "Card removal, counted exactly",
            '<p class="missing">No exact part in this study.</p><p>With '
            "<code>--exact-shoes K</code> the study counts the exact odds of every coup of "
            "the first K shoes from the cards left (for recorded shoes, when their cards are "
            "known), and how the house edge moves over a shoe.</p>",
        )
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
    tiles = "".join(
        f'<div class="figure"><span class="number">{number}</span>'
        f'<span class="what">{escape(what)}</span></div>'
        for number, what in figures
    )
    rows = "".join(
        f'<tr{_few(s["coups"])}><th scope="row"><code>{escape(s["name"])}</code></th>'
        f"<td>{s['coups']:,}</td>"
        f"<td>{_correlation(s['edge_correlation'])}</td>"
        f"<td>{_pct(s['mean_exact_return'], 3)}</td></tr>"
        for s in removal["signals"]
    )
    table = (
        '<div class="scroll"><table class="numbers correlations"><caption>Does a signal name '
        'the side the cards favour?</caption><thead><tr><th scope="col">Signal</th>'
        '<th scope="col">Coups</th><th scope="col">Correlation with the exact edge</th>'
        '<th scope="col">Mean exact expectation of its bets</th></tr></thead>'
        f"<tbody>{rows}</tbody></table></div>"
    )
    text = (
        "<p>After every coup of the first shoes, the exact odds of the next coup are counted "
        "from the cards left (burned cards stay in: nobody saw them). That is the only thing "
        "that changes the odds, and it changes them by little: the chart shows how the house "
        "edge of each bet spread over those coups.</p>"
    )
    after = (
        "<p>The correlation is that between the side a signal names (+1 Banker, &minus;1 "
        "Player) and how much more likely, from the cards left, Banker was to win than Player. "
        "Near 0: the signal does not pick the side the cards favour. Greyed: fewer than "
        f"{MIN_BETS} coups, too few for the correlation to mean anything.</p>"
    )
    positions = "".join(
        f'<tr><th scope="row">{row["from"]}&ndash;{row["to"]}</th><td>{row["coups"]:,}</td>'
        f"<td>{_pct(row['banker_edge_mean'], 3)}</td><td>{_pct(row['player_edge_mean'], 3)}</td>"
        f"<td>{row['either_positive']:,}</td></tr>"
        for row in removal["by_position"]
    )
    across = (
        '<div class="scroll"><table class="numbers positions"><caption>The edge across the '
        'shoe</caption><thead><tr><th scope="col">Coups</th><th scope="col">Counted</th>'
        '<th scope="col">Mean Banker edge</th><th scope="col">Mean Player edge</th>'
        '<th scope="col">A bet had a positive expectation</th></tr></thead>'
        f"<tbody>{positions}</tbody></table></div>"
    )
    chart = charts.edge_chart(document)
    return _section(
        "exact",
        "Card removal, counted exactly",
        text
        + f'<div class="figures">{tiles}</div>'
        + (_svg(chart, "wide") if chart else "")
        + across
        + after
        + table,
    )


def _correlation(value: float | None) -> str:
    return "&ndash;" if value is None else f"{value:+.3f}".replace("-", "&minus;")


def _few(coups: int) -> str:
    return ' class="few"' if coups < MIN_BETS else ""


def _method(document: dict[str, Any]) -> str:
    defs = "".join(
        f"<dt>{escape(signal.name)}</dt><dd>{escape(signal.description)}</dd>" for signal in SIGNALS
    )
    text = (
        "<p>Every signal is read from the board of its own shoe as it stands before a coup; "
        "ties never start or end a streak. The derived-road signals take the side whose ask "
        "answer (the mark that road would gain if that side won next) is red, or blue; they "
        "name nothing until both answers exist. Intervals of frequencies are Wilson score "
        "intervals; those of the flat bet, normal intervals of the mean result per bet. "
        "Counting is in integers, merged over shoes; every figure is worked out once, at the "
        "end, so any number of jobs gives the same page.</p>"
    )
    return _section("method", "How it was counted", text + f'<dl class="defs">{defs}</dl>')


def study_html(document: dict[str, Any], *, title: str | None = None) -> str:
    """The page of a study document.

    Parameters:
        document: the study (``run_study``).
        title: the page's title (default: "Do the roads predict anything?").
    """
    heading = title or TITLE
    sections = [
        _conclusions(document),
        _signals(document),
        _frequencies(document),
        _money(document),
        _exact(document),
        _method(document),
    ]
    return Template(_template("study.html")).substitute(
        csp=escape(_CSP),
        generator=escape(_generator()),
        title=escape(heading),
        css=_css() + _template("study.css"),
        facts=_facts(document),
        notice_top=_notice("top"),
        notice_bottom=_notice("bottom"),
        sections="\n".join(sections),
    )
