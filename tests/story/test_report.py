"""The shoe report: its numbers checked against independent computations, and the page in a
browser with no network request and no console error."""

from __future__ import annotations

import base64
import io
import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from browser_watch import watch
from command_line import is_one_error
from hypothesis import given, settings
from PIL import Image
from strategies import shoes
from tiers import size

from roads.cli import main
from roads.game.coup import Coup, Outcome
from roads.game.odds import exact_odds
from roads.game.shoe import Shoe
from roads.hands.hand import Hand
from roads.hands.notation import parse_notation
from roads.notice import NOTICE
from roads.scoreboard import Scoreboard
from roads.story.remaining import odds_trail
from roads.story.report import report_html
from roads.story.streaks import streaks_of

SVG = "{http://www.w3.org/2000/svg}"
_VALUE = {"A": 1, "T": 0, "J": 0, "Q": 0, "K": 0} | {str(n): n for n in range(2, 10)}


@pytest.fixture(scope="module")
def dealt_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("report") / "shoe.jsonl"
    lines = []
    for coup in Shoe(8).deal(seed=3).coups:
        hand = Hand.from_coup(coup)
        lines.append(json.dumps(hand.as_dict()))
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.fixture(scope="module")
def short_file(dealt_file: Path) -> Path:
    """The first 20 coups of ``dealt_file``, for the tests of a page's parts: each report of a
    whole shoe with its cards counts the exact odds after every coup."""
    path = dealt_file.with_name("short.jsonl")
    path.write_text("".join(dealt_file.read_text().splitlines(keepends=True)[:20]))
    return path


