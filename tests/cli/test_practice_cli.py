"""A table of players on the command line and in the keyboard logger (issue 36): ``roads
statement``'s formats and options, the report's and the study's seats, the seat options of
``roads log`` that do not go together, and seats chosen and bets placed by keys in a real
terminal (tmux)."""

from __future__ import annotations

import csv
import io
import json
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from command_line import is_one_error, run
from terminal import Terminal

from roads.hands.journal import read_journal
from roads.hands.statement import statement_of

ROOT = Path(__file__).resolve().parents[2]
HOME = str(ROOT / "examples" / "home-table.toml")


@pytest.fixture
def game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Two shoes at the home table: Ana and Ben at the first, Ben and Cleo at the second."""
    path = tmp_path / "game.jsonl"
    for args in (
        ["--table", HOME, "--seat", "1", "--join", "Ana", "--bankroll", "1000"],
        ["--seat", "2", "--join", "Ben", "--bankroll", "500"],
        ["--seat", "1", "--bet", "banker:100"],
        ["--seat", "2", "--bet", "player:50"],
        ["--add", "B"],
        ["--seat", "1", "--leave"],
        ["--new-shoe"],
        ["--seat", "3", "--join", "Cleo", "--bankroll", "200"],
        ["--seat", "3", "--bet", "tie:10", "--add", "T"],
    ):
        code, _, err = run(["log", str(path), *args], capsys)
        assert code == 0, (args, err)
    return path


def test_the_statement_in_every_format_for_a_seat_and_a_shoe(
    game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["statement", str(game), "--format", "csv"], capsys)
    rows = list(csv.reader(io.StringIO(out)))
    assert rows == [
        [
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
        ],
        ["1", "Ana", "1000", "100", "100", "0", "0", "5", "0", "95", "1095"],
        ["2", "Ben", "500", "50", "0", "50", "0", "0", "0", "-50", "450"],
        ["3", "Cleo", "200", "10", "80", "0", "0", "0", "0", "80", "280"],
        ["house", "", "", "", "", "", "", "", "", "-125", ""],
    ]
    code, out, _ = run(["statement", str(game), "--shoe", "2", "--format", "json"], capsys)
    document = json.loads(out)
    assert document["shoe"] == 2 and document["coups"] == 1
    assert [(s["name"], s["bankroll"], s["net"]) for s in document["seats"]] == [
        ("Ben", 450, 0),
        ("Cleo", 200, 80),
    ]
    out_file = tmp_path / "ben.txt"
    code, out, _ = run(["statement", str(game), "--seat", "2", "-o", str(out_file)], capsys)
    assert code == 0 and out == ""
    text = out_file.read_text()
    assert "Ben" in text and "Ana" not in text and "House" in text
    code, out, _ = run(["statement", str(game), "--lang", "zh"], capsys)
    assert "结算单" in out and "赌场" in out and "过往结果不能预测下一局。" in out
    code, _, err = run(["statement", str(game), "--shoe", "3"], capsys)
    assert code == 2 and "there is no shoe 3" in err
    code, _, err = run(["statement", str(ROOT / "examples" / "short.txt")], capsys)
    assert code == 2 and is_one_error(err) and "is not a journal" in err


def test_the_report_shows_the_seats_and_the_study_audits_each_seat(
    game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "report.html"
    assert run(["report", str(game), "--all", "-o", str(page)], capsys)[0] == 0
    html = page.read_text()
    section = html[html.index('<section id="seats"') :]
    assert "Cleo" in section and "+80.00" in section and "-125.00" in section
    first = tmp_path / "first.html"
    assert run(["report", str(game), "--shoe", "1", "-o", str(first)], capsys)[0] == 0
    assert "Cleo" not in first.read_text()[first.read_text().index('<section id="seats"') :]
    study = tmp_path / "study.json"
    code, _, err = run(["study", str(game), "--exact-shoes", "0", "-o", str(study)], capsys)
    assert code == 0, err
    own = json.loads(study.read_text())["own_bets"]
    assert own["bets"] == 3 and own["net"] == 125
    assert [(s["seat"], s["players"], s["bets"], s["net"]) for s in own["seats"]] == [
        (1, ["Ana"], 1, 95),
        (2, ["Ben"], 1, -50),
        (3, ["Cleo"], 1, 80),
    ]


def test_a_journal_without_seats_keeps_its_report_and_study(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "old.jsonl"
    assert (
        run(["log", str(path), "--bankroll", "100", "--bet", "banker:10", "--add", "B"], capsys)[0]
        == 0
    )
    page = tmp_path / "r.html"
    assert run(["report", str(path), "-o", str(page)], capsys)[0] == 0
    assert 'id="seats"' not in page.read_text()
    study = tmp_path / "s.json"
    assert run(["study", str(path), "--exact-shoes", "0", "-o", str(study)], capsys)[0] == 0
    assert "seats" not in json.loads(study.read_text())["own_bets"]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--join", "Ana", "--bankroll", "10"], "--join NAME needs --seat N"),
        (["--seat", "2", "--join", "Ana"], "--join NAME needs --bankroll N"),
        (["--leave"], "--leave needs --seat N"),
        (["--seat", "2", "--bankroll", "10"], "--bankroll with --seat 2 needs --join NAME"),
        (["--seat", "16", "--leave"], "16 is not in the range 1<=x<=15"),
        (["--table", HOME, "--rules", "ez"], "give --table FILE or --rules"),
    ],
)
def test_seat_options_that_do_not_go_together_are_usage_errors(
    args: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "j.jsonl"
    code, _, err = run(["log", str(path), *args], capsys)
    assert code == 2 and is_one_error(err) and said in err, err
    assert not path.exists()


def test_the_keyboard_logger_selects_a_seat_and_places_its_bets_in_tmux(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(["log", str(game), "--hands", "10"], capsys)
    terminal = Terminal(f"{sys.executable} -m roads log {game}", 80, 30)
    try:
        terminal.shows("w seat")
        terminal.keys("w")
        terminal.shows("Seat for the next bets (1–7)")
        terminal.keys("3", "Enter")
        terminal.shows("Seat 3 (Cleo) places the next bets")
        terminal.keys("$")
        terminal.shows("Seat 3's practice bets")
        terminal.keys("banker 5, tie 5", "Enter")  # below the minimum: nothing logged
        terminal.shows("seat 3: a banker bet of 5 is below this table's minimum of 10")
        terminal.keys("C-u", "banker 20, tie 5", "Enter")
        shown = terminal.shows("on the table: Banker 20.00, Tie 5.00")
        assert "Seat 3 · Cleo · 280.00" in shown and "Hands left: 8 of 10" in shown
        terminal.keys("b")
        shown = terminal.shows("Seat 3 (Cleo): +14.00, balance 295.00")
        assert "Seat 3 · Cleo · 295.00 (box 1.00)" in shown
        assert "Hands left: 7 of 10" in shown
        terminal.quit()
    finally:
        terminal.close()
    session = read_journal(game)
    seat = session.seat(3)
    assert seat is not None and (seat.balance, seat.box) == (Fraction(295), Fraction(1))
    assert [line.name for line in statement_of(session).lines] == ["Ana", "Ben", "Cleo"]
