"""The shuffles: Philox4x64-10's published vectors, the philox shuffle's pinned shoes, the old
shuffle by name, and the same shoes from both engines."""

from __future__ import annotations

import re
import shlex
from collections import Counter
from pathlib import Path

import extras
import pytest
from command_line import run
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import size

from roads.errors import ShoeError
from roads.game.cards import DECK
from roads.game.philox import philox4x64
from roads.game.shoe import Shoe
from roads.game.shuffles import (
    BLOCKS_PER_DECK,
    SHUFFLES,
    philox_counter,
    shuffled_codes,
    starting_order,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

# Random123's known-answer vectors for philox4x64-10 (kat_vectors): counter words 0-3, key
# words 0-1, output words 0-3.
KAT = [
    (
        (0, 0, 0, 0),
        (0, 0),
        (0x16554D9ECA36314C, 0xDB20FE9D672D0FDC, 0xD7E772CEE186176B, 0x7E68B68AEC7BA23B),
    ),
    (
        (0xFFFFFFFFFFFFFFFF,) * 4,
        (0xFFFFFFFFFFFFFFFF,) * 2,
        (0x87B092C3013FE90B, 0x438C3C67BE8D0224, 0x9CC7D7C69CD777B6, 0xA09CAEBF594F0BA0),
    ),
    (
        (0x243F6A8885A308D3, 0x13198A2E03707344, 0xA4093822299F31D0, 0x082EFA98EC4E6C89),
        (0x452821E638D01377, 0xBE5466CF34E90C6C),
        (0xA528F45403E61D95, 0x38C72DBD566E9788, 0xA5A1610E72FD18B5, 0x57BD43B5E52B7FE6),
    ),
]


def _number(words: tuple[int, ...]) -> int:
    return sum(word << (64 * i) for i, word in enumerate(words))


@pytest.mark.parametrize(("counter", "key", "out"), KAT)
def test_philox_gives_random123s_known_answers(
    counter: tuple[int, ...], key: tuple[int, ...], out: tuple[int, ...]
) -> None:
    assert philox4x64(_number(counter), _number(key)) == out


@pytest.mark.parametrize(("counter", "key", "out"), KAT)
def test_numpys_philox_gives_the_same_answers_from_one_counter_below(
    counter: tuple[int, ...], key: tuple[int, ...], out: tuple[int, ...]
) -> None:
    np = extras.numpy()
    generator = np.random.Philox(counter=(_number(counter) - 1) % 2**256, key=_number(key))
    assert tuple(int(word) for word in generator.random_raw(4)) == out


# The first shoe (index 0) of 8 decks of seeds 0, 1 and 2026 under the philox shuffle, top first.
FIRST_SHOES = {
    0: (
        "3s Td Kd 3h 2s 5s 6s 6c Ks Jh 7c Kh Qh 9h 8s Jc Qs 9h 7c Ks 2d 2h 9c Ts 3c 4d Td 4s "
        "6d 7c Td Ad 2d Tc 5h 8c Ts 3h As 8s 7s Jc 6d Jh 7d 7h Kh Jd 6c Qh Jh 4c 8h 3s Qc Kc "
        "Jh Kd Qc 8s Ad Ks 2s 4d 2c Tc 6s 6s Kc 3h Kc 6d 7h 8d Jd 4d 8d Ks 2d Ac 8c Qh 2s Kc "
        "6s 5s 8d 2s Jc Ac 6c 2c 2s 8h Kh 3c Tc Kh Qh 9s Qs Th 2s Kh Tc 5s 8h 8d 4c 9c 7d 7d "
        "Qh Ah Qd Js 6s 7c Ad 6h 9c Td 3c 9d 7h 3h Qh 2c Th 2c Ad 2h 9h 3h 7h Js 4h 7h Kd 4h "
        "8s Ks 4c 8c Jd 5c 5d 7s Qd 4s 4d 3d 7h Ts Kh Kd 8h 3d 9d 4s 8s Ac Td Qs 3c Ts 9c 2s "
        "5d 2h Kc 9h 9c Ah Js 4d 5c 6h Tc Ts 3c 9c 4s Qs 6d Tc 4h 4h 2d Tc Jc 9d Qs 2h Qc 4d "
        "5s 8s 7h 4h 5c Kd Qh Jc Js Ac 5s 6d Qc 5d 3d 2c Jh 2s 6h 5c 4c 2h 7s Jc 9d 3h 8d 6h "
        "Ac Jh 3c Th 3s 3s Th Qs 6c Ad Ah As 9d Qc 5s Qc Td Ah 5h 9s Th 4c 2d 4d 5h As Ah 7d "
        "8d Ad Js Ks Kc 9s Ts Th 4s 6s 2h 8c 9s Ac 8h 9s Ah Qd 5h As 7c 9c Qd 7c 3s Kd Kd Jd "
        "Jh As 3s 7s 5h 7d Tc 8s 2c 8d 7d 6h Qs 6s As Th Jd As 8h Ks 6c 3d 9c Kc 3h Qh 3d 3s "
        "3c Js Qc Kh 6h 3c Th Ah 8c Qs 4s 5s 9h 9h 7d 5c Qc 8c 9h 5h Qd Js 9s 7s Jc Ac 9d 9d "
        "Ad Jd 5c 2c 3s 8c 7d 5d Td 5h 6d 4h Qd 4h Ks 8s Kh 9s 9s 9h 3d 7c 2h Ac Td Ah 5c Js "
        "5h 6c 6s Jd 5d 7s Kd 7s 4d As Qd 6d 8c 7c Jc 9d 2d 3d 4c Qd 4c 4s 5c 3d 8d 6c 4c 8h "
        "2h 2c Ad Jd 6c 5d 6h Ts 3h Jh Ts 6h 7s Kc 2d 4s 8h 5d 7h 2d 6d 5d 5s 4h "
    ),
    1: (
        "Qs Kh 6s Td Jc Qs 8h 6s 6d Kh 2d 9h Js 7s 5s Ad 2c Ts Qd 4s Tc 4h 2c 7h Ts 7d Jc Qs "
        "Qd Ac 2s 3s 2s 5c 6c Ah Ad Th 2s 5c 9c Kh 4c Ts 3d 4c Jh 5d 9h Qs Qc 6c 8s 3s 2c 4s "
        "3c Qd As 9d Tc 7h 6d Kc 6s Jd 5h Ts Kd 7d 2s 8d 8h 3c 8c 7s 4s 9s As 8d 4h Jh 6d Tc "
        "Jh 8s 5s 8s 2c 5c Qc Jd 4c 4h Qs Ac Td Kc Js 8c 4c 8h 7c 3s 5s Qc Th 2h Ah 6c 6c 4c "
        "9d 9s Ks 3c 7c 5s 6s 5h Ad 6d 8h Kc 7c 5d Tc 2c 9d 5h Qd 9h Kd Ad Qc 6s 6c Js Th 6d "
        "Kc Qh 5d Ks 3d 3d 5d 9d 4h Qd 2c 8d 2d 3s Qd 7d 8s Th 3s Ah 8d Qc 4h 5h 8h Tc 6c Th "
        "Ac 4s Ks Ac As Ac Kh 8s 6h Qd 6h Qc Jd As 8c Qs 3h 3c 5d 7c Td Jc Qs 6h 8h 7d 3d Jd "
        "3h Kc Kd 8c 9s Qh 2d 6h Tc 9h 9d Jc 6c Kd 9s Js 9d Qh 3d Kh Ks 6s 8s Kd Ac 2s Jh 7c "
        "7c 2h Ac 3h 8c 8c Jc Ts 2h Ks Ah 4d Qc 2h Jc 2h 8h 7s 9c Qh 3h 9d Ks 9c 2c 3h Ad 7h "
        "2h Jd 5s Tc 7h Js 5d As 4c Ac 4s Qh 7d 3d Ad 9c Ts Js 4s 5d 3s 5s 4d 4h 6h 8c 5s 5c "
        "Js 5c 7s 6c Tc 4d 7d 7h 9h 7c 2c 7s Ad As 3d Td 2h Td 7h 4d 4h 3s 8d 8d 6h 6d Qh 9c "
        "As 9c Ah Th Jh Th Ks 3h Kc 7h 9s 4h 4s 9c 7d Jc 3s Td 5s 3h 2d 4c 7s Kh 6s 3d Jh 6s "
        "8d 5h 8h Ks 2s 7s Jh 4d 6h Kh 6h 2d 4d As Qs 5c Kd Jd 9h Ah 5c 6d 9h Ad Qh 2d 2s 9c "
        "Jd 3c 8s 9s 9h 7s 5c 5h 4s Kd 2d Jh 3c Td 8s 9d Kc 4d 8c Jd 3c 4d 5d 7c Kc 2h 9s Qh "
        "8d 4c 7d 5h 3c Kd Ts Ts Kh Td Qd 3h 7h Th 6d Ah 2d Js 9s Jc 2s 5h Ah Qc "
    ),
    2026: (
        "Jd 6s 6h 6c Qc Qh Jd 9s Ah Qd 9h 8h Jd 9d Jh 9d Kc 3s 9d 7h Jd Jc 7d 4h 6s Qc 8c 8c "
        "Ts 9s 4d 2d Kh 3d 5h 8s 3h 3c 8s 2d Td 9d 5d Qs 2c 8c 5c 4c As 5h Kd 6h 6s 2c 4d Kd "
        "3c 5s Tc 5d Jc 3s Ad 8s 7c 4d Qs Js Kc 2h 3h 8d 7c Qs Th Ts 2s 5s Qh Td 8d Kc 5s 3h "
        "9s Kd 8h 3c Jh 3c Ad 3c 2s 2h 8h 3d Qs 4c Kd 7s 2s 3d Jh Jc Th 6d 8d Ts Ah Td 6c 2h "
        "6h Ks Th Qc 7d As 6d Ah Qd 5h 5c 9s Js 4c Ad 5d 9h 2s 2c 6c Qh Tc 4d 5s 5s 2h 8c Ts "
        "4h 9c 9s 8d 4s 6c Jc Td 2d 9h 5c 7c 7s 2c Jc 8h 6s Ks Jh Qs 4s Qd Qh 5d Ac Jd 5s Qh "
        "2d Qh Td Td 8c Tc 5c Jh Qd Kh Ks 9d 2d Kd Kh Js Ah 5d Th 8d Kc 9c Kc 6c 6d 3s 7c Tc "
        "Jd 7h Td 4h 6s 8s 9h Jh 8s As 4d 2c 8d 3h As 7s 2h Ac 7h 9d Kd Js 3d 9h Th 5c Ah Tc "
        "Tc 9h 9c 6c 7h 2c 8s 7d 5d 9c 7c 6d Th Ah 4d 2c 3d 9s As Ks 5c 2h Ad 7h 5c 4h Ks 5h "
        "Kc 6d 3c 9c Qd 4s 2s 7d 6h 5h 8c Ad 5h 7d 7d Tc 6h Ac 3d 2s 4d Kc 8h 7c 3s 4s Qh Ad "
        "Ks 3d Qc 4c 2s 6d Qh As 4c 4s 3c 4h Ts 4s 2h 9h 3s Ad Ac Tc 8c Th Ts 4h 6h Kh Ks Kh "
        "Jc 7d Ks Ad 7s 4s Ac 8h 7h Js 7s Ac Ac Qc 9h Kh 9c Ah 5s 3d 9c 8d 5c 4c 6s 4d 9s 6c "
        "5d 7h 3s 4c 9c Td Qd Ts 8h Ac Jd Kc 5h Js Js 7d 5d Ts Qd Kd 4c Qc 6c 3s Qs 6h Kh 7s "
        "Jh 8s 3s 7c 4h Qs Jh 6d 9s 2d Qs Jd Jc 3c 4s 7c Kh 3h 2s 6s 9d Qc Js Qc Ah 5h 7s 6h "
        "Kd 9d 7h 2d 5s As 2h 6d 7s 8s As 8c 3h 6s Qd Th Jc 2c 4h 8d 2d 3h 3h 8h "
    ),
}


@pytest.mark.parametrize("seed", sorted(FIRST_SHOES))
def test_the_first_shoe_of_a_seed_is_pinned(seed: int) -> None:
    cards = FIRST_SHOES[seed].split()
    assert len(cards) == 416
    assert [str(DECK[code]) for code in shuffled_codes(8, seed, 0)] == cards
    assert [str(card) for card in Shoe().deal(seed).burned] == cards[
        : len(Shoe().deal(seed).burned)
    ]


@pytest.mark.parametrize("seed", sorted(FIRST_SHOES))
def test_the_numpy_engine_deals_the_pinned_first_shoes(seed: int) -> None:
    extras.numpy()
    from roads.fast import deal as vector

    codes = vector.shuffled_codes_many(8, seed, 0, 1)[0].tolist()
    assert [str(DECK[code]) for code in codes] == FIRST_SHOES[seed].split()


def _reference_shoe(decks: int, seed: int, index: int) -> tuple[bytes, int]:
    """The philox shuffle as the docs word it, on numpy's Philox (not roads.game.philox): the
    shoe and how many draws were rejected."""
    np = extras.numpy()
    first = philox_counter(decks, index)
    raw = np.random.Philox(counter=first - 1, key=seed).random_raw(4 * BLOCKS_PER_DECK * decks)
    draws = iter([half for word in raw.tolist() for half in (word & 0xFFFFFFFF, word >> 32)])
    source = starting_order(decks)
    shoe = list(source)
    rejected = 0
    for i in range(1, len(source)):
        bound = i + 1
        while True:
            product = next(draws) * bound
            if product % 2**32 >= 2**32 % bound:
                break
            rejected += 1
        j = product >> 32
        shoe[i] = shoe[j]
        shoe[j] = source[i]
    return bytes(shoe), rejected


@pytest.mark.parametrize(("decks", "seed", "index"), [(8, 0, 0), (1, 5, 9), (6, 2**127, 3)])
def test_the_shuffle_is_the_documented_fisher_yates(decks: int, seed: int, index: int) -> None:
    shoe, rejected = _reference_shoe(decks, seed, index)
    assert rejected == 0
    assert shuffled_codes(decks, seed, index) == shoe


def test_a_rejected_draw_takes_the_next_one_in_both_engines() -> None:
    # Shoe 52246 of seed 0 is the first of that seed with a rejected draw (about one shoe in a
    # hundred thousand has one); the numpy engine hands such shoes to the pure one.
    shoe, rejected = _reference_shoe(8, 0, 52246)
    assert rejected == 1
    assert shuffled_codes(8, 0, 52246) == shoe
    from roads.fast import deal as vector

    codes = vector.shuffled_codes_many(8, 0, 52240, 52250)
    assert codes[6].tobytes() == shoe
    assert all(codes[k].tobytes() == shuffled_codes(8, 0, 52240 + k) for k in range(10))


@settings(max_examples=size(15, 60), deadline=None)
@given(
    st.integers(1, 8),
    st.integers(0, 2**128 - 1),
    st.integers(0, 2**40),
    st.integers(1, 6),
    st.sampled_from(SHUFFLES),
)
def test_both_engines_shuffle_alike(
    decks: int, seed: int, first: int, shoes: int, shuffle: str
) -> None:
    extras.numpy()
    from roads.fast import deal as vector

    codes = vector.shuffled_codes_many(decks, seed, first, first + shoes, shuffle)
    for k in range(shoes):
        assert codes[k].tobytes() == shuffled_codes(decks, seed, first + k, shuffle)


def test_every_position_is_as_likely_for_every_card() -> None:
    # 26,000 one-deck shoes: how often the ace of clubs (code 0) lands in each of 52 places.
    extras.numpy()
    from roads.fast import deal as vector

    codes = vector.shuffled_codes_many(1, 3, 0, 26_000)
    places = Counter((codes == 0).argmax(axis=1).tolist())
    expected = 26_000 / 52
    chi2 = sum((places[p] - expected) ** 2 / expected for p in range(52))
    assert chi2 < 90  # 51 degrees of freedom: above 90 once in 1,700 shuffles that are fair
    pairs = Counter(zip(codes[:, 0].tolist(), codes[:, 1].tolist(), strict=True))
    assert max(pairs.values()) < 40  # each ordered pair of top cards: 9.8 expected


def test_the_philox_shuffle_takes_seeds_below_2_to_the_128() -> None:
    with pytest.raises(ShoeError, match=r"from 0 to 2\*\*128 - 1, not 340"):
        shuffled_codes(8, 2**128)
    with pytest.raises(ShoeError, match=r"2\*\*128 - 1, not -1 \(the shake-sort"):
        Shoe().deal(seed=-1)
    assert len(Shoe(shuffle="shake-sort").deal(seed=-1).coups) > 60
    assert len(shuffled_codes(8, 2**128, 0, "shake-sort")) == 416
    with pytest.raises(ShoeError, match="no shuffle 'riffle'"):
        Shoe(shuffle="riffle")  # type: ignore[arg-type]


def _simulate_lines() -> list[list[str]]:
    lines = (EXAMPLES / "make.sh").read_text().splitlines()
    return [shlex.split(line)[2:] for line in lines if line.startswith("roads simulate ")]


def test_the_examples_shoes_are_dealt_by_todays_default_shuffle(
    capsys: pytest.CaptureFixture[str],
) -> None:
    found = _simulate_lines()
    assert len(found) == 2
    for args in found:
        at = args.index("-o")
        target, rest = args[at + 1], args[:at] + args[at + 2 :]
        assert "--shuffle" not in rest
        code, out, err = run(["simulate", *rest], capsys)
        assert code == 0, err
        assert out.encode() == (EXAMPLES / target).read_bytes()
        # The old shuffle deals other shoes from the same seed.
        _, other, _ = run(["simulate", *rest, "--shuffle", "shake-sort"], capsys)
        assert other.encode() != (EXAMPLES / target).read_bytes()


def test_outputs_that_record_the_seed_record_the_shuffle(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, text, _ = run(["simulate", "--seed", "9", "--shuffle", "shake-sort"], capsys)
    assert re.match(r"# shoe 1: 8 decks, seed 9, shuffle shake-sort, \d+ coups\n", text)
    _, line, _ = run(
        ["simulate", "--seed", "9", "--shoes", "3", "--tally", "--format", "jsonl"], capsys
    )
    assert '"seed": 9, "shuffle": "philox"' in line
    _, heading, _ = run(["simulate", "--seed", "9", "--shoes", "3", "--tally"], capsys)
    assert heading.startswith("3 shoes of 8 decks (seed 9, philox shuffle): ")


def test_study_records_the_shuffle_and_reads_old_studies_as_shake_sort(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import json

    from roads.study.document import Study
    from roads.study.wording import conclusions

    args = ["study", "--shoes", "3", "--seed", "4", "--engine", "python", "-o", "-"]
    _, out, _ = run([*args, "--format", "json", "--shuffle", "shake-sort"], capsys)
    document = json.loads(out)
    assert document["data"]["shuffle"] == "shake-sort"
    _, new, _ = run([*args, "--format", "json"], capsys)
    assert json.loads(new)["data"]["shuffle"] == "philox"
    assert json.loads(new)["data"]["coups"] != document["data"]["coups"]
    del document["data"]["shuffle"]  # as a study written before the field was
    old = Study.from_dict(document)
    assert old.data.shuffle is None
    assert "simulated from seed 4, shake-sort shuffle" in " ".join(conclusions(old))
    assert b'"shuffle"' not in old.to_json()  # read back as it was written


def test_shuffle_applies_to_simulated_studies_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "shoe.txt"
    source.write_text("BPBT\n")
    code, _, err = run(["study", str(source), "--shuffle", "philox", "-o", "-"], capsys)
    assert code == 2 and "--shuffle applies to simulated shoes" in err


def test_the_library_takes_the_shuffle_by_keyword() -> None:
    from roads import Scoreboard

    old = Scoreboard.simulate(seed=2026, shuffle="shake-sort")
    shoe = Shoe(shuffle="shake-sort").deal(seed=2026)
    assert [hand.outcome for hand in old.hands] == [coup.outcome for coup in shoe.coups]
    new = Scoreboard.simulate(seed=2026)
    assert [hand.outcome for hand in new.hands] == [
        coup.outcome for coup in Shoe().deal(seed=2026).coups
    ]
    with pytest.raises(ShoeError, match="no shuffle 'riffle'"):
        Scoreboard.simulate(seed=1, shuffle="riffle")


@pytest.mark.parametrize("shuffle", SHUFFLES)
def test_a_study_counts_the_shoes_of_its_shuffle_in_either_engine(
    shuffle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    extras.numpy()
    args = ["study", "--shoes", "40", "--seed", "8", "--shuffle", shuffle, "--format", "json"]
    _, pure, _ = run([*args, "--engine", "python", "-o", "-"], capsys)
    _, fast, _ = run([*args, "--engine", "numpy", "-o", "-"], capsys)
    assert pure == fast
    import json

    dealt = sum(len(Shoe(shuffle=shuffle).deal(8, i).coups) for i in range(40))  # type: ignore[arg-type]
    assert json.loads(pure)["data"]["coups"] == dealt
