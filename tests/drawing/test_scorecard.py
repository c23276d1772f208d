"""``roads scorecard``: blank cards whose cells a pen can fill (at least 5 mm, measured in the
PDF), filled cards a page a shoe with their shoe's marks and counts, the table's rules, the
statement's page, and the notice on every page, in every language."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from command_line import is_one_error, run
from pdf_readers import grid_spacings, poppler, text_of

import roads
from roads.drawing.paper import Paper
from roads.drawing.scene import Circle
from roads.drawing.scorecard import CardOptions, CardTable, FilledShoe, blank_page, filled_pages
from roads.hands.statement_files import StatementTable
from roads.translations import CARD_WORDS, LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
SESSION = ROOT / "examples" / "session.jsonl"
HOME = str(ROOT / "examples" / "home-table.toml")


def _session_shoes() -> dict[int, Counter[str]]:
    """Each shoe of the session file and its outcomes, read from its rows as the file says."""
    shoes: dict[int, Counter[str]] = {}
    for line in SESSION.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            shoes.setdefault(row["shoe"], Counter())[row["outcome"]] += 1
    return shoes


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(
    "more", [[], ["--roads", "all"], ["--per-page", "2"], ["--lang", "zh", "--roads", "all"]]
)
def test_a_blank_cards_cells_are_at_least_5_mm_on_the_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], paper: str, more: list[str]
) -> None:
    path = tmp_path / "card.pdf"
    code, _, err = run(["scorecard", "--paper", paper, *more, "-o", str(path)], capsys)
    assert code == 0, err
    sides = grid_spacings(path)
    cards = 2 if "--per-page" in more else 1
    grids = 5 if "all" in more else 2
    assert len(sides) == cards * grids
    assert min(sides) >= 5.0, sides


def test_a_blank_card_says_how_to_mark_it_and_carries_the_notice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    poppler()
    for lang in ("en", "zh"):
        path = tmp_path / f"{lang}.pdf"
        assert run(["scorecard", "--lang", lang, "--roads", "all", "-o", str(path)], capsys)[0] == 0
        text = "".join(text_of(path).split())
        words, labels = CARD_WORDS[lang], LANGUAGES[lang]
        for word in (
            words.title,
            words.date,
            words.table,
            words.shoe,
            words.how_to_mark,
            labels.bead_plate,
            labels.big_road,
            labels.big_eye_boy,
            labels.small_road,
            labels.cockroach_pig,
            *labels.notice,
        ):
            assert "".join(word.split()) in text, (lang, word)


def test_a_filled_card_of_a_session_has_a_page_a_shoe_with_its_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    poppler()
    from pypdf import PdfReader

    shoes = _session_shoes()
    path = tmp_path / "session.pdf"
    code, _, err = run(["scorecard", str(SESSION), "-o", str(path)], capsys)
    assert code == 0, err
    reader = PdfReader(path)
    assert len(reader.pages) == len(shoes) > 1
    for page, (number, outcomes) in enumerate(sorted(shoes.items())):
        text = " ".join(reader.pages[page].extract_text().split())
        assert f"Shoe {number} of {len(shoes)}" in text
        assert f"{sum(outcomes.values())} coups" in text
        assert f"Banker {outcomes['B']}" in text and f"Player {outcomes['P']}" in text
        assert f"Tie {outcomes['T']}" in text
        assert "Past results do not predict the next hand." in text


def test_a_filled_card_prints_a_disc_for_every_coup() -> None:
    boards = roads.Scoreboard.read_shoes(str(SESSION))
    outcomes = _session_shoes()
    shoes = [FilledShoe(board.roads, n, len(boards)) for n, board in enumerate(boards, 1)]
    pages = filled_pages(shoes, Paper(size="a4"), CardOptions(derived=True))
    for page, (_, counted) in zip(pages, sorted(outcomes.items()), strict=True):
        beads = [
            shape
            for shape in page.shapes
            if isinstance(shape, Circle) and shape.classes[:2] == ("mark", "bead-plate")
        ]
        assert len(beads) == sum(counted.values())


def test_one_shoe_of_a_session_is_numbered_in_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    poppler()
    path = tmp_path / "three.pdf"
    args = ["scorecard", str(SESSION), "--shoe", "3", "--rules", "ez", "--side-bets", "dragon_7"]
    code, _, err = run([*args, "-o", str(path)], capsys)
    assert code == 0, err
    text = " ".join(text_of(path).split())
    assert f"Shoe 3 of {len(_session_shoes())}" in text
    assert "Rules: ez; Tie pays 8 to 1" in text and "Side bets: Dragon 7" in text


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--per-page", "2", "--roads", "all"], "less than 5 mm"),
        (["--shoe", "2"], "give it"),
        (["--paper", "fit"], "'fit' is not one of"),
        (["--hands", "BP", "--all"], "drop --all"),
    ],
)
def test_what_cannot_be_printed_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], says: str
) -> None:
    path = tmp_path / "card.pdf"
    code, _, err = run(["scorecard", *args, "-o", str(path)], capsys)
    assert code == 2 and is_one_error(err) and says in err, err
    assert not path.exists()


def test_what_a_table_posts_and_a_statement_are_printed() -> None:
    table = CardTable(name="Home table", rules=("Limits: banker 10 to 500",))
    options = CardOptions(table=table)
    texts = blank_page(Paper(size="letter"), options).texts()
    assert any("Home table" in text for text in texts)
    assert "Limits: banker 10 to 500" in texts
    board = roads.Scoreboard.from_notation("BPPBT")
    statement = StatementTable(
        title="Statement: Home table",
        heads=("Seat", "Name", "Net"),
        rows=(("1", "Ana", "+445.00"), ("House", "", "-445.00")),
        closing=("Past results do not predict the next hand.",),
    )
    pages = filled_pages(
        [FilledShoe(board.roads, 1, 1)], Paper(size="a4"), options, statement=statement
    )
    assert len(pages) == 2
    texts = pages[1].texts()
    assert {"Statement: Home table", "Ana", "+445.00", "House", "-445.00"} <= set(texts)
    assert any("Past results" in text for text in texts)


def test_a_table_file_posts_its_name_commission_and_limits_on_a_blank_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    poppler()
    path = tmp_path / "card.pdf"
    code, _, err = run(["scorecard", "--table", HOME, "-o", str(path)], capsys)
    assert code == 0, err
    text = " ".join(text_of(path).split())
    words = CARD_WORDS["en"]
    assert "Home table" in text
    assert words.commission_box in text
    # every limit of the file, as PRACTICE.md's example posts them
    for bet, limits in (("Banker", "10–500"), ("Player", "10–500"), ("Tie", "5–50")):
        assert f"{bet} {limits}" in text, text
    assert len(grid_spacings(path)) == 2 and min(grid_spacings(path)) >= 5.0


def test_a_journal_with_seats_ends_with_the_statement_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """PRACTICE.md's worked example, then a new shoe: a card a shoe, then the session's
    statement with each seat's balance and the house's net, as the worked example gives them."""
    poppler()
    journal = tmp_path / "game.jsonl"
    for args in (
        ["--table", HOME, "--seat", "1", "--join", "Ana", "--bankroll", "1000"],
        ["--seat", "2", "--join", "Ben", "--bankroll", "500"],
        ["--seat", "1", "--bet", "banker:100"],
        ["--seat", "2", "--bet", "player:50", "--bet", "tie:10"],
        ["--cards", "2h 3d / 8c Ks"],
        ["--seat", "1", "--bet", "banker:200"],
        ["--seat", "2", "--bet", "banker:40", "--bet", "player_pair:5"],
        ["--cards", "4h 4d / 9c Ks"],
        ["--seat", "1", "--bet", "tie:20", "--bet", "banker:100"],
        ["--cards", "2h 5d / 3c 4s"],
        ["--new-shoe"],
        ["--add", "P"],
    ):
        code, _, err = run(["log", str(journal), *args], capsys)
        assert code == 0, (args, err)
    path = tmp_path / "session.pdf"
    code, _, err = run(["scorecard", str(journal), "-o", str(path)], capsys)
    assert code == 0, err
    pages = [" ".join(page.split()) for page in text_of(path).split("\f") if page.strip()]
    assert len(pages) == 3  # two shoes, then the statement
    assert "Shoe 1 of 2" in pages[0] and "Shoe 2 of 2" in pages[1]
    assert "Home table" in pages[0]
    last = pages[2]
    assert CARD_WORDS["en"].statement in last
    for figure in ("1,445.00", "533.00", "+445.00", "+33.00", "-478.00"):
        assert figure in last, (figure, last)
    assert all("Past results do not predict the next hand." in page for page in pages)
    # --shoe N: that shoe's card, then that shoe's statement
    one = tmp_path / "one.pdf"
    assert run(["scorecard", str(journal), "--shoe", "1", "-o", str(one)], capsys)[0] == 0
    pages = [page for page in text_of(one).split("\f") if page.strip()]
    assert len(pages) == 2 and "1,445.00" in " ".join(pages[1].split())
