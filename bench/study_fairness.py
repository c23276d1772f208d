"""How often the study's fairness alarm fires on fair shoes, and how strong a bias it catches.

    python bench/study_fairness.py [STUDIES] [SHOES]

Runs STUDIES fair studies (default 200) of SHOES seeded shoes (default 2,000) with the numpy
engine and prints how many raised the alarm (the bar: at most 5%), then the same count for
records whose last decided side repeats with 50.5% and 51% (fair: about 50.0%).
"""

from __future__ import annotations

import random
import sys
import time

from roads import study
from roads.game.shoe import Shoe
from roads.hands.hand import Hand
from roads.hands.notation import parse_notation
from roads.study.dealer import RecordedDealer, record_of
from roads.study.document import Origin

P_TIE, Q_BANKER, COUPS = 0.0952, 0.5068, 80


def _biased(shoes: int, repeat: float, seed: int) -> study.StudyInput:
    rng = random.Random(seed)
    records = []
    for _ in range(shoes):
        text, last = [], None
        for _ in range(COUPS):
            if rng.random() < P_TIE:
                text.append("T")
                continue
            if last is None:
                last = "B" if rng.random() < Q_BANKER else "P"
            elif rng.random() >= repeat:
                last = "P" if last == "B" else "B"
            text.append(last)
        hands: list[Hand] = parse_notation("".join(text))
        records.append(record_of(hands))
    data = Origin(source="recorded", inputs=("biased",), shoes=shoes)
    return study.StudyInput(RecordedDealer(tuple(records)), shoes, data)


def main() -> None:
    studies = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    shoes = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    started = time.perf_counter()
    alarms = sum(
        study.run_study(study.simulated(Shoe(8), seed, shoes), engine="numpy").fairness.alarm
        for seed in range(1000, 1000 + studies)
    )
    print(
        f"fair: {alarms} of {studies} studies of {shoes:,} shoes raised the alarm "
        f"({100 * alarms / studies:.1f}%; bar 5%) in {time.perf_counter() - started:.0f} s"
    )
    for repeat in (0.505, 0.51):
        caught = sum(
            study.run_study(_biased(shoes, repeat, seed), engine="numpy").fairness.alarm
            for seed in range(20)
        )
        print(f"repeat {100 * repeat:.1f}%: {caught} of 20 studies raised the alarm")


if __name__ == "__main__":
    main()
