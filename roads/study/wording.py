"""The conclusions of a study in plain words, worked out from its figures: every sentence the
study writes is one of ``roads.study.sentences``, filled with the figures it names.

The wording follows the figures and nothing else: a test that finds nothing says "no evidence
of" next to the difference it would have caught 8 times in 10 (never "no effect" or "the
same"); an alarm says how often fair shoes raise it, and, on roads' own simulated shoes, that
this is one of those times; every figure that chance moves has its interval beside it, or says
that there are too few to say; and a sentence that a page's figures do not support is not
written on that page.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction

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
from roads.study.fairness import ALPHA, MIN_BETS, share_test
from roads.study.sentences import FAIR_ALARMS, say
from roads.study.signals import BANKER, PLAYER
from roads.study.statistics import Z95

LATE = 60
"""Coups after this one are the end of a shoe, for the wording of card removal."""
FIT_NAMES = {
    "tie": ("Ties", "of all coups"),
    "banker_of_decided": ("Banker", "of the decided coups"),
}
"""How the conclusions name the tests of every coup (``goodness_of_fit``)."""
FEW_SHOES = 30
"""Below this many exact shoes, perfect play's result is too few to say anything about."""


def p_text(p_value: float) -> str:
    """A p-value as the page and the conclusions write it: ``< 0.001`` below a thousandth."""
    return "< 0.001" if p_value < 0.001 else f"{p_value:.3f}"


def _pct(value: float, places: int = 2) -> str:
    return f"{100 * value:.{places}f}%"


def _count(n: int) -> str:
    return f"{n:,}"


def _plural(n: int, noun: str) -> str:
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


def _names(names: Sequence[str]) -> str:
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
    share, exact = _pct(fit.share or 0.0), _pct(fit.exact or 0.0)
    return f"{what} came up {share} {of}, where the exact odds give {exact}"


def _signal_figure(signal: Signal) -> str:
    won = signal.won_of_decided
    return (
        f"{signal.name} won {_pct(won.share or 0.0)} of its {_count(won.of)} decided bets, "
        f"where the exact odds give {_pct(won.exact or 0.0)}"
    )


def one_sided(signal: Signal) -> int | None:
    """The side ``signal`` always names (``BANKER`` or ``PLAYER``), or None when it names both.

    Parameters:
        signal: the signal.
    """
    if signal.bets and not signal.named_player:
        return BANKER
    if signal.bets and not signal.named_banker:
        return PLAYER
    return None


def inherits(signal: Signal, document: Study) -> bool:
    """Whether ``signal``'s won share is what the records' own Banker share of the decided
    coups gives the sides it names (within chance at ``ALPHA``), while that share is itself
    beyond chance: the signal merely inherits a marginal bias.

    Parameters:
        signal: the signal.
        document: the study.
    """
    banker = document.goodness_of_fit.banker_of_decided
    if banker.p_adjusted is None or banker.p_adjusted >= ALPHA or not banker.of:
        return False
    q = Fraction(banker.count, banker.of)
    table = signal.table
    groups = [
        (table.banker_named[BANKER] + table.banker_named[PLAYER], q),
        (table.player_named[BANKER] + table.player_named[PLAYER], 1 - q),
    ]
    test = share_test(signal.won_of_decided.count, groups)
    return test.p_value >= ALPHA


def _first_line(document: Study) -> str:
    """The first line: what was set aside or copied, then the answer or the alarm."""
    data = document.data
    parts = []
    if data.set_aside:
        parts.append(
            say(
                "set_aside",
                count=_plural(data.set_aside, "shoe"),
                decks=data.decks,
                first=data.set_aside_first or "",
            )
        )
    if data.repeated:
        parts.append(
            say(
                "copies",
                repeated=_count(data.repeated),
                shoes=_plural(data.shoes, "shoe"),
            )
        )
        if document.fairness.alarm:
            parts.append(say("copies_alarm"))
    parts.append(answer(document))
    return " ".join(parts)


def answer(document: Study) -> str:
    """The answer to the page's question, or the alarm.

    Parameters:
        document: the study.
    """
    fairness = document.fairness
    tests = fairness.tests
    if fairness.alarm:
        return _alarm(document)
    widths = sorted(
        (s.detectable_difference, i, s)
        for i, s in enumerate(document.signals)
        if s.detectable_difference is not None and s.bets >= MIN_BETS
    )
    if not widths:
        return say("no_answer")
    (narrow_width, _, narrow), (wide_width, _, wide) = widths[0], widths[-1]
    return say(
        "no_evidence",
        tests=tests,
        p=p_text(fairness.p_adjusted),
        narrow=f"{narrow_width:.2f}",
        narrow_name=narrow.name,
        wide=f"{wide_width:.2f}",
        wide_name=wide.name,
    )


