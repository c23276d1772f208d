"""``roads log`` from options and standard input, and the other commands reading a journal."""

from __future__ import annotations

import contextlib
import json
import re
import signal
import subprocess
import sys
import threading
import warnings
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import IO

import pytest
from command_line import is_one_error, run, run_process

from roads.game.coup import Outcome
from roads.game.shoe import Shoe
from roads.hands.hand import Hand
from roads.hands.journal import Journal, read_journal
from roads.hands.notation import parse_notation

HEADER = '{"roads": "journal", "version": 1}\n'


def notation(path: Path, shoe: int | None = None) -> str:
    return "".join(hand.notation for hand in read_journal(path).hands(shoe=shoe))


def bead_marks(svg: str) -> int:
    return len(re.findall(r'class="mark bead-plate ', svg))


def assert_one_line_error(code: int, out: str, err: str, message: str) -> None:
    assert code == 2
    assert out == ""
    assert is_one_error(err), err
    assert message in err, err
    assert "Traceback" not in err


# -- options -----------------------------------------------------------------------------------


def test_add_logs_results_and_confirms_on_stderr_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.jsonl"
    code, out, err = run(["log", str(path), "--add", "BPbTn P"], capsys)
    assert (code, out) == (0, "")
    assert err == "Logged coups 1–4 of shoe 1: B Pb Tn P\n"
    assert notation(path) == "BPbTnP"
    code, out, err = run(["log", str(path), "--add", "B", "-q"], capsys)
    assert (code, out, err) == (0, "", "")
    assert notation(path) == "BPbTnPB"


def test_actions_are_logged_in_the_order_typed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """README's line: the results, then the coup of the cards (a tie), not the cards first."""
    path = tmp_path / "game.jsonl"
    code, _, err = run(["log", str(path), "--add", "BPbT", "--cards", "2h 3d 8c / Ks 3h"], capsys)
    assert code == 0, err
    assert err == "Logged coups 1–4 of shoe 1: B Pb T T\n"
    # Repeated options interleave; a bet is settled by the coup typed after it.
    args = ["--bankroll", "100", "--cards", "Ad 2c 3s / 7h Kc", "--bet", "player:10"]
    args += ["--add", "P", "--bet", "banker:10", "--add", "B", "--new-shoe", "--add", "T"]
    code, _, err = run(["log", str(path), *args], capsys)
    assert code == 0, err
    assert notation(path, shoe=1) == "BPbTTBPB"
    assert notation(path, shoe=2) == "T"
    assert read_journal(path).balance == 100 + 10 + 9.5
    # The undo typed last takes back the B typed before it, and the bet it settled is open.
    code, _, err = run(["log", str(path), "--bet", "tie:5", "--add", "B", "--undo"], capsys)
    assert code == 0, err
    assert read_journal(path).open_bets
    assert notation(path, shoe=2) == "T"


def test_cards_are_checked_and_decide_the_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.jsonl"
    code, _, err = run(["log", str(path), "--cards", "2h 3d 8c / Ks 3h"], capsys)
    assert code == 0 and "Tie 3 to 3 (2h 3d 8c / Ks 3h)" in err
    (hand,) = read_journal(path).hands()
    assert hand.coup is not None and hand.outcome is Outcome.TIE
    before = path.read_bytes()
    code, out, err = run(["log", str(path), "--cards", "2h 3d 8c / Ks 3h 4c"], capsys)
    assert_one_line_error(
        code, out, err, "Banker on 3 must stand when the Player's third card is an 8"
    )
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--add", "BPx"], "--add: position 3: unexpected 'x'"),
        (["--add", "   "], "--add: give results"),
        (["--cards", "2h 3d"], "--cards: '2h 3d' is not a coup"),
        (["--cards", "2h 3d / Ks 3h 4c"], "Player on 5 must draw"),
        (["--bet", "banker"], "--bet: write a practice bet as ON STAKE"),
        (["--bet", "horse:5", "--bankroll", "10"], "cannot bet on 'horse'"),
        (["--bet", "banker:5"], "set a practice bankroll"),
        (["--bankroll", "0"], "not a positive amount"),
        (["--render", "board.gif", "--add", "B"], "cannot write the image as '.gif'"),
    ],
)
def test_bad_options_exit_2_with_one_line_and_create_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    path = tmp_path / "game.jsonl"
    code, out, err = run(["log", str(path), *args], capsys)
    assert_one_line_error(code, out, err, message)
    assert not path.exists() or path.read_text() == HEADER
    assert sorted(p.name for p in tmp_path.iterdir()) in ([], ["game.jsonl"])


