"""Benchmark of a practice table's statement (issue 36).

    python bench/statement.py

``roads statement`` of a journal of 8 seats over 10,000 coups (dealt shoes, by their cards),
every seat betting on every coup (80,000 bets, among Banker, Player, Tie and the pairs), at a
table that keeps the commission in a box: the installed command as a user runs it, the fastest
of 7 (bar: 1 s). Beside it, the same command on the same journal without seats (the same
80,000 bets, all seat 1's, as a journal written before seats holds them) and on its coups alone,
each run in turn in this run; the ratio to the journal without seats has a bar of 1.5.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from random import Random

from _timing import ensure_bytecode, show

from roads.game.shoe import Shoe
from roads.hands.hand import Hand

COUPS = 10_000
SEATS = 8
SECONDS_BAR, RATIO_BAR = 1.0, 1.5
BETS = ("banker", "banker", "player", "player", "tie", "player_pair", "banker_pair")
STAKES = (10, 25, 50, 100, 12.5)
HEADER = '{"roads": "journal", "version": 1}'


def shoes() -> list[list[str]]:
    """The coup lines of dealt shoes, 10,000 coups in all."""
    found: list[list[str]] = []
    count, seed = 0, 1
    while count < COUPS:
        lines = []
        for coup in Shoe(8, 14).deal(seed=seed).coups[: COUPS - count]:
            lines.append(json.dumps({"event": "coup", **Hand.from_coup(coup).as_dict()}))
        found.append(lines)
        count += len(lines)
        seed += 1
    return found


def write(path: Path, dealt: list[list[str]], *, seats: bool, bets: bool) -> None:
    """A journal of ``dealt``: with each seat's bets before every coup, or the same bets as
    seat 1's (``seats`` False), or none."""
    rng = Random(36)
    lines = [HEADER]
    if seats:
        table = {"event": "table", "rules": "standard", "tie_pays": 8, "commission": "box"}
        lines.append(json.dumps({**table, "seats": SEATS}))
        lines += [
            json.dumps({"event": "join", "seat": s, "name": f"P{s}", "bankroll": 10**9})
            for s in range(1, SEATS + 1)
        ]
    elif bets:
        lines.append(json.dumps({"event": "bankroll", "amount": 10**9}))
    for number, shoe in enumerate(dealt):
        if number:
            lines.append('{"event": "shoe"}')
        for coup in shoe:
            for seat in range(1, SEATS + 1) if bets else ():
                bet = {"on": rng.choice(BETS), "stake": rng.choice(STAKES)}
                event = (
                    {"event": "seat_bet", "seat": seat, **bet} if seats else {"event": "bet", **bet}
                )
                lines.append(json.dumps(event))
            lines.append(coup)
    path.write_text("\n".join(lines) + "\n")


def fastest(commands: dict[str, list[str]], rounds: int = 7) -> dict[str, float]:
    """The fastest of ``rounds`` runs of each command, taken in turn so that all see the same
    load on the machine."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(rounds):
        for name, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
            times[name].append(time.perf_counter() - start)
    return {name: min(found) for name, found in times.items()}


def main() -> None:
    ensure_bytecode()
    dealt = shoes()
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        journals = {
            "8 seats": folder / "seats.jsonl",
            "no seats, the same bets": folder / "one.jsonl",
            "no seats, no bets": folder / "coups.jsonl",
        }
        write(journals["8 seats"], dealt, seats=True, bets=True)
        write(journals["no seats, the same bets"], dealt, seats=False, bets=True)
        write(journals["no seats, no bets"], dealt, seats=False, bets=False)
        commands = {
            name: [sys.executable, "-m", "roads", "statement", str(path), "--format", "json"]
            for name, path in journals.items()
        }
        costs = fastest(commands)
    for name, cost in costs.items():
        bar = f"bar {SECONDS_BAR:g} s" if name == "8 seats" else ""
        show(f"roads statement, {COUPS:,} coups, {name}", cost, "s", bar)
    ratio = costs["8 seats"] / costs["no seats, the same bets"]
    show("ratio 8 seats / no seats, the same bets", ratio, "x", f"bar {RATIO_BAR}")
    show("ratio 8 seats / no seats, no bets", costs["8 seats"] / costs["no seats, no bets"], "x")
    sys.exit(1 if costs["8 seats"] > SECONDS_BAR or ratio > RATIO_BAR else 0)


if __name__ == "__main__":
    main()