def _alarm(document: Study) -> str:
    fairness = document.fairness
    fit = dict(document.goodness_of_fit.tests())
    clearest, *more = fairness.beyond
    signal = document.signal(clearest)
    if clearest not in fit and signal is not None:
        figure = _signal_figure(signal)
        if inherits(signal, document):
            figure = say("inheriting", figure=figure)
    else:
        figure = _fit_figure(clearest, fit[clearest])
    text = say(
        "alarm",
        figure=figure,
        p=p_text(fairness.p_adjusted),
        tests=fairness.tests,
        fair_alarms=FAIR_ALARMS,
    )
    if more:
        named = [_beyond_name(name, document, fit) for name in more]
        text += " " + say("alarm_more", names=_names(named))
    data = document.data
    if data.source == "simulated":
        return text + " " + say("alarm_simulated", seed=data.seed)
    return text + " " + say("alarm_recorded")


def _beyond_name(name: str, document: Study, fit: Mapping[str, Test]) -> str:
    if name in fit:
        return FIT_NAMES[name][0]
    signal = document.signal(name)
    if signal is not None and inherits(signal, document):
        return say("inheriting", figure=name)
    return name


def _misses(signals: Sequence[Signal], tests: int) -> str | None:
    """The signals whose own test, before the adjustment, has p < 0.05: named, with what chance
    gives among so many tests."""
    low = [s for s in signals if s.won_of_decided.p_value < ALPHA and not s.mirror_of]
    if not low:
        return None
    beyond = [s.name for s in low if s.verdict == "beyond chance"]
    text = say(
        "misses",
        tests=tests,
        signals=_plural(len(low), "signal"),
        names=_names([s.name for s in low]),
        alpha=ALPHA,
        chance=f"{ALPHA * tests:.1f}",
    )
    if beyond:
        verb = "stays" if len(beyond) == 1 else "stay"
        return text + " " + say("misses_beyond", names=_names(beyond), verb=verb)
    return text + " " + say("misses_none")


def _inherited(document: Study, signals: Sequence[Signal]) -> str | None:
    """The one-sided signals that merely inherit Banker's share, named as such."""
    banker = document.goodness_of_fit.banker_of_decided
    by_side: dict[int, list[str]] = {}
    for signal in signals:
        side = one_sided(signal)
        if side is not None and inherits(signal, document):
            by_side.setdefault(side, []).append(signal.name)
    if not by_side:
        return None
    texts = []
    for side, names in sorted(by_side.items()):
        share = banker.share or 0.0
        exact = banker.exact or 0.0
        texts.append(
            say(
                "inherited",
                names=_names(names),
                verbs="names" if len(names) == 1 else "name",
                pronoun="it bets, so it inherits"
                if len(names) == 1
                else "they bet, so they inherit",
                side="Banker" if side == BANKER else "Player",
                share=_pct(share if side == BANKER else 1 - share),
                exact=_pct(exact if side == BANKER else 1 - exact),
            )
        )
    return " ".join(texts)


def _power(signals: Sequence[Signal]) -> str | None:
    """What the busiest signal's test would catch, and the shoes that catch 0.5%."""
    tested = [s for s in signals if s.detectable_difference is not None]
    if not tested:
        return None
    busiest = max(tested, key=lambda s: (s.bets, s.name))
    return say(
        "power",
        follow=f"{busiest.detectable_difference:.2f}",
        follow_name=busiest.name,
        shoes=_count(busiest.shoes_for_half_percent or 0),
    )


