"""CSV as people write it (issue 40.9): outcome words in any case and in Chinese, a delimiter
other than the comma, and one warning naming each column roads does not read."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from command_line import run
from hypothesis import given
from hypothesis import strategies as st

from roads.errors import ParseError
from roads.game.coup import Outcome
from roads.hands.readers import IgnoredColumnWarning, parse_csv, parse_hands

# Written from the issue, not from roads.translations: the words a dealer's sheet uses.
_WORDS = {
    "Banker": Outcome.BANKER,
    "Player": Outcome.PLAYER,
    "Tie": Outcome.TIE,
    "庄": Outcome.BANKER,
    "闲": Outcome.PLAYER,
    "和": Outcome.TIE,
    "莊": Outcome.BANKER,
    "閒": Outcome.PLAYER,
}


def _any_case(word: str, flips: list[bool]) -> str:
    return "".join(
        char.upper() if flip else char.lower()
        for char, flip in zip(word, flips + [False] * len(word), strict=False)
    )


@given(
    words=st.lists(st.sampled_from(sorted(_WORDS)), min_size=1, max_size=20),
    flips=st.lists(st.booleans(), max_size=6),
    delimiter=st.sampled_from([",", ";", "\t", "|"]),
)
def test_outcome_words_in_any_case_and_any_delimiter(
    words: list[str], flips: list[bool], delimiter: str
) -> None:
    rows = "".join(f"{_any_case(word, flips)}{delimiter}false\n" for word in words)
    text = f"Outcome{delimiter}Natural\n" + rows
    hands = parse_hands(text, "sheet")  # no extension to go by: the content says CSV
    assert [hand.outcome for hand in hands] == [_WORDS[word] for word in words]


def test_a_word_that_is_no_outcome_is_refused_naming_the_words() -> None:
    with pytest.raises(ParseError) as refused:
        parse_csv("outcome\nBanker\nBankers\n", "s.csv")
    assert "s.csv:3: outcome 'Bankers' is not B, P or T" in str(refused.value)
    assert "Banker" in str(refused.value) and "閒" in str(refused.value)


def test_a_semicolon_csv_with_cards() -> None:
    text = 'shoe;outcome;player_cards;banker_cards\n1;Player;"9s 9d";"4h 3c"\n2;tie;;\n'
    first, second = parse_hands(text, "s.csv", every_shoe=True)
    assert first.coup is not None and first.player_pair and first.natural
    assert second.outcome is Outcome.TIE


def test_one_warning_names_the_columns_ignored() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parse_csv("Outcome,Pair,natural,Note\nB,yes,false,x\nP,no,true,y\n", "s.csv")
    said = [str(warning.message) for warning in caught]
    assert len(said) == 1 and caught[0].category is IgnoredColumnWarning, said
    assert "s.csv: ignoring the columns 'pair', 'note'" in said[0]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parse_csv("shoe,outcome,natural,marks\n1,B,false,\n", "s.csv")
    assert not caught
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parse_csv(",".join(["outcome", *(f"c{i}" for i in range(200_000))]) + "\nB\n", "w.csv")
    (wide,) = [str(warning.message) for warning in caught]
    assert "'c0', 'c1', 'c2', 'c3', 'c4' and 199,995 more: roads reads" in wide


@pytest.mark.filterwarnings("always::roads.hands.readers.IgnoredColumnWarning")
def test_roads_show_reads_a_semicolon_sheet_and_warns_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "sheet.csv"
    sheet.write_text("Outcome;Pair\nBanker;x\nplayer;\n和;\n閒;\n", encoding="utf-8")
    code, out, err = run(["show", str(sheet)], capsys)
    assert code == 0, err
    assert out.startswith("Coups 4 · Banker 1 · Player 2 · Tie 1")
    assert err.count("warning") == 1 and "ignoring the column 'pair'" in err
