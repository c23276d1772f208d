"""What the report's charts share (``roads.story.chart_kit``): words by language, the outcomes'
shares and chances, and the finished scene set in the smallest font holding its text."""

from __future__ import annotations

from roads.drawing.fonts import BOARD
from roads.drawing.pen import Pen
from roads.drawing.themes import THEMES
from roads.game.coup import Outcome
from roads.game.odds import odds_for_decks
from roads.scoreboard import Scoreboard
from roads.story.chart_kit import Words, chance, finished_scene, outcome_name, percent, share


def test_words_and_names_in_each_language() -> None:
    assert outcome_name(Words.of("en"), Outcome.BANKER) == "Banker"
    assert outcome_name(Words.of("zh"), Outcome.BANKER) == "庄"


def test_shares_chances_and_percentages() -> None:
    stats = Scoreboard.from_notation("BBPT").roads.stats
    assert [share(stats, o) for o in Outcome] == [0.5, 0.25, 0.25]
    odds = odds_for_decks(8)
    assert (
        sum(chance(odds, o) for o in Outcome) == 1.0
        or abs(sum(chance(odds, o) for o in Outcome) - 1) < 1e-12
    )
    assert percent(0.45862, 2) == "45.86%"


def test_the_scene_is_what_the_pen_drew_in_the_smallest_font() -> None:
    pen = Pen(THEMES["casino"])
    pen.text(0, 10, "Banker")
    scene = finished_scene(
        pen, "en", width=100, height=20, background=None, title="t", description="d"
    )
    assert scene.shapes == tuple(pen.shapes) and scene.font == BOARD
    assert (scene.title, scene.description, scene.language) == ("t", "d", "en")


def test_a_sample_range_is_of_counts_a_sample_can_have() -> None:
    import math

    from roads.story.chart_kit import sample_range

    # Ties among 41 coups (a fresh 8-deck shoe's 9.52%): no sample of 41 holds 0.5% of ties.
    p, n = 0.0952, 41
    pmf = [math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]
    below = [sum(pmf[: k + 1]) for k in range(n + 1)]
    low = next(k for k in range(n + 1) if below[k] > 0.025)
    high = next(k for k in range(n + 1) if below[k] >= 0.975)
    assert (low, high) == (1, 8)
    assert sample_range(p, n) == (low / n, high / n)
    for n in (1, 7, 80, 1000, 200_000):
        a, b = sample_range(0.4586, n)
        assert (a * n).is_integer() or abs(a * n - round(a * n)) < 1e-6
        assert abs(b * n - round(b * n)) < 1e-6 and a <= 0.4586 <= b
