"""The keyboard logger: its keys as a state machine, the real application driven through a pipe,
and the screen as a terminal shows it (tmux)."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import time
import warnings
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from strategies import shoes

from roads.drawing.text import board_text
from roads.game.coup import Outcome
from roads.hands import journal as journal_module
from roads.hands.hand import Hand
from roads.hands.journal import Journal, read_journal
from roads.hands.notation import parse_notation
from roads.live.keys import KeyLogger
from roads.live.mirror import Mirror
from roads.live.screen import arrange, visible_width
from roads.notice import NOTICE
from roads.scoreboard import Scoreboard


def logger_on(tmp_path: Path, bankroll: int | None = None, **kwargs: Mirror) -> KeyLogger:
    journal = Journal(tmp_path / "j.jsonl")
    if bankroll is not None:
        journal.set_bankroll(bankroll)
    return KeyLogger(journal, **kwargs)


def logged(logger: KeyLogger) -> str:
    """The current shoe as the file holds it."""
    return "".join(hand.notation for hand in read_journal(logger.journal.path).hands())


def mode_of(logger: KeyLogger) -> str:
    return logger.mode


def footer_text(logger: KeyLogger, width: int = 80) -> str:
    return "\n".join("".join(text for _, text in line) for line in logger.footer(width))


# -- the keys ----------------------------------------------------------------------------------


def test_result_keys_take_the_marked_flags_then_clear_them(tmp_path: Path) -> None:
    logger = logger_on(tmp_path)
    for key in "b1np22tP":
        logger.press(key)
    assert logged(logger) == "BPbnTP"
    assert logger.message == "Logged coup 4 of shoe 1: Player."
    logger.press("1")
    assert "marks: banker pair" in footer_text(logger)
    logger.press("escape")
    assert "marks: none" in footer_text(logger)


def test_undo_and_new_shoe(tmp_path: Path) -> None:
    logger = logger_on(tmp_path)
    for key in "bptu":
        logger.press(key)
    assert logged(logger) == "BP" and logger.message == "Took back coup 3 of shoe 1: Tie."
    logger.press("s")
    assert logged(logger) == "" and "Coup 1 of shoe 2" in footer_text(logger)
    logger.press("u")  # an empty new shoe is taken back
    assert logged(logger) == "BP" and "back to shoe 1" in logger.message
    for _ in range(3):
        logger.press("u")
    assert logger.failed and logger.message.startswith("nothing to undo")
    assert "nothing logged" in logger.message and logged(logger) == ""


def test_card_entry_checks_the_draw_and_stays_open(tmp_path: Path) -> None:
    logger = logger_on(tmp_path)
    logger.press("c")
    assert logger.mode == "cards" and logger.prompt().startswith("Cards, Player first")
    assert not logger.submit("2h 3d 8c / Ks 3h 4c")
    assert logger.failed
    assert logger.message == (
        "Banker on 3 must stand when the Player's third card is an 8 — nothing logged"
    )
    assert logged(logger) == ""
    assert not logger.submit("2h 3d 8x / Ks 3h")
    assert "8x" in logger.message and logged(logger) == ""
    assert logger.submit("2h 3d 8c / Ks 3h")
    assert logger.message == "Logged coup 1 of shoe 1: Tie 3 to 3 (2h 3d 8c / Ks 3h)."
    assert logger.submit("9s 9d / 4h 3c")
    assert logged(logger) == "TPpn" and logger.mode == "cards"
    logger.cancel()
    assert mode_of(logger) == "keys"


def test_practice_bets_need_a_bankroll(tmp_path: Path) -> None:
    logger = logger_on(tmp_path)
    logger.press("$")
    assert logger.mode == "keys" and logger.failed and "--bankroll" in logger.message
    assert "$ practice bet" not in logger.help()
    assert "Practice balance" not in footer_text(logger)


def test_practice_bets_are_staked_settled_and_shown(tmp_path: Path) -> None:
    logger = logger_on(tmp_path, bankroll=1000)
    assert "Practice balance (play money): 1,000.00" in footer_text(logger)
    logger.press("$")
    assert logger.mode == "bet" and "play money" in logger.prompt()
    assert not logger.submit("banker 5000")
    assert "more than the 1,000.00 of play money left" in logger.message
    assert logger.submit("banker 10")
    assert mode_of(logger) == "keys"
    assert logger.message == "Practice bet (play money): 10.00 on Banker."
    assert "on the table: Banker 10.00" in footer_text(logger, 120)
    logger.press("b")
    assert logger.message == (
        "Logged coup 1 of shoe 1: Banker. Practice bets settled: +9.50 (play money)."
    )
    assert "Practice balance (play money): 1,009.50" in footer_text(logger)
    assert logger.journal.session.balance == Fraction(2019, 2)


def test_the_footer_always_carries_the_notice_and_the_keys(tmp_path: Path) -> None:
    logger = logger_on(tmp_path, bankroll=5)
    for width in (40, 80, 200):
        lines = logger.footer(width)
        assert lines[-1] == [("notice", NOTICE)]
        assert all(sum(len(text) for _, text in line) <= max(width, len(NOTICE)) for line in lines)
        joined = " ".join("".join(text for _, text in line) for line in lines)
        for key in ("b p t result", "u undo", "s new shoe", "c cards", "$ practice bet", "q quit"):
            assert key in joined


def test_unknown_keys_and_quit(tmp_path: Path) -> None:
    logger = logger_on(tmp_path)
    logger.press("x")
    assert logger.failed and "'x' is not a key" in logger.message
    logger.press("b")
    logger.press("c-m")  # Enter, and other named keys, do nothing
    assert logger.message == "Logged coup 1 of shoe 1: Banker."
    logger.press("q")
    assert logger.done and logged(logger) == "B"


def test_it_follows_other_writers(tmp_path: Path) -> None:
    logger = logger_on(tmp_path)
    logger.press("b")
    other = Journal(logger.journal.path)
    other.add(Hand(Outcome.PLAYER))
    assert logger.refresh()
    assert [h.outcome for h in logger.board.hands] == [Outcome.BANKER, Outcome.PLAYER]
    assert not logger.refresh()
    logger.press("t")
    assert logged(logger) == "BPT"


def test_warnings_go_to_the_status_line_not_the_terminal(tmp_path: Path) -> None:
    logger = logger_on(tmp_path)
    logger.press("b")
    with logger.journal.path.open("ab") as file:
        file.write(b'{"event": "co')
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning escaping to the terminal fails the test
        logger.press("p")
    assert "cutting off a torn last line" in logger.message and not logger.failed
    assert logged(logger) == "BP"


def test_a_failed_write_is_shown_and_nothing_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    logger = logger_on(tmp_path)
    logger.press("b")

    def full_disk(fd: int, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(journal_module, "_write_all", full_disk)
    logger.press("p")
    assert logger.failed
    assert logger.message == "No space left on device — nothing logged"
    assert logged(logger) == "B" and logger.board.stats.hands == 1


def test_a_failed_render_says_so_after_the_coup_is_logged(tmp_path: Path) -> None:
    (tmp_path / "gone").mkdir()
    logger = logger_on(tmp_path, mirror=Mirror(tmp_path / "gone" / "board.png"))
    shutil.rmtree(tmp_path / "gone")
    logger.press("b")
    assert logger.failed and logged(logger) == "B"
    assert logger.message.startswith("Logged coup 1 of shoe 1: Banker. Could not render")


def test_render_follows_every_change(tmp_path: Path) -> None:
    image = tmp_path / "board.svg"
    logger = logger_on(tmp_path, mirror=Mirror(image))
    assert image.read_text().count('class="mark bead-plate ') == 0
    for count, key in enumerate("bppt", start=1):
        logger.press(key)
        assert image.read_text().count('class="mark bead-plate ') == count
    logger.press("u")
    assert image.read_text().count('class="mark bead-plate ') == 3


# -- the board fitted to the terminal ----------------------------------------------------------


@given(hands=shoes)
@settings(max_examples=60)
def test_the_board_fits_an_80_by_24_terminal(hands: list[Hand]) -> None:
    board = Scoreboard(hands)
    lines = arrange(board, 80, 18)
    assert len(lines) <= 18
    assert max(map(visible_width, lines)) <= 80
    text = "\n".join(lines)
    for title in ("Bead plate", "Big road", "Big Eye Boy", "Small Road", "Cockroach Pig"):
        assert title in text
    assert "if the next coup is Player" in text


def test_a_tall_terminal_shows_the_board_as_roads_show_does() -> None:
    board = Scoreboard(parse_notation("BPPBTTPBBBPPBPTB" * 3))
    lines = arrange(board, 120, 60)
    expected = board_text(board, ansi=True, columns=(120 - 1) // 3)
    assert "\n".join(lines) + "\n\n" + NOTICE + "\n" == expected


# -- the real application, through a pipe ------------------------------------------------------


def drive(logger: KeyLogger, steps: list[str | Callable[[], None]]) -> int:
    """Run the application on ``logger``, typing each string step (and waiting for the redraw)
    and calling each other step; return how many times the screen was drawn. The last step must
    make it quit."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from roads.live.logger import build_application

    async def main() -> int:
        with create_pipe_input() as pipe:
            app = build_application(logger, input=pipe, output=DummyOutput())
            drawn = asyncio.Event()
            app.after_render += lambda _: drawn.set()
            running = asyncio.ensure_future(app.run_async(handle_sigint=False))
            await asyncio.wait_for(drawn.wait(), 10)
            for step in steps:
                if callable(step):
                    step()
                    continue
                drawn.clear()
                pipe.send_text(step)
                await asyncio.wait_for(drawn.wait(), 10)
            await asyncio.wait_for(running, 10)
            return app.render_counter

    # A thread of its own: the browser tests leave Playwright's event loop running in this one.
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, main()).result(timeout=60)


