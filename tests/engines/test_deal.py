"""The ``deal`` concept over every engine: the shoes, coups, tallies and text of the reference
(``roads.game.shoe``), and every coup by the rules of docs/rules/game.md (``reference``)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from reference import legal_draws
from tiers import size

from roads.game.rules import total
from roads.game.shoe import MIN_CUT_CARD, Shoe, dealing_engine
from roads.game.shuffles import PHILOX_SEEDS, SHUFFLES
from roads.hands.simulated import DEALING as REFERENCE


@st.composite
def shoes(draw: st.DrawFn) -> Shoe:
    decks = draw(st.integers(1, 8))
    cut_card = draw(st.integers(MIN_CUT_CARD, 52 * decks - 12))
    return Shoe(decks, cut_card, draw(st.sampled_from(SHUFFLES)))


SEEDS = st.integers(0, PHILOX_SEEDS - 1)


def test_the_pinned_coups_of_seed_42(engine: str) -> None:
    (dealt,) = dealing_engine(engine).dealt(Shoe(), 42, 0, 1)
    assert dealt.shuffle == "philox" and dealt.index == 0
    assert [str(coup) for coup in dealt.coups[:3]] == [
        "Qd Qs Ks / 9c 2s Ac",
        "7h Ad / Ac 7c",
        "5c Ac / Kc 6d",
    ]


@settings(max_examples=size(10, 60), deadline=None)
@given(shoes(), SEEDS, st.integers(0, 10**6))
def test_the_shoes_dealt_are_the_references(engine: str, shoe: Shoe, seed: int, first: int) -> None:
    dealt = list(dealing_engine(engine).dealt(shoe, seed, first, first + 3))
    assert dealt == list(REFERENCE.dealt(shoe, seed, first, first + 3))
    for one in dealt:
        cards = [*one.burned, *(card for coup in one.coups for card in coup.cards), *one.undealt]
        assert len(cards) == 52 * shoe.decks
        for coup in one.coups:  # each coup by the rules, written from docs/rules/game.md
            player, banker = coup.player_cards, coup.banker_cards
            draws, banker_draws = legal_draws(total(player[:2]), total(banker[:2]))
            assert (len(player) == 3) == draws
            if draws:
                assert isinstance(banker_draws, dict)
                assert (len(banker) == 3) == banker_draws[player[2].value]
            else:
                assert (len(banker) == 3) == banker_draws


@settings(max_examples=size(10, 40), deadline=None)
@given(shoes(), SEEDS, st.integers(0, 10**6), st.integers(0, 40))
def test_a_tally_counts_the_coups_dealt(
    engine: str, shoe: Shoe, seed: int, first: int, shoes: int
) -> None:
    tally = dealing_engine(engine).tally(shoe, shoes, seed, start=first)
    dealt = list(REFERENCE.dealt(shoe, seed, first, first + shoes))
    outcomes = [coup.outcome.value for one in dealt for coup in one.coups]
    assert tally.shoes == shoes
    assert (tally.banker, tally.player, tally.tie) == tuple(map(outcomes.count, "BPT"))


@settings(max_examples=size(8, 30), deadline=None)
@given(
    shoes(),
    SEEDS,
    st.integers(0, 10**6),
    st.sampled_from(["jsonl", "csv", "text"]),
    st.booleans(),
)
def test_the_text_is_the_references(
    engine: str, shoe: Shoe, seed: int, first: int, format_: str, numbered: bool
) -> None:
    written = {"format_": format_, "numbered": numbered}
    text = dealing_engine(engine).text(shoe, seed, first, first + 2, **written)
    assert text == REFERENCE.text(shoe, seed, first, first + 2, **written)
    assert text.count("\n") >= 2
