"""The conclusions of a study in plain words, worked out from its figures.

The wording follows the 95% intervals and the p-values: a difference of the size chance gives is
called chance; one that is larger is reported with how often chance alone produces as many among
so many signals, and never as a way to win.
"""

from __future__ import annotations

from collections.abc import Sequence

from roads.game.shuffles import UNNAMED_SHUFFLE
from roads.notice import NOTICE
from roads.study.document import (
    CardRemoval,
    Data,
    FreshShoe,
    PerfectPlay,
    Signal,
    Study,
    Test,
)
from roads.study.fairness import ALPHA, MIN_BETS

LATE = 60
"""Coups after this one are the end of a shoe, for the wording of card removal."""
FIT_NAMES = {
    "tie": ("Ties", "of all coups"),
    "banker_of_decided": ("Banker", "of the decided coups"),
}
"""How the conclusions name the tests of every coup (``goodness_of_fit``)."""


def p_text(p_value: float) -> str:
    """A p-value as the page and the conclusions write it: ``< 0.001`` below a thousandth."""
    return "< 0.001" if p_value < 0.001 else f"{p_value:.3f}"


def _pct(value: float, places: int = 2) -> str:
    return f"{100 * value:.{places}f}%"


def _count(n: int) -> str:
    return f"{n:,}"


def _plural(n: int, noun: str) -> str:
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


def _names(names: list[str]) -> str:
    return ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]


def frequencies_hold_exact(signal: Signal, fresh: FreshShoe) -> bool:
    """Whether every next-coup interval of ``signal`` holds the exact fresh-shoe probability.

    Parameters:
        signal: the signal.
        fresh: the exact odds of a fresh shoe.
    """
    return all(
        one.low is not None and one.high is not None and one.low <= exact <= one.high
        for one, exact in zip(signal.next_coup.shares(), fresh.probabilities(), strict=True)
    )


def money_holds_edge(signal: Signal) -> bool:
    """Whether the 95% interval of ``signal``'s flat bet holds the exact expectation of the
    same bets (true when there is no interval).

    Parameters:
        signal: the signal.
    """
    flat = signal.flat_bet
    if flat.low is None or flat.high is None or flat.exact_expected_per_bet is None:
        return True
    return flat.low <= flat.exact_expected_per_bet <= flat.high


def _fit_figure(name: str, fit: Test) -> str:
    what, of = FIT_NAMES[name]
    return (
        f"{what} {_pct(fit.share or 0.0)} {of}, where the exact odds give {_pct(fit.exact or 0.0)}"
    )


def _signal_figure(signal: Signal) -> str:
    won = signal.won_of_decided
    return (
        f"{signal.name} won {_pct(won.share or 0.0)} of its {_count(won.of)} decided bets, "
        f"where the exact odds give {_pct(won.exact or 0.0)}"
    )


def answer(document: Study) -> str:
    """The first line: the answer to the page's question, or the alarm.

    Parameters:
        document: the study.
    """
    fairness = document.fairness
    tests = fairness.tests
    if fairness.alarm:
        fit = dict(document.goodness_of_fit.tests())
        clearest, *more = fairness.beyond
        signal = document.signal(clearest)
        figure = (
            _signal_figure(signal)
            if clearest not in fit and signal is not None
            else _fit_figure(clearest, fit[clearest])
        )
        text = (
            "These records are not consistent with a fair shoe dealt by the rules: check the "
            f"log or the game. The clearest sign: {figure} (adjusted p "
            f"{p_text(fairness.p_adjusted)} after {tests} tests)."
        )
        if more:
            named = [FIT_NAMES[name][0] if name in fit else name for name in more]
            text += f" Beyond chance too: {_names(named)}."
        return text
    widths = sorted(
        (s.visible_difference, i, s)
        for i, s in enumerate(document.signals)
        if s.visible_difference is not None and s.bets >= MIN_BETS
    )
    if not widths:
        return (
            "No answer yet: no signal named a side often enough to test it. Study more shoes or "
            "longer records."
        )
    (narrow_width, _, narrow), (wide_width, _, wide) = widths[0], widths[-1]
    return (
        "No: no signal won its bets more or less often than the exact odds of the cards give, "
        f"beyond what chance explains (the smallest of {tests} adjusted p-values is "
        f"{p_text(fairness.p_adjusted)}). No difference larger than "
        f"±{narrow_width:.2f}% per bet ({narrow.name}) to "
        f"±{wide_width:.2f}% ({wide.name}) was visible in these shoes."
    )


def _misses(signals: Sequence[Signal], tests: int) -> str | None:
    """The signals whose own test, before the adjustment, has p < 0.05: named, with what chance
    gives among so many tests."""
    low = [s for s in signals if s.won_of_decided.p_value < ALPHA and not s.mirror_of]
    if not low:
        return None
    names = _names([s.name for s in low])
    beyond = [s.name for s in low if s.verdict == "beyond chance"]
    text = (
        f"Before the adjustment for {tests} tests, {_plural(len(low), 'signal')} ({names}) "
        f"won or lost more often than the exact odds give at p < {ALPHA}; chance alone gives "
        f"about {ALPHA * tests:.1f} such among {tests} tests."
    )
    if beyond:
        return text + f" After it, {_names(beyond)} stay beyond chance."
    return text + " After it, none is beyond chance."


