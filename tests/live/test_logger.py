"""The keyboard logger: its keys as a state machine, the real application driven through a pipe,
and the screen as a terminal shows it (tmux)."""

from __future__ import annotations

import os
import re
import shutil
import sys
import warnings
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from keyboard import drive, logged, logger_on
from strategies import shoes
from terminal import Terminal
from tiers import size

from roads.drawing.text import board_text
from roads.errors import RoadsError
from roads.game.coup import Outcome
from roads.grids.placement import ROWS
from roads.hands import journal as journal_module
from roads.hands.hand import Hand
from roads.hands.journal import Journal, coup_event, read_journal
from roads.hands.notation import parse_notation
from roads.live.keys import KeyLogger
from roads.live.mirror import Mirror
from roads.live.screen import arrange, visible_width, wrap
from roads.notice import NOTICE
from roads.scoreboard import Scoreboard
from roads.translations import LANGUAGES, TEXT_WORDS


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
    for width in (30, 40, 80, 200):
        lines = logger.footer(width)
        notice = [line for line in lines if line[0][0] == "notice"]
        assert lines[-len(notice) :] == notice  # last, and whole: wrapped, never cut off
        assert " ".join(text for line in notice for _, text in line) == NOTICE
        assert all(sum(visible_width(text) for _, text in line) <= width for line in lines)
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
@settings(max_examples=size(15, 60))
def test_the_board_fits_an_80_by_24_terminal(hands: list[Hand]) -> None:
    board = Scoreboard(hands)
    lines = arrange(board.roads, 80, 18)
    assert len(lines) <= 18
    assert max(map(visible_width, lines)) <= 80
    text = "\n".join(lines)
    for title in ("Bead plate", "Big road", "Big Eye Boy", "Small Road", "Cockroach Pig"):
        assert title in text
    assert "if the next coup is Player" in text


