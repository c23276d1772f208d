"""A small reference for the five roads and the ask road, written from ROADS.md and EXPORT.md
alone, to check the engine against. It is deliberately naive: lists, dicts and a set of taken
cells, rebuilt from scratch for every shoe."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from roads.game.coup import Outcome
from roads.hands.hand import Hand

ROWS = 6
DERIVED = {"big_eye_boy": 1, "small_road": 2, "cockroach_pig": 3}


def _walk(shoe: list[Hand]) -> Iterator[list[int]]:
    """After each Banker/Player coup, the lengths of the logical streaks so far: ties never
    count, and a change of winner starts a new streak."""
    lengths: list[int] = []
    last = None
    for hand in shoe:
        if hand.outcome is Outcome.TIE:
            continue
        if hand.outcome is last:
            lengths[-1] += 1
        else:
            lengths.append(1)
            last = hand.outcome
        yield lengths


def logical_streaks(shoe: list[Hand]) -> list[int]:
    """The lengths of the big road's logical columns."""
    states = [list(lengths) for lengths in _walk(shoe)]
    return states[-1] if states else []


def derived_colours(shoe: list[Hand], k: int) -> list[str]:
    """Every mark of the derived road with offset k, in order (ROADS.md section 3). ``lengths``
    holds L[1..n] of the spec at indexes 0..n-1."""
    marks: list[str] = []
    for lengths in _walk(shoe):
        n, m = len(lengths), lengths[-1]
        if m == 1:
            if n - 1 - k >= 1:
                same = lengths[n - 2] == lengths[n - 2 - k]
                marks.append("red" if same else "blue")
        elif n - k >= 1:
            p = lengths[n - k - 1]
            marks.append("blue" if m == p + 1 else "red")
    return marks


def place(streaks: list[int]) -> list[tuple[int, int]]:
    """Drawn cells of streaks of the given lengths on the 6-row grid, straight tails (§2)."""
    taken: set[tuple[int, int]] = set()
    cells: list[tuple[int, int]] = []
    previous_first = -1
    for length in streaks:
        start = previous_first + 1
        while (start, 0) in taken:
            start += 1
        previous_first = start
        col, row, turned = start, 0, False
        for depth in range(length):
            if depth:
                if not turned and row + 1 < ROWS and (col, row + 1) not in taken:
                    row += 1
                else:
                    col, turned = col + 1, True
            assert (col, row) not in taken, "a straight tail ran into a taken cell"
            taken.add((col, row))
            cells.append((col, row))
    return cells


def _runs(values: list[str]) -> list[int]:
    runs: list[int] = []
    for i, value in enumerate(values):
        if i and value == values[i - 1]:
            runs[-1] += 1
        else:
            runs.append(1)
    return runs


def _logical(runs: list[int]) -> list[tuple[int, int]]:
    return [(streak, depth) for streak, length in enumerate(runs) for depth in range(length)]


def _big_road(shoe: list[Hand]) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    for index, hand in enumerate(shoe):
        if hand.outcome is Outcome.TIE and not entries:
            entries.append({"outcome": "T", "ties": 0, "hands": [], "bp": False, "pp": False})
        if hand.outcome is Outcome.TIE:
            entry = entries[-1]
            entry["ties"] += 1
        elif entries and entries[-1]["outcome"] == "T":
            entry = entries[-1]  # the first winner takes over the tie-only entry
            entry["outcome"] = hand.outcome.value
        else:
            entry = {"outcome": hand.outcome.value, "ties": 0, "hands": [], "bp": False}
            entry["pp"] = False
            entries.append(entry)
        entry["hands"].append(index)
        entry["bp"] |= hand.banker_pair
        entry["pp"] |= hand.player_pair
        if hand.outcome is not Outcome.TIE:
            entry["natural"] = hand.natural
    winners = [entry["outcome"] for entry in entries if entry["outcome"] != "T"]
    runs = _runs(winners) if winners else [1]
    cells = place(runs)
    logical = _logical(runs)
    return [
        {
            "col": cells[i][0],
            "row": cells[i][1],
            "streak": logical[i][0],
            "depth": logical[i][1],
            "outcome": entry["outcome"],
            "ties": entry["ties"],
            "hands": entry["hands"],
            "banker_pair": entry["bp"],
            "player_pair": entry["pp"],
            "natural": entry.get("natural", False),
        }
        for i, entry in enumerate(entries)
    ]


def _derived(shoe: list[Hand], k: int) -> list[dict[str, Any]]:
    colours = derived_colours(shoe, k)
    runs = _runs(colours)
    cells, logical = place(runs), _logical(runs)
    return [
        {"col": c, "row": r, "streak": s, "depth": d, "colour": colour}
        for (c, r), (s, d), colour in zip(cells, logical, colours, strict=True)
    ]


def _ask(shoe: list[Hand], outcome: Outcome) -> dict[str, str | None]:
    answers: dict[str, str | None] = {}
    for road, k in DERIVED.items():
        before = derived_colours(shoe, k)
        after = derived_colours([*shoe, Hand(outcome)], k)
        answers[road] = after[-1] if len(after) > len(before) else None
    return answers


def reference_export(shoe: list[Hand]) -> dict[str, Any]:
    """The JSON export of EXPORT.md for these hands, straight tails."""
    outcomes = [hand.outcome for hand in shoe]
    return {
        "schema": "roads/1",
        "notice": "Past results do not predict the next hand.",
        "hands": [hand.as_dict() for hand in shoe],
        "stats": {
            "hands": len(shoe),
            "banker": outcomes.count(Outcome.BANKER),
            "player": outcomes.count(Outcome.PLAYER),
            "tie": outcomes.count(Outcome.TIE),
            "banker_pair": sum(hand.banker_pair for hand in shoe),
            "player_pair": sum(hand.player_pair for hand in shoe),
            "natural": sum(hand.natural for hand in shoe),
        },
        "bead_plate": [
            {
                "col": i // ROWS,
                "row": i % ROWS,
                "hand": i,
                "outcome": hand.outcome.value,
                "banker_pair": hand.banker_pair,
                "player_pair": hand.player_pair,
                "natural": hand.natural,
            }
            for i, hand in enumerate(shoe)
        ],
        "big_road": _big_road(shoe) if shoe else [],
        **{road: _derived(shoe, k) for road, k in DERIVED.items()},
        "ask": {
            "banker": _ask(shoe, Outcome.BANKER),
            "player": _ask(shoe, Outcome.PLAYER),
        },
    }
