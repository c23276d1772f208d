"""What every page shares (``roads.pages``): one document with one style sheet, the notice,
figure tiles and lists, filled with HTML and escaped text."""

from __future__ import annotations

from roads import __version__
from roads.notice import NOTICE
from roads.pages import (
    figure_tiles,
    generator_name,
    list_items,
    notice_block,
    page_document,
    style_sheet,
)


def test_the_page_holds_each_part_and_loads_nothing_from_outside() -> None:
    page = page_document(
        lang="zh",
        title="Shoe &amp; study",
        style="body{}",
        eyebrow="eyebrow-text",
        facts="facts-text",
        notice_top="notice-top",
        sections="sections-text",
        nav="nav-text",
        main="<section>main</section>",
        notice_bottom="notice-bottom",
        footer="footer-text",
    )
    assert page.lower().startswith("<!doctype html>") and 'lang="zh"' in page
    for part in ("eyebrow-text", "facts-text", "notice-top", "<section>main</section>"):
        assert part in page
    assert "default-src &#x27;none&#x27;" in page and generator_name() in page
    assert generator_name() == f"roads {__version__}"


def test_the_notice_in_english_is_marked_as_english_on_another_page() -> None:
    english = notice_block("Notice", [NOTICE], "Honest <odds>")
    assert NOTICE in english and "Honest &lt;odds&gt;" in english
    assert 'lang="en"' in notice_block("注意", [NOTICE], "…", lang="zh")
    assert 'lang="en"' not in english


def test_tiles_lists_and_the_style_sheet() -> None:
    tiles = figure_tiles([("<b>45%</b>", "Banker & co")])
    assert "<b>45%</b>" in tiles and "Banker &amp; co" in tiles
    assert list_items(["<em>a</em>", "b"]).count("<li") == 2
    assert "{" in style_sheet()
