"""The chance of being ahead after 1 and 10 shoes is what the shoes themselves show (issue 39):
for the rare signals most shoes hold no bet, so the normal curve is far off; the study's
figures are checked against shoes replayed by a small reference written from the rules."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from command_line import run

SIGNALS = ("streak-5", "streak-6", "streak-7+", "follow-last")


def _bets(shoe: str, signal: str) -> float:
    """What a flat 1-unit bet on ``signal`` returned over one shoe (``B``/``P``/``T`` string):
    follow-last bets the last Banker/Player winner, ``streak-N`` bets a streak of exactly N
    continues, ``streak-7+`` one of 7 or more; Banker pays 0.95, Player 1, a tie pushes."""
    side, length, total = "", 0, 0.0
    for result in shoe:
        bet = ""
        if side:
            if signal == "follow-last":
                bet = side
            elif signal == "streak-7+":
                bet = side if length >= 7 else ""
            elif length == int(signal.split("-")[1]):
                bet = side
        if bet and result != "T":
            total += (0.95 if bet == "B" else 1.0) if result == bet else -1.0
        if result == "T":
            continue
        length = length + 1 if result == side else 1
        side = result
    return total


def _shoes(path: Path) -> list[str]:
    """The results of each shoe of a notation file ``roads simulate`` wrote (flags dropped)."""
    shoes = []
    for line in path.read_text().splitlines():
        if line and not line.startswith("#"):
            shoes.append("".join(c for c in line if c in "BPT"))
    return shoes


@pytest.mark.parametrize(
    ("shoes", "close"),
    [(2000, None), pytest.param(20000, 0.015, marks=pytest.mark.stress)],
    ids=["2000", "20000"],
)
def test_the_chance_of_being_ahead_is_what_the_shoes_show(
    shoes: int, close: float | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notation = tmp_path / "shoes.txt"
    code, _, err = run(
        ["simulate", "--seed", "4242", "--shoes", str(shoes), "-o", str(notation)], capsys
    )
    assert code == 0, err
    out = tmp_path / "study.json"
    code, _, err = run(["study", "--seed", "4242", "--shoes", str(shoes), "-o", str(out)], capsys)
    assert code == 0, err
    document = json.loads(out.read_text())
    replayed = _shoes(notation)
    assert len(replayed) == shoes
    for name in SIGNALS:
        ahead = next(s for s in document["signals"] if s["name"] == name)["ahead"]
        assert ahead["method"] == "per-shoe results, convolved"
        results = [_bets(shoe, name) for shoe in replayed]
        # After 1 shoe: the share of shoes that ended ahead, exactly.
        one = sum(r > 1e-9 for r in results) / shoes
        assert ahead["1"] == pytest.approx(one, abs=1e-9), name
        # After 10: the blocks of 10 consecutive shoes that ended ahead.
        blocks = [sum(results[i : i + 10]) for i in range(0, shoes, 10)]
        ten = sum(b > 1e-9 for b in blocks) / len(blocks)
        # Within 1.5 points on 20,000 shoes; within 3 standard errors of the blocks' share on
        # fewer (200 blocks give the count itself a spread of about 3.5 points).
        bound = close if close is not None else 3 * math.sqrt(ten * (1 - ten) / len(blocks))
        assert ahead["10"] == pytest.approx(ten, abs=bound), (name, ahead["10"], ten)
    rare = next(s for s in document["signals"] if s["name"] == "streak-7+")["ahead"]
    assert rare["1"] < 0.2  # most shoes hold no bet of streak-7+: never about 50%


def test_the_convolution_is_the_sum_of_shoes_counted_by_hand() -> None:
    from itertools import product

    from roads.study.shoe_results import ahead_after, packed, results_of

    pairs = ((-40, 3), (0, 5), (19, 1), (39, 1))
    total = sum(n for _, n in pairs)
    for shoes in (1, 2, 3):
        by_hand = sum(
            math.prod(n / total for _, n in drawn)
            for drawn in product(pairs, repeat=shoes)
            if sum(v for v, _ in drawn) > 0
        )
        assert ahead_after(pairs, shoes) == pytest.approx(by_hand, abs=1e-12)
    from roads.study.signals import SIGNAL_NAMES

    rest = (0,) * (len(SIGNAL_NAMES) - 2)
    one = packed([(1, -20, *rest), (1, 0, *rest)])
    assert results_of(one)[:2] == (((1, 2),), ((-20, 1), (0, 1)))
    assert results_of(one + one)[:2] == (((1, 4),), ((-20, 2), (0, 2)))
    assert results_of(packed([(-1600, 1601, *rest)]))[:2] == (((-1600, 1),), ((1601, 1),))