def _money(signals: Sequence[Signal], fresh: FreshShoe, alarm: bool) -> str:
    results = [s.flat_bet.per_bet or 0.0 for s in signals]
    outside = [s.name for s in signals if not money_holds_edge(s)]
    text = (
        f"A flat 1-unit bet on every side named returned between {_pct(min(results))} and "
        f"{_pct(max(results))} per bet, against exact house edges of "
        f"{_pct(fresh.banker_edge)} (Banker) and {_pct(fresh.player_edge)} (Player); "
        f"for {len(signals) - len(outside)} of {len(signals)} signals the result's 95% interval "
        "holds the exact expectation of the same bets"
        + (f", and not for {_names(outside)}." if outside else ".")
    )
    ahead = [s for s in signals if (s.flat_bet.per_bet or 0.0) > 0]
    if not ahead:
        return text + " Every signal lost money, as the house edge leads one to expect."
    names = _names([s.name for s in ahead])
    if alarm:
        return text + (
            f" {names} ended ahead; in these records that goes with the alarm above, not with "
            "anything a fair shoe dealt by the rules can give."
        )
    return text + (
        f" {names} ended ahead; after the adjustment for the tests, no signal is beyond chance, "
        "and the house edge is the same for every bet, whatever the roads showed."
    )


def shuffle_of(data: Data) -> str:
    """The shuffle a simulated study's seed was dealt with; a study from before the shuffle was
    recorded was dealt with ``shake-sort``.

    Parameters:
        data: where the study's shoes came from.
    """
    return data.shuffle if data.shuffle is not None else UNNAMED_SHUFFLE


def conclusions(document: Study) -> list[str]:
    """The study's conclusions, each a sentence or two computed from ``document``.

    Parameters:
        document: the study (its conclusions not read).
    """
    data, fresh = document.data, document.exact_fresh_shoe
    signals = [s for s in document.signals if s.bets >= MIN_BETS]
    few = [s.name for s in document.signals if s.bets < MIN_BETS]
    alarm = document.fairness.alarm
    found = [answer(document)]
    where = (
        f"simulated from seed {data.seed}, {shuffle_of(data)} shuffle"
        if data.source == "simulated"
        else "recorded"
    )
    found.append(
        f"This study counts {_plural(data.coups, 'coup')} in "
        f"{_plural(data.shoes, 'shoe')} "
        f"({where}, {data.decks} decks)."
        + (
            f" {_plural(len(few), 'signal')} ({_names(few)}) named a side fewer than "
            f"{MIN_BETS} times and {'is' if len(few) == 1 else 'are'} not tested."
            if few
            else ""
        )
    )
    if not signals:
        found.append(NOTICE)
        return found
    misses = _misses(signals, document.fairness.tests)
    if misses:
        found.append(misses)
    found.append(_money(signals, fresh, alarm))
    if document.card_removal is not None:
        found.append(_card_removal(document.card_removal))
    if document.perfect_play is not None:
        found.append(_perfect_play(document.perfect_play))
    found.append(NOTICE + " Every coup is dealt from the cards alone.")
    return found


def _card_removal(removal: CardRemoval) -> str:
    """What the exact count from the cards left found: the range of the main bets' edges, how
    often a bet had a positive expectation, and how little the roads' sides follow it."""
    either = removal.either_positive
    correlations = [
        (abs(s.edge_correlation), s.name, s.coups)
        for s in removal.signals
        if s.edge_correlation is not None and s.coups >= MIN_BETS
    ]
    banker, player = removal.banker_edge, removal.player_edge
    best = -min(banker.min, player.min)
    late_from = LATE
    late = sum(row.either_positive for row in removal.by_position if row.first > late_from)
    where_late = f", {late} of them after coup {late_from}" if either.count and late else ""
    positive = (
        f"either bet had a positive expectation before {_plural(either.count, 'coup')} "
        f"({_pct(either.share or 0.0)}), by at most {_pct(best)} of the stake"
        f"{where_late}"
        if either.count
        else "neither bet ever had a positive expectation"
    )
    text = (
        f"Counted exactly from the cards left, over {_plural(removal.coups, 'coup')} of "
        f"{_plural(removal.shoes, 'shoe')}, the Banker edge ranged from "
        f"{_pct(banker.min)} to {_pct(banker.max)} "
        f"(fresh shoe {_pct(removal.fresh_banker_edge)}) and the Player edge from "
        f"{_pct(player.min)} to {_pct(player.max)}; "
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
    return text


def _perfect_play(play: PerfectPlay) -> str:
    """What perfect play expected and got, and that this is all the cards can be worth."""
    return (
        f"Perfect play, a computer that knows every card dealt and stakes 1 unit only when "
        f"the cards left give a bet a positive expectation, found such a bet before "
        f"{_plural(play.coups_with_an_edge, 'coup')} of {_count(play.coups)}: it "
        f"expected {play.expected_units_per_shoe:+.4f} units per shoe and got "
        f"{play.realised_units_per_shoe:+.2f} over {_plural(play.shoes, 'shoe')}. "
        "That is all the cards can be worth on these bets; the roads do not know the cards."
    )