def test_a_tall_terminal_shows_the_board_as_roads_show_does() -> None:
    board = Scoreboard(parse_notation("BPPBTTPBBBPPBPTB" * 3))
    lines = arrange(board.roads, 120, 60)
    expected = board_text(board.roads, ansi=True, columns=(120 - 1) // 3)
    assert "\n".join(lines) + "\n\n" + NOTICE + "\n" == expected


# -- other languages: the logger's words, measured in terminal columns --------------------------


def test_display_width_counts_terminal_columns() -> None:
    # East Asian wide and fullwidth characters take two columns; ANSI codes none; the marks
    # the board draws (ambiguous width) one, as terminals draw them by default.
    assert visible_width("Bead plate") == 10
    assert visible_width("珠盘路") == 6
    assert visible_width("（r 红，b 蓝）") == 14
    assert visible_width("\x1b[31m庄\x1b[39m 10.00") == 8
    assert visible_width("·—○●╱─") == 6
    assert visible_width("") == 0


def test_wrap_measures_columns_and_breaks_chinese_anywhere() -> None:
    keys = "b p t 结果 · 1 庄对 · 2 闲对"  # 19 columns for the first two pieces, 14 characters
    assert wrap(keys, 19) == ["b p t 结果 · 1 庄对", "2 闲对"]
    assert wrap(keys, 18) == ["b p t 结果", "1 庄对 · 2 闲对"]
    notice = "过往结果不能预测下一局。"
    pieces = wrap(notice, 10, " ")
    assert "".join(pieces) == notice and len(pieces) == 3
    assert [visible_width(piece) for piece in pieces] == [10, 10, 4]
    assert wrap("Coup 1 of shoe 1", 80, " ") == ["Coup 1 of shoe 1"]


def chinese_screen(tmp_path: Path, lang: str, width: int, height: int) -> list[str]:
    """The screen's plain lines after a few coups and a bet, as the application stacks them."""
    logger = logger_on(tmp_path, bankroll=100, lang=lang)
    logger.press("$")
    assert logger.submit("banker 10")
    for key in "b1ptbpp":
        logger.press(key)
    footer = ["".join(text for _, text in line) for line in logger.footer(width)]
    body = logger.body(width, height - len(footer))
    return [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in body] + footer


@pytest.mark.parametrize(("width", "height"), [(80, 24), (50, 20), (120, 40)])
def test_the_chinese_screen_has_no_english_left_and_fits(
    tmp_path: Path, width: int, height: int
) -> None:
    lines = chinese_screen(tmp_path, "zh", width, height)
    text = "\n".join(lines)
    assert all(visible_width(line) <= width for line in lines), text
    for word in ("珠盘路", "大路", "局数 6", "练习余额（游戏币）"):
        assert word in text
    if height < 24:  # too short for the derived roads: they give way whole, and it says so
        assert "大眼仔" not in text and "没有空间显示下三路" in text
    else:
        assert all(word in text for word in ("大眼仔", "小路", "曱甴路", "若下一局为闲"))
    assert "已记录第 1 靴第 6 局：闲。" in text and "练习余额（游戏币）：109.50" in text
    assert "第 1 靴第 7 局 · 标记：无" in text and "q 退出" in text
    assert "过往结果不能预测下一局。" in text
    # Only the notice's English line (shipped with every Chinese board) and single key or mark
    # letters are Latin.
    assert re.findall(r"[A-Za-z]{2,}", text.replace(NOTICE, "")) == []


def test_the_chinese_board_is_aligned_by_columns(tmp_path: Path) -> None:
    lines = chinese_screen(tmp_path, "zh", 80, 24)
    title = next(i for i, line in enumerate(lines) if "珠盘路" in line and "大路" in line)
    # The big road's title sits over its first column: the bead plate beside it is padded to
    # its title's width in columns (six), not in characters (three).
    at = visible_width(lines[title][: lines[title].index("大路")])
    assert at == visible_width("珠盘路") + 3
    first_row = lines[title + 1]
    column = 0
    for char in first_row:
        if column == at + 1:
            assert char == "B", first_row
            break
        column += visible_width(char)
    else:
        raise AssertionError(first_row)
    # The balance is flush with the right edge, counted in columns.
    balance = next(line for line in lines if "练习余额" in line)
    assert visible_width(balance) == 80 and balance.startswith("第 1 靴第 7 局")


def test_every_word_of_the_logger_follows_the_language(tmp_path: Path) -> None:
    logger = logger_on(tmp_path, lang="zh-hant")
    assert logger.message == "記錄到 j.jsonl：每發一局，按 b、p 或 t。"
    logger.press("$")
    assert logger.failed and logger.message.startswith("練習下注需要本金")
    logger.press("x")
    assert logger.message == "'x' 不是記錄器的按鍵：請看下方的按鍵說明"
    logger.press("1")
    logger.press("n")
    assert "標記：莊對，例牌" in footer_text(logger)
    logger.press("c")
    assert (
        logger.prompt().startswith("牌面，先閒後莊")
        and logger.help() == "Enter 記錄 · Esc 返回按鍵"
    )
    assert "由牌面決定" in footer_text(logger)
    assert logger.submit("2h 3d 8c / Ks 3h")
    assert logger.message == "已記錄第 1 靴第 1 局：和 閒 3 對莊 3（2h 3d 8c / Ks 3h）。"
    assert not logger.submit("2h 3d 8x / Ks 3h")
    assert logger.message.endswith("——未記錄")
    logger.cancel()
    logger.press("u")
    assert logger.message.startswith("已撤銷第 1 靴第 1 局：和")
    logger.press("s")
    assert logger.message == "已開始第 2 靴。"
    assert "珠盤路" in "\n".join(logger.body(80, 18))


def test_an_unknown_language_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RoadsError, match="no language 'fr'") as raised:
        logger_on(tmp_path, lang="fr")
    assert raised.value.about == ("lang",)


