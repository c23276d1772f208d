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
    """What a flat 1-unit bet on ``signal`` returned over one shoe (``B``/``P``/``T`` string) at
    the standard table (``_table_bets``)."""
    return _table_bets(list(shoe), signal, "standard")


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


def _pays(rules: str, coup: str, bet: str) -> float:
    """What a 1-unit ``bet`` (``B``/``P``) returned on ``coup`` (its result letter and the
    marks written after it) at ``rules`` (docs/rules/tables.md): a tie pushes both; the standard
    Banker pays 0.95; no-commission pays 1, but 0.5 on a Banker win with 6 (``B6``); EZ pays 1,
    but pushes on a Banker win with a three-card 7 (``B7``)."""
    result, marks = coup[0], coup[1:]
    if result == "T":
        return 0.0
    if result != bet:
        return -1.0
    if bet == "P":
        return 1.0
    if rules == "no-commission":
        return 0.5 if "6" in marks else 1.0
    if rules == "ez":
        return 0.0 if "7" in marks else 1.0
    return 0.95


def _table_bets(coups: list[str], signal: str, rules: str) -> float:
    """What a flat 1-unit bet on ``signal`` returned over one shoe's coups (each its result
    letter and marks) at ``rules`` (``_pays``): follow-last bets the last Banker/Player winner,
    ``streak-N`` bets a streak of exactly N continues, ``streak-7+`` one of 7 or more."""
    side, length, total = "", 0, 0.0
    for coup in coups:
        result = coup[0]
        bet = ""
        if side:
            if signal == "follow-last":
                bet = side
            elif signal == "streak-7+":
                bet = side if length >= 7 else ""
            elif length == int(signal.split("-")[1]):
                bet = side
        if bet:
            total += _pays(rules, coup, bet)
        if result == "T":
            continue
        length = length + 1 if result == side else 1
        side = result
    return total


@pytest.mark.parametrize("rules", ["ez", "no-commission"])
def test_at_a_named_table_the_chance_of_being_ahead_is_what_the_shoes_show(
    rules: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import re

    from roads.study.document import Study
    from roads.study.output import study_bytes

    shoes = 2000
    notation = tmp_path / "shoes.txt"
    seeded = ["--seed", "4242", "--shoes", str(shoes), "--rules", rules]
    code, _, err = run(["simulate", *seeded, "-o", str(notation)], capsys)
    assert code == 0, err
    # The marks the table posts are written after each coup's letter: B6, B7, P8.
    replayed = [
        re.findall(r"[BPT][^BPT]*", line)
        for line in notation.read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert len(replayed) == shoes
    assert any("7" in coup for coups in replayed for coup in coups if coup[0] == "B") or (
        rules != "ez"
    )
    out = tmp_path / "study.json"
    code, _, err = run(["study", *seeded, "--exact-shoes", "0", "-o", str(out)], capsys)
    assert code == 0, err
    document = json.loads(out.read_text())
    assert document["table"]["rules"] == rules
    for name in SIGNALS:
        signal = next(s for s in document["signals"] if s["name"] == name)
        ahead = signal["ahead"]
        assert ahead["method"] == "per-shoe results, convolved", name
        results = [_table_bets(coups, name, rules) for coups in replayed]
        # The flat bet priced by the table: the units the study reports.
        assert signal["flat_bet"]["units"] == pytest.approx(sum(results), abs=1e-6), name
        # After 1 shoe: the share of shoes that ended ahead at this table, exactly.
        one = sum(r > 1e-9 for r in results) / shoes
        assert ahead["1"] == pytest.approx(one, abs=1e-9), (name, ahead["1"], one)
        blocks = [sum(results[i : i + 10]) for i in range(0, shoes, 10)]
        ten = sum(b > 1e-9 for b in blocks) / len(blocks)
        bound = 3 * math.sqrt(ten * (1 - ten) / len(blocks))
        assert ahead["10"] == pytest.approx(ten, abs=bound), (name, ahead["10"], ten)
    rare = next(s for s in document["signals"] if s["name"] == "streak-7+")["ahead"]
    assert rare["1"] < 0.2
    page = study_bytes(Study.from_dict(document), "html").decode()
    assert "normal approximation" not in page
    assert "Worked out from the result of every shoe counted" in page
