"""The chart of the chance of being ahead: one dot per signal and number of shoes, placed at
the chance the study's JSON gives, on the page and in the charts' picture."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from command_line import run

from roads.backends.svg import to_svg
from roads.study.charts import _LABELS, WIDTH, ahead_chart
from roads.study.document import Study

_SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def document(tmp_path_factory: pytest.TempPathFactory) -> dict:
    out = tmp_path_factory.mktemp("ahead") / "study.json"
    from roads.cli import main

    with pytest.raises(SystemExit):
        main(["study", "--shoes", "60", "--seed", "9", "--exact-shoes", "0", "-o", str(out)])
    return json.loads(out.read_text())


def test_each_signal_has_a_dot_per_number_of_shoes_at_its_chance(document: dict) -> None:
    root = ET.fromstring(to_svg(ahead_chart(Study.from_dict(document))))
    dots = [c for c in root.iter(f"{_SVG}circle") if "ahead" in c.get("class", "").split()]
    betting = [s for s in document["signals"] if s["bets"]]
    assert len(dots) == 3 * len(betting)
    by_after: dict[str, list[float]] = {}
    for dot in dots:
        after = dot.get("class", "").split()[1].removeprefix("after-")
        by_after.setdefault(after, []).append(float(dot.get("cx", "nan")))
    # x is linear in the chance: the dots' order and spacing follow the document's figures.
    for after, xs in by_after.items():
        chances = [s["ahead"][after] for s in betting]
        left, right = _LABELS, WIDTH - 20.0
        for x, chance in zip(xs, chances, strict=True):
            assert x == pytest.approx(left + (right - left) * chance, abs=0.02)


def test_the_page_and_the_charts_picture_show_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page, picture = tmp_path / "study.html", tmp_path / "study.svg"
    args = ["study", "--shoes", "10", "--seed", "9", "--exact-shoes", "0"]
    assert run([*args, "-o", str(page)], capsys)[0] == 0
    assert run([*args, "-o", str(picture)], capsys)[0] == 0
    for text in (page.read_text(), picture.read_text()):
        assert text.count('class="ahead after-100"') == text.count('class="ahead after-1"') > 0
        assert "The chance of being ahead" in text
