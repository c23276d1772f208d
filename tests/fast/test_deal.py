"""The numpy engine deals exactly the pure engine's shoes and coups (skipped without numpy)."""

from __future__ import annotations

import hashlib

import extras
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import size

np = extras.numpy()

from roads.fast import deal as vector  # noqa: E402
from roads.game.shoe import MIN_CUT_CARD, Shoe, shuffled_codes  # noqa: E402
from roads.game.shuffles import SHUFFLES  # noqa: E402
from roads.game.tableau import OUTCOMES  # noqa: E402


@st.composite
def shoes(draw: st.DrawFn) -> Shoe:
    decks = draw(st.integers(1, 8))
    cut_card = draw(st.integers(MIN_CUT_CARD, 52 * decks - 12))
    return Shoe(decks, cut_card, draw(st.sampled_from(SHUFFLES)))


def test_the_pinned_shoe_of_seed_42() -> None:
    codes = vector.shuffled_codes_many(8, 42, 0, 1)
    assert hashlib.sha256(codes[0].tobytes()).hexdigest() == (
        "7849e1c734645fe7f03798ef6155d9090b9e8e2628b749e9f0b96f6392816a8e"
    )
    dealt = next(vector.deal_arrays(Shoe(), 42, 0, 1)).to_dealt()
    assert dealt.shuffle == "philox"
    assert [str(c) for c in dealt.coups[:3]] == [
        "Qd Qs Ks / 9c 2s Ac",
        "7h Ad / Ac 7c",
        "5c Ac / Kc 6d",
    ]


def test_the_pinned_shoe_of_seed_42_under_the_old_shuffle() -> None:
    codes = vector.shuffled_codes_many(8, 42, 0, 1, "shake-sort")
    assert hashlib.sha256(codes[0].tobytes()).hexdigest() == (
        "85cc452959af96acf38a03526de64be6840c42fa97aee60ee45c183862f21494"
    )
    dealt = next(vector.deal_arrays(Shoe(shuffle="shake-sort"), 42, 0, 1)).to_dealt()
    assert dealt.shuffle == "shake-sort"
    assert [str(c) for c in dealt.coups[:3]] == [
        "Td Kd 8s / 3c 3c",
        "8d Js / Js Jd",
        "3s 2d 7h / Jh 5h 4d",
    ]
    assert len(dealt.coups) == 80


@pytest.mark.parametrize(
    ("decks", "cut_card", "seed"),
    [(8, 14, 1), (8, 14, 2**64 - 1), (6, 16, 7), (1, 6, 3), (1, 40, 4), (2, 92, 5), (8, 404, 6)],
)
def test_thousands_of_shoes_equal_the_pure_engine_card_for_card(
    decks: int, cut_card: int, seed: int
) -> None:
    shoe = Shoe(decks, cut_card)
    count = 0
    for one in vector.deal_arrays(shoe, seed, 100, 500, batch=150):
        assert one.to_dealt() == shoe.deal(seed, one.index)
        count += 1
    assert count == 400


@settings(max_examples=size(15, 60), deadline=None)
@given(shoes(), st.integers(0, 2**80), st.integers(0, 10**6), st.integers(1, 5))
def test_any_seed_gives_the_pure_engines_shoe(shoe: Shoe, seed: int, first: int, many: int) -> None:
    batch = list(vector.deal_arrays(shoe, seed, first, first + many, batch=3))
    assert [one.index for one in batch] == list(range(first, first + many))
    for one in batch:
        assert one.codes.tobytes() == shuffled_codes(shoe.decks, seed, one.index, shoe.shuffle)
        dealt = shoe.deal(seed, one.index)
        assert one.to_dealt() == dealt
        assert one.burned == len(dealt.burned)
        # The arrays say what the coups say.
        player_totals, banker_totals = one.totals()
        player_pairs, banker_pairs = one.pairs()
        assert [OUTCOMES[o] for o in one.outcomes.tolist()] == [c.outcome for c in dealt.coups]
        assert player_totals.tolist() == [c.player_total for c in dealt.coups]
        assert banker_totals.tolist() == [c.banker_total for c in dealt.coups]
        assert one.naturals().tolist() == [c.natural for c in dealt.coups]
        assert player_pairs.tolist() == [c.player_pair for c in dealt.coups]
        assert banker_pairs.tolist() == [c.banker_pair for c in dealt.coups]
        assert one.card_counts.tolist() == [len(c.cards) for c in dealt.coups]


