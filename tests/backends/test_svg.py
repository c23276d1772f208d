"""The SVG contract: one ``mark`` element per drawn cell, classed by road and meaning."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from boards import DRAGON, REALISTIC, board
from svg_marks import classes, expected_marks, marks

from roads.game.coup import Outcome
from roads.scoreboard import Scoreboard

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


@pytest.mark.parametrize("notation", [REALISTIC, DRAGON, "TTT", "", "BbPpnTbpBbpnPnT"])
def test_one_mark_per_cell_of_every_road(notation: str) -> None:
    scoreboard = board(notation)
    assert marks(parse(scoreboard.svg())) == expected_marks(scoreboard)


def test_ties_pairs_and_naturals_have_their_own_classes_never_mark() -> None:
    scoreboard = board()
    root = parse(scoreboard.svg())
    count: Counter[tuple[str, str]] = Counter()
    for element in root.iter():
        names = classes(element)
        for kind in ("tie-slash", "banker-pair", "player-pair", "natural"):
            if kind in names:
                assert "mark" not in names
                road = "bead-plate" if "bead-plate" in names else "big-road"
                count[(kind, road)] += 1
    big = scoreboard.big_road
    beads = scoreboard.bead_plate
    assert count[("tie-slash", "big-road")] == sum(1 for e in big if e.ties)
    assert count[("banker-pair", "big-road")] == sum(1 for e in big if e.banker_pair)
    assert count[("player-pair", "big-road")] == sum(1 for e in big if e.player_pair)
    assert count[("natural", "big-road")] == sum(1 for e in big if e.natural)
    assert count[("banker-pair", "bead-plate")] == sum(1 for b in beads if b.banker_pair)
    assert count[("player-pair", "bead-plate")] == sum(1 for b in beads if b.player_pair)
    assert count[("natural", "bead-plate")] == sum(1 for b in beads if b.natural)


def test_tie_counts_are_written_when_more_than_one() -> None:
    root = parse(board("BTTTPT").svg())
    counts = [e.text for e in root.iter(f"{SVG}text") if "tie-count" in classes(e)]
    assert counts == ["3"]


def test_title_description_viewbox_and_accessible_name() -> None:
    scoreboard = board("BPPT")
    root = parse(scoreboard.svg(title="Table 7"))
    title = root.find(f"{SVG}title")
    desc = root.find(f"{SVG}desc")
    assert title is not None and title.text == "Table 7"
    assert desc is not None and desc.text is not None
    assert "Big road" in desc.text and "Past results do not predict the next hand." in desc.text
    assert re.fullmatch(r"0 0 [\d.]+ [\d.]+", root.get("viewBox", ""))
    assert root.get("role") == "img"
    assert root.get("aria-describedby") == desc.get("id")
    name = root.get("aria-label", "")
    assert name.startswith(f"{title.text} · ") and len(name) <= 150


def test_the_notice_is_real_text() -> None:
    for lang in ("en", "zh", "zh-hant"):
        root = parse(board().svg(lang=lang))
        texts = [e.text for e in root.iter(f"{SVG}text")]
        assert any("Past results do not predict the next hand." in (t or "") for t in texts)


def test_chinese_labels() -> None:
    root = parse(board("BPT").svg(lang="zh"))
    labels = [e.text for e in root.iter(f"{SVG}text") if "label" in classes(e)]
    assert labels == ["庄", "闲", "和"]
    root = parse(board("BPT").svg(lang="zh-hant"))
    labels = [e.text for e in root.iter(f"{SVG}text") if "label" in classes(e)]
    assert labels == ["莊", "閒", "和"]


def test_winning_totals_as_labels_when_cards_are_known() -> None:
    scoreboard = Scoreboard.simulate(seed=3)
    root = parse(scoreboard.svg(label="total"))
    labels = [e.text for e in root.iter(f"{SVG}text") if "label" in classes(e)]
    expected = [
        str(h.coup.banker_total if h.outcome is Outcome.BANKER else h.coup.player_total)
        for h in scoreboard.hands
        if h.coup is not None
    ]
    assert labels == expected


def test_font_is_embedded_and_every_family_list_ends_generic() -> None:
    svg = board().svg()
    assert "@font-face" in svg and "data:font/otf;base64," in svg
    root = parse(svg)
    for element in root.iter():
        family = element.get("font-family")
        if family:
            assert family.split(",")[-1].strip() in ("sans-serif", "serif", "monospace")
    assert root.get("font-family")


def test_same_board_same_bytes_and_ids_from_content() -> None:
    first, again = board().svg(), board().svg()
    assert first == again
    other = board("BPPP").svg()
    ids = set(re.findall(r'id="([^"]+)"', first))
    assert ids and ids.isdisjoint(re.findall(r'id="([^"]+)"', other))


def test_columns_keep_only_the_last_columns_of_each_road() -> None:
    scoreboard = board()
    root = parse(scoreboard.svg(columns=5))
    shown = marks(root)
    for road, cells in (
        ("bead-plate", scoreboard.bead_plate),
        ("big-road", scoreboard.big_road),
        ("small-road", scoreboard.small_road),
    ):
        width = max(c.col for c in cells) + 1
        kept = [c for c in cells if c.col >= width - 5]
        assert sum(n for (r, _), n in shown.items() if r == road) == len(kept)
    assert len(scoreboard.hands) == 72  # the model is never truncated


def test_one_road_alone() -> None:
    scoreboard = board()
    for road in ("bead-plate", "big-road", "big-eye-boy", "small-road", "cockroach-pig"):
        shown = marks(parse(scoreboard.svg(road=road)))
        assert {r for r, _ in shown} == {road}
        assert sum(shown.values()) == sum(
            n for (r, _), n in expected_marks(scoreboard).items() if r == road
        )


def test_transparent_background_has_no_background_rect() -> None:
    root = parse(board().svg(transparent=True))
    assert not [e for e in root.iter() if "background" in classes(e)]
    root = parse(board().svg())
    assert [e for e in root.iter() if "background" in classes(e)]


def test_scale_changes_size_not_viewbox() -> None:
    one, two = parse(board().svg()), parse(board().svg(scale=2))
    assert one.get("viewBox") == two.get("viewBox")
    assert float(two.get("width", 0)) == 2 * float(one.get("width", 0))


@pytest.mark.parametrize("decks", [1, 8])
def test_the_accessible_name_is_short_and_the_grid_is_the_description(decks: int) -> None:
    scoreboard = Scoreboard.simulate(seed=5, decks=decks)
    for title in (None, "Table 7 " * 30):
        root = parse(scoreboard.svg(title=title, lang="en"))
        name = root.get("aria-label", "")
        assert 10 < len(name) <= 150 and "\n" not in name
        assert name.startswith("Table 7" if title else "Baccarat scoreboard")
        desc = root.find(f"{SVG}desc")
        assert desc is not None and desc.text is not None
        assert root.get("aria-describedby") == desc.get("id")
        assert "Big road" in desc.text and "Past results do not predict the next hand." in desc.text
        # The grids' marks are there, their empty cells are not read out as "·".
        rows = [line for line in desc.text.split("\n") if line.startswith(" B")]
        assert rows
        assert all("·" not in line for line in desc.text.split("\n")[1:])
    assert "xmlns:ev" not in scoreboard.svg()
