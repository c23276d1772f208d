"""Language tags are BCP 47 tags, read in one place (``roads.translations.tags``) by every
command and the library: any case, and a Chinese tag by its script or else its region."""

from __future__ import annotations

from pathlib import Path

import pytest
from command_line import run

from roads.cli import COMMANDS
from roads.cli.options import LANGUAGE
from roads.drawing.board import BoardOptions
from roads.drawing.scorecard import CardOptions
from roads.errors import RoadsError
from roads.hands.journal import Journal
from roads.live.keys import KeyLogger
from roads.scoreboard import Scoreboard
from roads.translations.tags import language

# Written from BCP 47 and the regions' scripts, not from the code.
TAGS = {
    "en": "en",
    "EN": "en",
    "en-GB": "en",
    "zh": "zh",
    "ZH": "zh",
    "zh-Hans": "zh",
    "zh-CN": "zh",
    "zh-SG": "zh",
    "zh_cn": "zh",
    "zh-hant": "zh-hant",
    "zh-Hant": "zh-hant",
    "ZH-HANT": "zh-hant",
    "zh-TW": "zh-hant",
    "zh-HK": "zh-hant",
    "zh-MO": "zh-hant",
    "zh-Hant-TW": "zh-hant",
    "zh-Hans-HK": "zh",  # the script decides over the region
}


@pytest.mark.parametrize(("tag", "expected"), TAGS.items())
def test_a_tag_names_its_language_in_any_case(tag: str, expected: str) -> None:
    assert language(tag) == expected
    assert BoardOptions(lang=tag).lang == expected
    assert CardOptions(lang=tag).lang == expected


@pytest.mark.parametrize("tag", ["fr", "zh-", "", "en--GB", "中文", "zh-Hant!"])
def test_other_tags_are_refused_naming_the_choices(tag: str) -> None:
    with pytest.raises(RoadsError, match=r"no language .*: choose en, zh or zh-hant \(a tag"):
        BoardOptions(lang=tag)


def test_the_library_reads_tags_where_it_takes_a_language(tmp_path: Path) -> None:
    board = Scoreboard.from_notation("BPPBBTPB")
    assert board.to_text(lang="zh-TW") == board.to_text(lang="zh-hant")
    assert board.to_text(lang="ZH") == board.to_text(lang="zh")
    assert board.svg(lang="zh-HK") == board.svg(lang="zh-hant")
    journal = Journal(tmp_path / "game.jsonl")
    assert KeyLogger(journal, lang="zh-Hant").words == KeyLogger(journal, lang="zh-hant").words


def _commands_with_lang() -> list[str]:
    return [
        name
        for name, lazy in COMMANDS.items()
        if any(param.name == "lang" for param in lazy.load().params)
    ]


def test_every_lang_option_is_the_shared_tag_type() -> None:
    names = _commands_with_lang()
    assert {"show", "render", "animate", "report", "scorecard", "log", "serve"} <= set(names)
    for name in names:
        (option,) = [param for param in COMMANDS[name].load().params if param.name == "lang"]
        assert option.type is LANGUAGE, name


@pytest.mark.parametrize("tag", ["zh-Hant", "ZH", "zh-TW", "zh-HK", "zh-CN", "zh-SG"])
def test_commands_accept_tags_and_draw_as_the_language_they_name(
    tag: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    named = language(tag)
    assert (
        run(["show", "--hands", "BPPB", "--lang", tag], capsys)[1:]
        == run(["show", "--hands", "BPPB", "--lang", named], capsys)[1:]
    )
    for lang in (tag, named):
        code, _, err = run(
            ["render", "--hands", "BPPB", "--lang", lang, "-o", str(tmp_path / f"{lang}.svg")],
            capsys,
        )
        assert code == 0, err
    assert (tmp_path / f"{tag}.svg").read_bytes() == (tmp_path / f"{named}.svg").read_bytes()


def test_an_unknown_tag_is_one_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["show", "--hands", "BP", "--lang", "fr"], capsys)
    assert code == 2 and not out
    assert err.splitlines()[0] == (
        "roads show: error: Invalid value for '--lang': no language 'fr': choose en, zh or "
        "zh-hant (a tag in any case: zh-Hans, zh-CN, zh-SG are zh; zh-Hant, zh-TW, zh-HK, "
        "zh-MO are zh-hant)"
    )
