"""Every sentence a study's conclusions write, in one list, each with the figures it needs.

``SENTENCES`` names each sentence; its placeholders are the figures ``roads.study.wording``
fills in (``say``). The wording follows the figures: "no evidence of" beside the difference a
test would catch, never "no effect" or "the same"; an alarm with how often fair shoes raise it;
an interval, or "too few to say", beside every figure chance moves.
"""

from __future__ import annotations

from string import Formatter

FAIR_ALARMS = "about 1 study in 20 (11 of 200 fair 2,000-shoe studies: bench/study_fairness.py)"
"""How often fair shoes raise the alarm, as ``bench/study_fairness.py`` measured it."""

SENTENCES: dict[str, str] = {
    # The first line: what was set aside or copied, then the answer or the alarm.
    "set_aside": (
        "{count} set aside before counting: the cards of {decks} decks cannot give them ({first})."
    ),
    "copies": (
        "These records repeat shoes: {repeated} of {shoes} copy an earlier one, so their coups "
        "are counted again and every test and interval below is narrower than the records "
        "allow; study each shoe once."
    ),
    "copies_alarm": (
        "The copies are the cause of the alarm below: a copied shoe repeats its coups, which no "
        "shoe dealt by the rules does."
    ),
    "alarm": (
        "These records are not consistent with a fair shoe dealt by the rules: the clearest "
        "sign is that {figure} (adjusted p {p} after {tests} tests). Fair shoes raise this "
        "alarm in {fair_alarms}."
    ),
    "alarm_more": "Beyond chance too: {names}.",
    "inheriting": "{figure} (inheriting Banker's share)",
    "alarm_simulated": (
        "These shoes are roads' own simulation, dealt fairly by the rules from seed {seed}, so "
        "this is one of those times."
    ),
    "alarm_recorded": (
        "In real records, check the log (mis-keyed results) or the game (a broken shuffle)."
    ),
    "no_evidence": (
        "No evidence that any signal wins its bets more or less often than the exact odds of "
        "the cards give (the smallest of {tests} adjusted p-values is {p}). These shoes would "
        "have caught a difference of ±{narrow}% per bet ({narrow_name}) to ±{wide}% "
        "({wide_name}) 8 times in 10; a smaller one could pass unseen."
    ),
    "no_answer": (
        "No answer yet: no signal named a side often enough to test it. Study more shoes or "
        "longer records."
    ),
    # The study's size.
    "counted": "This study counts {coups} in {shoes} ({where}, {decks} decks).",
    "where_simulated": "simulated from seed {seed}, {shuffle} shuffle",
    "where_recorded": "recorded",
    "not_tested": (
        "{signals} ({names}) named a side fewer than {least} times and {verb} not tested."
    ),
    # Power.
    "power": (
        "Power: a difference of ±{follow}% per bet on {follow_name} would have been caught 8 "
        "times in 10 at the alarm's level; catching ±0.5% so would take about {shoes} shoes."
    ),
    # The tests before the adjustment.
    "misses": (
        "Before the adjustment for {tests} tests, {signals} ({names}) won or lost more often "
        "than the exact odds give at p < {alpha}; chance alone gives about {chance} such among "
        "{tests} tests."
    ),
    "misses_beyond": "After it, {names} {verb} beyond chance.",
    "misses_none": "After it, none is beyond chance.",
    "inherited": (
        "{names} {verbs} {side} whenever {pronoun} {side}'s share of the decided coups "
        "({share} where the exact odds give {exact}): that is the records' share of the sides, "
        "not a pattern of the roads."
    ),
    # Money.
    "money": (
        "A flat 1-unit bet on every side named returned between {low} and {high} per bet, "
        "against exact house edges of {banker_edge} (Banker) and {player_edge} (Player); for "
        "{holding} of {signals} signals the result's 95% interval holds the exact expectation "
        "of the same bets{outside}."
    ),
    "money_outside": ", and not for {names}",
    "money_all_lost": "Every signal lost money, as the house edge leads one to expect.",
    "money_ahead": (
        "{names} ended ahead; after the adjustment for the tests, no signal is beyond chance: "
        "no evidence that any of them returns more than the exact expectation of its bets, "
        "within the intervals above."
    ),
    "money_ahead_alarm": "{names} ended ahead; in these records that goes with the alarm above.",
    # The exact part.
    "removal": (
        "Counted exactly from the cards left, over {coups} of {shoes}, the Banker edge ranged "
        "from {banker_low} to {banker_high} (fresh shoe {fresh_banker}) and the Player edge "
        "from {player_low} to {player_high}; {positive}."
    ),
    "removal_left_out": (
        "{coups} of these shoes could not be counted exactly (fewer than six cards were left "
        "before them) and are left out of these figures."
    ),
    "removal_positive": (
        "either bet had a positive expectation before {coups} ({share}), by at most {best} "
        "of the stake{late}"
    ),
    "removal_late": ", {late} of them after coup {after}",
    "removal_never": "neither bet ever had a positive expectation",
    "correlation": (
        "The largest correlation between the side a signal names and the side the cards "
        "favour is {r} ({name}, {coups}; 95% interval {low} to {high}): the side named "
        "accounts for at most {most} of how the cards' favour varies."
    ),
    "correlation_few": (
        "Correlations between the side a signal names and the side the cards favour: too few "
        "coups to say (fewer than {least} for every signal)."
    ),
    "perfect": (
        "Perfect play, a computer that knows every card dealt and stakes 1 unit only when "
        "the cards left give a bet a positive expectation, found such a bet before {edged} of "
        "{coups}: it expected {expected} units per shoe and got {realised} over {shoes}{luck}."
    ),
    "perfect_luck": "; luck alone moves such a result by ±{luck} units per shoe (95%)",
    "perfect_few": "; too few shoes to say how much of that was luck",
    "perfect_unknown": "; its luck is not worked out at a named table",
    # The page's chances of being ahead: how they were worked out.
    "ahead_measured": (
        "Worked out from the result of every shoe counted: after 1 shoe, the share of shoes "
        "that ended ahead; after 10 and 100, the exact convolution of those results."
    ),
    # The end.
    "notice": "{notice}",
    "notice_fair": "{notice} Every coup is dealt from the cards alone.",
}
"""Every sentence the study's conclusions write, by name, with the figures it needs as its
placeholders."""


AHEAD_SENTENCES = {
    "per-shoe results, convolved": "ahead_measured",
}
"""The sentence that says how the chances of being ahead were worked out, by method."""


def say(sentence: str, /, **figures: object) -> str:
    """The sentence called ``sentence`` in ``SENTENCES`` with ``figures`` in its placeholders
    (a ValueError unless they are exactly the ones it needs).

    Parameters:
        sentence: the sentence's name.
        figures: the value of each placeholder.
    """
    wanted = placeholders(sentence)
    if set(figures) != wanted:
        raise ValueError(f"sentence {sentence!r} needs {sorted(wanted)}, given {sorted(figures)}")
    return SENTENCES[sentence].format(**figures)


def placeholders(sentence: str) -> set[str]:
    """The figures sentence ``sentence`` needs.

    Parameters:
        sentence: the sentence's name.
    """
    return {field for _, field, _, _ in Formatter().parse(SENTENCES[sentence]) if field}
