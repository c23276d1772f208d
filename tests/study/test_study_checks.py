"""Records no fair shoe can give are caught before any figure: impossible cards, two shoes
joined into one, and shoes copied (issue 39)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from command_line import run

from roads.game.cards import Card
from roads.game.coup import Coup
from roads.hands.hand import Hand
from roads.study.checks import RecordedShoe, check_records, impossible

NINE_OF_CLUBS = {
    "outcome": "P",
    "banker_pair": False,
    "player_pair": False,
    "natural": True,
    "player_cards": ["9c", "Kc"],
    "banker_cards": ["Qs", "8d"],
    "player_total": 9,
    "banker_total": 8,
}
"""The coup ``9c Kc / Qs 8d``: 40 of them use 40 nines of clubs where 8 decks hold 8."""


def _study(args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict:  # type: ignore[type-arg]
    out = tmp_path / "study.json"
    code, _, err = run(["study", *args, "-o", str(out)], capsys)
    assert code == 0, err
    return json.loads(out.read_text())  # type: ignore[no-any-return]


def _simulated(tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: int, shoes: int) -> Path:
    out = tmp_path / f"sim-{seed}-{shoes}.jsonl"
    code, _, err = run(
        ["simulate", "--seed", str(seed), "--shoes", str(shoes), "-o", str(out)], capsys
    )
    assert code == 0, err
    return out


def test_impossible_cards_are_refused_and_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "nines.jsonl"
    record.write_text("".join(json.dumps(NINE_OF_CLUBS) + "\n" for _ in range(40)))
    code, out, err = run(["study", str(record), "-o", str(tmp_path / "s.json")], capsys)
    assert code != 0 and not out
    (line,) = err.strip().splitlines()
    assert line.startswith("roads study: error: nines.jsonl, shoe 1: uses 40 × ")
    assert "40 × 9c" in line and "more than 8 decks hold (8 of each card)" in line
    assert "--keep-going" in line
    assert not (tmp_path / "s.json").exists()


def test_with_keep_going_impossible_shoes_are_set_aside_and_counted_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fair = _simulated(tmp_path, capsys, 11, 3)
    rows = [json.loads(line) for line in fair.read_text().splitlines()]
    rows += [dict(NINE_OF_CLUBS, shoe=4) for _ in range(40)]
    record = tmp_path / "mixed.jsonl"
    record.write_text("".join(json.dumps(row) + "\n" for row in rows))
    document = _study([str(record), "--keep-going"], tmp_path, capsys)
    first = document["conclusions"][0]
    assert first.startswith("1 shoe set aside before counting: the cards of 8 decks cannot give")
    assert "mixed.jsonl, shoe 4: uses 40 × 8d, 40 × 9c, 40 × Kc and 40 × Qs, more than" in first
    assert document["data"]["shoes"] == 3
    assert document["data"]["set_aside"] == 1
    # The exact part counts every coup of the shoes kept: none stops early.
    coups = sum(1 for row in rows if row["shoe"] <= 3)
    assert document["card_removal"]["coups"] == coups


def test_two_shoes_joined_into_one_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    two = _simulated(tmp_path, capsys, 12, 2)
    rows = [json.loads(line) for line in two.read_text().splitlines()]
    for row in rows:
        del row["shoe"]
    cards = sum(len(row["player_cards"]) + len(row["banker_cards"]) for row in rows)
    assert cards > 8 * 52
    joined = tmp_path / "joined.jsonl"
    joined.write_text("".join(json.dumps(row) + "\n" for row in rows))
    code, _, err = run(["study", str(joined), "-o", str(tmp_path / "s.json")], capsys)
    assert code != 0
    assert err.startswith(
        f"roads study: error: joined.jsonl, shoe 1: uses {cards:,} cards, more than 8 decks "
        "hold (416)"
    )


def test_copied_shoes_are_counted_and_named_as_the_cause_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "fair.txt"
    code, _, err = run(["simulate", "--seed", "13", "--shoes", "500", "-o", str(out)], capsys)
    assert code == 0, err
    shoes = out.read_text().split("# shoe ")[1:]
    copies = tmp_path / "copies.txt"
    copies.write_text("".join(f"# shoe {shoe}" for _ in range(4) for shoe in shoes))
    document = _study([str(copies)], tmp_path, capsys)
    first = document["conclusions"][0]
    assert first.startswith("These records repeat shoes: 1,500 of 2,000 shoes copy an earlier one")
    assert document["data"]["repeated"] == 1500
    if document["fairness"]["alarm"]:
        assert "The copies are the cause of the alarm below" in first
    # Fair copies never close with the sentence only fair records support.
    assert document["conclusions"][-1] == document["notice"]


def test_a_shoe_within_its_decks_passes_and_a_rank_beyond_them_does_not() -> None:
    def hand(text: str) -> Hand:
        player, banker = text.split(" / ")
        return Hand.from_coup(
            Coup(tuple(map(Card.parse, player.split())), tuple(map(Card.parse, banker.split())))
        )

    eight = [hand("9c Kc / Qs 8d")] * 8
    assert impossible(eight, 8) is None
    assert (
        impossible([*eight, hand("9c Kc / Qs 8d")], 8)
        == "uses 9 × 8d, 9 × 9c, 9 × Kc and 9 × Qs, more than 8 decks hold (8 of each card)"
    )
    # Without suits, a rank holds 4 cards a deck.
    plain = [hand("9 K / Q 8")] * 33
    assert impossible(plain, 8) == "uses 33 cards of rank 8, more than 8 decks hold (32)"
    assert impossible(plain, 9) is None
    shoes = [RecordedShoe("a", n, tuple(eight)) for n in (1, 2)]
    kept, checked = check_records(shoes, decks=8, keep_going=False)
    assert checked.repeated == 1 and len(kept) == 2


def test_coups_the_exact_part_cannot_count_are_said_not_dropped() -> None:
    from roads.game.shoe import Shoe
    from roads.study import StudyInput, run_study
    from roads.study.dealer import RecordedDealer, SeededDealer, ShoeRecord
    from roads.study.document import Origin

    (whole,) = SeededDealer(Shoe(8), 5)(0, 1, True)
    assert whole.cards is not None and whole.ranks is not None
    # The last 5 coups' cards unknown: the exact part stops 5 coups early.
    cut = ShoeRecord(whole.outcomes, whole.cards[:-5], whole.burn, whole.ranks[:-5])
    data = StudyInput(RecordedDealer((cut,)), 1, Origin(source="recorded", inputs=("x",), shoes=1))
    document = run_study(data, engine="python", exact_shoes=1)
    removal = document.card_removal
    assert removal is not None
    assert removal.coups == len(whole.outcomes) - 5
    assert removal.left_out == 5
    assert "5 coups of these shoes could not be counted exactly" in " ".join(document.conclusions)
    full = run_study(
        StudyInput(RecordedDealer((whole,)), 1, data.data), engine="python", exact_shoes=1
    )
    assert full.card_removal is not None and full.card_removal.left_out is None


def test_keep_going_is_for_recorded_shoes(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["study", "--shoes", "5", "--keep-going", "-o", "-"], capsys)
    assert code == 2
    assert "--keep-going applies to recorded shoes (INPUT)" in err
