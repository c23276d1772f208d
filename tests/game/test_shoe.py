from __future__ import annotations

import hashlib
import math
from collections import Counter

import pytest
from tiers import size

from roads.errors import ShoeError
from roads.game.cards import DECK
from roads.game.coup import Coup
from roads.game.odds import odds_for_decks
from roads.game.shoe import Shoe, shuffled_codes


def test_a_seed_gives_the_same_shoe_on_every_machine() -> None:
    # Pinned values: a seed's shoe must never change, on any machine or Python version.
    assert hashlib.sha256(shuffled_codes(8, 42)).hexdigest() == (
        "7849e1c734645fe7f03798ef6155d9090b9e8e2628b749e9f0b96f6392816a8e"
    )
    assert hashlib.sha256(shuffled_codes(1, 0, 3)).hexdigest() == (
        "05158b0fc74415a69335dacbe97e40ef195b8106c5289813f6214a8c4d96c8c1"
    )
    dealt = Shoe().deal(seed=42)
    assert dealt.shuffle == "philox"
    assert [str(c) for c in dealt.coups[:3]] == [
        "Qd Qs Ks / 9c 2s Ac",
        "7h Ad / Ac 7c",
        "5c Ac / Kc 6d",
    ]
    assert len(dealt.coups) == 83


def test_an_old_seed_deals_its_old_shoe_by_the_shuffles_name() -> None:
    # The values pinned before the philox shuffle became the default, unchanged.
    assert hashlib.sha256(shuffled_codes(8, 42, 0, "shake-sort")).hexdigest() == (
        "85cc452959af96acf38a03526de64be6840c42fa97aee60ee45c183862f21494"
    )
    assert hashlib.sha256(shuffled_codes(1, 0, 3, "shake-sort")).hexdigest() == (
        "76ce26394d00b3cc77d7b1ba37e2694329b7703153b1e487ae8110d5275db2e7"
    )
    dealt = Shoe(shuffle="shake-sort").deal(seed=42)
    assert dealt.shuffle == "shake-sort"
    assert [str(c) for c in dealt.coups[:3]] == [
        "Td Kd 8s / 3c 3c",
        "8d Js / Js Jd",
        "3s 2d 7h / Jh 5h 4d",
    ]
    assert len(dealt.coups) == 80


def test_shuffle_is_a_permutation_of_the_decks() -> None:
    for decks in (1, 6, 8):
        codes = shuffled_codes(decks, 7)
        assert sorted(codes) == sorted(bytes(range(52)) * decks)


def test_different_seeds_and_indexes_give_different_shoes() -> None:
    assert shuffled_codes(8, 1, 0) != shuffled_codes(8, 1, 1)
    assert shuffled_codes(8, 1) != shuffled_codes(8, 2)


def test_every_card_is_burned_dealt_or_left_exactly_once() -> None:
    for index in range(50):
        dealt = Shoe(decks=6).deal(seed=3, index=index)
        used = list(dealt.burned)
        for coup in dealt.coups:
            used += coup.cards
        used += dealt.undealt
        assert Counter(used) == Counter(dict.fromkeys(DECK, 6))


def test_every_dealt_coup_passes_the_rules_check() -> None:
    # The dealer builds coups without the check; the checking constructor must agree.
    for index in range(300):
        for coup in Shoe(decks=index % 8 + 1, cut_card=12).deal(seed=17, index=index).coups:
            assert Coup(coup.player_cards, coup.banker_cards) == coup


def test_burn_turns_one_card_and_burns_its_value() -> None:
    for index in range(50):
        dealt = Shoe().deal(seed=11, index=index)
        first = dealt.burned[0]
        assert len(dealt.burned) == 1 + (first.value or 10)


def test_the_cut_card_ends_the_shoe_one_coup_later() -> None:
    shoe = Shoe(decks=8, cut_card=14)
    cut_at = shoe.cards - shoe.cut_card
    for index in range(100):
        dealt = shoe.deal(seed=5, index=index)
        position = len(dealt.burned)
        ends = []
        for coup in dealt.coups:
            position += len(coup.cards)
            ends.append(position)
        # The cut card came out in (or right after) the last-but-one coup, not earlier.
        assert ends[-2] >= cut_at
        assert len(ends) < 3 or ends[-3] < cut_at


def test_shoe_lengths_match_game_md() -> None:
    lengths = [len(Shoe().deal(seed=2024, index=i).coups) for i in range(size(1000, 3000))]
    mean = sum(lengths) / len(lengths)
    sd = math.sqrt(sum((n - mean) ** 2 for n in lengths) / len(lengths))
    assert abs(mean - 81.3) < 0.15
    assert abs(sd - 1.6) < 0.15
    assert min(lengths) >= 72 and max(lengths) <= 90


def test_tally_counts_what_the_dealt_records_hold() -> None:
    shoe = Shoe(decks=6, cut_card=16)
    tally = shoe.tally(200, seed=9)
    outcomes = Counter(
        coup.outcome.value for i in range(200) for coup in shoe.deal(seed=9, index=i).coups
    )
    assert (tally.banker, tally.player, tally.tie) == (outcomes["B"], outcomes["P"], outcomes["T"])


@pytest.mark.slow
def test_long_run_frequencies_agree_with_the_exact_odds() -> None:
    tally = Shoe().tally(size(1000, 4000), seed=1)
    exact = odds_for_decks(8)
    n = tally.coups
    for observed, p in (
        (tally.banker, exact.p_banker),
        (tally.player, exact.p_player),
        (tally.tie, exact.p_tie),
    ):
        sigma = math.sqrt(n * p * (1 - p))
        assert abs(observed - n * p) < 4.5 * sigma


@pytest.mark.parametrize(
    ("decks", "cut_card", "message"),
    [
        (0, 14, "1 to 8 decks"),
        (9, 14, "1 to 8 decks"),
        (8, 3, "cut card"),
        (1, 41, "cut card"),
    ],
)
def test_impossible_shoes_are_refused(decks: int, cut_card: int, message: str) -> None:
    with pytest.raises(ShoeError, match=message):
        Shoe(decks, cut_card)


def test_the_shoe_has_a_short_repr() -> None:
    from roads.game.shoe import Shoe

    dealt = Shoe().deal(7)
    assert len(repr(dealt)) < 120 and "seed=7" in repr(dealt)
