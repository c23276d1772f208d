"""Counts are worded in the plural form of their language: "1 shoe", "2 shoes" (one form in
Chinese), through ``roads.translations.plural`` wherever a count is written out."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from command_line import run

from roads.backends.svg import to_svg
from roads.drawing.board import BoardOptions
from roads.drawing.wall import draw_wall
from roads.hands.notation import parse_notation
from roads.scoreboard import Scoreboard
from roads.story.report import report_html
from roads.translations import LANGUAGES, REPORT_WORDS, TALLY_WORDS, Plural, plural, same

_WRONG = re.compile(r"\b1 (shoes|coups|decks)\b")


def test_the_helper_picks_the_form_of_the_count() -> None:
    shoes = Plural("{n} shoe", "{n} shoes")
    assert [plural(shoes, n) for n in (0, 1, 2, 11)] == ["0 shoes", "1 shoe", "2 shoes", "11 shoes"]
    assert plural(Plural("{n} of {m}", "{n} of {m}s"), 1, m="coup") == "1 of coup"
    assert plural(same("路单 × {n}"), 1) == plural(same("路单 × {n}"), 2).replace("2", "1")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_plural_has_the_same_placeholders_in_both_forms(lang: str) -> None:
    for phrase in (
        LANGUAGES[lang].shoes,
        REPORT_WORDS[lang].coups_n,
        REPORT_WORDS[lang].odds_for,
        TALLY_WORDS.shoes,
    ):
        fields = [set(re.findall(r"\{(\w+)\}", form)) for form in phrase]
        assert fields[0] == fields[1] and "n" in fields[0], phrase


def _texts(svg: str) -> str:
    return " ".join("".join(node.itertext()) for node in ET.fromstring(svg).iter())


def test_a_wall_of_one_shoe_says_1_shoe() -> None:
    text = _texts(to_svg(draw_wall([Scoreboard(parse_notation("BPPB")).roads], BoardOptions())))
    assert "1 shoe" in text and not _WRONG.search(text), text
    two = _texts(to_svg(draw_wall([Scoreboard(parse_notation("BP")).roads] * 2, BoardOptions())))
    assert "2 shoes" in two


def test_render_wall_of_one_shoe(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "one.txt"
    source.write_text("BPPBT\n")
    target = tmp_path / "wall.svg"
    code, _, err = run(["render", str(source), "--wall", "-o", str(target)], capsys)
    assert code == 0, err
    text = _texts(target.read_text(encoding="utf-8"))
    assert "1 shoe" in text and not _WRONG.search(text)


def test_the_tally_of_one_shoe_of_one_deck(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        ["simulate", "--shoes", "1", "--decks", "1", "--seed", "3", "--tally"], capsys
    )
    assert code == 0
    first = out.splitlines()[0]
    assert first.startswith("1 shoe of 1 deck (seed 3, philox shuffle): "), first
    assert not _WRONG.search(first)
    code, out, _ = run(["simulate", "--shoes", "2", "--seed", "3", "--tally"], capsys)
    assert out.startswith("2 shoes of 8 decks (seed 3, philox shuffle): ")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_report_of_one_coup(lang: str) -> None:
    page = report_html(
        Scoreboard(parse_notation("B")).roads, decks=1, options=BoardOptions(lang=lang)
    )
    assert not _WRONG.search(page), _WRONG.findall(page)
    if lang == "en":
        assert "1 coup" in page and "odds for 1 deck" in page
