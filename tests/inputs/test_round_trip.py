"""Every format roads writes hands in reads back to the same shoes, by every reader (issue 40.2).

Writers: ``roads simulate`` in the notation, JSON Lines and CSV (by each engine, the same
bytes), ``roads log``'s journal, and the JSON export (one board: its ``hands``). Readers: a
file read whole (``read_shoes`` for ``--wall``, ``read_hands`` for ``--shoe N`` and ``--all``),
as a stream (``stream_hands``), and in the compact form of an export by each engine's reading
(``Input.compact_hands``). With 1, 2 and 5 shoes; what a reader gives back is compared with the
shoes dealt: the same hands with their cards where the format keeps cards, the same results,
flags and marks in the notation, which keeps no cards; and the boards of the notation's hands
at every rule set and both tail rules carry the same marks, cells and answers as the boards of
the dealt hands.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from command_line import run
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import size

from roads.game.shoe import DEFAULT_SHUFFLE, Shoe
from roads.hands.compact import Compact, compact
from roads.hands.hand import Hand
from roads.hands.journal import Journal
from roads.hands.journal_events import coup_event
from roads.hands.notation import format_notation, parse_notation
from roads.hands.readers import parse_shoes
from roads.hands.simulated import simulated_text
from roads.hands.streaming import stream_hands
from roads.inputs import read_hands, read_shoes
from roads.policy import Input
from roads.scoreboard import Scoreboard
from roads.tables import MARKS, Table

_SEED = 11
_SHOES = (1, 2, 5)
_ENGINES = ("python", "numpy")


def _dealt(count: int) -> list[list[Hand]]:
    shoe = Shoe(8, 14, DEFAULT_SHUFFLE)
    return [[Hand.from_coup(coup) for coup in shoe.deal(_SEED, n).coups] for n in range(count)]


def _simulated(
    format_: str, engine: str, marks: tuple[str, ...] = ()
) -> Callable[[Path, int], Path]:
    def write(folder: Path, count: int) -> Path:
        extension = {"text": "txt"}.get(format_, format_)
        path = folder / f"{engine}-{count}.{extension}"
        pieces = simulated_text(
            Shoe(8, 14, DEFAULT_SHUFFLE),
            _SEED,
            count,
            format_=format_,
            engine=engine,
            marks=marks,
        )
        path.write_bytes(b"".join(text for _, text in pieces))
        return path

    return write


def _journal(folder: Path, count: int) -> Path:
    path = folder / f"session-{count}.jsonl"
    journal = Journal(path)
    for number, hands in enumerate(_dealt(count)):
        if number:
            journal.new_shoe()
        journal.append([coup_event(hand) for hand in hands])
    return path


WRITERS: dict[str, tuple[Callable[[Path, int], Path], bool]] = {
    **{
        f"simulate {format_} ({engine})": (_simulated(format_, engine), format_ != "text")
        for format_ in ("text", "jsonl", "csv")
        for engine in _ENGINES
    },
    "log (journal)": (_journal, True),
}
"""Each writer of several shoes, and whether its format keeps the cards."""


def _expected(hands: list[Hand], cards: bool) -> list[Hand]:
    """What a format gives back of ``hands``: themselves, or without their cards (the result
    and flags: ``roads simulate`` without ``--rules`` writes no mark)."""
    return hands if cards else [_plain(hand) for hand in hands]


def _plain(hand: Hand) -> Hand:
    return Hand(hand.outcome, hand.banker_pair, hand.player_pair, hand.natural)


@pytest.mark.parametrize("count", _SHOES)
@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_every_writer_reads_back_by_every_reader(writer: str, count: int, tmp_path: Path) -> None:
    write, cards = WRITERS[writer]
    path = str(write(tmp_path, count))
    dealt = _dealt(count)
    expected = [_expected(hands, cards) for hands in dealt]
    assert read_shoes(path) == expected, "read whole, every shoe (roads render --wall)"
    assert [read_hands(path, shoe=n) for n in range(1, count + 1)] == expected, "--shoe N"
    assert read_hands(path, every_shoe=True) == [hand for hands in expected for hand in hands]
    assert [len(board) for board in Input(source=path).shoes()] == [len(h) for h in dealt]
    for n in range(1, count + 1):
        streamed = stream_hands(path, shoe=n, smallest=0)
        if streamed is not None:  # a journal is replayed whole
            assert list(streamed) == expected[n - 1], f"as a stream, shoe {n}"
        for engine in _ENGINES:
            read, _ = Input(source=path, shoe=n).compact_hands(engine=engine)
            assert list(read) == _compact(dealt[n - 1], cards), f"{engine} reading, shoe {n}"


def _compact(hands: list[Hand], cards: bool) -> list[Compact]:
    return [compact(hand) if cards else (_plain(hand), None) for hand in hands]


@pytest.mark.parametrize("count", _SHOES)
def test_the_json_export_reads_back_as_its_board(count: int, tmp_path: Path) -> None:
    """The export is one board: every coup of every shoe, with its cards."""
    hands = [hand for shoe in _dealt(count) for hand in shoe]
    path = tmp_path / "cells.json"
    path.write_text(Scoreboard(hands).to_json())
    assert read_hands(str(path)) == hands
    assert read_shoes(str(path)) == [hands]
    assert list(Input(source=str(path)).compact_hands()[0]) == _compact(hands, True)


def _board(hands: list[Hand], tails: str, rules: str) -> dict[str, Any]:
    """A board's export without its ``hands`` list (which names the cards where known)."""
    exported = json.loads(Scoreboard(hands, tails=tails, table=Table(rules=rules)).to_json())
    del exported["hands"]
    return exported


