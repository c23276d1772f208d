"""The report's charts (``roads.story.charts``): the outcomes against the exact odds of a
fresh shoe, and both charts with the notice on one picture."""

from __future__ import annotations

from roads.drawing.scene import Text
from roads.game.odds import odds_for_decks
from roads.scoreboard import Scoreboard
from roads.story.charts import charts_scene, outcome_chart
from roads.story.remaining import odds_trail

HANDS = "BBPTPBPPB"


def _texts(scene: object) -> list[str]:
    return [shape.text for shape in scene.shapes if isinstance(shape, Text)]  # type: ignore[attr-defined]


def test_the_outcome_chart_describes_each_share_against_the_exact_odds() -> None:
    stats = Scoreboard.from_notation(HANDS).roads.stats
    scene = outcome_chart(stats, odds_for_decks(8), 8)
    assert "Banker" in scene.description and "45.86%" in scene.description
    assert scene.width > 0 and scene.height > 0 and _texts(scene)


def test_both_charts_and_the_notice_on_one_picture() -> None:
    roads = Scoreboard.from_notation(HANDS).roads
    scene = charts_scene(roads.stats, odds_trail(roads.hands), roads.hands, title="Shoe 3")
    texts = _texts(scene)
    assert texts[0] == "Shoe 3"
    assert any("predict" in text for text in texts)
    assert (
        charts_scene(roads.stats, odds_trail(roads.hands), roads.hands, lang="zh").language == "zh"
    )
