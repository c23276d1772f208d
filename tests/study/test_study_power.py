"""Power stated as power (issue 39): a difference of the size the study says it catches 8 times
in 10, planted in seeded records, raises the alarm in most of them."""

from __future__ import annotations

import random

import pytest

from roads import study
from roads.study.dealer import RecordedDealer, ShoeRecord
from roads.study.document import Origin

P_TIE, Q_BANKER, COUPS = 0.0952, 0.5068, 80
"""About the exact odds of 8 decks: a tie, Banker among the decided coups; coups a shoe."""
BANKER, PLAYER, TIE = 0, 1, 2


def _records(shoes: int, signal: str, shift: float, seed: int) -> study.StudyInput:
    """Shoes where the side ``signal`` names wins a decided coup ``shift`` more often than
    the odds give (``follow-last``: always; ``streak-2``: when the streak is exactly 2)."""
    rng = random.Random(seed)
    records = []
    for _ in range(shoes):
        codes = bytearray()
        side, length = -1, 0
        for _ in range(COUPS):
            if rng.random() < P_TIE:
                codes.append(TIE)
                continue
            q = Q_BANKER
            named = side >= 0 and (signal == "follow-last" or length == 2)
            if named:
                q = Q_BANKER + shift if side == BANKER else Q_BANKER - shift
            outcome = BANKER if rng.random() < q else PLAYER
            length = length + 1 if outcome == side else 1
            side = outcome
            codes.append(outcome)
        records.append(ShoeRecord(bytes(codes)))
    data = Origin(source="recorded", inputs=(f"{signal}-{seed}",), shoes=shoes)
    return study.StudyInput(RecordedDealer(tuple(records)), shoes, data)


def _share_shift(signal: study.Study, name: str) -> float:
    """The shift of the won share among decided bets that moves ``name``'s return per bet by
    its stated ``detectable_difference``: a decided bet moves by its win and its loss."""
    one = signal.signal(name)
    assert one is not None and one.detectable_difference is not None
    table = one.table
    banker = table.banker_named[BANKER] + table.banker_named[PLAYER]
    player = table.player_named[BANKER] + table.player_named[PLAYER]
    span = banker * 1.95 + player * 2.0
    return one.detectable_difference / 100 * one.bets / span


@pytest.mark.stress
@pytest.mark.parametrize("signal", ["follow-last", "streak-2"])
def test_the_stated_power_is_the_power(signal: str) -> None:
    shoes = 2000
    fair = study.run_study(_records(shoes, signal, 0.0, 99), engine="numpy")
    shift = _share_shift(fair, signal)
    caught = sum(
        study.run_study(_records(shoes, signal, shift, seed), engine="numpy").fairness.alarm
        for seed in range(20)
    )
    print(f"{signal}: a shift of {100 * shift:.2f} points caught {caught} of 20")
    assert 12 <= caught <= 20, caught
