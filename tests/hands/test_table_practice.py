"""Practice sessions at each table (issue 19): side bets settled by the journal's table, its
balance checked coup by coup against a computation written here from the rules."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from bets import EVERY_BET
from command_line import run

from roads.game.coup import Coup, Outcome
from roads.hands.hand import Hand
from roads.hands.journal import Journal, JournalError, read_journal
from roads.hands.notation import parse_notation
from roads.tables import make_table

# Player's cards / Banker's cards, and what they are (checked below).
COUPS = [
    "Kh 9d / 2c 4s",  # Player natural 9 beats Banker 6
    "Kh 2d 3c / 4s 2h",  # Banker wins with a two-card 6 over 5
    "Ah Kd 2c / Qs Jh 6d",  # Banker wins with a three-card 6 over 3
    "2h 3d 5c / 4c Ks 3s",  # Banker wins with a three-card 7 over 0: Dragon 7
    "Ah 2d 5c / Kc Qs 4h",  # Player wins with a three-card 8 over 4: Panda 8
    "8h Kd / 8c Qs",  # a natural tie, 8 to 8
    "4h 4d / Kc Ks",  # Player natural 8, both hands pairs
    "Kh Qd Jc / Ks 2h 7d",  # Banker wins 9 to 0 without a natural
]
BETS = EVERY_BET


def by_hand(bet: str, rules: str, tie: int, coup: Coup) -> Fraction:
    """What a 1-unit stake nets, read off TABLES.md's tables by hand."""
    p, b = coup.player_total, coup.banker_total
    pc, bc = len(coup.player_cards), len(coup.banker_cards)
    winner = "B" if b > p else "P" if p > b else "T"
    natural_p, natural_b = pc == 2 and p >= 8, bc == 2 and b >= 8
    pp = coup.player_cards[0].rank == coup.player_cards[1].rank
    bp = coup.banker_cards[0].rank == coup.banker_cards[1].rank
    lose = Fraction(-1)
    if bet == "banker":
        if winner != "B":
            return Fraction(0) if winner == "T" else lose
        if rules == "standard":
            return Fraction(95, 100)
        if rules == "no-commission":
            return Fraction(1, 2) if b == 6 else Fraction(1)
        return Fraction(0) if b == 7 and bc == 3 else Fraction(1)
    if bet == "player":
        return Fraction(1) if winner == "P" else Fraction(0) if winner == "T" else lose
    if bet == "tie":
        return Fraction(tie) if winner == "T" else lose
    if bet == "player_pair":
        return Fraction(11) if pp else lose
    if bet == "banker_pair":
        return Fraction(11) if bp else lose
    if bet == "either_pair":
        return Fraction(5) if pp or bp else lose
    if bet == "dragon_7":
        return Fraction(40) if winner == "B" and b == 7 and bc == 3 else lose
    if bet == "panda_8":
        return Fraction(25) if winner == "P" and p == 8 and pc == 3 else lose
    if bet == "super_6":
        return Fraction(12) if winner == "B" and b == 6 else lose
    if bet == "lucky_6":
        if winner == "B" and b == 6:
            return Fraction(12) if bc == 2 else Fraction(20)
        return lose
    side = "P" if bet == "dragon_bonus_player" else "B"
    if winner == "T":
        return Fraction(0) if natural_p or natural_b else lose
    if winner != side:
        return lose
    if natural_p if side == "P" else natural_b:
        return Fraction(1)
    margin = abs(p - b)
    return Fraction({9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}.get(margin, -1))


def test_the_script_deals_what_it_says() -> None:
    coups = [Coup.parse(text) for text in COUPS]
    assert [(c.outcome.value, c.player_total, c.banker_total) for c in coups] == [
        ("P", 9, 6),
        ("B", 5, 6),
        ("B", 3, 6),
        ("B", 0, 7),
        ("P", 8, 4),
        ("T", 8, 8),
        ("P", 8, 0),
        ("B", 0, 9),
    ]


@pytest.mark.parametrize(("rules", "tie"), [("standard", 8), ("no-commission", 9), ("ez", 8)])
def test_a_scripted_session_balances_coup_by_coup(rules: str, tie: int, tmp_path: Path) -> None:
    path = tmp_path / "practice.jsonl"
    journal = Journal(path)
    journal.use_table(make_table(rules=rules, tie_pays=tie))
    journal.set_bankroll(10_000)
    balance = Fraction(10_000)
    for number, text in enumerate(COUPS, start=1):
        coup = Coup.parse(text)
        for stake, bet in enumerate(BETS, start=1):
            journal.bet(bet, stake)
        receipt = journal.add(Hand.from_coup(coup))
        expected = sum(
            (stake * by_hand(bet, rules, tie, coup) for stake, bet in enumerate(BETS, start=1)),
            Fraction(0),
        )
        balance += expected
        assert receipt.settled == expected, (number, text)
        assert receipt.balance == balance
    again = read_journal(path)  # a replay settles the same way
    assert again.balance == balance and again.table == make_table(rules=rules, tie_pays=tie)


def test_bets_the_table_does_not_offer_or_cannot_settle_are_refused(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "ez.jsonl")
    journal.use_table(make_table(rules="ez", side_bets=["dragon_7", "lucky_6"]))
    journal.set_bankroll(100)
    with pytest.raises(JournalError, match="does not offer it"):
        journal.bet("panda_8", 1)
    journal.bet("lucky_6", 1)
    with pytest.raises(JournalError, match="lucky_6: settling it needs the coup's cards"):
        journal.add(Hand(Outcome.BANKER))  # a result without its cards
    # From the flags alone: at an ez table a Dragon 7 is written B7, and B is not one.
    journal.undo()
    journal.bet("dragon_7", 1)
    assert journal.add(parse_notation("B7")[0]).settled == 40
    journal.bet("dragon_7", 1)
    assert journal.add(parse_notation("B")[0]).settled == -1


def test_the_table_is_recorded_when_the_journal_starts_and_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "game.jsonl")
    assert run(["log", path, "--rules", "super-6", "--tie-pays", "9", "--add", "B"], capsys)[0] == 0
    assert read_journal(path).table == make_table(rules="no-commission", tie_pays=9)
    code, _, err = run(["log", path, "--rules", "ez", "--add", "B"], capsys)
    assert code != 0 and "played at the no-commission table (Tie 9:1)" in err
    assert "Traceback" not in err
    assert (
        run(["log", path, "--rules", "no-commission", "--tie-pays", "9", "--add", "P"], capsys)[0]
        == 0
    )
    assert run(["log", path, "--add", "P"], capsys)[0] == 0  # no option: the journal's own table
    code, out, _ = run(["export", path], capsys)
    assert '"rules": "no-commission"' in out


def test_a_journal_without_a_table_settles_as_before(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "old.jsonl")
    journal.set_bankroll(100)
    journal.bet("banker", 20)
    assert journal.add(Hand.from_coup(Coup.parse("Kh 2d 3c / 4s 2h"))).settled == 19
