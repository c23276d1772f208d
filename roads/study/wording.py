"""The conclusions of a study in plain words, worked out from its figures.

The wording follows the 95% intervals and the p-values: a difference of the size chance gives is
called chance; one that is larger is reported with how often chance alone produces as many among
so many signals, and never as a way to win.
"""

from __future__ import annotations

import math
from typing import Any

from roads.notice import NOTICE

MIN_BETS = 100
"""Below this many bets a signal's figures are too few to read anything from."""
ALPHA = 0.05
LATE = 60
"""Coups after this one are the end of a shoe, for the wording of card removal."""


def _pct(value: float, places: int = 2) -> str:
    return f"{100 * value:.{places}f}%"


def _count(n: int) -> str:
    return f"{n:,}"


def _plural(n: int, noun: str) -> str:
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


def _tail(k: int, n: int, p: float) -> float:
    """P(X >= k) for X binomial(n, p)."""
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


def frequencies_hold_exact(signal: dict[str, Any], fresh: dict[str, Any]) -> bool:
    """Whether every next-coup interval of ``signal`` holds the exact fresh-shoe probability."""
    return all(
        signal["next_coup"][name]["low"] <= fresh[f"p_{name}"] <= signal["next_coup"][name]["high"]
        for name in ("banker", "player", "tie")
    )


def money_holds_edge(signal: dict[str, Any]) -> bool:
    flat = signal["flat_bet"]
    if flat["low"] is None:
        return True
    return bool(flat["low"] <= flat["exact_expected_per_bet"] <= flat["high"])


def verdict(signal: dict[str, Any], fresh: dict[str, Any]) -> str:
    """One signal's figures in a few words."""
    if signal["bets"] < MIN_BETS:
        return "too few bets"
    test = signal["independence"]
    p_value = test["p_value"] if test else 1.0
    if p_value >= ALPHA and money_holds_edge(signal):
        return "chance"
    return "outside 95%: chance gives about one signal in 20 so"


