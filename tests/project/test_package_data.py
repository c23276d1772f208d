"""The live page's and the report's HTML, CSS and JS are package data files: they ship, are
what the pages use, parse (style sheets, scripts, templates, fragments, the pages made from
them), and no HTML is written in Python."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from command_line import run

from roads.scoreboard import Scoreboard

DATA_FILES = [
    "live/page.js",
    "live/page.css",
    "live/page.html",
    "live/view.js",
    "live/overlay.html",
    "live/wall.html",
    "live/common.js",
    "live/console.css",
    "live/display.html",
    "live/display.css",
    "live/display.js",
    "live/seat.html",
    "live/seat.css",
    "live/seat.js",
    "pages/page.css",
    "pages/page.html",
    "pages/parts.html",
    "story/report.html",
    "story/report-parts.html",
    "study/study.html",
    "study/study-parts.html",
    "study/study.css",
    "study/schema.json",
]
SCRIPTS = ["page.js", "view.js", "common.js", "display.js", "seat.js"]


def test_the_data_files_ship_and_are_what_the_pages_use() -> None:
    import base64
    import hashlib
    from importlib.resources import files

    from roads.live import page

    for name in DATA_FILES:
        package, _, file = name.rpartition("/")
        assert files(f"roads.{package}").joinpath(file).is_file(), name
    from roads.live import screens, views

    for name, policy in (
        ("page.js", page.CONTENT_SECURITY_POLICY),
        ("common.js", page.CONTENT_SECURITY_POLICY),
        ("view.js", views.view_policy()),
        ("display.js", screens.DISPLAY_POLICY),
        ("common.js", screens.DISPLAY_POLICY),
        ("seat.js", screens.SEAT_POLICY),
        ("common.js", screens.SEAT_POLICY),
    ):
        script = files("roads.live").joinpath(name).read_text(encoding="utf-8")
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        allowed = policy.split("script-src ", 1)[1].split(";", 1)[0].split()
        assert f"'sha256-{digest}'" in allowed, name


def _balanced(css: str) -> bool:
    depth = 0
    for char in css:
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


@pytest.mark.parametrize(
    "name",
    [
        "live/page.css",
        "live/console.css",
        "live/display.css",
        "live/seat.css",
        "pages/page.css",
        "study/study.css",
    ],
)
def test_the_style_sheets_are_balanced(name: str) -> None:
    from importlib.resources import files

    package, _, file = name.rpartition("/")
    css = files(f"roads.{package}").joinpath(file).read_text(encoding="utf-8")
    assert _balanced(css) and "<" not in css


@pytest.mark.parametrize("name", SCRIPTS)
def test_the_page_scripts_parse(name: str) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    from importlib.resources import as_file, files

    with as_file(files("roads.live").joinpath(name)) as script:
        result = subprocess.run(
            [node, "--check", str(script)], capture_output=True, text=True, check=False
        )
    assert result.returncode == 0, result.stderr


class _Tags(__import__("html.parser").parser.HTMLParser):
    """Checks that every element opened is closed, in order (void elements aside)."""

    VOID = frozenset({"meta", "link", "br", "img", "input", "hr", "wbr", "source"})

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.open[-1] if self.open else 'nothing'}")
        else:
            self.open.pop()


def _well_formed(html: str) -> list[str]:
    parser = _Tags()
    parser.feed(html)
    parser.close()
    return parser.errors + [f"<{tag}> never closed" for tag in parser.open]


def test_the_live_page_and_the_report_parse_as_html(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from roads.drawing.board import BoardOptions
    from roads.drawing.themes import DARK
    from roads.hands.journal import Journal
    from roads.live.page import Page
    from roads.live.screens import display_html, seat_html
    from roads.live.views import overlay_html, wall_html, wall_svg
    from roads.story.report import report_html

    board = Scoreboard.from_notation("BPPBTBBP")
    for lang in ("en", "zh", "zh-hant"):
        assert _well_formed(report_html(board.roads, options=BoardOptions(lang=lang))) == []
        page = Page("game.jsonl", BoardOptions(lang=lang))
        session = Journal(tmp_path / f"{lang}.jsonl").session
        assert _well_formed(page.html(page.state(session), "token")) == []
        svg = page.state(session)["svg"]
        assert _well_formed(overlay_html(svg, lang=lang, title="t", theme=DARK)) == []
        state = page.state(session)
        assert _well_formed(display_html(page, state, seats=True)) == []
        seat = seat_html(page, state, 2, token="token", key="key", valid=False)
        assert _well_formed(seat) == []
        options = BoardOptions(lang=lang)
        assert _well_formed(wall_html(wall_svg(session, options), options, "game.jsonl")) == []
    from roads.inputs import read_hands

    examples = Path(__file__).parents[2] / "examples"
    # 20 coups with cards: the odds columns and chart (a whole shoe's exact odds take seconds)
    with_cards = Scoreboard(list(read_hands(str(examples / "eight-decks.jsonl")))[:20])
    assert _well_formed(report_html(with_cards.roads)) == []
    study = tmp_path / "study.html"
    args = ["study", "--shoes", "3", "--seed", "1", "--exact-shoes", "1", "-o", str(study)]
    assert run(args, capsys)[0] == 0
    assert _well_formed(study.read_text(encoding="utf-8")) == []


PAGES = [
    "pages/page.html",
    "story/report.html",
    "study/study.html",
    "live/page.html",
]
PAGES += ["live/overlay.html", "live/wall.html", "live/display.html", "live/seat.html"]
PARTS = {
    "pages/parts.html": ("pages/__init__.py",),
    "story/report-parts.html": (
        "story/report.py",
        "story/report_sections.py",
        "story/seats_section.py",
    ),
    "study/study-parts.html": ("study/page.py",),
    "live/bets.html": ("live/bets.py",),
}


def _data(name: str) -> str:
    from importlib.resources import files

    package, _, file = name.rpartition("/")
    return files(f"roads.{package}").joinpath(file).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", PAGES)
def test_the_page_templates_parse_as_html_as_written(name: str) -> None:
    from string import Template

    text = _data(name)
    assert _well_formed(text) == [], name
    if "$" in text:  # a string.Template (page.html is filled with str.format)
        assert Template(text).is_valid(), name


@pytest.mark.parametrize("name", sorted(PARTS))
def test_each_fragment_parses_as_html_on_its_own_and_is_used(name: str) -> None:
    from roads.pages.templates import Fragments, parse_fragments

    text = _data(name)
    fragments = parse_fragments(text, name)
    fill = Fragments(f"roads.{name.partition('/')[0]}", name.partition("/")[2])
    assert len(fragments) == text.count("<template id="), "a fragment the loader cannot read"
    code = "".join(
        (Path(__file__).parents[2] / "roads" / module).read_text(encoding="utf-8")
        for module in PARTS[name]
    )
    for fragment, template in fragments.items():
        assert template.is_valid(), f"{name}: {fragment} has a stray $"
        empty = template.substitute(dict.fromkeys(template.get_identifiers(), ""))
        assert "\n" not in empty and empty == empty.strip(), fragment
        assert _well_formed(empty) == [], f"{name}: {fragment}"
        odd = {key: f"{{{key}}} $$x %s" for key in template.get_identifiers()}
        assert fill(fragment, **odd) == template.substitute(odd), fragment
        uses = code.count(f'"{fragment}"') + code.count(f"'{fragment}'")
        assert uses, f"{name}: {fragment} is used nowhere in {PARTS[name]}"


def test_fragments_drop_line_breaks_and_indentation_and_refuse_twins() -> None:
    from roads.pages.templates import _as_format, parse_fragments

    text = '<template id="row">\n  <tr>\n    <td>$a</td> <td>${b}px {$$}</td>\n  </tr>\n</template>'
    (row,) = parse_fragments(text).values()
    assert row.substitute(a="1", b="<i>") == "<tr><td>1</td> <td><i>px {$}</td></tr>"
    assert _as_format(row).format(a="1", b="<i>") == row.substitute(a="1", b="<i>")
    with pytest.raises(ValueError, match="two fragments named 'row'"):
        parse_fragments(text + text, "x.html")


_TAG = re.compile(
    r"</?(?:html|head|body|main|header|footer|nav|section|aside|div|p|h[1-6]|table|caption"
    r"|thead|tbody|tfoot|tr|th|td|ul|ol|li|dl|dt|dd|span|strong|em|code|a|meta|link|title"
    r"|style|script|svg)[\s>/]"
)


def test_the_report_and_the_study_write_no_html_tags_in_python() -> None:
    """Their HTML is in package data templates (report.html, study.html and their parts):
    a tag in a Python string (or comment) of roads/story or roads/study belongs there."""
    root = Path(__file__).parents[2] / "roads"
    found = [
        f"{path.relative_to(root)}:{number}: {line.strip()}"
        for package in ("story", "study")
        for path in sorted((root / package).glob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if _TAG.search(line)
    ]
    assert found == []


def test_the_tag_pattern_finds_tags() -> None:
    for line in ('f"<td>{x}</td>"', "'<div class=\"scroll\">'", '"</section>"', "x = '<p>'"):
        assert _TAG.search(line), line
    for line in ("if a < b:", "x <= len(y)", "# the <= sign", '"&ndash;"', "' class=\"few\"'"):
        assert not _TAG.search(line), line