@pytest.fixture(scope="module")
def page(dealt_file: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("page") / "report.html"
    with pytest.raises(SystemExit) as exit_:
        main(["report", str(dealt_file), "-o", str(target)])
    assert exit_.value.code in (0, None)
    return target


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_:
        main(args)
    out, err = capsys.readouterr()
    return int(exit_.value.code or 0), out, err


class _Page(HTMLParser):
    """The coups table's rows (their data attributes) and every tag of the page."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[dict[str, str]] = []
        self.tags: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {key: value or "" for key, value in attrs}
        self.tags.append((tag, attributes))
        if tag == "tr" and "data-coup" in attributes:
            self.rows.append(attributes)


def parse(html: str) -> _Page:
    parser = _Page()
    parser.feed(html)
    return parser


def counts_left(coups: list[Coup], decks: int) -> list[int]:
    """The cards of each value left, counted afresh: 4 of each rank per deck, minus those shown."""
    counts = [0] * 10
    for value in _VALUE.values():
        counts[value] += 4 * decks
    for coup in coups:
        for card in (*coup.player_cards, *coup.banker_cards):
            counts[_VALUE[card.rank]] -= 1
    return counts


# -- the exact odds after every coup ------------------------------------------------------------


def test_the_pages_odds_are_the_engines_for_the_cards_left(page: Path) -> None:
    coups = list(Shoe(8).deal(seed=3).coups)
    rows = parse(page.read_text()).rows
    assert [int(row["data-coup"]) for row in rows] == list(range(1, len(coups) + 1))
    for k in (1, 2, 17, 50, len(coups)):
        row = rows[k - 1]
        left = counts_left(coups[: k - 1], 8)
        odds = exact_odds(left)
        assert int(row["data-cards-left"]) == sum(left)
        assert (
            int(row["data-total"]),
            int(row["data-banker"]),
            int(row["data-player"]),
            int(row["data-tie"]),
        ) == (odds.total, odds.banker, odds.player, odds.tie)


def test_burned_cards_stay_in_the_count() -> None:
    dealt = Shoe(6).deal(seed=9)
    trail = odds_trail([Hand.from_coup(c) for c in dealt.coups], decks=6)
    assert len(trail.points) == len(dealt.coups) + 1 and trail.stopped is None
    shown = 0
    for point, coup in zip(trail.points[1:], dealt.coups, strict=True):
        shown += len(coup.player_cards) + len(coup.banker_cards)
        assert point.cards_left == 6 * 52 - shown
    assert trail.points[-1].cards_left == len(dealt.undealt) + len(dealt.burned)


def test_the_trail_stops_at_the_first_coup_without_cards() -> None:
    coups = Shoe(8).deal(seed=1).coups[:5]
    hands = [Hand.from_coup(c) for c in coups[:3]] + [Hand(Outcome.BANKER)]
    hands += [Hand.from_coup(c) for c in coups[3:]]
    trail = odds_trail(hands)
    assert [point.dealt for point in trail.points] == [0, 1, 2, 3]
    assert trail.stopped is not None and "coup 4" in trail.stopped


def test_the_trail_stops_at_more_cards_than_the_decks_hold() -> None:
    twice = Coup.parse("As Ad 2c / Kh 7c")
    hands = [Hand.from_coup(twice), Hand.from_coup(twice), Hand.from_coup(twice)]
    trail = odds_trail(hands, decks=1)
    assert [point.dealt for point in trail.points] == [0, 1]
    assert trail.stopped is not None
    assert "coup 2 shows As for the 2nd time" in trail.stopped
    # In library terms: the library's caller gives ``decks``, the command line's --decks.
    assert "give the number of decks in the shoe" in trail.stopped and "--" not in trail.stopped
    trail = odds_trail(hands, decks=2)
    assert [point.dealt for point in trail.points] == [0, 1, 2]
    assert trail.stopped is not None and "coup 3 shows As for the 3rd time" in trail.stopped
    faceless = Coup.parse("A A 2 / K 7")  # no suits: only ranks are counted
    trail = odds_trail([Hand.from_coup(faceless)] * 3, decks=1)
    assert trail.stopped is not None and "coup 3 shows the 5th ace" in trail.stopped


def test_a_shoe_with_no_cards_has_no_odds_chart(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["report", "--hands", "BPPTBBbPn", "-o", "-", "--format", "html"], capsys)
    assert code == 0, err
    html = parse(out)
    assert "No chart for this shoe" in out
    assert not any("odds-chart" in attrs.get("class", "") for _, attrs in html.tags)
    assert all("data-banker" not in row for row in html.rows) and len(html.rows) == 7
    assert "cards not entered" not in out and 'class="card' not in out


# -- streaks -------------------------------------------------------------------------------------


@settings(max_examples=size(50, 200), deadline=None)
@given(shoes)
def test_streaks_are_the_runs_of_banker_or_player(hands: list[Hand]) -> None:
    runs: list[list[Any]] = []  # [outcome, length, first coup]
    for number, hand in enumerate(hands, start=1):
        if hand.outcome is Outcome.TIE:
            continue
        if runs and runs[-1][0] is hand.outcome:
            runs[-1][1] += 1
        else:
            runs.append([hand.outcome, 1, number])
    found = streaks_of(Scoreboard(hands).roads)
    assert [(s.outcome, s.length, s.first) for s in found.streaks] == [tuple(r) for r in runs]
    assert len(found.dragons) == sum(1 for r in runs if r[1] >= 7)
    for outcome in (Outcome.BANKER, Outcome.PLAYER):
        longest = found.longest(outcome)
        lengths = [r[1] for r in runs if r[0] is outcome]
        assert (longest.length if longest else 0) == max(lengths, default=0)


def test_streak_figures_on_the_page(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        ["report", "--hands", "TBBBBBBBPPTPBPPPPPPPPP", "-o", "-", "--format", "html"], capsys
    )
    assert code == 0
    assert "Banker &times;7 from coup 2" in out and "Player &times;9 from coup 14" in out
    assert "Longest Banker run: 7 (from coup 2)." in out


# -- the page ------------------------------------------------------------------------------------


def test_the_page_is_self_contained_and_carries_the_notice(page: Path) -> None:
    html = page.read_text()
    tags = parse(html).tags
    assert html.count(NOTICE) >= 3  # top, bottom, and on the board
    assert "Each coup is dealt from the cards alone" in html
    for tag, attrs in tags:
        assert tag not in ("script", "iframe", "object", "embed", "img")
        for name in ("src", "href"):
            value = attrs.get(name, "")
            assert not value or value.startswith(("#", "data:")), (tag, attrs)
    assert "http://" not in html.replace("http://www.w3.org/", "")
    assert "https://" not in html
    assert any(tag == "meta" and "Content-Security-Policy" in a.values() for tag, a in tags)
    headers = [a for tag, a in tags if tag == "th"]
    assert headers and all(a.get("scope") in ("col", "row") for a in headers)


def test_cards_are_shown_with_suit_symbols(page: Path) -> None:
    html = page.read_text()
    coups = Shoe(8).deal(seed=3).coups
    cards = sum(len(c.player_cards) + len(c.banker_cards) for c in coups)
    tags = parse(html).tags
    faces = [a for tag, a in tags if tag == "span" and a.get("class", "").startswith("card")]
    assert len(faces) == cards
    red = [a for a in faces if a["class"] == "card red"]
    assert red and all(" of hearts" in a["title"] or " of diamonds" in a["title"] for a in red)
    assert "♠" in html and "♥" in html and "♦" in html and "♣" in html


def test_every_value_is_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    title = '<script>alert("x")</script> & "quotes"'
    code, out, _ = run(
        ["report", "--hands", "BP", "-o", "-", "--format", "html", "--title", title], capsys
    )
    assert code == 0
    assert "<script" not in out
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp;" in out


def test_the_outcome_bars_are_the_shares(capsys: pytest.CaptureFixture[str]) -> None:
    hands = "BBBBBBPPPT"
    html = report_html(Scoreboard(parse_notation(hands)).roads)
    chart = html.split('class="chart outcome-chart">', 1)[1].split("</svg>", 1)[0] + "</svg>"
    root = ET.fromstring(chart)
    widths = {}
    for rect in root.iter(SVG + "rect"):
        classes = rect.get("class", "").split()
        if "bar" in classes:  # a stroke is drawn inside the bar's box
            outline = float(rect.get("stroke-width", "0"))
            widths[classes[1], classes[2]] = float(rect.get("width", "0")) + outline
    assert widths["observed", "banker"] / widths["observed", "player"] == pytest.approx(2.0, 1e-3)
    assert widths["observed", "player"] / widths["observed", "tie"] == pytest.approx(3.0, 1e-3)
    assert widths["exact", "banker"] / widths["exact", "tie"] == pytest.approx(
        0.458597423 / 0.095155968, 1e-3
    )


def test_the_page_is_deterministic(dealt_file: Path, page: Path, tmp_path: Path) -> None:
    again = tmp_path / "again.html"
    with pytest.raises(SystemExit):
        main(["report", str(dealt_file), "-o", str(again)])
    assert again.read_bytes() == page.read_bytes()


def test_charts_alone_as_svg_and_png(dealt_file: Path, tmp_path: Path) -> None:
    for name in ("charts.svg", "charts.png"):
        with pytest.raises(SystemExit) as exit_:
            main(["report", str(dealt_file), "-o", str(tmp_path / name)])
        assert exit_.value.code in (0, None)
    root = ET.fromstring((tmp_path / "charts.svg").read_text())
    texts = [t.text for t in root.iter(SVG + "text")]
    assert NOTICE in texts
    series = [e for e in root.iter(SVG + "line") if "series" in e.get("class", "")]
    coups = len(Shoe(8).deal(seed=3).coups)
    assert len(series) == 2 * 3 * coups  # both panels: a segment per coup and outcome
    with Image.open(tmp_path / "charts.png") as image:
        assert image.size[0] == round(float(root.get("width", "0")))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["report", "--hands", "BP", "-o", "x.docx"], "cannot write the report"),
        (["report", "--hands", "", "-o", "x.html"], "no coup"),
        (["report", "--hands", "BP", "-o", "x.html", "--decks", "9"], "--decks"),
    ],
)
def test_bad_report_arguments_fail_with_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(args, capsys)
    assert code == 2 and out == ""
    assert is_one_error(err) and message in err, err


def test_too_few_decks_for_the_cards_stop_the_chart(
    dealt_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        ["report", str(dealt_file), "-o", "-", "--format", "html", "--decks", "1"], capsys
    )
    assert code == 0, err
    assert "The chart stops after coup" in out and "the number of decks in the shoe" in out
    rows = parse(out).rows
    known = [row for row in rows if "data-banker" in row]
    assert 0 < len(known) < len(rows)
    assert 'class="odds unknown"' in out


_PICTURE = re.compile(
    r'<div class="(board|chart [a-z-]+)"(?: style="([^"]*)")?>(<svg.*?</svg>)', re.S
)


def _pictures(html: str) -> list[tuple[str, dict[str, str], ET.Element]]:
    """Each picture of the page: its class, its wrapper's inline style, its SVG."""
    found = []
    for css_class, style, svg in _PICTURE.findall(html):
        rules = dict(rule.split(":", 1) for rule in style.split(";") if rule)
        found.append((css_class, rules, ET.fromstring(svg)))
    return found


def _report(source: Path, tmp_path: Path, *options: str) -> str:
    target = tmp_path / f"report{'-'.join(options)}.html"
    with pytest.raises(SystemExit) as exit_:
        main(["report", str(source), "-o", str(target), *options])
    assert exit_.value.code in (0, None)
    return target.read_text()


def test_scale_sizes_the_pictures_on_the_page(short_file: Path, tmp_path: Path) -> None:
    natural = _report(short_file, tmp_path)
    double = _report(short_file, tmp_path, "--scale", "2")
    pictures = {name: (rules, svg) for name, rules, svg in _pictures(natural)}
    doubled = {name: (rules, svg) for name, rules, svg in _pictures(double)}
    assert list(pictures) == ["board", "chart outcome-chart", "chart odds-chart"]
    assert list(doubled) == list(pictures)
    for name, (rules, svg) in pictures.items():
        big_rules, big = doubled[name]
        assert big.get("viewBox") == svg.get("viewBox"), name
        for dimension in ("width", "height"):
            assert float(big.get(dimension, "0")) == pytest.approx(
                2 * float(svg.get(dimension, "0")), abs=0.02
            )
        if name == "board":
            # As wide as asked at most; no narrower than at scale 1 (what stays legible).
            assert _px(big_rules["max-width"]) == pytest.approx(2 * _px(rules["max-width"]), abs=1)
            assert _px(big_rules["min-width"]) == _px(rules["min-width"])
            assert _px(rules["min-width"]) <= _px(rules["max-width"])
    assert ":root{--scale:2}" in double and "--scale:" not in natural.split("</style>", 1)[0]
    small = _pictures(_report(short_file, tmp_path, "--scale", "0.5"))
    board_rules = small[0][1]
    assert _px(board_rules["min-width"]) <= _px(board_rules["max-width"])
    assert _px(board_rules["max-width"]) == pytest.approx(
        _px(pictures["board"][0]["max-width"]) / 2, abs=1
    )


def _px(value: str) -> float:
    assert value.endswith("px"), value
    return float(value.removesuffix("px"))


@pytest.mark.parametrize(("lang", "family"), [("en", "Roads Sans"), ("zh", "Roads Sans Report")])
def test_the_page_embeds_one_font_once(
    short_file: Path, tmp_path: Path, lang: str, family: str
) -> None:
    html = _report(short_file, tmp_path, "--lang", lang)
    head = html.split("</head>", 1)[0]
    # The pictures' font once; besides it, at most the page's own words' (beyond Latin: the
    # suits of the cards shown, Chinese), never the pictures' again.
    faces = re.findall(r"@font-face\{font-family:'([^']+)'", html)
    assert faces.count(family) == 1 and set(faces) <= {family, "Roads Sans Page"}, faces
    assert head.count(f"@font-face{{font-family:'{family}';") == 1
    pictures = _pictures(html)
    assert len(pictures) == 3
    texts = []
    for name, _, svg in pictures:
        assert not list(svg.iter(SVG + "style")), f"{name} embeds a font of its own"
        assert (svg.get("font-family") or "").startswith(f"'{family}', "), name
        assert svg.get("lang") == lang
        texts += [element.text or "" for element in svg.iter(SVG + "text")]
    # The one font holds every character the page's pictures draw, the board's included.
    embedded = base64.b64decode(head.split("base64,", 1)[1].split(")", 1)[0])
    ttlib = pytest.importorskip("fontTools.ttLib")
    with ttlib.TTFont(io.BytesIO(embedded)) as font:
        cmap = font.getBestCmap()
        assert font["name"].getName(1, 3, 1, 0x409).toUnicode() == family
    assert not sorted({ch for text in texts for ch in text if ord(ch) not in cmap})


# -- in a browser --------------------------------------------------------------------------------


@pytest.mark.browser
def test_chromium_shows_the_page_with_no_request_and_no_error(
    browser: Any, page: Path, tmp_path: Path
) -> None:
    tab = browser.new_page(viewport={"width": 1280, "height": 900})
    errors, requests = watch(tab)
    try:
        tab.goto(page.as_uri())
        tab.wait_for_load_state("load")
        boxes = tab.evaluate(
            """() => [...document.querySelectorAll('.board svg, .chart svg')].map((svg) => {
                const box = svg.getBoundingClientRect();
                return [svg.parentElement.className, box.left + window.scrollX,
                        box.top + window.scrollY, box.width, box.height];
            })"""
        )
        shot = Image.open(io.BytesIO(tab.screenshot(full_page=True))).convert("RGB")
    finally:
        tab.close()
    assert errors == []
    assert requests == [page.as_uri()]
    assert [box[0] for box in boxes] == ["board", "chart outcome-chart", "chart odds-chart"]
    for name, left, top, width, height in boxes:
        assert width > 300 and height > 150, name
        crop = shot.crop((round(left), round(top), round(left + width), round(top + height)))
        colours = crop.getcolors(1 << 20) or []
        background = max(colours)[1]
        drawn = sum(count for count, colour in colours if colour != background)
        assert drawn > 0.03 * crop.size[0] * crop.size[1], name
        assert len(colours) > 50, name  # text, marks and lines, not a blank box
    # The coloured series of the odds chart are drawn: banker red is in its box.
    name, left, top, width, height = boxes[2]
    crop = shot.crop((round(left), round(top), round(left + width), round(top + height)))
    reds = sum(
        count for count, (r, g, b) in crop.getcolors(1 << 20) or [] if r > 180 and g < 80 and b < 80
    )
    assert reds > 200


@pytest.mark.browser
@pytest.mark.stress  # four pages at two scales: test_scale_sizes_the_pictures_on_the_page is quick
def test_chromium_shows_the_pictures_at_the_scale_asked(
    browser: Any, dealt_file: Path, tmp_path: Path
) -> None:
    sizes = {}
    for scale in ("1", "2"):
        page_file = tmp_path / f"scale-{scale}.html"
        # Few enough columns that the board fits the page at its natural size.
        page_file.write_text(_report(dealt_file, tmp_path, "--scale", scale, "--columns", "12"))
        for width in (2600, 800):
            tab = browser.new_page(viewport={"width": width, "height": 900})
            try:
                tab.goto(page_file.as_uri())
                tab.wait_for_load_state("load")
                sizes[scale, width] = tab.evaluate(
                    """() => [...document.querySelectorAll('.board svg, .chart svg')].map(
                        (svg) => [svg.getBoundingClientRect().width,
                                  svg.getBoundingClientRect().height])"""
                )
            finally:
                tab.close()
    # On a wide window, twice the size; on a narrow one, the board no narrower than at scale 1.
    for (width, height), (big_width, big_height) in zip(
        sizes["1", 2600], sizes["2", 2600], strict=True
    ):
        assert big_width == pytest.approx(2 * width, abs=2)
        assert big_height == pytest.approx(2 * height, abs=2)
    assert sizes["2", 800][0] == pytest.approx(sizes["1", 800][0], abs=1)
    assert all(box[0] < 800 for box in sizes["2", 800][1:])  # the charts shrink to fit


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", pytest.param("zh", marks=pytest.mark.stress)])
def test_on_a_phone_nothing_sticks_out_of_the_page(
    browser: Any, dealt_file: Path, tmp_path: Path, lang: str
) -> None:
    """At 390 px the page never scrolls sideways: what is wider than the screen (the board,
    a wide table) scrolls inside its own box, and the statistics of the shoe fit as they are."""
    page_file = tmp_path / f"phone-{lang}.html"
    page_file.write_text(_report(dealt_file, tmp_path, "--lang", lang))
    tab = browser.new_page(viewport={"width": 390, "height": 800})
    try:
        tab.goto(page_file.as_uri())
        tab.wait_for_load_state("load")
        found = tab.evaluate(
            """() => ({
                page: document.documentElement.scrollWidth,
                loose: [...document.querySelectorAll('table')].filter(
                    (t) => !t.closest('.scroll')).length,
                sections: [...document.querySelectorAll('section')].map((s) =>
                    [s.getBoundingClientRect().right,
                     Math.max(...[...s.querySelectorAll('*')].filter((e) =>
                         !e.closest('.scroll') || e.classList.contains('scroll')).map(
                         (e) => e.getBoundingClientRect().right))]),
                stats: (() => {
                    const t = document.querySelector('table.stats');
                    const box = t.closest('.scroll') || t.parentElement;
                    return [t.scrollWidth, box.clientWidth];
                })(),
            })"""
        )
    finally:
        tab.close()
    assert found["page"] <= 390
    assert found["loose"] == 0
    for right, widest in found["sections"]:
        assert widest <= right + 0.5
    assert found["stats"][0] <= found["stats"][1]  # the shoe's statistics need no scrolling


def test_the_stop_notes_name_no_option_in_any_language() -> None:
    """The report's notes are the library's words: they make sense to a caller of
    ``odds_trail(decks=...)`` as to a user of ``roads report --decks``."""
    from roads.translations import CHART_WORDS

    for lang, words in CHART_WORDS.items():
        for note in (words.stop_no_cards, words.stop_too_few, words.stop_too_many):
            assert "--" not in note, (lang, note)
    assert (
        "副数" in CHART_WORDS["zh"].stop_too_many and "副數" in CHART_WORDS["zh-hant"].stop_too_many
    )
