"""PRACTICE.md's worked example driven through the command line (issue 36): its balances, boxes
and statement, in ``box`` and in ``collect`` mode, and every refusal it lists, each with the
journal's bytes unchanged. The figures are the spec's, written here by hand."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from command_line import is_one_error, run

from roads.hands.journal import read_journal

ROOT = Path(__file__).resolve().parents[2]
TABLES = {
    "box": ROOT / "examples" / "home-table.toml",
    "collect": ROOT / "examples" / "home-table-collect.toml",
}

# (seat, bets) placed before each coup, the coup, and after it each seat's (balance, box) as
# PRACTICE.md's table gives them (box mode; collect mode has no box and pays 19/20 at once).
COUPS = [
    ([(1, ["banker:100"]), (2, ["player:50", "tie:10"])], "B", {1: (1100, 5), 2: (440, 0)}),
    (
        [(1, ["banker:200"]), (2, ["banker:40", "player_pair:5"])],
        "Bp",
        {1: (1300, 15), 2: (535, 2)},
    ),
    ([(1, ["tie:20", "banker:100"])], "T", {1: (1460, 15), 2: (535, 2)}),
]
AFTER_NEW_SHOE = {1: (1445, 0), 2: (533, 0)}
COLLECT = {1: [1095, 1285, 1445], 2: [440, 533, 533]}  # paid 95 and 190 on Ana's Banker bets

REFUSED = [
    (
        ["--seat", "2", "--bet", "banker:5"],
        "seat 2: a banker bet of 5 is below this table's minimum of 10",
    ),
    (
        ["--seat", "2", "--bet", "banker:600"],
        "seat 2: a banker bet of 600 is above this table's maximum of 500",
    ),
    (
        ["--seat", "2", "--bet", "player:500"],
        "seat 2: a player bet of 500 is more than the 440.00 of play money left",
    ),
    (["--seat", "3", "--bet", "banker:10"], "seat 3: a banker bet of 10: nobody sits at seat 3"),
    (
        ["--seat", "1", "--bet", "dragon_7:10"],
        "seat 1: a dragon_7 bet of 10: this table (standard) does not offer it",
    ),
    (["--seat", "8", "--join", "Cleo", "--bankroll", "100"], "seat 8: this table has seats 1 to 7"),
]


def log(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> str:
    code, _, err = run(["log", str(path), *args], capsys)
    assert code == 0, err
    return err


def seats(path: Path) -> Seats:
    session = read_journal(path)
    found: Seats = {}
    for number in session.seat_numbers():
        seat = session.seat(number)
        assert seat is not None
        found[number] = (seat.balance, seat.box)
    return found


Seats = dict[int, tuple[Fraction, Fraction]]


def play(
    capsys: pytest.CaptureFixture[str], path: Path, mode: str, *, refusals: bool = False
) -> list[Seats]:
    """The example's session in ``mode``; each coup's seats, as the journal replays them."""
    log(
        capsys,
        path,
        "--table",
        str(TABLES[mode]),
        "--seat",
        "1",
        "--join",
        "Ana",
        "--bankroll",
        "1000",
    )
    log(capsys, path, "--seat", "2", "--join", "Ben", "--bankroll", "500")
    after = []
    for number, (bets, result, _) in enumerate(COUPS):
        for seat, placed in bets:
            log(
                capsys,
                path,
                "--seat",
                str(seat),
                *(arg for bet in placed for arg in ("--bet", bet)),
            )
        log(capsys, path, "--add", result)
        after.append(seats(path))
        if refusals and number == 0:
            for args, said in REFUSED:
                before = path.read_bytes()
                code, out, err = run(["log", str(path), *args], capsys)
                assert code == 2 and out == "", err
                assert is_one_error(err) and said in err, err
                assert path.read_bytes() == before, args
    log(capsys, path, "--new-shoe")
    return after


def test_box_mode_gives_the_examples_balances_boxes_and_refusals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "home.jsonl"
    after = play(capsys, path, "box", refusals=True)
    assert after == [
        {seat: tuple(map(Fraction, pair)) for seat, pair in coup[2].items()} for coup in COUPS
    ]
    assert seats(path) == {
        seat: tuple(map(Fraction, pair)) for seat, pair in AFTER_NEW_SHOE.items()
    }


def test_collect_mode_pays_at_once_and_ends_at_the_same_balances(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "home.jsonl"
    after = play(capsys, path, "collect")
    for index, coup in enumerate(after):
        assert coup == {seat: (Fraction(COLLECT[seat][index]), Fraction(0)) for seat in (1, 2)}
    assert seats(path) == {
        seat: (Fraction(b), Fraction(0)) for seat, (b, _) in AFTER_NEW_SHOE.items()
    }


STATEMENT = [
    # seat, name, bankroll, staked, won, lost, pushed, commission, box, net, balance
    [1, "Ana", 1000, 420, 460, 0, 100, 15, 0, 445, 1445],
    [2, "Ben", 500, 105, 95, 60, 0, 2, 0, 33, 533],
]
FIELDS = [
    "seat",
    "name",
    "bankroll",
    "staked",
    "won",
    "lost",
    "pushed",
    "commission",
    "box",
    "net",
    "balance",
]


@pytest.mark.parametrize("mode", ["box", "collect"])
def test_the_statement_is_the_examples_in_text_and_json(
    mode: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "home.jsonl"
    play(capsys, path, mode)
    code, out, err = run(["statement", str(path), "--format", "json"], capsys)
    assert code == 0, err
    document = json.loads(out)
    assert [[line[field] for field in FIELDS] for line in document["seats"]] == STATEMENT
    assert document["house"] == {"net": -478}
    assert document["table"]["commission"] == mode
    assert document["notice"] == "Past results do not predict the next hand."
    code, out, err = run(["statement", str(path)], capsys)
    assert code == 0, err
    rows = [line.split() for line in out.splitlines()]
    assert [
        "1",
        "Ana",
        "1,000.00",
        "420.00",
        "460.00",
        "0.00",
        "100.00",
        "15.00",
        "0.00",
        "+445.00",
        "1,445.00",
    ] in rows
    assert [
        "2",
        "Ben",
        "500.00",
        "105.00",
        "95.00",
        "60.00",
        "0.00",
        "2.00",
        "0.00",
        "+33.00",
        "533.00",
    ] in rows
    assert ["House", "-478.00"] in rows
    assert "Past results do not predict the next hand." in out


def test_before_the_new_shoe_the_statement_shows_what_the_boxes_owe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "home.jsonl"
    play(capsys, path, "box")
    run(["log", str(path), "--undo"], capsys)  # the empty new shoe: the boxes owe again
    code, out, _ = run(["statement", str(path), "--format", "csv"], capsys)
    assert code == 0
    assert out.splitlines() == [
        ",".join(FIELDS),
        "1,Ana,1000,420,460,0,100,15,15,445,1445",
        "2,Ben,500,105,95,60,0,2,2,33,533",
        "house,,,,,,,,,-478,",
    ]
    assert seats(path) == {1: (Fraction(1460), Fraction(15)), 2: (Fraction(535), Fraction(2))}