def test_a_small_terminal_drops_whole_sections_never_half_grids() -> None:
    board = Scoreboard(parse_notation("BPbTBPPBBB"))
    for height, shown, gone, note in (
        (30, ["Big Eye Boy", "Ask road"], [], ""),
        (19, ["Big Eye Boy"], ["Ask road"], "No room for the ask road"),
        (13, ["Big road"], ["Big Eye Boy", "Ask road"], "No room for the derived roads"),
    ):
        lines = [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in arrange(board.roads, 50, height)]
        text = "\n".join(lines)
        assert len(lines) <= height and max(map(visible_width, lines)) <= 50, text
        assert all(word in text for word in shown) and not any(word in text for word in gone)
        assert (note in text) if note else "No room" not in text
        # Every grid shown has its six rows: each a line of cells, none cut off.
        titles = [i for i, line in enumerate(lines) if line.startswith(("Bead plate", "Big Eye"))]
        assert titles
        for title in titles:
            rows = lines[title + 1 : title + 1 + ROWS]
            assert len(rows) == ROWS and all(row.startswith(" ") and row.strip() for row in rows)


@given(
    hands=shoes,
    lang=st.sampled_from(["en", "zh", "zh-hant"]),
    height=st.integers(min_value=9, max_value=40),
)
@settings(max_examples=size(15, 60))
def test_the_board_fits_a_50_column_terminal_in_every_language(
    hands: list[Hand], lang: str, height: int
) -> None:
    lines = arrange(Scoreboard(hands[:60]).roads, 50, height, lang=lang)
    assert len(lines) <= height
    assert max(map(visible_width, lines), default=0) <= 50, "\n".join(lines)


def test_a_narrow_terminal_gets_the_short_prompts(tmp_path: Path) -> None:
    logger = logger_on(tmp_path, bankroll=10, lang="zh")
    logger.press("c")
    assert logger.prompt(80) == logger.prompt() == "牌面，先闲后庄（例如 2h 3d 8c / Ks 3h）："
    assert logger.prompt(50) == "牌面，先闲后庄："
    logger.cancel()
    logger.press("$")
    assert logger.prompt(40) == "练习下注：" and logger.prompt(80).startswith("用游戏币练习下注")
    (tmp_path / "en").mkdir()
    english = logger_on(tmp_path / "en")
    english.press("c")
    assert english.prompt(50) == "Cards, Player first: "
    assert english.prompt(66) == "Cards, Player first (e.g. 2h 3d 8c / Ks 3h): "


def test_ask_lines_wrap_under_their_label() -> None:
    board = Scoreboard(parse_notation("BPbTBPPBBB"))
    lines = [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in arrange(board.roads, 50, 40)]
    at = next(i for i, line in enumerate(lines) if line.startswith("Ask road"))
    assert lines[at : at + 2] == ["Ask road, not a forecast: what each derived road", "would add:"]
    assert lines[at + 2].startswith("  if the next coup is Banker: Big Eye Boy ")
    assert lines[at + 3].startswith("    Small Road ") and "Cockroach Pig" in lines[at + 3]
    assert max(map(visible_width, lines)) <= 50


# -- the real application, through a pipe ------------------------------------------------------


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


def test_the_screen_in_tmux(tmp_path: Path) -> None:
    journal = tmp_path / "table.jsonl"
    terminal = Terminal(f"{sys.executable} -m roads log {journal} --bankroll 100", 80, 24)
    try:
        terminal.shows("press b, p or t")
        terminal.keys("$")
        terminal.shows("Practice bet with play money")
        terminal.keys("banker 10", "Enter")
        terminal.shows("on Banker")
        terminal.keys("b", "1", "p", "t", "b")
        shown = terminal.shows("Logged coup 4 of shoe 1: Banker.")
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
        terminal.quit()
    finally:
        terminal.close()
    assert "".join(h.notation for h in read_journal(journal).hands()) == "BPbTB"