def test_the_application_logs_keys_cards_and_bets(tmp_path: Path) -> None:
    logger = logger_on(tmp_path, bankroll=100)

    def check(expected: str, mode: str) -> Callable[[], None]:
        def step() -> None:
            assert logged(logger) == expected and logger.mode == mode, logger.message

        return step

    renders = drive(
        logger,
        [
            "b",
            check("B", "keys"),
            "1",
            "p",
            check("BPb", "keys"),
            "c",
            check("BPb", "cards"),
            "2h 3d 8c / Ks 3h 4c\r",  # a wrong draw: nothing logged, the field keeps it
            check("BPb", "cards"),
            "\x7f" * 3 + "\r",  # backspace the 4c away
            check("BPbT", "cards"),
            "bpt",  # typed into the field, not taken as keys
            check("BPbT", "cards"),
            "\x1b",
            check("BPbT", "keys"),
            "$",
            "tie 10\r",
            check("BPbT", "keys"),
            "t",
            check("BPbTT", "keys"),
            "u",
            "s",  # refused: the tie bet is open again
            check("BPbT", "keys"),
            "u",
            "s",
            check("", "keys"),
            "q",
        ],
    )
    assert renders >= 15
    first = read_journal(logger.journal.path).hands(shoe=1)
    assert [hand.notation for hand in first] == ["B", "Pb", "T"]
    assert str(first[2].coup) == "2h 3d 8c / Ks 3h"
    assert logger.journal.session.balance == 100  # the tie bet was taken back


