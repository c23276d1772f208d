"""The marks a table's board carries (issue 19): from the cards, or as flags in the notation;
on hands, bead-plate cells and big-road entries; in the export and the text board."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from command_line import run
from hypothesis import given
from hypothesis import strategies as st
from tiers import size

from roads.errors import ParseError
from roads.game.coup import Coup
from roads.hands.hand import Hand
from roads.hands.notation import format_notation, parse_notation
from roads.scoreboard import Scoreboard
from roads.tables import make_table

EXAMPLES = Path(__file__).parents[2] / "examples"
DATA = Path(__file__).parents[1] / "data"
MARKED = {"standard": [], "no-commission": ["super_6"], "ez": ["dragon_7", "panda_8"]}


def spec_marks(coup: Coup, rules: str) -> list[str]:
    """TABLES.md: super_6, Banker won with 6; dragon_7, Banker won with a three-card 7;
    panda_8, Player won with a three-card 8; each where the rule set marks it."""
    p, b = coup.player_total, coup.banker_total
    found = []
    if b > p and b == 6:
        found.append("super_6")
    if b > p and b == 7 and len(coup.banker_cards) == 3:
        found.append("dragon_7")
    if p > b and p == 8 and len(coup.player_cards) == 3:
        found.append("panda_8")
    return [name for name in found if name in MARKED[rules]]


@pytest.mark.parametrize("rules", ["standard", "no-commission", "ez"])
def test_dealt_shoes_carry_exactly_the_marks_their_cards_give(rules: str) -> None:
    """50 dealt shoes (12 in README's ``pytest``) at each table."""
    table = make_table(rules=rules)
    seen = 0
    for index in range(size(12, 50)):
        board = Scoreboard.simulate(seed=19, index=index)
        board.set_table(table)
        data = json.loads(board.to_json())
        assert data.get("rules") == (None if rules == "standard" else rules)
        expected = [spec_marks(hand.coup, rules) for hand in board.hands if hand.coup]
        assert [h.get("marks", []) for h in data["hands"]] == expected
        assert [c.get("marks", []) for c in data["bead_plate"]] == expected
        for entry in data["big_road"]:
            lead = [i for i in entry["hands"] if data["hands"][i]["outcome"] != "T"]
            own = expected[lead[0]] if lead else []
            assert entry.get("marks", []) == own
        seen += sum(map(len, expected))
    assert (seen > 0) == (rules != "standard")


def test_a_big_road_entry_that_merges_ties_carries_its_own_coups_marks_only() -> None:
    board = Scoreboard.from_notation("T B6 T T P B6 T")
    board.set_table(make_table(rules="no-commission"))
    entries = json.loads(board.to_json())["big_road"]
    assert [(e["hands"], e.get("marks")) for e in entries] == [
        ([0, 1, 2, 3], ["super_6"]),
        ([4], None),
        ([5, 6], ["super_6"]),
    ]


def test_flags_mark_only_where_the_rule_set_marks() -> None:
    text = "B6 B7 P8 B"
    for rules, marks in (("standard", []), ("no-commission", [["super_6"]]), ("ez", None)):
        board = Scoreboard.from_notation(text)
        board.set_table(make_table(rules=rules))
        cells = [c.marks for c in board.bead_plate]
        if rules == "ez":
            assert cells == [(), ("dragon_7",), ("panda_8",), ()]
        else:
            assert [list(m) for m in cells if m] == marks


hands = st.builds(
    lambda letter, bp, pp, nat, mark: (
        letter
        + ("b" if bp else "")
        + ("p" if pp else "")
        + ("" if nat and mark else ("n" if nat else ""))
        + mark
    ),
    st.sampled_from("BPT"),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.sampled_from(["", "6", "7", "8"]),
).filter(lambda s: not (s[-1] in "67" and s[0] != "B") and not (s[-1] == "8" and s[0] != "P"))


@given(st.lists(hands, max_size=30))
def test_flags_round_trip(spellings: list[str]) -> None:
    parsed = parse_notation(" ".join(spellings))
    assert format_notation(parsed) == "".join(spellings)
    assert parse_notation(format_notation(parsed)) == parsed


@pytest.mark.parametrize(
    ("text", "flag", "column"),
    [("BP7", "'7'", 3), ("BT6", "'6'", 3), ("PB8", "'8'", 3), ("B67", "'7'", 3), ("B7n", "'7'", 2)],
)
def test_a_flag_that_contradicts_its_letter_is_refused_naming_it_and_where(
    text: str, flag: str, column: int
) -> None:
    with pytest.raises(ParseError, match=f"position {column}: flag {flag}"):
        parse_notation(text)


def test_a_mark_written_against_the_cards_is_refused() -> None:
    coup = Coup.parse("Kh 9d / 2c 4s")  # Player wins with a natural 9
    with pytest.raises(Exception, match="disagree"):
        Hand.from_coup(coup).__class__(
            coup.outcome, coup.banker_pair, coup.player_pair, coup.natural, coup, ("panda_8",)
        )


def test_the_export_carries_rules_after_notice_and_marks_from_the_cli(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(["export", "--hands", "B7 P8 B6", "--rules", "ez"], capsys)
    assert code == 0
    assert list(json.loads(out))[:3] == ["schema", "notice", "rules"]
    assert '"rules": "ez"' in out and out.count('"marks": ["dragon_7"]') == 3
    code, out, _ = run(["export", "--hands", "B7", "--tails", "drop-back", "--rules", "ez"], capsys)
    assert list(json.loads(out))[:4] == ["schema", "notice", "tails", "rules"]


# The bytes roads 0.x wrote for these inputs before tables existed (JSON and CSV exports): a
# standard table keeps them. The 8-deck shoe is the one examples/ held then (seed 2026 dealt by
# the shake-sort shuffle), kept in tests/data.
_BEFORE = {
    "eight-decks-shake-sort.jsonl": (
        "c11b1a0b81d6e2a4aaf2eaf3bb3705bb9fa220bf806b0b2be5131bdfefd34f9e",
        "550f7e1c6e749872ba69a2a466ffb96b6aa9334fdb44b894ee3b0f6cea7a120f",
    ),
    "dragon.txt": (
        "7bdf043cc9c3a613248d34cdbf47d03adfda6cb00c87d27d9c404160bddb7f11",
        "763b5bbae02d2a6000b0cfb9523bd781e7f6afdac4c5cd81631278f0cd2b8636",
    ),
    "short.txt": (
        "c2737e8b5be56b4b254cadb03b560636b7c34c64a906a96ed8748999ae93710d",
        "86f488d32ee6eb3c1076860d21d4c538b00c9007176e21d95ac99f428f9230bc",
    ),
}


@pytest.mark.parametrize("name", sorted(_BEFORE))
@pytest.mark.parametrize("rules", [[], ["--rules", "standard"]])
def test_a_standard_export_keeps_its_bytes(
    name: str, rules: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    for kind, digest in zip(("json", "csv"), _BEFORE[name], strict=True):
        source = DATA / name if (DATA / name).is_file() else EXAMPLES / name
        code, out, _ = run(["export", str(source), "--format", kind, *rules], capsys)
        assert code == 0
        assert hashlib.sha256(out.encode()).hexdigest() == digest


def test_the_text_board_shows_the_flags_and_their_legend(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(["show", "--hands", "B7 P8 B", "--rules", "ez", "--no-color"], capsys)
    assert code == 0
    assert "7 Dragon 7" in out and "8 Panda 8" in out
    bead = out.split("Bead plate\n")[1].split("\n\n")[0].split("\n")
    assert [row.strip() for row in bead[:3]] == ["B7", "P8", "B"]
    code, plain, _ = run(["show", "--hands", "B7 P8 B", "--no-color"], capsys)
    assert "Dragon 7" not in plain and " B7" not in plain