@settings(max_examples=size(7, 30), deadline=None)
@given(shoes(), st.integers(0, 2**64), st.integers(1, 60), st.integers(1, 64))
def test_tallies_equal_the_pure_engine(shoe: Shoe, seed: int, count: int, batch: int) -> None:
    assert vector.tally(shoe, count, seed, batch=batch) == shoe.tally(count, seed)


@settings(max_examples=size(7, 30), deadline=None)
@given(shoes(), st.integers(0, 2**64), st.integers(0, 10**5), st.integers(1, 9), st.integers(1, 4))
def test_shapes_without_cards_are_the_pure_engines_coups(
    shoe: Shoe, seed: int, first: int, count: int, batch: int
) -> None:
    # What the study counts: each coup's outcome, its cards and who drew, shoe by shoe.
    found = []
    for one in vector.deal_shapes(shoe, seed, first, first + count, batch=batch):
        assert one.shoes == min(batch, first + count - one.start)
        for k in range(one.shoes):
            shapes = one.shapes[k, : one.coups[k]].tolist()
            found.append([(code >> 4, code & 7, bool(code & 8)) for code in shapes])
    expected = [
        [
            (
                OUTCOMES.index(c.outcome),
                len(c.player_cards) + len(c.banker_cards),
                len(c.player_cards) == 3,
            )
            for c in shoe.deal(seed, first + i).coups
        ]
        for i in range(count)
    ]
    assert found == expected


def test_a_tally_from_a_later_shoe_counts_those_shoes() -> None:
    shoe = Shoe(6, 16)
    assert vector.tally(shoe, 50, 9, start=25) == shoe.tally(50, 9, start=25)
    whole = shoe.tally(75, 9)
    first, rest = shoe.tally(25, 9), shoe.tally(50, 9, start=25)
    assert whole.coups == first.coups + rest.coups


def test_batch_outcome_counts_are_the_coups_outcomes() -> None:
    shoe = Shoe()
    batch = vector.deal_batch(shoe, 11, 0, 40)
    outcomes = [c.outcome for i in range(40) for c in shoe.deal(11, i).coups]
    counts = batch.outcome_counts().tolist()
    assert counts == [outcomes.count(o) for o in OUTCOMES]
    assert batch.coups.tolist() == [len(shoe.deal(11, i).coups) for i in range(40)]


@settings(max_examples=size(10, 40), deadline=None)
@given(shoes(), st.integers(0, 2**64), st.sampled_from(["txt", "jsonl", "csv"]), st.booleans())
def test_text_from_the_arrays_equals_the_text_of_the_hands(
    shoe: Shoe, seed: int, format_: str, numbered: bool
) -> None:
    from roads.fast import text as dealt_text
    from roads.hands.simulated import shoe_text

    for one in vector.deal_arrays(shoe, seed, 0, 3):
        expected = shoe_text(shoe.deal(seed, one.index), format_, numbered=numbered)
        assert dealt_text.shoe_text(one, format_, numbered=numbered) == expected


def test_a_tally_over_a_shoe_with_a_rejected_draw_counts_the_pure_engines_shoe() -> None:
    # Shoe 52246 of seed 0 has a rejected draw (tests/game/test_shuffles.py): the numpy engine's
    # tally redoes its shuffle with the pure engine, then deals it with the others.
    shoe = Shoe()
    assert vector.tally(shoe, 10, 0, start=52240) == shoe.tally(10, 0, start=52240)
    assert vector.tally(shoe, 10, 0, start=52240, batch=4) == shoe.tally(10, 0, start=52240)
