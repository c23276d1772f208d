"""Card entry on the live page: the rules' own messages, the exact odds of the next coup from
the cards left (checked against an enumeration written from GAME.md), the practice balance, and
the page at a tablet's size in headless Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from live_server import post, request, start
from reference import reference_odds

from roads.drawing.board import BoardOptions
from roads.errors import ParseError
from roads.game.coup import Coup
from roads.game.odds import deck_counts
from roads.hands.hand import Hand
from roads.hands.journal import Journal, read_journal
from roads.live.page import Page
from roads.live.server import LiveServer, hand_from_request

COUPS = ("9s 9d / 4c 3c", "2h 3d 8c / Ks 3h", "Ah Kd 5s / 7h Qd")
BAD = {
    "2h 3d 8c / Ks 3h 4d": "Banker on 3 must stand when the Player's third card is an 8",
    "2h 3d / Ks 3h": "Player on 5 must draw",
    "Zz 3d / Ks 3h": "'Zz' is not a card",
}
VALUE = {"A": 1, "T": 0, "J": 0, "Q": 0, "K": 0}


def left_after(coups: tuple[str, ...], decks: int = 8) -> list[int]:
    """The count of each card value left, worked out from the written cards alone."""
    counts = [4 * decks * 4 if value == 0 else 4 * decks for value in range(10)]
    for coup in coups:
        for card in coup.replace("/", " ").split():
            rank = card[:-1]
            counts[VALUE.get(rank, 0) if rank in VALUE else int(rank)] -= 1
    return counts


def expected_text(coups: tuple[str, ...]) -> str:
    counts = left_after(coups)
    total, banker, player, tie = reference_odds(counts)
    percent = [f"{float(Fraction(n, total)):.2%}" for n in (banker, player, tie)]
    return (
        f"Next coup, from the {sum(counts)} cards left: "
        f"Banker {percent[0]} · Player {percent[1]} · Tie {percent[2]}"
    )


def test_reference_counts_agree_with_a_fresh_shoe() -> None:
    assert left_after(()) == list(deck_counts(8))


@pytest.mark.parametrize(("cards", "message"), list(BAD.items()))
def test_a_coup_by_its_cards_is_refused_with_the_rules_message(cards: str, message: str) -> None:
    with pytest.raises(ParseError, match=message.replace("(", r"\(")):
        hand_from_request({"cards": cards})
    with pytest.raises(ParseError, match="alone"):
        hand_from_request({"cards": COUPS[0], "outcome": "B"})
    hand = hand_from_request({"cards": COUPS[0]})
    assert hand.coup == Coup.parse(COUPS[0]) and hand.outcome.value == "P" and hand.natural


def test_the_page_gives_exact_odds_only_while_every_coup_has_its_cards(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    journal = Journal(path)
    page = Page("j", BoardOptions())
    assert page.state(read_journal(path))["text"]["odds"] == ""  # nothing logged yet
    for number in range(1, len(COUPS) + 1):
        journal.add(Hand.from_coup(Coup.parse(COUPS[number - 1])))
        text = page.state(read_journal(path))["text"]["odds"]
        assert text == expected_text(COUPS[:number])
    journal.add(Hand.from_coup(Coup.parse("Kh Kd / 9s Kc")))
    journal.add(hand_from_request({"hand": "B"}))  # a result without its cards
    # The odds line says why it is gone, and stays so while coups come with their cards.
    gone = "No odds of the next coup: coup 5 was logged without its cards"
    assert page.state(read_journal(path))["text"]["odds"] == gone
    journal.add(Hand.from_coup(Coup.parse(COUPS[1])))
    assert page.state(read_journal(path))["text"]["odds"] == gone
    journal.new_shoe()
    journal.add(Hand.from_coup(Coup.parse(COUPS[0])))
    assert page.state(read_journal(path))["text"]["odds"] == expected_text(COUPS[:1])
    journal.new_shoe()
    journal.add(hand_from_request({"hand": "B"}))  # a shoe logged without cards says nothing
    journal.add(hand_from_request({"hand": "P"}))
    assert page.state(read_journal(path))["text"]["odds"] == ""


def test_the_last_coup_is_shown_with_its_cards_and_totals(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    journal = Journal(path)
    journal.add(Hand.from_coup(Coup.parse("Ad 2c 3s / 7h Kc")))
    state = Page("j", BoardOptions()).state(read_journal(path))
    assert state["text"]["last"] == "Last: Banker 6 to 7 (Ad 2c 3s / 7h Kc)"
    assert state["said"] == "Banker 6 to 7 (Ad 2c 3s / 7h Kc)" and state["count"] == 1
    zh = Page("j", BoardOptions(lang="zh")).state(read_journal(path))
    assert "Ad 2c 3s / 7h Kc" in zh["text"]["last"]
    journal.add(hand_from_request({"hand": "Pb"}))
    state = Page("j", BoardOptions()).state(read_journal(path))
    assert state["text"]["last"] == "Last: Player · Banker pair"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "session.jsonl"


@pytest.fixture
def server(path: Path) -> Iterator[LiveServer]:
    journal = Journal(path)
    journal.set_bankroll(1000)
    journal.bet("banker", 10)  # type: ignore[arg-type]
    journal.add(Hand.from_coup(Coup.parse(COUPS[0])))  # Player wins: the bet is lost
    with start(path, keepalive=0.3) as live:
        yield live


def test_posting_cards_logs_the_coup_or_names_the_rule(server: LiveServer, path: Path) -> None:
    status, _ = post(server, "/api/coup", {"cards": COUPS[1]})
    assert status == 200
    assert [h.coup for h in read_journal(path).hands()][-1] == Coup.parse(COUPS[1])
    for cards, message in BAD.items():
        status, body = post(server, "/api/coup", {"cards": cards})
        assert status == 400 and message in body.decode()
    assert len(read_journal(path).hands()) == 2
    html = request(server, "GET", "/")[2].decode()
    assert "Practice balance (play money): 990.00</span>" in html
    Journal(path).bet("player", 15)  # type: ignore[arg-type]
    page = Page("j", BoardOptions())
    text = page.state(read_journal(path))["text"]["balance"]
    assert text == "Practice balance (play money): 990.00 · 15.00 on the table"


@pytest.mark.browser
@pytest.mark.parametrize(
    "viewport", [(1024, 768), pytest.param((768, 1024), marks=pytest.mark.stress)]
)
def test_cards_are_entered_on_a_tablet(
    browser: Any, server: LiveServer, path: Path, viewport: tuple[int, int], tmp_path: Path
) -> None:
    page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]}, has_touch=True)
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(server.url)
    page.wait_for_function("() => document.getElementById('status').textContent === 'Live'")
    count = "document.querySelectorAll('#board .mark.bead-plate').length"
    assert page.evaluate(count) == 1
    assert page.text_content("#odds") == expected_text(COUPS[:1])
    assert page.is_visible("#balance")

    page.fill("#cards", "2h 3d 8c / Ks 3h 4d")
    page.click("#log-cards")
    page.wait_for_function("() => document.getElementById('cards-error').textContent !== ''")
    assert page.text_content("#cards-error") == BAD["2h 3d 8c / Ks 3h 4d"]
    assert page.get_attribute("#cards", "aria-invalid") == "true"
    # The error is beside the field, on the screen, while the field has the focus.
    field, error = (
        page.locator("#cards").bounding_box(),
        page.locator("#cards-error").bounding_box(),
    )
    assert field is not None and error is not None
    assert (
        error["y"] + error["height"] <= viewport[1] and error["x"] + error["width"] <= viewport[0]
    )
    assert abs(error["y"] - field["y"]) < field["height"] + error["height"]
    assert len(read_journal(path).hands()) == 1

    page.fill("#cards", COUPS[1])
    page.press("#cards", "Enter")
    page.wait_for_function(f"() => {count} === 2", timeout=10_000)
    page.wait_for_function(
        f"() => document.getElementById('odds').textContent === {expected_text(COUPS[:2])!r}"
    )
    assert page.input_value("#cards") == ""
    page.wait_for_function("() => document.getElementById('message').textContent !== ''")
    said = page.text_content("#message")
    assert said.startswith("Logged coup 2 of shoe 1: ") and COUPS[1] in said
    # Every control is on the screen and at least 44 px tall, as a finger needs.
    for selector in ("#cards", "#log-cards", "button.outcome.banker", "#undo"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["height"] >= 44 and box["x"] >= 0
        assert box["x"] + box["width"] <= viewport[0]
    page.screenshot(path=str(tmp_path / "tablet.png"), full_page=True)
    assert problems == []
    page.close()