@pytest.mark.parametrize("tails", ["straight", "drop-back"])
@pytest.mark.parametrize("rules", ["standard", "no-commission", "ez"])
@pytest.mark.parametrize("engine", _ENGINES)
def test_the_notation_keeps_every_rule_sets_marks(
    tails: str, rules: str, engine: str, tmp_path: Path
) -> None:
    """``roads simulate --rules R`` writes the marks table R posts: the boards at R of the
    shoes read back from the notation are those of the cards."""
    dealt = _dealt(max(_SHOES))
    marked = {name for shoe in dealt for hand in shoe for name in compact(hand)[0].marks}
    assert marked == {mark.name for mark in MARKS}, "the shoes hold every mark"
    posted = tuple(mark.name for mark in Table(rules=rules).marks)
    path = _simulated("text", engine, posted)(tmp_path, len(dealt))
    for hands, read in zip(dealt, read_shoes(str(path)), strict=True):
        assert {name for hand in read for name in hand.marks} <= set(posted)
        assert _board(read, tails, rules) == _board(hands, tails, rules)


def test_the_issues_four_shoes_read_back_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``roads simulate --seed 5 --shoes 4 -o four.txt`` drew one board of 327 coups."""
    four = str(tmp_path / "four.txt")
    assert run(["simulate", "--seed", "5", "--shoes", "4", "-o", four], capsys)[0] == 0
    code, _, err = run(["show", four], capsys)
    assert code == 2 and "holds 4 shoes: choose one (shoe 1 to 4)" in err, err
    code, out, err = run(["show", four, "--shoe", "2"], capsys)
    shoe_two = len(_simulated_shoe(5, 1))
    assert code == 0 and out.startswith(f"Coups {shoe_two} ·"), err
    code, _, err = run(["render", four, "--wall", "-o", str(tmp_path / "wall.svg")], capsys)
    assert code == 0, err
    assert "4 shoes" in (tmp_path / "wall.svg").read_text(encoding="utf-8")


def _simulated_shoe(seed: int, index: int) -> list[Hand]:
    return [Hand.from_coup(c) for c in Shoe(8, 14, DEFAULT_SHUFFLE).deal(seed, index).coups]


_MARKED = st.sampled_from(parse_notation("B P T Bb Pp Tn Bbpn B6 B7 P8 Pbp8 Tbp"))


@settings(max_examples=size(60, 600))
@given(shoes=st.lists(st.lists(_MARKED, min_size=1, max_size=30), min_size=1, max_size=5))
def test_shoe_lines_read_back_as_the_shoes_they_start(shoes: list[list[Hand]]) -> None:
    """Shoes written as ``roads simulate`` writes them, a ``# shoe`` line each, in one line of
    the notation each, read back to the same shoes, with every mark."""
    text = "".join(
        f"# shoe {number}: {len(hands)} coups\n{format_notation(hands)}\n"
        for number, hands in enumerate(shoes, start=1)
    )
    assert parse_shoes(text, "shoes.txt") == shoes