def _money(signals: Sequence[Signal], fresh: FreshShoe, alarm: bool) -> str:
    results = [s.flat_bet.per_bet or 0.0 for s in signals]
    outside = [s.name for s in signals if not money_holds_edge(s)]
    text = say(
        "money",
        low=_pct(min(results)),
        high=_pct(max(results)),
        banker_edge=_pct(fresh.banker_edge),
        player_edge=_pct(fresh.player_edge),
        holding=len(signals) - len(outside),
        signals=len(signals),
        outside=say("money_outside", names=_names(outside)) if outside else "",
    )
    ahead = [s for s in signals if (s.flat_bet.per_bet or 0.0) > 0]
    if not ahead:
        return text + " " + say("money_all_lost")
    names = _names([s.name for s in ahead])
    return text + " " + say("money_ahead_alarm" if alarm else "money_ahead", names=names)


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
    found = [_first_line(document)]
    where = (
        say("where_simulated", seed=data.seed, shuffle=shuffle_of(data))
        if data.source == "simulated"
        else say("where_recorded")
    )
    counted = say(
        "counted",
        coups=_plural(data.coups, "coup"),
        shoes=_plural(data.shoes, "shoe"),
        where=where,
        decks=data.decks,
    )
    if few:
        counted += " " + say(
            "not_tested",
            signals=_plural(len(few), "signal"),
            names=_names(few),
            least=MIN_BETS,
            verb="is" if len(few) == 1 else "are",
        )
    found.append(counted)
    if not signals:
        found.extend(_exact_part(document))
        found.append(say("notice", notice=NOTICE))
        return found
    power = _power(signals)
    if power:
        found.append(power)
    misses = _misses(signals, document.fairness.tests)
    if misses:
        found.append(misses)
    inherited = _inherited(document, signals)
    if inherited:
        found.append(inherited)
    found.append(_money(signals, fresh, alarm))
    found.extend(_exact_part(document))
    found.append(say("notice" if alarm or data.repeated else "notice_fair", notice=NOTICE))
    return found


def _exact_part(document: Study) -> list[str]:
    """What the exact part found, when the study has one."""
    found = []
    if document.card_removal is not None:
        found.append(_card_removal(document.card_removal))
    if document.perfect_play is not None:
        found.append(_perfect_play(document.perfect_play))
    return found


def correlation_interval(r: float, n: int) -> tuple[float, float] | None:
    """The 95% interval of a correlation ``r`` over ``n`` pairs (Fisher's z), or None when
    ``n`` is too small for one.

    Parameters:
        r: the correlation.
        n: the pairs it is measured over.
    """
    if n <= 3 or not -1 < r < 1:
        return None
    centre, spread = math.atanh(r), Z95 / math.sqrt(n - 3)
    return math.tanh(centre - spread), math.tanh(centre + spread)


def _card_removal(removal: CardRemoval) -> str:
    """What the exact count from the cards left found: the range of the main bets' edges, how
    often a bet had a positive expectation, and how closely the roads' sides follow it."""
    either = removal.either_positive
    banker, player = removal.banker_edge, removal.player_edge
    late = sum(row.either_positive for row in removal.by_position if row.first > LATE)
    positive = (
        say(
            "removal_positive",
            coups=_plural(either.count, "coup"),
            share=_pct(either.share or 0.0),
            best=_pct(-min(banker.min, player.min)),
            late=say("removal_late", late=late, after=LATE) if late else "",
        )
        if either.count
        else say("removal_never")
    )
    text = say(
        "removal",
        coups=_plural(removal.coups, "coup"),
        shoes=_plural(removal.shoes, "shoe"),
        banker_low=_pct(banker.min),
        banker_high=_pct(banker.max),
        fresh_banker=_pct(removal.fresh_banker_edge),
        player_low=_pct(player.min),
        player_high=_pct(player.max),
        positive=positive,
    )
    if removal.left_out:
        text += " " + say("removal_left_out", coups=_plural(removal.left_out, "coup"))
    correlations = [
        (abs(s.edge_correlation), s.name, s.coups, s.edge_correlation)
        for s in removal.signals
        if s.edge_correlation is not None and s.coups >= MIN_BETS
    ]
    if not correlations:
        return text + " " + say("correlation_few", least=MIN_BETS)
    _, name, coups, r = max(correlations)
    interval = correlation_interval(r, coups)
    if interval is None:
        return text + " " + say("correlation_few", least=MIN_BETS)
    low, high = interval
    most = max(abs(low), abs(high)) ** 2
    return (
        text
        + " "
        + say(
            "correlation",
            r=f"{r:+.3f}",
            name=name,
            coups=_plural(coups, "coup"),
            low=f"{low:+.3f}",
            high=f"{high:+.3f}",
            most=_pct(most, 1),
        )
    )


def _perfect_play(play: PerfectPlay) -> str:
    """What perfect play expected and got, with what luck alone moves it by."""
    if play.shoes < FEW_SHOES:
        luck = say("perfect_few")
    elif play.luck_per_shoe is None:
        luck = say("perfect_unknown")
    else:
        luck = say("perfect_luck", luck=f"{play.luck_per_shoe:.2f}")
    return say(
        "perfect",
        edged=_plural(play.coups_with_an_edge, "coup"),
        coups=_count(play.coups),
        expected=f"{play.expected_units_per_shoe:+.4f}",
        realised=f"{play.realised_units_per_shoe:+.2f}",
        shoes=_plural(play.shoes, "shoe"),
        luck=luck,
    )