def test_control_c_quits(tmp_path: Path) -> None:
    logger = logger_on(tmp_path)
    drive(logger, ["b", "\x03"])
    assert logged(logger) == "B"


# -- the screen in a real terminal -------------------------------------------------------------

TMUX = shutil.which("tmux")


def test_the_screen_in_tmux(tmp_path: Path) -> None:
    if TMUX is None:
        if os.environ.get("ROADS_CI") == "1":
            pytest.fail("tmux is not installed (apt-get install tmux)")
        pytest.skip("tmux is not installed")
    assert TMUX is not None
    socket = f"roads-test-{os.getpid()}"
    journal = tmp_path / "table.jsonl"
    command = f"{sys.executable} -m roads log {journal} --bankroll 100"

    def tmux(*args: str) -> str:
        return subprocess.run(
            [TMUX, "-L", socket, *args], capture_output=True, text=True, check=False
        ).stdout

    def screen_shows(text: str, timeout: float = 15) -> str:
        deadline = time.monotonic() + timeout
        while True:
            shown = tmux("capture-pane", "-p", "-t", "log")
            if text in shown or time.monotonic() > deadline:
                assert text in shown, shown
                return shown
            time.sleep(0.05)

    tmux("new-session", "-d", "-s", "log", "-x", "80", "-y", "24", command)
    try:
        screen_shows("press b, p or t")
        tmux("send-keys", "-t", "log", "$")
        screen_shows("Practice bet with play money")
        tmux("send-keys", "-t", "log", "banker 10", "Enter")
        screen_shows("on Banker")
        for key in ("b", "1", "p", "t", "b"):
            tmux("send-keys", "-t", "log", key)
        shown = screen_shows("Logged coup 4 of shoe 1: Banker.")
        lines = shown.splitlines()
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
        for text in (
            "Coups 4 · Banker 2 · Player 1 · Tie 1",
            "Bead plate",
            "Big road",
            "Big Eye Boy",
            "Cockroach Pig",
            "if the next coup is Player",
            "Practice balance (play money): 109.50",
            "b p t result",
            NOTICE,
        ):
            assert text in shown
        assert lines[-1].strip() == NOTICE
        bead = lines[lines.index(next(line for line in lines if "Bead plate" in line)) + 1]
        assert bead.split()[:2] == ["B", "B"]  # the first column: Banker, Player with b pair
        tmux("send-keys", "-t", "log", "q")
        deadline = time.monotonic() + 10
        while "log" in tmux("list-sessions") and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        tmux("kill-server")
    assert "".join(h.notation for h in read_journal(journal).hands()) == "BPbTB"
