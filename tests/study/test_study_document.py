"""The study's document (``roads.study.document``): typed values built once, written to JSON in
one place, and read back from a saved study with errors that name the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from command_line import run

from roads import study
from roads.game.shoe import Shoe
from roads.study.charts import study_scene
from roads.study.codec import StudyFormatError
from roads.study.document import Study
from roads.study.page import study_html
from roads.tables import make_table

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def documents(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Study]:
    """A simulated study at a table with exact shoes, a recorded one with none, and one of a
    journal's practice bets: between them every part of the document, and both sources."""
    journal = tmp_path_factory.mktemp("journal") / "bets.jsonl"
    from roads.cli import main

    args = ["log", str(journal), "--bankroll", "100", "--bet", "banker:10", "--bet", "tie:5"]
    with pytest.raises(SystemExit):
        main([*args, "--cards", "2h 3d 5c / 4c Ks 3s"])
    return {
        "simulated": study.run_study(
            study.simulated(Shoe(8), 3, 12),
            engine="python",
            exact_shoes=1,
            table=make_table(rules="ez", tie_pays=9),
        ),
        "recorded": study.run_study(
            study.read_shoes([str(EXAMPLES / "short.txt")]), engine="python"
        ),
        "journal": study.run_study(study.read_shoes([str(journal)]), engine="python"),
    }


def test_every_part_of_the_document_is_there(documents: dict[str, Study]) -> None:
    simulated, recorded, journal = (
        documents["simulated"],
        documents["recorded"],
        documents["journal"],
    )
    assert simulated.table is not None and simulated.card_removal is not None
    assert simulated.perfect_play is not None and recorded.card_removal is None
    assert journal.own_bets is not None
    assert [row.name for row in journal.own_bets.by_bet] == ["banker", "tie"]
    assert simulated.data.seed == 3 and simulated.data.inputs is None
    assert recorded.data.inputs == ("short.txt",) and recorded.data.seed is None


def test_the_json_follows_the_fields_in_their_order(documents: dict[str, Study]) -> None:
    simulated = json.loads(documents["simulated"].to_json())
    recorded = json.loads(documents["recorded"].to_json())
    assert list(simulated)[:2] == ["fairness", "format"]
    assert list(simulated)[-3:] == ["table", "goodness_of_fit", "conclusions"]
    assert "table" not in recorded  # left out, not null, without a table
    assert recorded["card_removal"] is None  # null, not left out, without exact shoes
    assert list(simulated["data"]) == [
        "source", "seed", "shuffle", "shoes", "cut_card", "decks", "coups"
    ]  # fmt: skip
    assert list(recorded["data"]) == ["source", "inputs", "shoes", "decks", "coups"]
    signal = simulated["signals"][0]
    assert list(signal["ahead"]) == ["1", "10", "100", "method"]
    assert "p_adjusted" not in signal["won_of_decided"]  # the signal's own field has it
    assert "p_adjusted" in simulated["goodness_of_fit"]["tie"]
    assert list(simulated["card_removal"]["by_position"][0])[:2] == ["from", "to"]
    # Rows by name: the name is the key, not a field of the row.
    by_bet = simulated["perfect_play"]["by_bet"]
    assert list(by_bet)[:3] == ["banker", "player", "tie"]
    assert "name" not in by_bet["banker"]
    assert documents["simulated"].as_dict() == simulated


def test_a_saved_study_reads_back_to_the_same_document(documents: dict[str, Study]) -> None:
    for name, document in documents.items():
        saved = document.to_json()
        again = Study.from_json(saved, f"{name}.json")
        assert again == document, name
        assert again.to_json() == saved, name
        assert study_html(again) == study_html(document), name
        assert study_scene(again) == study_scene(document), name


def test_a_study_saved_before_the_shuffle_was_recorded_reads_as_shake_sort(
    documents: dict[str, Study],
) -> None:
    from roads.study.wording import shuffle_of

    old = json.loads(documents["simulated"].to_json())
    del old["data"]["shuffle"]
    document = Study.from_dict(old)
    assert document.data.shuffle is None and shuffle_of(document.data) == "shake-sort"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["data"].update(shoes="12"), "$.data.shoes should be a whole number, not"),
        (lambda d: d["data"].update(source="dreamt"), '"simulated" or "recorded", not "dreamt"'),
        (lambda d: d["signals"][2]["ahead"].pop("10"), "$.signals[2].ahead.10 is missing"),
        (lambda d: d["signals"][0].update(odds=1), "$.signals[0] has a field a roads study"),
        (lambda d: d.update(curve_shoes=3), "$.curve_shoes should be a list, not 3"),
        (
            lambda d: d["perfect_play"]["by_bet"]["tie"].update(coups=1.5),
            "$.perfect_play.by_bet.tie.coups should be a whole number, not 1.5",
        ),
        (lambda d: d["fairness"].update(alarm=0), "$.fairness.alarm should be true or false"),
        (lambda d: d.update(format="roads/1"), 'its JSON has no "format": "roads-study"'),
        (lambda d: d.update(version=2), "a roads study of version 2; this roads reads version 1"),
    ],
)
def test_a_broken_study_says_which_field_and_what_it_holds(
    documents: dict[str, Study], change: object, message: str
) -> None:
    broken = json.loads(documents["simulated"].to_json())
    change(broken)  # type: ignore[operator]
    with pytest.raises(StudyFormatError) as error:
        Study.from_dict(broken, "study.json")
    assert str(error.value).startswith("study.json")
    assert message in str(error.value)


def test_text_that_is_not_json_is_named(tmp_path: Path) -> None:
    with pytest.raises(StudyFormatError, match=r"^study\.json is not JSON: "):
        Study.from_json(b'{"format": "roads-study",', "study.json")
    with pytest.raises(StudyFormatError, match="is not a roads study"):
        Study.from_json(b"[1, 2]", "study.json")


def test_the_command_writes_the_document_the_library_builds(
    documents: dict[str, Study], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "study.json"
    args = ["study", "--shoes", "12", "--seed", "3", "--exact-shoes", "1", "--rules", "ez"]
    assert run([*args, "--tie-pays", "9", "--engine", "python", "-o", str(out)], capsys)[0] == 0
    document = Study.from_json(out.read_bytes(), str(out))
    assert document.table is not None and document.table.tie_pays == 9
    assert document == documents["simulated"]
    assert document.to_json() == out.read_bytes()
