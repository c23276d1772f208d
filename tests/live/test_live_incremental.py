"""The live page keeps the current shoe's roads between updates and changes them only by what
changed (``Page.state``): after any sequence of coups, undos, bets, new shoes and re-reads of the
journal, it shows exactly what a page drawing the shoe from scratch shows. Its board is a window
of at most LIVE_COLUMNS columns of each road unless --columns is given, and a shoe of eight decks
is drawn whole, byte for byte as without the window."""

from __future__ import annotations

import tempfile
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from command_line import run
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import hands
from tiers import size

from roads.drawing.board import BoardOptions
from roads.game.paytable import BetOn
from roads.game.shoe import Shoe
from roads.grids.placement import TAILS
from roads.hands.hand import Hand
from roads.hands.journal import Journal, JournalError
from roads.live.page import LIVE_COLUMNS, Page
from roads.scoreboard import Scoreboard


@cache
def dealt(seed: int) -> tuple[Hand, ...]:
    return tuple(Hand.from_coup(coup) for coup in Shoe(8, 14).deal(seed, 0).coups)


coups = st.one_of(
    hands, st.integers(0, 70).map(lambda number: dealt(1)[number])
)  # with and without cards
moves = st.lists(
    st.one_of(
        st.tuples(st.just("coup"), coups),
        st.tuples(st.just("coups"), st.lists(coups, min_size=2, max_size=8)),
        st.tuples(st.sampled_from(["undo", "shoe", "bankroll", "bet", "reread"]), st.none()),
        st.tuples(st.just("undo"), st.none()),
    ),
    max_size=40,
)
OPTIONS = [
    BoardOptions(),
    BoardOptions(max_columns=4),
    BoardOptions(max_columns=9, layout="casino"),
    BoardOptions(columns=7),
    BoardOptions(max_columns=3, road="big-road"),
]


def move(journal: Journal, kind: str, value: object) -> None:
    try:
        if kind == "coup":
            assert isinstance(value, Hand)
            journal.add(value)
        elif kind == "coups":
            assert isinstance(value, list)
            journal.append([{"event": "coup", **hand.as_dict()} for hand in value])
        elif kind == "undo":
            journal.undo()
        elif kind == "shoe":
            journal.new_shoe()
        elif kind == "bankroll":
            journal.set_bankroll(100)
        elif kind == "bet":
            journal.bet(BetOn("banker"), 1)
    except JournalError:
        pass  # an undo of nothing, a bet without a bankroll, a new shoe over open bets


@settings(max_examples=size(15, 60))
@given(
    moves,
    st.lists(st.booleans(), min_size=40, max_size=40),
    st.sampled_from(TAILS),
    st.sampled_from(OPTIONS),
)
def test_the_page_shows_what_a_page_drawn_from_scratch_shows(
    steps: list[tuple[str, object]], looks: list[bool], tails: str, options: BoardOptions
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "j.jsonl")
        journal = Journal(path)
        reader = Journal(path, read_only=True)
        page = Page("j.jsonl", options, tails=tails)
        # the page looks after some moves only, so one update may have to follow several
        for (kind, value), look in zip([*steps, ("end", None)], [*looks, True], strict=False):
            move(journal, kind, value)
            if kind == "reread":
                reader = Journal(path, read_only=True)
            if not look:
                continue
            reader.refresh()
            session = reader.session
            state = page.state(session)
            fresh = Page("j.jsonl", options, tails=tails).state(session)
            assert state == fresh
            board = Scoreboard(session.hands(), tails=tails)
            assert state["svg"] == board.svg(options=page.draw_options)


def states(hands_: list[Hand], options: BoardOptions) -> tuple[str, str]:
    """The live page's SVG of a journal holding ``hands_``, and the board's without a window."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "j.jsonl")
        journal = Journal(path)
        journal.append([{"event": "coup", **hand.as_dict()} for hand in hands_])
        svg = Page("j.jsonl", options).state(journal.session)["svg"]
    return svg, Scoreboard(hands_).svg(options=options)


@pytest.mark.parametrize("layout", ["standard", "casino", "lobby"])
def test_an_eight_deck_shoe_is_drawn_whole(layout: str) -> None:
    """30 dealt shoes of eight decks (8 in README's ``pytest``): the live board is byte for byte
    the board without a window (such shoes fill about 50 columns of a road at most)."""
    options = BoardOptions(layout=layout)
    for seed in range(size(8, 30)):
        shoe = [Hand.from_coup(coup) for coup in Shoe(8, 14).deal(seed, 0).coups]
        live, whole = states(shoe, options)
        assert live == whole, seed


def test_a_long_shoe_is_drawn_through_the_window() -> None:
    shoe = [hand for seed in range(12) for hand in dealt(seed)]  # ~1,000 coups in one shoe
    board = Scoreboard(shoe)
    assert board.width("big-road") > LIVE_COLUMNS
    live, whole = states(shoe, BoardOptions())
    assert live == board.svg(options=BoardOptions(max_columns=LIVE_COLUMNS)) != whole
    assert len(live) < len(whole) / 3
    # --columns is kept as given
    live, _ = states(shoe, BoardOptions(columns=100))
    assert live == board.svg(options=BoardOptions(columns=100))
    assert Page("j", BoardOptions(columns=100)).draw_options == BoardOptions(columns=100)
    assert Page("j", BoardOptions()).draw_options == replace(
        BoardOptions(), max_columns=LIVE_COLUMNS
    )


def test_the_window_is_documented(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["serve", "--help"], capsys)
    assert code == 0
    assert f"at most the last {LIVE_COLUMNS} columns of each road unless --columns" in " ".join(
        out.split()
    )
    docs = (Path(__file__).parents[2] / "docs" / "commands.md").read_text(encoding="utf-8")
    assert f"at most the last {LIVE_COLUMNS} columns of each road" in " ".join(docs.split())
