"""axe-core over the project's pages in Chromium, at desktop and phone widths: the live page
(en, zh, with cards), the overlay and the wall, the report (en, zh), the study page, a board
SVG inline and as an ``<img>``, and the docs site when mkdocs is installed. No violation of any
impact is allowed: axe-core's whole default rule set, best practices included."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pages_served import (
    VIEWPORTS,
    board_files,
    journal_of,
    live_server,
    report_file,
    study_file,
)

pytestmark = pytest.mark.browser


def axe_violations(browser: Any, url: str, viewport: tuple[int, int], ready: str = "") -> list[str]:
    """axe-core's violations on the page at ``url``, one line each (rule, impact, nodes)."""
    from axe_playwright_python.sync_playwright import Axe

    width, height = viewport
    tab = browser.new_page(viewport={"width": width, "height": height})
    try:
        tab.goto(url)
        if ready:
            tab.wait_for_function(ready)
        results = Axe().run(tab, options={"resultTypes": ["violations"]})
    finally:
        tab.close()
    return [
        f"{v['id']} ({v['impact']}): " + ", ".join(str(n["target"]) for n in v["nodes"][:5])
        for v in results.response["violations"]
    ]


WIDTHS = [
    pytest.param(viewport, id=name, marks=[pytest.mark.stress] if name == "desktop" else [])
    for name, viewport in VIEWPORTS.items()
]
"""Every page at both widths in CI (``--stress``); at the phone's alone in README's ``pytest``, the
width where a page has least room (the rules of contrast, names and roles hold at any width).
README's ``pytest`` runs axe on two pages, the live page and a board inline; CI runs it on every
page (axe takes 3-10 s a page here)."""

LIVE = "() => document.getElementById('status').textContent !== 'Connecting…'"


@pytest.mark.parametrize("viewport", WIDTHS)
@pytest.mark.parametrize(
    ("lang", "cards", "route"),
    [
        ("en", False, "/"),
        pytest.param("zh", False, "/", marks=pytest.mark.stress),
        pytest.param("en", True, "/", marks=pytest.mark.stress),
        pytest.param("en", False, "/overlay", marks=pytest.mark.stress),
        pytest.param("en", False, "/wall", marks=pytest.mark.stress),
    ],
    ids=["live-en", "live-zh", "live-cards", "overlay", "wall"],
)
def test_live_pages_have_no_axe_violations(
    browser: Any, tmp_path: Path, viewport: tuple[int, int], lang: str, cards: bool, route: str
) -> None:
    path = journal_of(tmp_path / "session.jsonl", cards=cards)
    with live_server(path, lang=lang) as server:
        ready = LIVE if route == "/" else ""
        found = axe_violations(browser, server.url.rstrip("/") + route, viewport, ready)
    assert not found, "\n".join(found)


class Files:
    """The pages of ``test_files_have_no_axe_violations``, each made when a test first asks for
    it (README's ``pytest`` runs only some of them)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.made: dict[str, Path] = {}

    def __getitem__(self, name: str) -> Path:
        if name not in self.made:
            if name.startswith("svg-"):
                self.made["svg-inline"], self.made["svg-img"] = board_files(self.folder)
            elif name == "study":
                self.made[name] = study_file(self.folder)
            else:
                self.made[name] = report_file(self.folder, name.removeprefix("report-"))
        return self.made[name]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Files:
    return Files(tmp_path_factory.mktemp("pages"))


@pytest.mark.parametrize("viewport", WIDTHS)
@pytest.mark.parametrize(
    "name",
    [
        pytest.param("report-en", marks=pytest.mark.stress),
        pytest.param("report-zh", marks=pytest.mark.stress),
        pytest.param("study", marks=pytest.mark.stress),
        "svg-inline",
        pytest.param("svg-img", marks=pytest.mark.stress),
    ],
)
def test_files_have_no_axe_violations(
    browser: Any, files: Files, viewport: tuple[int, int], name: str
) -> None:
    found = axe_violations(browser, files[name].as_uri(), viewport)
    assert not found, "\n".join(found)


DOCS_PAGES = ["/", "/getting-started/", "/commands/", "/api/", "/cookbook/blog-board/"]


@pytest.mark.parametrize("viewport", WIDTHS)
@pytest.mark.parametrize("page", DOCS_PAGES)
def test_docs_pages_have_no_axe_violations(
    browser: Any, docs_site: tuple[str, Path], viewport: tuple[int, int], page: str
) -> None:
    found = axe_violations(browser, docs_site[0] + page, viewport)
    assert not found, "\n".join(found)


SCREENS = [
    pytest.param(
        route, lang, size, id=f"{route.strip('/') or 'console'}-{lang}-{size}", marks=marks
    )
    for route, sizes in (
        ("/", ("tablet", "tablet-portrait", "phone")),
        ("/display", ("tv", "hd", "portrait")),
        ("/seat/1", ("phone",)),
        ("/seat/3", ("phone",)),
    )
    for lang in ("en", "zh")
    for size in sizes
    for marks in [
        []
        if (route, lang, size) in {("/display", "en", "tv"), ("/seat/1", "en", "phone")}
        else [pytest.mark.stress]
    ]
]
"""The table's screens (issue 37) at each of their sizes, in English and Chinese: the console,
the display, a seat's page with its player and a free seat's (the form to sit down). README's
``pytest`` runs the display and a seat's page; CI every one."""


@pytest.mark.parametrize(("route", "lang", "size"), SCREENS)
def test_the_table_screens_have_no_axe_violations(
    browser: Any, tmp_path: Path, route: str, lang: str, size: str
) -> None:
    from screens_served import CONSOLE_SIZES, DISPLAY_SIZES, LIVE, table_journal, table_server

    from roads.hands.journal import read_journal

    path = table_journal(tmp_path / "table.jsonl", coups=30)
    viewport = {**CONSOLE_SIZES, **DISPLAY_SIZES}[size]
    with table_server(path, lang=lang) as server:
        target = route
        if route.startswith("/seat/"):
            seat = int(route.rsplit("/", 1)[1])
            target += f"?key={server.access.seat_key(read_journal(path), seat)}"
        found = axe_violations(browser, server.url.rstrip("/") + target, viewport, LIVE)
    assert not found, "\n".join(found)
