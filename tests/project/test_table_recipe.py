"""docs/development.md's recipe "Adding a table rule": a side bet defined here, in one class,
is settled by a journal, priced exactly and listed by ``roads odds``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from command_line import run
from reference import reference_cells

from roads.game.coup import Coup, Outcome
from roads.game.odds import deck_counts, distribution_for_decks
from roads.hands.hand import Hand
from roads.hands.journal import Journal
from roads.tables import SIDE_BETS, STANDARD, Bet, Deal, price_table
from roads.translations import BET_WORDS


class BankerByOne(Bet):
    """A toy: the Banker wins by exactly one point, 7:1."""

    name = "banker_by_one"

    def settle(self, deal: Deal) -> Fraction:
        won = deal.outcome is Outcome.BANKER
        one = won and deal.total(Outcome.BANKER) - deal.total(Outcome.PLAYER) == 1
        return Fraction(7) if one else Fraction(-1)


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    SIDE_BETS.register(BankerByOne)
    for words, name in zip(
        BET_WORDS.values(), ("Banker by one", "庄赢一点", "莊贏一點"), strict=True
    ):
        monkeypatch.setitem(words, "banker_by_one", name)
    yield
    SIDE_BETS.unregister(BankerByOne)


@pytest.mark.usefixtures("toy")
def test_a_toy_side_bet_is_settled_by_a_journal(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "toy.jsonl")
    journal.set_bankroll(100)
    journal.bet("banker_by_one", 2)
    assert journal.add(Hand.from_coup(Coup.parse("Kh 2d 3c / 4s 2h"))).settled == 14  # 6 to 5
    journal.bet("banker_by_one", 2)
    assert journal.add(Hand.from_coup(Coup.parse("Kh 9d / 2c 4s"))).settled == -2


@pytest.mark.usefixtures("toy")
def test_a_toy_side_bet_is_priced_exactly() -> None:
    cells = reference_cells(list(deck_counts(1)))
    wins = sum(w for (pt, _, bt, _), w in cells.items() if bt - pt == 1)
    price = price_table(STANDARD, distribution_for_decks(1))["banker_by_one"]
    total = sum(cells.values())
    assert dict(price.returns) == {Fraction(-1): total - wins, Fraction(7): wins}


@pytest.mark.usefixtures("toy")
def test_a_toy_side_bet_is_listed_by_roads_odds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["odds", "--decks", "1"], capsys)
    assert code == 0 and "banker_by_one" in out
    code, out, _ = run(["odds", "--decks", "1", "--rules", "standard", "--format", "json"], capsys)
    bets = json.loads(out)["bets"]
    assert list(bets)[-1] == "banker_by_one"
    assert bets["banker_by_one"]["returns"][1][0] == "7"


def test_the_toy_is_gone_after_its_tests() -> None:
    assert "banker_by_one" not in STANDARD.bets()