def test_the_chinese_screen_in_tmux(tmp_path: Path) -> None:
    """``--lang zh``: the board, the footer and the messages in Chinese, measured in terminal
    columns (a Chinese character takes two); the coups still reach the journal."""
    journal = tmp_path / "table.jsonl"
    command = f"{sys.executable} -m roads log {journal} --bankroll 100 --lang zh"
    terminal = Terminal(command, 80, 24)
    try:
        terminal.shows("每发一局")
        terminal.keys("$")
        terminal.shows("用游戏币练习下注")
        terminal.keys("banker 10", "Enter")
        terminal.shows("练习下注（游戏币）：庄 10.00。")
        terminal.keys("b", "1", "p", "t", "b")
        shown = terminal.shows("已记录第 1 靴第 4 局：庄。")
        terminal.keys("x")
        shown = terminal.shows("不是记录器的按键")
        lines = shown.splitlines()
        assert len(lines) <= 24 and all(visible_width(line) <= 80 for line in lines)
        for text in (
            "局数 4 · 庄 2 · 闲 1 · 和 1",
            "珠盘路",
            "大路",
            "大眼仔",
            "小路",
            "曱甴路",
            "若下一局为闲",
            "第 1 靴第 5 局 · 标记：无",
            "练习余额（游戏币）：109.50",
            "b p t 结果 · 1 庄对",
            "q 退出",
            "过往结果不能预测下一局。",
        ):
            assert text in shown, text
        english = re.findall(r"[A-Za-z]{2,}", shown.replace(NOTICE, ""))
        assert english == [], english
        # The balance ends at the right edge: its place was counted in columns, not characters.
        balance = next(line for line in lines if "练习余额" in line)
        assert visible_width(balance.rstrip()) == 80
        if "NO_COLOR" not in os.environ:
            assert "\x1b[31mB" in terminal.shows("不是", escapes=True)  # Banker's red
        terminal.quit()
    finally:
        terminal.close()
    assert "".join(h.notation for h in read_journal(journal).hands()) == "BPbTB"


def test_no_color_leaves_the_chinese_board_uncoloured(tmp_path: Path) -> None:
    journal = tmp_path / "table.jsonl"
    command = f"{sys.executable} -m roads log {journal} --lang zh-hant --theme dark"
    terminal = Terminal(command, 80, 24, env={"NO_COLOR": "1"})
    try:
        terminal.shows("每發一局")
        terminal.keys("b", "p")
        shown = terminal.shows("已記錄第 1 靴第 2 局：閒。", escapes=True)
        assert "珠盤路" in shown and " B" in shown and " P" in shown
        assert not re.search(r"\x1b\[(3[0-7]|9[0-7]|38;)", shown), shown  # no colour
        terminal.quit()
    finally:
        terminal.close()
    assert "".join(h.notation for h in read_journal(journal).hands()) == "BP"


