"""Hypothesis strategies shared by the property tests."""

from __future__ import annotations

from hypothesis import strategies as st

from roads.game.coup import Outcome
from roads.hands.hand import Hand

outcomes = st.sampled_from(list(Outcome))
hands = st.builds(Hand, outcomes, st.booleans(), st.booleans(), st.booleans())

# Shoes with long streaks and runs of ties as well as choppy ones.
streaky = st.lists(st.tuples(outcomes, st.integers(1, 12)), max_size=40).map(
    lambda runs: [Hand(outcome) for outcome, length in runs for _ in range(length)]
)
shoes = st.one_of(st.lists(hands, max_size=120), streaky)
