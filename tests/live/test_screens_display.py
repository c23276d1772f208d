"""The table display (``/display``, issue 37) in Chromium at a TV's, a projector's and a portrait
screen's sizes: it fills the screen without a scroll bar; at 1920 x 1080 no text is under 24 px
and the bead plate's cells, the whole of an 80-coup shoe, are at least 36 px; it names the
table, its limits and payouts, the last coup's cards, the hands left and the notice; it has no
write control; its QR code, read by zbar, is the first free seat's link."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from screens_served import (
    DISPLAY_SIZES,
    LIVE,
    TEXT_SIZES,
    read_qr,
    table_journal,
    table_server,
)

from roads.hands.journal import read_journal
from roads.notice import NOTICE

pytestmark = pytest.mark.browser

SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
POSTED = [  # TABLES.md's paytable at examples/home-table.toml (standard, Tie 8:1, pairs)
    ("Banker", "19:20", "10–500"),
    ("Player", "1:1", "10–500"),
    ("Tie", "8:1", "5–50"),
    ("Player pair", "11:1", "5–50"),
    ("Banker pair", "11:1", "5–50"),
]


def faces(cards: tuple[Any, ...]) -> list[str]:
    return [("10" if card.rank == "T" else card.rank) + SUITS[card.suit] for card in cards]


@pytest.fixture(scope="module")
def journal(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return table_journal(tmp_path_factory.mktemp("display") / "table.jsonl")


@pytest.mark.parametrize("size", list(DISPLAY_SIZES))
def test_the_display_fills_the_screen_and_reads_across_the_room(
    browser: Any, journal: Path, tmp_path: Path, size: str
) -> None:
    width, height = DISPLAY_SIZES[size]
    session = read_journal(journal)
    last = session.hands()[-1]
    assert last.coup is not None and len(session.hands()) == 80
    with table_server(journal) as server:
        tab = browser.new_page(viewport={"width": width, "height": height})
        errors: list[str] = []
        tab.on("pageerror", lambda error: errors.append(str(error)))
        tab.goto(server.url + "display")
        tab.wait_for_function(LIVE)
        tab.wait_for_function("() => document.querySelector('#qr svg') !== null")
        scroll = tab.evaluate(
            "() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight,"
            " document.body.scrollHeight]"
        )
        assert scroll == [width, height, height]  # fills it, and nothing scrolls

        sizes = tab.evaluate(TEXT_SIZES)
        smallest = min(sizes)
        beads = tab.evaluate(
            "() => [document.querySelectorAll('#grid-bead-plate .mark.bead-plate').length,"
            " document.querySelector('#grid-bead-plate .panel').getBoundingClientRect().width]"
        )
        assert beads[0] == 80  # the whole shoe on the bead plate
        if size == "tv":
            assert smallest[0] >= 24, smallest
            assert beads[1] / 14 >= 36, beads

        text = tab.text_content("body")
        assert "Home table" in tab.text_content("h1")
        assert "Hands left: 20 of 100" in text
        rows = tab.evaluate(
            "() => Array.from(document.querySelectorAll('#bet-rows tr'),"
            " (row) => Array.from(row.cells, (cell) => cell.textContent))"
        )
        assert [tuple(row) for row in rows] == POSTED
        assert "standard, Tie 8:1, commission box" in tab.text_content("#rules")
        shown = tab.evaluate(
            "() => ['player-cards', 'banker-cards'].map((id) =>"
            " Array.from(document.getElementById(id).children, (card) => card.textContent))"
        )
        assert shown == [faces(last.coup.player_cards), faces(last.coup.banker_cards)]
        assert tab.text_content("#player-total") == str(last.coup.player_total)
        assert tab.text_content("#banker-total") == str(last.coup.banker_total)
        assert tab.is_visible("footer.notice") and NOTICE in tab.text_content("footer.notice")
        controls = tab.evaluate(
            "() => Array.from(document.querySelectorAll('button, input, select, textarea, form'),"
            " (element) => element.id)"
        )
        assert controls == ["sound"]  # no write control

        picture = tmp_path / "qr.png"
        tab.locator("#qr").screenshot(path=str(picture))
        key = server.access.seat_key(read_journal(journal), 3)
        assert read_qr(picture) == [f"{server.url}seat/3?key={key}"]
        tab.screenshot(path=str(tmp_path / f"display-{size}.png"))
        assert errors == []
        tab.close()


def test_the_display_speaks_chinese_and_shows_the_seats_when_asked(
    browser: Any, journal: Path
) -> None:
    with table_server(journal, lang="zh") as server:
        tab = browser.new_page(viewport={"width": 1920, "height": 1080})
        tab.goto(server.url + "display?seats")
        tab.wait_for_function(LIVE)
        assert tab.get_attribute("html", "lang") == "zh"
        assert "剩余局数：20/100" in tab.text_content("body")
        rows = tab.evaluate(
            "() => Array.from(document.querySelectorAll('#seat-rows tr'),"
            " (row) => Array.from(row.cells, (cell) => cell.textContent))"
        )
        session = read_journal(journal)
        ana = session.seat(1)
        assert ana is not None and rows[0][:3] == ["1", "Ana", f"{float(ana.balance):,.2f}"]
        assert tab.is_visible(".seats") and not tab.is_visible(".counts")
        assert min(tab.evaluate(TEXT_SIZES))[0] >= 24
        tab.close()