def conclusions(document: dict[str, Any]) -> list[str]:
    """The study's conclusions, each a sentence or two computed from ``document``."""
    data, fresh = document["data"], document["exact_fresh_shoe"]
    signals = [s for s in document["signals"] if s["bets"] >= MIN_BETS]
    few = len(document["signals"]) - len(signals)
    found = []
    where = f"simulated from seed {data['seed']}" if data["source"] == "simulated" else "recorded"
    found.append(
        f"This study counts {_plural(data['coups'], 'coup')} in "
        f"{_plural(data['shoes'], 'shoe')} "
        f"({where}, {data['decks']} decks)."
        + (
            f" {few} signals named a side fewer than {MIN_BETS} times and are left out."
            if few
            else ""
        )
    )
    n = len(signals)
    if not n:
        found.append(
            "No signal named a side often enough to say anything: study more shoes "
            "or longer records."
        )
        found.append(NOTICE)
        return found
    flagged = [s for s in signals if s["independence"] and s["independence"]["p_value"] < ALPHA]
    chance_tail = _tail(len(flagged), n, ALPHA)
    expected = ALPHA * n
    names = ", ".join(s["name"] for s in flagged)
    if not flagged:
        found.append(
            f"For none of the {n} signals does the next coup depend on the side it names "
            "(every test of independence has p >= 0.05): what followed each signal is what "
            "follows any coup, up to chance."
        )
    elif chance_tail >= ALPHA:
        found.append(
            f"{len(flagged)} of {n} signals ({names}) have p < 0.05 in the test of independence; "
            f"chance alone gives about {expected:.1f} such among {n}, and {len(flagged)} or more "
            f"{_pct(chance_tail, 0)} of the time. That is chance, not a pattern."
        )
    else:
        found.append(
            f"{len(flagged)} of {n} signals ({names}) have p < 0.05 in the test of independence, "
            f"more than the {expected:.1f} chance alone usually gives. Over millions of coups "
            "even the tiny effect of the cards already dealt on the next coup can show; it "
            "never lifts a bet above the house edge (see the exact part)."
        )
    inside = [s for s in signals if frequencies_hold_exact(s, fresh)]
    found.append(
        f"For {len(inside)} of {n} signals, the 95% intervals of the next coup's Banker, Player "
        "and Tie frequencies all hold the exact probabilities of a fresh shoe "
        f"(Banker {_pct(fresh['p_banker'])}, Player {_pct(fresh['p_player'])}, "
        f"Tie {_pct(fresh['p_tie'])})."
    )
    money_inside = [s for s in signals if money_holds_edge(s)]
    results = [s["flat_bet"]["per_bet"] for s in signals]
    ahead = [s for s in signals if s["flat_bet"]["per_bet"] > 0]
    text = (
        f"A flat 1-unit bet on every side named returned between {_pct(min(results))} and "
        f"{_pct(max(results))} per bet, against exact house edges of "
        f"{_pct(fresh['banker_edge'])} (Banker) and {_pct(fresh['player_edge'])} (Player); "
        f"for {len(money_inside)} of {n} signals the result's 95% interval holds the exact "
        "expectation of the same bets."
    )
    if ahead:
        chance_ahead = [s for s in ahead if money_holds_edge(s)]
        if len(chance_ahead) == len(ahead):
            text += (
                f" {len(ahead)} ended ahead ({', '.join(s['name'] for s in ahead)}), within "
                "what chance gives around the house edge: run more shoes and it goes back to "
                "losing."
            )
        else:
            text += (
                f" {len(ahead)} ended ahead ({', '.join(s['name'] for s in ahead)}); with "
                f"{n} signals, results this far out are expected now and then by chance, and "
                "a bet's odds come from the cards, not from the roads."
            )
    else:
        text += " Every signal lost money, as the house edge leads one to expect."
    found.append(text)
    removal = document.get("card_removal")
    if removal:
        either = removal["either_positive"]
        correlations = [
            (abs(s["edge_correlation"]), s["name"], s["coups"])
            for s in removal["signals"]
            if s["edge_correlation"] is not None and s["coups"] >= MIN_BETS
        ]
        best = -min(removal["banker_edge"]["min"], removal["player_edge"]["min"])
        late_from = LATE
        late = sum(
            row["either_positive"] for row in removal["by_position"] if row["from"] > late_from
        )
        where_late = f", {late} of them after coup {late_from}" if either["count"] and late else ""
        positive = (
            f"either bet had a positive expectation before {_plural(either['count'], 'coup')} "
            f"({_pct(either['share'] or 0.0)}), by at most {_pct(best)} of the stake"
            f"{where_late}"
            if either["count"]
            else "neither bet ever had a positive expectation"
        )
        text = (
            f"Counted exactly from the cards left, over {_plural(removal['coups'], 'coup')} of "
            f"{_plural(removal['shoes'], 'shoe')}, the Banker edge ranged from "
            f"{_pct(removal['banker_edge']['min'])} to {_pct(removal['banker_edge']['max'])} "
            f"(fresh shoe {_pct(removal['fresh_banker_edge'])}) and the Player edge from "
            f"{_pct(removal['player_edge']['min'])} to {_pct(removal['player_edge']['max'])}; "
            f"{positive}."
        )
        if correlations:
            largest, name, coups = max(correlations)
            size = "negligible" if largest < 0.1 else "small" if largest < 0.3 else "notable"
            text += (
                f" The largest correlation between the side a signal names and the side the "
                f"cards favour is {largest:.3f} ({name}, {_plural(coups, 'coup')}): {size}; "
                f"the side named accounts for {_pct(largest**2, 1)} of how the cards' favour "
                "varies."
            )
            if largest < 0.3:
                text += " The roads do not point at the side the cards favour."
        found.append(text)
    found.append(NOTICE + " Every coup is dealt from the cards alone.")
    return found
