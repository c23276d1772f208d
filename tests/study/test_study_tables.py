"""``roads study --rules NAME``: every flat bet, every side bet and the exact part priced by the
table. The expectations here are worked out in the test from the rules (the table of payouts
in docs/rules/tables.md, the third-card rules of docs/rules/game.md), on the shoes the study
deals, so they hold whatever the shuffle deals."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from command_line import is_one_error, run
from reference import coup_of_values
from tiers import size

from roads import study
from roads.game.coup import Coup
from roads.game.shoe import Shoe
from roads.tables import make_table

SEED, SHOES = 5, size(12, 40)


# -- the payouts, written from the table of rules ------------------------------------------------


def _facts(coup: Coup) -> dict[str, Any]:
    p, b = coup.player_total, coup.banker_total
    return {
        "winner": "B" if b > p else "P" if p > b else "T",
        "p": p,
        "b": b,
        "pc": len(coup.player_cards),
        "bc": len(coup.banker_cards),
        "pp": coup.player_cards[0].rank == coup.player_cards[1].rank,
        "bp": coup.banker_cards[0].rank == coup.banker_cards[1].rank,
    }


def _main(bet: str, rules: str, f: dict[str, Any]) -> Fraction:
    if f["winner"] == "T":
        return Fraction(0)
    if bet == "player":
        return Fraction(1 if f["winner"] == "P" else -1)
    if f["winner"] == "P":
        return Fraction(-1)
    if rules == "standard":
        return Fraction(19, 20)
    if rules == "no-commission":
        return Fraction(1, 2) if f["b"] == 6 else Fraction(1)
    return Fraction(0) if f["b"] == 7 and f["bc"] == 3 else Fraction(1)  # ez


def _bonus(side: str, f: dict[str, Any]) -> int:
    own, other = (f["p"], f["b"]) if side == "P" else (f["b"], f["p"])
    natural = (f["pc"] == 2 and f["p"] >= 8) or (f["bc"] == 2 and f["b"] >= 8)
    if f["winner"] == "T":
        return 0 if natural else -1
    if f["winner"] != side:
        return -1
    if natural:
        return 1
    return {9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}.get(own - other, -1)


def _side(bet: str, tie: int, f: dict[str, Any]) -> Fraction:
    banker_6 = f["winner"] == "B" and f["b"] == 6
    won = {
        "tie": (f["winner"] == "T", tie),
        "player_pair": (f["pp"], 11),
        "banker_pair": (f["bp"], 11),
        "either_pair": (f["pp"] or f["bp"], 5),
        "dragon_7": (f["winner"] == "B" and f["b"] == 7 and f["bc"] == 3, 40),
        "panda_8": (f["winner"] == "P" and f["p"] == 8 and f["pc"] == 3, 25),
        "super_6": (banker_6, 12),
        "lucky_6": (banker_6, 12 if f["bc"] == 2 else 20),
    }
    if bet.startswith("dragon_bonus"):
        return Fraction(_bonus("P" if bet.endswith("player") else "B", f))
    hit, pays = won[bet]
    return Fraction(pays if hit else -1)


@cache
def _coups(decks: int = 8) -> list[list[Coup]]:
    shoe = Shoe(decks)
    return [list(shoe.deal(SEED, index).coups) for index in range(SHOES)]


# -- the study against them ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "tie"), [("standard", 8), ("no-commission", 8), ("ez", 9), ("super-6", 9)]
)
def test_every_bet_and_the_follow_last_flat_bet_as_the_rules_pay(rules: str, tie: int) -> None:
    table = make_table(rules=rules, tie_pays=tie)
    document = study.run_study(study.simulated(Shoe(8), SEED, SHOES), engine="python", table=table)
    assert document.table is not None
    units: Counter[str] = Counter()
    follow = Fraction(0)
    for coups in _coups():
        last = None
        for coup in coups:
            f = _facts(coup)
            if last is not None:
                follow += _main("banker" if last == "B" else "player", table.rules, f)
            if f["winner"] != "T":
                last = f["winner"]
            for bet in ("banker", "player"):
                units[bet] += _main(bet, table.rules, f)
            for bet in [*document.table.side_bets, "tie"]:
                units[bet] += _side(bet, tie, f)
    bets = {bet.name: bet for bet in document.table.bets}
    coups = sum(len(c) for c in _coups())
    assert list(bets)[:3] == ["banker", "player", "tie"]
    assert len(bets) == 3 + 9  # every side bet: the table names none
    for name, bet in bets.items():
        assert bet.bets == coups
        assert bet.units == pytest.approx(float(units[name]), abs=1e-9), name
    signal = document.signal("follow-last")
    assert signal is not None
    assert signal.flat_bet.units == pytest.approx(float(follow), abs=1e-9)
    assert signal.curve.units[-1] == signal.flat_bet.units
    assert document.table.rules == table.rules


def test_both_engines_give_the_same_bytes_at_every_table() -> None:
    pytest.importorskip("numpy", reason="the numpy engine: pip install '.[fast]'")
    for rules in ("no-commission", "ez"):
        table = make_table(rules=rules, side_bets=["dragon_7", "lucky_6", "player_pair"])
        documents = [
            study.run_study(
                study.simulated(Shoe(8), SEED, 30),
                engine=engine,
                exact_shoes=1,
                table=table,
            ).to_json()
            for engine in ("python", "numpy")
        ]
        assert documents[0] == documents[1]
        bets = [bet["name"] for bet in json.loads(documents[0])["table"]["bets"]]
        assert bets == ["banker", "player", "tie", "player_pair", "dragon_7", "lucky_6"]


# The house edges of docs/rules/tables.md, to the decimals it states (percent).
EDGES = {
    ("ez", 8, "banker"): 1.0183,
    ("ez", 8, "dragon_7"): 7.6113,
    ("ez", 8, "panda_8"): 10.1876,
    ("no-commission", 8, "banker"): 1.4581,
    ("standard", 8, "super_6"): 29.977,
    ("standard", 8, "lucky_6"): 16.684,
    ("standard", 8, "dragon_bonus_player"): 2.652,
    ("standard", 8, "dragon_bonus_banker"): 9.373,
    ("standard", 8, "player_pair"): 10.361,
    ("standard", 8, "either_pair"): 13.710,
    ("standard", 8, "tie"): 14.360,
    ("standard", 9, "tie"): 4.844,
}


def test_each_bet_is_reported_against_the_tables_exact_edge() -> None:
    found: dict[tuple[str, int, str], float] = {}
    for rules, tie in {(r, t) for r, t, _ in EDGES}:
        document = study.run_study(
            study.simulated(Shoe(8), SEED, 2),
            engine="python",
            table=make_table(rules=rules, tie_pays=tie),
        )
        assert document.table is not None
        for bet in document.table.bets:
            assert bet.exact_house_edge is not None and bet.exact_expected_per_bet is not None
            found[(rules, tie, bet.name)] = bet.exact_house_edge
            assert bet.exact_expected_per_bet == -bet.exact_house_edge
        # The conclusions and the charts read the table's Banker and Player edges.
        fresh = document.exact_fresh_shoe
        assert fresh.banker_edge == found[(rules, tie, "banker")]
        assert fresh.player_edge == found[(rules, tie, "player")]
        assert f"{100 * fresh.banker_edge:.2f}% (Banker)" in " ".join(document.conclusions)
    for key, percent in EDGES.items():
        places = len(str(percent).split(".")[1])
        assert round(100 * found[key], places) == percent, key


def test_results_written_by_hand_settle_by_their_flags(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notation = tmp_path / "shoe.txt"
    notation.write_text("B6 B B6 P P T B7 B P8 B\n")
    out = tmp_path / "study.json"
    code, _, err = run(["study", str(notation), "--rules", "no-commission", "-o", str(out)], capsys)
    assert code == 0, err
    document = json.loads(out.read_text())
    # coups:        B6   B    B6   P    P    T    B7   B    P8   B
    # follow-last:  -    B    B    B    P    P    P    B    B    P
    # result:       -   +1   +1/2  -1   +1   0    -1   +1   -1   -1
    follow = next(s for s in document["signals"] if s["name"] == "follow-last")
    assert follow["flat_bet"]["units"] == -0.5
    bets = {bet["name"]: bet for bet in document["table"]["bets"]}
    # Banker: wins B6 B6 (1/2 each), B B7 B B (1 each), loses P P P8, pushes T.
    assert bets["banker"]["units"] == 2 * 0.5 + 4 - 3
    assert (bets["banker"]["won"], bets["banker"]["pushed"], bets["banker"]["lost"]) == (6, 1, 3)
    # The Banker 6 is marked at this table: a B without the flag is not one.
    assert (bets["super_6"]["bets"], bets["super_6"]["won"]) == (10, 2)
    assert bets["super_6"]["units"] == 2 * 12 - 8
    # Pairs are read from the flags (none written).
    assert bets["player_pair"]["bets"] == 10 and bets["player_pair"]["units"] == -10
    # A side bet some coup cannot settle without its cards is settled on none: Lucky 6 needs
    # the Banker's cards on a 6, Dragon 7 is not marked here (a lone B7 is not a sample).
    for name in ("lucky_6", "dragon_7", "dragon_bonus_player"):
        assert bets[name]["bets"] == 0 and bets[name]["per_bet"] is None, name


def test_the_ez_table_settles_a_written_dragon_7(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notation = tmp_path / "shoe.txt"
    notation.write_text("B B7 B7 P8 B\n")
    out = tmp_path / "study.json"
    assert run(["study", str(notation), "--rules", "ez", "-o", str(out)], capsys)[0] == 0
    document = json.loads(out.read_text())
    follow = next(s for s in document["signals"] if s["name"] == "follow-last")
    # Bets B, B, B, P on B7 (push), B7 (push), P8 (-1), B (-1).
    assert follow["flat_bet"]["units"] == -2
    bets = {bet["name"]: bet for bet in document["table"]["bets"]}
    assert (bets["dragon_7"]["won"], bets["dragon_7"]["bets"]) == (2, 5)
    assert bets["dragon_7"]["units"] == 2 * 40 - 3
    assert bets["panda_8"]["units"] == 25 - 4


def test_a_bet_the_options_do_not_name_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(
        ["study", "--shoes", "2", "--seed", "1", "--side-bets", "nope", "-o", "-"], capsys
    )
    assert code != 0 and is_one_error(err) and "no side bet 'nope'" in err


# -- the exact part, against an enumeration of six cards written here ----------------------------


def _coup_of(cards: tuple[int, ...]) -> dict[str, Any]:
    """Totals and card counts of a coup dealt from the values ``cards`` (P B P B, thirds)."""
    p, pc, b, bc = coup_of_values(cards)
    winner = "B" if b > p else "P" if p > b else "T"
    return {"winner": winner, "p": p, "b": b, "pc": pc, "bc": bc, "pp": False, "bp": False}


@cache
def _returns_by_multiset() -> dict[tuple[int, ...], tuple[int, int]]:
    """For each multiset of six values, the summed ez Banker and Dragon 7 results over its
    orderings (whole units: ez pays 1:1 or pushes, Dragon 7 40:1)."""
    found: dict[tuple[int, ...], list[int]] = {}
    for cards in product(range(10), repeat=6):
        key = tuple(cards.count(v) for v in range(10))
        f = _coup_of(cards)
        sums = found.setdefault(key, [0, 0])
        sums[0] += int(_main("banker", "ez", f))
        sums[1] += int(_side("dragon_7", 8, f))
    return {key: (a, b) for key, (a, b) in found.items()}


def _falling(n: int, k: int) -> int:
    result = 1
    for i in range(k):
        result *= n - i
    return result


def _expected(left: tuple[int, ...]) -> tuple[Fraction, Fraction]:
    n = sum(left)
    total = _falling(n, 6)
    banker = dragon = 0
    for key, (a, b) in _returns_by_multiset().items():
        weight = 1
        for value, k in enumerate(key):
            if k:
                weight *= _falling(left[value], k)
        banker += weight * a
        dragon += weight * b
    return Fraction(banker, total), Fraction(dragon, total)


@pytest.mark.stress  # the reference enumerates a million orderings of six cards
def test_the_exact_part_prices_every_coup_by_the_table() -> None:
    from roads.study.dealer import SeededDealer
    from roads.study.table_bets import TablePricing, exact_table_shoes

    table = make_table(rules="ez", side_bets=["dragon_7"])
    shoe = Shoe(8)
    records = SeededDealer(shoe, SEED)(0, 1, True)
    coups = exact_table_shoes(records, 8, "python", TablePricing.of(table))
    dealt = shoe.deal(SEED, 0)
    left = [32] * 10
    left[0] = 128
    left[dealt.burned[0].value] -= 1  # the first burn card is face up
    checked = 0
    for coup, real in zip(coups[:6], dealt.coups, strict=False):
        banker, dragon = _expected(tuple(left))
        expected = dict(coup.expected)
        assert expected["banker"] == banker and expected["dragon_7"] == dragon
        settled = dict(coup.settled)
        assert settled["banker"] == _main("banker", "ez", _facts(real))
        assert settled["dragon_7"] == _side("dragon_7", 8, _facts(real))
        for card in real.cards:
            left[card.value] -= 1
        checked += 1
    assert checked == 6


def test_a_study_at_a_table_follows_the_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from importlib.resources import files

    from schema_errors import _errors

    schema = json.loads((files("roads.study") / "schema.json").read_text())
    out = tmp_path / "study.json"
    args = ["study", "--shoes", "6", "--seed", "2", "--exact-shoes", "1", "--rules", "ez"]
    assert run([*args, "--tie-pays", "9", "-o", str(out)], capsys)[0] == 0
    document = json.loads(out.read_text())
    assert _errors(document, schema, schema, "$") == []
    assert set(document["perfect_play"]["by_bet"]) == {b["name"] for b in document["table"]["bets"]}
    assert document["table"]["tie_pays"] == 9


def test_own_bets_are_priced_at_the_journals_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = str(tmp_path / "ez.jsonl")
    # A Banker three-card 7 (4 10 3 against the Player's 2 3 5): EZ pushes the Banker bet and
    # pays the Dragon 7 40:1.
    args = ["log", journal, "--rules", "ez", "--bankroll", "500"]
    args += ["--bet", "dragon_7:5", "--bet", "banker:20", "--cards", "2h 3d 5c / 4c Ks 3s"]
    assert run(args, capsys)[0] == 0
    out = tmp_path / "study.json"
    assert run(["study", journal, "-o", str(out)], capsys)[0] == 0
    own = json.loads(out.read_text())["own_bets"]["by_bet"]
    assert own["banker"]["net"] == 0 and own["dragon_7"]["net"] == 200
    # The exact expectation of the same stakes at the EZ table (its page: Banker 1.0183%,
    # Dragon 7 7.6113%), not at the standard one.
    assert round(-100 * own["banker"]["exact_expected"] / 20, 4) == 1.0183
    assert round(-100 * own["dragon_7"]["exact_expected"] / 5, 4) == 7.6113
