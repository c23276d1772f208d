"""The report's table of bets (issue 19): every bet of the board's table with its exact edge,
fresh and after the coups dealt from known cards."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from command_line import run

from roads.game.cards import RANKS
from roads.scoreboard import Scoreboard
from roads.story.report import report_html
from roads.tables import make_table

EXAMPLES = Path(__file__).parents[2] / "examples"


def _rows(page: str) -> dict[str, list[str]]:
    table = page.split('<table class="bets">', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r'<tr><th scope="row">(.*?)</th>(.*?)</tr>', table)
    return {name: re.findall(r"<td>(.*?)</td>", cells) for name, cells in rows}


def test_the_report_lists_every_bet_of_its_table_with_exact_edges(
    capsys: pytest.CaptureFixture[str],
) -> None:
    board = Scoreboard.simulate(seed=5)
    board.set_table(make_table(rules="ez"))
    rows = _rows(report_html(board.roads))
    assert len(rows) == 12
    assert rows["Banker"][:2] == ["1", "1.02%"]  # EZ Banker 1.0183%
    assert rows["Dragon 7"][:2] == ["40", "7.61%"]
    assert rows["Panda 8"][:2] == ["25", "10.19%"]
    # After the last coup: what roads odds counts from the ranks left.
    ranks = [32] * 13
    for hand in board.hands:
        assert hand.coup is not None
        for card in hand.coup.cards:
            ranks[RANKS.index(card.rank)] -= 1
    code, out, _ = run(
        [
            "odds",
            "--rules",
            "ez",
            "--remaining-ranks",
            ",".join(map(str, ranks)),
            "--format",
            "json",
        ],
        capsys,
    )
    bets = json.loads(out)["bets"]
    assert code == 0
    assert rows["Banker"][2] == f"{100 * bets['banker']['house_edge']:.2f}%"
    assert rows["Lucky 6"][2] == f"{100 * bets['lucky_6']['house_edge']:.2f}%"


def test_a_report_without_cards_has_no_table_of_bets() -> None:
    page = report_html(Scoreboard.from_notation("BPBT").roads)
    assert 'class="bets"' not in page


def test_the_table_of_bets_follows_the_language() -> None:
    board = Scoreboard.simulate(seed=5)
    from roads.drawing.board import BoardOptions

    rows = _rows(report_html(board.roads, options=BoardOptions(lang="zh")))
    assert "龙7" in rows and "庄" in rows


def test_a_bet_the_cards_left_favour_is_explained_in_one_line() -> None:
    notes = {}
    for seed in (1, 5):
        board = Scoreboard.simulate(seed=seed)
        board.set_table(make_table(side_bets=("player_pair", "banker_pair")))
        page = report_html(board.roads)
        rows = _rows(page)
        negative = [name for name, cells in rows.items() if cells[3].startswith("-")]
        found = re.findall(r"<p>([^<]*a negative edge means the cards left favour[^<]*)</p>", page)
        notes[seed] = found
        if negative:
            (line,) = found
            assert line.startswith(", ".join(negative) + ": a negative edge")
            assert "it is not a road" in line
        else:
            assert not found
    assert notes[5] and not notes[1]  # seed 5's pairs (and Player) go below zero