def _derived_marks(lines: list[str], title: str) -> set[str]:
    """The marks under ``title`` (in its columns, down to the next blank or heading line)."""
    row = next(i for i, line in enumerate(lines) if title in line)
    start = lines[row].index(title)
    marks: set[str] = set()
    for line in lines[row + 1 : row + 7]:
        marks.update(line[start : start + 24].split())
    return marks - {"·"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_without_colour_red_and_blue_are_letters_and_words(tmp_path: Path, lang: str) -> None:
    """NO_COLOR: the derived roads mark red r and blue b, with their key, and the ask road
    names the colours, as ``roads show`` does; in colour, the glyphs."""
    journal = Journal(tmp_path / "j.jsonl")
    logger = KeyLogger(journal, lang=lang, colour=False)
    for key in "bppbbpbbpbpp":
        logger.press(key)
    lines = logger.body(80, 24)
    assert not any("\x1b[3" in line for line in lines)
    assert max(map(visible_width, lines)) <= 80
    words = TEXT_WORDS[lang]
    text = "\n".join(lines)
    assert words.key.strip() in text
    for road in ("big_eye_boy", "small_road", "cockroach_pig"):
        assert _derived_marks(lines, getattr(LANGUAGES[lang], road)) == {"r", "b"}, road
    ask = text.split(LANGUAGES[lang].if_banker, 1)[1]
    assert words.red in ask and words.blue in ask
    coloured = "\n".join(KeyLogger(journal, lang=lang).body(80, 24))
    assert "\x1b[3" in coloured and words.key.strip() not in coloured


def test_no_color_in_tmux_names_red_and_blue(tmp_path: Path) -> None:
    journal = tmp_path / "table.jsonl"
    Journal(journal).append([coup_event(hand) for hand in parse_notation("BPPBBPBBPBP")])
    terminal = Terminal(f"{sys.executable} -m roads log {journal}", 80, 26, env={"NO_COLOR": "1"})
    try:
        terminal.shows("press b, p or t")
        terminal.keys("p")
        shown = terminal.shows("Logged coup 12 of shoe 1: Player.", escapes=True)
        assert not re.search(r"\x1b\[(3[0-7]|9[0-7]|38;)", shown), shown  # no colour
        plain = re.sub(r"\x1b\[[0-9;]*m", "", shown)
        assert "(r red, b blue)" in plain
        lines = plain.splitlines()
        assert _derived_marks(lines, "Big Eye Boy") == {"r", "b"}
        assert re.search(r"Big Eye Boy (red|blue), Small Road (red|blue)", plain), plain
        terminal.quit()
    finally:
        terminal.close()


def test_quitting_sums_up_the_session(tmp_path: Path) -> None:
    logger = logger_on(tmp_path, bankroll=100)
    logger.journal.add(Hand(Outcome.TIE))  # another writer's coup: not logged here
    logger.refresh()
    logger.press("$")
    logger.submit("banker 10")
    for key in "bp":
        logger.press(key)
    logger.press("$")
    logger.submit("player 5")
    assert logger.summary() == [
        "Logged 2 coups this session; shoe 1 holds 3 coups.",
        "Practice balance (play money): 109.50 · on the table: Player 5.00.",
        NOTICE,
    ]
    (tmp_path / "zh").mkdir()
    one = logger_on(tmp_path / "zh", lang="zh")
    one.press("b")
    assert one.summary() == ["本次记录了 1 局；第 1 靴共 1 局。", *LANGUAGES["zh"].notice]


def test_quitting_in_tmux_prints_the_summary(tmp_path: Path) -> None:
    journal, err = tmp_path / "table.jsonl", tmp_path / "err.txt"
    terminal = Terminal(f"{sys.executable} -m roads log {journal} 2> {err}", 80, 24)
    try:
        terminal.shows("press b, p or t")
        terminal.keys("b")
        terminal.shows("Logged coup 1 of shoe 1: Banker.")
        terminal.quit()
    finally:
        terminal.close()
    assert err.read_text(encoding="utf-8").splitlines() == [
        "Logged 1 coup this session; shoe 1 holds 1 coup.",
        NOTICE,
    ]


def test_every_language_has_the_logger_words_with_the_same_placeholders() -> None:
    import dataclasses
    import string

    from roads.translations import LANGUAGES, LOGGER_WORDS, TEXT_WORDS

    assert set(LOGGER_WORDS) == set(TEXT_WORDS) == set(LANGUAGES)
    for table in (LOGGER_WORDS, TEXT_WORDS):
        english = table["en"]
        for lang, words in table.items():
            for field in dataclasses.fields(words):
                mine, theirs = getattr(words, field.name), getattr(english, field.name)
                if isinstance(mine, tuple):  # a Plural: its forms take the same placeholders
                    mine, theirs = " ".join(mine), " ".join(theirs)
                assert mine.strip() or field.name == "sentence_gap", (lang, field.name)

                def names(text: str) -> set[str]:
                    return {name for _, name, _, _ in string.Formatter().parse(text) if name}

                assert names(mine) == names(theirs), (lang, field.name)
