"""The report's section of a session's statement (``roads.story.seats_section``): a row a
player's time at a seat with every figure PRACTICE.md's statement has, names escaped, the
house's net in the foot, and nothing at all without seats."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from roads.hands.journal import Journal
from roads.hands.statement import statement_of
from roads.story.seats_section import seats_section
from roads.tables import read_table
from roads.translations import STATEMENT_WORDS

ROOT = Path(__file__).resolve().parents[2]
HOME = read_table(ROOT / "examples" / "home-table.toml").table
HEADS = ("seat", "name", "bankroll", "staked", "won", "lost", "pushed", "commission", "box")


def _texts(cells: list[ET.Element]) -> list[str]:
    return ["".join(cell.itertext()) for cell in cells]


@pytest.mark.parametrize("lang", ["en", "zh", "zh-hant"])
def test_a_row_a_seat_every_figure_and_the_house_s_net(tmp_path: Path, lang: str) -> None:
    journal = Journal(tmp_path / "table.jsonl")
    journal.use_table(HOME)
    journal.join(1, "<Ana & Co>", 1000)
    journal.join(2, "Ben", 500)
    journal.bets(1, [("banker", 100)])
    journal.bets(2, [("player", 50), ("tie", 10)])
    journal.append([{"event": "coup", "outcome": "B"}])
    section = ET.fromstring(seats_section(statement_of(journal.session), lang))
    words = STATEMENT_WORDS[lang]
    heads = _texts(section.findall(".//thead/tr/th"))
    assert heads == [getattr(words, name) for name in (*HEADS, "net", "balance")]
    rows = [_texts(row.findall("*")) for row in section.findall(".//tbody/tr")]
    # Coup 1 of the worked example: Ana won 100 with 5 in her box; Ben lost 50 and 10.
    assert rows == [
        [
            "1",
            "<Ana & Co>",
            "1,000.00",
            "100.00",
            "100.00",
            "0.00",
            "0.00",
            "5.00",
            "5.00",
            "+95.00",
            "1,095.00",
        ],
        [
            "2",
            "Ben",
            "500.00",
            "60.00",
            "0.00",
            "60.00",
            "0.00",
            "0.00",
            "0.00",
            "-60.00",
            "440.00",
        ],
    ]
    foot = _texts(section.findall(".//tfoot/tr/*"))
    assert foot[0] == words.house and foot[-2] == "-35.00"


def test_no_section_without_a_statement_or_a_seat_taken(tmp_path: Path) -> None:
    assert seats_section(None, "en") == ""
    journal = Journal(tmp_path / "table.jsonl")
    journal.use_table(HOME)
    assert seats_section(statement_of(journal.session), "en") == ""
