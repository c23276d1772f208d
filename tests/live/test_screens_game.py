"""A scripted game at the home table with the croupier's console, two seat pages and the display,
in Chromium (issue 37): the players join from their phones, bet within and outside the table's
limits (refusals in words), "no more bets" makes a later bet wait for the next coup (the phone
says so), twenty coups are logged from the console, one undo takes back a bet and one a coup,
each saying exactly what; at the end the journal, its statement and every page agree."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from screens_served import LIVE, TABLE, table_server

from roads.hands.journal import Journal, read_journal
from roads.hands.statement import statement_of
from roads.tables.money import money

pytestmark = pytest.mark.browser

OUTCOMES = "BPBTPBPPBBPBTBPBPBPB"  # twenty coups, no two alike in a row but 7-8 and 9-10
BUTTON = {"B": "banker", "P": "player", "T": "tie"}


def text_is(tab: Any, selector: str, wanted: str) -> None:
    tab.wait_for_function(
        "([selector, wanted]) => document.querySelector(selector).textContent === wanted",
        arg=[selector, wanted],
    )


def text_has(tab: Any, selector: str, wanted: str) -> None:
    tab.wait_for_function(
        "([selector, wanted]) => document.querySelector(selector).textContent.includes(wanted)",
        arg=[selector, wanted],
    )


def bet(phone: Any, chip: int, on: str) -> None:
    phone.click(f"#chips button:text-is('{chip}')")
    phone.click(f"#spots button[data-on={on}]")


def coup(console: Any, outcome: str, logged: int) -> None:
    console.click(f"button.outcome.{BUTTON[outcome]}")
    if console.evaluate(
        "(outcome) => document.querySelector(`button[data-outcome=${outcome}]`)"
        ".classList.contains('armed')",
        outcome,
    ):
        console.click(f"button.outcome.{BUTTON[outcome]}")  # the same coup again: confirmed
    text_is(console, "#coups", f"{logged} coups" if logged != 1 else "1 coup")


def test_a_game_from_two_phones_and_the_console_agrees_everywhere(
    browser: Any, tmp_path: Path
) -> None:
    path = tmp_path / "home.jsonl"
    journal = Journal(path)
    journal.use_table(TABLE)
    journal.set_plan(60)
    with table_server(path) as server:
        session = read_journal(path)
        links = {
            n: f"{server.url}seat/{n}?key={server.access.seat_key(session, n)}" for n in (1, 2)
        }
        console = browser.new_page(viewport={"width": 1024, "height": 768})
        display = browser.new_page(viewport={"width": 1280, "height": 720})
        phones = {n: browser.new_page(viewport={"width": 390, "height": 844}) for n in (1, 2)}
        errors: list[str] = []
        for tab in (console, display, *phones.values()):
            tab.on("pageerror", lambda error: errors.append(str(error)))
        console.goto(server.url)
        display.goto(server.url + "display?seats")
        for n, phone in phones.items():
            phone.goto(links[n])
        for tab in (console, display, *phones.values()):
            tab.wait_for_function(LIVE)

        for n, name, bankroll in ((1, "Ana", "1000"), (2, "Ben", "500")):
            phone = phones[n]
            assert phone.is_visible("#join") and not phone.is_visible("#play")
            phone.fill("#player-name", name)
            phone.fill("#player-bankroll", bankroll)
            phone.click("#sit-down")
            text_is(phone, "#who", name)
        chips = phones[1].evaluate(
            "() => Array.from(document.querySelectorAll('#chips button'), (b) => b.textContent)"
        )
        assert chips == ["5", "10", "25", "50", "100", "500"]  # within the table's limits

        # Within the limits, and outside them: refused in the table's words, nothing logged.
        bet(phones[1], 100, "banker")
        text_has(phones[1], "#message", "Banker 100 for coup 1")
        bet(phones[2], 50, "player")
        text_has(phones[2], "#message", "Player 50 for coup 1")
        before = path.read_bytes()
        bet(phones[2], 5, "banker")
        text_has(phones[2], "#message", "Refused: seat 2: a banker bet of 5 is below")
        bet(phones[2], 500, "tie")
        text_has(phones[2], "#message", "is above this table's maximum of 50")
        assert path.read_bytes() == before
        text_has(console, "#seat-bet-list", "Ben 500.00 · Player 50")
        stakes = (
            "Array.from(document.querySelectorAll('#seat-rows tr'), (r) => r.cells[4].textContent)"
        )
        display.wait_for_function(f"() => {stakes}.join(' ') === '100.00 50.00'")  # their bets

        # No more bets: a later bet waits for the coup, and the phone says so.
        console.click("#close-round")
        text_is(console, "#seat-bets-heading", "No more bets for coup 1")
        bet(phones[1], 10, "tie")
        text_has(phones[1], "#message", "No more bets for coup 1: Tie 10 is for coup 2")
        text_has(phones[1], "#my-bets", "Tie 10 — waiting")
        coup(console, "B", 1)
        text_has(phones[1], "#message", "Tie 10 for coup 2")  # sent once coup 1 was logged
        text_has(console, "#seat-bet-list", "Ana 1,100.00 · Tie 10")

        # One undo of a bet, one of a coup, each saying what it took back.
        bet(phones[2], 25, "player")
        text_has(console, "#seat-bet-list", "Player 25")
        console.click("#undo")
        text_is(console, "#message", "Took back seat 2's player bet of 25")
        for logged, outcome in enumerate(OUTCOMES[1:19], start=2):
            if logged % 4 == 0:
                bet(phones[2], 10, "banker")
                text_has(console, "#seat-bet-list", "Ben")
                text_has(console, "#seat-bet-list", "Banker 10")
            coup(console, outcome, logged)
        console.click("button.outcome.tie")
        text_is(console, "#coups", "20 coups")
        console.click("#undo")
        text_is(console, "#message", "Took back coup 20 of shoe 1: Tie")
        coup(console, OUTCOMES[19], 20)

        session = read_journal(path)
        assert "".join(hand.notation[0] for hand in session.hands()) == OUTCOMES
        statement = statement_of(session)
        lines = {line.seat: line for line in statement.lines}
        for n, phone in phones.items():
            seat = session.seat(n)
            assert seat is not None
            text_has(phone, "#standing", f"Balance {money(seat.balance)}")
            phone.click("#statement-fold summary")
            rows = phone.evaluate(
                "() => Array.from(document.querySelectorAll('#statement-rows tr'),"
                " (row) => [row.cells[0].textContent, row.cells[1].textContent])"
            )
            figures = lines[n].amounts()
            assert dict(rows)["Balance"] == money(figures["balance"])
            assert dict(rows)["Net"] == money(figures["net"], sign=True)
            assert dict(rows)["Staked"] == money(figures["staked"])
            text_has(console, "#seat-bet-list", money(seat.balance))
            display_rows = display.evaluate(
                "(n) => Array.from(document.querySelectorAll('#seat-rows tr'))"
                ".find((row) => row.cells[0].textContent === String(n)).cells[2].textContent",
                n,
            )
            assert display_rows == money(seat.balance)
        text_has(display, "#plan", "Hands left: 40 of 60")
        text_is(display, "#shoe-coup", "Shoe 1 · Coup 20")
        assert lines[1].net + lines[2].net == -statement.house
        for tab in (console, *phones.values()):  # every tap a page showed, logged or refused
            history = tab.evaluate("() => window.Roads.outboxes.flatMap((box) => box.history)")
            assert all(entry["outcome"] in ("logged", "refused") for entry in history), history
            keys = [entry["id"] for entry in history if entry["outcome"] == "logged"]
            text = path.read_text()
            assert all(text.count(f'"id": "{key}"') == 1 for key in keys)
        assert errors == []