def test_actions_are_all_or_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.jsonl"
    run(["log", str(path), "--add", "BP"], capsys)
    before = path.read_bytes()
    for args in (
        ["--bankroll", "100", "--bet", "banker:500", "--add", "B"],
        ["--new-shoe", "--bankroll", "50", "--bet", "tie:20", "--bet", "tie:31", "--add", "T"],
    ):
        code, out, err = run(["log", str(path), *args], capsys)
        assert_one_line_error(code, out, err, "of play money left")
        assert path.read_bytes() == before


def test_undo_with_nothing_to_undo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.jsonl"
    Journal(path)
    code, out, err = run(["log", str(path), "--undo"], capsys)
    assert_one_line_error(code, out, err, "nothing to undo")
    assert path.read_text() == HEADER


def test_undo_new_shoe_bets_in_one_go(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.jsonl"
    run(["log", str(path), "--add", "BPT"], capsys)
    code, _, err = run(
        [
            "log",
            str(path),
            "--bankroll",
            "1000",
            "--undo",
            "--new-shoe",
            "--bet",
            "banker:10",
            "--bet",
            "player_pair:5",
            "--add",
            "BpP",
        ],
        capsys,
    )
    assert code == 0
    assert err.splitlines() == [
        "Practice bankroll (play money): 1,000.00",
        "Took back coup 3 of shoe 1: Tie",
        "Started shoe 2",
        "Practice bet (play money): 10.00 on Banker",
        "Practice bet (play money): 5.00 on Player pair",
        "Logged coups 1–2 of shoe 2: Bp P",
        "Practice bets settled: +64.50 (play money)",
        "Practice balance (play money): 1,064.50",
    ]
    session = read_journal(path)
    assert notation(path, shoe=1) == "BP" and notation(path) == "BpP"
    assert session.balance == 1064.5
    # the same bankroll again carries on; another starts over
    run(["log", str(path), "--bankroll", "1000", "--add", "T"], capsys)
    assert read_journal(path).balance == 1064.5
    run(["log", str(path), "--bankroll", "200", "--add", "T"], capsys)
    assert read_journal(path).balance == 200


def test_a_file_that_is_not_a_journal_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "results.txt"
    path.write_text("BPBPT")
    code, out, err = run(["log", str(path), "--add", "B"], capsys)
    assert_one_line_error(code, out, err, "not a roads journal")
    assert path.read_text() == "BPBPT"


def test_logging_draws_nothing_unless_asked(tmp_path: Path) -> None:
    probe = (
        "import sys; from roads.cli import main\n"
        f"try:\n    main(['log', {str(tmp_path / 'j.jsonl')!r}, '--add', 'BPPT'])\n"
        "except SystemExit:\n    pass\n"
        "sys.stdout.write(repr(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('PIL', 'svgwrite', 'prompt_toolkit'))))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert result.stdout == "[]"


# -- standard input ----------------------------------------------------------------------------


def test_lines_on_standard_input(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    lines = [
        "# dealt at the kitchen table",
        "BP",
        "",
        "2h 3d 8c / Ks 3h",
        "undo",
        "Pbn",
        "shoe",
        "bankroll 100",
        "bet tie 10",
        "T",
    ]
    result = run_process("log", str(path), stdin="\n".join(lines) + "\n")
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    assert notation(path, shoe=1) == "BPPbn" and notation(path) == "T"
    assert read_journal(path).balance == 180
    assert "Practice balance (play money): 180.00" in result.stderr


def test_a_bad_line_stops_at_its_number_and_keeps_the_lines_before(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    result = run_process("log", str(path), "-q", stdin="BB\nP\nPPq\nT\n")
    assert_one_line_error(
        result.returncode, result.stdout, result.stderr, "<stdin>:3: column 3: unexpected 'q'"
    )
    assert notation(path) == "BBP"
    result = run_process("log", str(path), "-q", stdin="T\nundo\nundo\nundo\nundo\nundo\n")
    assert_one_line_error(
        result.returncode, result.stdout, result.stderr, "<stdin>:6: nothing to undo"
    )
    assert notation(path) == ""
    result = run_process("log", str(path), "-q", stdin="B\n5h 5d / 9s 9c 2h\n")
    assert_one_line_error(
        result.returncode, result.stdout, result.stderr, "<stdin>:2: Banker has a natural 8"
    )
    assert notation(path) == "B"


def test_roads_log_killed_mid_stream_keeps_every_confirmed_coup(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    coups = [str(coup) for seed in range(30) for coup in Shoe(8, 14).deal(seed, 0).coups]
    with subprocess.Popen(
        [sys.executable, "-m", "roads", "log", str(path)],
        stdin=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        stdin, stderr = process.stdin, process.stderr
        assert stdin is not None and stderr is not None
        feeder = threading.Thread(target=lambda: feed(stdin, coups), daemon=True)
        feeder.start()
        confirmed = 0
        for line in stderr:
            confirmed += line.startswith("Logged coup")
            if confirmed == 40:
                process.send_signal(signal.SIGKILL)
                break
        confirmed += sum(line.startswith("Logged coup") for line in stderr)
        process.wait(timeout=30)
        feeder.join(timeout=30)
    assert process.returncode == -signal.SIGKILL
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        logged = [str(hand.coup) for hand in read_journal(path).hands()]
    # The kill may land in the middle of a write: the reader then says so, and only that.
    assert all("ignoring a torn last line" in str(warning.message) for warning in said), said
    assert confirmed <= len(logged) <= confirmed + 1
    assert logged == coups[: len(logged)]


def feed(stream: IO[str], lines: list[str]) -> None:
    with contextlib.suppress(BrokenPipeError, ValueError):
        for line in lines:
            stream.write(line + "\n")
            stream.flush()


def test_standard_input_must_be_utf8(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    result = subprocess.run(
        [sys.executable, "-m", "roads", "log", str(path), "-q"],
        input=b"\xef\xbb\xbfBP\nT\xff\n",
        capture_output=True,
        check=False,
    )
    assert_one_line_error(
        result.returncode, result.stdout.decode(), result.stderr.decode(), "<stdin>:2: not UTF-8"
    )
    assert notation(path) == "BP"


def test_help_says_what_stays_logged_after_a_bad_line() -> None:
    result = run_process("log", "--help")
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    assert "A bad line stops with exit code 2 and is not logged" in text
    assert "the lines before it were confirmed and stay logged" in text
    assert "practice with play money" in text


# -- --render ----------------------------------------------------------------------------------


def test_render_follows_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, board = tmp_path / "game.jsonl", tmp_path / "board.svg"
    run(["log", str(path), "--add", "BPPT", "--render", str(board)], capsys)
    assert bead_marks(board.read_text()) == 4
    run(["log", str(path), "--new-shoe", "--add", "B", "--render", str(board)], capsys)
    assert bead_marks(board.read_text()) == 1
    png = tmp_path / "board.png"
    run(["log", str(path), "--undo", "--render", str(png)], capsys)
    assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.png", "board.svg", "game.jsonl"]


def test_render_is_replaced_whole_after_every_line(tmp_path: Path) -> None:
    """A reader polling the image while lines arrive sees only whole SVG documents, and sees
    the board grow one coup at a time."""
    path, board = tmp_path / "game.jsonl", tmp_path / "board.svg"
    process = subprocess.Popen(
        [sys.executable, "-m", "roads", "log", str(path), "-q", "--render", str(board)],
        stdin=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert process.stdin is not None
    seen: set[int] = set()
    torn: list[int] = []
    stop = threading.Event()
    new_sight = threading.Condition()

    def watch() -> None:
        while not stop.is_set():
            try:
                data = board.read_bytes()
            except FileNotFoundError:
                continue
            try:
                ET.fromstring(data)
            except ET.ParseError:
                torn.append(len(data))
            with new_sight:
                seen.add(bead_marks(data.decode()))
                new_sight.notify_all()

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        for count in range(13):
            with new_sight:
                new_sight.wait_for(lambda: count in seen, timeout=20)  # noqa: B023
            if count < 12:
                process.stdin.write("BPT"[count % 3] + "\n")
                process.stdin.flush()
        process.stdin.close()
        assert process.wait(timeout=30) == 0
    finally:
        stop.set()
        watcher.join()
    assert torn == []
    assert set(range(13)) <= seen
    assert bead_marks(board.read_text()) == 12


# -- the commands that read a journal ----------------------------------------------------------


@pytest.fixture
def two_shoes(tmp_path: Path) -> Path:
    """A journal named like a plain hands file, with two shoes."""
    path = tmp_path / "game.jsonl"
    journal = Journal(path)
    for hand in parse_notation("BPPBT"):
        journal.add(hand)
    journal.new_shoe()
    for hand in parse_notation("PbP"):
        journal.add(hand)
    return path


@pytest.mark.parametrize(
    ("args", "hands"), [([], 2), (["--shoe", "1"], 5), (["--shoe", "2"], 2), (["--all"], 7)]
)
def test_export_reads_a_journal_whatever_its_name(
    two_shoes: Path, capsys: pytest.CaptureFixture[str], args: list[str], hands: int
) -> None:
    code, out, _ = run(["export", str(two_shoes), *args], capsys)
    assert code == 0 and json.loads(out)["stats"]["hands"] == hands
    renamed = two_shoes.with_name("session.txt")
    renamed.write_bytes(two_shoes.read_bytes())
    code, out, _ = run(["export", str(renamed), *args], capsys)
    assert code == 0 and json.loads(out)["stats"]["hands"] == hands


def test_render_and_show_read_the_shoe_asked_for(
    two_shoes: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = tmp_path / "b.svg"
    assert run(["render", str(two_shoes), "--shoe", "1", "-o", str(image)], capsys)[0] == 0
    assert bead_marks(image.read_text()) == 5
    code, out, _ = run(["show", str(two_shoes), "--all"], capsys)
    assert code == 0 and out.startswith("Coups 7 · Banker 2 · Player 4 · Tie 1")


def test_journal_only_options_and_missing_shoes(
    two_shoes: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["export", str(two_shoes), "--shoe", "3"], capsys)
    assert_one_line_error(code, out, err, "there is no shoe 3: the journal holds 2")
    plain = tmp_path / "plain.txt"
    plain.write_text("BPB\n")
    code, out, err = run(["export", str(plain), "--shoe", "2"], capsys)
    assert_one_line_error(code, out, err, "there is no shoe 2: it holds 1")


def test_a_torn_tail_is_a_one_line_warning_for_readers(
    two_shoes: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with two_shoes.open("ab") as file:
        file.write(b'{"event": "coup", "outcome"')
    code, out, err = run(["show", str(two_shoes)], capsys)
    assert code == 0 and out.startswith("Coups 2 ·")
    assert err.splitlines() == [
        f"roads show: warning: {two_shoes}: ignoring a torn last line (line 10), "
        "left by a write that did not finish"
    ]
    result = run_process("export", "-", stdin=two_shoes.read_text())
    assert result.returncode == 0 and json.loads(result.stdout)["stats"]["hands"] == 2
    assert "<stdin>: ignoring a torn last line" in result.stderr


def test_a_torn_tail_is_cut_by_the_next_log(
    two_shoes: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    intact = two_shoes.read_bytes()
    with two_shoes.open("ab") as file:
        file.write(b'{"event": "co')
    code, _, err = run(["log", str(two_shoes), "--add", "T"], capsys)
    assert code == 0 and "roads log: warning:" in err and "cutting off a torn last line" in err
    assert two_shoes.read_bytes().startswith(intact)
    assert read_journal(two_shoes).hands() == [*parse_notation("PbP"), Hand(Outcome.TIE)]
